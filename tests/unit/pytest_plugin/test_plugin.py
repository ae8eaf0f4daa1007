"""The pytest plugin's fixtures, options, markers and reports, run through pytester with the
fake bridge behind the ``agent_launcher`` fixture (the engine-backed runs are in tests/plugin)."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

PROJECT = Path(__file__).resolve().parents[2] / "fixture_game"
FAKE_LAUNCHER = """
import pytest
from tests.fake import FakeBridge, fake_client
from tests.fake.scene import MAIN_SCENE

LAUNCHED = []

@pytest.fixture(scope="session")
def agent_launcher():
    def launch(options):
        LAUNCHED.append(options)
        return fake_client(FakeBridge(options.get("scene") or MAIN_SCENE))
    return launch
"""


@pytest.fixture
def fake(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(FAKE_LAUNCHER)
    return pytester


def test_game_without_a_project_fails_with_a_clear_message(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_uses_game(game):\n    pass\n")
    result = pytester.runpytest()
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*No game to launch: pass --godot-project PATH*"])


def test_options_reach_the_launcher(fake: pytest.Pytester) -> None:
    fake.makepyfile("""
        from pathlib import Path
        from conftest import LAUNCHED

        def test_options(game):
            options = LAUNCHED[-1]
            assert options["project"].name == "game" and options["render"] is True
            assert options["scene"] == "res://scenes/lab.tscn"
            assert options["ready_timeout"] == 12.0
            assert game.connection.default_timeout == 0.5
            assert options["user_data"] == Path("saves").resolve()
    """)
    fake.runpytest(
        "--godot-project",
        "game",
        "--godot-scene",
        "res://scenes/lab.tscn",
        "--agent-render",
        "--agent-launch-timeout",
        "12",
        "--agent-timeout",
        "0.5",
        "--agent-user-data",
        "saves",
    ).assert_outcomes(passed=1)


def test_ini_settings_and_the_scene_marker(fake: pytest.Pytester) -> None:
    fake.makeini("""
        [pytest]
        godot_project = sub/game
        godot_scene = res://scenes/lab.tscn
        agent_timeout = 0.5
    """)
    fake.makepyfile("""
        import pytest
        from conftest import LAUNCHED

        def test_ini_scene_and_timeout(game, pytestconfig):
            assert game.get_by_name("Lab").count() == 1
            assert game.connection.default_timeout == 0.5
            # a relative ini path is resolved against the ini file's folder
            assert LAUNCHED[-1]["project"] == pytestconfig.rootpath / "sub" / "game"
            assert LAUNCHED[-1]["user_data"] is None, "by default an empty user:// each launch"

        @pytest.mark.agent_scene("res://scenes/conformance.tscn")
        def test_marker_scene(game):
            assert game.get_by_name("Conformance").count() == 1
    """)
    fake.runpytest().assert_outcomes(passed=2)


def test_conftest_can_override_the_launch_options(fake: pytest.Pytester) -> None:
    fake.makeconftest(
        FAKE_LAUNCHER
        + """
@pytest.fixture(scope="session")
def agent_launch_options(agent_launch_options):
    return {**agent_launch_options, "project": "here", "scene": "res://scenes/lab.tscn"}
"""
    )
    fake.makepyfile("""
        def test_overridden(game):
            assert game.get_state() == {"count": 0, "mode": 0}
    """)
    fake.runpytest().assert_outcomes(passed=1)


def test_shared_game_is_reset_between_tests_and_relaunched_when_gone(fake: pytest.Pytester) -> None:
    fake.makepyfile("""
        import pytest
        from conftest import LAUNCHED
        seen = {}

        def play_count(client):
            return client.get_property("/root/Conformance", "play_count")

        def test_first_changes_the_scene(shared_game):
            seen["client"] = shared_game
            shared_game.get_by_role("button", name="Play").click()
            assert play_count(shared_game) == 1

        def test_second_gets_a_fresh_scene_in_the_same_game(shared_game):
            assert shared_game is seen["client"] and len(LAUNCHED) == 1
            assert play_count(shared_game) == 0
            with pytest.raises(TimeoutError):  # events of the first test are behind the cursor
                shared_game.wait_for_event("played", timeout=0.2)

        @pytest.mark.agent_scene("res://scenes/lab.tscn")
        def test_third_switches_scene_by_marker(shared_game):
            assert shared_game is seen["client"]
            assert shared_game.get_by_name("Lab").count() == 1
            shared_game.quit()

        def test_fourth_gets_a_new_game_after_the_old_one_quit(shared_game):
            assert shared_game is not seen["client"] and len(LAUNCHED) == 2
            assert play_count(shared_game) == 0
    """)
    result = fake.runpytest("--godot-project", str(PROJECT), "-p", "no:randomly")
    result.assert_outcomes(passed=4)


def test_launch_failures_are_reported_as_failures(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
        import pytest
        from agent_client import LaunchError

        @pytest.fixture(scope="session")
        def agent_launcher():
            def launch(options):
                raise LaunchError("no engine here")
            return launch
    """)
    pytester.makepyfile("def test_uses_game(game):\n    pass\n")
    result = pytester.runpytest("--godot-project", "x")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*Could not launch*x*no engine here*"])


def test_a_failure_carries_the_snapshot_and_the_events(fake: pytest.Pytester) -> None:
    fake.makepyfile("""
        def test_fails_after_playing(game):
            game.get_by_role("button", name="Play").click()
            game.wait_for_event("played")
            assert False, "the level should have started"
    """)
    artifacts = fake.path / "out"
    result = fake.runpytest(
        "--godot-project", "x", "--agent-artifacts", str(artifacts), "--junitxml=junit.xml"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*the level should have started*",
            "*agent-bridge game: snapshot*",
            '*button "Play"*',
            "*agent-bridge game: events*",
            "*played /root/Conformance [[]1[]]*",
            "*agent-bridge game: artifacts*",
        ]
    )
    folder = artifacts / (
        "test_a_failure_carries_the_snapshot_and_the_events.py-test_fails_after_playing"
    )
    assert 'button "Play"' in (folder / "snapshot.txt").read_text()
    assert '"type":"played"' in (folder / "events.jsonl").read_text()

    case = ElementTree.parse(fake.path / "junit.xml").find(".//testcase")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None and "the level should have started" in failure.attrib["message"]
    assert "button" not in failure.attrib["message"]  # the snapshot stays out of the message
    properties = {p.attrib["name"]: p.attrib["value"] for p in case.iter("property")}
    assert Path(properties["agent_artifacts_game"]) == folder


def test_a_passing_test_leaves_no_artifacts(fake: pytest.Pytester) -> None:
    fake.makepyfile("def test_passes(game):\n    game.hello()\n")
    artifacts = fake.path / "out"
    fake.runpytest("--godot-project", "x", "--agent-artifacts", str(artifacts)).assert_outcomes(
        passed=1
    )
    assert not artifacts.exists()


ENGINE_ERROR_TESTS = """
    import pytest

    pytestmark = pytest.mark.agent_scene("res://scenes/lab.tscn")

    def report(game):
        game.call_method("/root/Lab", "report_error", "the vault is on fire")

    def test_logs_an_error(game):
        report(game)

    @pytest.mark.agent_strict_errors
    def test_strict_logs_an_error(game):
        report(game)

    def test_without_errors(game):
        game.hello()

    @pytest.mark.agent_ignore_errors
    def test_ignores_errors(game):
        report(game)

    @pytest.mark.agent_expect_errors("on fire")
    def test_expects_the_error(game):
        report(game)

    @pytest.mark.agent_expect_errors("flooded")
    def test_expects_an_error_that_never_comes(game):
        report(game)

    def test_declares_the_error_in_a_block(game):
        with game.expect_engine_errors(r"vault is on \\w+") as met:
            report(game)
        assert [error.message for error in met] == ["the vault is on fire"]

    def test_a_block_whose_error_never_comes(game):
        with game.expect_engine_errors("flooded", timeout=0.2):
            game.hello()
"""


def test_engine_errors_fail_tests_unless_declared(fake: pytest.Pytester) -> None:
    fake.makepyfile(ENGINE_ERROR_TESTS)
    result = fake.runpytest("--godot-project", "x", "--agent-artifacts", str(fake.path / "o"))
    result.assert_outcomes(passed=4, failed=4)
    for test in (
        "logs_an_error",
        "strict_logs_an_error",
        "expects_an_error_that_never_comes",
        "a_block_whose_error_never_comes",
    ):
        result.stdout.fnmatch_lines([f"FAILED *::test_{test}*"])
    result.stdout.fnmatch_lines(
        [
            "*The game logged engine errors during the test:*",
            "*[[]game[]] error: the vault is on fire",
            "*    at res://scripts/lab.gd:86 in report_error()",
            "*Declare errors a test expects with*",
            "*agent-bridge game: engine errors*",
            "*agent_expect_errors: no engine error matching 'flooded' was logged during the test.",
            "*Expected the game to log an engine error matching each of 'flooded'*",
        ]
    )


def test_the_option_turns_the_error_check_off(fake: pytest.Pytester) -> None:
    fake.makepyfile(ENGINE_ERROR_TESTS)
    args = ["--godot-project", "x", "--agent-artifacts", str(fake.path / "o")]
    off = fake.runpytest(*args, "--no-agent-fail-on-engine-error")
    off.assert_outcomes(passed=5, failed=3)  # strict-marked and declared expectations still hold
    off.stdout.fnmatch_lines(["FAILED *::test_strict_logs_an_error*"])
    fake.makeini("[pytest]\nagent_fail_on_engine_error = false\n")
    fake.runpytest(*args).assert_outcomes(passed=5, failed=3)
    fake.runpytest(*args, "--agent-fail-on-engine-error").assert_outcomes(passed=4, failed=4)
