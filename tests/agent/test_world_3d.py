"""A 3D world reads well: entities and 3D text with screen positions through the camera,
pickable objects with refs that a click reaches by ray picking, nothing behind the camera."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from agent_client import AgentClient, InvalidArgsError, NotInteractableError
from tests.conftest import FIXTURE_GAME


@pytest.fixture
def world() -> Iterator[AgentClient]:
    with AgentClient.launch(FIXTURE_GAME, scene="res://scenes/world_3d.tscn") as game:
        yield game


def test_entities_and_3d_text_have_screen_positions(world: AgentClient) -> None:
    text = world.snapshot()["text"]
    assert '- text "Welcome to 3D" [at=' in text, text
    assert '- generic "Walker" [at=' in text and "class=walker_3d" in text, text
    assert '"Crate" [at=' in text and "ref=e" in text
    camera, *world = text.splitlines()
    assert camera == '- camera "Camera" [pos=0,2,8, facing=0,-0.24,-0.97]', "the camera heads it"
    assert not any("Camera" in line for line in world), "the camera node itself is noise"
    hidden = next(line for line in world if '"Hidden Crate"' in line)
    assert "[behind, pos=0,0,20, ref=e" in hidden, "behind the camera: no screen position"


def test_get_tree_projects_3d_nodes(world: AgentClient) -> None:
    crate = world.get_node("/root/World3D/Crate")["node"]
    assert set(crate["screen"]) == {"x", "y"}
    assert 0 < crate["screen"]["x"] < 1152 and 0 < crate["screen"]["y"] < 648
    assert "screen" not in world.get_node("/root/World3D/HiddenCrate")["node"]


def test_a_pickable_3d_object_is_clicked_by_ray(world: AgentClient) -> None:
    snap = world.snapshot(interactive=True)
    crate = next(ref for ref, info in snap["refs"].items() if info["name"] == "Crate")
    world.click(crate)
    assert world.wait_for_event("crate_clicked")["args"] == ["Crate"]
    hidden = next(ref for ref, info in snap["refs"].items() if info["name"] == "Hidden Crate")
    with pytest.raises(NotInteractableError, match="behind the camera"):
        world.click(hidden)


def test_off_screen_moving_and_stacked_things_read_as_one_line_each(world: AgentClient) -> None:
    world.wait_frames(5)
    text = world.snapshot()["text"]
    far = next(line for line in text.splitlines() if '"Far Crate"' in line)
    assert "[offscreen=right, pos=60,0,0, ref=e" in far, far
    walker = next(line for line in text.splitlines() if '"Walker"' in line)
    assert re.search(r"\[at=\d+,\d+, pos=-[23](\.\d)?,0,0, vel=-?1,0,0, class=walker_3d", walker), (
        walker
    )
    assert text.count('- text "0"') == 1, "a label's four shadow copies are one line"
    assert len(text.splitlines()) == len(set(text.splitlines())), "no line is repeated"


def test_nearby_and_raycast_in_3d(world: AgentClient) -> None:
    found = world.nearby(point=[0, 0, 0], limit=3)
    assert [e["name"] for e in found["entities"]] == ["Crate", "Walker", "Hidden Crate"]
    crate, walker, hidden = found["entities"]
    assert crate["distance"] == 0 and crate["at"] == {"x": 576, "y": 324}
    assert walker["direction"] == {"x": -1, "y": 0, "z": 0} and abs(walker["velocity"]["x"]) == 1
    assert hidden["behind"] is True and hidden["pos"] == {"x": 0, "y": 0, "z": 20}
    ray = world.raycast(point=[0, 0, 8], direction=[0, 0, -1])
    assert ray["node"]["name"] == "Crate" and ray["distance"] == 7.5
    assert ray["normal"] == {"x": 0, "y": 0, "z": 1}
    seen = world.raycast("/root/World3D/HiddenCrate", to="/root/World3D/FarCrate")
    assert seen["hit"] and seen["node"]["name"] == "Far Crate" and seen["reached"]
    blocked = world.raycast(point=[0, 0, -5], to="/root/World3D/HiddenCrate")
    assert blocked["node"]["name"] == "Crate" and not blocked["reached"]
    with pytest.raises(InvalidArgsError, match="other dimensions"):
        world.raycast(point=[0, 0, 8], direction=[0, -1])
