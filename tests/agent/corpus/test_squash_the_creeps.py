"""squash_the_creeps (3D): the player and every mob carry screen positions through the camera,
3D noise (lights, cameras, shapes, timers) stays out of the snapshot, a hit brings up the retry
overlay, and retrying reloads the scene, which the game does itself."""

from __future__ import annotations

import re
from collections.abc import Callable

from agent_client import AgentClient
from tests.agent.corpus.conftest import positions

GAME = "squash_the_creeps"


def test_player_and_mobs_have_screen_positions_and_noise_is_left_out(
    play: Callable[..., AgentClient],
) -> None:
    game = play(GAME)
    game.set_time_scale(4)
    mobs: list[tuple[int, int]] = []
    for _ in range(200):
        game.request("wait", {"frames": 20})
        text = game.snapshot()["text"]
        mobs = positions(text, "Mob")
        if len(mobs) >= 2:
            break
    assert len(mobs) >= 2, text
    assert positions(text, "Player"), text
    mob_lines = [line for line in text.splitlines() if '- generic "Mob" [' in line]
    assert all(
        re.search(r"\[(at=\d+,\d+|offscreen=[a-z-]+|behind), pos=", line) for line in mob_lines
    ), "every mob is on screen (at=), off it (offscreen=) or behind the camera"
    assert bare_leaves(text) == [], text
    header, world = text.split("\n- application", 1)
    assert header.splitlines()[-1].startswith('- camera "Camera" [pos='), "the camera heads it"
    for noise in ("Camera", "Light", "Timer", "Collision", "Spawn"):
        assert noise not in world, f"{noise} is noise:\n{text}"
    everything = game.request("snapshot", {"all": True})["text"]
    assert '"Mob Timer"' in everything and '"Camera Pivot"' in everything


def bare_leaves(text: str) -> list[str]:
    """Lines with a role only (no name, no attributes) and nothing under them."""
    lines = text.splitlines()
    depth = [len(line) - len(line.lstrip()) for line in lines]
    return [
        line
        for i, line in enumerate(lines)
        if line.strip() == f"- {line.split()[1]}"
        and (i + 1 == len(lines) or depth[i + 1] <= depth[i])
    ]


def test_a_hit_shows_the_retry_overlay_and_retry_reloads_the_scene(
    play: Callable[..., AgentClient],
) -> None:
    game = play(GAME)
    game.set_time_scale(4)
    game.wait_for_event("hit", timeout=60)
    text = game.snapshot()["text"]
    assert '- text "Press Space or Enter to retry"' in text, text
    assert not positions(text, "Player"), "the player died"
    game.input(action="ui_accept")
    changed = game.wait_for_event("scene_changed")
    assert changed["args"] == ["res://Main.tscn"]
    text = game.snapshot()["text"]
    assert "retry" not in text and positions(text, "Player"), text
