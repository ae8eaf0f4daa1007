"""The fake bridge's scene: nodes with engine properties, built like the fixture game's
conformance and lab scenes (docs/PROTOCOL.md, section 10), serialized as ``get_tree`` does."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

# Engine classes a person can act on with ``press`` / ``fill``.
PRESSABLE = ("Button", "CheckBox", "OptionButton")
FILLABLE = ("LineEdit", "TextEdit")
# Controls that let the mouse through (Godot's MOUSE_FILTER_IGNORE by default).
MOUSE_IGNORED = ("Label",)


@dataclass(eq=False)
class FakeNode:
    """One node: its class, the role and name the bridge would give it, and its properties
    (``visible``, ``text``, ``position``/``size`` for controls, script variables...)."""

    name: str
    type: str
    role: str = "generic"
    label: str = ""
    props: dict[str, Any] = field(default_factory=dict)
    script_props: tuple[str, ...] = ()
    children: list[FakeNode] = field(default_factory=list)
    parent: FakeNode | None = None
    groups: list[str] = field(default_factory=list)

    def add(self, *children: FakeNode) -> FakeNode:
        for child in children:
            child.parent = self
            self.children.append(child)
        return self

    @property
    def path(self) -> str:
        return f"{self.parent.path}/{self.name}" if self.parent else f"/{self.name}"

    def walk(self) -> Iterator[FakeNode]:
        """This node and every node below it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def is_visible(self) -> bool:
        """Visible itself and every ancestor that has visibility."""
        node: FakeNode | None = self
        while node is not None:
            if node.props.get("visible") is False:
                return False
            node = node.parent
        return True

    def rect(self) -> dict[str, float] | None:
        if "position" not in self.props:
            return None
        position, size = self.props["position"], self.props["size"]
        return {"x": position["x"], "y": position["y"], "w": size["x"], "h": size["y"]}

    def contains(self, x: float, y: float) -> bool:
        rect = self.rect()
        return (
            rect is not None
            and rect["x"] <= x < rect["x"] + rect["w"]
            and rect["y"] <= y < rect["y"] + rect["h"]
        )

    def center(self) -> dict[str, float]:
        rect = self.rect() or {"x": 0, "y": 0, "w": 0, "h": 0}
        return {"x": rect["x"] + rect["w"] / 2, "y": rect["y"] + rect["h"] / 2}

    def accessible_name(self) -> str:
        """The bridge's ``label``: visible text (not a field's content), else the explicit
        name (placeholder, readable node name)."""
        text = self.props.get("text")
        # A field's content and a combobox's chosen item are values, not names.
        if isinstance(text, str) and text and self.type not in (*FILLABLE, "OptionButton"):
            return text
        return self.label

    def actions(self) -> list[str]:
        if self.type in PRESSABLE:
            return ["press"]
        if self.type in FILLABLE:
            return ["fill"]
        return []

    def serialize(self, depth: int | None) -> dict[str, Any]:
        """The node as ``get_tree`` sends it; ``depth``: levels of children still wanted."""
        wire: dict[str, Any] = {
            "name": self.name,
            "type": self.type,
            "path": self.path,
            "role": self.role,
        }
        label = self.accessible_name()
        if label:
            wire["label"] = label
        if self.groups:
            wire["groups"] = list(self.groups)
        if self.script_props:
            wire["props"] = {key: self.props[key] for key in self.script_props}
        if "visible" in self.props:
            wire["visible"] = self.props["visible"]
        rect = self.rect()
        if rect is not None:
            wire["rect"] = rect
        for key in (
            "title",
            "text",
            "disabled",
            "editable",
            "toggle_mode",
            "button_pressed",
            "value",
            "min",
            "max",
            "step",
            "items",
            "selected",
        ):
            if key in self.props:
                wire[key] = self.props[key]
        if "placeholder_text" in self.props:
            wire["placeholder"] = self.props["placeholder_text"]
        if self.actions():
            wire["actions"] = self.actions()
        if depth == 0 and self.children:
            wire["children"] = []
            wire["truncated"] = True
        else:
            below = None if depth is None else depth - 1
            wire["children"] = [child.serialize(below) for child in self.children]
        return wire


def control(
    name: str,
    type_: str,
    rect: tuple[float, float, float, float],
    *,
    role: str = "generic",
    label: str = "",
    **props: Any,
) -> FakeNode:
    x, y, w, h = rect
    return FakeNode(
        name,
        type_,
        role,
        label,
        {"visible": True, "position": {"x": x, "y": y}, "size": {"x": w, "y": h}} | props,
    )


def button(name: str, text: str, x: float, y: float, w: float = 100, **props: Any) -> FakeNode:
    return control(
        name, "Button", (x, y, w, 31), role="button", text=text, **{"disabled": False, **props}
    )


def conformance_scene() -> FakeNode:
    """``/root/Conformance`` as in tests/fixture_game/scenes/conformance.tscn."""
    scene = FakeNode(
        "Conformance",
        "Control",
        props={
            "visible": True,
            "position": {"x": 0, "y": 0},
            "size": {"x": 1152, "y": 648},
            "play_count": 0,
        },
        script_props=("play_count",),
    )
    return scene.add(
        control("Title", "Label", (20, 10, 200, 26), role="heading", text="Conformance"),
        control(
            "NameEdit",
            "LineEdit",
            (20, 50, 200, 31),
            role="textbox",
            label="Your name",
            text="",
            placeholder_text="Your name",
            editable=True,
        ),
        button("PlayButton", "Play", 20, 100),
        button("DisabledButton", "Disabled", 140, 100, 120, disabled=True),
        button("HiddenButton", "Hidden", 280, 100, visible=False),
        control(
            "ToggleButton",
            "CheckBox",
            (20, 150, 100, 31),
            role="checkbox",
            text="Sound",
            disabled=False,
            toggle_mode=True,
            button_pressed=False,
        ),
        control(
            "Volume",
            "HSlider",
            (20, 200, 200, 16),
            role="slider",
            label="Volume",
            value=50.0,
            min=0,
            max=100,
            step=1.0,
        ),
    )


def lab_scene() -> FakeNode:
    """``/root/Lab``: the parts of tests/fixture_game/scenes/lab.tscn the fast tests use."""
    lab = FakeNode(
        "Lab",
        "Node2D",
        props={"visible": True, "count": 0, "mode": 0},
        script_props=("count", "mode"),
    )
    ui = FakeNode("UI", "CanvasLayer", "region", props={"visible": True})
    ui.add(
        FakeNode("Dialog", "AcceptDialog", "dialog", props={"visible": False, "title": "Notice"}),
        control(
            "Notes",
            "TextEdit",
            (10, 10, 190, 70),
            role="textbox",
            label="Notes",
            text="",
            editable=True,
        ),
        control(
            "ReadOnly",
            "LineEdit",
            (10, 90, 190, 30),
            role="textbox",
            label="Read Only",
            text="fixed",
            editable=False,
        ),
        control(
            "Choice",
            "OptionButton",
            (10, 130, 190, 30),
            role="combobox",
            label="Choice",
            text="Easy",
            disabled=False,
            items=["Easy", "Hard"],
            selected=0,
        ),
        control(
            "Levels",
            "ItemList",
            (210, 10, 150, 90),
            role="listbox",
            label="Levels",
            items=["Level 1", "Level 2", "Level 3"],
            selected=-1,
        ),
        control(
            "Tint",
            "ColorPickerButton",
            (210, 110, 60, 30),
            role="button",
            label="Tint",
            disabled=False,
            color={"r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0, "html": "#ff0000ff"},
        ),
    )
    mover = FakeNode(
        "Mover", "Node2D", props={"visible": True, "global_position": {"x": 100, "y": 100}}
    )
    coin = FakeNode(
        "Coin",
        "Area2D",
        label="Coin",
        props={"visible": True, "global_position": {"x": 160, "y": 100}},
    )
    return lab.add(mover, coin, ui)


SCENES = {
    "res://scenes/conformance.tscn": conformance_scene,
    "res://scenes/lab.tscn": lab_scene,
}
MAIN_SCENE = "res://scenes/conformance.tscn"
