"""Agent mode: animations finish at once, the game knows, settling, and off without the flag."""

from __future__ import annotations

import subprocess

import pytest

from agent_client import AgentClient, CommandTimeoutError
from agent_client.engine.launcher import find_godot
from tests.conftest import FIXTURE_GAME

MOVER = "/root/Lab/Mover"


def test_a_two_second_tween_is_finished_by_the_next_command(lab: AgentClient) -> None:
    lab.command("start_tween", seconds=2.0)
    assert lab.get_property(MOVER, "position") == {"x": 500.0, "y": 300.0}
    moved = [e for e in lab.get_events() if e["type"] == "moved"]
    assert moved and moved[-1]["args"] == [{"x": 500.0, "y": 300.0}]


def test_an_animation_player_animation_is_finished_at_once(lab: AgentClient) -> None:
    assert lab.command("play_animation") == {"playing": "slide/slide"}
    assert lab.get_property(MOVER, "position") == {"x": 200.0, "y": 100.0}
    assert lab.get_property("/root/Lab/Mover/Animator", "current_animation") == ""


def test_wait_settled_after_animations(lab: AgentClient) -> None:
    lab.command("start_tween", seconds=30.0)
    lab.command("play_animation")
    assert lab.wait_settled(quiet_frames=3)["frames_waited"] >= 3


def test_a_game_can_hold_off_settled(lab: AgentClient) -> None:
    lab.set_property("/root/Lab", "busy", True)
    with pytest.raises(CommandTimeoutError, match="_is_idle"):
        lab.wait_settled(timeout_ms=200)
    lab.set_property("/root/Lab", "busy", False)
    assert lab.wait_settled()["frames_waited"] >= 2


def test_wait_frames_advances_the_engine(lab: AgentClient) -> None:
    before = lab.send("hello")["frame"]
    lab.wait_frames(5)
    assert lab.send("hello")["frame"] >= before + 5


def test_the_game_can_read_agent_mode(lab: AgentClient) -> None:
    assert lab.get_property("/root/AgentBridge", "agent_mode") is True


def test_without_agent_mode_the_bridge_does_nothing(tmp_path) -> None:
    session = tmp_path / "session"
    session.mkdir()
    done = subprocess.run(
        [
            str(find_godot()),
            "--headless",
            "--path",
            str(FIXTURE_GAME),
            "--quit-after",
            "30",
            "--",
            f"--agent-dir={session}",
        ],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0
    assert list(session.iterdir()) == [], "no files written without --agent-mode"
    assert b"SCRIPT ERROR" not in done.stdout + done.stderr
