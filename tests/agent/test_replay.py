"""Record, replay and video with the real engine, headless (docs/REPLAY.md): a session of
bridge requests replays to the same digests; a changed recording is caught at the checkpoint
where it parts, naming the node and property; what the window and the desktop do before frame
0 follows the header and replays; a game killed while recording leaves a file that replays; a
video of 10 game seconds has 600 frames; an annotated recording names tree rows and colors as
codegen writes them back. A person at a desktop: test_desktop_recording.py."""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
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
from agent_client.engine.addon import install
from agent_client.engine.launcher import GameTime, find_godot, godot_argv
from agent_client.replay import codegen
from agent_client.replay.file import ReplayFile
from tests.avi import read_avi
from tests.conftest import FIXTURE_GAME, SETTINGS_GAME, SHOP_GAME

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


def shop_with_a_desktop(tmp_path: Path, ready: str) -> Path:
    """A copy of the shop whose autoload Desktop (after the bridge's) does, in its _ready, what
    a window, the desktop or a person can do before frame 0, while the game records (and
    nothing when it replays: the recording's lines do it)."""
    folder = tmp_path / "shop"
    shutil.copytree(SHOP_GAME, folder)
    body = "".join(f"\t{line}\n" for line in ready.strip().splitlines())
    (folder / "desktop.gd").write_text(
        "extends Node\n\n\nfunc _ready() -> void:\n"
        '\tif not OS.get_cmdline_user_args().has("--agent-record"):\n\t\treturn\n'
        "\tvar root := get_tree().root\n" + body,
        encoding="utf-8",
    )
    settings = folder / "project.godot"
    bridge = 'AgentBridge="*res://addons/agent_bridge/agent_bridge.gd"\n'
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace(bridge, bridge + 'Desktop="*res://desktop.gd"\n'), "utf-8")
    install(folder)
    return folder


def record_alone(project: Path, session: Path) -> Path:
    """Runs the game recording from launch, in real time with no client, until it ends by
    itself; returns its recording."""
    argv = godot_argv(
        find_godot(), project, session, game_time=GameTime(realtime=True), record=True
    )
    subprocess.run(argv, capture_output=True, timeout=120, check=True)
    return session / "artifacts" / "recording-1.replay.jsonl"


def test_what_the_desktop_does_before_frame_0_follows_the_header(tmp_path: Path) -> None:
    project = shop_with_a_desktop(
        tmp_path,
        """
root.size = Vector2i(800, 450)
var key := InputEventKey.new()
key.physical_keycode = KEY_A
key.pressed = true
Input.parse_input_event(key)
""",
    )
    with AgentClient.launch(project, record=True) as game:
        game.get_by_role("textbox", name="Your name").fill("Bob")
        game.step(5)
        recording = game.stop_recording(tmp_path / "early.replay.jsonl")
    assert first_line(recording.path)["t"] == "header"
    replay = ReplayFile.load(recording.path)
    assert replay.notes == []
    assert replay.header["window"] == [800, 450]
    assert replay.header["dropped_before_start"] == 1  # the key: no replay can deliver it there
    start = replay.start_frame
    assert replay.lines[:2] == [
        {"t": "window", "f": start, "event": "size", "size": [800, 450], "early": True},
        {**replay.lines[1], "t": "check", "f": start},
    ]
    result = AgentClient.replay(recording.path, check=True)
    assert result.same, result.describe()


def test_a_close_before_frame_0_leaves_a_file_that_replays(tmp_path: Path) -> None:
    project = shop_with_a_desktop(tmp_path, "root.close_requested.emit()")
    path = record_alone(project, tmp_path / "session")
    assert first_line(path)["t"] == "header"
    replay = ReplayFile.load(path)
    assert replay.notes == []
    assert replay.lines[0] == {"t": "window", "f": 0, "event": "close", "early": True}
    # The game quits at the end of the engine iteration the close came in: after frame 0, or,
    # when frame 0 is a later iteration, before it, with no frame to digest (reason "exit").
    assert replay.end["f"] == 0 and replay.end["reason"] in ("closed", "exit")
    result = AgentClient.replay(path, check=True)
    assert result.same, result.describe()


def test_a_game_killed_while_recording_leaves_a_file_that_replays(tmp_path: Path) -> None:
    with AgentClient.launch(SHOP_GAME, record=True) as game:
        assert game.process is not None and game.session_dir is not None
        game.get_by_role("textbox", name="Your name").fill("Bob")
        game.get_by_role("button", name="Play").click()
        game.step(40)
        game.get_by_role("button", name="Buy potion").click()
        game.step(1)  # the click's line reaches the disk at the next frame's start
        game.process.popen.kill()
        game.process.wait_exit(10)
        path = tmp_path / "killed.replay.jsonl"
        shutil.copy(game.session_dir / "artifacts" / "recording-1.replay.jsonl", path)
    replay = ReplayFile.load(path)
    last_check = [line["f"] for line in replay.lines if line["t"] == "check"][-1]
    assert replay.notes == [
        "It has no end line (the recording was interrupted: the game crashed or was killed, "
        f"or the file was copied while being written): it is read up to frame {replay.end_frame}"
        f", its last line; the game's state after the last checkpoint (frame {last_check}) is "
        "not compared."
    ]
    assert [line.get("cmd") for line in replay.lines if line["t"] == "request"] == [
        "fill",
        "click",
        "click",
    ]
    result = AgentClient.replay(path, check=True)
    assert result.same, result.describe()
    assert "Read from the file: It has no end line" in result.describe()


def first_line(path: Path) -> dict[str, object]:
    with path.open(encoding="utf-8") as file:
        line: dict[str, object] = json.loads(file.readline())
    return line


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


def test_an_annotated_recording_names_tree_rows_and_colors(tmp_path: Path) -> None:
    """What codegen reads of a tree and a color picker: a row by its path of texts (a nested
    row chosen by its text alone too; a multi-select tree's row when chosen, not when let go)
    and a color as set_value takes it (its alpha when not opaque). Codegen writes the same
    calls back."""
    with AgentClient.launch(SETTINGS_GAME) as game:
        game.start_recording(annotate=True)
        game.get_by_role("tree", name="Sections").select_option("Quality")
        layers = game.get_by_role("tree", name="Layers")
        layers.select_option("Units")
        layers.select_option("Effects")
        game.get_by_role("button", name="Accent").set_value("#3399ff80")
        recording = game.stop_recording(tmp_path / "settings.replay.jsonl")
    replay = ReplayFile.load(recording.path)
    events = [
        (line["type"], line["name"], line.get("item"), line.get("value"))
        for line in replay.lines
        if line["t"] == "event"
    ]
    assert events == [
        ("item_selected", "Sections", "Video/Quality", None),
        ("multi_selected", "Layers", "Units", None),
        ("multi_selected", "Layers", None, None),  # Units let go
        ("multi_selected", "Layers", "Effects", None),
        ("color_changed", "Accent", None, "#3399ff80"),
    ], events
    source = codegen.generate(replay, test_name="test_again")
    assert source.split("def test_again(game):\n", 1)[1].splitlines() == [
        "    game.get_by_role('tree', name='Sections').select_option('Video/Quality')",
        "    game.get_by_role('tree', name='Layers').select_option('Units')",
        "    game.get_by_role('tree', name='Layers').select_option('Effects')",
        "    game.get_by_role('button', name='Accent').set_value('#3399ff80')",
        "    expect(game.get_by_text('Section: Quality')).to_be_visible()",
        "    expect(game.get_by_text('Accent: #3399ff')).to_be_visible()",
    ]
