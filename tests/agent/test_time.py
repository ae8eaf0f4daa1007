"""Time control: pause, step, time scale, and determinism of stepped runs."""

from __future__ import annotations

import pytest

from agent_client import AgentClient, InvalidArgsError, NotInteractableError
from tests.conftest import FIXTURE_GAME, LAB_SCENE

LAB = "/root/Lab"


def test_every_response_carries_the_frame(lab: AgentClient) -> None:
    first = lab.send("hello")["frame"]
    lab.wait_frames(3)
    assert lab.send("hello")["frame"] >= first + 3


def test_pause_stops_the_game_and_step_advances_it_exactly() -> None:
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE, fixed_fps=60) as lab:
        check_pause_and_step(lab)


def check_pause_and_step(lab: AgentClient) -> None:
    paused = lab.pause()
    assert paused["paused"] is True
    lab.call_method(LAB, "reset_clock")
    lab.wait_frames(10)
    assert lab.get_property(LAB, "ticks") == 0, "nothing moves while paused"
    stepped = lab.step(7)
    assert (stepped["stepped"], stepped["physics_ticks"], stepped["paused"]) == (7, 7, True)
    assert lab.get_property(LAB, "ticks") == 7
    assert lab.resume()["paused"] is False


def test_tweens_wait_while_paused(lab: AgentClient) -> None:
    lab.pause()
    lab.command("start_tween", seconds=2.0)
    assert lab.get_property("/root/Lab/Mover", "position") == {"x": 0.0, "y": 0.0}
    lab.resume()
    lab.wait_frames(1)
    assert lab.get_property("/root/Lab/Mover", "position") == {"x": 500.0, "y": 300.0}


def test_step_needs_a_paused_game_and_scale_must_be_positive(lab: AgentClient) -> None:
    with pytest.raises(InvalidArgsError, match="pause first"):
        lab.step(1)
    with pytest.raises(InvalidArgsError, match="above 0"):
        lab.set_time_scale(0)
    assert lab.set_time_scale(2.5)["time_scale"] == 2.5


def play_script() -> list[tuple]:
    """One fixed script of commands; returns each response's events, tagged with the index of
    the command that carried them (engine frames keep counting while paused, between
    commands, so raw frame numbers are not comparable; the frames inside a step are)."""
    with AgentClient.launch(FIXTURE_GAME, scene=LAB_SCENE, fixed_fps=60) as game:
        game.pause()
        game.call_method(LAB, "reset_clock")
        game.get_events()
        script = [
            ("step", {"frames": 25}),
            ("spawn", {"name": "Probe"}),
            ("ping", {"name": "Probe", "times": 2}),
            ("step", {"frames": 12}),
            ("call_method", {"path": LAB, "method": "set_count", "args": [5]}),
            ("step", {"frames": 3}),
        ]
        seen = []
        for index, (cmd, args) in enumerate(script):
            response = game.send(cmd, args)
            assert response["ok"], response
            frames = [e["frame"] for e in response["events"]]
            seen += [
                (index, e["type"], e["source"], repr(e["args"]), e["frame"] - min(frames))
                for e in response["events"]
            ]
        return seen


def test_the_same_steps_give_the_same_frames_and_events() -> None:
    first, second = play_script(), play_script()
    assert first == second
    ticks = [(index, args) for index, kind, _, args, _ in first if kind == "ticked"]
    assert [index for index, _ in ticks] == [0, 0, 3, 5]
    assert ticks[0][1].startswith("[10, 0.1666")


def test_acting_on_a_paused_game_is_refused_not_silently_ignored(
    conformance_game: AgentClient,
) -> None:
    game = conformance_game
    game.pause()
    for cmd in ("click", "press"):
        with pytest.raises(NotInteractableError, match="the game is paused"):
            game.request(cmd, {"path": "/root/Conformance/PlayButton"})
    with pytest.raises(NotInteractableError, match="the game is paused"):
        game.request("set_value", {"path": "/root/Conformance/Volume", "value": 10})
    assert all(event["type"] != "pressed" for event in game.get_events())
    game.resume()
    game.request("click", {"path": "/root/Conformance/PlayButton"})
    assert game.wait_for_event("pressed")["source"] == "/root/Conformance/PlayButton"


def test_step_until_stops_when_the_condition_holds(lab: AgentClient) -> None:
    lab.pause()
    lab.call_method(LAB, "reset_clock")
    met = lab.step_until(node=LAB, prop="ticks", op=">=", value=4, max_frames=5000)
    assert met["met"] is True and met["frames"] >= 4
    assert met["paused"] is True, "the game stays paused"
    ticks = lab.get_property(LAB, "ticks")
    assert ticks >= 4 and lab.step_until(node=LAB, prop="ticks", op=">=", value=4)["frames"] == 0
    missed = lab.step_until(event="never_fired", max_frames=5)
    assert missed == {**missed, "met": False, "frames": 5}
    with pytest.raises(InvalidArgsError, match="exactly one of"):
        lab.step_until(max_frames=5)
    lab.resume()
    with pytest.raises(InvalidArgsError, match="paused game"):
        lab.step_until(text="anything")
