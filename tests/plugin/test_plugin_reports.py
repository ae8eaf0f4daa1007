"""Failure reports and engine errors from a real engine: what a failed test leaves for whoever
reads it (the report logic itself is tested fast against the fake bridge in
tests/unit/pytest_plugin/test_plugin.py)."""

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


def trace_records(zipped: Path) -> list[dict]:
    from agent_client.trace.view import load_trace

    load_trace(zipped)  # a trace the viewer accepts
    import zipfile

    import orjson

    with zipfile.ZipFile(zipped) as archive:
        return [orjson.loads(line) for line in archive.read("trace.jsonl").splitlines()]


def test_a_failing_test_keeps_its_trace(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        def test_fails(game):
            game.click("/root/Conformance/PlayButton")
            game.fill("/root/Conformance/NameEdit", "Ada")
            assert game.get_property("/root/Conformance/NameEdit", "text") == "Bob"
    """)
    artifacts = pytester.path / "out"
    result = run(pytester, "--agent-artifacts", str(artifacts))
    result.assert_outcomes(failed=1)
    zipped = artifacts / "test_a_failing_test_keeps_its_trace.py-test_fails" / "trace.zip"
    result.stdout.fnmatch_lines([f"open it: agent-bridge trace show {zipped}"])
    records = trace_records(zipped)
    calls = [r for r in records if r["type"] == "call"]
    click, fill = (next(c for c in calls if c["cmd"] == cmd) for cmd in ("click", "fill"))
    assert click["action"] and click["before"] and click["after"], click
    assert fill["before"] == click["after"], "each action's after is the next one's before"
    assert "pressed" in [e["type"] for e in click["events"]]
    assert "snapshot" not in click["data"], "the trace's own snapshot stays out of the answer"
    assert click["target_rect"]["w"] > 0
    assert records[-1] == {**records[-1], "type": "end", "reason": "failed"}


def test_a_passing_test_keeps_no_trace_unless_asked(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("def test_passes(game):\n    game.press('/root/Conformance/PlayButton')\n")
    artifacts = pytester.path / "out"
    run(pytester, "--agent-artifacts", str(artifacts)).assert_outcomes(passed=1)
    assert not list(artifacts.rglob("trace.zip"))
    run(pytester, "--agent-artifacts", str(artifacts), "--agent-trace", "on").assert_outcomes(
        passed=1
    )
    (kept,) = artifacts.rglob("trace.zip")
    assert any(r.get("cmd") == "press" for r in trace_records(kept))
    pytester.makepyfile("def test_fails(game):\n    game.hello()\n    assert False\n")
    off = pytester.path / "off"
    run(pytester, "--agent-artifacts", str(off), "--agent-trace", "off").assert_outcomes(failed=1)
    assert not list(off.rglob("trace.zip"))


def test_a_crashed_game_leaves_its_trace_up_to_the_crash(pytester: pytest.Pytester) -> None:
    pytester.makepyfile("""
        import pytest
        from agent_client import GameExitedError

        @pytest.mark.agent_scene("res://scenes/lab.tscn")
        def test_crashes(game):
            game.command("start_tween", seconds=0.1)
            with pytest.raises(GameExitedError):
                game.command("crash")
            assert False, "after the crash"
    """)
    artifacts = pytester.path / "out"
    run(pytester, "--agent-artifacts", str(artifacts)).assert_outcomes(failed=1)
    (zipped,) = artifacts.rglob("trace.zip")
    calls = [r for r in trace_records(zipped) if r["type"] == "call"]
    crash = [c["cmd"] for c in calls].index("crash")
    assert calls[crash - 1]["cmd"] == "start_tween" and calls[crash - 1]["ok"] is True
    assert calls[crash]["ok"] is None and "exited" in calls[crash]["error"]


def test_a_failed_expectation_is_the_failed_step_of_its_trace(pytester: pytest.Pytester) -> None:
    from agent_client.trace.view import load_trace, page_data

    pytester.makepyfile("""
        from agent_client import expect

        def test_game_over(game):
            game.get_by_role("button", name="Play").click()
            game.step(5)
            expect(game.get_by_text("Game Over")).to_be_visible(timeout=0.5)
    """)
    artifacts = pytester.path / "out"
    run(
        pytester, "--agent-artifacts", str(artifacts), "--agent-trace", "retain-on-failure"
    ).assert_outcomes(failed=1)
    (zipped,) = artifacts.rglob("trace.zip")
    trace = load_trace(zipped)
    assert trace.meta["format"] == 2
    click, failed, report = trace.steps
    # The test's lines, as it wrote them, in order; game.step is a call of its own between.
    assert click.name == "get_by_role('button', name='Play').click()" and click.ok is True
    assert [call["cmd"] for call in trace.calls_of(click)][-1] == "click"
    assert [trace.calls[n]["cmd"] for kind, n in trace.top if kind == "call"] == ["step"]
    assert trace.failed_step is failed and failed.kind == "expect"
    assert failed.name == "expect(get_by_text('Game Over')).to_be_visible(timeout=0.5)"
    assert failed.error is not None and failed.error.startswith(
        "Locator get_by_text('Game Over') expected to be visible\nExpected: visible\n"
        "Actual: <no node matches>\nTimed out after 0.5 s"
    )
    assert failed.end is not None and failed.end["actual"] == "<no node matches>"
    # Its retries: the trees it read and, in lockstep, the frames it let run between them.
    retries = trace.calls_of(failed)
    assert {call["cmd"] for call in retries} == {"get_tree", "wait"} and len(retries) >= 9
    assert {call["step"] for call in retries} == {failed.id}
    assert next(call["args"] for call in retries if call["cmd"] == "wait") == {"frames": 6}
    assert '- button "Play"' in trace.snapshots[failed.end["snapshot"]].text
    # The failure report's calls come after, apart, and are not the failure.
    assert report.kind == "report" and report.name == "after the failure: the failure report"
    assert {"wait", "snapshot"} <= {call["cmd"] for call in trace.calls_of(report)}
    assert report.record["t"] >= failed.end["t_end"]
    assert page_data(trace)["open"] == -1 - trace.steps.index(failed)
