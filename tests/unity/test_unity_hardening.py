"""The console host (the Unity bridge's core) against the same bad input, long waits, vanished
files and guarded doors as the Godot bridge in tests/agent/test_hardening.py: every line is
answered or refused clearly, nothing blocks, nothing is lost, no door opens."""

from __future__ import annotations

import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_client import AgentClient, InvalidArgsError, NotFoundError
from tests.agent.test_hardening import answers, raw, zombie_pid  # noqa: F401 (a fixture)

TITLE = {"path": "/root/Conformance/Title", "property": "text"}
CLIENT_TIMEOUT = 20.0


def launch(host_exe: Path, *args: str) -> AgentClient:
    return AgentClient.launch_command(["mono", str(host_exe), *args], timeout=CLIENT_TIMEOUT)


@pytest.fixture
def host(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe) as client:
        yield client


@pytest.fixture
def lab(host_exe: Path) -> Iterator[AgentClient]:
    with launch(host_exe, "--scene=Lab") as client:
        yield client


def test_a_batch_with_nul_bytes_and_bad_utf8_answers_every_other_line(host: AgentClient) -> None:
    raw(
        host,
        b'{"id": 901, "cmd": "hello"}\n{"id": 902, "cmd": "he\x00llo"}\n'
        b'{"id": 903, "cmd": "hello"}\n{"id": 904, "cmd": "\xff\xfe"}\n'
        b'{"id": 905, "cmd": "hello"}\n',
    )
    got = answers(host, {901, 902, 903, 904, 905})
    assert [got[i]["ok"] for i in (901, 903, 905)] == [True, True, True]
    assert got[902]["code"] == "PARSE_ERROR" and "NUL" in got[902]["error"]
    assert got[904]["code"] == "PARSE_ERROR" and "UTF-8" in got[904]["error"]


def test_an_over_long_line_is_refused_unread_and_the_next_is_answered(host: AgentClient) -> None:
    huge = b'{"id": 911, "cmd": "hello", "args": {"x": "' + b"a" * 3_000_000 + b'"}}\n'
    raw(host, huge + b'{"id": 912, "cmd": "hello"}\n')
    got = answers(host, {911, 912})
    assert got[911]["code"] == "INVALID_REQUEST" and "capped at 1048576 bytes" in got[911]["error"]
    assert "aaaa" not in got[911]["error"], "never echoed back"
    assert got[912]["ok"] is True


def test_deep_nesting_and_far_points_are_refused(host: AgentClient) -> None:
    deep = b"[" * 1000 + b"1" + b"]" * 1000
    line = b'{"id": 931, "cmd": "call_method", "args": {"path": "/root/Conformance/PlayButton", '
    response = host.connection.send_line(line + b'"method": "x", "args": ' + deep + b"}}\n", 931)
    assert response["code"] == "INVALID_ARGS" and "deeper than 64" in response["error"]
    with pytest.raises(InvalidArgsError, match="at most"):
        host.request("click", {"x": 1e308, "y": 10})
    assert host.hello()["protocol"] == "agentbridge/1"


def test_waits_are_capped_and_a_long_wait_holds_up_no_one(host: AgentClient) -> None:
    with pytest.raises(InvalidArgsError, match="at most 1000000"):
        host.request("wait", {"frames": 1_000_000_000})
    raw(host, b'{"id": 921, "cmd": "wait", "args": {"frames": 900000, "timeout_ms": 60000}}\n')
    started = time.monotonic()
    assert host.request("get_property", TITLE)["value"] == "Conformance"
    assert time.monotonic() - started < 5, "the long wait did not hold up other requests"
    assert host.request("cancel", {"id": 921}) == {"cancelled": 921}
    assert answers(host, {921})[921]["code"] == "CANCELLED"
    with pytest.raises(NotFoundError, match="No request with id 921 is running"):
        host.request("cancel", {"id": 921})


def test_deleted_and_truncated_session_files_are_recovered(host: AgentClient) -> None:
    folder = host.session_dir
    (folder / "resp.jsonl").unlink()
    assert host.request("get_property", TITLE)["value"] == "Conformance"
    (folder / "cmd.jsonl").write_bytes(b"")
    time.sleep(0.2)
    assert host.request("get_property", TITLE)["value"] == "Conformance"
    log = (folder / "engine.log").read_text()
    assert "resp.jsonl was deleted" in log and "cmd.jsonl was truncated" in log


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
    with pytest.raises(InvalidArgsError, match="paused game"):
        lab.request("step_until", {"event": "animation_finished"})
    lab.request("pause")
    lab.command("animate", frames=5)
    stepped = lab.request("step_until", {"event": "animation_finished"})
    assert stepped["met"] is True and stepped["frames"] == 5 and stepped["paused"] is True
    chosen = lab.request("select", {"path": "/root/Lab/Difficulty", "option": "Hard"})
    assert chosen["selected"] == {"item": 2, "text": "Hard"}
    with pytest.raises(NotFoundError, match="'Easy', 'Medium', 'Hard'"):
        lab.request("select", {"path": "/root/Lab/Difficulty", "option": "Nightmare"})
    value = lab.request("set_value", {"path": "/root/Lab/Level", "value": 40})
    assert value["value"] == 10 and value["clamped"] is True and value["asked"] == 40
