"""Game time under the test's control: lockstep (the default), realtime, step, hold, input
timelines, seeds, the digest, and the game's own pause left to the game."""

from __future__ import annotations

import time

import pytest

from agent_client import (
    AgentClient,
    InvalidArgsError,
    NotFoundError,
    NotInteractableError,
    WaitTimeoutError,
)
from tests.conftest import FIXTURE_GAME, LAB_SCENE

LAB = "/root/Lab"
CONFORMANCE = "/root/Conformance"


def test_every_response_carries_the_frame(lab: AgentClient) -> None:
    first = lab.send("hello")["frame"]
    lab.wait_frames(3)
    assert lab.send("hello")["frame"] == first + 3


def test_hello_says_how_time_runs(lab: AgentClient) -> None:
    assert lab.hello()["time"] == {**lab.hello()["time"], "mode": "lockstep", "fps": 60}
    assert lab.time["seed"] == 0 and lab.time["held"] is True


def test_a_lockstep_game_is_frozen_between_requests_and_step_advances_it_exactly(
    lab: AgentClient,
) -> None:
    lab.call_method(LAB, "reset_clock")
    frame = lab.last_frame
    time.sleep(0.3)  # wall time passes; game time does not
    assert lab.get_property(LAB, "ticks") == 0
    assert lab.send("hello")["frame"] == frame
    stepped = lab.step(7)
    assert (stepped["stepped"], stepped["physics_ticks"], stepped["held"]) == (7, 7, True)
    assert lab.get_property(LAB, "ticks") == 7
    assert lab.get_property(LAB, "elapsed") == pytest.approx(7 / 60)


def test_realtime_runs_by_itself_until_paused() -> None:
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE, realtime=True) as lab:
        assert lab.time["mode"] == "realtime" and lab.time["held"] is False
        with pytest.raises(InvalidArgsError, match="pause first"):
            lab.step(1)
        lab.call_method(LAB, "reset_clock")
        assert lab.wait_for_event("ticked", timeout=5)["args"][0] == 10, "it runs by itself"
        held = lab.pause()
        assert held["held"] is True
        ticks = lab.get_property(LAB, "ticks")
        time.sleep(0.3)
        assert lab.get_property(LAB, "ticks") == ticks, "nothing moves while held"
        assert lab.step(5)["physics_ticks"] == 5
        assert lab.get_property(LAB, "ticks") == ticks + 5
        assert lab.resume()["held"] is False


def test_the_games_own_pause_stays_the_games(lab: AgentClient) -> None:
    lab.call_method(LAB, "set_paused", True)
    lab.command("start_tween", seconds=2.0)
    lab.step(30)
    assert lab.get_property("/root/Lab/Mover", "position") == {"x": 0.0, "y": 0.0}, (
        "a game that paused itself keeps its tweens waiting"
    )
    assert lab.step(1)["game_paused"] is True
    lab.call_method(LAB, "set_paused", False)
    lab.wait_frames(1)
    assert lab.get_property("/root/Lab/Mover", "position") == {"x": 500.0, "y": 300.0}


def test_scale_must_be_positive(lab: AgentClient) -> None:
    with pytest.raises(InvalidArgsError, match="above 0"):
        lab.set_time_scale(0)
    assert lab.set_time_scale(2.5)["time_scale"] == 2.5


def play_script(seed: int = 0) -> tuple[list[tuple], list[str], float]:
    """One fixed script of commands from launch; returns every event (with its frame), the
    digest after each command, and the first random number the game drew."""
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE, seed=seed) as game:
        roll = game.call_method(LAB, "roll")
        game.call_method(LAB, "reset_clock")
        script = [
            ("step", {"frames": 25}),
            ("spawn", {"name": "Probe"}),
            ("ping", {"name": "Probe", "times": 2}),
            ("hold", {"key": "Space", "frames": 12}),
            ("call_method", {"path": LAB, "method": "set_count", "args": [5]}),
            ("wait", {"event": "ticked", "timeout_ms": 2000}),
            ("step", {"frames": 3}),
        ]
        seen, digests = [], []
        for index, (cmd, args) in enumerate(script):
            response = game.send(cmd, args)
            assert response["ok"], response
            seen += [
                (index, e["type"], e["source"], repr(e["args"]), e["frame"])
                for e in response["events"]
            ]
            digests.append(game.digest()["digest"])
        return seen, digests, roll


def test_the_same_seed_and_inputs_give_the_same_frames_events_and_digests() -> None:
    first, second = play_script(), play_script()
    assert first == second
    events, digests, _ = first
    ticks = [(index, frame) for index, kind, _, _, frame in events if kind == "ticked"]
    # Physics ticks run between frames: the tenth, after frame 9's processing, is stamped 9.
    assert ticks == [(0, 9), (0, 19), (3, 29), (5, 39)], "ticked every 10 frames, frame-exact"
    assert len(set(digests)) > 1, "the digest follows the state"
    assert play_script(seed=1)[2] != first[2], "another seed, other random numbers"


def test_acting_on_a_game_that_paused_itself_is_refused_not_silently_ignored(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    game.call_method(CONFORMANCE, "set_paused", True)
    for cmd in ("click", "press"):
        with pytest.raises(NotInteractableError, match="the game is paused"):
            game.request(cmd, {"path": "/root/Conformance/PlayButton"})
    with pytest.raises(NotInteractableError, match="the game is paused"):
        game.request("set_value", {"path": "/root/Conformance/Volume", "value": 10})
    assert all(event["type"] != "pressed" for event in game.get_events())
    game.call_method(CONFORMANCE, "set_paused", False)
    game.request("click", {"path": "/root/Conformance/PlayButton"})
    assert game.wait_for_event("pressed")["source"] == "/root/Conformance/PlayButton"


def test_step_until_stops_when_the_condition_holds(lab: AgentClient) -> None:
    lab.call_method(LAB, "reset_clock")
    met = lab.step_until(node=LAB, property="ticks", op=">=", value=4, max_frames=5000)
    assert (met["met"], met["frames"], met["held"]) == (True, 4, True)
    assert lab.get_property(LAB, "ticks") == 4
    assert lab.step_until(node=LAB, property="ticks", op=">=", value=4)["frames"] == 0
    missed = lab.step_until(event="never_fired", max_frames=5)
    assert missed == {**missed, "met": False, "frames": 5}
    with pytest.raises(InvalidArgsError, match="exactly one condition"):
        lab.step_until(max_frames=5)
    lab.resume()
    with pytest.raises(InvalidArgsError, match="held game"):
        lab.step_until(text="anything")


def test_waits_count_game_time_and_stop_on_the_frame(lab: AgentClient) -> None:
    lab.call_method(LAB, "reset_clock")
    event = lab.wait_for_event("ticked", timeout=30)
    # The wait ends at the first frame boundary after the tick that fired it, not later.
    assert lab.get_property(LAB, "ticks") == 10
    assert lab.last_frame == event["frame"] + 1
    before = lab.last_frame
    with pytest.raises(WaitTimeoutError, match="never_fired"):
        lab.wait_for_event("never_fired", timeout=60)
    assert lab.last_frame - before == 60 * 60, "exactly a minute of game time ran"


def test_hold_presses_for_exactly_n_frames(input_lab: AgentClient) -> None:
    actions = input_lab.list_actions()
    assert actions is not None
    with pytest.raises(InvalidArgsError, match="exactly one of"):
        input_lab.hold(frames=3)
    with pytest.raises(NotFoundError, match="no_such_action"):
        input_lab.hold(action="no_such_action", frames=3)
    frame = input_lab.last_frame
    held = input_lab.hold(key="Space", frames=12)
    assert held["frames"] == 12 and held["frame"] == frame + 12


def test_input_sequence_runs_a_timeline_and_refuses_bad_entries(input_lab: AgentClient) -> None:
    frame = input_lab.last_frame
    ran = input_lab.input_sequence(
        [{"key": "A", "start": 0, "frames": 4}, {"key": "B", "start": 2, "frames": 5}]
    )
    assert ran["frames"] == 7 and input_lab.last_frame == frame + 7
    for bad, words in [
        ([], "1 to"),
        ([{"key": "A", "start": -1, "frames": 2}], r"entries\[0\].start"),
        ([{"key": "A", "frames": 0}], r"entries\[0\].frames"),
        ([{"key": "NoSuchKey", "frames": 1}], "Unknown key"),
        ([{"key": "A", "frames": 1, "strength": 2}], "strength"),
        ([{"key": "A", "frames": 1, "colour": 1}], "unknown field"),
        (["A"], "array of object"),
    ]:
        with pytest.raises(InvalidArgsError, match=words):
            input_lab.input_sequence(bad)
    assert input_lab.last_frame == frame + 7, "a refused timeline runs no frame"


def test_the_digest_names_the_node_that_changed(lab: AgentClient) -> None:
    before = lab.digest(nodes=True)
    assert lab.digest(nodes=True) == before, "nothing moves between requests"
    lab.call_method(LAB, "move_to", {"x": 10, "y": 20})
    after = lab.digest(nodes=True)
    changed = [path for path, value in after["by_node"].items() if before["by_node"][path] != value]
    assert changed == ["/root/Lab/Mover"] and after["digest"] != before["digest"]
    with pytest.raises(NotFoundError):
        lab.digest("/root/Nothing")
