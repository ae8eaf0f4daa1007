"""The pytest plugin's fixtures against the real fixture game, through pytester (the fixtures,
options and markers are tested fast against the fake bridge in
tests/unit/pytest_plugin/test_plugin.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"


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
