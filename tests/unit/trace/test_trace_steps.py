"""Traces in steps (format 2), recorded from a client of the fake bridge: each locator action,
wait and expectation is one step holding its calls; a failed one keeps its message, what it saw
and the snapshot then; steps nest; without a trace nothing is recorded."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_client import AgentClient, WaitTimeoutError, expect
from agent_client.connection.connection import NO_STEP
from agent_client.trace.recorder import TraceRecorder
from agent_client.trace.view import StepRecord, Trace, load_trace, page_data
from tests.fake import FakeBridge, fake_client

PLAY = "get_by_role('button', name='Play')"


@pytest.fixture
def traced(game: AgentClient, tmp_path: Path) -> Iterator[AgentClient]:
    """The fake bridge's client, with a trace recording into a session folder of its own."""
    game.trace = TraceRecorder.start(tmp_path / "session", game.connection, title="t", render=False)
    yield game
    game.trace.stop()


def saved(game: AgentClient, tmp_path: Path) -> Trace:
    assert game.trace is not None
    return load_trace(game.trace.save(tmp_path / "trace.zip", reason="failed"))


def named(trace: Trace, name: str) -> StepRecord:
    (step,) = [step for step in trace.steps if step.name == name]
    return step


def commands(trace: Trace, step: StepRecord) -> list[str]:
    return [call["cmd"] for call in trace.calls_of(step)]


def test_a_locator_action_is_one_step_holding_its_calls(
    traced: AgentClient, tmp_path: Path
) -> None:
    traced.get_by_role("button", name="Play").click()
    traced.get_by_role("textbox").fill("Ada", submit=True)
    trace = saved(traced, tmp_path)
    click = named(trace, f"{PLAY}.click()")
    assert click.kind == "action" and click.ok is True and click.parent is None
    assert commands(trace, click)[-1] == "click" and "get_tree" in commands(trace, click)
    assert all(call["step"] == click.id for call in trace.calls_of(click))
    fill = named(trace, "get_by_role('textbox').fill('Ada', submit=True)")
    assert fill.record["args"] == {"value": "Ada", "submit": True}
    assert fill.record["before"] == trace.calls_of(click)[-1]["after"], "the click's after"
    assert fill.end is not None and fill.end["t_end"] >= fill.record["t"]
    assert trace.top == [("step", 0), ("step", 1)]


def test_a_failed_expectation_is_the_failed_step_with_its_message(
    traced: AgentClient, tmp_path: Path
) -> None:
    traced.get_by_role("button", name="Play").click()
    with pytest.raises(AssertionError) as raised:
        expect(traced.get_by_text("Game Over")).to_be_visible(timeout=0.3)
    trace = saved(traced, tmp_path)
    failed = trace.failed_step
    assert failed is not None and failed.kind == "expect"
    assert failed.name == "expect(get_by_text('Game Over')).to_be_visible(timeout=0.3)"
    assert failed.error == str(raised.value)
    assert failed.end is not None and failed.end["error_type"] == "AssertionError"
    assert failed.end["actual"] == "<no node matches>"
    # The retries: get_tree attempts with the frames that ran between them.
    assert commands(trace, failed) == ["get_tree", "wait"] * 3 + ["get_tree"]
    assert trace.calls_of(failed)[1]["args"] == {"frames": 6}
    then = trace.snapshots[failed.end["snapshot"]].text
    assert '- button "Play"' in then and "Game Over" not in then
    assert page_data(trace)["open"] == -1 - trace.steps.index(failed)


def test_a_not_form_and_a_passing_expectation_are_one_step_each(
    traced: AgentClient, tmp_path: Path
) -> None:
    expect(traced.get_by_text("Game Over")).not_to_be_visible()
    expect(traced.get_by_name("HiddenButton")).to_be_hidden()
    trace = saved(traced, tmp_path)
    assert [(step.name, step.ok) for step in trace.steps] == [
        ("expect(get_by_text('Game Over')).not_to_be_visible()", True),
        ("expect(get_by_name('HiddenButton')).to_be_hidden()", True),
    ]
    assert trace.failed_step is None


@pytest.mark.agent_scene("res://scenes/lab.tscn")
def test_what_a_failed_game_expectation_saw_is_kept(traced: AgentClient, tmp_path: Path) -> None:
    with pytest.raises(AssertionError):
        expect(traced).to_have_state({"count": 99}, timeout=0.2)
    with pytest.raises(AssertionError):
        expect(traced).to_emit("level_won", timeout=0.2)
    with pytest.raises(WaitTimeoutError):
        traced.wait_for_event("level_won", timeout=0.2)
    trace = saved(traced, tmp_path)
    state, emit, wait = trace.steps
    assert state.name == "expect(game).to_have_state({'count': 99}, timeout=0.2)"
    assert state.end is not None and state.end["actual"] == traced.get_state()
    assert emit.end is not None and emit.end["actual"] == "no events"
    assert wait.name == "wait_for_event('level_won', timeout=0.2)" and wait.kind == "wait"
    assert wait.end is not None and wait.end["error_type"] == "WaitTimeoutError"
    assert commands(trace, wait) and set(commands(trace, wait)) == {"wait"}


def test_steps_nest_and_the_innermost_failure_is_the_one_to_open(
    traced: AgentClient, tmp_path: Path
) -> None:
    with pytest.raises(AssertionError), traced.trace_step("start the game"):
        traced.get_by_role("button", name="Play").click()
        expect(traced.get_by_text("Level 1")).to_be_visible(timeout=0.2)
    trace = saved(traced, tmp_path)
    group, click, failed = trace.steps
    assert group.kind == "group" and group.ok is False and group.parent is None
    assert click.parent is group and failed.parent is group
    assert [entry for entry in group.children if entry[0] == "step"] == [("step", 1), ("step", 2)]
    assert trace.failed_step is failed
    assert group.end is not None and failed.end is not None
    assert group.end["snapshot"] == failed.end["snapshot"], "the one snapshot, taken once"
    assert len(trace.snapshots) == 3, "the first, after the click, after the failure"


def test_direct_calls_are_entries_of_their_own(traced: AgentClient, tmp_path: Path) -> None:
    traced.click("/root/Conformance/PlayButton")
    traced.step(3)
    traced.get_by_role("button", name="Play").count()
    trace = saved(traced, tmp_path)
    assert trace.steps == []
    assert [trace.calls[n]["cmd"] for _kind, n in trace.top] == ["click", "step", "get_tree"]
    assert all("step" not in call for call in trace.calls)


def test_reading_a_node_is_a_step_but_not_inside_another(
    traced: AgentClient, tmp_path: Path
) -> None:
    assert traced.get_by_role("button", name="Play").get_property("text") == "Play"
    trace = saved(traced, tmp_path)
    (read,) = trace.steps
    assert read.name == f"{PLAY}.get_property('text')" and read.kind == "read"
    assert commands(trace, read) == ["get_tree", "get_property"]


def test_a_measurement_budget_is_a_step(traced: AgentClient, tmp_path: Path) -> None:
    measurement = traced.measure(frames=5)
    with pytest.raises(AssertionError, match="Frame budget exceeded"):
        expect(measurement).to_be_within(frame_ms=0)
    trace = saved(traced, tmp_path)
    (budget,) = trace.steps
    assert budget.name == "expect(measurement).to_be_within(frame_ms=0)"
    assert budget.end is not None and set(budget.end["actual"]["p95"]) == {"frame_ms"}


def test_without_a_trace_steps_cost_nothing(game: AgentClient) -> None:
    assert game.connection.recorder is None
    assert game.trace_step("anything") is NO_STEP
    with game.trace_step("anything"):
        game.get_by_role("button", name="Play").click()
    expect(game.get_by_role("button", name="Play")).to_be_visible()


def test_a_client_without_a_session_gets_no_recorder(bridge: FakeBridge) -> None:
    with fake_client(bridge) as client:
        assert client.trace is None and client.connection.recorder is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts /proc/self/fd")
def test_recorders_nobody_stopped_close_their_files(tmp_path: Path) -> None:
    def open_files() -> int:
        return len(os.listdir("/proc/self/fd"))

    with fake_client() as client:
        TraceRecorder.start(tmp_path / "warm", client.connection, title="t", render=False)
        client.get_by_role("button", name="Play").click()
        before = open_files()
        for number in range(20):
            TraceRecorder.start(tmp_path / str(number), client.connection, title="t", render=False)
            client.get_by_role("button", name="Play").click()
        client.connection.recorder = None
        gc.collect()
        assert open_files() <= before


def test_closing_the_client_closes_its_trace_files(bridge: FakeBridge, tmp_path: Path) -> None:
    client = fake_client(bridge)
    client.trace = TraceRecorder.start(tmp_path, client.connection, title="t", render=False)
    client.get_by_role("button", name="Play").click()
    files = client.trace._files
    assert files is not None and not files.trace.closed
    client.close()
    assert client.trace._files is None and files.trace.closed and files.state.closed


def test_the_bridge_s_own_commands_are_not_actions_and_the_game_s_are(
    traced: AgentClient, tmp_path: Path
) -> None:
    traced.request("metrics")
    traced.request("digest")
    traced.request("spawn", {"name": "Bat"})  # a command the game registered
    traced.hold(key="A", frames=2)
    trace = saved(traced, tmp_path)
    action = {call["cmd"]: call["action"] for call in trace.calls}
    assert action == {"metrics": False, "digest": False, "spawn": True, "hold": True}, action
