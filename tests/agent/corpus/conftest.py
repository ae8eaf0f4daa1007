"""Real games nobody on this project wrote (``../shared/corpus``), each copied to a temporary
folder with the addon installed, and played as a person would: snapshots and events are the
only eyes, input goes through the engine's input path.

The corpus sits beside the repository (as in CI). Where it is missing the tests skip with the
reason, unless ``AGENT_BRIDGE_REQUIRE_CORPUS=1`` (set by CI) makes that a failure.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from filelock import FileLock

from agent_client import AgentClient
from agent_client.engine.addon import install

CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"
AT = re.compile(r'"(?P<name>[^"]+)" \[(?:[^\]]*, )?at=(?P<x>-?\d+),(?P<y>-?\d+)')


@pytest.fixture(scope="session")
def corpus_game(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """Returns the folder of a corpus game copied once per test run, with the addon installed
    (parallel workers share the copy and its one-time import)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent
    shared = base / "corpus-games"
    shared.mkdir(exist_ok=True)

    def copy(name: str) -> Path:
        source = CORPUS / name
        if not (source / "project.godot").is_file():
            message = f"the corpus game {name} is missing at {source}"
            if os.environ.get("AGENT_BRIDGE_REQUIRE_CORPUS") == "1":
                pytest.fail(message)
            pytest.skip(message)
        target = shared / name
        with FileLock(str(shared / f"{name}.lock")):
            if not (target / "addons" / "agent_bridge").is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
                install(target)
        return target

    return copy


@pytest.fixture
def play(corpus_game: Callable[[str], Path]) -> Iterator[Callable[..., AgentClient]]:
    """``play("pong")`` launches that corpus game headless; it is closed after the test."""
    started: list[AgentClient] = []

    def launch(name: str, **options: object) -> AgentClient:
        game = AgentClient.launch(corpus_game(name), timeout=30, **options)  # type: ignore[arg-type]
        started.append(game)
        return game

    yield launch
    for game in started:
        game.close()


def positions(snapshot_text: str, name: str) -> list[tuple[int, int]]:
    """The ``at=x,y`` of every snapshot line named ``name``."""
    return [(int(m["x"]), int(m["y"])) for m in AT.finditer(snapshot_text) if m["name"] == name]


def ref_named(snapshot: dict, name: str, role: str | None = None) -> str:
    """The ref of the one entry with this name (and role)."""
    found = [
        ref
        for ref, info in snapshot["refs"].items()
        if info["name"] == name and (role is None or info["role"] == role)
    ]
    assert len(found) == 1, f"{len(found)} refs named {name!r}:\n{snapshot['text']}"
    return found[0]
