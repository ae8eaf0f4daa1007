"""The corpus games the benchmarks play: each copied to a temporary folder, the addon
installed and the project imported, so what is timed afterwards is the game, not the setup."""

from __future__ import annotations

import shutil
from pathlib import Path

from agent_client.engine.addon import install
from agent_client.engine.godot_import import ensure_imported
from agent_client.engine.launcher import find_godot

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"


def prepared(name: str, workdir: Path) -> Path:
    """A ready copy of the corpus game ``name`` inside ``workdir``."""
    project = workdir / name
    shutil.copytree(CORPUS / name, project)
    install(project)
    ensure_imported(project, find_godot())
    return project
