"""Failure reports and engine errors from a real engine: what a failed test leaves for whoever
reads it (the report logic itself is tested fast against the fake bridge in
tests/unit/test_plugin.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("--godot-project", str(FIXTURE_GAME), *args)


def test_a_failure_carries_the_engine_log(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_fails(game):\n    game.hello()\n    assert False\n")
    artifacts = pytester.path / "out"
    result = run(pytester, "--agent-artifacts", str(artifacts))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*agent-bridge game: engine log (tail)*", "Godot Engine*"])
    folder = artifacts / "test_a_failure_carries_the_engine_log.py-test_fails"
    assert (folder / "engine.log").read_text().startswith("Godot Engine")
    assert not (folder / "screenshot.png").exists()  # headless: no image


def test_a_rendering_game_adds_a_screenshot(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_fails(game):\n    assert game.hello() is None\n")
    artifacts = pytester.path / "out"
    run(pytester, "--agent-render", "--agent-artifacts", str(artifacts)).assert_outcomes(failed=1)
    shot = artifacts / "test_a_rendering_game_adds_a_screenshot.py-test_fails" / "screenshot.png"
    assert shot.read_bytes().startswith(b"\x89PNG")


def test_a_game_that_crashed_still_gets_a_report(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest
        from agent_client import GameExitedError

        @pytest.mark.agent_scene("res://scenes/lab.tscn")
        def test_crashes(game):
            with pytest.raises(GameExitedError):
                game.command("crash")
            assert False, "after the crash"
    """)
    result = run(pytester, "--agent-artifacts", str(pytester.path / "out"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*after the crash*", "*agent-bridge game: engine log (tail)*"])
    result.stdout.no_fnmatch_line("*agent-bridge game: snapshot*")


def test_reports_cover_clients_from_any_fixture(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(f"""
        import pytest
        from agent_client import AgentClient

        @pytest.fixture
        def my_game():
            with AgentClient.launch({str(FIXTURE_GAME)!r}) as client:
                yield client
    """)
    pytester.makepyfile("def test_fails(my_game):\n    assert my_game.hello() is None\n")
    result = pytester.runpytest("--agent-artifacts", str(pytester.path / "out"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*agent-bridge my_game: snapshot*"])
