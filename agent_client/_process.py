"""Starting and stopping the engine process tree, on POSIX and Windows alike."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psutil


def spawn(argv: list[str], *, log_path: Path, cwd: Path | None = None,
          env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """Start ``argv`` with stdout and stderr going to ``log_path``, in its own process group
    so that stopping it never touches the caller, and a console Ctrl-C reaches the client
    first (which then stops the game in order)."""
    log = open(log_path, "ab")
    try:
        if sys.platform == "win32":
            flags = subprocess.CREATE_NEW_PROCESS_GROUP
            return subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, cwd=cwd, env=env,
                                    creationflags=flags)
        return subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, cwd=cwd, env=env,
                                start_new_session=True)
    finally:
        log.close()


def stop_tree(pid: int, *, grace: float = 2.0) -> None:
    """Terminate ``pid`` and all its descendants; kill whatever outlives ``grace`` seconds."""
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
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def current_pid() -> int:
    return os.getpid()
