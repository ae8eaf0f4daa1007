"""Actions through the engine's real input path: click, hover, drag, input; hit tests;
what changed; settling."""

from __future__ import annotations

import pytest

from agent_client import AgentClient, InvalidArgsError, NotFoundError, NotInteractableError

LAB = "/root/InputLab"


def event_args(game: AgentClient, event_type: str) -> list[list]:
    return [e["args"] for e in game.get_events() if e["type"] == event_type]


def test_click_presses_a_button_through_the_gui(input_lab: AgentClient) -> None:
    result = input_lab.request("click", {"path": f"{LAB}/AddRowButton"})
    assert result["target"] == f"{LAB}/AddRowButton"
    assert result["position"]["x"] == 240.0
    assert event_args(input_lab, "row_added") == [["Row1"]]


def test_click_by_point(input_lab: AgentClient) -> None:
    input_lab.request("click", {"x": 240, "y": 325})
    assert event_args(input_lab, "row_added") == [["Row1"]]


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("CoveredButton", "covered by /root/InputLab/Cover"),
        ("GhostButton", "does not take the mouse"),
        ("FarButton", "outside the viewport"),
    ],
)
def test_unreachable_targets_are_refused_with_the_reason(
    input_lab: AgentClient, target: str, reason: str
) -> None:
    with pytest.raises(NotInteractableError, match=reason):
        input_lab.request("click", {"path": f"{LAB}/{target}"})
    assert input_lab.get_events() == [], "nothing was pressed"


def test_disabled_and_hidden_targets_are_refused(conformance_game: AgentClient) -> None:
    with pytest.raises(NotInteractableError, match="disabled"):
        conformance_game.request("click", {"path": "/root/Conformance/DisabledButton"})
    with pytest.raises(NotInteractableError, match="hidden"):
        conformance_game.request("click", {"path": "/root/Conformance/HiddenButton"})


def test_a_modal_dialog_covers_the_buttons_behind_it(input_lab: AgentClient) -> None:
    input_lab.request("click", {"path": f"{LAB}/OpenDialogButton"})
    with pytest.raises(NotInteractableError, match="behind the open dialog"):
        input_lab.request("click", {"path": f"{LAB}/AddRowButton"})
    assert input_lab.get_events() == [] or all(
        e["type"] != "row_added" for e in input_lab.get_events()
    )


def test_clicking_a_text_field_focuses_it_and_typing_fills_it(input_lab: AgentClient) -> None:
    input_lab.request("click", {"path": f"{LAB}/Field"})
    assert input_lab.request("input", {"text": "hi there"})["focus"] == f"{LAB}/Field"
    assert input_lab.get_property(f"{LAB}/Field", "text") == "hi there"


def test_typing_without_focus_is_refused(input_lab: AgentClient) -> None:
    with pytest.raises(NotInteractableError, match="focus"):
        input_lab.request("input", {"text": "lost"})


def test_keys_and_actions_reach_the_game(input_lab: AgentClient) -> None:
    input_lab.request("input", {"key": "F5"})
    input_lab.request("input", {"key": "a", "modifiers": ["ctrl"]})
    assert input_lab.get_property(LAB, "keys_seen") == ["F5", "A"]
    pressed = input_lab.request("input", {"action": "ui_left", "pressed": True})
    assert pressed["pressed"] is True
    assert input_lab.request("input", {"action": "ui_left", "pressed": False})["pressed"] is False
    with pytest.raises(NotFoundError, match="No input action 'jump'"):
        input_lab.request("input", {"action": "jump"})
    with pytest.raises(InvalidArgsError, match="Unknown key"):
        input_lab.request("input", {"key": "NoSuchKey"})
    with pytest.raises(InvalidArgsError, match="exactly one"):
        input_lab.request("input", {"key": "A", "text": "b"})


def test_mouse_wheel(input_lab: AgentClient) -> None:
    input_lab.request("input", {"wheel": -2, "x": 600, "y": 500})
    assert event_args(input_lab, "scrolled") == [[-1], [-1]]


def test_physics_objects_get_clicks_hover_and_drags(input_lab: AgentClient) -> None:
    world = f"{LAB}/World"
    input_lab.request("hover", {"path": f"{world}/TokenA"})
    assert event_args(input_lab, "hovered") == [["TokenA"]]
    input_lab.request("click", {"path": f"{world}/TokenB"})
    assert event_args(input_lab, "clicked") == [["TokenB"]]
    result = input_lab.request("drag", {"from": f"{world}/TokenA", "to": f"{world}/TokenB"})
    assert result["from"]["target"] == f"{world}/TokenA"
    input_lab.wait_frames(30)  # a second, late delivery (engine picking) would show up here
    assert event_args(input_lab, "dropped") == [["TokenA", "TokenB"]]


def test_drag_by_refs_and_points(input_lab: AgentClient) -> None:
    snap = input_lab.request("snapshot", {"interactive": True, "compact": True})
    token_a = next(r for r, i in snap["refs"].items() if i["path"].endswith("TokenA"))
    input_lab.request("drag", {"from": f"@{token_a}", "to": {"x": 900, "y": 200}})
    input_lab.wait_frames(30)
    assert event_args(input_lab, "dropped") == [["TokenA", "TokenB"]]
    with pytest.raises(InvalidArgsError, match="drag end"):
        input_lab.request("drag", {"from": 5, "to": token_a})


def test_double_click(conformance_game: AgentClient) -> None:
    conformance_game.request("click", {"path": "/root/Conformance/PlayButton", "double": True})
    assert conformance_game.get_property("/root/Conformance", "play_count") == 2


def test_actions_report_added_and_removed_nodes(input_lab: AgentClient) -> None:
    added = input_lab.request("click", {"path": f"{LAB}/AddRowButton"})["changes"]
    assert added["added"] == [f"{LAB}/Rows/Row1"] and added["removed"] == []
    removed = input_lab.request("press", {"path": f"{LAB}/RemoveRowButton"})["changes"]
    assert removed["removed"] == [f"{LAB}/Rows/Row1"] and removed["added_count"] == 0


def test_an_action_can_answer_settled_with_a_new_snapshot(input_lab: AgentClient) -> None:
    result = input_lab.request(
        "click", {"path": f"{LAB}/AddRowButton", "settled": True, "snapshot": True}
    )
    assert '- text "Row 1"' in result["snapshot"]["text"]
    assert result["snapshot"]["refs"]
    faded = input_lab.request("click", {"path": f"{LAB}/SlowButton", "settled": True})
    assert "changes" in faded
    assert input_lab.get_property(f"{LAB}/SlowButton", "modulate:a") == pytest.approx(0.2)
