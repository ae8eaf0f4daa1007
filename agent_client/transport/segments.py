"""Session files in bounded segments: ``resp.jsonl``, ``resp.1.jsonl``, ... and ``cmd.jsonl``,
``cmd.1.jsonl``, ... A segment ends with a line ``{"next": "resp.2.jsonl"}`` naming the file
that goes on: the bridge starts a new response segment once one passes 16 MiB (and deletes the
one before the previous), a client a new command segment in the same way.

A reading position is one integer: the segment's number in the high bits, the byte offset in
the segment in the low ones, so it increases from line to line across segments.
"""

from __future__ import annotations

import re
from pathlib import Path

import orjson

SEGMENT_BYTES = 16 * 1024 * 1024
NEXT_PREFIX = b'{"next":'
OFFSET_BITS = 40
_NUMBERED = re.compile(r"(cmd|resp)\.([1-9]\d*)\.jsonl")


def segment_name(kind: str, number: int) -> str:
    """``resp.jsonl`` for segment 0, ``resp.3.jsonl`` for segment 3 (kind: cmd or resp)."""
    return f"{kind}.jsonl" if number == 0 else f"{kind}.{number}.jsonl"


def latest_segment(folder: Path, kind: str) -> int:
    """The number of the newest segment of this kind in the folder (0 when none is numbered)."""
    numbers = [
        int(found[2])
        for path in folder.glob(f"{kind}.*.jsonl")
        if (found := _NUMBERED.fullmatch(path.name)) and found[1] == kind
    ]
    return max(numbers, default=0)


def later_segment(folder: Path, kind: str, after: int) -> int | None:
    """The lowest-numbered existing segment after ``after`` (a reader whose segment was
    deleted goes on there), or None."""
    numbers = [
        int(found[2])
        for path in folder.glob(f"{kind}.*.jsonl")
        if (found := _NUMBERED.fullmatch(path.name)) and found[1] == kind and int(found[2]) > after
    ]
    return min(numbers, default=None)


def next_segment(line: bytes, kind: str) -> int | None:
    """The segment a ``{"next": "resp.N.jsonl"}`` line sends the reader on to, or None for
    any other line."""
    if not line.startswith(NEXT_PREFIX):
        return None
    try:
        name = orjson.loads(line).get("next")
    except (orjson.JSONDecodeError, AttributeError):
        return None
    found = _NUMBERED.fullmatch(name) if isinstance(name, str) else None
    return int(found[2]) if found and found[1] == kind else None


def next_line(kind: str, number: int) -> bytes:
    """The line that ends a segment and names segment ``number``."""
    return orjson.dumps({"next": segment_name(kind, number)}) + b"\n"


def position(segment: int, offset: int) -> int:
    return (segment << OFFSET_BITS) | offset


def split(position: int) -> tuple[int, int]:
    """(segment, byte offset in it)."""
    return position >> OFFSET_BITS, position & ((1 << OFFSET_BITS) - 1)
