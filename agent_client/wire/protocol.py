"""Wire shapes of protocol ``agentbridge/1`` and the line codec (see docs/PROTOCOL.md)."""

from __future__ import annotations

import json
import re
from typing import Any, Literal, TypedDict, cast

import orjson

PROTOCOL = "agentbridge/1"
CMD_FILE = "cmd.jsonl"
RESP_FILE = "resp.jsonl"
READY_FILE = "bridge.json"
LOG_FILE = "engine.log"
ARTIFACTS_DIR = "artifacts"
# The game's own data folder for one launch (the engine's XDG_DATA_HOME / APPDATA: user:// is
# inside it), and the copy of the folder a launch seeds user:// from (docs/PROTOCOL.md, 1).
USER_DATA_DIR = "user_data"
USER_SEED_DIR = "user_seed"
# A launch with coverage: the game's instrumented scripts and their counts (docs/COVERAGE.md).
COVERAGE_DIR = "coverage"
# Written into every session folder a launcher makes: only folders holding it are ever emptied
# or deleted (a session name or path must never wipe a folder someone else made).
SESSION_MARK = ".agent-bridge-session"

# The longest request line a bridge reads; a longer one is refused unread (and without its id).
MAX_LINE_BYTES = 1_048_576
ErrorCode = Literal[
    "PARSE_ERROR",
    "INVALID_REQUEST",
    "UNKNOWN_COMMAND",
    "INVALID_ARGS",
    "NOT_FOUND",
    "STALE_REF",
    "NOT_INTERACTABLE",
    "TIMEOUT",
    "UNSUPPORTED",
    "INTERNAL",
    "CANCELLED",
]
ERROR_CODES: tuple[str, ...] = ErrorCode.__args__  # type: ignore[attr-defined]

RequestId = int | str
# The id a line starts with (`{"id": 7,`, `{"id": "4242-3",`): bridges write it first, so even a
# response line no JSON reader takes still says whose answer it is.
ID_AT_START = re.compile(rb'^\s*\{\s*"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,64}")\s*[,}]')
# How many first bytes of a response line that cannot be read an error shows.
SHOWN_BYTES = 40
# A snapshot ref as users write it: "e3" or "@e3".
REF_PATTERN = re.compile(r"^@?e\d+$")


class Request(TypedDict):
    id: RequestId
    cmd: str
    args: dict[str, Any]


class Event(TypedDict):
    type: str
    seq: int
    frame: int
    source: str
    args: list[Any]


class Response(TypedDict, total=False):
    id: RequestId | None
    ok: bool
    data: Any
    error: str
    code: str
    events: list[Event]
    frame: int
    dropped_events: int
    # On an answer to a line whose id the bridge could not read: the line's first bytes, hex.
    head: str


def encode_request(request_id: RequestId, cmd: str, args: dict[str, Any] | None) -> bytes:
    """One request line, newline included."""
    return orjson.dumps({"id": request_id, "cmd": cmd, "args": args or {}}) + b"\n"


def decode_line(line: bytes) -> Response | None:
    """A response line as a dict, or None when the line is not a JSON object."""
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return cast(Response, value) if isinstance(value, dict) else None


def unreadable_line(line: bytes) -> tuple[RequestId | None, str]:
    """What can be told of a line :func:`decode_line` gave None for: the id it starts with
    (None when that cannot be read either), and why it is no response, naming its length and
    its first bytes (printable ASCII as it is, every other byte as ``\\xNN``)."""
    try:
        orjson.loads(line)
        why = "JSON but not an object"
    except orjson.JSONDecodeError as error:
        why = f"not valid JSON ({error})"
    shown = "".join(
        chr(byte) if 0x20 <= byte < 0x7F and byte != 0x5C else f"\\x{byte:02x}"
        for byte in line[:SHOWN_BYTES]
    )
    more = "..." if len(line) > SHOWN_BYTES else ""
    return line_id(line), f"{why}; the line ({len(line):,} bytes) starts {shown}{more}"


def line_id(line: bytes) -> RequestId | None:
    """The id a line starts with, read without parsing the rest of it; None when it has
    none that can be read."""
    found = ID_AT_START.match(line)
    if found is None:
        return None
    raw = found.group(1)
    if not raw.startswith(b'"'):
        return int(raw)
    try:  # a string id as the bridge echoes it, control characters and all
        return str(json.loads(raw.decode("utf-8", "replace"), strict=False))
    except ValueError:
        return None


def events_in(response: Response) -> list[Event]:
    """Every event a response line carries: those riding along in the envelope, and those a
    ``get_events`` answer drained into its data."""
    events: list[Any] = list(response.get("events") or [])
    data = response.get("data")
    if isinstance(data, dict) and "dropped" in data and isinstance(data.get("events"), list):
        events += data["events"]
    return [cast(Event, event) for event in events if isinstance(event, dict)]


def is_ref(target: str) -> bool:
    """Whether ``target`` is a snapshot ref (``e3``, ``@e3``) rather than a path."""
    return REF_PATTERN.match(target) is not None


def target_args(target: str) -> dict[str, str]:
    """How a command names its target on the wire: ``{"ref": "e3"}`` for ``"@e3"`` or
    ``"e3"``, else ``{"path": target}``."""
    return {"ref": target.lstrip("@")} if is_ref(target) else {"path": target}
