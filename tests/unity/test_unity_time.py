"""Lockstep and realtime in the console host (the Unity bridge's core as a running process,
driven through the session files): the time launch arguments, a held game that runs no frame
and costs next to nothing between requests, game time advanced flat out for a request, and two
runs with the same seed and inputs reaching the same digest at the same frame."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.unity.host_session import HostSession

TIMELINE = [
    {"action": "Jump", "frames": 5},
    {"key": "Left", "start": 3, "frames": 4},
    {"button": "left", "start": 20, "frames": 2},
]


@pytest.fixture
def start(host_exe: Path, tmp_path: Path) -> Iterator[Any]:
    """Starts hosts with extra arguments, each in its own session folder; stops them after."""
    sessions: list[HostSession] = []

    def started(*args: str) -> HostSession:
        session = HostSession(host_exe, tmp_path / f"session-{len(sessions)}", *args)
        sessions.append(session)
        session.start()
        return session

    yield started
    for session in sessions:
        session.stop()


def data(session: HostSession, cmd: str, **args: Any) -> dict[str, Any]:
    response = session.request(cmd, **args)
    assert response["ok"] is True, response
    result: dict[str, Any] = response["data"]
    return result


def test_hello_reports_lockstep_at_60_fps_with_seed_0_by_default(start: Any) -> None:
    session = start()
    hello = session.request("hello")
    assert hello["data"]["time"] == {"mode": "lockstep", "fps": 60, "seed": 0, "held": True, "frame": 0,
                                     "physics_frame": 0, "time_scale": 1.0}
    assert hello["frame"] == 0
    assert session.ready.is_file() and '"frame":0' in session.ready.read_text().replace(" ", "")


def test_the_time_arguments_are_read_and_bad_ones_reported(start: Any) -> None:
    session = start("--agent-time=realtime", "--agent-fps", "30", "--agent-seed=-4")
    time_data = data(session, "hello")["time"]
    assert (time_data["mode"], time_data["fps"], time_data["seed"], time_data["held"]) == \
        ("realtime", 30, -4, False)
    bad = start("--agent-time=warp", "--agent-fps=0")
    assert data(bad, "hello")["time"]["mode"] == "lockstep"
    log = bad.log.read_text()
    assert "--agent-time=warp" in log and "--agent-fps=0" in log


def test_a_held_game_runs_no_frame_between_requests(start: Any) -> None:
    session = start("--scene=Lab")
    data(session, "animate", frames=50)
    time.sleep(0.5)
    assert session.request("get_property", path="/root/Lab/Spinner", property="position:x")["data"]["value"] == 0
    stepped = data(session, "step", frames=10)
    assert stepped["frame"] == 10 and stepped["held"] is True
    time.sleep(0.3)
    response = session.request("get_property", path="/root/Lab/Spinner", property="position:x")
    assert response["data"]["value"] == 10 and response["frame"] == 10


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_a_held_game_is_idle(start: Any) -> None:
    session = start()
    data(session, "hello")
    assert session.process is not None
    time.sleep(1.2)  # past the pacer's first second of quick looks
    # The least of three seconds: other processes' load only ever adds to a second's cost
    # (a woken host waits for a core, caches are cold), while a host that spins costs a
    # whole core in every one of them.
    shares = []
    for _ in range(3):
        cpu_before, wall_before = cpu_seconds(session.process.pid), time.monotonic()
        time.sleep(1.0)
        used = cpu_seconds(session.process.pid) - cpu_before
        shares.append(used / (time.monotonic() - wall_before))
    share = min(shares)
    assert share <= 0.05, f"the held host used {share:.1%} of a core (seconds: {shares})"
    print(f"held host: {share:.1%} of a core", file=sys.stderr)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_sixty_game_seconds_advance_far_faster_than_real_time(start: Any) -> None:
    session = start()
    started = time.monotonic()
    waited = data(session, "wait", frames=3600, timeout_ms=60000)
    took = time.monotonic() - started
    assert waited == {"frames_waited": 3600, "frame": 3600}
    assert took < 3, f"60 game seconds took {took:.1f} s"
    print(f"60 game seconds in {took:.2f} s of wall time", file=sys.stderr)


def run(session: HostSession) -> list[Any]:
    """The same inputs every time; the digests and frames on the way."""
    data(session, "set_property", path="/root/Lab/Spinner", property="wanders", value=True)
    seen = [data(session, "digest")]
    seen.append(data(session, "input_sequence", entries=TIMELINE))
    seen.append(data(session, "digest", nodes=True))
    seen.append(data(session, "wait", frames=100))
    seen.append(data(session, "digest"))
    return seen


def test_the_same_seed_and_inputs_give_the_same_digest_at_the_same_frame(start: Any) -> None:
    first, second = start("--scene=Lab", "--agent-seed=3"), start("--scene=Lab", "--agent-seed=3")
    one, two = run(first), run(second)
    assert one == two
    assert [one[2]["frame"], one[4]["frame"]] == [22, 122]
    other = run(start("--scene=Lab", "--agent-seed=4"))
    assert other[0] == one[0], "the same state before the game's random generator is drawn from"
    assert other[4]["digest"] != one[4]["digest"]
