"""Failure reports and engine errors from a real engine: what a failed test leaves for whoever
reads it (the report logic itself is tested fast against the fake bridge in
tests/unit/test_plugin.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"


def run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest("--godot-project", str(FIXTURE_GAME), *args)


def test_a_failure_carries_snapshot_events_and_engine_log(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        def test_fails_after_playing(game):
            game.get_by_role("button", name="Play").click()
            game.wait_for_event("played")
            assert False, "the level should have started"
    """)
    artifacts = pytester.path / "out"
    result = run(pytester, "--agent-artifacts", str(artifacts), "--junitxml=junit.xml")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*agent-bridge game: snapshot*",
            '*button "Play"*',
            "*agent-bridge game: events*",
            "*played /root/Conformance [[]1[]]*",
            "*agent-bridge game: engine log (tail)*",
            "*agent-bridge game: artifacts*",
        ]
    )
    folder = artifacts / (
        "test_a_failure_carries_snapshot_events_and_engine_log.py-test_fails_after_playing"
    )
    assert 'button "Play"' in (folder / "snapshot.txt").read_text()
    assert '"type":"played"' in (folder / "events.jsonl").read_text()
    assert (folder / "engine.log").read_text().startswith("Godot Engine")
    assert not (folder / "screenshot.png").exists()  # headless: no image

    case = ElementTree.parse(pytester.path / "junit.xml").find(".//testcase")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None and "the level should have started" in failure.attrib["message"]
    assert "button" not in failure.attrib["message"]  # the snapshot stays out of the message
    properties = {p.attrib["name"]: p.attrib["value"] for p in case.iter("property")}
    assert Path(properties["agent_artifacts_game"]) == folder


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


# The error is logged on a later frame, outside any command (inside one, the command fails).
ENGINE_ERROR_TESTS = """
    import pytest

    pytestmark = pytest.mark.agent_scene("res://scenes/lab.tscn")

    def log_error(game):
        game.call_method("/root/Lab", "call_deferred", "report_error", "the vault is on fire")
        game.wait_frames(1)

    def test_logs_an_error(game):
        log_error(game)

    @pytest.mark.agent_strict_errors
    def test_strict_logs_an_error(game):
        log_error(game)

    @pytest.mark.agent_strict_errors
    def test_strict_without_errors(game):
        game.hello()
"""


def test_engine_errors_fail_tests_marked_strict(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(ENGINE_ERROR_TESTS)
    result = run(pytester, "--agent-artifacts", str(pytester.path / "out"))
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*The engine logged errors during the test:*",
            "*[[]game[]] error: the vault is on fire*",
            "*agent-bridge game: engine errors*",
        ]
    )


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
