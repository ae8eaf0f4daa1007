"""Selector parsing, the bridge's roles and names, and text matching on a serialized tree,
without an engine."""

from __future__ import annotations

import re
from typing import Any

import pytest

from agent_client.model.matching import text_matches
from agent_client.model.nodes import TreeIndex, label_of, role_of
from agent_client.model.outline import context_around
from agent_client.model.selectors import SelectorError, parse_selector


def node(
    name: str,
    type_: str,
    path: str,
    children: list[dict[str, Any]] = (),  # type: ignore[assignment]
    **fields: Any,
) -> dict[str, Any]:
    return {"name": name, "type": type_, "path": path, "children": list(children), **fields}


HUD = "/root/Level/HUDLayer"
TREE = node(
    "root",
    "Window",
    "/root",
    [
        node(
            "Level",
            "Node2D",
            "/root/Level",
            [
                node(
                    "HUDLayer",
                    "CanvasLayer",
                    HUD,
                    [
                        node(
                            "ResetButton",
                            "Button",
                            f"{HUD}/ResetButton",
                            text="Reset",
                            actions=["press"],
                            groups=["hud"],
                            role="button",
                            label="Reset",
                        ),
                        node(
                            "Score",
                            "Label",
                            f"{HUD}/Score",
                            text="Symmetries:  1 / 3",
                            role="text",
                            label="Symmetries: 1 / 3",
                        ),
                        node(
                            "Title",
                            "Label",
                            f"{HUD}/Title",
                            text="Vault",
                            role="heading",
                            label="Vault",
                        ),
                    ],
                    role="region",
                ),
                node(
                    "Crystal_0",
                    "Crystal",
                    "/root/Level/Crystal_0",
                    **{"class": "Area2D"},
                    actions=["press"],
                    props={"hp": 3},
                    groups=["crystals"],
                    role="button",
                    label="Crystal 0",
                ),
                node(
                    "Name",
                    "LineEdit",
                    "/root/Level/Name",
                    text="typed",
                    placeholder="Your name",
                    role="textbox",
                    label="Your name",
                ),
            ],
            role="generic",
        ),
    ],
    role="application",
    label="Vault",
)


def select(selector: str) -> list[str]:
    index = TreeIndex(TREE)
    return [found["path"] for found in parse_selector(selector).select(index, None)]


@pytest.mark.parametrize(
    ("selector", "expected"),
    [
        ("Button", [f"{HUD}/ResetButton"]),
        ("Area2D", ["/root/Level/Crystal_0"]),  # engine class of a script class
        ("#Score", [f"{HUD}/Score"]),
        (".crystals", ["/root/Level/Crystal_0"]),
        ("HUDLayer/ResetButton", [f"{HUD}/ResetButton"]),
        ("/root/Level/Name", ["/root/Level/Name"]),
        ("Level/Name", ["/root/Level/Name"]),
        ("evel/Name", []),  # whole names only
        ('Label[text*="1 / 3"]', [f"{HUD}/Score"]),
        ('[text^="Sym"]', [f"{HUD}/Score"]),
        ('[text$="Vault"]', [f"{HUD}/Title"]),
        ("[text~='^R.s']", [f"{HUD}/ResetButton"]),
        ("[hp=3]", ["/root/Level/Crystal_0"]),
        (
            "[props.hp!=3]",
            [
                path
                for path in (
                    "/root",
                    "/root/Level",
                    HUD,
                    f"{HUD}/ResetButton",
                    f"{HUD}/Score",
                    f"{HUD}/Title",
                    "/root/Level/Name",
                )
            ],
        ),
        ("[role=button]", [f"{HUD}/ResetButton", "/root/Level/Crystal_0"]),
        ("CanvasLayer > Label", [f"{HUD}/Score", f"{HUD}/Title"]),
        ("Level > Label", []),
        ("Node2D Label", [f"{HUD}/Score", f"{HUD}/Title"]),
        ("#Title, Button", [f"{HUD}/ResetButton", f"{HUD}/Title"]),
        ('#"Crystal_0"', ["/root/Level/Crystal_0"]),
        ("* > * > CanvasLayer", [HUD]),
    ],
)
def test_selectors(selector: str, expected: list[str]) -> None:
    assert select(selector) == expected


@pytest.mark.parametrize("bad", ["Button[", "[=3]", "#", "Button >", '[text="open', "a,,b"])
def test_bad_selectors_say_where(bad: str) -> None:
    with pytest.raises(SelectorError, match="at position"):
        parse_selector(bad)


def test_roles_and_names_are_the_bridges() -> None:
    index = TreeIndex(TREE)
    by_name = {found["name"]: found for found in index.nodes}
    assert role_of(by_name["Crystal_0"]) == "button"
    assert label_of(by_name["Crystal_0"]) == "Crystal 0"
    assert label_of(by_name["Name"]) == "Your name"  # the bridge's name, not the typed text
    assert label_of(by_name["Level"]) == ""  # omitted when empty
    assert role_of({"name": "Old", "path": "/root/Old"}) == "generic"  # a bridge without roles
    assert [found["name"] for found in parse_selector("[role=heading]").select(index, None)] == [
        "Title"
    ]


def test_text_matching() -> None:
    assert text_matches("Symmetries:  1 / 3", "symmetries: 1")
    assert text_matches("Symmetries:  1 / 3", "Symmetries: 1 / 3", exact=True)
    assert not text_matches("Symmetries: 1 / 3", "symmetries: 1 / 3", exact=True)
    assert text_matches("Level 12", re.compile(r"Level \d+"))
    assert not text_matches(None, "x")


def test_the_context_of_a_failure_marks_the_target() -> None:
    index = TreeIndex(TREE)
    score = index.by_path(f"{HUD}/Score")
    assert score is not None
    assert context_around(index, [score]).splitlines() == [
        "- region #HUDLayer",
        '  - button "Reset" #ResetButton',
        '  - text "Symmetries: 1 / 3" #Score  <- target',
        '  - heading "Vault" #Title',
    ]
