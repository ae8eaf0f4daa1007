"""Parallel runs (pytest-xdist) and every way a run can end: no engine process is left behind."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from agent_client.engine.process import stop_tree
from tests.conftest import terminal_job

pytest_plugins = ["pytester"]

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"
RECORD_GAME = """
import os
from pathlib import Path

def record(game):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    line = f"{{worker}} {{game.session_dir}} {{game.process.pid}}\\n"
    with open({record!r}, "a") as seen:
        seen.write(line)
"""


def is_gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def wait_until(condition: object, seconds: float) -> bool:
    """Poll ``condition()`` until it holds or ``seconds`` pass (not a timing assertion: the
    limit only keeps a broken run from hanging)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return bool(condition())  # type: ignore[operator]


def recorded(path: Path) -> list[tuple[str, str, int]]:
    rows = [line.split() for line in path.read_text().splitlines()]
    return [(worker, folder, int(pid)) for worker, folder, pid in rows]


def write_tests(pytester: pytest.Pytester, count: int) -> Path:
    record = pytester.path / "seen.txt"
    body = RECORD_GAME.format(record=str(record))
    for number in range(count):
        body += f"""
def test_game_{number}(game):
    record(game)
    game.get_by_role("button", name="Play").click()
    assert game.wait_for_event("played")["args"] == [1]
"""
    pytester.makepyfile(test_games=body)
    return record


def test_xdist_runs_games_in_parallel_without_sharing_anything(pytester: pytest.Pytester) -> None:
    record = write_tests(pytester, 4)
    result = pytester.runpytest_subprocess(
        "-n", "2", "--godot-project", str(FIXTURE_GAME), "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=4)
    rows = recorded(record)
    assert {worker for worker, _, _ in rows} == {"gw0", "gw1"}
    # Each worker keeps its own warm game (reset between its tests): nothing is shared.
    by_worker = {
        worker: {folder for name, folder, _ in rows if name == worker} for worker, _, _ in rows
    }
    assert all(len(kept) == 1 for kept in by_worker.values())
    assert len({folder for _, folder, _ in rows}) == 2
    assert all(is_gone(pid) for _, _, pid in rows)
    assert not any(Path(folder).exists() for _, folder, _ in rows)


def test_the_plugin_works_without_xdist(pytester: pytest.Pytester) -> None:
    record = write_tests(pytester, 2)
    result = pytester.runpytest_subprocess(
        "-p", "no:xdist", "--godot-project", str(FIXTURE_GAME), "-p", "no:cacheprovider"
    )
    result.assert_outcomes(passed=2)
    assert all(is_gone(pid) for _, _, pid in recorded(record))


@pytest.mark.parametrize("how", ["ctrl-c", "kill"])
def test_no_engine_outlives_an_interrupted_or_killed_run(
    pytester: pytest.Pytester, how: str
) -> None:
    record = pytester.path / "seen.txt"
    pytester.makepyfile(
        test_waits=RECORD_GAME.format(record=str(record))
        + """
import time

def test_waits(game):
    record(game)
    time.sleep(120)
"""
    )
    if how == "ctrl-c" and os.name == "nt":
        pytest.skip("Windows cannot send a console Ctrl-C to one child process group")
    # Its own process group (session), so the cleanup below can end everything it started.
    group = terminal_job()
    run = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pytest",
            "--godot-project",
            str(FIXTURE_GAME),
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
        ],
        cwd=pytester.path,
        # What the child prints must not depend on the caller's buffering settings.
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        **group,
    )
    try:
        assert wait_until(lambda: record.exists() and record.read_text().endswith("\n"), 60)
        _, folder, pid = recorded(record)[0]
        assert not is_gone(pid)
        if how == "ctrl-c":
            run.send_signal(signal.SIGINT)
        else:
            run.kill()
        output, _ = run.communicate(timeout=60)
        if how == "ctrl-c":
            assert b"KeyboardInterrupt" in output
        # Ctrl-C: the fixture quits the game; kill: the bridge sees its parent gone and quits.
        assert wait_until(lambda: is_gone(pid), 20), f"engine {pid} still running"
    finally:
        if run.poll() is None:
            stop_tree(run.pid)
            run.wait()
        if record.exists():
            for _, folder, _ in recorded(record):
                shutil.rmtree(folder, ignore_errors=True)
