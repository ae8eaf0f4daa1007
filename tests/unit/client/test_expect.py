"""expect(): retrying assertions on locators and on the game, and event waits that miss nothing
(against the fake bridge)."""

from __future__ import annotations

import re

import pytest

from agent_client import AgentClient, StrictModeError, WaitTimeoutError, expect
from tests.fake import meanwhile
from tests.unit.conftest import BOTH_TIMES

CONFORMANCE = "/root/Conformance"


def test_text_assertions(game: AgentClient) -> None:
    title = game.get_by_role("heading")
    expect(title).to_have_text("Conformance")
    expect(title).to_have_text(re.compile("^Conf"))
    expect(title).to_have_text("conformance", ignore_case=True)
    expect(title).to_contain_text("form")
    expect(title).not_to_have_text("Conform")
    expect(title).not_to_contain_text("Play")
    expect(game.locator("Button")).to_have_text(["Play", "Disabled", "Hidden"])
    expect(game.locator("#Conformance")).to_contain_text("Sound")  # texts below a container


def test_a_failed_expectation_shows_expected_actual_and_the_call_log(game: AgentClient) -> None:
    with pytest.raises(AssertionError) as error:
        expect(game.get_by_role("heading")).to_have_text("Level 1", timeout=0.3)
    lines = str(error.value).splitlines()
    assert lines[0] == "Locator get_by_role('heading') expected to have text"
    assert lines[1] == "Expected: 'Level 1'"
    assert lines[2] == "Actual: 'Conformance'"
    assert lines[3] == "Timed out after 0.3 s"
    assert lines[4] == "expect(get_by_role('heading')).to_have_text with timeout 0.3 s"
    assert lines[5].startswith("  - unexpected value 'Conformance'")
    assert '- heading "Conformance" #Title  <- target' in str(error.value)

    with pytest.raises(AssertionError, match="Actual: <no node matches>"):
        expect(game.get_by_text("Level 1")).to_be_visible(timeout=0.2)


def test_single_node_expectations_are_strict(game: AgentClient) -> None:
    with pytest.raises(StrictModeError, match="2 match"):
        expect(game.get_by_role("button")).to_be_visible()


def test_state_expectations(game: AgentClient) -> None:
    expect(game.get_by_role("button", name="Play")).to_be_visible()
    expect(game.get_by_name("HiddenButton")).to_be_hidden()
    expect(game.get_by_name("NotThere")).to_be_hidden()
    expect(game.get_by_name("HiddenButton")).not_to_be_visible()
    expect(game.get_by_role("button", name="Play")).to_be_enabled()
    expect(game.get_by_role("button", name="Disabled")).to_be_disabled()
    expect(game.get_by_role("button", name="Disabled")).not_to_be_enabled()
    expect(game.get_by_role("button", include_hidden=True)).to_have_count(3)
    expect(game.get_by_role("button")).not_to_have_count(3)
    sound = game.get_by_role("checkbox", name="Sound")
    expect(sound).not_to_be_checked()
    sound.click()
    expect(sound).to_be_checked()


def test_value_attribute_and_property_expectations(game: AgentClient) -> None:
    volume = game.get_by_role("slider", name="Volume")
    expect(volume).to_have_value(50)
    expect(volume).to_have_property("value", 50.0)
    expect(volume).to_have_attribute("role", "slider")
    expect(game.locator("#Conformance")).to_have_attribute("props.play_count", 0)
    game.get_by_role("textbox").fill("Ann")
    expect(game.get_by_role("textbox")).to_have_value("Ann")
    expect(volume).not_to_have_value(70)
    expect(game.get_by_name("Title")).not_to_have_property("text", "Level")


@BOTH_TIMES
def test_expectations_retry_until_the_game_catches_up(game: AgentClient) -> None:
    with meanwhile(game, lambda other: other.set_property(f"{CONFORMANCE}/Volume", "value", 70)):
        expect(game.get_by_role("slider")).to_have_value(70)
    with meanwhile(
        game, lambda other: other.set_property(f"{CONFORMANCE}/HiddenButton", "visible", True)
    ):
        expect(game.get_by_role("button", name="Hidden")).to_be_visible()


def test_expect_game_to_emit(game: AgentClient) -> None:
    game.get_by_role("button", name="Play").click()
    event = expect(game).to_emit("played", args=[1])
    assert event["source"] == CONFORMANCE
    with pytest.raises(AssertionError) as error:
        expect(game).to_emit("played", timeout=0.3)
    assert "Game expected to emit 'played'" in str(error.value)
    assert "Timed out after 0.3 s" in str(error.value)


@BOTH_TIMES
@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_expect_game_state(game: AgentClient) -> None:
    with meanwhile(game, lambda other: other.call_method("/root/Lab", "set_count", 3)):
        assert expect(game).to_have_state({"count": 3})["mode"] == 0
    expect(game).to_have_state(lambda state: state["count"] > 2)
    with pytest.raises(AssertionError, match=re.escape("Expected: {'count': 4}")):
        expect(game).to_have_state({"count": 4}, timeout=0.2)


def test_wait_for_event_never_misses_one_fired_between_calls(game: AgentClient) -> None:
    play = game.get_by_role("button", name="Play")
    play.click()
    play.click()  # both 'played' events arrived with the click answers, before any wait
    assert game.wait_for_event("played")["args"] == [1]
    assert game.wait_for_event("played")["args"] == [2]


@BOTH_TIMES
def test_wait_for_event_sees_events_fired_by_someone_else(game: AgentClient) -> None:
    with meanwhile(game, lambda other: other.press(f"{CONFORMANCE}/PlayButton")):
        assert game.wait_for_event("played")["args"] == [1]
    with pytest.raises(WaitTimeoutError, match=r"No 'played' event within 0.2 s"):
        game.wait_for_event("played", timeout=0.2)


def test_wait_for_event_with_a_predicate(game: AgentClient) -> None:
    play = game.get_by_role("button", name="Play")
    for _ in range(3):
        play.click()
    third = game.wait_for_event("played", lambda event: event["args"] == [3])
    assert third["args"] == [3]
    with pytest.raises(WaitTimeoutError, match="events since the last one consumed: no events"):
        game.wait_for_event("played", timeout=0.2)  # the earlier two are behind the cursor
