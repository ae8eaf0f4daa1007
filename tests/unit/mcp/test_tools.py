"""The MCP tools' error answers, without a game: each error becomes its code, its sentence and
the next step an agent should take."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from agent_client import AgentClient
from agent_client.mcp.play import Play
from agent_client.mcp.tools import NEXT_STEP, Tool, build_tools, explain
from agent_client.presentation.errors import UsageError
from agent_client.wire.errors import SessionError, StaleRefError

CONFORMANCE = "/root/Conformance"


def test_a_front_end_s_usage_error_keeps_its_code_and_next_step() -> None:
    code, text = explain(UsageError("NO_SESSION", "No game is running."))
    assert code == "NO_SESSION"
    assert text == "NO_SESSION: No game is running.\nNext: " + NEXT_STEP["NO_SESSION"]


def test_a_bridge_error_keeps_its_code_and_anything_else_is_internal() -> None:
    assert explain(StaleRefError("e9 is gone."))[0] == "STALE_REF"
    assert explain(RuntimeError("boom")) == (
        "INTERNAL",
        "INTERNAL: boom\nNext: " + NEXT_STEP["INTERNAL"],
    )


def test_attaching_to_no_session_answers_no_session_with_its_next_step() -> None:
    with pytest.raises(SessionError) as caught:
        Play().attach({"session": "no-such-session-here"})
    code, text = explain(caught.value)
    assert code == "NO_SESSION" and "No running session 'no-such-session-here'" in text
    assert text.endswith("Next: " + NEXT_STEP["NO_SESSION"])


def test_launch_options_that_do_not_go_together_are_invalid_args(tmp_path: Path) -> None:
    with pytest.raises(UsageError) as caught:
        Play().launch({"project": str(tmp_path), "user_data": str(tmp_path), "own_user_data": True})
    code, text = explain(caught.value)
    assert code == "INVALID_ARGS" and "not both" in text


# --- the tools, on the fake bridge ----------------------------------------------------------------


def tools_of(play: Play) -> dict[str, Tool]:
    return {tool.name: tool for tool in build_tools(play)}


@pytest.fixture
def play(game: AgentClient) -> Play:
    """A server's play on the fake bridge's game (as after ``attach``)."""
    return Play(game=game)


def test_tools_are_made_from_the_command_table(play: Play) -> None:
    tools = tools_of(play)
    fill = tools["fill"].schema
    assert fill["required"] == ["target"]  # value too, unless the old "text" gives it
    assert fill["properties"]["value"]["type"] == "string"
    assert fill["properties"]["text"]["description"].startswith("deprecated: use value")
    assert tools["snapshot"].schema["properties"]["max_depth"] == {
        "type": "integer",
        "minimum": 0,
        "description": "levels below root",
    }
    assert tools["snapshot"].schema["properties"]["interactive"]["default"] is True
    assert tools["snapshot"].read_only and tools["set_property"].destructive
    assert "snapshot" not in tools["click"].schema["properties"]  # every action answers one
    assert tools["input_action"].description.startswith("deprecated: use input.")
    read_only = tools_of(Play(read_only=True))
    assert "click" in read_only and not {"set_property", "reset_game", "reset"} & set(read_only)


def test_a_tool_runs_its_command_and_answers_with_the_screen(play: Play) -> None:
    tools = tools_of(play)
    filled = tools["fill"].run({"target": f"{CONFORMANCE}/NameEdit", "value": "Ada"})
    assert filled.text.startswith(f"fill {CONFORMANCE}/NameEdit")
    assert "screen (tree_version" in filled.text
    assert play.current().get_property(f"{CONFORMANCE}/NameEdit", "text") == "Ada"
    lean = orjson.loads(tools["get_tree"].run({"root": CONFORMANCE, "max_depth": 0}).text)
    assert lean["children"] == [] and lean.get("truncated") is True


def test_old_tools_and_arguments_still_work_for_a_release(play: Play) -> None:
    tools = tools_of(play)
    old = tools["fill"].run({"target": f"{CONFORMANCE}/NameEdit", "text": "Bob"})
    assert old.text.startswith(f"fill {CONFORMANCE}/NameEdit")
    assert play.current().get_property(f"{CONFORMANCE}/NameEdit", "text") == "Bob"
    whole = {"interactive": False, "compact": False}
    old_depth = tools["snapshot"].run({"depth": 1, **whole}).text.splitlines()
    new_depth = tools["snapshot"].run({"max_depth": 1, **whole}).text.splitlines()
    assert old_depth[1:] == new_depth[1:] and len(new_depth) == 3  # the screen line, two nodes
    assert tools["actions"].run({}).text == tools["list_actions"].run({}).text
