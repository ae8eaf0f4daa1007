"""The two-file transport every bridge speaks: request lines are appended to ``cmd.jsonl``
under a cross-process lock, response lines are read from ``resp.jsonl`` as they are appended.

New response bytes are noticed through watchdog's native file notifications; a short polling
interval remains as a fallback, because some file systems (network mounts, some containers)
drop notifications. ``AGENT_BRIDGE_POLLING=1`` turns notifications off (polling only): for
such file systems, and for one-shot processes (the CLI), which then skip importing watchdog.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

from filelock import FileLock

from agent_client._protocol import CMD_FILE, RESP_FILE
from agent_client._transport import Line

# How long a wait sleeps between reads: with native notifications this only bounds how late a
# lost notification is noticed; without them it is the polling period.
NOTIFIED_CHECK_S = 0.05
POLLING_CHECK_S = 0.001
POLLING_ENV = "AGENT_BRIDGE_POLLING"


def _start_observer(target: Path, wake: threading.Event) -> Any:
    """A watchdog observer that sets ``wake`` whenever ``target`` changes (imported here, so
    polling-only processes never load watchdog)."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    class WakeOnChange(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.src_path == str(target):
                wake.set()

    observer = Observer()
    observer.schedule(WakeOnChange(), str(target.parent))
    observer.daemon = True
    observer.start()
    return observer


class FileTransport:
    """Writes requests to and reads responses from one session directory.

    Several transports (in several processes) may share a session: each appends whole lines
    under the lock and reads every response line.

    Args:
        session_dir: The session folder (``cmd.jsonl``, ``resp.jsonl``).
        start: The byte offset of ``resp.jsonl`` to read from; None: its current end (a
            client attaching to a running game skips what was answered before).
        use_notifications: Use native file notifications (default: unless
            ``AGENT_BRIDGE_POLLING`` is set).
    """

    def __init__(
        self, session_dir: Path, *, start: int | None = 0, use_notifications: bool | None = None
    ) -> None:
        self.session_dir = session_dir
        self.cmd_path = session_dir / CMD_FILE
        self.resp_path = session_dir / RESP_FILE
        self._lock = FileLock(str(self.cmd_path) + ".lock")
        if start is None:
            start = self.resp_path.stat().st_size if self.resp_path.exists() else 0
        self._offset = start
        self._line_start = start
        self._partial = bytearray()
        self._wake = threading.Event()
        if use_notifications is None:
            use_notifications = os.environ.get(POLLING_ENV, "") in ("", "0")
        self._observer = self._try_observer() if use_notifications else None
        self._period = NOTIFIED_CHECK_S if self._observer else POLLING_CHECK_S

    def _try_observer(self) -> Any:
        try:
            return _start_observer(self.resp_path, self._wake)
        except OSError:
            return None  # no native notifications here: poll instead

    @property
    def notifications(self) -> bool:
        """Whether native file notifications are in use (False: polling)."""
        return self._observer is not None

    @property
    def position(self) -> int:
        return self._line_start

    def send(self, line: bytes) -> None:
        with self._lock, open(self.cmd_path, "ab") as cmd:
            cmd.write(line)

    def receive(self, timeout: float) -> list[Line]:
        deadline = time.monotonic() + timeout
        while True:
            self._wake.clear()
            lines = self._read()
            left = deadline - time.monotonic()
            if lines or left <= 0:
                return lines
            self._wake.wait(min(left, self._period))

    def _read(self) -> list[Line]:
        try:
            with open(self.resp_path, "rb") as resp:
                resp.seek(self._offset)
                chunk = resp.read()
        except FileNotFoundError:
            return []
        if not chunk:
            return []
        self._offset += len(chunk)
        # A big response arrives in many pieces: grow the partial line in place and split only
        # once a newline came (joining bytes on every piece would be quadratic).
        last_newline = chunk.rfind(b"\n")
        if last_newline < 0:
            self._partial += chunk
            return []
        data = bytes(self._partial) + chunk[:last_newline]
        self._partial = bytearray(chunk[last_newline + 1 :])
        lines = []
        start = self._line_start
        for raw in data.split(b"\n"):
            lines.append(Line(start, raw))
            start += len(raw) + 1
        self._line_start = start
        return lines

    def close(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=2)
            self._observer = None
