"""The checks a team would write for the clinic game (tests/planted/game). Run as an inner
suite by test_planted_bugs.py: every check passes on the clean game, and each planted bug
fails its own check. The visual checks (named *looks*) need --agent-render."""

import pytest

from agent_client import expect


def test_healing_logs_no_script_error(game):
    game.get_by_role("button", name="Heal").click()
    expect(game.get_by_text("Healed: 1")).to_be_visible()


def fire_one_spark(game):
    game.get_by_role("button", name="Fire").click()
    expect(game.get_by_text("Sparks landed: 1")).to_be_visible()


def test_sparks_leave_no_orphans(game):
    fire_one_spark(game)
    expect(game).to_have_no_orphans(timeout=1)


@pytest.mark.agent_check_orphans
def test_sparks_pass_the_orphan_check(game):
    fire_one_spark(game)


def test_frames_stay_within_budget(game):
    expect(game.measure(frames=120)).to_be_within(frame_ms=10)


def test_the_clinic_looks_as_approved(game):
    expect(game).to_have_screenshot("clinic.png")


def test_the_beacon_looks_as_approved(game):
    expect(game.get_by_name("Beacon")).to_have_screenshot("beacon.png")
