"""Point the plugin's game fixtures at the fixture game (an override of agent_launch_options,
as a game's own conftest.py would do)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

FIXTURE_GAME = Path(__file__).resolve().parents[1] / "fixture_game"


@pytest.fixture(scope="session")
def agent_launch_options(agent_launch_options: dict[str, Any]) -> dict[str, Any]:
    return {**agent_launch_options, "project": FIXTURE_GAME}
