"""A game from Godot 3 opened in Godot 4 (tests/godot3_keys): ui_accept and jump are bound
with Godot 3's key numbers, which Godot 4 reads as Ctrl plus a control character. The game
still answers, its controls read as a player reads them, and its actions play. And strings
no JSON encoder of the engine writes safely (control characters, a lone surrogate, a code
point past Unicode) reach every file the bridge writes as valid JSON, with no engine error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from agent_client import AgentClient
from agent_client.connection.engine_errors import is_engine_error
from tests.conftest import GODOT3_GAME

MAIN = "/root/Main"
ENTER = "Enter (Godot 3 key code 16777221)"
UP = "Up (Godot 3 key code 16777232)"


@pytest.fixture
def game() -> Iterator[AgentClient]:
    with AgentClient.launch(GODOT3_GAME) as launched:
        yield launched


def json_lines(path: Path) -> list[object]:
    """Every line of a file the bridge wrote, read by a strict JSON reader (fails on a raw
    control character or bytes that are not UTF-8)."""
    return [orjson.loads(line) for line in path.read_bytes().splitlines() if line]


def test_hello_answers_and_the_controls_read_as_a_player_reads_them(game: AgentClient) -> None:
    assert game.hello()["controls"] == [f"ui_accept ({ENTER})", f"jump ({UP}, Space)"]
    assert game.controls() == [
        {"action": "ui_accept", "bindings": [ENTER], "inputs": [{}]},
        {"action": "jump", "bindings": [UP, "Space"], "inputs": [{}, {"key": "Space"}]},
    ], "a Godot 3 code is no key the input command can name: only the action plays it"
    first = game.snapshot()["text"].splitlines()[0]
    assert first == f"- controls: ui_accept ({ENTER}), jump ({UP}, Space)"


def test_actions_bound_to_godot3_codes_still_reach_the_game(game: AgentClient) -> None:
    game.input(action="ui_accept")
    assert game.get_property(MAIN, "accepted") == 1
    held = game.hold(action="jump", frames=5)
    assert held["frames"] == 5
    assert game.get_property(MAIN, "jumps") == 1, "one press, held"
    assert game.get_property(MAIN, "jump_frames") == 5


def test_strings_no_json_holds_raw_come_back_as_valid_json(
    game: AgentClient, tmp_path: Path
) -> None:
    """A label's text with U+0005 (set through set_property), and a tooltip holding U+0005, a
    lone surrogate and a code point past U+10FFFF (made by the game: no JSON request can carry
    them) read back through get_property and the snapshot; the surrogate and the code point
    as U+FFFD. Every line of resp.jsonl, bridge.json and an annotated recording is strict
    JSON, and the engine logged nothing."""
    game.start_recording(annotate=True)
    assert game.set_property(f"{MAIN}/Message", "text", "bell\x05") == "bell\x05"
    assert game.get_property(f"{MAIN}/Message", "text") == "bell\x05"
    game.call_method(MAIN, "note_unescaped", "a&#5;b&#xD800;c&#x110000;d")
    assert game.get_property(f"{MAIN}/Note", "tooltip_text") == "a\x05b\ufffdc\ufffdd"
    snapshot = game.snapshot()["text"]
    assert '- button "a\x05b\ufffdc\ufffdd"' in snapshot
    assert '- text "bell"' in snapshot
    recording = game.stop_recording(tmp_path / "run.jsonl")
    written = [line for line in json_lines(recording.path) if isinstance(line, dict)]
    assert any(line.get("args", {}).get("value") == "bell\x05" for line in written)
    assert game.session_dir is not None
    assert json_lines(game.session_dir / "resp.jsonl")
    assert json_lines(game.session_dir / "bridge.json")
    game.get_events()
    assert [event for event in game.event_log if is_engine_error(event)] == []
