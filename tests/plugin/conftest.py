"""Every test here runs pytest inside pytest: point the inner runs at the engine."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def engine_for_inner_runs(godot_for_inner_runs: None) -> None:
    """Autouse, so the engine is found before pytester moves HOME."""
