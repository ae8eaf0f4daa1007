"""The fake bridge's game world: the controls its game binds, the joypad inputs it checks, and
``nearby`` / ``raycast`` over the nodes that have a 2D ``global_position`` (docs/PROTOCOL.md).
A model, not physics: every positioned node is a circle of radius ``RADIUS``."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from tests.fake.scene import FakeNode

Data = dict[str, Any]
Fail = Callable[[str, str], Exception]

RADIUS = 12.0
DEFAULT_RAY = 10000.0
INPUT_KINDS = ("action", "key", "button", "joy_button", "joy_axis", "text", "wheel")
JOY_BUTTONS = ("a", "b", "x", "y", "back", "guide", "start")
JOY_AXES = ("left_x", "left_y", "right_x", "right_y", "trigger_left", "trigger_right")
# The fake game's InputMap: what list_actions and hello report, and what `action` accepts.
CONTROLS: list[Data] = [
    {
        "action": "jump",
        "bindings": ["Space", "pad A"],
        "inputs": [{"key": "Space"}, {"joy_button": 0}],
    },
    {
        "action": "move_left",
        "bindings": ["A", "left stick left"],
        "inputs": [{"key": "A"}, {"joy_axis": 0, "value": -1.0}],
    },
]


def summaries() -> list[str]:
    return [f"{control['action']} ({', '.join(control['bindings'])})" for control in CONTROLS]


def check_input(args: Data, fail: Fail) -> str:
    """The one kind of input ``args`` names; raises ``fail(code, sentence)`` as the bridge
    refuses: NOT_FOUND for an unknown action, INVALID_ARGS for the rest."""
    kinds = [kind for kind in INPUT_KINDS if kind in args]
    if len(kinds) != 1:
        raise fail("INVALID_ARGS", f"input: give exactly one of {', '.join(INPUT_KINDS)}.")
    kind = kinds[0]
    if "value" in args and kind != "joy_axis":
        raise fail("INVALID_ARGS", "value goes with joy_axis (how far it is pushed).")
    if "device" in args and kind not in ("action", "joy_button", "joy_axis"):
        raise fail("INVALID_ARGS", f"device names a joypad: it goes with joy_button, not {kind}.")
    names = {"action": [c["action"] for c in CONTROLS], "joy_button": JOY_BUTTONS}
    names["joy_axis"] = JOY_AXES
    value = args[kind]
    if kind == "action" and value not in names["action"]:
        raise fail("NOT_FOUND", f"No input action '{value}'. The game's actions: jump, move_left.")
    if kind in ("joy_button", "joy_axis") and not (
        value in names[kind] or (isinstance(value, int) and not isinstance(value, bool))
    ):
        raise fail("INVALID_ARGS", f"Unknown {kind} {value!r}.")
    return kind


def played(kind: str, value: Any) -> Data:
    """What ``input`` answers: the input, the event sent and the game's actions it plays."""
    if kind == "joy_button" and value in JOY_BUTTONS:
        value = JOY_BUTTONS.index(value)
    if kind == "joy_axis" and value in JOY_AXES:
        value = JOY_AXES.index(value)
    actions = [
        control["action"]
        for control in CONTROLS
        if control["action"] == value
        or any(binding.get(kind) == value for binding in control["inputs"])
    ]
    return {kind: value, "event": f"{kind} {value}", "actions": actions}


def origin(node_or_point: FakeNode | list[Any], fail: Fail) -> tuple[float, float]:
    """A node's ``global_position`` or a ``[x, y]`` point."""
    if isinstance(node_or_point, FakeNode):
        position = node_or_point.props.get("global_position")
        if position is None:
            raise fail(
                "INVALID_ARGS",
                f"{node_or_point.path} is a {node_or_point.type}, not in a 2D or 3D world.",
            )
        return float(position["x"]), float(position["y"])
    if len(node_or_point) != 2 or not all(isinstance(part, (int, float)) for part in node_or_point):
        raise fail("INVALID_ARGS", f"point must be a position [x, y], got {node_or_point!r}.")
    return float(node_or_point[0]), float(node_or_point[1])


def placed(root: FakeNode, skip: FakeNode | None) -> list[FakeNode]:
    """The visible nodes with a position, but ``skip``."""
    return [
        node
        for node in root.walk()
        if node is not skip and "global_position" in node.props and node.is_visible()
    ]


def nearby(
    start: tuple[float, float], nodes: list[FakeNode], ref_of: Callable[[FakeNode], str], args: Data
) -> Data:
    radius = args.get("radius", math.inf)
    found = sorted(
        (math.dist(start, _at(node)), index, node)
        for index, node in enumerate(nodes)
        if math.dist(start, _at(node)) <= radius
    )
    listed = [_describe(node, ref_of, start, distance) for distance, _, node in found]
    return {
        "origin": _wire(start),
        "entities": listed[: args.get("limit", 20)],
        "count": len(found),
    }


def raycast(
    start: tuple[float, float],
    end: tuple[float, float],
    nodes: list[FakeNode],
    ref_of: Callable[[FakeNode], str],
    target: FakeNode | None,
) -> Data:
    """The first node whose circle the segment from ``start`` to ``end`` crosses."""
    answer: Data = {"from": _wire(start), "to": _wire(end), "hit": False}
    hits = sorted(
        (distance, index, node)
        for index, node in enumerate(nodes)
        if (distance := _crossing(start, end, _at(node))) is not None
    )
    if hits:
        distance, _, node = hits[0]
        direction = _unit(start, end)
        point = (start[0] + direction[0] * distance, start[1] + direction[1] * distance)
        answer.update(
            hit=True,
            node=_identity(node, ref_of),
            position=_wire(point),
            normal=_wire(_unit(_at(node), point), 2),
            distance=round(distance, 1),
        )
    if target is not None:
        answer["reached"] = not hits or hits[0][2] is target
    return answer


def ray_end(
    start: tuple[float, float], direction: list[Any], length: float, fail: Fail
) -> tuple[float, float]:
    dx, dy = origin(direction, fail)
    norm = math.hypot(dx, dy)
    if not norm:
        raise fail("INVALID_ARGS", "A direction cannot be zero.")
    return start[0] + dx / norm * length, start[1] + dy / norm * length


def _crossing(
    start: tuple[float, float], end: tuple[float, float], center: tuple[float, float]
) -> float | None:
    """How far along the segment it first enters the circle at ``center``, or None (as a
    physics ray, it does not see a shape it starts inside)."""
    length = math.dist(start, end)
    if math.dist(start, center) < RADIUS:
        return None
    ux, uy = _unit(start, end)
    along = (center[0] - start[0]) * ux + (center[1] - start[1]) * uy
    gap = abs((center[0] - start[0]) * uy - (center[1] - start[1]) * ux)
    if gap > RADIUS or along < 0:
        return None
    entry = along - math.sqrt(RADIUS**2 - gap**2)
    return entry if entry <= length else None


def _describe(
    node: FakeNode, ref_of: Callable[[FakeNode], str], start: tuple[float, float], distance: float
) -> Data:
    at = _at(node)
    return {
        **_identity(node, ref_of),
        "distance": round(distance, 1),
        "direction": _wire(_unit(start, at), 2),
        "pos": _wire(at),
        "at": _wire(at),
    }


def _identity(node: FakeNode, ref_of: Callable[[FakeNode], str]) -> Data:
    return {
        "role": node.role,
        "name": node.accessible_name(),
        "path": node.path,
        "ref": ref_of(node),
    }


def _at(node: FakeNode) -> tuple[float, float]:
    position = node.props["global_position"]
    return float(position["x"]), float(position["y"])


def _unit(start: tuple[float, float], end: tuple[float, float]) -> tuple[float, float]:
    dx, dy = end[0] - start[0], end[1] - start[1]
    norm = math.hypot(dx, dy) or 1.0
    return dx / norm, dy / norm


def _wire(point: tuple[float, float], digits: int | None = None) -> Data:
    """Whole pixels, or a unit vector in hundredths (``digits=2``)."""
    return {"x": round(point[0], digits), "y": round(point[1], digits)}
