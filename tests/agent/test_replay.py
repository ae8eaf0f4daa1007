"""Record, replay, codegen and video with the real engine (docs/REPLAY.md): a session of
bridge requests replays to the same digests; a changed recording is caught at the checkpoint
where it parts, naming the node and property; a person's X input (xdotool under Xvfb) is
recorded in a rendered realtime window and replays in lockstep to the same final digest; a
menu session becomes a test that passes headless; a video of 10 game seconds has 600 frames."""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agent_client import (
    AgentClient,
    GameExitedError,
    ReplayDivergedError,
    ReplayFileError,
    check_replay,
)
from agent_client.client.avi import read_avi
from agent_client.client.replay_file import ReplayFile
from agent_client.engine.addon import install
from tests import xperson
from tests.conftest import FIXTURE_GAME

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
MENU = "res://scenes/menu.tscn"
NAME = "/root/Menu/Panel/Name"


def _menu_session(tmp_path: Path) -> Path:
    with AgentClient.launch(FIXTURE_GAME, scene=MENU) as game:
        game.start_recording(checkpoint_every=10)
        game.fill(NAME, "Bob")
        game.select_option("/root/Menu/Panel/Difficulty", "Hard")
        ref = game.snapshot(interactive=True)["refs"]
        start = next(ref_id for ref_id, info in ref.items() if info["name"] == "Start")
        game.click(f"@{start}")  # a ref: recorded as the node's path
        game.hold(key="A", frames=5)
        game.step(30)
        recording = game.stop_recording(tmp_path / "menu.replay.jsonl")
        assert (
            game.get_property("/root/Menu/Panel/Result", "text") == "Welcome, Bob (Hard, sound off)"
        )
    return recording.path


def test_a_session_of_requests_replays_to_the_same_digests(tmp_path: Path) -> None:
    path = _menu_session(tmp_path)
    replay = ReplayFile.load(path)
    assert replay.count("request") == 4
    click = next(line for line in replay.lines if line.get("cmd") == "click")
    assert click["args"]["ref"] == {"path": "/root/Menu/Panel/Start"}
    assert replay.header["scene"] == MENU and replay.header["seed"] == 0
    result = AgentClient.replay(path, check=True)
    assert result.same, result.describe()
    assert result.checks == replay.count("check") + 1
    assert result.ended is not None and result.ended["replayed"] == replay.end["digest"]
    assert result.frames == replay.end_frame - replay.start_frame


def test_a_changed_recording_names_the_frame_node_and_property(tmp_path: Path) -> None:
    path = _menu_session(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = []
    for text in lines:
        line = json.loads(text)
        if line.get("cmd") == "fill":
            line["args"]["value"] = "Alice"
            fill_frame = line["f"]
        changed.append(json.dumps(line))
    path.write_text("\n".join(changed) + "\n", encoding="utf-8")
    with pytest.raises(ReplayDivergedError) as caught:
        check_replay(path)
    message = str(caught.value)
    assert f"{NAME}, property text (now 'Alice')" in message
    first_check = min(
        json.loads(text)["f"]
        for text in changed
        if json.loads(text)["t"] == "check" and json.loads(text)["f"] > fill_frame
    )
    assert f"Diverged at frame {first_check}:" in message


def test_a_replay_refuses_another_project_and_another_engine(tmp_path: Path) -> None:
    path = _menu_session(tmp_path)
    with pytest.raises(ReplayFileError, match="is a recording of 'AgentBridge fixture'"):
        AgentClient.replay(path, project=Path(__file__).parents[2] / "demos" / "crystal_vault")
    header, *rest = path.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    data["engine_version"] = "4.0.0-stable"
    path.write_text("\n".join([json.dumps(data), *rest]) + "\n", encoding="utf-8")
    with pytest.raises(ReplayFileError, match=r"recorded with godot 4\.0\.0-stable"):
        AgentClient.replay(path)


def test_the_window_closing_ends_the_recording() -> None:
    with AgentClient.launch(FIXTURE_GAME, record=True) as game:
        assert game.process is not None and game.session_dir is not None
        game.step(3)
        game.call_method("/root", "emit_signal", "close_requested")  # the close button
        with contextlib.suppress(GameExitedError):
            game.step(1)  # held in lockstep: the game quits with the next frame
        assert game.process.wait_exit(10) == 0
        replay = ReplayFile.load(game.session_dir / "artifacts" / "recording-1.replay.jsonl")
    # Asked to close inside the hold, the game quits before another frame starts: the end
    # line has no digest (the tree is going), and a replay compares the last checkpoint.
    assert replay.end == {"t": "end", "f": 3, "reason": "exit"}
    assert replay.lines[-2] == {"t": "window", "f": 3, "event": "close"}
    assert replay.start_frame == 0 and replay.lines[0]["t"] == "check"


@pytest.fixture
def person() -> None:
    reason = xperson.available()
    if reason:
        pytest.skip(reason)


def _corpus_game(tmp_path: Path, name: str) -> Path:
    if not (CORPUS / name).is_dir():
        pytest.skip(f"no corpus game {name} at {CORPUS}")
    folder = tmp_path / name
    shutil.copytree(CORPUS / name, folder)
    install(folder)
    return folder


def play_with_keys(game: AgentClient, keys: list[str], seconds: float, seed: int = 1) -> None:
    """A person at the keyboard: random keys held for a random while, for ``seconds``."""
    assert game.process is not None
    window = xperson.window_of(game.process.pid)
    while game.hello()["frame"] < 10:  # input before frame 0 cannot be replayed
        time.sleep(0.02)
    xperson.xdotool("mousemove", "--window", window, "200", "200")
    chooser = random.Random(seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        key = chooser.choice(keys)
        xperson.xdotool("keydown", key)
        time.sleep(chooser.uniform(0.05, 0.4))
        xperson.xdotool("keyup", key)


def test_a_persons_x_input_replays_to_the_same_final_digest(person: None, tmp_path: Path) -> None:
    project = _corpus_game(tmp_path, "pong")
    with (
        xperson.display(),
        AgentClient.launch(project, render=True, realtime=True, record=True) as game,
    ):
        play_with_keys(game, ["Up", "Down", "w", "s"], 4.0)
        recording = game.stop_recording(tmp_path / "pong.replay.jsonl")
    replay = ReplayFile.load(recording.path)
    assert replay.count("input") >= 10  # the X server's key events, seen by the game
    assert replay.header["time"] == "realtime" and replay.header["rendered"]
    for _ in range(2):
        result = AgentClient.replay(recording.path, check=True, render=False)
        assert result.same, result.describe()
        assert result.ended is not None and result.ended["replayed"] == recording.digest


def test_codegen_of_a_menu_session_passes_headless(person: None, tmp_path: Path) -> None:
    out = tmp_path / "test_menu.py"
    with xperson.display():
        cli = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "agent_client.cli",
                "codegen",
                str(FIXTURE_GAME),
                "--scene",
                MENU,
                "-o",
                str(out),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        window = xperson.window_named("AgentBridge fixture")
        time.sleep(1.0)  # the recording starts once the game answers
        xperson.click(window, 120, 65)
        xperson.type_text("Bob")
        xperson.click(window, 120, 115)
        time.sleep(0.3)
        xperson.click(window, 60, 211)  # "Hard" in the open list
        xperson.click(window, 40, 165)
        xperson.click(window, 60, 215)
        time.sleep(0.5)
        cli.send_signal(signal.SIGINT)
        _out, err = cli.communicate(timeout=60)
    assert cli.returncode == 0, err
    source = out.read_text(encoding="utf-8")
    assert "game.get_by_role('textbox', name='Your name').fill('Bob')" in source
    assert "game.get_by_role('combobox', name='Difficulty').select_option('Hard')" in source
    assert "game.get_by_role('button', name='Start').click()" in source
    assert "expect(game.get_by_text('Welcome, Bob (Hard, sound on)')).to_be_visible()" in source
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def test_a_video_of_ten_game_seconds_has_600_frames(tmp_path: Path) -> None:
    video = tmp_path / "run.avi"
    with AgentClient.launch(FIXTURE_GAME, video=video) as game:
        time.sleep(0.5)  # held: the wall clock passes, no frame is written
        # The game's first frame (before frame 0) is filmed too; then frames 0-597, and
        # frame 598 runs as the game quits.
        game.step(598)
    info = read_avi(video)
    assert info.frames == 600 == info.declared_frames == info.jpeg_frames
    assert round(info.fps) == 60
    assert (info.width, info.height) == (1152, 648)


def test_a_video_needs_its_folder(tmp_path: Path) -> None:
    from agent_client import LaunchError

    with pytest.raises(LaunchError, match="does not exist"):
        AgentClient.launch(FIXTURE_GAME, video=tmp_path / "missing" / "run.avi")
