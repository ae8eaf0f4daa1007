"""The two-file transport every bridge speaks: request lines are appended to ``cmd.jsonl``
under a cross-process lock, response lines are read from ``resp.jsonl`` as they are appended;
both go on in numbered segment files once they grow large (see segments.py).

A wait first spins on the response file for a moment (most answers come within it, and a
notification crosses two threads before it wakes the reader), then sleeps until watchdog's
native file notifications say the file changed; a short polling interval remains as a
fallback, because some file systems (network mounts, some containers) drop notifications.
``AGENT_BRIDGE_POLLING=1`` turns notifications off (polling only): for such file systems, and
for one-shot processes (the CLI), which then skip importing watchdog.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

from agent_client.transport import segments
from agent_client.transport.base import Line
from agent_client.transport.change_watch import ChangeWatch
from agent_client.transport.held_lock import HeldLock
from agent_client.wire.protocol import CMD_FILE

# How long a wait sleeps between reads: with native notifications this only bounds how late a
# lost notification is noticed; without them it is the polling period.
NOTIFIED_CHECK_S = 0.05
POLLING_CHECK_S = 0.001
# How long a wait reads in a loop before it sleeps: the time most answers take.
SPIN_S = 0.002
_yield = getattr(os, "sched_yield", lambda: time.sleep(0))
POLLING_ENV = "AGENT_BRIDGE_POLLING"
_APPEND = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)


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
        self._lock = HeldLock(Path(str(self.cmd_path) + ".lock"))
        self._cmd_segment = 0
        self._cmd_segment_file: str | None = None  # the command segment's path, as a string
        if start is None:
            segment = segments.latest_segment(session_dir, "resp")
            current = session_dir / segments.segment_name("resp", segment)
            start = segments.position(segment, current.stat().st_size if current.exists() else 0)
        self._segment, self._offset = segments.split(start)
        self._line_start = self._offset
        self._partial = bytearray()
        self._resp_path: str | None = None
        self._fd: int | None = None  # the segment being read, kept open between reads
        self._wake = threading.Event()
        if use_notifications is None:
            use_notifications = os.environ.get(POLLING_ENV, "") in ("", "0")
        self._notify = use_notifications
        self._watch: ChangeWatch | None = None

    def _watch_on(self) -> float:
        """Switches notifications on (first time: starts watchdog); returns how long to
        sleep between reads: long with notifications, short when polling."""
        if self._notify and self._watch is None:
            try:
                self._watch = ChangeWatch(self.session_dir, self._wake)
            except OSError:
                self._notify = False  # no native notifications here: poll instead
        if self._watch is None:
            return POLLING_CHECK_S
        try:
            self._watch.on()
        except OSError:
            return POLLING_CHECK_S
        return NOTIFIED_CHECK_S

    @property
    def notifications(self) -> bool:
        """Whether long waits sleep until native file notifications (False: they poll)."""
        return self._notify

    @property
    def resp_path(self) -> str:
        """The response segment being read."""
        if self._resp_path is None:
            self._resp_path = str(self.session_dir / segments.segment_name("resp", self._segment))
        return self._resp_path

    @property
    def position(self) -> int:
        return segments.position(self._segment, self._line_start)

    def send(self, line: bytes) -> None:
        with self._lock:
            # Opened for each line, not held: the bridge may delete a segment once it is full.
            cmd = os.open(self._cmd_segment_path(), _APPEND, 0o600)
            try:
                os.write(cmd, line)
            finally:
                os.close(cmd)

    def _cmd_segment_path(self) -> str:
        """The command segment to append to (under the lock). A segment is only ever ended
        once it is full, so one below the size is still the latest."""
        if self._cmd_segment_file is None:
            self._cmd_segment_file = str(
                self.session_dir / segments.segment_name("cmd", self._cmd_segment)
            )
        try:
            if os.stat(self._cmd_segment_file).st_size < segments.SEGMENT_BYTES:
                return self._cmd_segment_file
        except FileNotFoundError:
            pass
        segment = segments.latest_segment(self.session_dir, "cmd")
        path = self.session_dir / segments.segment_name("cmd", segment)
        if path.exists() and path.stat().st_size >= segments.SEGMENT_BYTES:
            # This writer ends the segment: the bridge follows the line to the next file.
            following = self.session_dir / segments.segment_name("cmd", segment + 1)
            following.touch(mode=0o600)
            with open(path, "ab") as ended:
                ended.write(segments.next_line("cmd", segment + 1))
            segment, path = segment + 1, following
        self._cmd_segment = segment
        self._cmd_segment_file = str(path)
        return self._cmd_segment_file

    def receive(self, timeout: float) -> list[Line]:
        now = time.monotonic()
        deadline = now + timeout
        spin_until = now + min(timeout, SPIN_S)
        period = 0.0
        # The first read checks that the segment's path still names the open file; spinning
        # reads do not (a file deleted and made again is noticed at the next call or sleep).
        check_file = True
        try:
            while True:
                if period:
                    self._wake.clear()  # before the read, so a change after it wakes the wait
                lines = self._read(check_file)
                now = time.monotonic()
                if lines or now >= deadline:
                    return lines
                if now < spin_until:
                    _yield()
                elif period == 0.0:
                    period = self._watch_on()  # then read once more: it may have come since
                else:
                    self._wake.wait(min(deadline - now, period))
                check_file = period > 0.0
        finally:
            if period and self._watch is not None:
                self._watch.off()

    def _read(self, check_file: bool) -> list[Line]:
        lines: list[Line] = []
        while True:
            try:
                chunk = self._new_bytes(check_file)
            except FileNotFoundError:
                # A segment this reader fell behind on was deleted: go on at the next one.
                later = segments.later_segment(self.session_dir, "resp", self._segment)
                if later is None:
                    return lines
                self._go_to(later)
                continue
            if not self._take(chunk, lines):
                return lines

    def _new_bytes(self, check_file: bool) -> bytes:
        """What was appended to the segment since the last read. The segment stays open
        between reads (opening it on every poll cost more than the poll); when nothing came
        (and ``check_file``), the path is checked to still name the open file, so a file
        someone deleted and the bridge made again is followed. Holding it open is safe on
        Windows: the bridge deletes only segments two behind its current one, and retries."""
        if self._fd is None:
            self._fd = os.open(self.resp_path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        opened = os.fstat(self._fd)
        if opened.st_size < self._offset:
            # Someone truncated it: its lines start at its beginning again.
            self._go_to(self._segment)
            return self._new_bytes(check_file)
        if opened.st_size == self._offset:
            if check_file:
                named = os.stat(self.resp_path)  # FileNotFoundError: deleted
                if (named.st_ino, named.st_dev) != (opened.st_ino, opened.st_dev):
                    self._go_to(self._segment)  # deleted and made again: a new file
                    return self._new_bytes(check_file)
            return b""
        os.lseek(self._fd, self._offset, os.SEEK_SET)
        return os.read(self._fd, opened.st_size - self._offset)

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
            following = segments.next_segment(raw, "resp")
            if following is not None:
                self._go_to(following)
                return True
            lines.append(Line(segments.position(self._segment, start), raw))
            start += len(raw) + 1
        self._line_start = start
        return False

    def _go_to(self, segment: int) -> None:
        self._segment, self._offset, self._line_start = segment, 0, 0
        self._partial = bytearray()
        self._resp_path = None
        self._close_segment()

    def _close_segment(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def close(self) -> None:
        self._close_segment()
        self._lock.close()
        if self._watch is not None:
            self._watch.close()
            self._watch = None
