"""The corpus games the benchmarks play: each copied to a temporary folder, the addon
installed and the project imported, so what is timed afterwards is the game, not the setup."""

from __future__ import annotations

import shutil
import sys
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


def corpus_missing() -> bool:
    """Whether the corpus is not beside the repository (said on stderr when it is not)."""
    if (CORPUS / "pong" / "project.godot").is_file():
        return False
    print(f"the corpus is missing at {CORPUS}", file=sys.stderr)
    return True
