"""Fixtures shared by the suites: the fixture game, launched headless with its bridge."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_client import AgentClient

REPO = Path(__file__).resolve().parents[1]
FIXTURE_GAME = REPO / "tests" / "fixture_game"
LAB_SCENE = "res://scenes/lab.tscn"
INPUT_SCENE = "res://scenes/input_lab.tscn"


@pytest.fixture
def conformance_game() -> Iterator[AgentClient]:
    """The fixture game on its conformance scene."""
    with AgentClient.launch(FIXTURE_GAME) as game:
        yield game


@pytest.fixture
def lab() -> Iterator[AgentClient]:
    """The fixture game on its lab scene (typed properties, animations, test commands)."""
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE) as game:
        yield game


@pytest.fixture
def input_lab() -> Iterator[AgentClient]:
    """The fixture game on its input lab scene (covered, modal, draggable tokens)."""
    with AgentClient.launch(FIXTURE_GAME, scene=INPUT_SCENE) as game:
        yield game
