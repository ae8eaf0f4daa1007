"""Bad input, crashes, hangs, partial writes, concurrent writers and process cleanup."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from agent_client import (
    AgentClient,
    EngineNotFoundError,
    GameExitedError,
    InternalBridgeError,
    LaunchError,
    ResponseTimeoutError,
)
from agent_client.wire.protocol import encode_request
from tests.conftest import FIXTURE_GAME, LAB_SCENE, line_of

REPO = Path(__file__).resolve().parents[2]


def wait_gone(pid: int, seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
            return True
        time.sleep(0.05)
    return False


def test_a_crash_raises_with_exit_code_and_log_tail(lab: AgentClient) -> None:
    with pytest.raises(GameExitedError) as error:
        lab.request("crash", timeout=30)
    assert error.value.exit_code not in (None, 0)
    assert "Program crashed" in error.value.log_tail
    with pytest.raises(GameExitedError):
        lab.hello()  # every later call says so too
    lab.close()


def test_a_hang_times_out_and_the_session_still_closes(lab: AgentClient) -> None:
    pid = lab.process.pid
    with pytest.raises(ResponseTimeoutError, match="hung"):
        lab.request("hang", timeout=1.0)
    lab.close()
    assert wait_gone(pid), "the hung engine was stopped"


def test_a_script_error_in_a_game_handler_is_internal(lab: AgentClient) -> None:
    with (
        lab.expect_engine_errors("Invalid access to property or key 'name'") as errors,
        pytest.raises(InternalBridgeError, match="'broken' handler stopped with a script error"),
    ):
        lab.request("broken")
    line = line_of(FIXTURE_GAME / "scripts" / "lab.gd", "missing.name")
    assert [str(frame) for frame in errors[0].stack] == [
        f"res://scripts/lab.gd:{line} in _broken()"
    ], "the stack names the handler, without the bridge's frames that called it"
    assert lab.hello()["protocol"] == "agentbridge/1"


def test_partial_lines_wait_for_their_newline(conformance_game: AgentClient) -> None:
    game = conformance_game
    line = encode_request(900, "hello", None)
    transport = game.connection.transport
    transport.send(line[:10])
    time.sleep(0.2)  # many frames pass: the bridge must still hold the half line
    assert transport.receive(0.0) == [], "half a line is not answered"
    assert game.connection.send_line(line[10:], 900)["ok"] is True


def test_malformed_lines_do_not_stop_the_bridge(conformance_game: AgentClient) -> None:
    game = conformance_game
    assert game.connection.send_line(b"\xff\xfe garbage\n", None)["code"] == "PARSE_ERROR"
    assert (
        game.connection.send_line(b"{{{\n\n   \n", None)["code"] == "PARSE_ERROR"
    )  # blank lines: no answer
    assert game.hello()["protocol"] == "agentbridge/1"


def test_two_processes_writing_to_one_session(conformance_game: AgentClient) -> None:
    writer = (
        "import sys\n"
        "from agent_client import AgentClient\n"
        "c = AgentClient.attach(sys.argv[1])\n"
        "for i in range(200):\n"
        "    assert c.request('get_property', {'path': '/root/Conformance/Title',"
        " 'property': 'text'})['value'] == 'Conformance'\n"
        "c.close()\n"
        "print('done')\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", writer, str(conformance_game.session_dir)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for _ in range(2)
    ]
    for _ in range(200):
        conformance_game.hello()
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.strip() == b"done", err.decode()
    lines = (conformance_game.session_dir / "resp.jsonl").read_bytes().splitlines()
    assert len(lines) == 600
    assert b"PARSE_ERROR" not in b"".join(lines), "no two requests interleaved"


def test_close_leaves_no_engine_process() -> None:
    game = AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE)
    pid = game.process.pid
    game.close()
    assert wait_gone(pid)


def test_a_game_quits_when_the_client_process_dies() -> None:
    script = (
        "import os, sys\n"
        "from agent_client import AgentClient\n"
        "game = AgentClient.launch(sys.argv[1])\n"
        "print(game.process.pid, flush=True)\n"
        "os._exit(0)\n"  # no cleanup at all, as after a SIGKILL
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(FIXTURE_GAME)],
        cwd=REPO,
        capture_output=True,
        timeout=120,
    )
    pid = int(done.stdout.split()[0])
    assert wait_gone(pid), "the orphaned game noticed its parent was gone and quit"


def test_launch_errors_are_clear(tmp_path: Path) -> None:
    with pytest.raises(EngineNotFoundError, match="not a file"):
        AgentClient.launch(FIXTURE_GAME, godot=tmp_path / "no-godot")
    with pytest.raises(LaunchError, match=r"no project\.godot"):
        AgentClient.launch(tmp_path)
    (tmp_path / "project.godot").write_text(
        'config_version=5\n[application]\nrun/main_scene="res://main.tscn"\n'
    )
    (tmp_path / "main.tscn").write_text('[gd_scene format=3]\n[node name="Main" type="Node"]\n')
    with pytest.raises(LaunchError, match="agent-bridge install"):
        AgentClient.launch(tmp_path)  # no addon: refused before any engine starts
    with AgentClient.launch(tmp_path, install=True) as game:
        assert game.get_tree()["children"][-1]["name"] == "Main"
