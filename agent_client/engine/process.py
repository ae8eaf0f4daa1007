"""Starting and stopping the engine process tree, on POSIX and Windows alike."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from agent_client.engine.paths import on_windows, private_file

# subprocess.CREATE_NEW_PROCESS_GROUP, which only Windows builds of Python define.
WINDOWS_NEW_PROCESS_GROUP = 0x00000200


def spawn(
    argv: list[str], *, log_path: Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """Start ``argv`` with stdout and stderr going to ``log_path``, in its own process group
    so that stopping it never touches the caller, and a console Ctrl-C reaches the client
    first (which then stops the game in order)."""
    private_file(log_path)
    with open(log_path, "ab") as log:  # the child keeps its own handle
        return subprocess.Popen(
            argv,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            env=env,
            **group_options(),
        )


def group_options() -> dict[str, Any]:
    """Popen options that start a child in a process group of its own: a new process group
    on Windows (CREATE_NEW_PROCESS_GROUP), a new session elsewhere."""
    if on_windows():
        return {
            "creationflags": getattr(
                subprocess, "CREATE_NEW_PROCESS_GROUP", WINDOWS_NEW_PROCESS_GROUP
            )
        }
    return {"start_new_session": True}


def stop_tree(pid: int, *, grace: float = 2.0) -> None:
    """Terminate ``pid`` and all its descendants; kill whatever outlives ``grace`` seconds."""
    import psutil  # here: a one-shot CLI step that never stops a game never pays for it

    try:
        root = psutil.Process(pid)
        family = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return
    for process in family:
        try:
            process.terminate()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(family, timeout=grace)
    for process in alive:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            pass
    psutil.wait_procs(alive, timeout=grace)


def is_running(pid: int) -> bool:
    """True while ``pid`` exists and is not a zombie."""
    import psutil  # here: most CLI steps are answered before anyone asks

    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def current_pid() -> int:
    return os.getpid()
