"""Starting and stopping process trees, without an engine."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import psutil
import pytest

from agent_client.engine import process

PARENT_WITH_CHILD = (
    "import subprocess, sys, time\n"
    "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'])\n"
    "print(child.pid, flush=True)\n"
    "time.sleep(60)\n"
)
IGNORES_TERM = (
    "import signal, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "print('ready', flush=True)\n"
    "time.sleep(60)\n"
)


def wait_for_output(log: Path) -> str:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        text = log.read_text() if log.exists() else ""
        if text.strip():
            return text.strip()
        time.sleep(0.02)
    raise AssertionError("the process printed nothing")


def test_stop_tree_ends_the_process_and_its_children(tmp_path: Path) -> None:
    log = tmp_path / "out.log"
    popen = process.spawn([sys.executable, "-c", PARENT_WITH_CHILD], log_path=log)
    child_pid = int(wait_for_output(log))
    process.stop_tree(popen.pid)
    popen.wait(timeout=5)
    assert not process.is_running(popen.pid)
    assert not psutil.pid_exists(child_pid) or not process.is_running(child_pid)


def test_stop_tree_kills_what_ignores_terminate(tmp_path: Path) -> None:
    log = tmp_path / "out.log"
    popen = process.spawn([sys.executable, "-c", IGNORES_TERM], log_path=log)
    wait_for_output(log)
    process.stop_tree(popen.pid, grace=0.5)
    # It ignores SIGTERM, so only the kill after the grace period can have ended it.
    assert not process.is_running(popen.pid)


def test_stop_tree_of_a_gone_process_is_a_no_op(tmp_path: Path) -> None:
    popen = process.spawn([sys.executable, "-c", "pass"], log_path=tmp_path / "out.log")
    popen.wait(timeout=10)
    process.stop_tree(popen.pid)
    assert not process.is_running(popen.pid)


def test_the_log_captures_stdout_and_stderr(tmp_path: Path) -> None:
    log = tmp_path / "out.log"
    code = "import sys; print('out'); print('err', file=sys.stderr)"
    process.spawn([sys.executable, "-c", code], log_path=log).wait(timeout=10)
    # Both streams land in the one log; their order depends on the child's buffering.
    assert sorted(log.read_text().split()) == ["err", "out"]


def test_stopping_a_game_that_is_slow_to_go_kills_it_and_never_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from agent_client.engine import launcher

    session = tmp_path / "session"
    session.mkdir()
    game = launcher.GameProcess([sys.executable, "-c", IGNORES_TERM], session)
    wait_for_output(session / "engine.log")
    monkeypatch.setattr(launcher.process, "stop_tree", lambda pid: None)  # terminate lost
    monkeypatch.setattr(launcher, "STOP_WAIT", 0.2)
    game.stop()
    assert game.exit_code() is not None
