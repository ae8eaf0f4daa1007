"""role_playing_game: walk to the other character by input actions, read the dialogue and
click through it; the game swaps in its combat screen by itself, whose menu actions get refs
and work; refs into the screen the game took away are stale."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agent_client import AgentClient, StaleRefError
from tests.agent.corpus.conftest import positions, ref_named
from tests.agent.tree_checks import same_fields

GAME = "role_playing_game"
STEPS = {"move_right": (1, 0), "move_left": (-1, 0), "move_down": (0, 1), "move_up": (0, -1)}


def walk_until_dialogue(game: AgentClient) -> str:
    """Steps toward the opponent, trying the other axis when a wall is in the way, until the
    dialogue's Next button shows; returns the snapshot text then."""
    for _ in range(40):
        text = game.snapshot()["text"]
        if '- button "Next"' in text:
            return text
        ((px, py),) = positions(text, "Player")
        ((ox, oy),) = positions(text, "Opponent")
        ranked = sorted(STEPS, key=lambda a: -(STEPS[a][0] * (ox - px) + STEPS[a][1] * (oy - py)))
        for action in ranked[:2]:
            game.input(action=action, settled=True)
            text = game.snapshot()["text"]
            if positions(text, "Player") != [(px, py)] or '- button "Next"' in text:
                break
    raise AssertionError(f"never reached the opponent:\n{text}")


def test_walk_talk_and_fight_in_the_screen_the_game_swaps_in(
    play: Callable[..., AgentClient],
) -> None:
    game = play(GAME)
    text = walk_until_dialogue(game)
    assert "Hey, it's a good time to have a JRPG fight, right?" in text
    game.wait_for_event("dialogue_started")
    swapped = None
    for _ in range(10):
        snap = game.snapshot(interactive=True, compact=True)
        if '"Attack"' in snap["text"]:
            break
        answer = game.click(ref_named(snap, "Next"), settled=True)
        if answer["changes"]["added"]:
            swapped = answer["changes"]
    assert swapped == {
        "added": ["/root/Game/Combat"],
        "added_count": 1,
        "removed": ["/root/Game/Exploration"],
        "removed_count": 1,
    }
    snap = game.snapshot(interactive=True, compact=True)
    buttons = [info["name"] for info in snap["refs"].values() if info["role"] == "button"]
    assert buttons == ["Attack", "Defend", "Flee"]
    game.click(ref_named(snap, "Attack"), settled=True)
    hurt = game.wait_for_event("health_changed")
    assert hurt["source"].endswith("/Opponent/Health"), hurt
    game.wait_for_event(
        "active_combatant_changed",
        lambda event: event["args"][0]["node"].endswith("/Combatants/Player"),
        timeout=15,
    )  # the opponent's turn
    attack = ref_named(snap, "Attack")
    game.click(ref_named(game.snapshot(interactive=True), "Flee"), settled=True)
    game.wait_for_event("combat_finished")
    with pytest.raises(StaleRefError, match="no longer in the scene tree"):
        game.click(attack)
    assert positions(game.snapshot()["text"], "Player"), "back to exploring"


def test_a_lean_tree_says_what_the_whole_one_says(play: Callable[..., AgentClient]) -> None:
    game = play(GAME)
    game.pause()  # its characters bob: a paused game shows the same positions twice
    fields = ["name", "type", "path", "role", "label", "position"]
    same_fields(game.get_tree(), game.get_tree(fields=fields), fields)
