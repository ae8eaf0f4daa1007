"""ARIA-like roles and accessible names of serialized nodes, as the bridge's snapshot gives them.

Works on the node dictionaries of ``get_tree``. The table follows the bridge's snapshot roles so
that ``get_by_role("button", name="Play")`` finds what a snapshot shows as ``- button "Play"``.
"""

from __future__ import annotations

import re
from typing import Any

Node = dict[str, Any]

# Engine class -> role. A script class is looked up by its engine class (the node's "class").
ROLE_BY_CLASS: dict[str, str] = {
    **dict.fromkeys(("Button", "TextureButton", "LinkButton", "MenuButton",
                     "ColorPickerButton", "BaseButton"), "button"),
    **dict.fromkeys(("CheckBox", "CheckButton"), "checkbox"),
    "OptionButton": "combobox",
    **dict.fromkeys(("LineEdit", "TextEdit", "CodeEdit"), "textbox"),
    "SpinBox": "spinbutton",
    **dict.fromkeys(("HSlider", "VSlider"), "slider"),
    **dict.fromkeys(("ItemList", "Tree"), "listbox"),
    **dict.fromkeys(("TabBar", "TabContainer"), "tablist"),
    **dict.fromkeys(("PopupMenu", "MenuBar"), "menu"),
    **dict.fromkeys(("AcceptDialog", "ConfirmationDialog", "FileDialog", "Popup", "PopupPanel",
                     "Window"), "dialog"),
    **dict.fromkeys(("Label", "RichTextLabel"), "text"),
    **dict.fromkeys(("TextureRect", "Sprite2D", "Sprite3D", "AnimatedSprite2D"), "img"),
    **dict.fromkeys(("Panel", "PanelContainer"), "group"),
    "CanvasLayer": "region",
}
# Roles of things a player acts on: these get a readable node name when they show no text.
INTERACTIVE_ROLES = frozenset({"button", "checkbox", "combobox", "textbox", "spinbutton",
                               "slider", "listbox", "tablist"})
# A Label whose node name contains one of these is a heading (as in the snapshot).
HEADING_HINTS = ("title", "heading", "header")
_TEXTBOX_TYPES = frozenset({"LineEdit", "TextEdit", "CodeEdit"})


def engine_class(node: Node) -> str:
    """The engine class of a node (its ``type`` unless that is a script's class_name)."""
    return str(node.get("class") or node.get("type") or "")


def role_of(node: Node) -> str:
    """The node's role: ``button``, ``textbox``, ``text``, ... or ``generic``."""
    given = node.get("role")
    if isinstance(given, str) and given:
        return given
    if node.get("path") == "/root":
        return "application"
    cls = engine_class(node)
    role = ROLE_BY_CLASS.get(cls)
    if role == "text" and cls == "Label" and _looks_like_heading(str(node.get("name", ""))):
        return "heading"
    if role is not None:
        return role
    actions = node.get("actions") or ()
    if "press" in actions:
        return "button"
    if "fill" in actions:
        return "textbox"
    return "generic"


def _looks_like_heading(name: str) -> bool:
    lowered = name.lower()
    return any(hint in lowered for hint in HEADING_HINTS)


def accessible_name(node: Node) -> str:
    """Visible text (not a text field's content), else tooltip or placeholder, else the node
    name made readable for interactive nodes, labels and images; "" for the rest."""
    is_textbox = engine_class(node) in _TEXTBOX_TYPES
    for key in ("text", "title"):
        value = node.get(key)
        if isinstance(value, str) and value.strip() and not is_textbox:
            return value.strip()
    for key in ("tooltip", "tooltip_text", "placeholder"):
        value = node.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    if role_of(node) in INTERACTIVE_ROLES | {"text", "heading", "img"}:
        return readable(str(node.get("name", "")))
    return ""


def readable(node_name: str) -> str:
    """``"PlayButton"`` -> ``"Play Button"``, ``"crystal_0"`` -> ``"crystal 0"``; engine-made
    names (``@Button@23``) give ""."""
    if node_name.startswith("@"):
        return ""
    spaced = node_name.replace("_", " ")
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", spaced).strip()


def is_checked(node: Node) -> bool | None:
    """A toggle's state, or None when the node is no toggle."""
    if not node.get("toggle_mode") and "button_pressed" not in node:
        return None
    return bool(node.get("button_pressed"))
