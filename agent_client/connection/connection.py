"""The connection: one conversation with a bridge over a transport.

It numbers requests, waits for the response with each id, keeps the responses that carry no
id apart, and collects the events of every response line it reads (whoever sent the request),
so the client, its locators and the command line all read responses through this one place.
"""

from __future__ import annotations

import itertools
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from agent_client.connection.waiting import WALL_GUARD_FACTOR, GamePace, Pace, WallPace
from agent_client.transport.base import Line, Transport
from agent_client.wire.errors import (
    AgentBridgeError,
    InvalidRequestError,
    ProtocolError,
    ResponseTimeoutError,
    error_from_response,
)
from agent_client.wire.protocol import (
    MAX_LINE_BYTES,
    Event,
    RequestId,
    Response,
    decode_line,
    encode_request,
    events_in,
    unreadable_line,
)

DEFAULT_TIMEOUT = 10.0
# Seconds actions, expectations and event waits wait unless told otherwise.
DEFAULT_WAIT_TIMEOUT = 5.0
# Extra time allowed beyond a wait's own timeout_ms before calling the game hung.
WAIT_MARGIN = 5.0
EVENT_LOG_SIZE = 100_000
UNMATCHED_KEPT = 100
# How many first bytes of an unreadable line a bridge names in its answer (``head``, as hex).
HEAD_BYTES = 32
# The code of the ProtocolError a response line no JSON reader takes gives (a client's code,
# never on the wire).
UNREADABLE_RESPONSE = "BAD_RESPONSE"
# How often a wait for a response checks that the game still runs.
ALIVE_CHECK_S = 0.02
# The kind of trace step that holds the calls a failure report makes after a test.
REPORT_STEP = "report"


def _always_alive() -> None:
    return None


class Step(Protocol):
    """One step of a trace while it runs: an action, an expectation, a wait or a group of
    them, made of the calls sent while it is open (see :meth:`Connection.trace_step`)."""

    def __enter__(self) -> Step: ...

    def __exit__(self, kind: type[BaseException] | None, error: object, trace: object) -> None: ...


class Recorder(Protocol):
    """Something that records every call of a connection (a trace: ``trace/recorder.py``)."""

    def prepare(self, cmd: str, args: dict[str, Any] | None) -> tuple[dict[str, Any], Any]:
        """The arguments to send instead, and a handle passed back to :meth:`finish` (None:
        not recorded)."""
        ...

    def finish(self, call: Any, response: Response | None, error: Exception | None) -> None:
        """Record the call's answer (or the error that took its place)."""
        ...

    def step(self, name: str, kind: str, args: dict[str, Any] | None) -> Step:
        """A step that holds the calls made while it is open (steps nest)."""
        ...

    def note(self, facts: dict[str, Any]) -> None:
        """Facts for the end record of the innermost open step (``actual``: what a failed
        expectation saw last)."""
        ...


class _NoStep:
    """The step of a connection that records nothing: costs one attribute test."""

    def __enter__(self) -> _NoStep:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: object, trace: object) -> None:
        return None


NO_STEP = _NoStep()


class Connection:
    """Requests and responses over one transport, with the events that came along.

    Args:
        transport: Where request lines go and response lines come from.
        timeout: Default seconds to wait for a response.
        id_prefix: Put before every request number (``"4242-"``), so the ids of clients that
            share a session cannot collide; None: plain integers.
        check_alive: Called while waiting; raises (GameExitedError) once the game is gone.
        hang_hint: Text appended to a "no answer" error (the engine log's tail).
    """

    def __init__(
        self,
        transport: Transport,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        id_prefix: str | None = None,
        check_alive: Callable[[], None] = _always_alive,
        hang_hint: Callable[[], str] = str,
    ) -> None:
        self.transport = transport
        self.timeout = timeout
        self.default_timeout = DEFAULT_WAIT_TIMEOUT
        self.event_log: deque[Event] = deque(maxlen=EVENT_LOG_SIZE)
        # The seq of the last event a wait returned: the next wait looks after it.
        self.event_cursor = 0
        self.last_frame = 0
        self._ids = itertools.count(1)
        self._id_prefix = id_prefix
        self._check_alive = check_alive
        self._hang_hint = hang_hint
        self._awaited: set[RequestId] = set()
        self._responses: dict[RequestId, Response] = {}
        self._unmatched: deque[Response] = deque(maxlen=UNMATCHED_KEPT)
        # Lines sent and not yet answered, by their first bytes as hex: a bridge that cannot
        # read a line's id names the line this way in its error answer.
        self._awaited_heads: dict[str, Response | None] = {}
        self._unread: list[Event] = []
        # (position of a line with events, the last seq in it), for resume_position.
        self._event_lines: deque[tuple[int, int]] = deque(maxlen=EVENT_LOG_SIZE)
        self._commands: dict[str, dict[str, Any]] | None = None
        # How the game's time runs (hello's "time"): set from bridge.json, else asked once.
        self.time_info: dict[str, Any] | None = None
        self._closed = False
        # Set while a trace records this session's calls.
        self.recorder: Recorder | None = None

    # --- requests ------------------------------------------------------------------------------

    def next_id(self) -> RequestId:
        number = next(self._ids)
        return number if self._id_prefix is None else f"{self._id_prefix}{number}"

    def send(
        self, cmd: str, args: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> Response:
        """Send one command and return the whole response, failures included (not raised).

        Raises:
            GameExitedError: the game ended before answering.
            ProtocolError: the answer cannot be read (BAD_RESPONSE), or the bridge could not
                read the request.
            ResponseTimeoutError: no answer within the timeout (the game hangs).
        """
        request_id = self.next_id()
        recorder = self.recorder
        if recorder is None:
            return self.send_line(
                encode_request(request_id, cmd, args), request_id, timeout=timeout, what=cmd
            )
        sent, call = recorder.prepare(cmd, args)
        try:
            response = self.send_line(
                encode_request(request_id, cmd, sent), request_id, timeout=timeout, what=cmd
            )
        except AgentBridgeError as error:
            if call is not None:
                recorder.finish(call, None, error)
            raise
        if call is not None:
            recorder.finish(call, response, None)
        return response

    def send_line(
        self,
        line: bytes,
        request_id: RequestId | None,
        *,
        timeout: float | None = None,
        what: str = "request",
    ) -> Response:
        """Send a raw line (protocol tests send malformed ones) and wait for the response with
        ``request_id``, or, when it is None, for the next response that carries no id.

        Raises:
            AgentBridgeError: this connection is closed.
            GameExitedError: the game ended before answering.
            ProtocolError: the answer cannot be read, or the bridge could not read the line.
            ResponseTimeoutError: no answer within the timeout.
        """
        if self._closed:
            raise AgentBridgeError("This client is closed.")
        if len(line) > MAX_LINE_BYTES:
            # The bridge would skip it unread and answer without its id: say so now instead.
            raise InvalidRequestError(
                f"The {what} request is {len(line):,} bytes; a bridge reads lines of at most "
                f"{MAX_LINE_BYTES:,} bytes.",
                code="INVALID_REQUEST",
            )
        limit = self.timeout if timeout is None else timeout
        if request_id is None:
            self._unmatched.clear()
        else:
            self._awaited.add(request_id)
        head = line.removesuffix(b"\n").removesuffix(b"\r")[:HEAD_BYTES].hex()
        refused: Response | None = None
        if request_id is not None:
            self._awaited_heads[head] = None
        self.transport.send(line)
        try:
            answered = self._wait(
                lambda: (
                    request_id in self._responses or self._awaited_heads.get(head) is not None
                    if request_id is not None
                    else bool(self._unmatched)
                ),
                limit,
            )
        finally:
            if request_id is not None:
                self._awaited.discard(request_id)
                refused = self._awaited_heads.pop(head, None)
        if request_id is not None and request_id not in self._responses and refused:
            # The bridge could not read this line's id and named the line instead: its error
            # answer is ours (waiting for an answer with the id would only run the timeout out).
            raise ProtocolError(
                f"The bridge could not read the {what} request (id {request_id!r}): "
                f"{refused.get('error', 'no sentence')}",
                code=str(refused.get("code", "PARSE_ERROR")),
                response=dict(refused),
            )
        if not answered:
            raise ResponseTimeoutError(
                f"No answer to {what} (id {request_id!r}) within {limit:g} s: the game seems "
                f"hung.{self._hang_hint()}"
            )
        response = (
            self._responses.pop(request_id) if request_id is not None else self._unmatched.popleft()
        )
        self.last_frame = response.get("frame", self.last_frame)
        return response

    def request(
        self, cmd: str, args: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Send one command and return its ``data``.

        Raises:
            BridgeError: the bridge answered with an error (a subclass per error code).
            GameExitedError: the game ended before answering.
            ResponseTimeoutError: no answer within the timeout.
        """
        response = self.send(cmd, args, timeout=timeout)
        if not response.get("ok"):
            raise error_from_response(dict(response))
        return response.get("data")

    def timeout_for_wait(self, timeout_ms: float) -> float:
        """Seconds to wait for the answer to a request that itself waits up to
        ``timeout_ms`` inside the game (``wait``, an action answering once settled). In
        lockstep that is game time, which a busy machine may run slower than real time."""
        factor = WALL_GUARD_FACTOR if self.lockstep else 1.0
        return max(self.timeout, timeout_ms / 1000 * factor + WAIT_MARGIN)

    # --- trace steps ---------------------------------------------------------------------------

    def trace_step(
        self, name: str, *, kind: str = "group", args: dict[str, Any] | None = None
    ) -> Step:
        """A step of the trace (docs/TRACE.md): ``with connection.trace_step("click"): ...``
        records the calls of the block under it. Kinds: ``action``, ``expect``, ``wait``,
        ``read``, ``group``, ``report``. Nothing happens while no trace records."""
        recorder = self.recorder
        return NO_STEP if recorder is None else recorder.step(name, kind, args)

    def trace_note(self, **facts: Any) -> None:
        """Facts for the innermost open step's end record (``actual=...``), if a trace
        records."""
        if self.recorder is not None:
            self.recorder.note(facts)

    # --- game time -----------------------------------------------------------------------------

    def time(self) -> dict[str, Any]:
        """How the game's time runs: ``{"mode": "lockstep"|"realtime", "fps", "seed", ...}``
        (hello's ``time``; a bridge that does not say runs in realtime)."""
        if self.time_info is None:
            answer = self.request("hello")
            self._commands = {command["name"]: command for command in answer["commands"]}
            self.time_info = dict(answer.get("time") or {"mode": "realtime"})
        return self.time_info

    @property
    def lockstep(self) -> bool:
        """Whether the game runs only while a request needs it (game time is the test's)."""
        return self.time().get("mode") == "lockstep"

    @property
    def fps(self) -> int:
        return int(self.time().get("fps") or 60)

    def advance(self, frames: int) -> None:
        """Let the game run ``frames`` frames (a ``wait``), whatever its time mode."""
        self.request(
            "wait",
            {"frames": frames},
            timeout=self.timeout_for_wait(frames * 1000 / self.fps),
        )

    def pace(self, timeout: float, *, pauses: bool = True) -> Pace:
        """How a retry of ``timeout`` seconds lets time pass: game frames in lockstep, wall
        time otherwise (see :mod:`~agent_client.connection.waiting`)."""
        if self.lockstep:
            return GamePace(self, timeout, self.fps, pauses=pauses)
        return WallPace(timeout)

    # --- reading -------------------------------------------------------------------------------

    def _wait(self, done: Callable[[], bool], limit: float) -> bool:
        deadline = time.monotonic() + limit
        while True:
            self._take(
                self.transport.receive(max(0.0, min(deadline - time.monotonic(), ALIVE_CHECK_S)))
            )
            if done():
                return True
            self._check_alive()
            if time.monotonic() >= deadline:
                return False

    def poll(self) -> None:
        """Take in whatever response lines arrived, without waiting.

        Raises:
            ProtocolError: a line among them cannot be read (and is not another client's).
        """
        self._take(self.transport.receive(0.0))

    def _take(self, lines: list[Line]) -> None:
        """Take in response lines; then raise a ProtocolError for the first line that cannot be
        read and is not another client's (its id, when it can be read, is not one awaited)."""
        unreadable: ProtocolError | None = None
        for position, data in lines:
            response = decode_line(data)
            if response is None:
                request_id, why = unreadable_line(data)
                if unreadable is None and (request_id is None or request_id in self._awaited):
                    whose = f" to request {request_id!r}" if request_id is not None else ""
                    unreadable = ProtocolError(
                        f"The bridge's answer{whose} cannot be read: {why}",
                        code=UNREADABLE_RESPONSE,
                        response={"id": request_id},
                    )
                continue
            events = events_in(response)
            if events:
                self.event_log.extend(events)
                self._unread.extend(events)
                self._event_lines.append((position, int(events[-1].get("seq", 0))))
            request_id = response.get("id")
            if request_id is None:
                self._unmatched.append(response)
                if response.get("head") in self._awaited_heads:
                    self._awaited_heads[str(response["head"])] = response
            elif request_id in self._awaited:
                self._responses[request_id] = response
        if unreadable is not None:
            raise unreadable

    # --- events --------------------------------------------------------------------------------

    def start_over(self, after_seq: int) -> None:
        """The game was reset: forget the events up to ``after_seq`` (the last one before the
        reset) and wait for what comes after it."""
        kept = [event for event in self.event_log if event.get("seq", 0) > after_seq]
        self.event_log.clear()
        self.event_log.extend(kept)
        self._unread = [event for event in self._unread if event.get("seq", 0) > after_seq]
        self.event_cursor = after_seq

    def take_unread_events(self) -> list[Event]:
        """Events read since the last call, oldest first."""
        taken, self._unread = self._unread, []
        return taken

    def events_after(self, seq: int) -> list[Event]:
        """Events in the log with a ``seq`` above ``seq``, oldest first."""
        newer: list[Event] = []
        for event in reversed(self.event_log):
            if event.get("seq", 0) <= seq:
                break
            newer.append(event)
        newer.reverse()
        return newer

    def resume_position(self, after_seq: int) -> int:
        """The transport position to read from again so that no event with a ``seq`` above
        ``after_seq`` is missed (the command line resumes there in its next process)."""
        for position, last_seq in self._event_lines:
            if last_seq > after_seq:
                return position
        return self.transport.position

    # --- what the bridge can do ----------------------------------------------------------------

    def commands(self) -> dict[str, dict[str, Any]]:
        """Every command the bridge lists in ``hello``, by name (asked once; game commands
        registered later show up after :meth:`forget_commands`)."""
        if self._commands is None:
            answer = self.request("hello")
            self._commands = {command["name"]: command for command in answer["commands"]}
            if self.time_info is None:
                self.time_info = dict(answer.get("time") or {"mode": "realtime"})
        return self._commands

    def has_command(self, name: str) -> bool:
        return name in self.commands()

    def forget_commands(self) -> None:
        self._commands = None

    # --- closing -------------------------------------------------------------------------------

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.transport.close()
