"""Accessibility snapshots: grammar, roles, names, refs, filters, modal dialogs, stale refs."""

from __future__ import annotations

import re

import pytest

from agent_client import AgentClient, InvalidArgsError, StaleRefError

LINE = re.compile(
    r'^(?P<indent>(  )*)- (?P<role>[a-z]+)( "(?P<name>(?:[^"\\]|\\.)*)")?'
    r"( \[(?P<attrs>[^\]]*)\])?$"
)
ATTR_ORDER = [
    "disabled",
    "checked",
    "selected",
    "expanded",
    "value",
    "at",
    "offscreen",
    "behind",
    "pos",
    "vel",
    "class",
    "nth",
    "ref",
]


def snapshot(game: AgentClient, **args: object) -> dict:
    return game.request("snapshot", args)


def ref_for(snap: dict, path_end: str) -> str:
    return next(ref for ref, info in snap["refs"].items() if info["path"].endswith(path_end))


def test_every_line_follows_the_grammar_and_attribute_order(input_lab: AgentClient) -> None:
    text = snapshot(input_lab)["text"]
    for line in text.splitlines():
        match = LINE.match(line)
        assert match, f"bad line: {line!r}"
        attrs = [a.split("=")[0] for a in (match["attrs"] or "").split(", ") if a]
        positions = [ATTR_ORDER.index(a) for a in attrs]
        assert positions == sorted(positions), f"attribute order in {line!r}"


def test_roles_names_and_states(conformance_game: AgentClient) -> None:
    text = snapshot(conformance_game)["text"]
    assert '- heading "Conformance"' in text
    assert '- textbox "Your name" [value="", ref=e1]' in text
    assert '- button "Play" [ref=e2]' in text
    assert '- button "Disabled" [disabled, ref=e3]' in text
    assert '- checkbox "Sound" [checked=false, ref=e4]' in text
    assert '- slider "Volume" [value=50, ref=e5]' in text
    assert "Hidden" not in text, "hidden nodes are left out"
    assert text.splitlines()[1] == "  - generic", "the bridge node itself is not shown"


def test_refs_number_in_document_order_and_name_their_nodes(conformance_game: AgentClient) -> None:
    snap = snapshot(conformance_game)
    assert list(snap["refs"]) == [f"e{i}" for i in range(1, len(snap["refs"]) + 1)]
    assert snap["refs"]["e2"] == {
        "role": "button",
        "name": "Play",
        "path": "/root/Conformance/PlayButton",
    }


def test_lists_tabs_duplicates_and_dialog_role(input_lab: AgentClient) -> None:
    text = snapshot(input_lab)["text"]
    assert re.search(
        r'- listbox "List" \[ref=e\d+\]\n\s+- option "Alpha" \[ref=e\d+\]\n'
        r'\s+- option "Beta" \[ref=e\d+\]',
        text,
    )
    assert re.search(r'- tab "One" \[selected, ref=e\d+\]\n\s+- tab "Two" \[ref=e\d+\]', text)
    assert re.search(r'- button "Same" \[ref=e\d+\]\n\s+- button "Same" \[nth=1, ref=e\d+\]', text)
    assert "Are you sure" not in text, "a closed dialog is hidden"


def test_game_objects_that_take_pointer_input_get_refs_with_their_class(
    input_lab: AgentClient,
) -> None:
    text = snapshot(input_lab)["text"]
    assert re.search(
        r'- generic "Token A" \[at=\d+,\d+, pos=\d+,\d+, class=token, ref=e\d+\]', text
    )


def test_interactive_and_compact_filters(input_lab: AgentClient) -> None:
    full = snapshot(input_lab)["text"].splitlines()
    interactive = snapshot(input_lab, interactive=True)["text"].splitlines()
    flat = snapshot(input_lab, interactive=True, compact=True)["text"].splitlines()
    assert len(flat) < len(interactive) < len(full)
    assert all("ref=" in line for line in flat)
    item_roles = ("option", "tab", "treeitem", "menuitem")
    assert all(
        not line.startswith(" ")
        or line.lstrip().startswith(tuple(f"- {role} " for role in item_roles))
        for line in flat
    ), "only items nest (in their list)"
    assert sum("ref=" in line for line in interactive) == len(flat)
    compact = snapshot(input_lab, compact=True)["text"]
    assert "- generic\n" not in compact + "\n", "unnamed wrappers are hoisted"


def test_max_depth_and_root(input_lab: AgentClient) -> None:
    shallow = snapshot(input_lab, max_depth=1)["text"].splitlines()
    assert all(not line.startswith("    ") for line in shallow)
    rows = snapshot(input_lab, root="/root/InputLab/World")["text"]
    assert rows.startswith("- generic") and "Token B" in rows and "Covered" not in rows
    part = snapshot(input_lab, root="/root/InputLab/World")
    assert part["refs"] and all(
        info["path"].startswith("/root/InputLab/World") for info in part["refs"].values()
    )
    assert set(part["refs"]) < set(snapshot(input_lab)["refs"]), "the whole tree's refs"
    with pytest.raises(InvalidArgsError):
        snapshot(input_lab, max_depth=-1)


def test_a_modal_dialog_makes_what_it_covers_unreachable(input_lab: AgentClient) -> None:
    snap = snapshot(input_lab)
    input_lab.request("click", {"ref": ref_for(snap, "OpenDialogButton")})
    snap = snapshot(input_lab)
    assert "Are you sure?" in snap["text"]
    paths = [info["path"] for info in snap["refs"].values()]
    assert all("/Dialog" in path for path in paths), paths
    assert '- dialog "Confirm"' in snap["text"]


def test_refs_are_stable_across_snapshots_and_never_invented(conformance_game: AgentClient) -> None:
    old = snapshot(conformance_game)
    snapshot(conformance_game)
    newest = conformance_game.request("snapshot")
    assert old["snapshot"] + 2 == newest["snapshot"]
    assert old["refs"] == newest["refs"], "a living node keeps its ref"
    assert conformance_game.request("get_node", {"ref": "e2"})["node"]["name"] == "PlayButton"
    with pytest.raises(StaleRefError, match="No snapshot gave out e99"):
        conformance_game.request("click", {"ref": "@e99"})
    with pytest.raises(InvalidArgsError, match="not a ref"):
        conformance_game.request("click", {"ref": "PlayButton"})


def test_a_ref_whose_node_is_gone_is_stale_not_another_node(input_lab: AgentClient) -> None:
    game = input_lab
    game.press("/root/InputLab/AddRowButton")
    game.press("/root/InputLab/AddRowButton")
    snap = snapshot(game)
    assert '- text "Row 2"' in snap["text"]
    field = ref_for(snap, "/Field")
    game.request(
        "set_property", {"path": "/root/InputLab/Field", "property": "name", "value": "Renamed"}
    )
    assert game.request("get_node", {"ref": field})["node"]["name"] == "Renamed", (
        "a ref follows its node, not its path"
    )
    game.request("call_method", {"path": "/root/InputLab/Renamed", "method": "queue_free"})
    game.wait_frames(1)
    with pytest.raises(StaleRefError, match="which is gone"):
        game.request("click", {"ref": field})


def test_path_and_ref_are_exclusive(conformance_game: AgentClient) -> None:
    snapshot(conformance_game)
    with pytest.raises(InvalidArgsError, match="exactly one"):
        conformance_game.request("press", {"ref": "e2", "path": "/root/Conformance/PlayButton"})
    with pytest.raises(InvalidArgsError, match="exactly one"):
        conformance_game.request("press", {})
