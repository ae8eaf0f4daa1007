"""reset: the game as launched, from the same warm engine, in milliseconds."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from agent_client import AgentClient, GameExitedError, InvalidArgsError, NotFoundError
from tests.conftest import RESET_GAME

pytest_plugins = ["pytester"]

MAIN = "/root/Main"
# Ten tests that each find a fresh game, then change everything a reset must put back.
ISOLATION_TESTS = """
import pytest

FRESH = None

def fresh_state(game):
    global FRESH
    state = game.call_method("/root/Main", "state")
    if FRESH is None:
        FRESH = state
    return state

@pytest.mark.parametrize("number", range(10))
def test_each_test_finds_a_fresh_game(game, number):
    assert fresh_state(game) == FRESH
    assert FRESH["score"] == 0 and FRESH["tally"] == 3 and FRESH["difficulty"] == 1
    game.call_method("/root/Main", "dirty")
    game.step(2)
    assert game.call_method("/root/Main", "state") != FRESH
"""
SHUFFLE = """
import os, random

def pytest_collection_modifyitems(items):
    random.Random(int(os.environ["ORDER_SEED"])).shuffle(items)
"""


@pytest.fixture
def reset_game() -> Iterator[AgentClient]:
    with AgentClient.launch(RESET_GAME) as game:
        yield game


def test_a_reset_game_is_the_game_as_launched(reset_game: AgentClient) -> None:
    game = reset_game
    launched = game.call_method(MAIN, "state")
    launched_digest = game.digest()["digest"]
    game.call_method(MAIN, "dirty")
    game.step(5)
    assert game.call_method(MAIN, "state") != launched
    done = game.reset_game()
    assert done["autoloads"] == ["GameState", "Hud"] and done["frame"] == 0
    assert done["statics"] == 1 and done["orphans_freed"] == 1
    assert game.call_method(MAIN, "state") == launched
    assert game.digest()["digest"] == launched_digest, "node for node, as launched"
    assert game.last_frame == 0


def _errors(game: AgentClient) -> list[str]:
    return [str(event["args"][1]) for event in game.event_log if event["type"] == "engine_error"]


def test_the_games_errors_from_its_first_line_arrive_as_events_and_a_reset_survives_them() -> None:
    broken = "res://scenes/broken.tscn"
    expected = ["broken: _init", "broken: _enter_tree", "fail_in_ready"]
    with AgentClient.launch(RESET_GAME, scene=broken) as game:
        game.hello()
        launched = _errors(game)
        assert [any(part in error for error in launched) for part in expected] == [True] * 3, (
            launched
        )
        done = game.reset_game(broken)
        assert done["frame"] == 0, "the game's own script error is not the reset's failure"
        again = _errors(game)
        assert [any(part in error for error in again) for part in expected] == [True] * 3, again


def test_a_game_that_quits_in_its_first_frame_fails_the_launch_and_leaks_nothing() -> None:
    with pytest.raises(GameExitedError) as exited:
        AgentClient.launch(RESET_GAME, scene="res://scenes/quits.tscn")
    assert exited.value.exit_code == 3
    message = str(exited.value)
    assert "before its bridge was ready" in message and "code 3" in message
    assert "Unity" not in message, "a Godot game gets Godot's meanings of exit codes"
    assert "leaked" not in exited.value.log_tail and "still in use" not in exited.value.log_tail


def test_a_game_that_quits_while_a_request_waits_leaks_nothing(reset_game: AgentClient) -> None:
    game = reset_game
    game.call_method(MAIN, "quit_soon", 4)
    with pytest.raises(GameExitedError) as exited:
        game.step(30)
    assert exited.value.exit_code == 4 and "before its bridge" not in str(exited.value)
    log = (game.session_dir / "engine.log").read_text()  # type: ignore[operator]
    assert "leaked" not in log and "still in use" not in log, log[-2000:]


def test_the_event_log_starts_over(reset_game: AgentClient) -> None:
    game = reset_game
    game.call_method(MAIN, "dirty")
    assert game.wait_for_event("score_changed")["args"] == [42]
    game.reset_game()
    assert all(event["type"] != "score_changed" for event in game.event_log)
    game.call_method("/root/GameState", "add_score", 5)
    assert game.wait_for_event("score_changed")["args"] == [5], "the autoload's signal is hooked"
    assert game.get_property(f"{MAIN}/Score", "text") == "5", "and the new scene hears it"


def test_a_reset_onto_another_scene_and_bad_scenes(reset_game: AgentClient) -> None:
    game = reset_game
    with pytest.raises(NotFoundError, match="no scene file"):
        game.reset_game("res://scenes/nowhere.tscn")
    with pytest.raises(InvalidArgsError, match="outside the project"):
        game.reset_game("res://../elsewhere.tscn")
    assert game.call_method(MAIN, "state")["score"] == 0, "a refused reset changes nothing"
    assert game.reset_game("res://scenes/hud.tscn")["scene"] == "res://scenes/hud.tscn"
    last = game.get_tree("/root", max_depth=1)["children"][-1]
    assert last["type"] == "CanvasLayer", "the named scene is the current one"
    # How Godot 4.4 and later name the main scene in project.godot.
    assert game.reset_game("uid://bcspcubngfj70")["scene"] == "res://scenes/main.tscn"
    with pytest.raises(NotFoundError, match="no scene file uid://"):
        game.reset_game("uid://aaaaaaaaaaaaa")


@pytest.mark.usefixtures("godot_for_inner_runs")
def test_tests_never_see_each_others_state_in_any_order(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_isolation=ISOLATION_TESTS)
    pytester.makeconftest(SHUFFLE)
    for order in range(3):
        os.environ["ORDER_SEED"] = str(order)
        result = pytester.runpytest_subprocess(
            "--godot-project", str(RESET_GAME), "-p", "no:cacheprovider", "-p", "no:xdist"
        )
        result.assert_outcomes(passed=10)
    del os.environ["ORDER_SEED"]


@pytest.mark.usefixtures("godot_for_inner_runs")
def test_the_game_fixture_relaunches_when_asked_or_when_the_game_is_gone(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_pids="""
import pytest

PIDS = []

def test_one(game):
    PIDS.append(game.process.pid)

def test_reset_keeps_the_engine(game):
    PIDS.append(game.process.pid)
    assert PIDS[0] == PIDS[1]
    game.close()

def test_a_closed_game_is_launched_again(game):
    PIDS.append(game.process.pid)
    assert PIDS[2] != PIDS[1]

@pytest.mark.agent_relaunch
def test_asked_for(game):
    PIDS.append(game.process.pid)
    assert PIDS[3] != PIDS[2]
"""
    )
    result = pytester.runpytest_subprocess(
        "--godot-project", str(RESET_GAME), "-p", "no:cacheprovider", "-p", "no:xdist"
    )
    result.assert_outcomes(passed=4)
