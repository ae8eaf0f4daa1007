"""Two ways to reach the fake bridge: in-process, as a :class:`Transport` (the fastest, for
client, locator and expectation tests), and through a real session folder served from a
thread (for the command line, which attaches to a folder)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

import orjson

from agent_client.transport import segments
from agent_client.transport.base import Line
from agent_client.wire.errors import GameExitedError
from agent_client.wire.protocol import (
    ARTIFACTS_DIR,
    CMD_FILE,
    READY_FILE,
    RESP_FILE,
    decode_line,
)
from tests.fake.bridge import FakeBridge


class FakeTransport:
    """The transport interface over a :class:`FakeBridge` in this process. Every transport
    on one bridge reads every response line, as clients sharing a session folder do."""

    def __init__(self, bridge: FakeBridge) -> None:
        self.bridge = bridge
        self._read = len(bridge.lines)
        self.sent: list[bytes] = []

    @property
    def position(self) -> int:
        return self._read

    def send(self, line: bytes) -> None:
        self.sent.append(line)
        for request in line.split(b"\n"):
            self.bridge.handle(request)

    def receive(self, timeout: float) -> list[Line]:
        """New response lines; once the game quit and every line was read, the game is gone
        (as a client of a real game learns from its process)."""
        with self.bridge.changed:
            if len(self.bridge.lines) == self._read and timeout > 0:
                self.bridge.changed.wait(timeout)
            lines = [
                Line(number, data)
                for number, data in enumerate(self.bridge.lines[self._read :], start=self._read)
            ]
        self._read += len(lines)
        if not lines and self.bridge.exit_code is not None:
            raise GameExitedError(
                f"The game exited with code {self.bridge.exit_code}.",
                exit_code=self.bridge.exit_code,
                log_tail="",
            )
        return lines

    def close(self) -> None:
        pass


class GarblingTransport(FakeTransport):
    """The fake bridge's answers with ``garble`` applied to each (as a bridge that wrote a raw
    control character would), after ``others``: raw lines of other clients. A client that
    reads again after it got an unreadable answer, before it sends anything else, fails the
    test: the error must come from the read that brought the line, never from a timeout."""

    def __init__(
        self,
        bridge: FakeBridge,
        garble: Callable[[bytes], bytes] = bytes,
        others: tuple[bytes, ...] = (),
    ) -> None:
        super().__init__(bridge)
        self.garble = garble
        self.others = list(others)
        self.gave_unreadable = False

    def send(self, line: bytes) -> None:
        self.gave_unreadable = False
        super().send(line)

    def receive(self, timeout: float) -> list[Line]:
        assert not self.gave_unreadable, "the client waited on after an unreadable answer"
        answers = [Line(at, self.garble(data)) for at, data in super().receive(timeout)]
        self.gave_unreadable = any(decode_line(data) is None for _, data in answers)
        theirs, self.others = [Line(-1, line) for line in self.others], []
        return theirs + answers


class SessionServer:
    """Serves a :class:`FakeBridge` through a session folder, as a bridge in a game does:
    reads request lines from ``cmd.jsonl`` (from its end at start), appends answers to
    ``resp.jsonl``, and writes ``bridge.json`` once ready. Both files go on in segments as
    the bridge's do: a ``{"next": ...}`` command line is followed, and a response segment past
    ``resp_segment_bytes`` is ended with one."""

    def __init__(
        self, bridge: FakeBridge, folder: Path, *, resp_segment_bytes: int = segments.SEGMENT_BYTES
    ) -> None:
        self.bridge = bridge
        self.folder = folder
        self.resp_segment_bytes = resp_segment_bytes
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ARTIFACTS_DIR).mkdir(exist_ok=True)
        (folder / CMD_FILE).touch()
        (folder / RESP_FILE).touch()
        self._cmd, self._resp = 0, 0
        self._offset = (folder / CMD_FILE).stat().st_size
        self._written = len(bridge.lines)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> SessionServer:
        self._thread.start()
        ready = {**self.bridge.info, "pid": os.getpid()}
        (self.folder / READY_FILE).write_bytes(orjson.dumps(ready))
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _path(self, kind: str, number: int) -> Path:
        return self.folder / segments.segment_name(kind, number)

    def _serve(self) -> None:
        partial = b""
        while not self._stop.is_set():
            with open(self._path("cmd", self._cmd), "rb") as cmd:
                cmd.seek(self._offset)
                chunk = cmd.read()
            self._offset += len(chunk)
            partial += chunk
            *complete, partial = partial.split(b"\n")
            for line in complete:
                following = segments.next_segment(line, "cmd")
                if following is not None:
                    self._cmd, self._offset, partial = following, 0, b""
                    break
                self.bridge.handle(line)
            self._write_answers()
            time.sleep(0.001)

    def _write_answers(self) -> None:
        fresh = self.bridge.lines[self._written :]
        for line in fresh:
            path = self._path("resp", self._resp)
            with open(path, "ab") as resp:
                resp.write(line + b"\n")
                if resp.tell() >= self.resp_segment_bytes:
                    self._resp += 1
                    self._path("resp", self._resp).touch()
                    resp.write(segments.next_line("resp", self._resp))
        self._written += len(fresh)
