"""The fake bridge keeps to the contract: it passes the same golden fixtures as the real
bridges (tests/agent/test_conformance.py runs them against Godot), so the fast tests that use
it test the client against the protocol, not against a private dialect."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_client import AgentClient, StaleRefError
from agent_client.transport import segments
from tests.fake import FakeBridge, SessionServer, fake_client
from tests.protocol.golden import check_response, load_cases, run_case

CASES = load_cases()


@pytest.fixture(scope="module")
def shared() -> AgentClient:
    return fake_client()


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_golden_case(shared: AgentClient, case: dict) -> None:
    check_response(case, run_case(shared, case))


def test_refs_stay_with_their_node_and_a_gone_node_is_stale(game: AgentClient) -> None:
    first = game.snapshot()["refs"]
    play = next(ref for ref, info in first.items() if info["name"] == "Play")
    game.snapshot()
    assert game.snapshot()["refs"][play]["path"] == "/root/Conformance/PlayButton"
    assert game.press(f"@{play}")["pressed"] == "/root/Conformance/PlayButton"
    game.change_scene("res://scenes/lab.tscn")
    with pytest.raises(StaleRefError):
        game.press(play)
    assert play not in game.snapshot()["refs"]  # refs are never reused


def test_it_serves_a_session_folder_like_a_game(tmp_path: Path) -> None:
    with (
        SessionServer(FakeBridge(), tmp_path) as server,
        AgentClient.attach(server.folder) as client,
    ):
        assert client.hello()["protocol"] == "agentbridge/1"
        assert client.get_property("/root/Conformance/Volume", "value") == 50.0


def test_snapshot_since_answers_unchanged_until_the_tree_moves(game: AgentClient) -> None:
    first = game.snapshot()
    again = game.snapshot(since=first["tree_version"])
    assert again == {
        "unchanged": True,
        "snapshot": again["snapshot"],
        "tree_version": first["tree_version"],
    }
    game.fill("/root/Conformance/NameEdit", "Ada")
    moved = game.snapshot(since=first["tree_version"], all=True)
    assert moved["tree_version"] > first["tree_version"] and 'value="Ada"' in moved["text"]


def test_a_long_session_goes_on_in_segments_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(segments, "SEGMENT_BYTES", 400)  # a client's command segments
    with (
        SessionServer(FakeBridge(), tmp_path, resp_segment_bytes=500) as server,
        AgentClient.attach(server.folder) as client,
    ):
        for number in range(60):
            assert client.set_property("/root/Conformance/Volume", "value", number) == number
        assert client.get_property("/root/Conformance/Volume", "value") == 59.0
    assert segments.latest_segment(tmp_path, "cmd") >= 5
    assert segments.latest_segment(tmp_path, "resp") >= 5  # each reader followed them


def test_hello_is_small_unless_schemas_are_asked_for(game: AgentClient) -> None:
    small = game.hello()["commands"]
    # The short form names the source of the game's own commands only.
    assert all(
        command == {"name": command["name"]} or command.get("source") == "game" for command in small
    )
    assert {"name": "spawn", "source": "game"} in small
    full = {command["name"]: command for command in game.hello(schemas=True)["commands"]}
    assert full["press"]["args_schema"]["properties"]["path"] == {"type": "string"}
    assert game.connection.has_command("select") and full["spawn"]["source"] == "game"
