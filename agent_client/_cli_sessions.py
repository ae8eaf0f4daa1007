"""Sessions of the command line: games that keep running between invocations.

An index file in the sessions root names each session started with ``agent-bridge start``
and which one is current (the most recently started). ``--session NAME`` (or
``$AGENT_BRIDGE_SESSION``) picks another; a value with a slash is a session folder started by
anything else (a pytest run, a script).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from agent_client._cli_output import CliError, show, show_json
from agent_client._paths import private_sessions_root
from agent_client._protocol import READY_FILE, SESSION_MARK

INDEX_FILE = "cli-sessions.json"
SESSION_ENV = "AGENT_BRIDGE_SESSION"
STOP_GRACE = 5.0

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
        raise CliError("NO_SESSION", "No session: start one with `agent-bridge start PROJECT`.")
    return str(name)


def session_dir(explicit: str | None) -> Path:
    """The folder of the chosen session, which must have a ready bridge.

    Raises:
        CliError: no session is chosen, or it is not running.
    """
    name = session_name(explicit)
    if "/" in name or os.sep in name:
        folder = Path(name)
    else:
        known = read_index()["sessions"].get(name)
        folder = Path(known["dir"]) if known else private_sessions_root() / name
    if not (folder / READY_FILE).exists():
        raise CliError(
            "NO_SESSION",
            f"No running session {name!r} (no {folder / READY_FILE}); see `agent-bridge sessions`.",
        )
    return folder


def _started_at(pid: int) -> float | None:
    import psutil

    try:
        process = psutil.Process(pid)
        if process.status() == psutil.STATUS_ZOMBIE:
            return None
        return float(process.create_time())
    except psutil.Error:
        return None


def _alive(info: dict[str, Any]) -> bool:
    """Whether the session's game runs: its pid exists and was started when recorded (a pid
    reused by another program does not count)."""
    pid, created = info.get("pid"), info.get("created")
    return isinstance(pid, int) and created is not None and _started_at(pid) == created


def _free_name(project: Path) -> str:
    base = re.sub(r"[^\w.-]+", "-", project.name).strip("-") or "game"
    sessions = read_index()["sessions"]
    number = 1
    while True:
        name = base if number == 1 else f"{base}-{number}"
        if name not in sessions or not _alive(sessions[name]):
            return name
        number += 1


# --- commands ---------------------------------------------------------------------------------


def start(args: argparse.Namespace) -> int:
    from agent_client._client import AgentClient

    project = Path(args.project).resolve()
    name = args.session or _free_name(project)
    known = read_index()["sessions"].get(name)
    if known and _alive(known):
        raise CliError(
            "SESSION_RUNNING",
            f"Session {name!r} is running (pid {known['pid']}): "
            f"stop it first with `agent-bridge stop --session "
            f"{name}`.",
        )
    client = AgentClient.launch(
        project,
        godot=args.godot,
        scene=args.scene,
        render=args.render,
        session=name,
        tie_to_parent=False,
        install=args.install,
        import_progress=_import_progress(project),
    )
    assert client.process is not None
    if args.trace:
        client.start_trace(title=f"agent-bridge session {name}")
    pid = client.process.pid
    info = {
        "dir": str(client.session_dir),
        "project": str(project),
        "pid": pid,
        "created": _started_at(pid),
        "started": time.time(),
        "render": bool(args.render),
    }
    client.detach()
    remember(name, info)
    if args.json:
        show_json({"session": name, **info})
    else:
        show(f"started session {name} (pid {info['pid']}): {info['dir']}")
    return 0


def _import_progress(project: Path) -> Callable[[str], None]:
    """Prints the engine's import steps on stderr (stdout stays the command's result); a
    title line first, once."""
    started: list[bool] = []

    def report(line: str) -> None:
        if not started:
            started.append(True)
            sys.stderr.write(f"importing {project} (the first launch only)\n")
        sys.stderr.write(f"  {line}\n")
        sys.stderr.flush()

    return report


def sessions(args: argparse.Namespace) -> int:
    data = read_index()
    rows = {
        name: {**info, "running": _alive(info), "current": name == data["current"]}
        for name, info in data["sessions"].items()
    }
    if args.json:
        show_json(rows)
        return 0
    if not rows:
        show("no sessions (start one with `agent-bridge start PROJECT`)")
    for name, row in sorted(rows.items(), key=lambda item: item[1]["started"]):
        mark = "*" if row["current"] else " "
        state = "running" if row["running"] else "exited"
        show(f"{mark} {name}  {state}  pid {row['pid']}  {row['project']}")
    return 0


def stop(args: argparse.Namespace) -> int:
    data = read_index()
    names = list(data["sessions"]) if args.all else [session_name(args.session)]
    for name in names:
        _stop_one(name, data["sessions"].get(name))
        show(f"stopped session {name}")
    return 0


def _stop_one(name: str, info: dict[str, Any] | None) -> None:
    from agent_client._client import AgentClient
    from agent_client._process import stop_tree
    from agent_client.errors import AgentBridgeError

    if info is None:
        raise CliError(
            "NO_SESSION", f"No session {name!r} was started here; see `agent-bridge sessions`."
        )
    folder = Path(info["dir"])
    if _alive(info) and (folder / READY_FILE).exists():
        with contextlib.suppress(AgentBridgeError):  # hung or already gone: stopped below
            AgentClient.attach(folder, timeout=STOP_GRACE).quit(timeout=STOP_GRACE)
    deadline = time.monotonic() + STOP_GRACE
    while _alive(info) and time.monotonic() < deadline:
        time.sleep(0.02)
    if _alive(info):
        stop_tree(info["pid"])
    if (folder / SESSION_MARK).is_file():  # never a folder agent-bridge did not make
        shutil.rmtree(folder, ignore_errors=True)
    forget(name)
