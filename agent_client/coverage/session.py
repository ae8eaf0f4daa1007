"""A session's coverage folder: what the launcher writes before the game starts, and the
counts read back from it.

``prepare(project, folder)`` instruments every GDScript file of the project (the bridge's
own addon left out) into ``folder``:

- ``manifest.json``, for the bridge: per script, its ``res://`` path, the SHA-256 of the file
  the copy was made from, the copy's file, its counter arrays (``[class, member]``: the
  script's own and its inner classes') and their size;
- ``scripts/*.gd``: the counting copies, line for line the user's files;
- ``map.json``, for the reports: what each counter means (probes.py), and the scripts that
  cannot be counted (C#, scripts built into scenes, files the parser cannot read).

The bridge (``--agent-coverage=FOLDER``) swaps the copies in and writes ``counts.json`` when
the game ends; the ``coverage`` command answers the same counts live. :func:`read` turns
either into :class:`~agent_client.coverage.data.CoverageData`.
"""

from __future__ import annotations

import fnmatch
import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from agent_client.coverage.counts import DecisionCounts, ScriptCoverage
from agent_client.coverage.data import CoverageData
from agent_client.coverage.instrument import (
    VERSION,
    Instrumented,
    hits_member,
    instrument_source,
)
from agent_client.coverage.probes import ScriptMap
from agent_client.wire.errors import CoverageError

__all__ = ["COUNTS_FILE", "MANIFEST_FILE", "MAP_FILE", "Prepared", "prepare", "read"]

MANIFEST_FILE = "manifest.json"
MAP_FILE = "map.json"
COUNTS_FILE = "counts.json"  # coverage.gd COUNTS_FILE
COPIES = "scripts"
# The bridge's own folder; hidden folders (the engine's .godot cache) are skipped too.
BRIDGE_FOLDER = "addons/agent_bridge"
BUILT_IN_SCRIPT = re.compile(rb'\[sub_resource type="GDScript"')


@dataclass(frozen=True)
class Prepared:
    """What :func:`prepare` did: the folder, how many scripts count, and the scripts that
    cannot (path -> why)."""

    folder: Path
    counted: int
    uncounted: dict[str, str]


def prepare(
    project: str | os.PathLike[str],
    folder: str | os.PathLike[str],
    *,
    omit: Sequence[str] = (),
    cache: str | os.PathLike[str] | None = None,
) -> Prepared:
    """Instruments ``project``'s scripts into ``folder`` (made if missing); ``omit``: glob
    patterns of paths relative to the project (``addons/*``) to leave uncounted and unlisted;
    ``cache``: a folder keeping each copy by its script's content, so a script that did not
    change is not parsed again by the next launch.

    Raises:
        CoverageError: (``MISSING``) gdtoolkit, the GDScript parser, is not installed.
    """
    root = Path(project).resolve()
    out = Path(folder)
    (out / COPIES).mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, Any]] = []
    maps: list[dict[str, Any]] = []
    uncounted: dict[str, str] = {}
    for path, kind in _game_files(root):
        relative = path.relative_to(root).as_posix()
        if any(fnmatch.fnmatch(relative, pattern) for pattern in omit):
            continue
        data = path.read_bytes()
        if kind == "cs":
            uncounted[relative] = "a C# script: only GDScript is counted"
            continue
        if kind == "scene":
            if BUILT_IN_SCRIPT.search(data):
                uncounted[relative] = "scripts built into the scene: only script files count"
            continue
        sha256 = hashlib.sha256(data).hexdigest()
        try:
            done = _instrumented(data, "res://" + relative, relative, sha256, cache)
        except ValueError as error:
            uncounted[relative] = f"not instrumented, runs as it is: {error}"
            continue
        if done.map.probes == 0:
            continue  # declarations only: nothing runs, nothing to count
        copy = f"{COPIES}/{hits_member('res://' + relative)}.gd"
        (out / copy).write_bytes(done.text.encode("utf-8"))  # its line endings as they are
        manifest.append(
            {
                "path": "res://" + relative,
                "sha256": sha256,
                "file": copy,
                "counters": [list(counter) for counter in done.counters],
                "probes": done.map.probes,
            }
        )
        maps.append(done.map.to_json())
    (out / MANIFEST_FILE).write_bytes(orjson.dumps({"version": 1, "scripts": manifest}))
    (out / MAP_FILE).write_bytes(
        orjson.dumps({"project": str(root), "scripts": maps, "uncounted": uncounted})
    )
    return Prepared(folder=out, counted=len(manifest), uncounted=uncounted)


def read(folder: str | os.PathLike[str], counts: Mapping[str, Any] | None = None) -> CoverageData:
    """The coverage of the session whose coverage folder is ``folder``: from ``counts`` (a
    ``coverage`` answer) or else the ``counts.json`` the bridge wrote when the game ended.

    Raises:
        FileNotFoundError: ``folder`` has no map (the game was not launched with coverage),
            or no counts were given and the game left none.
    """
    where = Path(folder)
    plan = orjson.loads((where / MAP_FILE).read_bytes())
    if counts is None:
        counts = orjson.loads((where / COUNTS_FILE).read_bytes())
    project = Path(plan["project"])
    hits: Mapping[str, Sequence[int]] = counts.get("scripts", {})
    failed = {entry["path"]: entry["reason"] for entry in counts.get("failed", [])}
    data = CoverageData(project=str(project), uncounted=dict(plan["uncounted"]))
    for raw in plan["scripts"]:
        script_map = ScriptMap.from_json(raw)
        res = "res://" + script_map.path
        counted = hits.get(res)
        if counted is None or len(counted) != script_map.probes:
            reason = failed.get(res, "the game did not report its counters")
            data.uncounted[script_map.path] = f"not instrumented, runs as it is: {reason}"
            continue
        data.scripts[script_map.path] = _counted(script_map, counted, project)
    return data


def _counted(script_map: ScriptMap, hits: Sequence[int], project: Path) -> ScriptCoverage:
    try:
        data = (project / script_map.path).read_bytes()
    except OSError:
        data = b""
    # A file changed since: the page says its source is not the one counted.
    source = data.decode("utf-8") if hashlib.sha256(data).hexdigest() == script_map.sha256 else ""
    return ScriptCoverage(
        path=script_map.path,
        sha256=script_map.sha256,
        lines={line: count.read(hits) for line, count in script_map.lines.items()},
        decisions=[
            DecisionCounts(
                decision.line,
                decision.kind,
                [(arm.label, arm.count.read(hits)) for arm in decision.arms],
            )
            for decision in script_map.decisions
        ],
        functions=[
            (function.name, function.line, function.count.read(hits))
            for function in script_map.functions
        ],
        source=source,
    )


# This process's copies, by _instrumented's key: a suite launching a game many times parses
# each script once.
_MADE: dict[str, Instrumented | str] = {}  # a copy, or why there is none


def _instrumented(
    data: bytes, res_path: str, path: str, sha256: str, cache: str | os.PathLike[str] | None
) -> Instrumented:
    """The copy of a script: made by this process already, else kept in ``cache``, else
    made now (and kept there).

    Raises:
        CoverageError: (``MISSING``) it has to be made and gdtoolkit is not installed.
        ValueError: the parser cannot read the script, or it is not UTF-8 (the message says).
    """
    key = hashlib.sha256(f"{VERSION}\0{res_path}\0{path}\0{sha256}".encode()).hexdigest()
    if key not in _MADE:
        kept = Path(cache) / f"{key}.json" if cache is not None else None
        _MADE[key] = _kept(kept) or _made(data, res_path, path, sha256)
        if kept is not None and not kept.is_file():
            _keep(kept, _MADE[key])
    done = _MADE[key]
    if isinstance(done, str):
        raise ValueError(done)
    return done


def _kept(kept: Path | None) -> Instrumented | str | None:
    """A copy (or the parser's complaint) from the cache, if it holds a readable one."""
    if kept is None or not kept.is_file():
        return None
    try:
        raw = orjson.loads(kept.read_bytes())
        return str(raw["error"]) if "error" in raw else Instrumented.from_json(raw)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a damaged entry is made again


def _made(data: bytes, res_path: str, path: str, sha256: str) -> Instrumented | str:
    try:
        import gdtoolkit  # noqa: F401  (the coverage extra)
    except ImportError as error:
        raise CoverageError(
            "MISSING", 'Coverage needs the GDScript parser: pip install "agent-bridge[coverage]"'
        ) from error
    try:
        return instrument_source(data.decode("utf-8"), res_path, path, sha256)
    except ValueError as error:  # UnicodeDecodeError too
        return "not UTF-8 text" if isinstance(error, UnicodeDecodeError) else str(error)


def _keep(kept: Path, done: Instrumented | str) -> None:
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        temporary = kept.with_name(f"{kept.name}.{os.getpid()}.tmp")
        raw = {"error": done} if isinstance(done, str) else done.to_json()
        temporary.write_bytes(orjson.dumps(raw))
        temporary.replace(kept)
    except OSError:
        pass  # a cache that cannot be written only costs the next launch a parse


def _game_files(root: Path) -> list[tuple[Path, str]]:
    """The project's scripts (``gd``), C# scripts (``cs``) and text scenes and resources
    (``scene``), in path order, skipping the bridge, the import cache, hidden folders and
    folders the engine ignores (``.gdignore``)."""
    found: list[tuple[Path, str]] = []
    kinds = {".gd": "gd", ".cs": "cs", ".tscn": "scene", ".tres": "scene"}
    for folder, subfolders, files in os.walk(root):
        here = Path(folder)
        if (here / ".gdignore").exists():
            subfolders[:] = []
            continue
        subfolders[:] = sorted(
            name
            for name in subfolders
            if not name.startswith(".")
            and (here / name).relative_to(root).as_posix() != BRIDGE_FOLDER
        )
        for name in sorted(files):
            kind = kinds.get(Path(name).suffix)
            if kind is not None:
                found.append((here / name, kind))
    return found
