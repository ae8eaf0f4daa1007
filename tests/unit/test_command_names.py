"""One name per concept: every front end names a command's parameters as the command table
does (agent_client/wire/commands.py), so a parameter named otherwise anywhere fails here.

Python spells a name that is a keyword with a trailing ``_`` (``from_``); ``target`` is the
front ends' one name for a node (``path`` or ``ref`` on the wire)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from agent_client import AgentClient, Locator
from agent_client.client.commands import COMMAND_OF
from agent_client.wire.commands import BY_NAME, SHORTCUTS, TARGET

SHORTCUT = {shortcut.name: shortcut for shortcut in SHORTCUTS}
# The client's methods that are no wire command of their own.
NOT_COMMANDS = {
    "attach", "close", "closed", "command", "connect", "detach", "event_log",
    "expect_engine_errors", "fps", "get_by_name", "get_by_role", "get_by_text", "last_frame",
    "launch", "launch_command", "locator", "measuring", "quit", "replay", "request", "reset",
    "save_trace", "send", "set_default_timeout", "start_trace", "stop_recording",
    "discard_recording", "stop_trace", "time", "timeout", "trace_step", "wait_for_event",
}  # fmt: skip
# Parameters of the client's own, not the bridge's: how long it waits, a locator's force.
PYTHON_OWN = {"timeout", "force"}
# A locator acts on its own node: its methods take no target, and drag_to takes another
# locator (Playwright's name and shape).
LOCATOR_COMMANDS = {
    "click": "click",
    "press": "press",
    "fill": "fill",
    "select_option": "select",
    "set_value": "set_value",
    "hover": "hover",
    "get_property": "get_property",
}


def parameters(function: Callable[..., Any]) -> set[str]:
    """A method's parameter names as the wire spells them (``from_`` is ``from``)."""
    names = set()
    for param in inspect.signature(function).parameters.values():
        if param.name != "self" and param.kind is not param.VAR_KEYWORD:
            names.add(param.name.removesuffix("_"))
    return names - PYTHON_OWN


def table_names(name: str) -> set[str]:
    if name in SHORTCUT:
        return set(SHORTCUT[name].params)
    return set(BY_NAME[name].names)


def client_commands() -> dict[str, str]:
    """Each command method of the client -> the command (or shortcut) it sends."""
    methods = [name for name in dir(AgentClient) if not name.startswith("_")]
    return {name: COMMAND_OF.get(name, name) for name in methods if name not in NOT_COMMANDS}


def test_every_method_of_the_client_is_a_command_or_says_it_is_not() -> None:
    unknown = {
        method: command
        for method, command in client_commands().items()
        if command not in BY_NAME and command not in SHORTCUT
    }
    assert unknown == {}


@pytest.mark.parametrize("method", sorted(client_commands()))
def test_the_client_names_each_parameter_as_the_table(method: str) -> None:
    command = client_commands()[method]
    assert parameters(getattr(AgentClient, method)) <= table_names(command)


@pytest.mark.parametrize("method", sorted(LOCATOR_COMMANDS))
def test_a_locator_names_each_parameter_as_the_table(method: str) -> None:
    command = LOCATOR_COMMANDS[method]
    assert parameters(getattr(Locator, method)) <= table_names(command) - {TARGET}


def test_the_launch_option_of_frames_a_second_is_fps_everywhere_in_python() -> None:
    for launch in (AgentClient.launch, AgentClient.launch_command):
        assert "fps" in parameters(launch) and "fixed_fps" not in parameters(launch)


def test_old_keyword_names_still_work_for_a_release_with_a_warning() -> None:
    from agent_client.client.renamed import renamed

    @renamed(prop="property")
    def get(property: str) -> str:
        return property

    with pytest.warns(DeprecationWarning, match="get\\(\\): 'prop' is now 'property'"):
        assert get(prop="x") == "x"
    with pytest.raises(TypeError, match="not both"):
        get(prop="x", property="y")
