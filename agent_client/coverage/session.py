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
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from agent_client.coverage.counts import DecisionCounts, ScriptCoverage
from agent_client.coverage.data import CoverageData
from agent_client.coverage.instrument import Instrumented, hits_member, instrument_source
from agent_client.coverage.probes import ScriptMap
from agent_client.wire.errors import UsageError

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
    project: str | os.PathLike[str], folder: str | os.PathLike[str], *, omit: Sequence[str] = ()
) -> Prepared:
    """Instruments ``project``'s scripts into ``folder`` (made if missing); ``omit``: glob
    patterns of paths relative to the project (``addons/*``) to leave uncounted and unlisted.

    Raises:
        UsageError: (``MISSING``) gdtoolkit, the GDScript parser, is not installed.
    """
    try:
        import gdtoolkit  # noqa: F401  (the coverage extra)
    except ImportError as error:
        raise UsageError(
            "MISSING", 'Coverage needs the GDScript parser: pip install "agent-bridge[coverage]"'
        ) from error
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
            done = _instrumented(data, "res://" + relative, relative, sha256)
        except (ValueError, UnicodeDecodeError) as error:
            reason = "not UTF-8 text" if isinstance(error, UnicodeDecodeError) else str(error)
            uncounted[relative] = f"not instrumented, runs as it is: {reason}"
            continue
        if done.map.probes == 0:
            continue  # declarations only: nothing runs, nothing to count
        copy = f"{COPIES}/{hits_member('res://' + relative)}.gd"
        (out / copy).write_text(done.text, encoding="utf-8")
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


@lru_cache(maxsize=1024)
def _instrumented(data: bytes, res_path: str, path: str, sha256: str) -> Instrumented:
    """Instrumenting is pure: a suite that launches a game many times parses each script
    once."""
    return instrument_source(data.decode("utf-8"), res_path, path, sha256)


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
