"""Named sessions: games started with ``agent-bridge start`` that keep running between
command-line invocations (and that the MCP server can attach to).

An index file in the sessions root names each session, with its project folder. A command
goes to ``--session NAME`` (or ``$AGENT_BRIDGE_SESSION``); without one, to the session
started for the project the working folder is in (the nearest folder upward holding
``project.godot``), else to the only session running; when several could be meant it fails
and lists them, so two people (or an agent and a test run) on one machine never drive each
other's game. A value with a slash is a session folder started by anything else (a pytest
run, a script).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from agent_client.engine.paths import private_sessions_root
from agent_client.wire.errors import SessionError
from agent_client.wire.protocol import READY_FILE

INDEX_FILE = "cli-sessions.json"
SESSION_ENV = "AGENT_BRIDGE_SESSION"
PROJECT_FILE = "project.godot"

Index = dict[str, Any]


def _index_path() -> Path:
    # Only a root checked to be this user's: another user's planted index could name their
    # processes and folders for `stop`.
    return private_sessions_root() / INDEX_FILE


def read_index() -> Index:
    try:
        data: Index = orjson.loads(_index_path().read_bytes())
    except (FileNotFoundError, orjson.JSONDecodeError):
        data = {}
    data.setdefault("sessions", {})
    return data


def _update_index(change: Callable[[Index], None]) -> None:
    from filelock import FileLock

    path = _index_path()
    with FileLock(str(path) + ".lock", mode=0o600):
        data = read_index()
        change(data)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(orjson.dumps(data, option=orjson.OPT_INDENT_2))
        os.replace(temporary, path)


def remember(name: str, info: dict[str, Any]) -> None:
    """Record a started session (``info`` holds its ``project`` folder)."""

    def change(data: Index) -> None:
        data.pop("current", None)  # older versions kept one; sessions are chosen by folder now
        data["sessions"][name] = info

    _update_index(change)


def forget(name: str) -> None:
    """Drop a session."""

    def change(data: Index) -> None:
        data.pop("current", None)
        data["sessions"].pop(name, None)

    _update_index(change)


def session_name(explicit: str | None, cwd: Path | None = None) -> str:
    """The session a command means: ``explicit``, ``$AGENT_BRIDGE_SESSION``, or
    :func:`default_session` for the working folder (``cwd``)."""
    return explicit or os.environ.get(SESSION_ENV) or default_session(cwd)


def project_of(folder: Path) -> Path | None:
    """The project ``folder`` is in: itself or the nearest folder above holding
    ``project.godot``; None outside any project."""
    folder = folder.resolve()
    for candidate in (folder, *folder.parents):
        if (candidate / PROJECT_FILE).is_file():
            return candidate
    return None


def default_session(cwd: Path | None = None) -> str:
    """The running session started for the project ``cwd`` (default: the working folder) is
    in, else the only running session.

    Raises:
        SessionError: NO_SESSION when none runs; AMBIGUOUS_SESSION, listing them, when several
            could be meant (several for this project, or several and none for it).
    """
    running = {name: info for name, info in read_index()["sessions"].items() if alive(info)}
    if not running:
        raise SessionError("NO_SESSION", "No session: start one with `agent-bridge start PROJECT`.")
    project = project_of(cwd or Path.cwd())
    if project is not None:
        mine = [name for name, info in running.items() if _same_folder(info, project)]
        if len(mine) == 1:
            return str(mine[0])
        if mine:
            raise _several(mine, running, f"started for {project}")
    if len(running) == 1:
        return str(next(iter(running)))
    where = f"none for {project}" if project is not None else "this folder is in no project"
    raise _several(list(running), running, f"running ({where})")


def _same_folder(info: dict[str, Any], project: Path) -> bool:
    try:
        return Path(str(info.get("project", ""))).resolve() == project
    except OSError:
        return False


def _several(names: list[str], running: dict[str, Any], what: str) -> SessionError:
    listed = "; ".join(f"{name} ({running[name].get('project')})" for name in sorted(names))
    return SessionError(
        "AMBIGUOUS_SESSION",
        f"{len(names)} sessions {what}: {listed}. Say which with --session NAME.",
    )


def session_dir(explicit: str | None) -> Path:
    """The folder of the chosen session, which must have a ready bridge.

    Raises:
        SessionError: no session is chosen, or it is not running.
    """
    name = session_name(explicit)
    if "/" in name or os.sep in name:
        folder = Path(name)
    else:
        known = read_index()["sessions"].get(name)
        folder = Path(known["dir"]) if known else private_sessions_root() / name
    if not (folder / READY_FILE).exists():
        raise SessionError(
            "NO_SESSION",
            f"No running session {name!r} (no {folder / READY_FILE}); see `agent-bridge sessions`.",
        )
    return folder


def started_at(pid: int) -> float | None:
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return None
        return float(process.create_time())
    except psutil.Error:
        return None


def alive(info: dict[str, Any]) -> bool:
    """Whether the session's game runs: its pid exists and was started when recorded (a pid
    reused by another program does not count)."""
    pid, created = info.get("pid"), info.get("created")
    return isinstance(pid, int) and created is not None and started_at(pid) == created


def free_name(project: Path) -> str:
    base = re.sub(r"[^\w.-]+", "-", project.name).strip("-") or "game"
    sessions = read_index()["sessions"]
    number = 1
    while True:
        name = base if number == 1 else f"{base}-{number}"
        if name not in sessions or not alive(sessions[name]):
            return name
        number += 1
