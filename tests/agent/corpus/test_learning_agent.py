"""The proof of a game world an agent can play: on real games it was told nothing about, an
agent that reads only `list_actions`, the snapshot and `nearby` finds what it controls, learns
which way each action moves it, and reaches a moving entity (demos/learning_agent.py). Every
snapshot it read on the way has no `at=` outside the viewport and no repeated line."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_client import AgentClient

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "demos"))

from demo_learning_agent import GAMES, LockstepDriver
from learning_agent import LearningAgent, places

AT = re.compile(r"\bat=(-?\d+),(-?\d+)")
# What each action must be seen to do: (the entity it moves, the sign of each axis).
LEARNED = {
    "squash_the_creeps": {
        "move_left": ("Player", (-1, 0, 0)),
        "move_right": ("Player", (1, 0, 0)),
        "move_forward": ("Player", (0, 0, -1)),
        "move_back": ("Player", (0, 0, 1)),
        "jump": ("Player", (0, 1, 0)),
    },
    "dodge_the_creeps": {
        "move_left": ("Player", (-1, 0)),
        "move_right": ("Player", (1, 0)),
        "move_up": ("Player", (0, -1)),
        "move_down": ("Player", (0, 1)),
    },
    "pong": {
        "left_move_down": ("Left", (0, 1)),
        "left_move_up": ("Left", (0, -1)),
        "right_move_down": ("Right", (0, 1)),
        "right_move_up": ("Right", (0, -1)),
    },
}


def sign(number: float) -> int:
    return (number > 0) - (number < 0)


@pytest.mark.parametrize("name", list(GAMES))
def test_an_agent_learns_the_controls_and_reaches_a_moving_entity(
    play: Callable[..., AgentClient], name: str
) -> None:
    game = play(name)
    agent = LearningAgent(game, LockstepDriver(game))
    assert agent.controls() == [control["action"] for control in game.controls()]
    learned = agent.learn()
    seen = {
        action: (effect.name, tuple(sign(part) for part in effect.moved))
        for action, effect in learned.items()
    }
    assert seen == LEARNED[name], "each action moves what it controls, one way"
    assert {learned[action].name for action in learned} == {
        entity for entity, _ in LEARNED[name].values()
    }
    result = agent.chase(reach=GAMES[name], max_frames=1800)
    assert result.reached, result
    assert 0 < result.frames <= 1800
    size = game.get_property("/root", "size")
    for text in agent.seen:
        lines = text.splitlines()
        assert len(lines) == len(set(lines)), f"a repeated line:\n{text}"
        for x, y in AT.findall(text):
            assert 0 <= int(x) < size["x"] and 0 <= int(y) < size["y"], f"at={x},{y}:\n{text}"
    assert sum(places(agent.seen[-1]).values()) > 0
