"""dodge_the_creeps: started by a click and by its start_game action (a Button shortcut), the
player moved by input actions, the score rises, mobs are chased until the game is over."""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable

from agent_client import AgentClient
from tests.agent.corpus.conftest import positions, ref_named

GAME = "dodge_the_creeps"
DIRECTIONS = {"move_right": (1, 0), "move_left": (-1, 0), "move_down": (0, 1), "move_up": (0, -1)}


def score(game: AgentClient) -> int:
    text = game.snapshot()["text"]
    first_number = re.search(r'- text "(\d+)"', text)
    assert first_number, text
    return int(first_number[1])


def test_started_by_clicking_start(play: Callable[..., AgentClient]) -> None:
    game = play(GAME)
    snap = game.snapshot(interactive=True, compact=True)
    controls, start = snap["text"].splitlines()
    assert controls.startswith("- controls: move_left (A, Left, ") and "start_game" in controls
    assert start == '- button "Start" [ref=e1]'
    game.click(ref_named(snap, "Start"))
    game.wait_for_event("start_game")
    text = game.snapshot()["text"]
    assert positions(text, "Player"), text
    assert '- button "Start"' not in text, "the button hides once the game runs"


def test_started_by_its_start_game_action_on_a_fresh_game(play: Callable[..., AgentClient]) -> None:
    game = play(GAME)
    answer = game.input(action="start_game")
    assert answer["event"] in ("Enter", "Space")
    game.wait_for_event("start_game")
    pressed = [event["source"] for event in game.event_log if event["type"] == "pressed"]
    assert pressed == ["/root/Main/HUD/StartButton"], "the Button's shortcut fired"


def test_the_player_moves_by_actions(play: Callable[..., AgentClient]) -> None:
    game = play(GAME)
    game.input(action="start_game")
    game.wait_for_event("start_game")
    ((x0, y0),) = positions(game.snapshot()["text"], "Player")
    # Half a second each: mobs come only after the start timer's two seconds.
    for action in ("move_right", "move_up"):
        game.hold(action=action, frames=30)
    ((x1, y1),) = positions(game.snapshot()["text"], "Player")
    assert x1 > x0 and y1 < y0, f"from {(x0, y0)} to {(x1, y1)}"


def test_the_score_rises(play: Callable[..., AgentClient]) -> None:
    game = play(GAME)
    game.set_time_scale(4)
    game.input(action="start_game")
    deadline = time.monotonic() + 20
    while score(game) < 1:
        assert time.monotonic() < deadline, "the score never rose"
        game.request("wait", {"frames": 20})


def test_chasing_mobs_ends_the_game(play: Callable[..., AgentClient]) -> None:
    """An agent reads the mobs' screen positions and walks into the nearest one."""
    game = play(GAME)
    game.input(action="start_game")
    game.wait_for_event("start_game")
    deadline = time.monotonic() + 60
    held: set[str] = set()
    hit = False
    while not hit:
        assert time.monotonic() < deadline, "no mob was ever reached"
        text = game.snapshot()["text"]
        player = positions(text, "Player")
        mobs = [p for p in positions(text, "Mob") if 0 <= p[0] <= 480 and 0 <= p[1] <= 720]
        wanted: set[str] = set()
        if player and mobs:
            px, py = player[0]
            mx, my = min(mobs, key=lambda m: math.dist(m, (px, py)))
            wanted = {
                name
                for name, (dx, dy) in DIRECTIONS.items()
                if (dx and (mx - px) * dx > 8) or (dy and (my - py) * dy > 8)
            }
        for action in held - wanted:
            game.input(action=action, pressed=False)
        for action in wanted - held:
            game.input(action=action, pressed=True)
        held = wanted
        game.request("wait", {"frames": 10})
        hit = any(event["type"] == "hit" for event in game.get_events())
    text = game.snapshot()["text"]
    assert '- text "Game Over"' in text, text
    assert not positions(text, "Player"), "the player is gone"
