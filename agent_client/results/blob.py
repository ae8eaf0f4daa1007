"""The results blob: what one run (one shard) leaves for ``agent-bridge report merge``.

    DIR/                    the folder ``--agent-blob`` names
      blob.json             the run and every test in it
      junit.xml             pytest's JUnit XML of the same run
      coverage/<game>.agent-coverage.json   the run's GDScript coverage (--agent-coverage)
      tests/<case>/...      each test's files: trace.zip, screenshots, replays, logs

``blob.json``::

    {"kind": "agent-bridge-results", "format": 1, "complete": true,
     "shard": {"index": 2, "total": 4}, "started": "2026-11-23T12:00:00Z", "wall": 12.5,
     "junit": "junit.xml", "coverage": ["coverage/crystal_vault.agent-coverage.json"],
     "tests": [{"nodeid": "tests/test_menu.py::test_play", "outcome": "failed",
                "duration": 1.25, "message": "AssertionError: ...", "details": "...",
                "sections": [["agent-bridge game: snapshot", "..."]],
                "files": [{"path": "tests/<case>/trace.zip", "kind": "trace",
                           "group": "game"}]}],
     "errors": [{"nodeid": "tests/test_broken.py", "outcome": "error", ...}]}

``outcome`` is one of :data:`OUTCOMES`; ``errors`` are collection errors (a test file that
does not import); ``shard`` is null for a run that was not split; ``complete`` is false
while the run goes on (a blob left so was cut short). A file's ``kind`` is ``trace``,
``replay``, ``screenshot`` or ``file``; ``group`` is the game fixture it came from.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import orjson

from agent_client.results.durations import Shard
from agent_client.wire.errors import ResultsError

__all__ = [
    "BLOB_FILE",
    "Blob",
    "CaseFile",
    "CaseResult",
    "OUTCOMES",
    "case_folder",
    "copy_case_files",
    "file_kind",
    "find_blobs",
    "prepare_blob",
    "read_blob",
    "write_blob",
]

KIND = "agent-bridge-results"
FORMAT = 1
BLOB_FILE = "blob.json"
TESTS_DIR = "tests"
# Worst first: the order a report lists them in.
OUTCOMES = ("failed", "error", "xpassed", "passed", "xfailed", "skipped")
FILE_KINDS = ("trace", "replay", "screenshot", "file")
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
WHAT_A_BLOB_IS = "a results blob is the folder pytest --agent-blob (or --agent-shard) writes"


def _bad(message: str) -> ResultsError:
    return ResultsError("BAD_BLOB", message)


@dataclass(frozen=True)
class CaseFile:
    """A file a test left: ``path`` inside the blob (``/``-separated), its kind and the
    game fixture it came from."""

    path: str
    kind: str
    group: str = ""


@dataclass
class CaseResult:
    """One test (or one collection error) as it ended."""

    nodeid: str
    outcome: str
    duration: float = 0.0
    message: str = ""
    details: str = ""
    sections: list[tuple[str, str]] = field(default_factory=list)
    files: list[CaseFile] = field(default_factory=list)


@dataclass
class Blob:
    """A run's results. ``path`` is the blob's folder; file paths are relative to it."""

    path: Path
    tests: list[CaseResult] = field(default_factory=list)
    errors: list[CaseResult] = field(default_factory=list)
    shard: Shard | None = None
    started: str = ""
    wall: float = 0.0
    junit: str | None = None
    complete: bool = True
    coverage: list[str] = field(default_factory=list)  # the coverage files, inside the blob

    @property
    def label(self) -> str:
        """``shard-2-of-4``, or the folder's name for a run that was not split."""
        return f"shard-{self.shard.index}-of-{self.shard.total}" if self.shard else self.path.name


# --- writing -----------------------------------------------------------------------------------


def file_kind(name: str) -> str:
    """What a file a test left is, by its name."""
    lowered = name.lower()
    if lowered == "trace.zip" or lowered.endswith(".trace.zip"):
        return "trace"
    if "replay" in lowered:
        return "replay"
    if lowered.endswith(PICTURE_SUFFIXES):
        return "screenshot"
    return "file"


def case_folder(nodeid: str) -> str:
    """The folder a test's files go to inside ``tests/``: readable and unique."""
    slug = re.sub(r"[^\w.-]+", "-", nodeid).strip("-")[:80]
    return f"{slug}-{hashlib.sha1(nodeid.encode('utf-8')).hexdigest()[:8]}"


def prepare_blob(folder: str | os.PathLike[str]) -> Path:
    """Make ``folder`` an empty blob whose run has not finished. A blob already there (an
    earlier run's) is replaced; anything else that is not empty is refused.

    Raises:
        ResultsError: (``BAD_BLOB``) ``folder`` is a file, or a folder holding other things.
    """
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise _bad(f"{target} is a file, not a folder for the run's results ({WHAT_A_BLOB_IS}).")
    if target.is_dir() and any(target.iterdir()):
        if not (target / BLOB_FILE).is_file():
            raise _bad(
                f"{target} is not empty and is not a results blob (it has no {BLOB_FILE}): "
                "name a folder of its own for the results, or empty this one."
            )
        shutil.rmtree(target)
    target.mkdir(parents=True, exist_ok=True)
    write_blob(Blob(path=target, complete=False))
    return target


def copy_case_files(
    blob: Path,
    nodeid: str,
    sources: Sequence[tuple[str, Path]],
    *,
    since: float | None = None,
) -> list[CaseFile]:
    """Copy a test's files into the blob: each ``(group, source)`` (a folder, or one file) to
    ``tests/<case>/``, or ``tests/<case>/<group>/`` when there are several groups. Sources
    that are gone are skipped, and so are files last written before ``since`` (a time as
    ``time.time()`` gives): an earlier run's files left in the same artifacts folder.

    Returns:
        The files now in the blob for this test, sorted.
    """
    case = PurePosixPath(TESTS_DIR, case_folder(nodeid))
    several = len({group for group, _ in sources}) > 1
    found: dict[str, CaseFile] = {}
    for group, source in sources:
        folder = case / group if several else case
        if source.is_dir():
            files = [(path, path.relative_to(source)) for path in sorted(source.rglob("*"))]
        else:
            files = [(source, Path(source.name))]
        for path, relative in files:
            if not path.is_file() or (since is not None and path.stat().st_mtime < since):
                continue
            target = blob / folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
            inside = (folder / relative.as_posix()).as_posix()
            found[inside] = CaseFile(inside, file_kind(path.name), group)
    return [found[path] for path in sorted(found)]


def _case_json(case: CaseResult) -> dict[str, Any]:
    return {
        "nodeid": case.nodeid,
        "outcome": case.outcome,
        "duration": round(case.duration, 6),
        "message": case.message,
        "details": case.details,
        "sections": [list(section) for section in case.sections],
        "files": [{"path": f.path, "kind": f.kind, "group": f.group} for f in case.files],
    }


def write_blob(blob: Blob) -> Path:
    """Write ``blob.json`` into ``blob.path`` (whole, or not at all)."""
    data = {
        "kind": KIND,
        "format": FORMAT,
        "complete": blob.complete,
        "shard": {"index": blob.shard.index, "total": blob.shard.total} if blob.shard else None,
        "started": blob.started,
        "wall": round(blob.wall, 3),
        "junit": blob.junit,
        "coverage": blob.coverage,
        "tests": [_case_json(case) for case in blob.tests],
        "errors": [_case_json(case) for case in blob.errors],
    }
    target = blob.path / BLOB_FILE
    partial = target.with_name(BLOB_FILE + ".partial")
    partial.write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n")
    partial.replace(target)
    return target


# --- reading -----------------------------------------------------------------------------------


def find_blobs(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The blob folders ``paths`` name: each is a blob, or a folder whose subfolders are
    blobs (the artifacts of a CI matrix, downloaded into one folder).

    Raises:
        ResultsError: (``BAD_BLOB``) a path is missing, a file, or a folder with no blob in it.
    """
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise _bad(f"{path} does not exist ({WHAT_A_BLOB_IS}).")
        if not path.is_dir():
            raise _bad(f"{path} is a file, not a results blob ({WHAT_A_BLOB_IS}).")
        if (path / BLOB_FILE).is_file():
            found.append(path)
            continue
        inside = sorted(child for child in path.iterdir() if (child / BLOB_FILE).is_file())
        if not inside:
            raise _bad(
                f"{path} is not a results blob: it has no {BLOB_FILE}, nor has any folder in "
                f"it ({WHAT_A_BLOB_IS})."
            )
        found.extend(inside)
    return found


def read_blob(folder: str | os.PathLike[str]) -> Blob:
    """Read and check a blob: its ``blob.json`` and that every file it lists is there.

    Raises:
        ResultsError: (``BAD_BLOB``) not a blob, a ``blob.json`` that is damaged or of a newer
            format, or a listed file (such as a test's trace) that is missing.
    """
    path = Path(folder)
    source = path / BLOB_FILE
    if not source.is_file():
        find_blobs([path])  # says why it is not one
    try:
        data = orjson.loads(source.read_bytes())
    except orjson.JSONDecodeError as error:
        raise _bad(f"{source} is damaged: it is not JSON ({error}).") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise _bad(f'{source} is not a results blob\'s {BLOB_FILE} (no "kind": "{KIND}").')
    if not isinstance(data.get("format"), int) or data["format"] > FORMAT:
        raise _bad(
            f"{source} has format {data.get('format')!r}; this version reads format {FORMAT}: "
            "merge with the agent-bridge that wrote it."
        )
    where = str(source)
    shard = data.get("shard")
    blob = Blob(
        path=path,
        tests=[_read_case(entry, where, path) for entry in _list(data, "tests", where)],
        errors=[_read_case(entry, where, path) for entry in _list(data, "errors", where)],
        shard=Shard(_typed(shard, "index", int, where), _typed(shard, "total", int, where))
        if isinstance(shard, dict)
        else None,
        started=str(data.get("started") or ""),
        wall=float(data.get("wall") or 0.0),
        junit=data.get("junit") if isinstance(data.get("junit"), str) else None,
        complete=data.get("complete") is not False,
        coverage=[_inside(name, where, path) for name in _list(data, "coverage", where)],
    )
    return blob


def _list(data: dict[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _bad(f"{where} is damaged: {key!r} is not a list.")
    return value


def _typed(entry: Any, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    value = entry.get(key) if isinstance(entry, dict) else None
    if not isinstance(value, kind) or isinstance(value, bool):
        raise _bad(f"{where} is damaged: an entry's {key!r} is {value!r}.")
    return value


def _inside(relative: Any, where: str, blob: Path, owner: str = "it") -> str:
    """A file path the blob lists: relative, inside it, and there."""
    if not isinstance(relative, str):
        raise _bad(f"{where} is damaged: {owner} lists {relative!r} as a file.")
    pure = PurePosixPath(relative)
    if pure.is_absolute() or ".." in pure.parts:
        raise _bad(f"{where} is damaged: {owner} lists {relative!r}, outside the blob.")
    if not (blob / pure).is_file():
        raise _bad(
            f"{blob}: {owner} lists {relative}, which is not in the blob (it was deleted, or "
            "the blob was copied in part)."
        )
    return relative


def _read_case(entry: Any, where: str, blob: Path) -> CaseResult:
    nodeid = _typed(entry, "nodeid", str, where)
    outcome = _typed(entry, "outcome", str, where)
    if outcome not in OUTCOMES:
        raise _bad(f"{where} is damaged: {nodeid} has the outcome {outcome!r}.")
    files = []
    for item in _list(entry, "files", where):
        relative = _inside(_typed(item, "path", str, where), where, blob, nodeid)
        kind = item.get("kind")
        files.append(
            CaseFile(relative, kind if kind in FILE_KINDS else "file", str(item.get("group", "")))
        )
    sections = [
        (str(pair[0]), str(pair[1]))
        for pair in _list(entry, "sections", where)
        if isinstance(pair, list) and len(pair) == 2
    ]
    return CaseResult(
        nodeid=nodeid,
        outcome=outcome,
        duration=float(_typed(entry, "duration", (int, float), where)),
        message=str(entry.get("message") or ""),
        details=str(entry.get("details") or ""),
        sections=sections,
        files=files,
    )
