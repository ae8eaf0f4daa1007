"""What an action did, as text: what it hit, the nodes it added and removed, and the events
that came with it. The command line prints one line a fact for a person at a shell
(:func:`action_text`); the MCP server answers an agent with the screen after
(:func:`effects_text`), its events in a short list (:func:`events_text`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import orjson

from agent_client.wire.protocol import Event, Response

EVENTS_SHOWN = 20


def _plays(data: Mapping[str, Any]) -> str:
    """`` (plays jump)``: the game's input actions an input played."""
    return f" (plays {', '.join(data['actions'])})" if data.get("actions") else ""


def action_text(verb: str, response: Response) -> str:
    """``ok click /root/...``, then the nodes added and removed, the events, and the snapshot
    when one was asked for."""
    from agent_client.connection.events import format_event

    data = response.get("data") or {}
    where = data.get("target") or data.get("pressed") or data.get("path") or ""
    first = f"ok {verb} {where}".rstrip()
    if "toggled" in data:
        first += f" toggled={str(data['toggled']).lower()}"
    if verb == "input":
        first += f" key={data['key']}" if "key" in data else f" {data.get('event', '')}"
        first = first.rstrip() + _plays(data)
    selected = data.get("selected")
    if isinstance(selected, dict):
        item = orjson.dumps(selected.get("item")).decode()
        first += f" selected={item} {orjson.dumps(selected.get('text', '')).decode()}"
    if "value" in data and verb == "set_value":
        first += f" value={orjson.dumps(data['value']).decode()}"
        if data.get("clamped"):
            asked = data.get("asked")
            first += " (clamped" + (f" from {asked:g}" if isinstance(asked, float) else "") + ")"
    lines = [first]
    changes = data.get("changes") or {}
    for kind in ("added", "removed"):
        if changes.get(kind):
            lines.append(f"{kind}: {', '.join(changes[kind])}")
    lines += [f"event {format_event(event)}" for event in response.get("events") or []]
    snapshot_data = data.get("snapshot")
    if isinstance(snapshot_data, dict) and snapshot_data.get("text"):
        lines.append(snapshot_data["text"])
    return "\n".join(lines)


def effects_text(
    cmd: str,
    wire: Mapping[str, Any],
    data: Mapping[str, Any],
    events: Sequence[Event],
    screen: str,
) -> str:
    """``click e3 at 10,20``, the changes, the events, then the screen after."""
    named = ("ref", "path", "key", "action", "joy_button", "joy_axis")
    key = next((key for key in named if key in wire), "")
    what = "" if not key else f"{key}={wire[key]}" if key.startswith("joy_") else str(wire[key])
    if cmd == "input":
        what += _plays(data)
    if "position" in data:
        what = f"{what} at {int(data['position']['x'])},{int(data['position']['y'])}".strip()
    if "item_text" in data:
        what += f" (item {data['item_text']!r})"
    if "selected" in data:
        what += f" -> {data['selected']['text']!r}"
    if "value" in data and cmd == "set_value":
        what += f" -> {data['value']}" + (" (clamped)" if data.get("clamped") else "")
    lines = [f"{cmd} {what}".strip()]
    changes = data.get("changes") or {}
    if changes.get("added_count") or changes.get("removed_count"):
        lines.append(
            f"changes: {changes.get('added_count', 0)} added "
            f"({', '.join(changes.get('added', [])[:5])}), {changes.get('removed_count', 0)} "
            f"removed ({', '.join(changes.get('removed', [])[:5])})"
        )
    if events:
        lines.append("events:\n" + events_text(events, ""))
    return "\n".join([*lines, screen])


def events_text(events: Sequence[Event], empty: str) -> str:
    """The latest events, one a line (``pressed from /root/... []``), or ``empty``."""
    if not events:
        return empty
    shown = events[-EVENTS_SHOWN:]
    lines = [
        f"{event.get('type')} from {event.get('source')} {orjson.dumps(event.get('args')).decode()}"
        for event in shown
    ]
    more = len(events) - len(shown)
    return (f"({more} earlier events left out)\n" if more else "") + "\n".join(lines)
