"""The connection over a scripted transport: ids, matching, events, resume positions and the
errors a client meets, without an engine."""

from __future__ import annotations

from collections.abc import Callable

import orjson
import pytest

from agent_client import (
    GameExitedError,
    InvalidRequestError,
    NotFoundError,
    ProtocolError,
    ResponseTimeoutError,
)
from agent_client.connection.connection import Connection
from agent_client.transport.base import Line
from agent_client.wire.errors import AgentBridgeError
from tests.fake import FakeBridge, GarblingTransport


class ScriptedTransport:
    """Answers each request line with what ``reply`` makes of it (None: no answer), and
    can slip in lines of its own, as other clients' answers in a shared session."""

    def __init__(self, reply: Callable[[dict], list[dict] | None]) -> None:
        self.reply = reply
        self.pending: list[bytes] = []
        self.written = 0
        self.closed = False

    @property
    def position(self) -> int:
        return self.written

    def send(self, line: bytes) -> None:
        try:
            request = orjson.loads(line)
        except orjson.JSONDecodeError:
            request = {"raw": line}
        for response in self.reply(request) or []:
            self.pending.append(orjson.dumps(response))

    def receive(self, timeout: float) -> list[Line]:
        lines = [Line(self.written + number, data) for number, data in enumerate(self.pending)]
        self.written += len(lines)
        self.pending = []
        return lines

    def close(self) -> None:
        self.closed = True


def echo(request: dict) -> list[dict]:
    return [
        {"id": request.get("id"), "ok": True, "data": request.get("cmd"), "events": [], "frame": 7}
    ]


def test_requests_are_numbered_and_answers_matched() -> None:
    connection = Connection(ScriptedTransport(echo))
    assert connection.request("hello") == "hello"
    assert connection.send("get_tree")["id"] == 2
    assert connection.last_frame == 7
    prefixed = Connection(ScriptedTransport(echo), id_prefix="42-")
    assert prefixed.send("hello")["id"] == "42-1"


def test_answers_to_other_clients_are_passed_over_but_their_events_kept() -> None:
    def with_others(request: dict) -> list[dict]:
        other = {"id": "9-1", "ok": True, "events": [{"type": "a", "seq": 1}]}
        drained = {
            "id": "9-2",
            "ok": True,
            "data": {"events": [{"type": "b", "seq": 2}], "dropped": 0},
            "events": [],
        }
        return [other, drained, *echo(request)]

    connection = Connection(ScriptedTransport(with_others))
    assert connection.request("hello") == "hello"
    assert [event["type"] for event in connection.event_log] == ["a", "b"]
    assert [event["type"] for event in connection.take_unread_events()] == ["a", "b"]
    assert connection.take_unread_events() == []
    assert [event["seq"] for event in connection.events_after(1)] == [2]


def test_resume_position_is_the_first_line_with_a_newer_event() -> None:
    def lines(request: dict) -> list[dict]:
        return [
            {"id": "x", "events": [{"type": "a", "seq": 1}]},
            {"id": "y", "events": [{"type": "b", "seq": 2}, {"type": "c", "seq": 3}]},
            *echo(request),
        ]

    connection = Connection(ScriptedTransport(lines))
    connection.request("hello")
    assert connection.resume_position(0) == 0
    assert connection.resume_position(1) == 1
    assert connection.resume_position(2) == 1  # seq 3 shares the line with seq 2
    assert connection.resume_position(3) == 3  # nothing newer: after the last line


def test_a_failure_raises_its_class_and_send_returns_it() -> None:
    def missing(request: dict) -> list[dict]:
        return [{"id": request["id"], "ok": False, "code": "NOT_FOUND", "error": "No node."}]

    connection = Connection(ScriptedTransport(missing))
    with pytest.raises(NotFoundError, match="No node"):
        connection.request("get_node", {"path": "/root/X"})
    assert connection.send("get_node")["code"] == "NOT_FOUND"


def test_a_line_without_id_gets_the_next_answer_without_id() -> None:
    def bad(request: dict) -> list[dict]:
        return [{"id": None, "ok": False, "code": "PARSE_ERROR", "error": "Not JSON."}]

    connection = Connection(ScriptedTransport(bad))
    assert connection.send_line(b"not json\n", None)["code"] == "PARSE_ERROR"


def test_no_answer_is_a_response_timeout_with_the_hint() -> None:
    connection = Connection(
        ScriptedTransport(lambda request: None), hang_hint=lambda: " (log tail)"
    )
    with pytest.raises(ResponseTimeoutError, match=r"No answer to hello .* \(log tail\)"):
        connection.request("hello", timeout=0.05)


def test_a_game_that_exited_ends_the_wait() -> None:
    def gone() -> None:
        raise GameExitedError("The game exited with code 3.", exit_code=3, log_tail="boom")

    connection = Connection(ScriptedTransport(lambda request: None), check_alive=gone)
    with pytest.raises(GameExitedError) as raised:
        connection.request("hello", timeout=5)
    assert raised.value.exit_code == 3 and "boom" in str(raised.value)


def test_commands_are_asked_once_and_a_closed_connection_refuses() -> None:
    asked: list[str] = []

    def hello(request: dict) -> list[dict]:
        asked.append(request["cmd"])
        return [{"id": request["id"], "ok": True, "data": {"commands": [{"name": "click"}]}}]

    transport = ScriptedTransport(hello)
    connection = Connection(transport)
    assert connection.has_command("click") and not connection.has_command("hover")
    assert asked == ["hello"]
    connection.forget_commands()
    connection.has_command("click")
    assert asked == ["hello", "hello"]
    connection.close()
    assert transport.closed and connection.closed
    with pytest.raises(AgentBridgeError, match="closed"):
        connection.request("hello")


def test_a_request_longer_than_a_bridge_reads_is_refused_before_sending() -> None:
    transport = ScriptedTransport(echo)
    connection = Connection(transport)
    with pytest.raises(InvalidRequestError, match="at most 1,048,576 bytes"):
        connection.request("fill", {"path": "/root/X", "value": "x" * 1_100_000})
    assert connection.request("hello") == "hello"  # nothing was sent; the next one works


def test_an_error_answer_without_an_id_is_raised_not_waited_out() -> None:
    """The bridge could not read the line's id and named the line by its first bytes: the
    caller gets the bridge's sentence at once as a ProtocolError, instead of a timeout, and
    another client's refused line is not taken for its own."""
    from agent_client import ProtocolError
    from agent_client.wire.protocol import encode_request

    def unreadable(request: dict) -> list[dict]:
        ours = encode_request(request["id"], request["cmd"], request.get("args"))
        refusal = {"id": None, "ok": False, "code": "PARSE_ERROR", "events": [], "frame": 3}
        return [
            {**refusal, "error": "Another client's line.", "head": b"garbage".hex()},
            {**refusal, "error": "The line is not valid UTF-8.", "head": ours[:32].hex()},
        ]

    connection = Connection(ScriptedTransport(unreadable), timeout=30)
    with pytest.raises(ProtocolError, match="not valid UTF-8") as raised:
        connection.request("hello")
    assert raised.value.code == "PARSE_ERROR"


# --- response lines that cannot be read -------------------------------------------------------


def test_an_answer_that_is_not_json_raises_at_once_naming_its_first_bytes() -> None:
    """The answer to hello holds a raw U+0005 (as a Godot 3 key code in the game's controls
    once made it): hello raises a ProtocolError from the read that brought it, naming its id,
    why it is no JSON and its first bytes (the control byte escaped), instead of waiting out
    its timeout. The connection goes on working."""
    garbled = [True]

    def control_in_ok(line: bytes) -> bytes:
        return line.replace(b'"ok":true', b'"ok":"\x05"', 1) if garbled.pop() else line

    connection = Connection(GarblingTransport(FakeBridge(), control_in_ok), timeout=3600)
    with pytest.raises(ProtocolError) as raised:
        connection.request("hello")
    message = str(raised.value)
    assert raised.value.code == "BAD_RESPONSE"
    assert raised.value.response == {"id": 1}
    assert "answer to request 1 cannot be read: not valid JSON (" in message
    assert 'starts {"id":1,"ok":"\\x05","data":{' in message
    assert message.endswith("...")
    assert "\x05" not in message
    garbled.append(False)
    assert connection.request("get_events")["dropped"] == 0


def test_an_unreadable_line_without_a_readable_id_is_raised_by_the_waiting_request() -> None:
    transport = GarblingTransport(FakeBridge(), lambda line: b"\xff\xfe" + line)
    connection = Connection(transport, timeout=3600)
    with pytest.raises(ProtocolError, match=r"answer cannot be read: .* starts \\xff\\xfe\{"):
        connection.request("get_events")


def test_another_clients_unreadable_answer_is_passed_over() -> None:
    """An unreadable line whose id this connection does not wait for is another client's (a
    shared session): this client's request still gets its answer."""
    theirs = b'{"id":"77-3","ok":true,"data":"\x05"}'
    connection = Connection(GarblingTransport(FakeBridge(), others=(theirs,)))
    assert connection.request("hello")["protocol"] == "agentbridge/1"


def test_poll_raises_for_an_unreadable_line_it_cannot_tell_apart() -> None:
    connection = Connection(GarblingTransport(FakeBridge(), others=(b"[1, 2]",)))
    with pytest.raises(ProtocolError, match=r"JSON but not an object; the line \(6 bytes\) "):
        connection.poll()
