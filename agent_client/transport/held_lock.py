"""A cross-process lock on a file that stays open, for locks taken on every request.

filelock opens, locks and closes its file on each acquire (about 100 us here, several
hundred with a watchdog thread about); locking an open descriptor costs about 1 us. POSIX
uses ``flock``, Windows ``msvcrt.locking`` on the first byte. A thread lock keeps the threads
of one process apart too (``flock`` only separates open files).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from types import TracebackType

# How long Windows waits between tries for a lock another process holds.
_RETRY_S = 0.001


class HeldLock:
    """An exclusive lock on ``path`` (made private, 0600, if missing), used with ``with``."""

    def __init__(self, path: Path) -> None:
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
        self._fd = os.open(path, flags, 0o600)
        self._threads = threading.Lock()

    def __enter__(self) -> HeldLock:
        self._threads.acquire()
        try:
            _lock(self._fd)
        except BaseException:
            self._threads.release()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        try:
            _unlock(self._fd)
        finally:
            self._threads.release()

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        while True:
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return
            except OSError:
                time.sleep(_RETRY_S)

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
