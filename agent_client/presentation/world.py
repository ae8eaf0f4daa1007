"""The answers of ``list_actions``, ``nearby`` and ``raycast`` as the short text the command
line prints and the MCP server answers: one line per control, per entity, per ray."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

if TYPE_CHECKING:
    from agent_client.wire.answers import Entity, ListActionsAnswer, NearbyAnswer, RaycastAnswer


def controls_text(data: ListActionsAnswer) -> str:
    """A ``list_actions`` answer: the controls (``jump: Space, pad A``), then what can be
    acted on now (``press "Start" /root/...``), then the commands."""
    controls = data.get("controls", [])
    lines = (
        ["controls:"]
        + [
            f"  {control['action']}: {', '.join(control['bindings']) or '(unbound)'}"
            for control in controls
        ]
        if controls
        else ["controls: none (the game has no input actions of its own)"]
    )
    lines += [
        f"{entry['action']} {_quoted(entry['name'])} {entry['path']}"
        for entry in data.get("actions", [])
    ]
    lines.append("commands: " + ", ".join(data.get("commands", [])))
    return "\n".join(lines)


def nearby_text(data: NearbyAnswer) -> str:
    """A ``nearby`` answer: how many, then one line per entity, nearest first."""
    entities = data["entities"]
    head = f"{data['count']} near {vector_text(data['origin'])}"
    if len(entities) < data["count"]:
        head += f" (the nearest {len(entities)})"
    return "\n".join([head] + [f"  {entity_text(entity)}" for entity in entities])


def entity_text(entity: Entity) -> str:
    """``generic "Coin" @e4  150 away toward 0,1  at=200,450  pos=200,450``."""
    if "at" in entity:
        place = f"at={vector_text(entity['at'])}"
    elif "offscreen" in entity:
        place = f"offscreen={entity['offscreen']}"
    else:
        place = "behind" if entity.get("behind") else ""
    parts = [
        f"{entity['role']} {_quoted(entity['name'])} @{entity['ref']}",
        f"{entity['distance']:g} away toward {vector_text(entity['direction'])}",
        place,
        f"pos={vector_text(entity['pos'])}",
    ]
    if "velocity" in entity:
        parts.append(f"vel={vector_text(entity['velocity'])}")
    if "class" in entity:
        parts.append(f"class={entity['class']}")
    return "  ".join(part for part in parts if part)


def ray_text(data: RaycastAnswer) -> str:
    """A ``raycast`` answer: what it hit (or that it hit nothing), and whether the node it
    was aimed at is in sight."""
    if data["hit"]:
        node = data["node"]
        line = (
            f"hit {node['role']} {_quoted(node['name'])} @{node['ref']} at "
            f"{vector_text(data['position'])} ({data['distance']:g} away), "
            f"normal {vector_text(data['normal'])}"
        )
    else:
        line = f"nothing hit from {vector_text(data['from'])} to {vector_text(data['to'])}"
    if "reached" in data:
        line += "; the target is in sight" if data["reached"] else "; the target is hidden"
    return line


def vector_text(vector: Mapping[str, Any]) -> str:
    """``{"x": 1, "y": -2.5}`` as ``1,-2.5``."""
    return ",".join(f"{vector[axis]:g}" for axis in ("x", "y", "z") if axis in vector)


def _quoted(text: str) -> str:
    return orjson.dumps(text).decode()
