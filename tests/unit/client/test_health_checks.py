"""The game's health against the fake bridge: engine errors with their stacks and the errors a
test declares, orphan nodes, frame measurements and their budgets."""

from __future__ import annotations

import re

import pytest

from agent_client import AgentClient, NotFoundError, expect
from agent_client.client.metrics import Measurement, Stats, describe_orphans, new_orphans
from agent_client.connection.engine_errors import EngineErrorEvent, engine_errors
from tests.fake import FakeBridge

LAB = "/root/Lab"
STACK = [
    {"file": "res://potion.gd", "line": 6, "function": "brew"},
    {"file": "res://clinic.gd", "line": 31, "function": "_on_heal_pressed"},
]


def error_event(seq: int, message: str, stack: list | None = None) -> dict:
    args: list = ["script_error", message, "res://potion.gd:6 (brew)"]
    if stack is not None:
        args.append(stack)
    return {"type": "engine_error", "seq": seq, "frame": 1, "source": "/root", "args": args}


# --- engine errors ----------------------------------------------------------------------------


def test_an_engine_error_shows_its_stack_innermost_first() -> None:
    error = EngineErrorEvent.of(error_event(4, "Invalid access to 'strength'", STACK))
    assert error.seq == 4 and error.kind == "script_error"
    assert str(error) == (
        "script_error: Invalid access to 'strength'\n"
        "    at res://potion.gd:6 in brew()\n"
        "    at res://clinic.gd:31 in _on_heal_pressed()"
    )
    without = EngineErrorEvent.of(error_event(5, "no stack"))
    assert str(without) == "script_error: no stack (res://potion.gd:6 (brew))"
    assert error.matches("access to") and not error.matches("^access")


def test_errors_after_a_sequence_number() -> None:
    log = [error_event(1, "old"), {"type": "pressed", "seq": 2, "args": []}, error_event(3, "new")]
    assert [error.message for error in engine_errors(log, since_seq=1)] == ["new"]


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_a_block_declares_the_errors_its_steps_cause(game: AgentClient) -> None:
    with game.expect_engine_errors(r"vault is on \w+", "fire") as met:
        game.call_method(LAB, "report_error", "the vault is on fire")
    assert [error.message for error in met] == ["the vault is on fire"]
    assert met[0].stack[0].function == "report_error"
    assert game.expected_errors.excuses(met[0])


@pytest.mark.agent_scene("res://scenes/lab.tscn")
@pytest.mark.agent_expect_errors("before the block")
def test_a_block_whose_error_never_comes_fails(game: AgentClient) -> None:
    game.call_method(LAB, "report_error", "before the block")  # not the block's
    with pytest.raises(AssertionError) as failure, game.expect_engine_errors("before", timeout=0.1):
        game.hello()
    assert "matching each of 'before'" in str(failure.value)
    assert "Logged during the block:\n  (none)" in str(failure.value)
    with pytest.raises(ValueError, match="at least one pattern"), game.expect_engine_errors():
        pass
    with pytest.raises(re.error), game.expect_engine_errors("("):
        pass


# --- orphans ----------------------------------------------------------------------------------

ORPHANS = [
    {"id": 7, "name": "Spark", "type": "Spark", "path": "Spark", "top": True, "script": "s.gd"},
    {"id": 8, "name": "Trail", "type": "ColorRect", "path": "Spark/Trail", "top": False},
    {"id": 9, "name": "Dot", "type": "Sprite2D", "path": "Spark/Dot", "top": False},
]


def test_orphans_are_described_by_branch() -> None:
    assert describe_orphans(ORPHANS) == (
        "Spark (Spark, s.gd) and 2 nodes below it: Spark/Trail (ColorRect), Spark/Dot (Sprite2D)"
    )
    assert describe_orphans(ORPHANS[1:]) == "Spark/Trail (ColorRect)\nSpark/Dot (Sprite2D)"
    assert describe_orphans([]) == ""
    assert new_orphans({"orphans": ORPHANS}, {"orphans": ORPHANS[:1]}) == ORPHANS[1:]
    assert new_orphans({"orphans": ORPHANS}, None) == ORPHANS


def test_no_orphans_expected(game: AgentClient, bridge: FakeBridge) -> None:
    expect(game).to_have_no_orphans()
    assert game.metrics()["orphan_nodes"] == 0
    bridge.orphans = list(ORPHANS)
    with pytest.raises(AssertionError) as failure:
        expect(game).to_have_no_orphans(timeout=0.1)
    assert "Actual: 3 orphan nodes (taken out of the tree and never freed):\nSpark (Spark" in str(
        failure.value
    )
    before = game.metrics(orphans=True)
    assert len(game.metrics(orphans=True, limit=1)["orphans"]) == 1
    expect(game).to_have_no_orphans(since=before)


# --- frame budgets ----------------------------------------------------------------------------


def test_percentiles_by_nearest_rank() -> None:
    stats = Stats.of([float(value) for value in range(100, 0, -1)])
    assert (stats.p50, stats.p95, stats.max, stats.mean) == (50, 95, 100, 50.5)
    assert Stats.of([]) == Stats()
    assert str(Stats.of([1.0, 2.0])) == "p50 1.00, p95 2.00, max 2.00"
    with pytest.raises(ValueError, match="one of p50, p95, max, mean"):
        stats.get("p99")


def test_a_measurement_sums_process_and_physics() -> None:
    measurement = Measurement.of({"process_ms": [1, 9, 2], "physics_ms": [0.5, 0.5, 0.5]})
    assert measurement.frames == 3 and measurement.frame_ms == [1.5, 9.5, 2.5]
    assert measurement.slowest(count=2) == [(2, 9.5), (3, 2.5)]
    assert measurement.draws is None
    assert str(measurement).splitlines()[:2] == [
        "3 frames",
        "frame   ms p50 2.50, p95 9.50, max 9.50",
    ]


def test_budgets_hold_or_name_the_slow_frames() -> None:
    measurement = Measurement.of(
        {"process_ms": [1.0] * 19 + [40.0], "physics_ms": [0.5] * 20, "draw_calls": [5] * 20}
    )
    expect(measurement).to_be_within(frame_ms=50, draw_calls=5, statistic="max")
    expect(measurement).to_be_within(frame_ms=2)  # p95 of 20 frames: the 19th, 1.5 ms
    with pytest.raises(AssertionError) as failure:
        expect(measurement).to_be_within(frame_ms=16, physics_ms=1, statistic="max")
    message = str(failure.value)
    assert message.startswith("Frame budget exceeded over 20 frames:\n")
    assert "  frame_ms: max 40.50 ms > budget 16 ms (p50 1.50, p95 1.50, max 40.50); " in message
    assert "highest frames: #20 40.50, #1 1.50, #2 1.50" in message
    assert "physics_ms" not in message.split("Measured")[0], "only budgets exceeded are listed"


def test_budgets_that_cannot_be_checked_are_refused() -> None:
    done = Measurement.of({"process_ms": [1.0], "physics_ms": [0.0]})
    with pytest.raises(ValueError, match="needs a budget"):
        expect(done).to_be_within()
    with pytest.raises(ValueError, match="statistic is one of"):
        expect(done).to_be_within(frame_ms=1, statistic="p99")
    with pytest.raises(ValueError, match="rendering game"):
        expect(done).to_be_within(draw_calls=10)
    with pytest.raises(ValueError, match="still running"):
        expect(Measurement()).to_be_within(frame_ms=1)


def test_measure_and_measuring_through_the_client(game: AgentClient, bridge: FakeBridge) -> None:
    bridge.frame_timings = (3.0, 1.0)
    measurement = game.measure(frames=6)
    assert measurement.frames == 6 and measurement.frame.p50 == 4.0
    with game.measuring() as frames:
        game.wait_frames(3)
    assert frames.finished and frames.frames >= 3
    with pytest.raises(NotFoundError, match="No measurement is running"):
        game.request("measure_stop")
    with pytest.raises(RuntimeError), game.measuring():
        raise RuntimeError("a step failed")
    with pytest.raises(NotFoundError):  # the block that failed stopped its measurement
        game.request("measure_stop")
