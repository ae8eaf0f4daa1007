"""Lockstep on real games: the same seed and inputs give the same frames, whatever the machine
is doing, and plain tests of an action game are fast and correct at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from agent_client import AgentClient

pytest_plugins = ["pytester"]

CHECKPOINTS = (600, 1200)
# A new user's three tests of dodge_the_creeps, as written for the plugin's defaults.
DODGE_TESTS = """
from agent_client import expect

def record_hit(game, event):
    with open({record!r}, "a") as seen:
        seen.write(f"{{event['frame']}}\\n")

def test_start(game):
    game.get_by_role("button", name="Start").click()
    expect(game).to_emit("start_game")

def test_death(game):
    game.get_by_role("button", name="Start").click()
    record_hit(game, expect(game).to_emit("hit", timeout=30))

def test_game_over(game):
    game.get_by_role("button", name="Start").click()
    expect(game).to_emit("hit", timeout=30)
    expect(game.get_by_text("Game Over")).to_be_visible()
"""


def play_pong(game: AgentClient, checkpoints: tuple[int, ...]) -> list[tuple[int, str]]:
    """The left paddle follows the ball, two frames a look; the digest at each checkpoint."""
    digests: list[tuple[int, str]] = []
    held: str | None = None
    for checkpoint in checkpoints:
        while game.last_frame < checkpoint:
            ball = game.get_property("/root/Pong/Ball", "position")["y"]
            paddle = game.get_property("/root/Pong/Left", "position")["y"]
            wanted = "left_move_down" if ball > paddle + 4 else "left_move_up"
            # A change of input lets up to two frames pass: never past a checkpoint.
            if wanted != held and checkpoint - game.last_frame > 2:
                if held:
                    game.input(action=held, pressed=False)  # a frame passes for each input
                game.input(action=wanted, pressed=True)
                held = wanted
            frames = min(2, checkpoint - game.last_frame)
            if frames > 0:
                game.step(frames)
        digests.append((game.last_frame, game.digest()["digest"]))
    return digests


def test_pong_played_twice_at_once_gives_the_same_digests(
    play: Callable[..., AgentClient],
) -> None:
    games = [play("pong"), play("pong")]
    results: list[list[tuple[int, str]]] = [[], []]

    def run(index: int) -> None:
        results[index] = play_pong(games[index], CHECKPOINTS)

    threads = [threading.Thread(target=run, args=(index,)) for index in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [frame for frame, _ in results[0]] == list(CHECKPOINTS)
    assert results[0] == results[1], "two games with the same seed and inputs"
    ball = games[0].get_property("/root/Pong/Ball", "position")
    assert ball != {"x": 320.0, "y": 200.0}, "the ball moved"


def run_dodge_tests(pytester: pytest.Pytester, project: Path) -> list[int]:
    """Runs the three tests in a pytest of their own; returns the frames of the hits seen."""
    record = pytester.path / "hits.txt"
    record.unlink(missing_ok=True)
    pytester.makepyfile(test_dodge=DODGE_TESTS.format(record=str(record)))
    result = pytester.runpytest_subprocess(
        "--godot-project", str(project), "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=3)
    return [int(line) for line in record.read_text().split()]


@pytest.mark.usefixtures("godot_for_inner_runs")
def test_a_new_users_dodge_tests_pass_and_the_first_hit_comes_on_the_same_frame(
    pytester: pytest.Pytester, corpus_game: Callable[[str], Path]
) -> None:
    project = corpus_game("dodge_the_creeps")
    first, second = run_dodge_tests(pytester, project), run_dodge_tests(pytester, project)
    assert len(first) == 1 and first == second
