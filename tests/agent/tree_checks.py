"""Comparing trees get_tree answered."""

from __future__ import annotations

from typing import Any


def same_fields(full: dict[str, Any], lean: dict[str, Any], fields: list[str]) -> None:
    """``lean`` holds exactly ``fields`` of ``full`` (those that apply), node by node."""
    markers = {"children", "internal", "truncated"}
    expected = {key: full[key] for key in [*fields, *markers] if key in full and key != "children"}
    assert {key: value for key, value in lean.items() if key != "children"} == expected
    assert len(lean["children"]) == len(full["children"])
    for full_child, lean_child in zip(full["children"], lean["children"], strict=True):
        same_fields(full_child, lean_child, fields)
