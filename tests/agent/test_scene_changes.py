"""Scene changes the game makes itself (to a file, to a packed scene, a reload confirmed in a
dialog clicked by real input) all arrive as scene_changed; refs of the old scene are stale and
new refs never reuse old numbers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_client import AgentClient, StaleRefError
from tests.conftest import FIXTURE_GAME

HOPPER = "res://scenes/scene_hopper.tscn"
TARGET = "res://scenes/conformance.tscn"


@pytest.fixture
def hopper() -> Iterator[AgentClient]:
    with AgentClient.launch(FIXTURE_GAME, scene=HOPPER) as game:
        yield game


def ref_of(snapshot: dict, name: str) -> str:
    return next(ref for ref, info in snapshot["refs"].items() if info["name"] == name)


@pytest.mark.parametrize("button", ["To file", "To packed"])
def test_the_games_own_scene_change_is_an_event_and_old_refs_go_stale(
    hopper: AgentClient, button: str
) -> None:
    before = hopper.snapshot(interactive=True)
    old_ref = ref_of(before, button)
    hopper.click(old_ref)
    changed = hopper.wait_for_event("scene_changed")
    assert changed["args"] == [TARGET] and changed["source"] == "/root"
    after = hopper.snapshot(interactive=True)
    assert '- button "Play"' in after["text"]
    newest_old = max(int(ref[1:]) for ref in before["refs"])
    assert min(int(ref[1:]) for ref in after["refs"]) > newest_old, "refs are never reused"
    with pytest.raises(StaleRefError, match=r"is gone|no longer in the scene tree"):
        hopper.click(old_ref)


def test_a_dialogs_ok_clicked_by_real_input_reloads_the_scene(hopper: AgentClient) -> None:
    hopper.click(ref_of(hopper.snapshot(interactive=True), "Reload"))
    opened = hopper.snapshot(interactive=True)
    assert '- dialog "Reload?"' in opened["text"]
    assert sorted(info["name"] for info in opened["refs"].values()) == ["Cancel", "OK"], (
        "only the dialog's buttons can be reached while it is open"
    )
    ok = ref_of(opened, "OK")
    dialog = hopper.get_tree("/root/SceneHopper/ReloadDialog")
    ok_rect = next(node["rect"] for node in _walk(dialog) if node.get("text") == "OK")
    clicked = hopper.click(ok)
    x, y = clicked["position"]["x"], clicked["position"]["y"]
    assert ok_rect["x"] <= x <= ok_rect["x"] + ok_rect["w"], "rects are in root coordinates"
    assert ok_rect["y"] <= y <= ok_rect["y"] + ok_rect["h"]
    hopper.wait_for_event("confirmed")
    assert hopper.wait_for_event("scene_changed")["args"] == [HOPPER]


def test_the_bridges_own_change_scene_reports_once(hopper: AgentClient) -> None:
    hopper.get_events()
    hopper.change_scene(TARGET)
    hopper.wait_frames(2)
    assert [event["args"] for event in hopper.get_events() if event["type"] == "scene_changed"] == [
        [TARGET]
    ]


def _walk(node: dict) -> Iterator[dict]:
    yield node
    for child in node.get("children", []):
        yield from _walk(child)


def test_a_button_scrolled_out_of_view_is_scrolled_to_and_clicked(hopper: AgentClient) -> None:
    snap = hopper.snapshot(interactive=True)
    last = ref_of(snap, "Level 20")
    hopper.click(last)
    assert hopper.wait_for_event("level_picked")["args"] == [20]
