"""The two-file transport: append request lines to cmd.jsonl under a cross-process lock, read
response lines from resp.jsonl as they are appended, and match them to requests by id.

New response bytes are noticed through watchdog's native file notifications; a short polling
interval remains as a fallback, because some file systems (network mounts, some containers)
drop notifications.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer

from agent_client._protocol import CMD_FILE, RESP_FILE, Event, RequestId, Response, decode_line

# How long a waiter sleeps between checks: with native notifications this only bounds how
# late a lost notification is noticed; without them it is the polling period.
NOTIFIED_CHECK_S = 0.05
POLLING_CHECK_S = 0.001


class _WakeOnChange(FileSystemEventHandler):
    def __init__(self, target: Path, wake: threading.Event) -> None:
        self._target = str(target)
        self._wake = wake

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.src_path == self._target:
            self._wake.set()


class FileTransport:
    """Writes requests to and reads responses from one session directory.

    Several transports (in several processes) may share a session: each appends whole lines
    under the lock and reads every response line, keeping those whose id it sent.
    """

    def __init__(self, session_dir: Path, *, read_from_start: bool = True,
                 use_notifications: bool = True) -> None:
        self.session_dir = session_dir
        self.cmd_path = session_dir / CMD_FILE
        self.resp_path = session_dir / RESP_FILE
        self._lock = FileLock(str(self.cmd_path) + ".lock")
        self._offset = 0 if read_from_start or not self.resp_path.exists() \
            else self.resp_path.stat().st_size
        self._partial = b""
        self._responses: dict[RequestId, Response] = {}
        self._unmatched: list[Response] = []
        self._event_sink: Callable[[list[Event]], None] | None = None
        self._wake = threading.Event()
        self._observer = self._start_observer() if use_notifications else None
        self._check_period = NOTIFIED_CHECK_S if self._observer else POLLING_CHECK_S

    def _start_observer(self) -> Observer | None:
        try:
            observer = Observer()
            observer.schedule(_WakeOnChange(self.resp_path, self._wake), str(self.session_dir))
            observer.daemon = True
            observer.start()
            return observer
        except OSError:
            return None  # no native notifications here: poll instead

    @property
    def notifications(self) -> bool:
        """Whether native file notifications are in use (False: polling)."""
        return self._observer is not None

    def on_events(self, sink: Callable[[list[Event]], None]) -> None:
        """Call ``sink`` with the events of every response line read, whoever sent it."""
        self._event_sink = sink

    def send(self, line: bytes) -> None:
        """Append one complete request line, never interleaved with another writer's."""
        with self._lock, open(self.cmd_path, "ab") as cmd:
            cmd.write(line)

    def poll(self) -> None:
        """Read whatever response lines were appended since the last call."""
        try:
            with open(self.resp_path, "rb") as resp:
                resp.seek(self._offset)
                chunk = resp.read()
        except FileNotFoundError:
            return
        if not chunk:
            return
        self._offset += len(chunk)
        data = self._partial + chunk
        *lines, self._partial = data.split(b"\n")
        for line in lines:
            response = decode_line(line)
            if response is None:
                continue
            if self._event_sink and response.get("events"):
                self._event_sink(response["events"])
            request_id = response.get("id")
            if request_id is None:
                self._unmatched.append(response)
            else:
                self._responses[request_id] = response

    def take_unmatched(self) -> list[Response]:
        """Responses that carried no id (the bridge could not read the request's id)."""
        taken, self._unmatched = self._unmatched, []
        return taken

    def wait_for(self, request_id: RequestId, deadline: float,
                 check_alive: Callable[[], None]) -> Response | None:
        """The response to ``request_id``, or None once ``deadline`` (monotonic) passes.

        ``check_alive`` runs between checks and raises when the game is gone.
        """
        if self.wait_until(lambda: request_id in self._responses, deadline, check_alive):
            return self._responses.pop(request_id)
        return None

    def wait_until(self, predicate: Callable[[], bool], deadline: float,
                   check_alive: Callable[[], None]) -> bool:
        """Read responses until ``predicate()`` holds or ``deadline`` passes."""
        while True:
            self._wake.clear()
            self.poll()
            if predicate():
                return True
            check_alive()
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            self._wake.wait(min(remaining, self._check_period))

    def close(self) -> None:
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=2)
            self._observer = None
