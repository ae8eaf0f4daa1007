"""A 2D game world as an agent needs it: controls it can discover, gamepads, entities that say
where they are (on screen, off it, in the world, how fast), and spatial questions (nearby,
raycast). The scene binds its controls at run time, as a rebinding screen would."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from agent_client import AgentClient, InvalidArgsError, NotFoundError
from tests.conftest import FIXTURE_GAME

WORLD = "/root/World2D"
PLAYER = f"{WORLD}/Player"
AT = re.compile(r"\bat=(-?\d+),(-?\d+)")


@pytest.fixture
def world() -> Iterator[AgentClient]:
    with AgentClient.launch(FIXTURE_GAME, scene="res://scenes/world_2d.tscn", fps=60) as game:
        yield game


def position(game: AgentClient) -> dict[str, float]:
    return dict(game.get_property(PLAYER, "global_position"))


def line_of(text: str, name: str) -> str:
    (line,) = [line for line in text.splitlines() if f'"{name}"' in line]
    return line.strip()


# --- controls ---------------------------------------------------------------------------------


def test_controls_are_listed_with_their_bindings(world: AgentClient) -> None:
    controls = {control["action"]: control for control in world.controls()}
    assert controls["move_left"] == {
        "action": "move_left",
        "bindings": ["A", "Left", "left stick left"],
        "inputs": [{"key": "A"}, {"key": "Left"}, {"joy_axis": 0, "value": -1.0}],
    }
    assert controls["fire"]["bindings"] == ["pad A"]
    assert controls["throttle"]["bindings"] == ["RT"]
    assert controls["ui_cancel"]["bindings"] == ["Escape", "pad B"], "the game rebound it"
    assert not {"ui_accept", "ui_left"} & set(controls), "the engine's own ui_* are left out"
    assert "fire (pad A)" in world.hello()["controls"]
    first = world.snapshot()["text"].splitlines()[0]
    assert first.startswith("- controls: ui_cancel (Escape, pad B), move_left (A, Left, left ")
    assert "fire (pad A), throttle (RT)" in first


# --- gamepads ---------------------------------------------------------------------------------


def test_an_action_bound_only_to_a_pad_is_played_with_the_pad(world: AgentClient) -> None:
    answer = world.input(action="fire")
    assert answer["event"].startswith("Joypad Button 0") and answer["actions"] == ["fire"]
    assert world.wait_for_event("fired")["source"] == PLAYER
    tapped = world.gamepad("a")
    assert tapped["joy_button"] == 0 and tapped["device"] == 0
    world.get_events()
    assert [e["type"] for e in world.event_log].count("fired") == 2, "one each"


def test_a_trigger_is_held_and_let_go(world: AgentClient) -> None:
    held = world.gamepad(joy_axis="trigger_right", value=0.8, pressed=True)
    assert held["actions"] == ["throttle"] and held["joy_axis"] == 5
    world.wait_frames(3)
    assert world.get_property(PLAYER, "raw_trigger") == pytest.approx(0.8)
    assert world.get_property(PLAYER, "throttle") > 0.5
    world.gamepad(joy_axis="trigger_right", pressed=False)
    world.wait_frames(3)
    assert world.get_property(PLAYER, "throttle") == 0


def test_the_left_stick_moves_the_player_and_the_snapshot_shows_its_velocity(
    world: AgentClient,
) -> None:
    start, pressed_at = position(world), world.last_frame
    # The stick reaches the game with the next frame's physics tick: it moves 4 px a tick.
    world.gamepad(joy_axis="left_x", value=1.0, pressed=True)
    world.step(10)
    ticks = world.last_frame - pressed_at
    moving = line_of(world.snapshot()["text"], "Player")
    x = start["x"] + 4 * ticks
    assert re.search(rf"\[at={x:g},300, pos={x:g},300, vel=240,0, class=player_2d", moving), moving
    released_at = world.last_frame  # the release, too, reaches the game with the next tick
    world.gamepad(joy_axis="left_x", pressed=False)
    world.step(2)
    moved = 4 * (released_at - pressed_at)
    assert position(world) == {"x": start["x"] + moved, "y": start["y"]}, "240 px/s while held"
    assert "vel=" not in line_of(world.snapshot()["text"], "Player"), "still: no velocity"


def test_strength_reaches_the_game_whatever_the_action_is_bound_to(world: AgentClient) -> None:
    def read(name: str) -> float:
        world.wait_frames(2)
        return float(world.get_property(PLAYER, name))

    # Keys and a stick: played half way as the stick, so get_vector reads a half.
    sent = world.input(action="move_right", pressed=True, strength=0.5)
    assert sent["event"].startswith("Joypad Motion on Axis 0") and sent["pressed"], sent
    world.step(3)
    assert "vel=120,0" in line_of(world.snapshot()["text"], "Player")
    assert world.input(action="move_right", pressed=False)["pressed"] is False
    assert "vel=" not in line_of(world.snapshot()["text"], "Player")
    # A trigger only: pulled past its deadzone (0.2) so that its strength reads 0.5.
    world.input(action="throttle", pressed=True, strength=0.5)
    assert read("throttle") == pytest.approx(0.5) and read("raw_trigger") == pytest.approx(0.6)
    world.input(action="throttle", pressed=False)
    assert read("throttle") == 0 and read("raw_trigger") == 0
    # A pad button only, which is all or nothing: the action itself, at that strength.
    world.input(action="fire", pressed=True, strength=0.5)
    assert world.wait_for_event("fired")["source"] == PLAYER
    assert read("fire_strength") == pytest.approx(0.5)
    assert world.input(action="fire", pressed=False)["pressed"] is False
    assert read("fire_strength") == 0
    # All the way, the pad button itself, as before.
    world.input(action="fire", pressed=True)
    assert read("fire_strength") == 1.0
    world.input(action="fire", pressed=False)


@pytest.mark.parametrize(
    ("args", "error", "sentence"),
    [
        ({"action": "jump"}, NotFoundError, "No input action 'jump'. The game's actions: "),
        ({"joy_button": "z"}, InvalidArgsError, 'Unknown joy_button "z"'),
        ({"joy_button": True}, InvalidArgsError, "Unknown joy_button true"),
        ({"joy_button": 500}, InvalidArgsError, "index 0-127"),
        ({"joy_button": "a", "device": 99}, InvalidArgsError, "at most 15"),
        ({"joy_button": "a", "device": "one"}, InvalidArgsError, "an integer"),
        ({"joy_axis": "left_x", "value": 2}, InvalidArgsError, "at most 1"),
        ({"joy_axis": "sideways"}, InvalidArgsError, "Unknown joy_axis"),
        ({"key": "A", "value": 0.5}, InvalidArgsError, "value goes with joy_axis"),
        ({"key": "A", "device": 1}, InvalidArgsError, "device names a joypad"),
        ({"joy_button": "a", "joy_axis": "left_x"}, InvalidArgsError, "exactly one of"),
        ({"button": "side"}, InvalidArgsError, "one of"),
        ({"pressed": True}, InvalidArgsError, "got none"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    world: AgentClient, args: dict[str, Any], error: type[Exception], sentence: str
) -> None:
    start = position(world)
    with pytest.raises(error, match=re.escape(sentence)):
        world.input(**args)
    world.wait_frames(3)
    assert position(world) == start
    assert [e for e in world.get_events() if e["type"] == "fired"] == []
    assert world.get_property(PLAYER, "raw_trigger") == 0


# --- where things are -------------------------------------------------------------------------


def test_entities_say_where_they_are_on_screen_and_in_the_world(world: AgentClient) -> None:
    text = world.snapshot()["text"]
    assert text.splitlines()[1] == '- camera "Camera" [pos=576,324, zoom=1]'
    assert re.fullmatch(
        r'- generic "Player" \[at=200,300, pos=200,300, class=player_2d, ref=e\d+\]',
        line_of(text, "Player"),
    )
    assert re.fullmatch(
        r'- generic "Lost Coin" \[offscreen=right, pos=2000,300, ref=e\d+\]',
        line_of(text, "Lost Coin"),
    )
    assert re.fullmatch(
        r'- img "Tree" \[at=900,100, pos=900,100, ref=e\d+\]', line_of(text, "Tree")
    )
    assert "Look" not in text, "the player's own sprite is part of the player"
    assert '"Sprite' not in text, "a sprite named after its class is no entity"
    assert text.count('- text "Score: 0"') == 1, "an outline copy of a label is the same line"
    for x, y in AT.findall(text):
        assert 0 <= int(x) < 1152 and 0 <= int(y) < 648, "at= only while on screen"


def test_an_entity_ref_works_in_get(world: AgentClient) -> None:
    snap = world.snapshot()
    tree = next(ref for ref, info in snap["refs"].items() if info["name"] == "Tree")
    assert snap["refs"][tree] == {"role": "img", "name": "Tree", "path": f"{WORLD}/Tree"}
    assert world.get_node(f"@{tree}")["node"]["type"] == "Sprite2D"


# --- spatial questions ------------------------------------------------------------------------


def test_nearby_lists_entities_nearest_first_with_distance_and_direction(
    world: AgentClient,
) -> None:
    found = world.nearby(PLAYER)
    assert found["origin"] == {"x": 200, "y": 300} and found["count"] == 5
    names = [entity["name"] for entity in found["entities"]]
    assert names == ["Silver Coin", "Wall", "Gold Coin", "Tree", "Lost Coin"]
    silver, wall = found["entities"][:2]
    assert silver["distance"] == 150 and silver["direction"] == {"x": 0, "y": 1}
    assert silver["at"] == {"x": 200, "y": 450} and silver["pos"] == {"x": 200, "y": 450}
    assert wall["distance"] == 200 and wall["direction"] == {"x": 1, "y": 0}
    assert found["entities"][-1]["offscreen"] == "right"
    close = world.nearby(PLAYER, radius=250, limit=1)
    assert close["count"] == 2 and [e["name"] for e in close["entities"]] == ["Silver Coin"]
    assert world.get_node("@" + silver["ref"])["node"]["path"] == f"{WORLD}/SilverCoin"
    from_point = world.nearby(point=[610, 300], radius=50)
    assert [e["name"] for e in from_point["entities"]] == ["Gold Coin"]


@pytest.mark.parametrize(
    ("args", "error", "sentence"),
    [
        ({"path": f"{WORLD}/HUD/Score"}, InvalidArgsError, "is a Label, not in a 2D or 3D world"),
        ({"path": f"{WORLD}/Nobody"}, NotFoundError, "No node at /root/World2D/Nobody"),
        ({"point": "here"}, InvalidArgsError, "point must be a position [x, y] or [x, y, z]"),
        ({"point": [1, 2, 3, 4]}, InvalidArgsError, "point must be a position"),
        ({"path": PLAYER, "point": [0, 0]}, InvalidArgsError, "exactly one of path, ref"),
        ({"path": PLAYER, "radius": -1}, InvalidArgsError, "at least 0"),
        ({"path": PLAYER, "limit": 0}, InvalidArgsError, "at least 1"),
    ],
)
def test_nearby_refuses_what_is_no_place(
    world: AgentClient, args: dict[str, Any], error: type[Exception], sentence: str
) -> None:
    with pytest.raises(error, match=re.escape(sentence)):
        world.request("nearby", args)


def test_raycast_finds_what_is_in_the_way(world: AgentClient) -> None:
    blocked = world.raycast(PLAYER, to=f"{WORLD}/GoldCoin")
    assert blocked["hit"] and blocked["node"]["name"] == "Wall" and not blocked["reached"]
    assert blocked["position"] == {"x": 390, "y": 300} and blocked["distance"] == 190
    assert blocked["normal"] == {"x": -1, "y": 0}
    clear = world.raycast(PLAYER, to=f"{WORLD}/SilverCoin")
    assert clear["node"]["name"] == "Silver Coin" and clear["reached"]
    assert world.raycast(PLAYER, to=f"{WORLD}/SilverCoin", areas=False) == {
        "from": {"x": 200, "y": 300},
        "to": {"x": 200, "y": 450},
        "hit": False,
        "reached": True,
    }
    ahead = world.raycast(PLAYER, direction=[1, 0], max_distance=100)
    assert not ahead["hit"] and ahead["to"] == {"x": 300, "y": 300}
    from_point = world.raycast(point=[800, 300], direction=[-1, 0])
    assert from_point["node"]["name"] == "Gold Coin", "the ray starts outside every object"


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        ({"path": PLAYER}, "exactly one of direction or to"),
        ({"path": PLAYER, "direction": [1, 0], "to": [0, 0]}, "exactly one of direction or to"),
        ({"path": PLAYER, "direction": [0, 0]}, "A direction cannot be zero"),
        ({"path": PLAYER, "direction": [1, 0, 0]}, "other dimensions"),
        ({"path": PLAYER, "to": {"x": 1}}, "to must be a position"),
        ({"path": PLAYER, "to": f"{WORLD}/HUD"}, "is a CanvasLayer, not in a 2D or 3D world"),
        ({"path": PLAYER, "to": "e999"}, "No snapshot gave out e999"),
    ],
)
def test_raycast_refuses_bad_rays(world: AgentClient, args: dict[str, Any], sentence: str) -> None:
    with pytest.raises(Exception, match=re.escape(sentence)):
        world.request("raycast", args)
