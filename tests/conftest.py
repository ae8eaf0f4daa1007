"""Shared by every suite: the ``engine`` marker for tests that need a real engine (everything
outside tests/unit), the bridge addon copied into the test and demo games before any of them
runs, and fixtures launching the fixture game headless."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from agent_client import AgentClient
from agent_client.engine.addon import install

REPO = Path(__file__).resolve().parents[1]
FIXTURE_GAME = REPO / "tests" / "fixture_game"
DEMO_GAME = REPO / "demos" / "crystal_vault"
RESET_GAME = REPO / "tests" / "reset_game"
GODOT3_GAME = REPO / "tests" / "godot3_keys"
USER_DATA_GAME = REPO / "tests" / "user_data_game"
DOCTOR_GAME = REPO / "tests" / "doctor_game"
PLANTED_GAME = REPO / "tests" / "planted" / "game"
SHOP_GAME = REPO / "tests" / "shop_game"
SETTINGS_GAME = REPO / "tests" / "settings_game"
COVERAGE_GAME = REPO / "tests" / "coverage_game"
LAB_SCENE = "res://scenes/lab.tscn"
INPUT_SCENE = "res://scenes/input_lab.tscn"
FAST_FOLDER = REPO / "tests" / "unit"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if FAST_FOLDER not in Path(item.path).parents:
            item.add_marker(pytest.mark.engine)


def pytest_collection_finish(session: pytest.Session) -> None:
    # The games carry no copy of the addon in the repository (no symlinks: they break
    # Windows checkouts); an unchanged copy is left as it is, so nothing is imported again.
    if any(item.get_closest_marker("engine") for item in session.items):
        games = (
            FIXTURE_GAME,
            DEMO_GAME,
            PLANTED_GAME,
            RESET_GAME,
            GODOT3_GAME,
            USER_DATA_GAME,
            DOCTOR_GAME,
            SHOP_GAME,
            SETTINGS_GAME,
            COVERAGE_GAME,
        )
        for game in games:
            install(game)


def terminal_job() -> dict[str, Any]:
    """Popen options that run a child as a terminal runs a command: in a process group of its
    own, where Ctrl-C (SIGINT) means what it means at a terminal, even when this run was
    started where SIGINT is ignored (a background job of a shell without job control passes
    the ignoring on to every child)."""
    if os.name == "nt":
        import subprocess

        return {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}
    return {
        "start_new_session": True,
        "preexec_fn": lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    }


def line_of(script: Path, code: str) -> int:
    """The line number of the first line of ``script`` that holds ``code`` (stacks name lines:
    tests find them instead of hard-coding them)."""
    for number, line in enumerate(script.read_text(encoding="utf-8").splitlines(), 1):
        if code in line:
            return number
    raise AssertionError(f"{script} has no line with {code!r}")


@pytest.fixture
def godot_for_inner_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inner pytest runs get a HOME of their own (pytester isolates it), where the engine
    installed under the real HOME cannot be found: point them at it explicitly. Ask for it
    before ``pytester`` (``usefixtures`` or autouse), while HOME is still the real one."""
    from agent_client.engine.launcher import find_godot

    monkeypatch.setenv("GODOT_BIN", str(find_godot()))


@pytest.fixture
def conformance_game() -> Iterator[AgentClient]:
    """The fixture game on its conformance scene."""
    with AgentClient.launch(FIXTURE_GAME) as game:
        yield game


@pytest.fixture
def lab() -> Iterator[AgentClient]:
    """The fixture game on its lab scene (typed properties, animations, test commands)."""
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE) as game:
        yield game


@pytest.fixture
def input_lab() -> Iterator[AgentClient]:
    """The fixture game on its input lab scene (covered, modal, draggable tokens)."""
    with AgentClient.launch(FIXTURE_GAME, scene=INPUT_SCENE) as game:
        yield game
