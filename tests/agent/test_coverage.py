"""GDScript coverage on a real engine (tests/coverage_game): every construct counts on the
lines of the user's files, errors still name those lines, a missed branch shows and a second
run covers it, counts go on over resets and are left when the game ends, a script whose copy
fails runs as it is and is named, and genhtml reads the lcov file. On the demo: a branch its
agent never takes, and the test that takes it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from agent_client import AgentClient, InternalBridgeError, InvalidArgsError
from agent_client.coverage import CoverageData, combine, session
from agent_client.coverage.instrument import Instrumented
from tests.conftest import COVERAGE_GAME, DEMO_GAME, REPO, line_of
from tests.genhtml import genhtml

SCRIPTS = COVERAGE_GAME / "scripts"
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import play_level  # noqa: E402  (the agent demo_agent_plays.py runs)


@pytest.fixture
def covered() -> Iterator[AgentClient]:
    with AgentClient.launch(COVERAGE_GAME, coverage=True) as game:
        yield game


def count(data: CoverageData, script: str, code: str) -> int:
    """The count of the line of ``script`` that holds ``code``."""
    return data.scripts[f"scripts/{script}"].lines[line_of(SCRIPTS / script, code)]


def arms(data: CoverageData, script: str, code: str) -> dict[str, int]:
    line = line_of(SCRIPTS / script, code)
    decision = next(d for d in data.scripts[f"scripts/{script}"].decisions if d.line == line)
    return dict(decision.arms)


def test_every_construct_counts_on_the_lines_of_the_users_files(covered: AgentClient) -> None:
    game = covered
    assert game.command("spawn", kind="boss") == {"health": 10, "dead": False}
    assert game.command("cast", element="fire") == {"hurt": 6, "hit": 1}
    assert game.command("tally", values=[1, 2, 3]) == {"total": 12}
    game.step(2)  # the coroutine waiting a frame goes on
    data = game.coverage()
    assert data.uncounted == {
        "scenes/built_in.tscn": "scripts built into the scene: only script files count",
        "scripts/Unused.cs": "a C# script: only GDScript is counted",
    }
    assert count(data, "main.gd", "starts += 1") == 1, "a scene's script"
    assert count(data, "score.gd", "points += amount") == 1, "an autoload"
    assert count(data, "enemy.gd", "var enemy := Enemy.new()") == 1, "a class_name script"
    assert count(data, "enemy.gd", "health = maxi(value, 0)") == 2, "a setter"
    assert count(data, "enemy.gd", "return health") >= 2, "a getter"
    assert count(data, "enemy.gd", "func is_dead() -> bool: return") == 1, "a one-line function"
    assert count(data, "spell.gd", "return power * 2") == 1, "a preloaded script"
    assert count(data, "main.gd", "total += value") == 3, "an inner class"
    assert count(data, "main.gd", "return value * 2") == 3, "an inner class's static function"
    assert count(data, "main.gd", "return Tally.twice(value))") == 3, "a lambda's body"
    assert count(data, "main.gd", 'log_lines.append("settled")') == 1, "after an await"
    assert count(data, "tool_sign.gd", 'shown = "sign"') == 1, "a @tool script"
    assert count(data, "main.gd", "if bridge == null: return") == 1
    assert count(data, "score.gd", 'if points > 10: print("a high score")') == 1
    assert arms(data, "score.gd", "if points > 10") == {"if": 0, "(no branch)": 1}
    assert arms(data, "enemy.gd", "match kind:") == {
        '"boss"': 1,
        '"minion", "bat"': 0,
        'var other when other.begins_with("elite")': 0,
        "(no match)": 0,
    }
    assert arms(data, "main.gd", "for enemy: Enemy in hits:") == {"entered": 1, "skipped": 0}
    functions = {name: n for name, _, n in data.scripts["scripts/main.gd"].functions}
    assert functions["Tally.count"] == 1 and functions["_spawn"] == 1
    assert functions[f"<lambda:{line_of(SCRIPTS / 'main.gd', 'enemies.filter')}>"] == 1


def test_errors_name_the_lines_of_the_users_files(covered: AgentClient) -> None:
    with (
        covered.expect_engine_errors("null value") as errors,
        pytest.raises(InternalBridgeError, match="null value"),
    ):
        covered.command("crash")
    line = line_of(SCRIPTS / "main.gd", "nothing.get_instance_id()")
    assert str(errors[0]).splitlines()[1].strip() == f"at res://scripts/main.gd:{line} in _crash()"


def test_a_missed_branch_shows_and_a_second_run_covers_it() -> None:
    with AgentClient.launch(COVERAGE_GAME, coverage=True) as first:
        first.command("cast", element="fire")
    one = first.coverage()
    assert arms(one, "spell.gd", 'if element == "fire"') == {"if": 1, "elif:10": 0, "else": 0}
    (row,) = [line for line in one.summary().splitlines() if line.startswith("scripts/spell.gd")]
    assert row.endswith("10-13"), "the missed lines of spell.gd"
    with AgentClient.launch(COVERAGE_GAME, coverage=True) as second:
        second.command("cast", element="ice")
        second.command("cast", element="wind")
    both = combine([one, second.coverage()])
    assert arms(both, "spell.gd", 'if element == "fire"') == {"if": 1, "elif:10": 1, "else": 1}
    assert both.scripts["scripts/spell.gd"].missed_lines() == []


def test_counts_go_on_over_resets_and_statics_still_reset(covered: AgentClient) -> None:
    covered.command("cast", element="fire")
    covered.reset_game()
    covered.command("cast", element="fire")
    assert covered.call_method("/root/Main", "started") == 1, "the static is set back"
    data = covered.coverage()
    assert count(data, "main.gd", "starts += 1") == 2
    assert count(data, "spell.gd", "return power * 2") == 2
    assert count(data, "score.gd", "points += amount") == 2


def test_the_counts_are_left_when_the_game_ends() -> None:
    with AgentClient.launch(COVERAGE_GAME, coverage=True) as game:
        game.command("spawn", kind="elite guard")
    data = game.coverage()  # read from the file the game wrote as it quit
    assert count(data, "main.gd", "log_lines.clear()") == 1, "its _exit_tree ran and counted"
    assert arms(data, "enemy.gd", "match kind:")['var other when other.begins_with("elite")'] == 1


def test_a_script_whose_copy_does_not_compile_runs_as_it_is_and_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = session.instrument_source

    def breaking_spell(source: str, res_path: str, path: str, sha256: str = "") -> Instrumented:
        done = made(source, res_path, path, sha256)
        if path != "scripts/spell.gd":
            return done
        return replace(done, text=done.text.replace("return power * 2", "return power *"))

    monkeypatch.setattr(session, "instrument_source", breaking_spell)
    # Made anew, and kept nowhere: the broken copy must not reach the cache other runs read.
    monkeypatch.setattr(session, "_MADE", {})
    monkeypatch.setattr(session, "_kept", lambda kept: None)
    monkeypatch.setattr(session, "_keep", lambda kept, done: None)
    with AgentClient.launch(COVERAGE_GAME, coverage=True) as game:
        assert game.command("cast", element="fire") == {"hurt": 6, "hit": 0}
        data = game.coverage()
    reason = data.uncounted["scripts/spell.gd"]
    assert reason.startswith("not instrumented, runs as it is: its instrumented copy does not")
    assert "scripts/spell.gd" not in data.scripts and "scripts/main.gd" in data.scripts
    assert not any(e["type"] == "engine_error" for e in game.event_log), "not the game's error"


def test_genhtml_reads_a_real_games_lcov(covered: AgentClient, tmp_path: Path) -> None:
    covered.command("spawn", kind="bat")
    tracefile = covered.coverage().write_lcov(tmp_path / "game.lcov")
    genhtml(tracefile, COVERAGE_GAME, tmp_path / "html")
    assert (tmp_path / "html" / "scripts" / "enemy.gd.gcov.html").is_file()


def test_the_demo_agent_never_sends_a_bad_mapping_and_a_test_does() -> None:
    commands = DEMO_GAME / "scripts" / "agent_commands.gd"
    guard = line_of(commands, "if crystal_id < 0:")
    with AgentClient.launch(DEMO_GAME, coverage=True) as game:
        assert play_level(game, "act1_level01").completed
    agent = game.coverage()
    # The agent plays level 1 through submit_permutation with good mappings only: the guard
    # against a mapping that holds no crystal id is never taken.
    decisions = agent.scripts["scripts/agent_commands.gd"].decisions
    assert dict(next(d for d in decisions if d.line == guard).arms)["if"] == 0
    assert guard + 1 in agent.scripts["scripts/agent_commands.gd"].missed_lines()
    with (
        AgentClient.launch(DEMO_GAME, coverage=True) as game,
        pytest.raises(InvalidArgsError, match="mapping must hold crystal ids"),
    ):
        game.command("submit_permutation", mapping=[0, -1, 2])
    test = game.coverage()
    decisions = combine([agent, test]).scripts["scripts/agent_commands.gd"].decisions
    assert dict(next(d for d in decisions if d.line == guard).arms)["if"] == 1


def test_a_game_launched_without_coverage_says_so() -> None:
    from agent_client import CoverageError, UnsupportedError

    with AgentClient.launch(COVERAGE_GAME) as game:
        with pytest.raises(UnsupportedError, match="launched without coverage"):
            game.request("coverage")
        with pytest.raises(CoverageError, match=r"coverage=True") as raised:
            game.coverage()
        assert raised.value.code == "NO_COVERAGE"
