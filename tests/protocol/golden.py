"""Runs the golden request/response fixtures against any bridge (docs/PROTOCOL.md, section 9)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from agent_client import AgentClient

GOLDEN_DIR = Path(__file__).parent / "golden"
ANY = "*"
_MISSING = object()


def load_cases() -> list[tuple[str, dict[str, Any]]]:
    """(id, case) pairs from every fixture file, in file order."""
    cases = []
    for path in sorted(GOLDEN_DIR.glob("*.json")):
        for case in orjson.loads(path.read_bytes())["cases"]:
            cases.append((f"{path.stem}: {case['name']}", case))
    return cases


def _lookup(data: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        if not isinstance(data, dict) or key not in data:
            return _MISSING
        data = data[key]
    return data


def _line_and_id(case: dict[str, Any], unique: str) -> tuple[bytes, Any]:
    """The line to send, and the id its response will carry (ids made unique per run)."""
    if "request" in case:
        request = dict(case["request"])
        request["id"] = (
            f"{unique}-{request['id']}" if isinstance(request["id"], str) else request["id"]
        )
        return orjson.dumps(request) + b"\n", request["id"]
    line = case["line"]
    expected = case["expect"].get("id", _MISSING)
    return line.encode() + b"\n", None if expected is _MISSING else expected


def run_case(client: AgentClient, case: dict[str, Any], *, unique: str = "g") -> dict[str, Any]:
    """Send the case's line and return the response it got (for a line whose id the bridge
    cannot read, the next response without an id)."""
    line, response_id = _line_and_id(case, unique)
    return dict(client.connection.send_line(line, response_id, what=case["name"]))


def check_response(case: dict[str, Any], response: dict[str, Any]) -> None:
    """Assert every expectation of the case against the response."""
    expect = case["expect"]
    where = f"{case['name']}: {response}"
    assert response.get("ok") is expect["ok"], where
    if "id" in expect and "request" not in case:
        assert response.get("id") == expect["id"], where
    if "request" in case and isinstance(case["request"]["id"], int):
        assert response.get("id") == case["request"]["id"], where
        assert type(response.get("id")) is int, where
    if "code" in expect:
        assert response.get("code") == expect["code"], where
    if not expect["ok"]:
        assert isinstance(response.get("error"), str) and response["error"], where
    assert isinstance(response.get("events"), list), where
    for key, wanted in expect.get("data_has", {}).items():
        value = _lookup(response.get("data"), key)
        assert value is not _MISSING, f"{where}: no {key}"
        if wanted != ANY:
            assert value == wanted, f"{where}: {key} is {value!r}, expected {wanted!r}"
    types = [event["type"] for event in response.get("events", [])]
    for event_type in expect.get("events_have", []):
        assert event_type in types, f"{where}: no {event_type} event"
