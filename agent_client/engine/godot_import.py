"""The engine's one-time import of a Godot project (``godot --import``).

A project that was never imported has no class cache, and then every ``class_name`` is unknown
at run time. The import runs when the project has no import yet, or when a script or scene is
newer than the last one (ours, or one made by hand in the editor); it prints its progress
through a callback, since a first import can take a while.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock

from agent_client.wire.errors import LaunchError

IMPORT_STAMP = ".godot/agent_bridge_import.stamp"
# Files the engine writes when it imports a project (by ``--import`` or in the editor).
IMPORT_MARKS = (".godot/uid_cache.bin", ".godot/global_script_class_cache.cfg")
EDITOR_CACHES = ".godot/editor/filesystem_cache*"
SOURCE_SUFFIXES = (".gd", ".tscn", ".cs")
# Godot's progress lines: "[  16% ] first_scan_filesystem | Loading global class names..."
PROGRESS = re.compile(r"^\[\s*(\d+)%\s*\]\s*(\S+)\s*\|\s*(.*)$")
ANSI = re.compile(r"\x1b\[[0-9;]*m")
Progress = Callable[[str], None]


def newest_source(project: Path) -> float:
    """The newest modification time of project.godot and the scripts and scenes (folders
    starting with a dot, like .godot, are passed over)."""
    newest = (project / "project.godot").stat().st_mtime
    for folder, dirs, files in os.walk(project, followlinks=True):
        dirs[:] = [name for name in dirs if not name.startswith(".")]
        for name in files:
            if name.endswith(SOURCE_SUFFIXES):
                newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime)
    return newest


def last_import(project: Path) -> float | None:
    """When the project was last imported (by us or by hand), or None when it never was."""
    marks = [
        project / IMPORT_STAMP,
        *(project / mark for mark in IMPORT_MARKS),
        *project.glob(EDITOR_CACHES),
    ]
    times = [mark.stat().st_mtime for mark in marks if mark.is_file()]
    return max(times) if times else None


def ensure_imported(
    project: Path, godot: Path, *, timeout: float = 300.0, progress: Progress | None = None
) -> bool:
    """Run the engine's import when the project has none, or one older than its sources.
    Returns True when an import ran.

    Args:
        project: The folder holding project.godot.
        godot: The engine binary.
        timeout: Seconds the import may take.
        progress: Called with a line for each step the engine reports (a first import can
            take tens of seconds on a big project).

    Raises:
        LaunchError: the import failed or took longer than ``timeout``.
    """
    stamp = project / IMPORT_STAMP
    stamp.parent.mkdir(parents=True, exist_ok=True)
    # Parallel test workers may launch the same project at once: one imports, the rest wait.
    with FileLock(str(stamp) + ".lock"):
        imported = last_import(project)
        if imported is not None and imported >= newest_source(project):
            return False
        _run_import(project, godot, timeout, progress or (lambda line: None))
        stamp.touch()
        return True


def _run_import(project: Path, godot: Path, timeout: float, progress: Progress) -> None:
    # The editor makes the project's user:// folder as it starts; a data folder of its own,
    # thrown away after, keeps it out of the person's. Only XDG_DATA_HOME (Linux, the BSDs,
    # macOS): on Windows APPDATA also holds the editor settings an import may need (the path
    # to Blender, say).
    with tempfile.TemporaryDirectory(prefix="agent-bridge-import-") as scratch:
        _import_in(project, godot, timeout, progress, {**os.environ, "XDG_DATA_HOME": scratch})


def _import_in(
    project: Path, godot: Path, timeout: float, progress: Progress, env: dict[str, str]
) -> None:
    command = [str(godot), "--headless", "--path", str(project), "--import"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    expired = threading.Event()

    def stop() -> None:
        expired.set()
        process.kill()

    timer = threading.Timer(timeout, stop)
    timer.start()
    output: list[str] = []
    try:
        assert process.stdout is not None
        for raw in process.stdout:
            line = ANSI.sub("", raw.decode("utf-8", "replace")).rstrip()
            output.append(line)
            step = PROGRESS.match(line)
            if step:
                progress(f"{int(step[1]):3d}% {step[2]}: {step[3]}")
        code = process.wait()
    finally:
        timer.cancel()
    if expired.is_set():
        raise LaunchError(f"Importing {project} took over {timeout:.0f} s.")
    cache = project / ".godot" / "global_script_class_cache.cfg"
    if code != 0 and not cache.exists():
        tail = "\n".join(output)[-3000:]
        raise LaunchError(f"Importing {project} failed (exit {code}):\n{tail}")
