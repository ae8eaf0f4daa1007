"""The game's health from the real engine: monitors, orphan nodes named by type and branch,
and frames timed one by one (the planted bugs of tests/planted go through the same commands
in tests/plugin/test_planted_bugs.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_client import (
    AgentClient,
    CommandTimeoutError,
    InvalidArgsError,
    NotFoundError,
    expect,
)
from tests.conftest import FIXTURE_GAME, LAB_SCENE

LAB = "/root/Lab"


@pytest.fixture
def timed_lab() -> Iterator[AgentClient]:
    """The lab at a fixed 60 frames a second: every frame is the same game time."""
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE, fps=60) as game:
        yield game


def test_metrics_count_nodes_objects_and_memory(lab: AgentClient) -> None:
    metrics = lab.metrics()
    assert metrics["nodes"] >= 10 and metrics["objects"] > metrics["nodes"]
    assert metrics["orphan_nodes"] == 0 and "orphans" not in metrics
    assert metrics["static_memory_max"] >= metrics["static_memory"] > 1_000_000
    assert metrics["resources"] > 0
    assert {"fps", "process_ms", "physics_ms", "frame"} <= metrics.keys()
    lab.request("spawn", {"name": "Extra"})
    assert lab.metrics()["nodes"] == metrics["nodes"] + 1


def test_an_orphan_is_named_by_its_type_and_branch(lab: AgentClient) -> None:
    before = lab.metrics(orphans=True)
    assert before["orphans"] == []
    lab.call_method(LAB, "remove_child", {"node": f"{LAB}/Mover"})
    after = lab.metrics(orphans=True)
    assert after["orphan_nodes"] == 2
    mover, animator = sorted(after["orphans"], key=lambda entry: entry["path"])
    assert {key: mover[key] for key in ("name", "type", "path", "top")} == {
        "name": "Mover",
        "type": "Node2D",
        "path": "Mover",
        "top": True,
    }
    assert {key: animator[key] for key in ("type", "path", "top", "script")} == {
        "type": "AnimationPlayer",
        "path": "Mover/Animator",
        "top": False,
        "script": "res://scripts/mover_animation.gd",
    }
    assert lab.metrics(orphans=True, limit=1)["orphan_nodes"] == 2
    assert len(lab.metrics(orphans=True, limit=1)["orphans"]) == 1
    with pytest.raises(AssertionError) as failure:
        expect(lab).to_have_no_orphans(timeout=0.3)
    message = str(failure.value)
    assert "Actual: 2 orphan nodes" in message
    assert "Mover (Node2D) and 1 node below it: Mover/Animator (AnimationPlayer)" in message
    expect(lab).to_have_no_orphans(since=after)  # nothing new since then


def test_a_node_freed_at_the_frame_s_end_is_no_orphan_in_lockstep(lab: AgentClient) -> None:
    assert lab.time["mode"] == "lockstep"
    lab.call_method(f"{LAB}/Mover", "queue_free")
    lab.call_method(LAB, "remove_child", {"node": f"{LAB}/Mover"})
    assert lab.metrics()["orphan_nodes"] == 2  # out of the tree until the frame ends
    frame = lab.last_frame
    expect(lab).to_have_no_orphans()  # the held game runs frames while it retries
    assert lab.last_frame > frame


def test_measure_times_each_frame(timed_lab: AgentClient) -> None:
    measurement = timed_lab.measure(frames=30)
    assert measurement.frames == 30 and measurement.finished
    assert all(ms >= 0 for ms in measurement.process_ms + measurement.physics_ms)
    assert measurement.draw_calls is None, "headless: nothing is drawn"
    assert measurement.frame.max < 50
    expect(measurement).to_be_within(frame_ms=50, physics_ms=50, statistic="max")
    # A frame of a held game can take under a microsecond to process; a physics tick never does.
    assert measurement.frame.max > 0
    with pytest.raises(AssertionError, match=r"frame_ms: max .* ms > budget 0 ms"):
        expect(measurement).to_be_within(frame_ms=0, statistic="max")


def test_measuring_times_the_frames_of_a_block(timed_lab: AgentClient) -> None:
    with timed_lab.measuring() as frames:
        assert not frames.finished
        timed_lab.wait_frames(20)
    assert frames.finished and frames.frames >= 20
    with pytest.raises(NotFoundError, match="No measurement is running"):
        timed_lab.request("measure_stop")


def test_measure_refuses_what_it_cannot_do(timed_lab: AgentClient) -> None:
    with pytest.raises(InvalidArgsError, match="needs the argument 'frames'"):
        timed_lab.request("measure", {})
    with pytest.raises(InvalidArgsError, match="at most 100000"):
        timed_lab.request("measure", {"frames": 100_001})
    with pytest.raises(CommandTimeoutError, match=r"Measured \d+ of 100000 frames in 100 ms"):
        timed_lab.measure(100_000, timeout_ms=100)
    assert "FrameProbe" not in str(timed_lab.get_tree("/root/AgentBridge")), "the probes go"
