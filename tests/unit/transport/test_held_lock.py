"""The request lock: private, exclusive between processes and between threads."""

from __future__ import annotations

import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from agent_client.transport.held_lock import HeldLock

TRY_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    print("free")
except BlockingIOError:
    print("held")
"""


def test_the_lock_file_is_private(tmp_path: Path) -> None:
    lock = HeldLock(tmp_path / "cmd.jsonl.lock")
    assert stat.S_IMODE((tmp_path / "cmd.jsonl.lock").stat().st_mode) == 0o600
    lock.close()


@pytest.mark.skipif(sys.platform == "win32", reason="the probe uses flock")
def test_another_process_cannot_take_a_held_lock(tmp_path: Path) -> None:
    path = tmp_path / "cmd.jsonl.lock"
    lock = HeldLock(path)

    def probe() -> str:
        done = subprocess.run([sys.executable, "-c", TRY_LOCK, str(path)], capture_output=True)
        return done.stdout.decode().strip()

    with lock:
        assert probe() == "held"
    assert probe() == "free"
    lock.close()


def test_threads_of_one_process_take_turns(tmp_path: Path) -> None:
    lock = HeldLock(tmp_path / "lock")
    inside = []
    overlaps = []

    def work() -> None:
        for _ in range(50):
            with lock:
                inside.append(1)
                overlaps.append(len(inside))
                time.sleep(0.0001)
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(overlaps) == 200 and max(overlaps) == 1
    lock.close()


def test_a_symlinked_lock_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_text("")
    (tmp_path / "lock").symlink_to(target)
    if sys.platform == "win32":
        pytest.skip("O_NOFOLLOW is POSIX")
    with pytest.raises(OSError):
        HeldLock(tmp_path / "lock")
