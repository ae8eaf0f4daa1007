"""Recording, replay and reset_game of the Unity bridge's core in the console host
(AgentBridgeHost.exe over the synthetic Lab scene), through the Python client as a test would use
them on a Unity player: record a session, replay the file into a new game started from a command
line (``AgentClient.replay(path, command=...)``), see a changed file named at its node and
property, record from launch (``--agent-record``), and reset the game without a relaunch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agent_client import AgentClient, ReplayDivergedError, check_replay
from agent_client.replay.file import ReplayFile

TIMEOUT = 20.0
SEED = 3
SPINNER = "/root/Lab/Spinner"


def host_command(host_exe: Path) -> list[str]:
    return ["mono", str(host_exe), "--scene=Lab"]


def launch(host_exe: Path, **options: object) -> AgentClient:
    return AgentClient.launch_command(host_command(host_exe), timeout=TIMEOUT, seed=SEED, **options)


def play_session(game: AgentClient) -> None:
    """Requests that act on the game: a Spinner wandering by the seeded generator and walking
    while Right is held, frames run between."""
    game.set_property(SPINNER, "wanders", True)
    game.set_property(SPINNER, "walkKey", "Right")
    game.step(4)
    game.hold(key="Right", frames=7)
    game.step(20)


@pytest.fixture
def recording(host_exe: Path, tmp_path: Path) -> Path:
    with launch(host_exe) as game:
        game.start_recording(checkpoint_every=5)
        play_session(game)
        kept = game.stop_recording(tmp_path / "session.replay.jsonl")
    assert kept.requests == 3 and kept.inputs == 0 and kept.frames == 31
    assert kept.path.stat().st_size == kept.bytes
    return kept.path


def test_a_recorded_session_replays_into_a_game_started_from_its_command(
    recording: Path, host_exe: Path
) -> None:
    replay = ReplayFile.load(recording)
    assert replay.header["engine"] == "unity"
    assert replay.header["scene"] == "Assets/Scenes/Lab.unity"
    assert replay.header["seed"] == SEED
    result = AgentClient.replay(recording, command=host_command(host_exe), check=True, timeout=TIMEOUT)
    assert result.same and result.ok, result.describe()
    assert result.frames == 31
    assert result.checks == replay.count("check") + 1
    assert result.ended is not None and result.ended["replayed"] == replay.end["digest"]
    assert check_replay(recording, command=host_command(host_exe), launch_options={"timeout": TIMEOUT}).same


def test_a_changed_value_is_named_at_its_frame_node_and_property(
    recording: Path, host_exe: Path, tmp_path: Path
) -> None:
    lines = [json.loads(line) for line in recording.read_text().splitlines()]
    walk = next(line for line in lines if line.get("args", {}).get("property") == "walkKey")
    walk["args"]["value"] = "Left"
    changed = tmp_path / "changed.replay.jsonl"
    changed.write_text("".join(json.dumps(line) + "\n" for line in lines))
    result = AgentClient.replay(changed, command=host_command(host_exe), check=True, timeout=TIMEOUT)
    assert not result.same
    assert result.divergence is not None
    assert result.divergence["node"] == SPINNER
    assert result.divergence["property"] == "position"
    assert result.divergence["frame"] == 5, "the first checkpoint after the hold began at frame 4"
    assert f"first difference: {SPINNER}, property position" in result.describe()
    with pytest.raises(ReplayDivergedError, match="Diverged at frame 5"):
        check_replay(changed, command=host_command(host_exe), launch_options={"timeout": TIMEOUT})


def test_a_game_launched_with_record_records_from_frame_zero(host_exe: Path, tmp_path: Path) -> None:
    with launch(host_exe, record=True) as game:
        play_session(game)
        kept = game.stop_recording(tmp_path / "from-launch.replay.jsonl")
    replay = ReplayFile.load(kept.path)
    assert replay.start_frame == 0 and replay.lines[0] == {**replay.lines[0], "t": "check", "f": 0}
    result = AgentClient.replay(kept.path, command=host_command(host_exe), check=True, timeout=TIMEOUT)
    assert result.same, result.describe()


def test_reset_game_gives_a_fresh_game_at_frame_zero(host_exe: Path) -> None:
    with launch(host_exe) as game:
        game.set_property(SPINNER, "wanders", True)
        game.step(10)
        first = game.digest()["digest"]
        game.command("echo", text="before")
        reset = game.reset_game()
        assert reset["frame"] == 0 and reset["scene"] == "Assets/Scenes/Conformance.unity"
        assert reset["autoloads"] == ["HostGameCommands.Register"]
        assert game.command("echo", text="again")["count"] == 1, "the game's start-up ran again"
        lab = game.reset_game("Lab")
        assert lab["scene"] == "Assets/Scenes/Lab.unity"
        game.set_property(SPINNER, "wanders", True)
        game.step(10)
        assert game.digest()["digest"] == first, "the same seed and frames as at launch"
