"""Events for the command line, where every invocation is a new process.

``agent-bridge get events`` and ``wait --event`` report each event once per session: a cursor
file in the session folder holds the ``seq`` of the last event reported and the byte offset of
``resp.jsonl`` up to which nothing newer is left. Events are read back from ``resp.jsonl``, so
one that rode along on another invocation's answer (``click``, then ``wait --event``) is not
missed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, cast

import orjson

from agent_client._protocol import RESP_FILE, Event, Response, decode_line

CURSOR_FILE = "cli-events.json"


def load_cursor(folder: Path) -> tuple[int, int]:
    """(seq of the last event reported, resp.jsonl offset to read from)."""
    try:
        data = orjson.loads((folder / CURSOR_FILE).read_bytes())
        return int(data["seq"]), int(data["offset"])
    except (FileNotFoundError, orjson.JSONDecodeError, KeyError, TypeError, ValueError):
        return 0, 0


def save_cursor(folder: Path, seq: int, offset: int) -> None:
    """Move the cursor forward (never back, whatever another invocation wrote meanwhile)."""
    old_seq, old_offset = load_cursor(folder)
    if seq < old_seq:
        return
    if seq == old_seq:
        offset = max(offset, old_offset)
    temporary = folder / f"{CURSOR_FILE}.{os.getpid()}.tmp"
    temporary.write_bytes(orjson.dumps({"seq": seq, "offset": offset}))
    os.replace(temporary, folder / CURSOR_FILE)


def read_history(folder: Path, offset: int) -> tuple[list[tuple[int, Event]], int]:
    """Events in complete response lines from ``offset`` on, each with the offset where its
    line starts, and the offset after the last complete line. Events drained by ``get_events``
    (in that answer's data) count too."""
    try:
        with open(folder / RESP_FILE, "rb") as responses:
            responses.seek(offset)
            chunk = responses.read()
    except FileNotFoundError:
        return [], offset
    found: list[tuple[int, Event]] = []
    position = offset
    for line in chunk.split(b"\n")[:-1]:
        response = decode_line(line)
        for event in _events_of(response or {}):
            found.append((position, event))
        position += len(line) + 1
    return found, position


def _events_of(response: Response | dict[str, Any]) -> list[Event]:
    events: list[Any] = list(response.get("events") or [])
    data = response.get("data")
    if isinstance(data, dict) and isinstance(data.get("events"), list) and "dropped" in data:
        events += data["events"]
    return [cast(Event, event) for event in events if isinstance(event, dict)]
