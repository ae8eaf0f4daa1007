"""doctor without an engine: differences field by field, causes read from a game's scripts,
what a run leaves behind, the report's lines, and how the corpus suite judges a report."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_client.doctor import report as r
from agent_client.doctor.causes import ScriptIndex
from agent_client.doctor.footprint import Footprint, own_user_folder
from tests.agent.corpus.compatibility import table, unexplained


def test_differences_name_each_field_and_the_nodes_only_one_game_has() -> None:
    first = {"/root": {"path": "/root"}, "/root/A": {"text": "1", "visible": True}, "/root/B": {}}
    second = {"/root": {"path": "/root"}, "/root/A": {"text": "2", "visible": True}, "/root/C": {}}
    found = r.differences(first, second)
    assert [(d.path, d.kind) for d in found] == [
        ("/root/A", "changed"),
        ("/root/B", "missing"),
        ("/root/C", "extra"),
    ]
    assert [(c.name, c.before, c.after) for c in found[0].fields] == [("text", "1", "2")]
    assert r.differences(first, dict(first)) == []
    reordered = dict(reversed(list(first.items())))
    assert [d.kind for d in r.differences(first, reordered)] == ["changed"], "the order counts"


def _game(tmp_path: Path) -> Path:
    (tmp_path / "ui").mkdir()
    (tmp_path / "ui" / "hud.gd").write_text(
        "extends Control\n"
        "# Time.get_ticks_msec() in a comment is no read\n"
        "func _process(_d):\n"
        "\t$FPS.text = str(Engine.get_frames_per_second())\n"
    )
    (tmp_path / "music.gd").write_text(
        "extends Node\nfunc _process(_d):\n\tvar t = $Player.get_playback_position()\n"
    )
    (tmp_path / "plain.gd").write_text("extends Node\nfunc _ready():\n\tpass\n")
    addon = tmp_path / "addons" / "agent_bridge"
    addon.mkdir(parents=True)
    (addon / "clock.gd").write_text("extends RefCounted\nvar t = Time.get_ticks_usec()\n")
    return tmp_path


def test_causes_come_from_the_nodes_own_scripts_then_from_anywhere(tmp_path: Path) -> None:
    index = ScriptIndex(_game(tmp_path))
    assert "res://addons/agent_bridge/clock.gd" not in index.texts, "the bridge is not the game"
    scripts = {"/root/Main/Hud": "res://ui/hud.gd", "/root/Main": "res://plain.gd"}
    fps = index.causes_for("/root/Main/Hud/FPS", scripts)
    assert [(c.kind, c.where) for c in fps] == [("wall clock", "res://ui/hud.gd:4")]
    assert "Engine.get_frames_per_second" in fps[0].what and fps[0].remedy
    named = index.causes_for("/root/Elsewhere/FPS", {})
    assert [c.where for c in named] == ["res://ui/hud.gd:4"], "a script that names the node"
    unrelated = index.causes_for("/root/Main/Box", scripts)
    assert {c.kind for c in unrelated} == {"wall clock", "audio"}
    assert all(c.what.startswith("(not in a script near the node)") for c in unrelated)


def test_a_report_says_one_verdict_a_line_and_holds_only_when_all_do() -> None:
    difference = r.NodeDifference("/root/Main/FPS", "changed", [r.FieldChange("text", "1", "2")])
    report = r.Report("/games/x", {"frames": 300})
    report.verdicts = [
        r.Verdict(r.LAUNCH, True, "hello answered"),
        r.Verdict(r.REPEAT, False, "differ at frame 300: 1 node(s)", [difference]),
    ]
    lines = report.text().splitlines()
    assert lines[0] == "doctor /games/x (frames 300)"
    assert lines[1] == "ok    launch: hello answered"
    assert lines[2] == "FAIL  repeat: differ at frame 300: 1 node(s)"
    assert lines[3] == "        /root/Main/FPS: text '1' vs '2'"
    assert "none found in the game's scripts" in lines[4]
    assert lines[-1] == "1 of 2 hold" and not report.ok
    assert report.to_json()["ok"] is False


def test_the_footprint_sees_project_files_and_the_persons_own_saved_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "person"))
    monkeypatch.setattr("sys.platform", "linux")
    game = tmp_path / "game"
    (game / ".godot").mkdir(parents=True)
    (game / "project.godot").write_text('[application]\nconfig/name="Shop"\n')
    assert own_user_folder(game) == tmp_path / "person" / "godot" / "app_userdata" / "Shop"
    footprint = Footprint(game)
    (game / ".godot" / "cache.bin").write_bytes(b"the engine's import cache")
    assert footprint.changes() == []
    (game / "save.txt").write_text("written into the project")
    (tmp_path / "person" / "godot" / "app_userdata" / "Shop").mkdir(parents=True)
    changes = footprint.changes()
    assert any(line.endswith("save.txt: added") for line in changes)
    assert any("Shop: made" in line for line in changes)


def test_the_corpus_suite_fails_on_what_the_expectations_do_not_explain() -> None:
    fps = r.NodeDifference("/root/Main/Stats/FPS", "changed")
    other = r.NodeDifference("/root/Main/Player", "changed")
    report = r.Report("g", {})
    report.verdicts = [r.Verdict(name, True, "") for name in r.INVARIANTS]
    report.verdicts[2] = r.Verdict(r.REPEAT, False, "", [fps])
    entry = {"nodes": ["/root/Main/Stats"], "cause": "an FPS label", "may_hold": True}
    assert unexplained(report, {"repeat": entry}) == []
    assert unexplained(report, {}) == ["repeat: fails and the expectations do not say why"]
    report.verdicts[2].differences.append(other)
    assert unexplained(report, {"repeat": entry}) == [
        "repeat: /root/Main/Player differs too (changed), beyond /root/Main/Stats"
    ]
    report.verdicts[2] = r.Verdict(r.REPEAT, True, "")
    assert unexplained(report, {"repeat": entry}) == [], "a machine-speed read may match"
    strict = {**entry, "may_hold": False}
    assert unexplained(report, {"repeat": strict})[0].startswith("repeat: holds now")
    assert "| `g` | yes | yes | varies |" in table(["g"], {"g": {"repeat": entry}})
