"""pong: no UI at all; both paddles move by the game's own input actions."""

from __future__ import annotations

from collections.abc import Callable

from agent_client import AgentClient
from tests.agent.corpus.conftest import positions


def test_paddles_move_by_actions(play: Callable[..., AgentClient]) -> None:
    game = play("pong")
    text = game.snapshot()["text"]
    ((left_x, left_y),) = positions(text, "Left")
    ((right_x, right_y),) = positions(text, "Right")
    game.input(action="left_move_down", pressed=True)
    game.input(action="right_move_up", pressed=True)
    game.request("wait", {"frames": 200})
    game.input(action="left_move_down", pressed=False)
    game.input(action="right_move_up", pressed=False)
    text = game.snapshot()["text"]
    ((new_left_x, new_left_y),) = positions(text, "Left")
    ((new_right_x, new_right_y),) = positions(text, "Right")
    assert new_left_y > left_y and new_left_x == left_x, text
    assert new_right_y < right_y and new_right_x == right_x, text
    assert positions(text, "Ball"), "the ball is an entity with a position"
