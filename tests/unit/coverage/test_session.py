"""A session's coverage folder: what the launcher writes for the bridge (every game script
instrumented, the bridge's own and hidden or ignored folders left out), what cannot be
counted and why, the cache of copies, and the counts read back into coverage data."""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
import pytest

from agent_client.coverage import session
from agent_client.coverage.session import prepare, read
from agent_client.wire.errors import CoverageError

PLAYER = """\
extends Node

func jump(height: int) -> int:
	if height > 3:
		return 3
	return height
"""


def make_project(root: Path) -> Path:
    files = {
        "project.godot": "config_version=5\n",
        "scripts/player.gd": PLAYER,
        "scripts/data.gd": "extends Resource\n@export var name := ''\n",
        "scripts/broken.gd": "func f(:\n\tpass\n",
        "scripts/Enemy.cs": "public partial class Enemy : Godot.Node {}\n",
        "scenes/level.tscn": '[gd_scene format=3]\n[sub_resource type="GDScript" id="a"]\n',
        "scenes/plain.tscn": "[gd_scene format=3]\n",
        "addons/agent_bridge/agent_bridge.gd": "extends Node\nfunc f():\n\tpass\n",
        "addons/other/tool.gd": "extends Node\nfunc f():\n\tpass\n",
        "ignored/.gdignore": "",
        "ignored/skip.gd": "extends Node\nfunc f():\n\tpass\n",
        ".hidden/skip.gd": "extends Node\nfunc f():\n\tpass\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_prepare_instruments_the_game_scripts_and_names_what_it_cannot(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    done = prepare(project, tmp_path / "coverage")
    manifest = orjson.loads((tmp_path / "coverage" / "manifest.json").read_bytes())
    paths = [entry["path"] for entry in manifest["scripts"]]
    # data.gd has no code: nothing to count, and nothing to say about it either.
    assert paths == ["res://addons/other/tool.gd", "res://scripts/player.gd"]
    player = manifest["scripts"][1]
    assert player["sha256"] == hashlib.sha256(PLAYER.encode()).hexdigest()
    copy = (tmp_path / "coverage" / player["file"]).read_text()
    assert copy.count("\n") == PLAYER.count("\n")
    assert player["counters"] == [["", player["counters"][0][1]]]
    assert player["probes"] == copy.count("] += 1; ")
    assert done.counted == 2
    assert set(done.uncounted) == {"scripts/broken.gd", "scripts/Enemy.cs", "scenes/level.tscn"}
    assert "cannot read it" in done.uncounted["scripts/broken.gd"]
    assert "C#" in done.uncounted["scripts/Enemy.cs"]
    assert "built into the scene" in done.uncounted["scenes/level.tscn"]


def test_a_copy_keeps_the_line_endings_of_its_script(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    (project / "scripts" / "player.gd").write_bytes(PLAYER.replace("\n", "\r\n").encode())
    prepare(project, tmp_path / "coverage", omit=["addons/*"])
    manifest = orjson.loads((tmp_path / "coverage" / "manifest.json").read_bytes())
    copy = (tmp_path / "coverage" / manifest["scripts"][0]["file"]).read_bytes()
    assert copy.count(b"\r\n") == PLAYER.count("\n") and b"\r\r" not in copy


def test_omitted_paths_are_neither_counted_nor_listed(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    done = prepare(project, tmp_path / "coverage", omit=["addons/*", "scripts/broken.gd"])
    assert done.counted == 1
    assert "scripts/broken.gd" not in done.uncounted


def test_read_turns_the_bridges_counts_into_coverage(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    folder = tmp_path / "coverage"
    prepare(project, folder)
    manifest = orjson.loads((folder / "manifest.json").read_bytes())
    player = next(e for e in manifest["scripts"] if e["path"] == "res://scripts/player.gd")
    probes = player["probes"]
    hits = [2] + [1] * (probes - 1)  # the if reached twice, its body once
    counts = {
        "scripts": {"res://scripts/player.gd": hits},
        "failed": [{"path": "res://addons/other/tool.gd", "reason": "it does not load"}],
    }
    data = read(folder, counts)
    script = data.scripts["scripts/player.gd"]
    assert script.lines == {4: 2, 5: 1, 6: 1}
    assert script.decisions[0].arms == [("if", 1), ("(no branch)", 1)]
    assert script.functions == [("jump", 3, 2)]
    assert script.source == PLAYER
    assert (
        data.uncounted["addons/other/tool.gd"]
        == "not instrumented, runs as it is: it does not load"
    )
    assert data.project == str(project.resolve())
    # The counts the bridge left as the game ended read the same.
    (folder / "counts.json").write_bytes(orjson.dumps(counts))
    assert read(folder).scripts["scripts/player.gd"].lines == script.lines


def test_a_file_changed_since_is_counted_without_its_source(tmp_path: Path) -> None:
    project = make_project(tmp_path / "game")
    folder = tmp_path / "coverage"
    prepare(project, folder, omit=["addons/*"])
    (project / "scripts" / "player.gd").write_text(PLAYER + "# edited\n")
    data = read(folder, {"scripts": {"res://scripts/player.gd": [1, 1, 1]}, "failed": []})
    assert data.scripts["scripts/player.gd"].lines == {4: 1, 5: 1, 6: 1}
    assert data.scripts["scripts/player.gd"].source == ""


def test_copies_are_kept_by_content_and_reused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path / "game")
    cache = tmp_path / "cache"
    session._MADE.clear()
    prepare(project, tmp_path / "first", omit=["addons/*"], cache=cache)
    assert len(list(cache.glob("*.json"))) == 3, "player.gd, data.gd (no code), broken.gd (why)"
    session._MADE.clear()  # as a new process: only the cache remembers

    def refuse(*_: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(session, "instrument_source", refuse)
    prepare(project, tmp_path / "second", omit=["addons/*"], cache=cache)
    first = (tmp_path / "first" / "manifest.json").read_bytes()
    assert (tmp_path / "second" / "manifest.json").read_bytes() == first


def test_without_the_parser_coverage_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_project(tmp_path / "game")
    session._MADE.clear()
    monkeypatch.setitem(__import__("sys").modules, "gdtoolkit", None)
    with pytest.raises(CoverageError, match=r"agent-bridge\[coverage\]") as raised:
        prepare(project, tmp_path / "coverage", omit=["addons/*"])
    assert raised.value.code == "MISSING"
