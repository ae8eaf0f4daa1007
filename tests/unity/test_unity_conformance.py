"""The Unity bridge's engine-independent core as a headless console game (AgentBridgeHost.exe
over the synthetic conformance scene): the golden protocol fixtures and the Python client run
against it exactly as against a game, and the session files are also driven directly."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_client import (
    AgentClient,
    InternalBridgeError,
    InvalidArgsError,
    NotFoundError,
    NotInteractableError,
    StaleRefError,
    UnknownCommandError,
    UnsupportedError,
)
from tests.protocol.golden import check_response, load_cases, run_case
from tests.unity.host_session import HostSession

CASES = load_cases()
CLIENT_TIMEOUT = 20.0


def launch(host_exe: Path, *args: str) -> AgentClient:
    return AgentClient.launch_command(["mono", str(host_exe), *args], timeout=CLIENT_TIMEOUT)


@pytest.fixture(scope="module")
def shared_host(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe) as client:
        yield client


@pytest.fixture
def host(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe) as client:
        yield client


@pytest.fixture
def session(host_exe: Path, tmp_path: Path) -> Iterator[HostSession]:
    running = HostSession(host_exe, tmp_path / "session")
    yield running
    running.stop()


# --- the golden fixtures (docs/PROTOCOL.md, section 9) -----------------------------------------

@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_golden_case(shared_host: AgentClient, case: dict) -> None:
    check_response(case, run_case(shared_host, case))


# --- through the Python client ------------------------------------------------------------------

def test_hello_describes_the_unity_bridge_and_the_game_commands(host: AgentClient) -> None:
    hello = host.hello()
    assert hello["engine"] == "unity"
    assert hello["agent_mode"] is True
    sources = {command["name"]: command.get("source", "bridge") for command in hello["commands"]}
    assert sources["snapshot"] == "bridge"
    game = {name for name, source in sources.items() if source == "game"}
    assert {"echo", "fail_with", "crash", "animate", "emit"} <= game


def test_game_commands_validate_and_fail_with_their_codes(host: AgentClient) -> None:
    assert host.command("echo", text="hi", times=2)["texts"] == ["hi", "hi"]
    with pytest.raises(InvalidArgsError):
        host.command("echo", text=3)
    with pytest.raises(NotFoundError) as raised:
        host.command("fail_with", code="NOT_FOUND", message="There is no level 'x'.")
    assert raised.value.code == "NOT_FOUND"
    assert "level 'x'" in str(raised.value)
    with pytest.raises(InternalBridgeError):
        host.command("crash")


def test_state_comes_from_the_registered_callback(host: AgentClient) -> None:
    host.command("echo", text="a")
    state = host.get_state()
    assert state["scene"] == "Conformance"
    assert state["echoes"] == 1


def test_snapshot_refs_act_and_go_stale(host: AgentClient) -> None:
    snapshot = host.snapshot()
    assert '- button "Play" [ref=e2]' in snapshot["text"]
    assert snapshot["refs"]["e2"]["path"] == "/root/Conformance/PlayButton"
    assert host.request("press", {"ref": "@e2"})["pressed"] == "/root/Conformance/PlayButton"
    assert host.request("get_node", {"ref": "e5"})["node"]["value"] == 50
    clicked = host.click("@e2")
    assert clicked["target"] == "/root/Conformance/PlayButton"
    assert clicked["changes"]["added_count"] == 0
    host.snapshot(root="/root/Conformance/PlayButton")
    assert host.request("press", {"ref": "e4"})["pressed"] == "/root/Conformance/ToggleButton"
    host.change_scene("Conformance")
    with pytest.raises(StaleRefError):
        host.request("press", {"ref": "e4"})
    assert host.snapshot()["refs"]["e7"]["path"] == "/root/Conformance/PlayButton"
    with pytest.raises(NotInteractableError):
        host.press("/root/Conformance/DisabledButton")


def test_unknown_commands_name_close_ones(host: AgentClient) -> None:
    with pytest.raises(UnknownCommandError) as raised:
        host.request("snapshott")
    assert "snapshot" in str(raised.value)


def test_screenshots_are_unsupported_without_a_screen(host: AgentClient) -> None:
    with pytest.raises(UnsupportedError):
        host.screenshot()


def test_events_ride_along_and_drain(host: AgentClient) -> None:
    host.press("/root/Conformance/PlayButton")
    host.fill("/root/Conformance/NameEdit", "Ada", submit=True)
    types = [event["type"] for event in host.get_events()]
    assert types[:1] == ["pressed"]
    assert "text_changed" in types and "text_submitted" in types


def test_wait_settled_waits_for_animation(host: AgentClient) -> None:
    assert host.change_scene("Lab")["root"] == "/root/Lab"
    host.command("animate", frames=120)
    # Lockstep holds the game between the two requests, so the count is exact: 120 frames of
    # movement, then two quiet ones (the first of them the frame the movement ended).
    assert host.wait_settled()["frames_waited"] == 121
    assert host.get_property("/root/Lab/Spinner", "position:x") == 120
    assert host.get_property("/root/Lab/Spinner", "playing") is False


def test_quit_ends_the_process_with_the_exit_code(host: AgentClient) -> None:
    assert host.quit(5) == 5


# --- through the session files directly ---------------------------------------------------------

def test_host_answers_through_the_files(session: HostSession) -> None:
    ready = session.start()
    assert ready["protocol"] == "agentbridge/1"
    assert ready["engine"] == "unity"
    assert isinstance(ready["pid"], int)
    response = session.request("get_node", path="/root/Conformance/Volume")
    assert response["ok"] is True
    assert response["data"]["node"]["value"] == 50
    assert isinstance(response["frame"], int)


def test_partial_bad_and_crlf_lines(session: HostSession) -> None:
    session.start()
    session.append(b'{"id": 1, "cmd": "hel')
    session.append(b'lo"}\r\nnot json\n\n{"id": "b", "cmd": "get_events"}\n')
    first, bad, last = session.responses(3)
    assert first["id"] == 1 and first["ok"] is True
    assert bad["id"] is None and bad["code"] == "PARSE_ERROR"
    assert last["id"] == "b" and last["ok"] is True


def test_commands_left_from_an_earlier_run_are_not_replayed(session: HostSession) -> None:
    session.directory.mkdir(parents=True)
    session.cmd.write_bytes(b'{"id": 99, "cmd": "quit"}\n')
    session.start()
    assert session.request("hello")["ok"] is True
    assert session.process is not None and session.process.poll() is None


def test_quit_writes_its_answer_then_exits(session: HostSession) -> None:
    session.start()
    assert session.request("quit", exit_code=3)["data"] == {"quitting": True}
    assert session.wait_exit() == 3


def test_without_agent_mode_the_host_does_nothing(host_exe: Path, tmp_path: Path) -> None:
    run = subprocess.run(["mono", str(host_exe), f"--agent-dir={tmp_path}"], capture_output=True,
                         text=True, timeout=30, check=False)
    assert run.returncode == 0
    assert list(tmp_path.iterdir()) == []
    assert "stays off" in run.stdout


def test_bridge_json_is_valid_json_with_every_field(session: HostSession) -> None:
    session.start()
    info = json.loads(session.ready.read_text())
    assert set(info) == {"protocol", "engine", "engine_version", "pid", "game", "frame", "time"}
    assert info["time"]["mode"] == "lockstep" and info["time"]["frame"] == 0
