"""The file transport without an engine: a thread plays the bridge's side of the files."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from agent_client.transport import segments
from agent_client.transport.base import Line
from agent_client.transport.files import FileTransport
from agent_client.wire.protocol import encode_request


def respond(session: Path, chunks: list[bytes], pause: float = 0.02) -> threading.Thread:
    def write() -> None:
        for chunk in chunks:
            time.sleep(pause)
            with open(session / "resp.jsonl", "ab") as resp:
                resp.write(chunk)

    thread = threading.Thread(target=write)
    thread.start()
    return thread


def receive_all(transport: FileTransport, count: int, seconds: float = 5) -> list[Line]:
    lines: list[Line] = []
    deadline = time.monotonic() + seconds
    while len(lines) < count and time.monotonic() < deadline:
        lines += transport.receive(0.5)
    return lines


@pytest.fixture(params=[True, False], ids=["notified", "polling"])
def transport(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[FileTransport]:
    (tmp_path / "resp.jsonl").touch()
    transport = FileTransport(tmp_path, use_notifications=request.param)
    yield transport
    transport.close()


def test_send_appends_whole_lines(transport: FileTransport) -> None:
    transport.send(encode_request(1, "hello", None))
    transport.send(encode_request("a", "get_tree", {"root": "/root"}))
    lines = transport.cmd_path.read_bytes().splitlines()
    assert [orjson.loads(line)["id"] for line in lines] == [1, "a"]


def test_lines_come_whole_across_partial_writes_with_their_positions(
    transport: FileTransport,
) -> None:
    one = orjson.dumps({"id": 1, "ok": True}) + b"\n"
    two = orjson.dumps({"id": 2, "ok": True}) + b"\n"
    thread = respond(transport.session_dir, [two[:7], two[7:] + one[:3], one[3:]])
    lines = receive_all(transport, 2)
    thread.join()
    assert [line.data for line in lines] == [two[:-1], one[:-1]]
    assert [line.position for line in lines] == [0, len(two)]
    assert transport.position == len(two) + len(one)


def test_receive_gives_up_after_its_timeout(transport: FileTransport) -> None:
    started = time.monotonic()
    assert transport.receive(0.1) == []
    assert time.monotonic() - started >= 0.1


def test_a_transport_can_start_at_the_end_or_at_an_offset(tmp_path: Path) -> None:
    old = b'{"id": 1, "data": "old"}\n'
    (tmp_path / "resp.jsonl").write_bytes(old)
    at_end = FileTransport(tmp_path, start=None, use_notifications=False)
    at_offset = FileTransport(tmp_path, start=0, use_notifications=False)
    thread = respond(tmp_path, [b'{"id": 1, "data": "new"}\n'])
    assert [line.data for line in receive_all(at_end, 1)] == [b'{"id": 1, "data": "new"}']
    assert [line.position for line in receive_all(at_offset, 2)] == [0, len(old)]
    thread.join()
    for opened in (at_end, at_offset):
        opened.close()


def test_a_missing_response_file_is_no_error(tmp_path: Path) -> None:
    transport = FileTransport(tmp_path, use_notifications=False)
    assert transport.receive(0.0) == []
    assert transport.position == 0


def test_responses_go_on_in_the_segment_a_next_line_names(tmp_path: Path) -> None:
    first = b'{"id": 1, "ok": true}\n'
    (tmp_path / "resp.jsonl").write_bytes(first + b'{"next":"resp.1.jsonl"}\n')
    (tmp_path / "resp.1.jsonl").write_bytes(b'{"id": 2, "ok": true}\n{"id": 3, "ok": tr')
    transport = FileTransport(tmp_path, use_notifications=False)
    lines = transport.receive(0.0)
    assert [line.data for line in lines] == [first[:-1], b'{"id": 2, "ok": true}']
    assert [segments.split(line.position) for line in lines] == [(0, 0), (1, 0)]
    with open(tmp_path / "resp.1.jsonl", "ab") as resp:
        resp.write(b"ue}\n")
    third = transport.receive(0.0)
    assert [line.data for line in third] == [b'{"id": 3, "ok": true}']
    # A reader resuming at a position in segment 1 reads from there; one attaching now, from
    # the end of the newest segment.
    again = FileTransport(tmp_path, start=third[0].position, use_notifications=False)
    assert [line.data for line in again.receive(0.0)] == [b'{"id": 3, "ok": true}']
    assert FileTransport(tmp_path, start=None, use_notifications=False).receive(0.0) == []


def test_a_response_file_truncated_or_made_again_is_read_from_its_start(tmp_path: Path) -> None:
    resp = tmp_path / "resp.jsonl"
    resp.write_bytes(b'{"id": 1, "ok": true}\n')
    transport = FileTransport(tmp_path, use_notifications=False)
    assert [line.data for line in transport.receive(0.0)] == [b'{"id": 1, "ok": true}']
    resp.write_bytes(b"")  # truncated in place
    resp.write_bytes(b'{"id": 2}\n')
    assert [line.data for line in transport.receive(0.0)] == [b'{"id": 2}']
    resp.unlink()  # deleted while the reader holds it open, then made again
    assert transport.receive(0.0) == []
    resp.write_bytes(b'{"id": 3}\n')
    assert [line.data for line in transport.receive(0.0)] == [b'{"id": 3}']
    transport.close()


def test_a_reader_whose_segment_was_deleted_goes_on_at_the_next(tmp_path: Path) -> None:
    (tmp_path / "resp.2.jsonl").write_bytes(b'{"id": 9, "ok": true}\n')
    transport = FileTransport(tmp_path, start=segments.position(1, 500), use_notifications=False)
    assert [line.data for line in transport.receive(0.0)] == [b'{"id": 9, "ok": true}']


def test_a_writer_starts_a_new_command_segment_once_one_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(segments, "SEGMENT_BYTES", 50)
    one = FileTransport(tmp_path, use_notifications=False)
    other = FileTransport(tmp_path, use_notifications=False)
    for number in range(4):
        (one if number % 2 else other).send(encode_request(number, "hello", None))
    old = (tmp_path / "cmd.jsonl").read_bytes().splitlines()
    assert old[-1] == b'{"next":"cmd.1.jsonl"}' and len(old) == 3
    following = (tmp_path / "cmd.1.jsonl").read_bytes().splitlines()
    assert [orjson.loads(line)["id"] for line in following[:2]] == [2, 3]
    assert segments.next_segment(b'{"next":"cmd.1.jsonl"}', "resp") is None  # kinds apart
    assert segments.next_segment(b'{"next":"../etc.1.jsonl"}', "cmd") is None
