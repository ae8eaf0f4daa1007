"""The session commands: ``start`` a game that keeps running, list ``sessions``, ``stop``."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_client.cli.output import show, show_json
from agent_client.cli.parser import game_time
from agent_client.engine.sessions import (
    alive,
    default_session,
    forget,
    free_name,
    read_index,
    remember,
    session_name,
    started_at,
)
from agent_client.presentation.errors import UsageError
from agent_client.wire.errors import SessionError
from agent_client.wire.protocol import READY_FILE, SESSION_MARK

STOP_GRACE = 5.0
VIDEO_GRACE = 60.0


def start(args: argparse.Namespace) -> int:
    from agent_client.client.client import AgentClient

    project = Path(args.project).resolve()
    name = args.session or free_name(project)
    known = read_index()["sessions"].get(name)
    if known and alive(known):
        raise UsageError(
            "SESSION_RUNNING",
            f"Session {name!r} is running (pid {known['pid']}): "
            f"stop it first with `agent-bridge stop --session "
            f"{name}`.",
        )
    clock = game_time(args, realtime=args.realtime)
    client = AgentClient.launch(
        project,
        godot=args.godot,
        scene=args.scene,
        render=args.render,
        session=name,
        tie_to_parent=False,
        realtime=clock.realtime,
        fps=clock.fps,
        seed=clock.seed,
        install=args.install,
        import_progress=_import_progress(project),
        video=args.video,
        user_data=args.user_data,
        own_user_data=args.own_user_data,
        coverage=args.coverage,
    )
    assert client.process is not None
    try:
        # The game's first answer, read here: a game that cannot answer readably is no session.
        client.hello()
    except BaseException:
        client.close()
        raise
    if args.trace:
        client.start_trace(title=f"agent-bridge session {name}")
    pid = client.process.pid
    info = {
        "dir": str(client.session_dir),
        "project": str(project),
        "pid": pid,
        "created": started_at(pid),
        "started": time.time(),
        "render": bool(args.render or args.video),
    }
    if args.video:
        info["video"] = str(Path(args.video).absolute())
    if args.coverage:
        info["coverage"] = True
    client.detach()
    remember(name, info)
    if args.json:
        show_json({"session": name, **info})
    else:
        show(
            f"started session {name} (pid {info['pid']}): {info['dir']}\n"
            f"--session {name} names it; commands run inside {project} find it by themselves"
        )
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
    """Every session started here; ``*`` marks the one a command run here without
    ``--session`` goes to."""
    data = read_index()
    try:
        here: str | None = default_session()
    except SessionError:
        here = None
    rows = {
        name: {**info, "running": alive(info), "current": name == here}
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
        said = _stop_one(name, data["sessions"].get(name))
        show(f"stopped session {name}" + (f"\n{said}" if said else ""))
    return 0


def _stop_one(name: str, info: dict[str, Any] | None) -> str:
    """Stops a session; returns what there is to say about its coverage ("" without)."""
    from agent_client.cli.attach import attach
    from agent_client.engine.process import stop_tree
    from agent_client.wire.errors import AgentBridgeError

    if info is None:
        raise SessionError(
            "NO_SESSION", f"No session {name!r} was started here; see `agent-bridge sessions`."
        )
    folder = Path(info["dir"])
    # A video is complete (its index written) only once the engine exits by itself.
    grace = VIDEO_GRACE if info.get("video") else STOP_GRACE
    if alive(info) and (folder / READY_FILE).exists():
        with contextlib.suppress(AgentBridgeError):  # hung or already gone: stopped below
            attach(folder, STOP_GRACE).quit(timeout=grace)
    deadline = time.monotonic() + grace
    while alive(info) and time.monotonic() < deadline:
        time.sleep(0.02)
    if alive(info):
        stop_tree(info["pid"])
    said = ""
    if info.get("coverage"):
        from agent_client.cli.coverage import save_final
        from agent_client.wire.protocol import COVERAGE_DIR

        said = save_final(folder / COVERAGE_DIR)
    if (folder / SESSION_MARK).is_file():  # never a folder agent-bridge did not make
        shutil.rmtree(folder, ignore_errors=True)
    forget(name)
    return said
