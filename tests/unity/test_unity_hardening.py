"""The console host (the Unity bridge's core) against the same bad input, long waits, vanished
files and guarded doors as the Godot bridge: the checks of tests/agent/test_hardening.py run
unchanged on the host's client, then Unity's own rules. Every line is answered or refused
clearly, nothing blocks, nothing is lost, no door opens."""

from __future__ import annotations

import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_client import AgentClient, InvalidArgsError, NotFoundError
from tests.agent import test_hardening as godot_checks
from tests.agent.test_hardening import answers, raw, zombie_pid  # noqa: F401 (a fixture)

CLIENT_TIMEOUT = 20.0


def launch(host_exe: Path, *args: str, realtime: bool = False) -> AgentClient:
    return AgentClient.launch_command(
        ["mono", str(host_exe), *args], timeout=CLIENT_TIMEOUT, realtime=realtime
    )


@pytest.fixture
def host(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe) as client:
        yield client


@pytest.fixture
def running_host(host_exe: Path) -> Iterator[AgentClient]:
    """A host whose game runs on its own clock (``--agent-time=realtime``): the shared checks of
    long waits cancelled after a wall-clock second were written for one. In lockstep a wait's
    timeout is game time, which a held game advancing flat out uses up in a fraction of that."""
    with launch(host_exe, realtime=True) as client:
        yield client


@pytest.fixture
def lab(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe, "--scene=Lab") as client:
        yield client


# The same checks as the Godot bridge's, run on the host's client.


def test_a_batch_with_nul_bytes_and_bad_utf8_answers_every_other_line(host: AgentClient) -> None:
    godot_checks.test_a_batch_with_nul_bytes_and_bad_utf8_answers_every_other_line(host)


def test_an_unreadable_line_is_raised_at_once_not_waited_out(host: AgentClient) -> None:
    godot_checks.test_an_unreadable_line_is_raised_at_once_not_waited_out(host)


def test_an_over_long_line_is_refused_unread_and_the_next_is_answered(host: AgentClient) -> None:
    godot_checks.test_an_over_long_line_is_refused_unread_and_the_next_is_answered(host)


def test_deep_nesting_and_non_finite_numbers_are_refused(host: AgentClient) -> None:
    godot_checks.test_deep_nesting_and_non_finite_numbers_are_refused(host)


def test_waits_are_capped_and_a_long_wait_holds_up_no_one(running_host: AgentClient) -> None:
    godot_checks.test_waits_are_capped_and_a_long_wait_holds_up_no_one(running_host)


def test_a_client_can_cancel_its_own_wait_from_another_process(running_host: AgentClient) -> None:
    godot_checks.test_a_client_can_cancel_its_own_wait_from_another_process(running_host)


def test_deleted_and_truncated_session_files_are_recovered(host: AgentClient) -> None:
    godot_checks.test_deleted_and_truncated_session_files_are_recovered(host)


# Unity's own rules and the host's knobs.


def test_the_bridge_guards_itself_and_non_public_members(host: AgentClient) -> None:
    bridge = "/root/AgentBridge"
    with pytest.raises(InvalidArgsError, match="the bridge itself"):
        host.set_property(bridge, "sessionDirectory", "/tmp/elsewhere")
    with pytest.raises(InvalidArgsError, match="the bridge itself"):
        host.call_method(bridge, "Stop")
    with pytest.raises(InvalidArgsError, match="not public"):
        host.call_method("/root/Conformance/PlayButton", "ResetPresses")
    with pytest.raises(InvalidArgsError, match="reaches members by name"):
        host.call_method("/root/Conformance/PlayButton", "SendMessage", "ResetPresses")
    assert host.get_property(bridge, "sessionDirectory") == "session", "the bridge stays readable"
    children = [child["name"] for child in host.get_tree(max_depth=1)["children"]]
    assert children == ["Conformance", "AgentBridge"]
    top_level = [line for line in host.snapshot()["text"].splitlines() if line.startswith("  - ")]
    assert top_level == ['  - region "Conformance"'], "snapshots leave the bridge out"


def test_session_files_are_private(host: AgentClient) -> None:
    for name in ("cmd.jsonl", "resp.jsonl", "bridge.json"):
        mode = stat.S_IMODE((host.session_dir / name).stat().st_mode)
        assert mode == 0o600, f"{name}: {oct(mode)}"


def test_response_segments_are_followed_and_bounded(host_exe: Path) -> None:
    with launch(host_exe, "--resp-segment-bytes=1000") as game:
        for _ in range(60):
            assert game.get_property("/root/Conformance/Volume", "value") == 50
        segments = sorted(path.name for path in game.session_dir.glob("resp*.jsonl"))
        assert len(segments) == 2 and "resp.jsonl" not in segments, segments
        raw(game, b'{"next":"cmd.1.jsonl"}\n')
        (game.session_dir / "cmd.1.jsonl").write_bytes(b'{"id": 951, "cmd": "hello"}\n')
        assert answers(game, {951})[951]["ok"] is True
        assert not (game.session_dir / "cmd.jsonl").exists()


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_a_host_whose_parent_is_a_zombie_quits(
    host_exe: Path, tmp_path: Path, zombie_pid: int  # noqa: F811 (the imported fixture)
) -> None:
    argv = ["mono", str(host_exe), "--agent-mode", f"--agent-dir={tmp_path}",
            f"--agent-parent-pid={zombie_pid}"]
    process = subprocess.run(argv, capture_output=True, text=True, timeout=30, check=False)
    assert process.returncode == 0
    assert "the client process is gone" in process.stdout


def test_step_until_and_choosing_on_the_lab(lab: AgentClient) -> None:
    lab.request("resume")
    with pytest.raises(InvalidArgsError, match="held game: send pause first"):
        lab.request("step_until", {"event": "animation_finished"})
    lab.request("pause")
    lab.command("animate", frames=5)
    stepped = lab.request("step_until", {"event": "animation_finished"})
    assert stepped["met"] is True and stepped["frames"] == 5 and stepped["held"] is True
    chosen = lab.request("select", {"path": "/root/Lab/Difficulty", "option": "Hard"})
    assert chosen["selected"] == {"item": 2, "text": "Hard"}
    with pytest.raises(NotFoundError, match="'Easy', 'Medium', 'Hard'"):
        lab.request("select", {"path": "/root/Lab/Difficulty", "option": "Nightmare"})
    value = lab.request("set_value", {"path": "/root/Lab/Level", "value": 40})
    assert value["value"] == 10 and value["clamped"] is True and value["asked"] == 40
