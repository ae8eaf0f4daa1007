"""Bad input, long waits, vanished files and attempts to step outside the game: every line is
answered or refused clearly, nothing blocks forever, nothing is lost, no door opens."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from agent_client import (
    AgentClient,
    InvalidArgsError,
    InvalidRequestError,
    NotFoundError,
    ParseError,
    ProtocolError,
)
from tests.conftest import FIXTURE_GAME, LAB_SCENE

TITLE = {"path": "/root/Conformance/Title", "property": "text"}


def raw(game: AgentClient, data: bytes) -> None:
    """Appends bytes to the command file as a careless writer would."""
    game.connection.transport.send(data)


def answers(game: AgentClient, ids: set[object], timeout: float = 10) -> dict[object, dict]:
    """The answers with these ids, read from the response file."""
    deadline = time.monotonic() + timeout
    found: dict[object, dict] = {}
    while time.monotonic() < deadline and set(found) != ids:
        folder = game.session_dir
        for path in sorted(folder.glob("resp*.jsonl")):
            for line in path.read_bytes().splitlines():
                answer = orjson.loads(line)
                if answer.get("id") in ids:
                    found[answer["id"]] = answer
        time.sleep(0.02)
    return found


def test_a_batch_with_nul_bytes_and_bad_utf8_answers_every_other_line(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    batch = (
        b'{"id": 901, "cmd": "hello"}\n'
        b'{"id": 902, "cmd": "he\x00llo"}\n'
        b'{"id": 903, "cmd": "hello"}\n'
        b'{"id": 904, "cmd": "\xff\xfe"}\n'
        b'{"id": 905, "cmd": "hello"}\n'
    )
    raw(game, batch)
    got = answers(game, {901, 902, 903, 904, 905})
    assert [got[i]["ok"] for i in (901, 903, 905)] == [True, True, True]
    assert got[902]["code"] == "PARSE_ERROR" and "NUL" in got[902]["error"]
    assert got[904]["code"] == "PARSE_ERROR" and "UTF-8" in got[904]["error"]


def test_an_unreadable_line_is_raised_at_once_not_waited_out(
    conformance_game: AgentClient,
) -> None:
    started = time.monotonic()
    with pytest.raises((ProtocolError, ParseError), match="not valid UTF-8"):
        conformance_game.connection.send_line(b'{"cmd": "\xff"}\n', 77, timeout=20)
    assert time.monotonic() - started < 10, "answered, not timed out"


def test_an_over_long_line_is_refused_unread_and_the_next_is_answered(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    huge = b'{"id": 911, "cmd": "hello", "args": {"x": "' + b"a" * 3_000_000 + b'"}}\n'
    raw(game, huge + b'{"id": 912, "cmd": "hello"}\n')
    got = answers(game, {911, 912})
    assert got[911]["code"] == "INVALID_REQUEST" and "capped" in got[911]["error"]
    assert len(orjson.dumps(got[911])) < 1000, "never echoed back"
    assert got[912]["ok"] is True
    with pytest.raises(InvalidRequestError, match="at most 1,048,576 bytes"):
        game.request("fill", {"path": "/root/Conformance/NameEdit", "value": "x" * 1_100_000})


def test_deep_nesting_and_non_finite_numbers_are_refused(conformance_game: AgentClient) -> None:
    game = conformance_game
    deep = b"[" * 1000 + b"1" + b"]" * 1000
    line = (
        b'{"id": 931, "cmd": "call_method", "args": {"path": "/root/Conformance", '
        b'"method": "get_name", "args": ' + deep + b"}}\n"
    )
    response = game.connection.send_line(line, 931)
    assert response["code"] == "INVALID_ARGS" and "deeper than 64" in response["error"]
    with pytest.raises(InvalidArgsError, match="at most"):
        game.request("click", {"x": 1e308, "y": 10})
    assert game.hello()["protocol"] == "agentbridge/1"


def test_waits_are_capped_and_a_long_wait_holds_up_no_one(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    with pytest.raises(InvalidArgsError, match="at most 1000000"):
        game.request("wait", {"frames": 1_000_000_000})
    raw(game, b'{"id": 921, "cmd": "wait", "args": {"frames": 900000, "timeout_ms": 60000}}\n')
    started = time.monotonic()
    assert game.request("get_property", TITLE)["value"] == "Conformance"
    assert time.monotonic() - started < 5, "the long wait did not hold up other requests"
    assert game.request("cancel", {"id": 921}) == {"cancelled": 921}
    got = answers(game, {921})
    assert got[921]["code"] == "CANCELLED"
    with pytest.raises(NotFoundError, match="No request with id 921 is running"):
        game.request("cancel", {"id": 921})


def test_a_client_can_cancel_its_own_wait_from_another_process(
    conformance_game: AgentClient,
) -> None:
    script = (
        "import sys, time\n"
        "from agent_client import AgentClient\n"
        "c = AgentClient.attach(sys.argv[1])\n"
        "time.sleep(1.0)\n"
        "c.request('cancel', {'id': sys.argv[2]})\n"
    )
    waiter = AgentClient.attach(conformance_game.session_dir)
    request_id = waiter.connection.next_id()
    canceller = subprocess.Popen(
        [sys.executable, "-c", script, str(conformance_game.session_dir), str(request_id)]
    )
    line = orjson.dumps(
        {"id": request_id, "cmd": "wait", "args": {"frames": 900000, "timeout_ms": 60000}}
    )
    started = time.monotonic()
    response = waiter.connection.send_line(line + b"\n", request_id, timeout=30)
    assert response["code"] == "CANCELLED", response
    assert time.monotonic() - started < 20
    assert canceller.wait(30) == 0
    waiter.detach()


def test_deleted_and_truncated_session_files_are_recovered(conformance_game: AgentClient) -> None:
    game = conformance_game
    folder = game.session_dir
    (folder / "resp.jsonl").unlink()
    time.sleep(0.8)  # the bridge checks its files twice a second
    assert game.request("get_property", TITLE)["value"] == "Conformance"
    (folder / "cmd.jsonl").write_bytes(b"")
    time.sleep(0.8)
    assert game.request("get_property", TITLE)["value"] == "Conformance"
    log = (folder / "engine.log").read_text()
    assert "resp.jsonl was deleted" in log and "cmd.jsonl was truncated" in log


def test_paths_stay_inside_the_project_and_the_bridge_guards_itself(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    for outside in (
        "res://../outside/evil.tscn",
        "res://scenes/../../evil.tscn",
        "/etc/passwd",
        "user://../x.tscn",
    ):
        with pytest.raises(InvalidArgsError, match=r"outside the project|not a res:// path"):
            game.change_scene(outside)
    bridge = "/root/AgentBridge"
    with pytest.raises(InvalidArgsError, match="the bridge itself"):
        game.set_property(bridge, "session_dir", "/tmp/elsewhere")
    with pytest.raises(InvalidArgsError, match="the bridge itself"):
        game.call_method(bridge, "set_process", False)
    with pytest.raises(InvalidArgsError, match="private"):
        game.call_method("/root/Conformance", "_ready")
    with pytest.raises(InvalidArgsError, match="Scripts are off-limits"):
        game.get_property("/root/Conformance", "script:source_code")
    with pytest.raises(InvalidArgsError, match="reaches members by name"):
        game.call_method("/root/Conformance", "get", "script")
    assert game.get_property(bridge, "agent_mode") is True, "the bridge stays readable"
    assert game.hello()["protocol"] == "agentbridge/1"


@pytest.fixture
def zombie_pid() -> Iterator[int]:
    """The pid of a process that has exited but that nobody reaped yet."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        stat = Path(f"/proc/{child.pid}/stat").read_text()
        state = stat.rsplit(")", 1)[1].split()[0]
        if state == "Z":
            break
        time.sleep(0.02)
    yield child.pid
    child.wait()


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_game_whose_parent_is_a_zombie_quits(zombie_pid: int) -> None:
    from agent_client.engine import godot_import, launcher

    godot = launcher.find_godot()
    godot_import.ensure_imported(FIXTURE_GAME, godot)
    session = launcher.new_session_dir()
    argv = launcher.godot_argv(
        godot, FIXTURE_GAME, session, scene=LAB_SCENE, engine_args=[], parent_pid=zombie_pid
    )
    game = launcher.GameProcess(argv, session)
    try:
        game.popen.wait(timeout=15)
    finally:
        game.stop()
    assert game.exit_code() is not None, "the game noticed its parent was gone"
