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
from agent_client.mcp.tools import RENAMED_TOOLS, SPECS
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


# --- the command line --------------------------------------------------------------------------

# The command line's own arguments: every subcommand's, and those a subcommand adds.
CLI_COMMON = {"help", "session", "json", "timeout", "verb", "what"}
CLI_OWN = {"index", "out", "file"}


def cli_subparsers() -> dict[str, Any]:
    """Every subcommand's parser by its full name (``get tree`` too)."""
    import argparse

    from agent_client.cli.parser import build_parser

    def children(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                return dict(action.choices)
        return {}

    found = {}
    for name, sub in children(build_parser()).items():
        found[name] = sub
        found.update({f"{name} {inner}": parser for inner, parser in children(sub).items()})
    return found


def cli_verbs() -> list[Any]:
    from agent_client.cli.grammar import VERBS

    return [verb for verb in VERBS if not verb.deprecated]


def test_each_subcommand_is_its_command_in_kebab_case() -> None:
    wrong = []
    for verb in cli_verbs():
        spelled = verb.name.replace(" ", "_").replace("-", "_")
        if spelled != verb.command and verb.name not in SHORTCUT and verb.name != "get text":
            wrong.append(f"{verb.name} sends {verb.command}")
    assert wrong == []


@pytest.mark.parametrize("verb", cli_verbs(), ids=lambda verb: verb.name)
def test_each_option_is_its_parameter_in_kebab_case(verb: Any) -> None:
    import argparse

    parser = cli_subparsers()[verb.name]
    wrong = []
    for action in parser._actions:
        if action.dest in CLI_COMMON or action.dest in CLI_OWN:
            continue
        if action.dest not in table_names(verb.name if verb.name in SHORTCUT else verb.command):
            wrong.append(f"{action.dest} is no parameter of {verb.command}")
        if action.help == argparse.SUPPRESS or not action.option_strings:
            continue  # an old spelling, or a positional (named by its dest)
        long = [flag for flag in action.option_strings if flag.startswith("--")]
        if long[0] != "--" + action.dest.replace("_", "-"):
            wrong.append(f"{long[0]} is not --{action.dest.replace('_', '-')}")
    assert wrong == []


def test_the_command_line_offers_every_parameter_but_those_it_leaves_out() -> None:
    """A parameter the table gains is an option of its subcommand with no other edit: a
    subcommand that does not choose its parameters offers all but those it leaves out."""
    for verb in cli_verbs():
        if verb.chosen:
            continue
        offered = {action.dest for action in cli_subparsers()[verb.name]._actions}
        wanted = set(table_names(verb.command)) - set(verb.omit)
        assert wanted <= offered, verb.name


# --- the MCP server --------------------------------------------------------------------------


def mcp_tools() -> dict[str, Any]:
    from agent_client.mcp.play import Play
    from agent_client.mcp.tools import build_tools

    return {tool.name: tool for tool in build_tools(Play())}


def test_each_tool_of_a_command_is_named_as_the_command() -> None:
    assert {spec.name for spec in SPECS} <= set(BY_NAME) | set(SHORTCUT)
    own = {"launch", "attach", "stop", "sessions", "doctor", "coverage"}
    assert set(mcp_tools()) == {spec.name for spec in SPECS} | own | set(RENAMED_TOOLS)
    assert all(mcp_tools()[old].description.startswith("deprecated: ") for old in RENAMED_TOOLS)


@pytest.mark.parametrize("name", [spec.name for spec in SPECS])
def test_each_argument_of_a_tool_is_its_parameter(name: str) -> None:
    tool = mcp_tools()[name]
    current = {
        name
        for name, schema in tool.schema["properties"].items()
        if not schema.get("description", "").startswith("deprecated: ")
    }
    assert current <= table_names(tool.name)


def test_the_launch_option_of_frames_a_second_is_fps_in_every_front_end() -> None:
    from agent_client.cli.parser import build_parser

    launch = mcp_tools()["launch"].schema["properties"]
    assert "fps" in launch and launch["fixed_fps"]["description"].startswith("deprecated: ")
    assert "--fps" in cli_subparsers()["start"]._option_string_actions
    assert build_parser().parse_args(["start", "x", "--fps", "30"]).fps == 30


def test_the_pytest_plugins_launch_options_are_the_launchs_keywords() -> None:
    """``agent_launch_options`` (what --agent-fps and the others give) is passed to
    ``AgentClient.launch``: each key is one of its keywords (``fps``, not ``fixed_fps``)."""
    import ast
    from pathlib import Path

    import agent_client.pytest_plugin.plugin as plugin

    source = ast.parse(Path(plugin.__file__).read_text(encoding="utf-8"))
    fixture = next(
        node
        for node in ast.walk(source)
        if isinstance(node, ast.FunctionDef) and node.name == "agent_launch_options"
    )
    returned = next(node for node in ast.walk(fixture) if isinstance(node, ast.Dict))
    keys = {key.value for key in returned.keys if isinstance(key, ast.Constant)}
    assert "fps" in keys
    assert keys <= parameters(AgentClient.launch) | {"project", "timeout"}
