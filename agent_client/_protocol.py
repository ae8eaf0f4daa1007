"""Wire shapes of protocol ``agentbridge/1`` and the line codec (see docs/PROTOCOL.md)."""

from __future__ import annotations

from typing import Any, Literal, TypedDict, Union

import orjson

PROTOCOL = "agentbridge/1"
CMD_FILE = "cmd.jsonl"
RESP_FILE = "resp.jsonl"
READY_FILE = "bridge.json"
LOG_FILE = "engine.log"
ARTIFACTS_DIR = "artifacts"

ErrorCode = Literal["PARSE_ERROR", "INVALID_REQUEST", "UNKNOWN_COMMAND", "INVALID_ARGS",
                    "NOT_FOUND", "STALE_REF", "NOT_INTERACTABLE", "TIMEOUT", "UNSUPPORTED",
                    "INTERNAL"]
ERROR_CODES: tuple[str, ...] = ErrorCode.__args__  # type: ignore[attr-defined]

RequestId = Union[int, str]


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


def encode_request(request_id: RequestId, cmd: str, args: dict[str, Any] | None) -> bytes:
    """One request line, newline included."""
    return orjson.dumps({"id": request_id, "cmd": cmd, "args": args or {}}) + b"\n"


def decode_line(line: bytes) -> Response | None:
    """A response line as a dict, or None when the line is not a JSON object."""
    try:
        value = orjson.loads(line)
    except orjson.JSONDecodeError:
        return None
    return value if isinstance(value, dict) else None
