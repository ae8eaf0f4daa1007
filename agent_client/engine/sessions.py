"""Named sessions: games started with ``agent-bridge start`` that keep running between
command-line invocations (and that the MCP server can attach to).

An index file in the sessions root names each session and which one is current (the most
recently started). ``--session NAME`` (or ``$AGENT_BRIDGE_SESSION``) picks another; a value
with a slash is a session folder started by anything else (a pytest run, a script).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from agent_client.engine.paths import private_sessions_root
from agent_client.wire.errors import UsageError
from agent_client.wire.protocol import READY_FILE

INDEX_FILE = "cli-sessions.json"
SESSION_ENV = "AGENT_BRIDGE_SESSION"

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
    data.setdefault("current", None)
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
    """Record a started session and make it current."""

    def change(data: Index) -> None:
        data["sessions"][name] = info
        data["current"] = name

    _update_index(change)


def forget(name: str) -> None:
    """Drop a session; the most recently started remaining one becomes current."""

    def change(data: Index) -> None:
        data["sessions"].pop(name, None)
        if data["current"] == name:
            remaining = sorted(data["sessions"].items(), key=lambda item: item[1]["started"])
            data["current"] = remaining[-1][0] if remaining else None

    _update_index(change)


def session_name(explicit: str | None) -> str:
    name = explicit or os.environ.get(SESSION_ENV) or read_index()["current"]
    if not name:
        raise UsageError("NO_SESSION", "No session: start one with `agent-bridge start PROJECT`.")
    return str(name)


def session_dir(explicit: str | None) -> Path:
    """The folder of the chosen session, which must have a ready bridge.

    Raises:
        UsageError: no session is chosen, or it is not running.
    """
    name = session_name(explicit)
    if "/" in name or os.sep in name:
        folder = Path(name)
    else:
        known = read_index()["sessions"].get(name)
        folder = Path(known["dir"]) if known else private_sessions_root() / name
    if not (folder / READY_FILE).exists():
        raise UsageError(
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
