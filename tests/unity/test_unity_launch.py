"""AgentClient.launch picks the engine from the path: a built Unity player runs batch mode with
no graphics, a Unity project opens in the batch-mode editor. The console host stands in for a
built player here, since no Unity can run on these machines."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from agent_client import AgentClient, EngineNotFoundError
from agent_client.engine import launcher


def fake_player(tmp_path: Path, host: Path) -> Path:
    """An executable 'game build' that runs the console host with whatever arguments it gets,
    as a Unity player receives -batchmode -nographics and the bridge arguments."""
    player = tmp_path / "Game.x86_64"
    player.write_text(f'#!/bin/sh\nexec mono "{host}" "$@"\n')
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    return player


def test_a_player_build_is_launched_in_batch_mode(host_exe: Path, tmp_path: Path) -> None:
    player = fake_player(tmp_path, host_exe)
    with AgentClient.launch(player) as game:
        assert game.hello()["protocol"] == "agentbridge/1"
        argv = game.process.argv
        assert argv[:3] == [str(player), "-batchmode", "-nographics"]
        assert "--agent-mode" in argv and f"--agent-dir={game.session_dir}" in argv
        assert game.get_node("/root/Conformance/PlayButton")["node"]["name"] == "PlayButton"


def test_a_player_launched_to_record_records_from_frame_0(host_exe: Path, tmp_path: Path) -> None:
    player = fake_player(tmp_path, host_exe)
    with AgentClient.launch(player, record=True) as game:
        assert "--agent-record" in game.process.argv
        game.step(5)
        recording = game.stop_recording(tmp_path / "run.replay.jsonl")
    assert recording.path.is_file() and recording.frames == 5


def test_project_kinds(tmp_path: Path) -> None:
    (tmp_path / "godot").mkdir()
    (tmp_path / "godot" / "project.godot").write_text("")
    unity = tmp_path / "unity"
    (unity / "Assets").mkdir(parents=True)
    (unity / "ProjectSettings").mkdir()
    assert launcher.project_kind(tmp_path / "godot") == "godot"
    assert launcher.project_kind(unity) == "unity-project"
    with pytest.raises(launcher.LaunchError, match="neither"):
        launcher.project_kind(tmp_path)


def test_a_unity_project_opens_in_the_batch_mode_editor(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    editor = tmp_path / "Unity"
    editor.write_text("#!/bin/sh\n")
    editor.chmod(0o755)
    monkeypatch.setenv("UNITY_EDITOR", str(editor))
    argv = launcher.unity_argv(tmp_path, "unity-project", tmp_path / "s", parent_pid=7)
    assert argv[:4] == [str(editor), "-batchmode", "-projectPath", str(tmp_path)]
    assert argv[argv.index("-executeMethod") + 1] == "AgentBridgeUnity.Editor.BatchEntry.Run"
    assert argv[-6:] == [
        "--agent-mode",
        f"--agent-dir={tmp_path / 's'}",
        "--agent-time=lockstep",
        "--agent-fps=60",
        "--agent-seed=0",
        "--agent-parent-pid=7",
    ]
    monkeypatch.delenv("UNITY_EDITOR")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(EngineNotFoundError, match="UNITY_EDITOR"):
        launcher.unity_argv(tmp_path, "unity-project", tmp_path / "s")


def test_the_batch_entry_point_exists_in_the_package() -> None:
    source = (Path(__file__).resolve().parents[2] / "unity_bridge" / "Editor"
              / "BatchEntry.cs").read_text()
    namespace, method = launcher.UNITY_BATCH_METHOD.rsplit(".", 2)[0], "Run"
    assert f"namespace {namespace}" in source and f"public static void {method}()" in source
    assert os.path.exists(str(Path(__file__).resolve().parents[2] / "unity_bridge" / "Editor"
                              / "BatchEntry.cs.meta"))
