"""Signals become events: sequence numbers, frames, nodes added later, draining, overflow."""

from __future__ import annotations

import pytest

from agent_client import AgentClient
from tests.conftest import FIXTURE_GAME, line_of


def test_events_ride_on_the_response_of_the_command_that_caused_them(
    conformance_game: AgentClient,
) -> None:
    response = conformance_game.send("press", {"path": "/root/Conformance/PlayButton"})
    events = response["events"]
    assert [(e["type"], e["source"], e["args"]) for e in events] == [
        ("pressed", "/root/Conformance/PlayButton", []),
        ("played", "/root/Conformance", [1]),
    ]
    assert events[0]["seq"] < events[1]["seq"]
    assert all(e["frame"] <= response["frame"] for e in events)


def test_seq_strictly_increases_across_responses(lab: AgentClient) -> None:
    for value in range(5):
        lab.call_method("/root/Lab", "set_count", value)
    events = lab.get_events()
    seqs = [e["seq"] for e in events]
    assert len(seqs) == 5 and seqs == sorted(set(seqs))
    assert [e["args"] for e in events] == [[0, 0], [0, 1], [1, 2], [2, 3], [3, 4]]


def test_signals_of_nodes_added_later_are_captured(lab: AgentClient) -> None:
    lab.command("spawn", name="Late")
    lab.command("ping", name="Late", times=2)
    pings = [e for e in lab.get_events() if e["type"] == "pinged"]
    assert [(e["source"], e["args"]) for e in pings] == [
        ("/root/Lab/Late", [0]),
        ("/root/Lab/Late", [1]),
    ]


def test_signal_arguments_cross_as_wire_values(lab: AgentClient) -> None:
    lab.call_method("/root/Lab", "move_to", {"x": 1.5, "y": -2})
    moved = [e for e in lab.get_events() if e["type"] == "moved"]
    assert moved[0]["args"] == [{"x": 1.5, "y": -2.0}]


def test_get_events_drains_the_queue(lab: AgentClient) -> None:
    lab.call_method("/root/Lab", "set_count", 1)
    assert len(lab.get_events()) == 1
    assert lab.get_events() == []
    assert lab.send("hello")["events"] == []


def test_overflow_drops_the_oldest_and_says_how_many(lab: AgentClient) -> None:
    response = lab.send("flood", {"count": 10_050})
    assert response["dropped_events"] == 50
    events = response["events"]
    assert len(events) == 10_000
    assert events[0]["args"] == [50, 51], "the oldest were dropped"
    assert events[-1]["seq"] - events[0]["seq"] == 9_999


@pytest.mark.agent_expect_errors("something broke")
def test_engine_errors_become_events_with_their_stack(lab: AgentClient) -> None:
    response = lab.send(
        "call_method", {"path": "/root/Lab", "method": "report_error", "args": ["something broke"]}
    )
    errors = [e for e in response["events"] if e["type"] == "engine_error"]
    assert errors and "something broke" in errors[0]["args"][1]
    kind, _message, where, stack = errors[0]["args"]
    assert kind == "error" and "push_error" in where  # where the engine logged it
    line = line_of(FIXTURE_GAME / "scripts" / "lab.gd", "push_error(message)")
    assert stack == [{"file": "res://scripts/lab.gd", "line": line, "function": "report_error"}]


def test_a_client_sees_events_that_rode_on_another_clients_responses(lab: AgentClient) -> None:
    with AgentClient.attach(lab.session_dir) as other:
        other.call_method("/root/Lab", "set_count", 9)
        mine = lab.get_events()
    assert [e["args"] for e in mine if e["type"] == "value_changed"] == [[0, 9]]
