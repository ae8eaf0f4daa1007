"""Inner pytest runs get a HOME of their own (pytester isolates it), where the engine installed
under the real HOME cannot be found: point them at it explicitly."""

from __future__ import annotations

import pytest

from agent_client.engine.launcher import find_godot


@pytest.fixture(autouse=True)
def engine_for_inner_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GODOT_BIN", str(find_godot()))
