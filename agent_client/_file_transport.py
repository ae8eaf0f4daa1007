"""The two-file transport every bridge speaks: request lines are appended to ``cmd.jsonl``
under a cross-process lock, response lines are read from ``resp.jsonl`` as they are appended;
both go on in numbered segment files once they grow large (see _segments.py).

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

from agent_client import _segments
from agent_client._protocol import CMD_FILE
from agent_client._transport import Line

# How long a wait sleeps between reads: with native notifications this only bounds how late a
# lost notification is noticed; without them it is the polling period.
NOTIFIED_CHECK_S = 0.05
POLLING_CHECK_S = 0.001
POLLING_ENV = "AGENT_BRIDGE_POLLING"


def _start_observer(folder: Path, wake: threading.Event) -> Any:
    """A watchdog observer that sets ``wake`` whenever a response segment in ``folder``
    changes (imported here, so polling-only processes never load watchdog)."""
    from watchdog.events import FileSystemEvent, FileSystemEventHandler
    from watchdog.observers import Observer

    class WakeOnChange(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if Path(str(event.src_path)).name.startswith("resp"):
                wake.set()

    observer = Observer()
    observer.schedule(WakeOnChange(), str(folder))
    observer.daemon = True
    observer.start()
    return observer


class FileTransport:
    """Writes requests to and reads responses from one session directory.

    Several transports (in several processes) may share a session: each appends whole lines
    under the lock and reads every response line.

    Args:
        session_dir: The session folder (``cmd.jsonl``, ``resp.jsonl``).
        start: The position to read responses from (0: the first; a ``position`` this or
            another transport reported); None: the current end (a client attaching to a
            running game skips what was answered before).
        use_notifications: Use native file notifications (default: unless
            ``AGENT_BRIDGE_POLLING`` is set).
    """

    def __init__(
        self, session_dir: Path, *, start: int | None = 0, use_notifications: bool | None = None
    ) -> None:
        self.session_dir = session_dir
        self.cmd_path = session_dir / CMD_FILE
        self._lock = FileLock(str(self.cmd_path) + ".lock", mode=0o600)
        if start is None:
            segment = _segments.latest_segment(session_dir, "resp")
            current = session_dir / _segments.segment_name("resp", segment)
            start = _segments.position(segment, current.stat().st_size if current.exists() else 0)
        self._segment, self._offset = _segments.split(start)
        self._line_start = self._offset
        self._partial = bytearray()
        self._wake = threading.Event()
        if use_notifications is None:
            use_notifications = os.environ.get(POLLING_ENV, "") in ("", "0")
        self._observer = self._try_observer() if use_notifications else None
        self._period = NOTIFIED_CHECK_S if self._observer else POLLING_CHECK_S

    def _try_observer(self) -> Any:
        try:
            return _start_observer(self.session_dir, self._wake)
        except OSError:
            return None  # no native notifications here: poll instead

    @property
    def notifications(self) -> bool:
        """Whether native file notifications are in use (False: polling)."""
        return self._observer is not None

    @property
    def resp_path(self) -> Path:
        """The response segment being read."""
        return self.session_dir / _segments.segment_name("resp", self._segment)

    @property
    def position(self) -> int:
        return _segments.position(self._segment, self._line_start)

    def send(self, line: bytes) -> None:
        with self._lock:
            segment = _segments.latest_segment(self.session_dir, "cmd")
            path = self.session_dir / _segments.segment_name("cmd", segment)
            if path.exists() and path.stat().st_size >= _segments.SEGMENT_BYTES:
                # This writer ends the segment: the bridge follows the line to the next file.
                following = self.session_dir / _segments.segment_name("cmd", segment + 1)
                following.touch(mode=0o600)
                with open(path, "ab") as ended:
                    ended.write(_segments.next_line("cmd", segment + 1))
                path = following
            with open(path, "ab") as cmd:
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
        lines: list[Line] = []
        while True:
            try:
                with open(self.resp_path, "rb") as resp:
                    if os.fstat(resp.fileno()).st_size < self._offset:
                        # Someone deleted or truncated it and the bridge made it again: the
                        # new file's lines start at its beginning.
                        self._go_to(self._segment)
                    resp.seek(self._offset)
                    chunk = resp.read()
            except FileNotFoundError:
                # A segment this reader fell behind on was deleted: go on at the next one.
                later = _segments.later_segment(self.session_dir, "resp", self._segment)
                if later is None:
                    return lines
                self._go_to(later)
                continue
            if not self._take(chunk, lines):
                return lines

    def _take(self, chunk: bytes, lines: list[Line]) -> bool:
        """Add the complete lines of ``chunk`` to ``lines``; True when a ``next`` line moved
        the reader to another segment (to be read on)."""
        if not chunk:
            return False
        self._offset += len(chunk)
        # A big response arrives in many pieces: grow the partial line in place and split only
        # once a newline came (joining bytes on every piece would be quadratic).
        last_newline = chunk.rfind(b"\n")
        if last_newline < 0:
            self._partial += chunk
            return False
        data = bytes(self._partial) + chunk[:last_newline]
        self._partial = bytearray(chunk[last_newline + 1 :])
        start = self._line_start
        for raw in data.split(b"\n"):
            following = _segments.next_segment(raw, "resp")
            if following is not None:
                self._go_to(following)
                return True
            lines.append(Line(_segments.position(self._segment, start), raw))
            start += len(raw) + 1
        self._line_start = start
        return False

    def _go_to(self, segment: int) -> None:
        self._segment, self._offset, self._line_start = segment, 0, 0
        self._partial = bytearray()

    def close(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=2)
            self._observer = None
