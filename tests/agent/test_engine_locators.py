"""Locators and expectations against the real engine: what the fake bridge cannot show (the
engine's own hit test, input path, roles and names). The rest of their behaviour is tested
fast against the fake bridge, in tests/unit."""

from __future__ import annotations

import pytest

from agent_client import AgentClient, WaitTimeoutError, expect

CONFORMANCE = "/root/Conformance"


def test_roles_and_names_come_from_the_bridge(conformance_game: AgentClient) -> None:
    game = conformance_game
    assert game.get_by_role("button", name="Play").path() == f"{CONFORMANCE}/PlayButton"
    assert game.get_by_role("textbox", name="Your name").path() == f"{CONFORMANCE}/NameEdit"
    assert game.get_by_role("heading", name="Conformance").path() == f"{CONFORMANCE}/Title"
    assert game.get_by_role("slider", name="Volume").path() == f"{CONFORMANCE}/Volume"
    expect(game.get_by_role("checkbox", name="Sound")).not_to_be_checked()


def test_click_goes_through_the_engine_input(conformance_game: AgentClient) -> None:
    game = conformance_game
    assert game.get_by_role("button", name="Play").click()["target"] == f"{CONFORMANCE}/PlayButton"
    assert expect(game).to_emit("played")["args"] == [1]


def test_a_covered_target_times_out_naming_what_covers_it(conformance_game: AgentClient) -> None:
    game = conformance_game
    volume = f"{CONFORMANCE}/Volume"
    game.set_property(volume, "position", {"x": 20, "y": 100})  # over the Play button
    game.set_property(volume, "size", {"x": 100, "y": 31})
    with pytest.raises(WaitTimeoutError, match=f"covered by {volume}"):
        game.get_by_role("button", name="Play").click(timeout=0.3)


def test_fill_refuses_a_read_only_field(lab: AgentClient) -> None:
    with pytest.raises(WaitTimeoutError, match="not editable"):
        lab.get_by_name("ReadOnly").fill("x", timeout=0.2)
    assert lab.get_by_role("textbox", name="Notes").fill("line")["text"] == "line"
