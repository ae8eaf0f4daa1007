"""The two-file transport: append request lines to cmd.jsonl under a cross-process lock, read
response lines from resp.jsonl as they are appended, and match them to requests by id.

New response bytes are noticed through watchdog's native file notifications; a short polling
interval remains as a fallback, because some file systems (network mounts, some containers)
drop notifications. ``AGENT_BRIDGE_POLLING=1`` turns notifications off (polling only): for
such file systems, and for one-shot processes (the CLI), which then skip importing watchdog.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from filelock import FileLock

from agent_client._protocol import CMD_FILE, RESP_FILE, Event, RequestId, Response, decode_line

# How long a waiter sleeps between checks: with native notifications this only bounds how
# late a lost notification is noticed; without them it is the polling period.
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
    under the lock and reads every response line, keeping those whose id it sent.
    """

    def __init__(self, session_dir: Path, *, read_from_start: bool = True,
                 use_notifications: bool | None = None) -> None:
        self.session_dir = session_dir
        self.cmd_path = session_dir / CMD_FILE
        self.resp_path = session_dir / RESP_FILE
        self._lock = FileLock(str(self.cmd_path) + ".lock")
        self._offset = 0 if read_from_start or not self.resp_path.exists() \
            else self.resp_path.stat().st_size
        self._partial = bytearray()
        self._responses: dict[RequestId, Response] = {}
        self._unmatched: list[Response] = []
        self._event_sink: Callable[[list[Event]], None] | None = None
        self._wake = threading.Event()
        if use_notifications is None:
            use_notifications = os.environ.get(POLLING_ENV, "") in ("", "0")
        self._observer = self._try_observer() if use_notifications else None
        self._check_period = NOTIFIED_CHECK_S if self._observer else POLLING_CHECK_S

    def _try_observer(self) -> Any:
        try:
            return _start_observer(self.resp_path, self._wake)
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
        # A big response arrives in many pieces: grow the partial line in place and split only
        # once a newline came (joining bytes on every piece would be quadratic).
        last_newline = chunk.rfind(b"\n")
        if last_newline < 0:
            self._partial += chunk
            return
        data = bytes(self._partial) + chunk[:last_newline]
        self._partial = bytearray(chunk[last_newline + 1:])
        for line in data.split(b"\n"):
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
