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


RIGHT = "/root/Pong/Right"


def paddle_y(game: AgentClient) -> float:
    return float(game.get_property(RIGHT, "position")["y"])


def moved_by(game: AgentClient, play_it: Callable[[], object]) -> float:
    """How far up the right paddle went for what ``play_it`` pressed (the paddle reads
    Input.get_action_strength of right_move_up, which is bound to a key first). A request
    answers at the start of a frame: the next frame runs the last one pressed."""
    before = paddle_y(game)
    play_it()
    game.wait_frames(2)
    return round(before - paddle_y(game), 3)


def test_strength_reaches_an_action_bound_to_a_key(play: Callable[..., AgentClient]) -> None:
    game = play("pong")
    up = "right_move_up"
    # 100 px a second, 12 frames of 1/60 s: 20 px all the way, 10 px half way.
    assert moved_by(game, lambda: game.hold(action=up, frames=12)) == 20.0
    assert moved_by(game, lambda: game.hold(action=up, frames=12, strength=0.5)) == 10.0
    assert moved_by(game, lambda: game.hold(action=up, frames=12, strength=0.25)) == 5.0
    timeline = [
        {"action": up, "frames": 6, "strength": 0.5},
        {"action": up, "start": 6, "frames": 6},
    ]
    assert moved_by(game, lambda: game.input_sequence(timeline)) == 15.0

    def held_with_input(strength: float) -> None:
        game.input(action=up, pressed=True, strength=strength)
        game.wait_frames(11)
        game.input(action=up, pressed=False)  # lets go whatever the strength was

    # The press's own frame and 11 more: 12 frames, as hold.
    assert moved_by(game, lambda: held_with_input(1.0)) == 20.0
    assert moved_by(game, lambda: held_with_input(0.5)) == 10.0
    assert moved_by(game, lambda: game.wait_frames(30)) == 0.0, "nothing is left pressed"
    # Played part way, the action went as its stick (the binding's device 1, axis 1).
    sent = game.input(action=up, pressed=True, strength=0.5)
    assert up in sent["actions"] and "Axis 1 " in sent["event"], sent
    assert sent["event"].endswith("Value -0.60"), "deadzone 0.2 + 0.5 of the rest: strength 0.5"
    game.input(action=up, pressed=False)
