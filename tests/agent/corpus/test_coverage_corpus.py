"""Coverage on real games: a short agent session on each of three corpus games leaves a
branch or a line unreached, found in its coverage, and a test written for it reaches it; the
two runs merged cover it. The sessions are the ones bench/bench_coverage.py times."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from agent_client import AgentClient
from agent_client.coverage import CoverageData, combine


def arm(data: CoverageData, script: str, line: int, label: str) -> int:
    decision = next(d for d in data.scripts[script].decisions if d.line == line)
    return dict(decision.arms)[label]


def covered_run(
    project: Path, play: Callable[[AgentClient], None], **options: object
) -> CoverageData:
    with AgentClient.launch(project, coverage=True, timeout=60, **options) as game:  # type: ignore[arg-type]
        play(game)
    return game.coverage()


def test_pong_a_wall_bounce_the_session_missed(corpus_game: Callable[[str], Path]) -> None:
    def session(game: AgentClient) -> None:
        for action in ("left_move_up", "right_move_down", "left_move_down", "right_move_up"):
            game.hold(action=action, frames=100)

    project = corpus_game("pong")
    agent = covered_run(project, session)
    # ceiling_floor.gd:6 `if area.name == "Ball":` the ball never reached a wall.
    assert arm(agent, "logic/ceiling_floor.gd", 6, "if") == 0
    assert agent.scripts["logic/ceiling_floor.gd"].missed_lines() == [7]

    def bounce_off_a_wall(game: AgentClient) -> None:
        game.wait_frames(600)  # the paddles still: the ball crosses the court, off a wall

    test = covered_run(project, bounce_off_a_wall)
    assert arm(test, "logic/ceiling_floor.gd", 6, "if") >= 1
    assert combine([agent, test]).scripts["logic/ceiling_floor.gd"].missed_lines() == []


def test_squash_moving_right_which_the_session_never_did(
    corpus_game: Callable[[str], Path],
) -> None:
    def session(game: AgentClient) -> None:
        for action in ("move_forward", "move_left", "jump", "move_back", "move_right"):
            game.hold(action=action, frames=80)

    project = corpus_game("squash_the_creeps")
    agent = covered_run(project, session)
    # Player.gd:17 `if Input.is_action_pressed(&"move_right"):` the player was squashed by a
    # mob before the session held move_right: the branch never ran.
    assert arm(agent, "Player.gd", 17, "if") == 0

    def move_right_first(game: AgentClient) -> None:
        game.hold(action="move_right", frames=20)

    test = covered_run(project, move_right_first)
    assert arm(test, "Player.gd", 17, "if") > 0
    assert arm(combine([agent, test]), "Player.gd", 17, "if") == arm(test, "Player.gd", 17, "if")


def test_dodge_mobs_are_freed_only_when_the_game_renders(
    corpus_game: Callable[[str], Path],
) -> None:
    def session(game: AgentClient) -> None:
        game.input(action="start_game")
        game.wait_for_event("start_game")
        game.set_time_scale(4)
        game.wait_frames(600, timeout_ms=60_000)  # mobs spawn, cross the screen and go

    project = corpus_game("dodge_the_creeps")
    headless = covered_run(project, session)
    # mob.gd:10 `queue_free()` runs on its VisibleOnScreenNotifier2D's screen_exited, which
    # a headless engine never sends: headless, no mob is ever freed.
    assert headless.scripts["mob.gd"].missed_lines() == [10]
    rendered = covered_run(project, session, render=True)
    assert rendered.scripts["mob.gd"].lines[10] > 0
