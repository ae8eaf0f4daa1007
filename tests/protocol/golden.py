"""Runs the golden request/response fixtures against any bridge (docs/PROTOCOL.md, section 12).

Besides ``request``/``line``, ``ok``, ``code``, ``data_has`` and ``events_have``, a case may give
``fill`` (``{"<token>": [text, times]}``: the token in its line becomes the text repeated, for
lines too long or too deep to write out), ``data_lacks`` (keys that must be absent), and
``before`` / ``after`` (requests ``{"cmd", "args"}`` sent first and last, which must succeed: a
case that changes the session, such as ``resume``, puts it back so cases stay independent
whatever order they run in); a number in a dotted key indexes a list (``commands.0.name``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest.mock import patch

import orjson

from agent_client import AgentClient
from agent_client.connection import connection as connection_module

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
    """The value at a dotted path; a part that is a number indexes a list (``commands.0.name``)."""
    for key in dotted.split("."):
        if isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        elif isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return _MISSING
    return data


def _filled(case: dict[str, Any]) -> str:
    """The case's raw line, with each ``fill`` token replaced by its text repeated (lines too long
    or too deep to write out in a fixture)."""
    line = case["line"]
    for token, (text, times) in case.get("fill", {}).items():
        line = line.replace(token, text * times)
    return line


def _line_and_id(case: dict[str, Any], unique: str) -> tuple[bytes, Any]:
    """The line to send, and the id its response will carry (ids made unique per run)."""
    if "request" in case:
        request = dict(case["request"])
        request["id"] = (
            f"{unique}-{request['id']}" if isinstance(request["id"], str) else request["id"]
        )
        return orjson.dumps(request) + b"\n", request["id"]
    expected = case["expect"].get("id", _MISSING)
    return _filled(case).encode() + b"\n", None if expected is _MISSING else expected


def run_case(client: AgentClient, case: dict[str, Any], *, unique: str = "g") -> dict[str, Any]:
    """Send the case's line and return the response it got (for a line whose id the bridge
    cannot read, the next response without an id). The client refuses a line longer than a
    bridge reads before sending it; a fixture sends it anyway, since it checks the bridge."""
    line, response_id = _line_and_id(case, unique)
    for setup in case.get("before", []):
        client.request(setup["cmd"], setup.get("args"))
    try:
        with patch.object(
            connection_module, "MAX_LINE_BYTES", max(len(line), connection_module.MAX_LINE_BYTES)
        ):
            return dict(client.connection.send_line(line, response_id, what=case["name"]))
    finally:
        for undo in case.get("after", []):
            client.request(undo["cmd"], undo.get("args"))


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
    for key in expect.get("data_lacks", []):
        assert _lookup(response.get("data"), key) is _MISSING, f"{where}: has {key}"
    types = [event["type"] for event in response.get("events", [])]
    for event_type in expect.get("events_have", []):
        assert event_type in types, f"{where}: no {event_type} event"
