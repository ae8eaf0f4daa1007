"""The pytest plugin's fixtures against the real fixture game, through pytester (the fixtures,
options and markers are tested fast against the fake bridge in
tests/unit/pytest_plugin/test_plugin.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"
RESET_GAME = Path(__file__).resolve().parents[1] / "reset_game"


def test_game_launches_the_project_given_on_the_command_line(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        def test_plays(game):
            assert game.get_tree()["children"][1]["name"] == "Conformance"
            game.get_by_role("button", name="Play").click()
            assert game.wait_for_event("played")["args"] == [1]
    """)
    pytester.runpytest("--godot-project", str(FIXTURE_GAME)).assert_outcomes(passed=1)


def test_shared_game_is_reset_between_tests_and_relaunched_when_gone(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile("""
        import pytest
        seen = {}

        def play_count(client):
            return client.get_property("/root/Conformance", "play_count")

        def test_first_changes_the_scene(shared_game):
            seen["pid"] = shared_game.process.pid
            shared_game.get_by_role("button", name="Play").click()
            assert play_count(shared_game) == 1

        def test_second_gets_a_fresh_scene_in_the_same_game(shared_game):
            assert shared_game.process.pid == seen["pid"]
            assert play_count(shared_game) == 0
            # events of the first test are behind the cursor
            with pytest.raises(TimeoutError):
                shared_game.wait_for_event("played", timeout=0.2)

        @pytest.mark.agent_scene("res://scenes/lab.tscn")
        def test_third_switches_scene_by_marker(shared_game):
            assert shared_game.process.pid == seen["pid"]
            assert shared_game.get_by_name("Lab").count() == 1
            shared_game.quit()

        def test_fourth_gets_a_new_game_after_the_old_one_quit(shared_game):
            assert shared_game.process.pid != seen["pid"]
            assert play_count(shared_game) == 0
    """)
    result = pytester.runpytest("--godot-project", str(FIXTURE_GAME), "-p", "no:randomly")
    result.assert_outcomes(passed=4)


def test_launch_failures_are_reported_as_failures(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_uses_game(game):\n    pass\n")
    result = pytester.runpytest(
        "--godot-project", str(FIXTURE_GAME), "--godot-bin", str(pytester.path / "no-such-godot")
    )
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*Could not launch*no-such-godot*"])


def test_agent_replay_passes_a_replay_that_holds_and_fails_one_that_parts(
    pytester: pytest.Pytester, tmp_path: Path
) -> None:
    from agent_client import AgentClient

    with AgentClient.launch(FIXTURE_GAME, scene="res://scenes/menu.tscn") as game:
        game.start_recording(checkpoint_every=10)
        game.fill("/root/Menu/Panel/Name", "Bob")
        game.step(20)
        kept = game.stop_recording(tmp_path / "kept.replay.jsonl").path
    parted = tmp_path / "parted.replay.jsonl"
    parted.write_text(kept.read_text(encoding="utf-8").replace('"Bob"', '"Alice"'), "utf-8")
    pytester.makepyfile(f"""
        def test_kept(agent_replay):
            assert agent_replay({str(kept)!r}).same

        def test_parted(agent_replay):
            agent_replay({str(parted)!r})
    """)
    result = pytester.runpytest("--godot-project", str(FIXTURE_GAME))
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*ReplayDivergedError: parted.replay.jsonl: *property text*"])


def test_each_folder_plays_the_game_its_conftest_names(pytester: pytest.Pytester) -> None:
    for folder, project, scene in (
        ("a_menu", FIXTURE_GAME, "Conformance"),
        ("b_reset", RESET_GAME, "Main"),
    ):
        pytester.mkpydir(folder)
        pytester.path.joinpath(folder, "conftest.py").write_text(f"""
import pytest

@pytest.fixture(scope="session")
def agent_launch_options():
    return {{"project": {str(project)!r}}}
""")
        pytester.path.joinpath(folder, "test_game.py").write_text(f"""
def test_one(game):
    assert game.get_property("/root/{scene}", "name") == "{scene}"

def test_two(game):
    assert game.get_property("/root/{scene}", "name") == "{scene}"
""")
    result = pytester.runpytest("-p", "no:randomly", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)


def test_a_reset_that_differs_from_a_launch_is_said_and_launched_anew(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile("""
        import pytest
        PIDS = []

        @pytest.mark.agent_scene("res://scenes/wall_clock.tscn")
        @pytest.mark.parametrize("number", range(3))
        def test_wall_clock(game, number):
            PIDS.append(game.process.pid)
            assert len(set(PIDS)) == len(PIDS), "every test got a newly launched game"

        def test_the_main_scene_still_resets(game):
            PIDS.append(game.process.pid)

        def test_and_keeps_its_engine(game):
            assert game.process.pid == PIDS[-1]
    """)
    result = pytester.runpytest(
        "--godot-project", str(RESET_GAME), "-p", "no:randomly", "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=5)
    result.stdout.fnmatch_lines(
        ["*ResetDiffersWarning: A reset of * did not give the game as launched*/root/WallClock*"]
    )
