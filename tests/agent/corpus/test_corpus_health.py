"""Real games under the health checks: a round of dodge_the_creeps and of squash_the_creeps
leaks no node, logs no engine error (the pytest plugin fails a test whose game does; these
fixtures hand it the client) and keeps within a frame budget measured in game frames."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agent_client import AgentClient, expect

# Generous against a shared machine: these games spend well under a millisecond a frame here.
FRAME_BUDGET_MS = 8


@pytest.fixture
def dodge(corpus_game: Callable[[str], Path]) -> Iterator[AgentClient]:
    with AgentClient.launch(corpus_game("dodge_the_creeps"), fps=60, timeout=30) as game:
        yield game


@pytest.fixture
def squash(corpus_game: Callable[[str], Path]) -> Iterator[AgentClient]:
    with AgentClient.launch(corpus_game("squash_the_creeps"), fps=60, timeout=30) as game:
        yield game


def test_a_round_of_dodge_the_creeps_is_healthy(dodge: AgentClient) -> None:
    game = dodge
    before = game.metrics(orphans=True)
    game.input(action="start_game")
    game.wait_for_event("start_game")
    game.set_time_scale(4)
    with game.measuring() as frames:
        game.wait_frames(600, timeout_ms=30_000)  # mobs spawn, cross the screen and leave
    assert frames.frames >= 600
    assert game.metrics()["nodes"] > before["nodes"], "mobs were spawned"
    expect(frames).to_be_within(frame_ms=FRAME_BUDGET_MS, physics_ms=FRAME_BUDGET_MS)
    expect(game).to_have_no_orphans(since=before)


def test_squash_the_creeps_keeps_its_3d_physics_within_budget(squash: AgentClient) -> None:
    measurement = squash.measure(frames=300)
    assert measurement.physics.max > 0, "the 3D physics step is timed"
    expect(measurement).to_be_within(frame_ms=FRAME_BUDGET_MS)
    expect(squash).to_have_no_orphans()
