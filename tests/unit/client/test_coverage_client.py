"""The client's side of coverage without an engine: a game launched without it says so, and
a Unity game is refused before anything starts (coverage counts GDScript)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from agent_client import AgentClient
from agent_client.wire.errors import CoverageError, LaunchError


def test_a_game_without_coverage_says_how_to_get_it(game: AgentClient) -> None:
    with pytest.raises(CoverageError, match=r"coverage=True") as raised:
        game.coverage()
    assert raised.value.code == "NO_COVERAGE"


@pytest.mark.skipif(os.name != "posix", reason="a player build is an executable file here")
def test_a_unity_game_is_refused_coverage(tmp_path: Path) -> None:
    player = tmp_path / "Game.x86_64"
    player.write_bytes(b"\x7fELF")
    player.chmod(0o755)
    with pytest.raises(LaunchError, match="Godot games only"):
        AgentClient.launch(player, coverage=True)
