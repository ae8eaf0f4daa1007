"""The file transport without an engine: a thread plays the bridge's side of the files."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import orjson
import pytest

from agent_client._protocol import encode_request
from agent_client._transport import FileTransport


def respond(session: Path, chunks: list[bytes], pause: float = 0.02) -> threading.Thread:
    def write() -> None:
        for chunk in chunks:
            time.sleep(pause)
            with open(session / "resp.jsonl", "ab") as resp:
                resp.write(chunk)
    thread = threading.Thread(target=write)
    thread.start()
    return thread


@pytest.fixture(params=[True, False], ids=["notified", "polling"])
def transport(request: pytest.FixtureRequest, tmp_path: Path):
    (tmp_path / "resp.jsonl").touch()
    transport = FileTransport(tmp_path, use_notifications=request.param)
    yield transport
    transport.close()


def test_send_appends_whole_lines(transport: FileTransport) -> None:
    transport.send(encode_request(1, "hello", None))
    transport.send(encode_request("a", "get_tree", {"root": "/root"}))
    lines = transport.cmd_path.read_bytes().splitlines()
    assert [orjson.loads(line)["id"] for line in lines] == [1, "a"]


def test_responses_are_matched_by_id_across_partial_writes(transport: FileTransport) -> None:
    one = orjson.dumps({"id": 1, "ok": True, "data": 1, "events": []}) + b"\n"
    two = orjson.dumps({"id": 2, "ok": True, "data": 2, "events": []}) + b"\n"
    thread = respond(transport.session_dir, [two[:7], two[7:] + one[:3], one[3:]])
    deadline = time.monotonic() + 5
    assert transport.wait_for(1, deadline, lambda: None)["data"] == 1
    assert transport.wait_for(2, deadline, lambda: None)["data"] == 2
    thread.join()


def test_events_of_every_response_reach_the_sink(transport: FileTransport) -> None:
    seen: list[dict] = []
    transport.on_events(seen.extend)
    lines = [orjson.dumps({"id": "other", "ok": True, "events": [{"type": "a", "seq": 1}]}),
             orjson.dumps({"id": 5, "ok": True, "events": [{"type": "b", "seq": 2}]})]
    thread = respond(transport.session_dir, [line + b"\n" for line in lines])
    assert transport.wait_for(5, time.monotonic() + 5, lambda: None) is not None
    assert [event["type"] for event in seen] == ["a", "b"]
    thread.join()


def test_lines_without_id_are_kept_apart(transport: FileTransport) -> None:
    thread = respond(transport.session_dir, [b'{"id": null, "ok": false, "code": "PARSE_ERROR"}\n'
                                             b'not json at all\n{"id": 3, "ok": true}\n'])
    assert transport.wait_for(3, time.monotonic() + 5, lambda: None) is not None
    assert [r["code"] for r in transport.take_unmatched()] == ["PARSE_ERROR"]
    thread.join()


def test_wait_for_gives_up_at_the_deadline(transport: FileTransport) -> None:
    assert transport.wait_for(1, time.monotonic() + 0.1, lambda: None) is None


def test_check_alive_is_consulted_while_waiting(transport: FileTransport) -> None:
    class Gone(Exception):
        pass

    def check() -> None:
        raise Gone

    with pytest.raises(Gone):
        transport.wait_for(1, time.monotonic() + 5, check)


def test_an_attached_transport_skips_old_responses(tmp_path: Path) -> None:
    (tmp_path / "resp.jsonl").write_bytes(b'{"id": 1, "ok": true, "data": "old"}\n')
    transport = FileTransport(tmp_path, read_from_start=False, use_notifications=False)
    thread = respond(tmp_path, [b'{"id": 1, "ok": true, "data": "new"}\n'])
    assert transport.wait_for(1, time.monotonic() + 5, lambda: None)["data"] == "new"
    thread.join()
    transport.close()
