"""get_setting against the real Godot bridge: project settings as the running game sees them,
what the game changed since launch (the reset game's ``dirty`` changes one setting and adds
another, as a settings menu would), a reset putting them back, refusals, and the MCP tool."""

from __future__ import annotations

from collections.abc import Iterator

import orjson
import pytest

from agent_client import AgentClient, InvalidArgsError, NotFoundError
from agent_client.mcp.play import Play
from agent_client.mcp.tools import build_tools
from tests.conftest import RESET_GAME

MAIN = "/root/Main"


@pytest.fixture
def reset_game() -> Iterator[AgentClient]:
    with AgentClient.launch(RESET_GAME) as game:
        yield game


def test_settings_read_as_the_game_sees_them_and_say_what_it_changed(
    reset_game: AgentClient,
) -> None:
    game = reset_game
    assert game.get_setting("game/difficulty") == {
        "name": "game/difficulty",
        "value": 1,
        "type": "int",
        "changed": False,
    }
    assert game.get_setting("application/config/name")["value"] == "Reset game"
    assert game.get_setting("application/run/main_scene")["value"] == "res://scenes/main.tscn"
    # Engine defaults the project file leaves alone, in their engine types and wire forms.
    width = game.get_setting("display/window/size/viewport_width")
    assert (width["value"], width["type"], width["changed"]) == (1152, "int", False)
    assert game.get_setting("physics/common/physics_ticks_per_second")["value"] == 60
    features = game.get_setting("application/config/features")
    assert (features["value"], features["type"]) == (["4.6"], "PackedStringArray")
    clear = game.get_setting("rendering/environment/defaults/default_clear_color")
    assert (clear["value"]["html"], clear["type"]) == ("#4d4d4dff", "Color")

    game.call_method(MAIN, "dirty")  # difficulty 9, and a setting of its own
    assert game.get_setting("game/difficulty") == {
        "name": "game/difficulty",
        "value": 9,
        "type": "int",
        "changed": True,
    }
    assert game.get_setting("game/added_at_run_time") == {
        "name": "game/added_at_run_time",
        "value": True,
        "type": "bool",
        "changed": True,
    }
    assert game.get_setting("application/config/name")["changed"] is False

    game.reset_game()
    assert game.get_setting("game/difficulty")["value"] == 1
    assert game.get_setting("game/difficulty")["changed"] is False
    with pytest.raises(NotFoundError, match="no project setting 'game/added_at_run_time'"):
        game.get_setting("game/added_at_run_time")


def test_a_missing_setting_names_the_likeliest_and_a_bad_name_is_refused(
    reset_game: AgentClient,
) -> None:
    game = reset_game
    with pytest.raises(NotFoundError) as missing:
        game.get_setting("game/dificulty")
    assert missing.value.response["error"] == (
        "There is no project setting 'game/dificulty'. Did you mean: game/difficulty?"
    )
    with pytest.raises(NotFoundError) as typo:
        game.get_setting("display/window/size/viewport_widht")
    assert "Did you mean: display/window/size/viewport_width," in typo.value.response["error"]
    with pytest.raises(NotFoundError) as far:
        game.get_setting("zzz")
    assert far.value.response["error"] == "There is no project setting 'zzz'."
    with pytest.raises(InvalidArgsError, match="'name' must be a string"):
        game.request("get_setting", {"name": 5})
    with pytest.raises(InvalidArgsError, match="needs the argument 'name'"):
        game.request("get_setting", {})


def test_the_mcp_tool_reads_a_setting_and_is_read_only(reset_game: AgentClient) -> None:
    game = reset_game
    game.call_method(MAIN, "dirty")
    tools = {tool.name: tool for tool in build_tools(Play(game=game, read_only=True))}
    tool = tools["get_setting"]  # offered by a read-only server: it changes nothing
    assert tool.read_only and not tool.destructive
    assert tool.schema["required"] == ["name"]
    answer = orjson.loads(tool.run({"name": "game/difficulty"}).text)
    assert answer == {"name": "game/difficulty", "value": 9, "type": "int", "changed": True}
