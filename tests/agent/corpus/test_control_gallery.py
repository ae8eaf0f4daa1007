"""control_gallery: every control is reachable by ref and changed as a person would (click,
select, set_value, fill), each change arriving as its event; bad choices are refused."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_client import (
    AgentClient,
    InvalidArgsError,
    NotFoundError,
    NotInteractableError,
    StaleRefError,
)
from tests.agent.corpus.conftest import ref_named

GAME = "control_gallery"
LISTS = "/root/ControlGallery/MainPanel/HSplitContainer/VSplitContainer/Lists/VBoxContainer"


@pytest.fixture
def gallery(play: Callable[..., AgentClient]) -> AgentClient:
    game = play(GAME)
    game.get_events()
    return game


def act(game: AgentClient, cmd: str, args: dict) -> list[tuple[str, str, list]]:
    """Runs a command that must succeed; the events its answer carried, as
    (type, source node name, args)."""
    response = game.send(cmd, args)
    assert response["ok"], response
    return [(e["type"], e["source"].rsplit("/", 1)[-1], e["args"]) for e in response["events"]]


def test_every_ref_is_reachable_where_the_snapshot_puts_it(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    assert len(snap["refs"]) >= 30
    for ref, info in snap["refs"].items():
        response = gallery.send("hover", {"ref": ref})
        if "[disabled" in next(line for line in snap["text"].splitlines() if f"ref={ref}]" in line):
            assert response["code"] == "NOT_INTERACTABLE", (ref, info, response)
            continue
        assert response["ok"], (ref, info, response)
        assert response["data"]["target"] == info["path"]


def test_buttons_and_toggles_by_click(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    assert ("pressed", "Button", []) in act(gallery, "click", {"ref": ref_named(snap, "Button")})
    assert ("toggled", "CheckBox", [True]) in act(
        gallery, "click", {"ref": ref_named(snap, "CheckBox")}
    )
    assert 'checkbox "CheckBox" [checked=true' in gallery.snapshot()["text"]


def test_an_option_button_by_clicking_its_popup_items(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True, compact=True)
    combo = ref_named(snap, "Option Button")
    act(gallery, "click", {"ref": combo})
    opened = gallery.snapshot(interactive=True, compact=True)
    options = [(ref, info["name"]) for ref, info in opened["refs"].items()]
    assert [name for _, name in options] == ["OptionButton", "Item 1", "Item 2", "Disabled Item"]
    assert all(info["role"] == "option" for info in opened["refs"].values()), (
        "while the popup is open only its items can be reached"
    )
    assert 'Disabled Item" [disabled' in opened["text"]
    events = act(gallery, "click", {"ref": options[2][0]})
    assert ("item_selected", "OptionButton", [2]) in events
    assert '[expanded=false, value="Item 2", ref=' in gallery.snapshot()["text"]


def test_select_chooses_by_text_or_index_in_every_kind_of_list(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    assert ("item_selected", "OptionButton", [1]) in act(
        gallery, "select", {"ref": ref_named(snap, "Option Button"), "option": "Item 1"}
    )
    menu = act(
        gallery, "select", {"path": f"{LISTS}/HBoxContainer/VBoxContainer/MenuButton", "option": 2}
    )
    assert [e[0] for e in menu if e[0] == "id_pressed"] == ["id_pressed"]
    assert ("tab_changed", "TabContainer", [2]) in act(
        gallery, "select", {"ref": ref_named(snap, "Tab Container"), "option": "Tab 3"}
    )
    listed = act(
        gallery, "select", {"ref": ref_named(snap, "Item List"), "option": "ItemList - Item 2"}
    )
    assert listed[-1][:2] == ("multi_selected", "ItemList") and listed[-1][2][0] == 1
    tree = act(
        gallery,
        "select",
        {"ref": ref_named(snap, "Tree"), "option": "Tree - Root TreeItem/Tree - TreeItem 2"},
    )
    assert tree[-1][:2] == ("multi_selected", "Tree")
    assert tree[-1][2][0] == {"tree_item": "Tree - Root TreeItem/Tree - TreeItem 2"}
    text = gallery.snapshot()["text"]
    assert '- tab "Tab 3" [selected' in text and 'treeitem "Tree - TreeItem 2" [selected' in text


def test_tabs_tree_rows_and_list_items_are_clicked_by_their_refs(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    assert ("tab_changed", "TabContainer", [4]) in act(
        gallery, "click", {"ref": ref_named(snap, "Tab 5")}
    )
    assert "RichTextLabel: Tab 5 is selected." in gallery.snapshot()["text"]
    rows = act(gallery, "click", {"ref": ref_named(snap, "Tree - TreeItem 1 Child")})
    assert rows[-1][2][0] == {
        "tree_item": "Tree - Root TreeItem/Tree - TreeItem 1/Tree - TreeItem 1 Child"
    }
    assert act(gallery, "click", {"ref": ref_named(snap, "ItemList - Item 1")})[-1][2][0] == 0


def test_set_value_moves_ranges_and_picks_colors(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    slider = ref_named(snap, "HSlider")
    assert ("value_changed", "HSlider", [75.0]) in act(
        gallery, "set_value", {"ref": slider, "value": 75}
    )
    clamped = gallery.request("set_value", {"ref": slider, "value": 500})
    assert clamped["value"] == 100 and clamped["clamped"] is True and clamped["asked"] == 500
    assert ("value_changed", "SpinBox", [3.0]) in act(
        gallery, "set_value", {"ref": ref_named(snap, "Spin Box"), "value": 3}
    )
    picked = act(
        gallery, "set_value", {"ref": ref_named(snap, "Color Picker Button"), "value": "#ff8000"}
    )
    assert picked[-1][:2] == ("color_changed", "ColorPickerButton")
    assert picked[-1][2][0]["html"] == "#ff8000ff"
    assert "value=#ff8000" in gallery.snapshot()["text"]


def test_fill_types_text_and_reports_it(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    events = act(
        gallery, "fill", {"ref": ref_named(snap, "LineEdit placeholder"), "value": "typed"}
    )
    assert ("text_changed", "LineEdit", ["typed"]) in events


def test_bad_choices_get_clear_errors_and_change_nothing(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    combo = ref_named(snap, "Option Button")
    with pytest.raises(NotFoundError, match="Its options: 'OptionButton', 'Item 1'"):
        gallery.request("select", {"ref": combo, "option": "Item 9"})
    with pytest.raises(InvalidArgsError, match="its value is a number"):
        gallery.request("set_value", {"ref": ref_named(snap, "HSlider"), "value": "loud"})
    with pytest.raises(InvalidArgsError, match="select works on"):
        gallery.request("select", {"ref": ref_named(snap, "Button"), "option": 1})
    with pytest.raises(NotInteractableError, match="disabled"):
        gallery.request(
            "select",
            {
                "ref": ref_named(snap, "Item List"),
                "option": "ItemList - Disabled item with icon assigned",
            },
        )
    gallery.request("click", {"ref": combo})
    popup_item = ref_named(gallery.snapshot(interactive=True), "Item 2")
    gallery.request("input", {"key": "Escape"})
    with pytest.raises(NotInteractableError, match="its menu is closed"):
        gallery.request("click", {"ref": popup_item})
    assert all(e["type"] != "item_selected" for e in gallery.get_events())
    assert 'value="OptionButton"' in gallery.snapshot()["text"]


def test_a_removed_item_is_stale_never_another_item(gallery: AgentClient) -> None:
    snap = gallery.snapshot(interactive=True)
    first = ref_named(snap, "ItemList - Item 1")
    second = ref_named(snap, "ItemList - Item 2")
    gallery.request(
        "call_method",
        {
            "path": f"{LISTS}/HBoxContainer/VBoxContainer/ItemList",
            "method": "remove_item",
            "args": [0],
        },
    )
    with pytest.raises(StaleRefError, match="is gone"):
        gallery.request("click", {"ref": first})
    assert gallery.request("click", {"ref": second})["item_text"] == "ItemList - Item 2"
    assert ref_named(gallery.snapshot(interactive=True), "ItemList - Item 2") == second
