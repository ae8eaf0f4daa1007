"""A 3D world reads well: entities and 3D text with screen positions through the camera,
pickable objects with refs that a click reaches by ray picking, nothing behind the camera."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_client import AgentClient, NotInteractableError
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
