"""The planted-bugs game (tests/planted/game) under the checks of tests/planted/clinic_checks.py,
run as a user's suite through pytester. The game hides four bugs, each switched on by PLANTED_BUG: a
script error three calls deep, a forgotten queue_free, a busy loop in _process and a dead
pixel. The clean game passes every check; each bug fails its own check with a report that
names it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_client.client import png
from agent_client.client.visual import platform_name
from tests.conftest import PLANTED_GAME

pytest_plugins = ["pytester"]

CHECKS = PLANTED_GAME.parent / "clinic_checks.py"
FIXED_FPS = """
import pytest

@pytest.fixture(scope="session")
def agent_launch_options(agent_launch_options):
    return {**agent_launch_options, "fps": 60}
"""
HEADLESS = ("-k", "not looks")
Clinic = Callable[..., pytest.RunResult]  # clinic(bug or None, *pytest arguments)
VISUAL = ("-k", "looks", "--agent-render")


@pytest.fixture
def clinic(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> Clinic:
    """Runs the clinic's checks with a bug planted (or none) and returns the result."""
    pytester.makeconftest(FIXED_FPS)
    pytester.makepyfile(test_clinic=CHECKS.read_text(encoding="utf-8"))

    def run(bug: str | None, *args: str) -> pytest.RunResult:
        if bug is None:
            monkeypatch.delenv("PLANTED_BUG", raising=False)
        else:
            monkeypatch.setenv("PLANTED_BUG", bug)
        return pytester.runpytest(
            "--godot-project",
            str(PLANTED_GAME),
            "--agent-artifacts",
            str(pytester.path / "out"),
            "-p",
            "no:randomly",
            *args,
        )

    return run


def test_the_clean_game_passes_every_check(clinic: Clinic) -> None:
    clinic(None, *HEADLESS).assert_outcomes(passed=4)


def test_a_script_error_three_calls_deep_fails_with_its_stack(clinic: Clinic) -> None:
    result = clinic("script_error", *HEADLESS)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_healing_logs_no_script_error _*",
            "The game logged engine errors during the test:",
            "  [[]game[]] script_error: Invalid access to property or key 'strength' on a base "
            "object of type 'Nil'.",
            "      at res://scripts/potion.gd:6 in brew()",
            "      at res://scripts/pharmacy.gd:12 in dispense()",
            "      at res://scripts/clinic.gd:31 in _on_heal_pressed()",
        ]
    )


def test_a_forgotten_queue_free_fails_naming_the_orphan(clinic: Clinic) -> None:
    result = clinic("orphans", *HEADLESS)
    result.assert_outcomes(passed=2, failed=2)
    orphan = "Spark (Node2D, res://scripts/spark.gd) and 1 node below it: Spark/Trail (ColorRect)"
    result.stdout.fnmatch_lines(
        [
            "*_ test_sparks_leave_no_orphans _*",
            "*Game expected to have no orphan nodes",
            "*Actual: 2 orphan nodes (taken out of the tree and never freed):",
            f"*{orphan}",
        ]
    )
    result.stdout.fnmatch_lines(
        [
            "*_ test_sparks_pass_the_orphan_check _*",
            "[[]game[]] 2 more orphan nodes than before the test (0 -> 2): nodes taken out of "
            "the tree and never freed:",
            f"  {orphan}",
        ]
    )


def test_a_busy_loop_fails_the_frame_budget(clinic: Clinic) -> None:
    result = clinic("slow_frame", *HEADLESS)
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*_ test_frames_stay_within_budget _*",
            "*Frame budget exceeded over 120 frames:",
            "*  frame_ms: p95 *.?? ms > budget 10 ms (p50 *, p95 *, max *); highest frames: #*",
        ]
    )


def test_a_dead_pixel_fails_the_visual_baseline_with_a_diff(
    clinic: Clinic, pytester: pytest.Pytester
) -> None:
    first = clinic(None, *VISUAL)
    first.assert_outcomes(failed=2)
    baselines = pytester.path / "__screenshots__" / "test_clinic"
    whole = baselines / "test_the_clinic_looks_as_approved" / f"clinic-{platform_name()}.png"
    first.stdout.fnmatch_lines([f"*there was no baseline; wrote {whole} from this run (480x320)*"])
    assert png.decode(whole.read_bytes()).size == (480, 320)

    clinic(None, *VISUAL).assert_outcomes(passed=2)

    planted = clinic("pixel", *VISUAL)
    planted.assert_outcomes(failed=2)
    out = pytester.path / "out"
    planted.stdout.fnmatch_lines(
        [
            "*_ test_the_clinic_looks_as_approved _*",
            f"*: the screen differs from its baseline {whole}: 1 pixel differs (0.0007%) beyond "
            "the threshold 0.2; 0 may.",
            "*  diff: *clinic-diff.png",
        ]
    )
    diff = png.decode(
        (out / "test_clinic.py-test_the_clinic_looks_as_approved" / "clinic-diff.png").read_bytes()
    )
    assert red_pixels(diff) == [(407, 27)], "the dead pixel, in the beacon at (400, 20)"
    beacon = png.decode(
        (out / "test_clinic.py-test_the_beacon_looks_as_approved" / "beacon-diff.png").read_bytes()
    )
    assert beacon.size == (16, 16) and red_pixels(beacon) == [(7, 7)]

    clinic("pixel", *VISUAL, "--agent-update-snapshots").assert_outcomes(passed=2)
    clinic("pixel", *VISUAL).assert_outcomes(passed=2)  # the new picture is the baseline now


def red_pixels(image: png.Image) -> list[tuple[int, int]]:
    pixels = image.pixels
    return [
        (index % image.width, index // image.width)
        for index in range(image.width * image.height)
        if pixels[index * 4 : index * 4 + 4] == b"\xff\x00\x00\xff"
    ]
