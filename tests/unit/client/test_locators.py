"""Locators against the fake bridge: finding, narrowing, strictness and auto-waiting."""

from __future__ import annotations

import re

import pytest

from agent_client import (
    AgentClient,
    InvalidArgsError,
    NotFoundError,
    SelectorError,
    StaleRefError,
    StrictModeError,
    UnknownCommandError,
    UnsupportedError,
    WaitTimeoutError,
)
from tests.fake import meanwhile
from tests.unit.conftest import BOTH_TIMES

CONFORMANCE = "/root/Conformance"


def paths(locator: object) -> list[str]:
    return [node["path"] for node in locator.nodes()]  # type: ignore[attr-defined]


# --- finding ----------------------------------------------------------------------------------


def test_get_by_role_finds_by_role_and_accessible_name(game: AgentClient) -> None:
    assert paths(game.get_by_role("button", name="Play")) == [f"{CONFORMANCE}/PlayButton"]
    # hidden nodes are left out unless asked for
    assert paths(game.get_by_role("button")) == [
        f"{CONFORMANCE}/PlayButton",
        f"{CONFORMANCE}/DisabledButton",
    ]
    assert game.get_by_role("button", include_hidden=True).count() == 3
    assert paths(game.get_by_role("button", disabled=True)) == [f"{CONFORMANCE}/DisabledButton"]
    assert paths(game.get_by_role("textbox", name="Your name")) == [f"{CONFORMANCE}/NameEdit"]
    assert paths(game.get_by_role("checkbox", name="sound")) == [f"{CONFORMANCE}/ToggleButton"]
    assert paths(game.get_by_role("checkbox", checked=False)) == [f"{CONFORMANCE}/ToggleButton"]
    assert paths(game.get_by_role("slider", name="Volume")) == [f"{CONFORMANCE}/Volume"]
    assert paths(game.get_by_role("heading", name="Conformance")) == [f"{CONFORMANCE}/Title"]
    assert game.get_by_role("button", name="play", exact=True).count() == 0
    assert game.get_by_role("button", name=re.compile(r"^Pl")).count() == 1


def test_get_by_text_name_and_selectors(game: AgentClient) -> None:
    assert paths(game.get_by_text("Disabled")) == [f"{CONFORMANCE}/DisabledButton"]
    assert paths(game.get_by_text("confor")) == [f"{CONFORMANCE}/Title"]
    assert game.get_by_text("confor", exact=True).count() == 0
    assert paths(game.get_by_name("Volume")) == [f"{CONFORMANCE}/Volume"]
    assert paths(game.get_by_name(re.compile("Button$"))) == [
        f"{CONFORMANCE}/{name}"
        for name in ("PlayButton", "DisabledButton", "HiddenButton", "ToggleButton")
    ]
    assert paths(game.locator("Conformance/PlayButton")) == [f"{CONFORMANCE}/PlayButton"]
    assert paths(game.locator(f"{CONFORMANCE}/Title")) == [f"{CONFORMANCE}/Title"]
    assert paths(game.locator('Button[text="Play"]')) == [f"{CONFORMANCE}/PlayButton"]
    assert paths(game.locator("Button[disabled]")) == [f"{CONFORMANCE}/DisabledButton"]
    assert paths(game.locator("#Conformance > Label")) == [f"{CONFORMANCE}/Title"]
    assert paths(game.locator("Control CheckBox, HSlider")) == [
        f"{CONFORMANCE}/ToggleButton",
        f"{CONFORMANCE}/Volume",
    ]
    assert paths(game.locator("[props.play_count=0]")) == [CONFORMANCE]
    game.call_method(f"{CONFORMANCE}/PlayButton", "add_to_group", "primary")
    assert paths(game.locator("Button.primary")) == [f"{CONFORMANCE}/PlayButton"]
    with pytest.raises(SelectorError, match="position 7"):
        game.locator("Button[")


def test_locators_are_lazy_and_see_the_tree_as_it_is_now(game: AgentClient) -> None:
    hidden = game.get_by_role("button", name="Hidden")
    assert hidden.count() == 0
    game.set_property(f"{CONFORMANCE}/HiddenButton", "visible", True)
    assert hidden.count() == 1 and hidden.is_visible()
    assert game.get_by_name("PlayButton").is_enabled()
    assert not game.get_by_name("DisabledButton").is_enabled()
    assert not game.get_by_name("ToggleButton").is_checked()
    game.get_by_name("ToggleButton").press()
    assert game.get_by_name("ToggleButton").is_checked()


def test_narrowing_nth_first_last_filter_all(game: AgentClient) -> None:
    controls = game.locator("#Conformance > *")
    assert controls.count() == 7
    assert controls.first.path() == f"{CONFORMANCE}/Title"
    assert controls.last.path() == f"{CONFORMANCE}/Volume"
    assert controls.nth(2).path() == f"{CONFORMANCE}/PlayButton"
    assert controls.nth(7).count() == 0
    assert [item.path() for item in game.locator("Button").all()] == [
        f"{CONFORMANCE}/{name}" for name in ("PlayButton", "DisabledButton", "HiddenButton")
    ]
    assert paths(game.locator("Button").filter(visible=False)) == [f"{CONFORMANCE}/HiddenButton"]
    assert paths(controls.filter(has_text="Play")) == [f"{CONFORMANCE}/PlayButton"]
    assert controls.filter(has_not_text=re.compile("a")).count() == 3  # Title, Volume, NameEdit
    root = game.locator("#Conformance")
    assert paths(game.locator("Control").filter(has=game.get_by_text("Sound"))) == [CONFORMANCE]
    assert root.locator("Label").path() == f"{CONFORMANCE}/Title"
    assert root.get_by_role("button", name="Play").text_content() == "Play"


# --- strictness -------------------------------------------------------------------------------


def test_an_action_on_several_nodes_fails_and_lists_them(game: AgentClient) -> None:
    with pytest.raises(StrictModeError) as error:
        game.get_by_role("button").click()
    message = str(error.value)
    assert "2 match" in message
    assert f'button "Play" #PlayButton  ({CONFORMANCE}/PlayButton)' in message
    assert f"({CONFORMANCE}/DisabledButton)" in message
    assert error.value.matches == [f"{CONFORMANCE}/PlayButton", f"{CONFORMANCE}/DisabledButton"]
    assert game.get_by_role("button").first.click()["target"] == f"{CONFORMANCE}/PlayButton"


# --- actions and auto-waiting -------------------------------------------------------------------


def test_click_goes_through_the_real_input_and_events_follow(game: AgentClient) -> None:
    result = game.get_by_role("button", name="Play").click()
    assert result["target"] == f"{CONFORMANCE}/PlayButton"
    assert game.wait_for_event("played")["args"] == [1]
    assert game.get_by_name("PlayButton").press()["pressed"] == f"{CONFORMANCE}/PlayButton"
    assert game.wait_for_event("played")["args"] == [2]


def test_fill_and_hover(game: AgentClient) -> None:
    assert game.get_by_role("textbox").fill("Ann")["text"] == "Ann"
    assert game.get_property(f"{CONFORMANCE}/NameEdit", "text") == "Ann"
    assert game.get_by_role("button", name="Play").hover()["target"] == f"{CONFORMANCE}/PlayButton"


def test_drag_to_another_node(game: AgentClient) -> None:
    done = game.get_by_name("Volume").drag_to(game.get_by_name("NameEdit"))
    assert done["from"]["target"] == f"{CONFORMANCE}/Volume"
    assert done["to"]["target"] == f"{CONFORMANCE}/NameEdit"


@BOTH_TIMES
def test_an_action_waits_for_the_target_to_appear(game: AgentClient) -> None:
    with meanwhile(
        game, lambda other: other.set_property(f"{CONFORMANCE}/HiddenButton", "visible", True)
    ):
        game.get_by_role("button", name="Hidden").click()
    assert game.wait_for_event("pressed")["source"] == f"{CONFORMANCE}/HiddenButton"


@BOTH_TIMES
def test_an_action_waits_while_something_covers_the_target(game: AgentClient) -> None:
    volume = f"{CONFORMANCE}/Volume"
    game.set_property(volume, "position", {"x": 20, "y": 100})  # over the Play button
    game.set_property(volume, "size", {"x": 100, "y": 31})
    with meanwhile(game, lambda other: other.set_property(volume, "position", {"x": 20, "y": 200})):
        game.get_by_role("button", name="Play").click()
    assert game.wait_for_event("played")["args"] == [1]


def test_a_target_that_never_gets_ready_fails_with_the_reason_and_the_tree(
    game: AgentClient,
) -> None:
    with pytest.raises(WaitTimeoutError) as error:
        game.get_by_role("button", name="Disabled").click(timeout=0.3)
    message = str(error.value)
    assert message.startswith(
        "click on get_by_role('button', name='Disabled') timed out after 0.3 s"
    )
    assert "disabled" in message.splitlines()[0]
    assert "\nclick: waiting for get_by_role('button', name='Disabled')\n" in message
    assert 'button "Disabled" #DisabledButton [disabled]  <- target' in message

    with pytest.raises(WaitTimeoutError, match="no node matches yet"):
        game.get_by_role("button", name="Nope").press(timeout=0.2)


def test_a_covered_target_times_out_naming_what_covers_it(game: AgentClient) -> None:
    volume = f"{CONFORMANCE}/Volume"
    game.set_property(volume, "position", {"x": 20, "y": 100})
    game.set_property(volume, "size", {"x": 100, "y": 31})
    with pytest.raises(WaitTimeoutError, match=f"covered by {volume}"):
        game.get_by_role("button", name="Play").click(timeout=0.3)


def test_force_skips_the_checks_and_the_bridge_decides(game: AgentClient) -> None:
    with pytest.raises(WaitTimeoutError, match="the bridge refused: NOT_INTERACTABLE"):
        game.get_by_role("button", name="Disabled").click(force=True, timeout=0.2)


@BOTH_TIMES
def test_wait_for_states(game: AgentClient) -> None:
    hidden = game.get_by_name("HiddenButton")
    hidden.wait_for(state="attached")
    hidden.wait_for(state="hidden")
    with pytest.raises(WaitTimeoutError, match="wait_for"):
        hidden.wait_for(state="visible", timeout=0.2)
    with meanwhile(
        game, lambda other: other.set_property(f"{CONFORMANCE}/HiddenButton", "visible", True)
    ):
        hidden.wait_for(state="visible")
    game.get_by_name("Nope").wait_for(state="detached")


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_fill_refuses_a_read_only_field(game: AgentClient) -> None:
    with pytest.raises(WaitTimeoutError, match="not editable"):
        game.get_by_name("ReadOnly").fill("x", timeout=0.2)
    assert game.get_by_role("textbox", name="Notes").fill("line")["text"] == "line"


def test_default_timeout_is_configurable(game: AgentClient) -> None:
    game.set_default_timeout(0.1)
    with pytest.raises(WaitTimeoutError, match=r"after 0\.1 s"):
        game.get_by_role("button", name="Nope").click()


def test_hover_needs_the_bridge_command(game: AgentClient) -> None:
    game.connection.commands().pop("hover")  # as a bridge without it would answer hello
    with pytest.raises(UnsupportedError, match="no hover command"):
        game.get_by_role("button", name="Play").hover()
    game.connection.commands().pop("click")
    assert game.get_by_role("button", name="Play").click()["pressed"] == f"{CONFORMANCE}/PlayButton"


# --- choosing and setting -----------------------------------------------------------------------


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_select_option_by_text_index_and_ref(game: AgentClient) -> None:
    choice = game.get_by_role("combobox", name="Choice")
    assert choice.select_option("Hard")["selected"] == {"item": 1, "text": "Hard"}
    assert game.wait_for_event("item_selected")["args"] == [1]
    assert choice.select_option(0)["selected"]["text"] == "Easy"
    levels = next(ref for ref, info in game.snapshot()["refs"].items() if info["name"] == "Levels")
    assert game.select_option(f"@{levels}", "Level 2")["selected"]["item"] == 1
    assert game.select_option(levels, 2)["selected"]["text"] == "Level 3"


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_a_missing_option_names_the_options_there_are(game: AgentClient) -> None:
    with pytest.raises(
        NotFoundError,
        match=r"has no option \"Nightmare\". Its options: "
        r"'Easy', 'Hard'",
    ):
        game.select_option("/root/Lab/UI/Choice", "Nightmare")
    # a locator waits for the option (lists fill in late), then says what the bridge said
    with pytest.raises(WaitTimeoutError, match="Its options: 'Easy', 'Hard'"):
        game.get_by_name("Choice").select_option("Nightmare", timeout=0.2)
    assert game.get_property("/root/Lab/UI/Choice", "selected") == 0  # nothing changed


def test_set_value_clamps_as_the_engine_does_and_says_so(game: AgentClient) -> None:
    volume = game.get_by_role("slider", name="Volume")
    assert volume.set_value(75) == {**volume.set_value(75), "value": 75.0, "clamped": False}
    clamped = game.set_value(f"{CONFORMANCE}/Volume", 250)
    assert clamped["value"] == 100.0 and clamped["clamped"] is True and clamped["asked"] == 250
    assert game.wait_for_event("value_changed")["args"] == [75.0]
    with pytest.raises(InvalidArgsError, match="its value is a number"):
        game.set_value(f"{CONFORMANCE}/Volume", "loud")
    with pytest.raises(InvalidArgsError, match="set_value works on sliders"):
        game.set_value(f"{CONFORMANCE}/PlayButton", 3)
    assert game.get_property(f"{CONFORMANCE}/Volume", "value") == 100.0


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_set_value_takes_colors(game: AgentClient) -> None:
    picked = game.set_value("/root/Lab/UI/Tint", "#00ff0080")
    assert picked["value"] == "#00ff0080" and picked["clamped"] is False
    assert game.set_value("/root/Lab/UI/Tint", {"r": 0, "g": 0, "b": 1})["value"] == "#0000ffff"
    with pytest.raises(InvalidArgsError, match="takes a color"):
        game.set_value("/root/Lab/UI/Tint", "green-ish")


def test_every_call_that_takes_a_target_takes_a_ref(game: AgentClient) -> None:
    refs = {info["name"]: ref for ref, info in game.snapshot()["refs"].items()}
    play, name = refs["Play"], refs["Your name"]
    assert game.get_node(play)["node"]["name"] == "PlayButton"
    assert game.get_property(f"@{play}", "text") == "Play"
    assert game.set_property(name, "text", "Ada") == "Ada"
    assert game.press(f"@{play}")["pressed"] == f"{CONFORMANCE}/PlayButton"
    assert game.fill(name, "Bo")["text"] == "Bo"
    assert game.hover(play)["target"] == f"{CONFORMANCE}/PlayButton"
    assert game.click(f"@{play}")["target"] == f"{CONFORMANCE}/PlayButton"
    assert game.call_method(play, "add_to_group", "primary") is None
    with pytest.raises(StaleRefError):
        game.press("@e999")


def test_settle_is_a_deprecated_name_for_settled(game: AgentClient) -> None:
    with pytest.warns(DeprecationWarning, match="'settle' is now 'settled'"):
        game.click(f"{CONFORMANCE}/PlayButton", settle=True)
    sent = game.connection.transport.sent[-1]  # type: ignore[attr-defined]
    assert b'"settled":true' in sent and b'"settle"' not in sent


def test_renamed_keywords_and_methods_still_work_for_a_release(game: AgentClient) -> None:
    """The old names warn once used and send the wire's names."""
    volume = f"{CONFORMANCE}/Volume"
    with pytest.warns(DeprecationWarning) as warned:
        game.drag(source=volume, dest={"x": 30, "y": 60})
    assert [str(warning.message) for warning in warned] == [
        "drag(): 'source' is now 'from_'.",
        "drag(): 'dest' is now 'to'.",
    ]
    sent = game.connection.transport.sent[-1]  # type: ignore[attr-defined]
    assert b'"from":"/root/Conformance/Volume"' in sent and b'"to":{"x":30' in sent
    with pytest.warns(DeprecationWarning, match="get_property\\(\\): 'prop' is now 'property'"):
        assert game.get_property(volume, prop="value") == 50
    with pytest.warns(DeprecationWarning, match="'prop' is now 'property'"):
        assert game.locator("#Volume").get_property(prop="value") == 50
    with (
        pytest.warns(DeprecationWarning, match=r"reset\(\) is now reset_game\(\)"),
        pytest.raises(UnknownCommandError),  # the fake bridge has no reset_game
    ):
        game.reset()
