"""Release exports leave the bridge out: the addon's export plugin keeps only the inert autoload
script in a release pack, unless the project opts in; and the stripped game still starts."""

from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from agent_client.engine import launcher
from agent_client.engine.addon import install
from agent_client.engine.godot_import import ensure_imported
from tests.conftest import FIXTURE_GAME

PRESET = """[preset.0]

name="Linux"
platform="Linux"
runnable=true
export_filter="all_resources"
include_filter=""
exclude_filter=""
export_path=""

[preset.0.options]
"""


def pack_entries(path: Path) -> list[str]:
    """The file names in a Godot pack (format 2 or 3)."""
    data = path.read_bytes()
    assert data[:4] == b"GDPC", "not a Godot pack"
    version = struct.unpack_from("<I", data, 4)[0]
    position = 4 + 4 * 5 + 8
    if version >= 3:
        position = struct.unpack_from("<Q", data, position)[0]
    else:
        position += 16 * 4
    count = struct.unpack_from("<I", data, position)[0]
    position += 4
    names = []
    for _ in range(count):
        size = struct.unpack_from("<I", data, position)[0]
        position += 4
        names.append(data[position : position + size].rstrip(b"\0").decode())
        position += size + 8 + 8 + 16 + 4
    return names


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("export") / "game"
    shutil.copytree(FIXTURE_GAME, project, ignore=shutil.ignore_patterns(".godot", "addons"))
    install(project)
    (project / "export_presets.cfg").write_text(PRESET)
    ensure_imported(project, launcher.find_godot())
    return project


def export_pack(project: Path, out: Path) -> list[str]:
    done = subprocess.run(
        [
            str(launcher.find_godot()),
            "--headless",
            "--path",
            str(project),
            "--export-pack",
            "Linux",
            str(out),
        ],
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert out.is_file(), done.stdout.decode(errors="replace")[-2000:]
    return [name for name in pack_entries(out) if "agent_bridge" in name]


def test_a_release_pack_keeps_only_the_inert_autoload(game: Path, tmp_path: Path) -> None:
    addon = export_pack(game, tmp_path / "release.pck")
    assert addon, "the autoload script stays, so the game still starts"
    assert {Path(name).name.split(".")[0] for name in addon} == {"agent_bridge"}, addon
    started = subprocess.run(
        [
            str(launcher.find_godot()),
            "--headless",
            "--main-pack",
            str(tmp_path / "release.pck"),
            "--quit-after",
            "30",
        ],
        capture_output=True,
        timeout=120,
        check=False,
    )
    log = started.stdout.decode(errors="replace") + started.stderr.decode(errors="replace")
    assert started.returncode == 0, log
    assert "SCRIPT ERROR" not in log and "Failed to load" not in log, log


def test_a_project_can_keep_the_bridge_in_release_exports(game: Path, tmp_path: Path) -> None:
    settings = game / "project.godot"
    original = settings.read_text()
    settings.write_text(original + "\n[agent_bridge]\n\nenable_in_release=true\n")
    try:
        addon = export_pack(game, tmp_path / "kept.pck")
    finally:
        settings.write_text(original)
    assert any("snapshot" in name for name in addon) and any("pointer" in name for name in addon)
