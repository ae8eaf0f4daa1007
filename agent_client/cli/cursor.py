"""Where the command line's event reading resumes, across invocations (each a new process).

``agent-bridge get events`` and ``wait --event`` report each event once per session: a cursor
file in the session folder holds the ``seq`` of the last event reported and the byte offset of
``resp.jsonl`` before which nothing newer is left. The next invocation's connection reads from
that offset, so an event that rode along on another invocation's answer (``click``, then
``wait --event``) is not missed.
"""

from __future__ import annotations

import os
from pathlib import Path

import orjson

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
