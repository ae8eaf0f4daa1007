"""Every generic command against the real Godot bridge, including its refusals."""

from __future__ import annotations

import orjson
import pytest

from agent_client import (
    AgentClient,
    InternalBridgeError,
    InvalidArgsError,
    NotFoundError,
    NotInteractableError,
    UnsupportedError,
)
from tests.agent.tree_checks import same_fields
from tests.command_table import differences

LAB = "/root/Lab"


def find(tree: dict, name: str) -> dict:
    if tree["name"] == name:
        return tree
    for child in tree["children"]:
        found = find(child, name) if isinstance(child, dict) else None
        if found:
            return found
    return {}


def test_the_command_table_is_the_bridges_own(lab: AgentClient) -> None:
    """Every command of agent_client/wire/commands.py, parameter for parameter: the same names,
    types, defaults, bounds, choices and required ones as the Godot bridge's own schemas."""
    commands = lab.hello(schemas=True)["commands"]
    schemas = {c["name"]: c["args_schema"] for c in commands if c.get("source") == "bridge"}
    assert differences(schemas) == []


def test_hello_is_small_and_gives_schemas_on_request(lab: AgentClient) -> None:
    small = lab.send("hello")
    assert len(orjson.dumps(small)) <= 2048, "hello answers small by default"
    # The short form names the source of the game's own commands only.
    listed = small["data"]["commands"]
    assert all(
        command == {"name": command["name"]} or command["source"] == "game" for command in listed
    )
    assert {"name": "spawn", "source": "game"} in listed
    hello = lab.request("hello", {"schemas": True})
    assert hello["protocol"] == "agentbridge/1"
    assert hello["engine"] == "godot" and hello["engine_version"].startswith("4.6")
    commands = {command["name"]: command for command in hello["commands"]}
    # The small answer lists commands whose modules are not compiled yet: the same ones.
    assert [command["name"] for command in small["data"]["commands"]] == list(commands)
    assert all("properties" in command["args_schema"] for command in commands.values())
    for name in (
        "hello",
        "get_tree",
        "get_node",
        "get_property",
        "set_property",
        "call_method",
        "get_signals",
        "press",
        "fill",
        "get_events",
        "wait",
        "change_scene",
        "quit",
        "get_state",
        "list_actions",
    ):
        assert commands[name]["source"] == "bridge", name
    spawn = commands["spawn"]
    assert spawn["source"] == "game"
    assert spawn["args_schema"]["required"] == ["name"]
    assert spawn["args_schema"]["properties"]["name"]["type"] == "string"


def test_get_tree_serializes_everything_without_game_code(lab: AgentClient) -> None:
    tree = lab.get_tree()
    assert tree["path"] == "/root"
    assert [child["name"] for child in tree["children"]] == ["AgentBridge", "Lab"]
    lab_node = find(tree, "Lab")
    assert lab_node["script"] == "res://scripts/lab.gd"
    props = lab_node["props"]
    assert props["speed"] == 1.5 and props["label"] == "lab" and props["tags"] == ["a", "b"]
    assert props["target"] == {"x": 3.0, "y": 4.0}
    assert props["tint"]["html"] == "#ff0000ff"
    assert props["ratio"] == "NaN"
    assert "_secret" not in props
    dialog = find(tree, "Dialog")
    assert dialog["visible"] is False and dialog["title"] == "Notice"
    assert any(child.get("internal") for child in dialog["children"]), "dialog internals shown"
    choice = find(tree, "Choice")
    assert [item["text"] for item in choice["items"]] == ["Easy", "Hard"]
    assert find(tree, "ReadOnly")["editable"] is False
    assert find(tree, "Animator")["playing"] is False


def test_get_tree_root_and_depth(lab: AgentClient) -> None:
    subtree = lab.get_tree("/root/Lab/UI", max_depth=1)
    assert subtree["name"] == "UI"
    assert {child["name"] for child in subtree["children"]} == {
        "Dialog",
        "Notes",
        "ReadOnly",
        "Choice",
    }
    assert all(child["children"] == [] for child in subtree["children"])
    with pytest.raises(NotFoundError, match="/root/Lab/Nope"):
        lab.get_tree("/root/Lab/Nope")
    with pytest.raises(InvalidArgsError, match="absolute"):
        lab.get_tree("Lab")


@pytest.mark.parametrize(
    "fields", [["name", "path"], ["type", "role", "label"], ["name", "text", "rect", "props"]]
)
def test_get_tree_fields_keep_what_the_whole_shape_says(
    lab: AgentClient, fields: list[str]
) -> None:
    same_fields(lab.get_tree(), lab.get_tree(fields=fields), fields)
    with pytest.raises(InvalidArgsError, match="fields"):
        lab.get_tree(fields=["colour"])


def test_missing_node_names_the_nearest_ancestor(lab: AgentClient) -> None:
    with pytest.raises(NotFoundError, match="Mover") as error:
        lab.get_node("/root/Lab/Mover/Nope")
    assert error.value.code == "NOT_FOUND"


def test_get_node_lists_children_and_property_types(lab: AgentClient) -> None:
    node = lab.get_node(LAB)
    assert node["children"] == ["Mover", "UI"]
    assert node["properties"]["target"] == "Vector2"
    assert node["node"]["name"] == "Lab"


@pytest.mark.parametrize(
    ("prop", "value", "expected"),
    [
        ("target", [1, 2], {"x": 1.0, "y": 2.0}),
        ("target", {"x": -3.5, "y": 0}, {"x": -3.5, "y": 0.0}),
        ("tint", "#00ff00", {"r": 0.0, "g": 1.0, "b": 0.0, "a": 1.0, "html": "#00ff00ff"}),
        ("tint", "blue", {"r": 0.0, "g": 0.0, "b": 1.0, "a": 1.0, "html": "#0000ffff"}),
        (
            "tint",
            {"r": 1, "g": 1, "b": 0},
            {"r": 1.0, "g": 1.0, "b": 0.0, "a": 1.0, "html": "#ffff00ff"},
        ),
        ("mode", "running", 1),
        ("mode", "DONE", 2),
        ("mode", 0, 0),
        ("speed", "Infinity", "Infinity"),
        ("speed", 2, 2.0),
        ("count", 7.0, 7),
        ("tags", ["x", "y", "z"], ["x", "y", "z"]),
        ("label", "renamed", "renamed"),
        ("target:x", 9, 9.0),
    ],
)
def test_set_property_converts_json_to_the_property_type(
    lab: AgentClient, prop: str, value: object, expected: object
) -> None:
    assert lab.set_property(LAB, prop, value) == expected
    assert lab.get_property(LAB, prop) == expected


@pytest.mark.parametrize(
    ("prop", "value", "hint"),
    [
        ("target", "abc", "Vector2"),
        ("target", [1], "Vector2"),
        ("tint", "#zzzzzz", "Color"),
        ("count", 1.5, "whole number"),
        ("mode", "flying", "Idle"),
        ("label", 5, "string"),
        ("tags", [1, 2], "String"),
    ],
)
def test_set_property_refuses_values_that_do_not_convert(
    lab: AgentClient, prop: str, value: object, hint: str
) -> None:
    before = lab.get_property(LAB, prop)
    with pytest.raises(InvalidArgsError, match=hint):
        lab.set_property(LAB, prop, value)
    assert lab.get_property(LAB, prop) == before, "a failed set changes nothing"


def test_set_property_on_a_node_reference(lab: AgentClient) -> None:
    response = lab.request("get_property", {"path": "/root/Lab/Mover", "property": "owner"})
    assert response == {"value": {"node": "/root/Lab"}, "type": "Object"}


def test_get_property_reports_the_engine_type(lab: AgentClient) -> None:
    assert lab.request("get_property", {"path": LAB, "property": "target"}) == {
        "value": {"x": 3.0, "y": 4.0},
        "type": "Vector2",
    }
    with pytest.raises(InvalidArgsError, match="no property 'nope'"):
        lab.get_property(LAB, "nope")


def test_call_method_converts_arguments_and_returns_results(lab: AgentClient) -> None:
    assert lab.call_method(LAB, "add", 2, 3) == 5
    assert lab.call_method(LAB, "move_to", [5, 6]) == {"x": 5.0, "y": 6.0}
    assert lab.get_property("/root/Lab/Mover", "position") == {"x": 5.0, "y": 6.0}
    with pytest.raises(InvalidArgsError, match="argument 'a'"):
        lab.call_method(LAB, "add", "two", 3)
    with pytest.raises(InvalidArgsError, match="takes 2 arguments"):
        lab.call_method(LAB, "add", 1)
    with pytest.raises(InvalidArgsError, match="no method 'fly'"):
        lab.call_method(LAB, "fly")
    with (
        lab.expect_engine_errors(
            "Object is locked and can't be freed", "::free': Method not found"
        ),
        pytest.raises(InternalBridgeError, match="engine reported an error during free"),
    ):
        lab.call_method(LAB, "free")  # the engine refuses: the node is busy in the call
    assert lab.get_node(LAB)["node"]["name"] == "Lab"


def test_get_signals_lists_arguments_and_connections(lab: AgentClient) -> None:
    signals = {signal["name"]: signal for signal in lab.get_signals(LAB)}
    assert signals["value_changed"]["args"] == ["old_value", "new_value"]
    assert signals["moved"]["args"] == ["to"]
    assert "ready" in signals
    buttons = {s["name"]: s for s in lab.get_signals("/root/Lab/UI/Dialog")}
    assert "confirmed" in buttons


def test_fill_text_fields_and_refuse_read_only_ones(lab: AgentClient) -> None:
    assert lab.fill("/root/Lab/UI/Notes", "line one\nline two")["text"] == "line one\nline two"
    assert lab.get_property("/root/Lab/UI/Notes", "text") == "line one\nline two"
    with pytest.raises(NotInteractableError, match="not editable"):
        lab.fill("/root/Lab/UI/ReadOnly", "changed")
    assert lab.get_property("/root/Lab/UI/ReadOnly", "text") == "fixed"
    with pytest.raises(InvalidArgsError, match="fill works on"):
        lab.fill("/root/Lab/Mover", "x")


def test_fill_fires_text_changed_and_submit(conformance_game: AgentClient) -> None:
    conformance_game.get_events()
    conformance_game.fill("/root/Conformance/NameEdit", "Ada", submit=True)
    events = conformance_game.get_events()
    assert [(e["type"], e["args"]) for e in events] == [
        ("text_changed", ["Ada"]),
        ("text_submitted", ["Ada"]),
    ]
    assert conformance_game.get_property("/root/Conformance/NameEdit", "text") == "Ada"


def test_press_runs_the_real_button_logic(conformance_game: AgentClient) -> None:
    game = conformance_game
    game.get_events()
    game.press("/root/Conformance/PlayButton")
    game.press("/root/Conformance/PlayButton")
    assert game.get_property("/root/Conformance", "play_count") == 2
    types = [(e["type"], e["args"]) for e in game.get_events()]
    assert types == [("pressed", []), ("played", [1]), ("pressed", []), ("played", [2])]
    assert game.press("/root/Conformance/ToggleButton")["toggled"] is True
    assert game.press("/root/Conformance/ToggleButton")["toggled"] is False
    with pytest.raises(NotInteractableError, match="disabled"):
        game.press("/root/Conformance/DisabledButton")
    with pytest.raises(NotInteractableError, match="hidden"):
        game.press("/root/Conformance/HiddenButton")
    game.set_property("/root/Conformance/PlayButton", "visible", False)
    with pytest.raises(NotInteractableError, match="hidden"):
        game.press("/root/Conformance/PlayButton")
    assert game.get_property("/root/Conformance", "play_count") == 2


def test_list_actions_offers_only_usable_controls(conformance_game: AgentClient) -> None:
    actions = conformance_game.list_actions()
    offered = {(a["path"].rsplit("/", 1)[-1], a["action"]) for a in actions["actions"]}
    assert ("PlayButton", "press") in offered and ("NameEdit", "fill") in offered
    assert ("DisabledButton", "press") not in offered
    assert ("HiddenButton", "press") not in offered
    assert "get_tree" in actions["commands"]


def test_game_state_and_game_commands(lab: AgentClient) -> None:
    assert lab.get_state() == {"count": 0, "mode": 0}
    lab.call_method(LAB, "set_count", 4)
    assert lab.get_state()["count"] == 4
    assert lab.command("spawn", name="Thing") == {"path": "/root/Lab/Thing"}
    with pytest.raises(InvalidArgsError, match="needs the argument 'name'"):
        lab.command("spawn")
    with pytest.raises(InvalidArgsError, match="must be a string"):
        lab.command("spawn", name=5)
    with pytest.raises(InvalidArgsError, match="does not take an argument 'colour'"):
        lab.command("spawn", name="x", colour="red")
    with pytest.raises(NotFoundError, match="No spawned node Nope"):
        lab.command("ping", name="Nope")


def test_game_handler_errors_keep_their_code(lab: AgentClient) -> None:
    for code in ("NOT_FOUND", "INVALID_ARGS", "NOT_INTERACTABLE"):
        response = lab.send("fail_with", {"code": code})
        assert (response["ok"], response["code"]) == (False, code)


def test_get_state_without_a_registered_state(conformance_game: AgentClient) -> None:
    with pytest.raises(UnsupportedError, match="register_state"):
        conformance_game.get_state()


def test_change_scene(conformance_game: AgentClient) -> None:
    game = conformance_game
    with pytest.raises(NotFoundError, match="no scene file"):
        game.change_scene("res://scenes/missing.tscn")
    result = game.change_scene("res://scenes/lab.tscn")
    assert result == {"scene": "res://scenes/lab.tscn", "root": "/root/Lab"}
    assert [c["name"] for c in game.get_tree()["children"]] == ["AgentBridge", "Lab"]
    assert "scene_changed" in [e["type"] for e in game.get_events()]
    with pytest.raises(NotFoundError):
        game.get_node("/root/Conformance")


def test_quit_ends_the_game_with_its_exit_code(lab: AgentClient) -> None:
    assert lab.quit(3) == 3
