"""The tools an AI agent calls through the MCP server, one step of play each. Those of the
bridge's commands are made from the command table (agent_client/wire/commands.py): a tool is
named as its command, its JSON schema holds the command's parameters by their names, types,
bounds and docs, and its hints come from what the command changes; so a parameter the table
gains is an argument here with no other edit. The server's own tools (launch, attach, stop,
sessions, doctor) are written here. What a tool does is in :mod:`agent_client.mcp.play`.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_client.mcp.play import Play, Result
from agent_client.presentation.errors import error_code, sentence
from agent_client.wire.commands import BY_NAME, COMMANDS, NOT_SET, SHORTCUTS, Param

if TYPE_CHECKING:
    from agent_client.wire.answers import CommandInfo

# Next steps for the codes an agent meets, appended to every error it gets.
NEXT_STEP = {
    "STALE_REF": "take a new snapshot and use the refs it shows.",
    "NOT_INTERACTABLE": "deal with what the sentence names: close the dialog or popup in the "
    "way (key Escape, or click its button), wait until it is enabled, or unpause the game as a "
    "player would (its pause menu).",
    "NOT_FOUND": "pick one of the names the sentence lists, or take a snapshot to see what "
    "is there.",
    "INVALID_ARGS": "fix the arguments the sentence names (the tool's schema lists them).",
    "TIMEOUT": "take a snapshot to see where the game is; wait longer if it is still busy.",
    "UNSUPPORTED": "this needs something else: screenshots need launch with render: true.",
    "UNKNOWN_COMMAND": "list the tools to see what exists.",
    "INTERNAL": "the game's own code failed: get_events shows the engine_error with its message.",
    "CANCELLED": "the request was cancelled; run it again if it is still wanted.",
    "NO_SESSION": "call launch with the game's project folder first.",
    "GAME_EXITED": "the game is gone: call launch again (the log tail above says why).",
}
ACTED = " Answers with the events, the changes and the screen after."
DEPRECATED = "deprecated: "


@dataclass
class Tool:
    name: str
    description: str
    schema: dict[str, Any]
    run: Callable[[dict[str, Any]], Result]
    read_only: bool = False
    destructive: bool = False
    writes: bool = False  # left out with --read-only


def explain(error: Exception) -> tuple[str, str]:
    """(code, "CODE: sentence Next: ...") for an error a tool met."""
    code = error_code(error, default="INTERNAL")
    hint = NEXT_STEP.get(code)
    return code, f"{code}: {sentence(error)}" + (f"\nNext: {hint}" if hint else "")


# --- schemas from the command table -------------------------------------------------------------


def param_schema(param: Param, default: Any = NOT_SET) -> dict[str, Any]:
    """A parameter's JSON schema: its type, choices, bounds, default and doc."""
    schema: dict[str, Any] = {}
    if param.types:
        schema["type"] = param.types[0] if len(param.types) == 1 else list(param.types)
    if param.items is not None:
        schema["items"] = {
            "type": param.items,
            **({"enum": list(param.enum)} if param.enum else {}),
        }
    elif param.enum:
        schema["enum"] = list(param.enum)
    for bound in ("minimum", "maximum"):
        if getattr(param, bound) is not None:
            schema[bound] = getattr(param, bound)
    shown = param.default if default is NOT_SET else default
    if shown is not NOT_SET:
        schema["default"] = shown
    schema["description"] = param.doc
    return schema


def schema(properties: dict[str, Any], required: Sequence[str] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


class Spec:
    """How the server offers one command (or shortcut) as a tool: which parameters it leaves
    out (an action's ``snapshot``: every action answers with the screen), defaults of its own,
    old argument names it still takes (-> the new name, and how a value converts), and how it
    runs (a method of :class:`Play`, given the arguments; or an action; or JSON)."""

    __slots__ = ("defaults", "name", "omit", "renamed", "run", "text")

    def __init__(
        self,
        name: str,
        run: str,
        *,
        omit: Sequence[str] = (),
        defaults: dict[str, Any] | None = None,
        renamed: dict[str, tuple[str, Callable[[Any], Any]]] | None = None,
        text: str = "",
    ) -> None:
        self.name = name
        self.run = run  # "act", "call", or the name of a Play method
        self.omit = tuple(omit)
        self.defaults = defaults or {}
        self.renamed = renamed or {}
        self.text = text  # said after the command's doc


def _same(value: Any) -> Any:
    return value


ACTION_OMIT = ("snapshot", "timeout_ms")
WRITTEN: tuple[Spec, ...] = (
    Spec(
        "snapshot",
        "snapshot",
        defaults={"interactive": True, "compact": True},
        renamed={"depth": ("max_depth", _same)},
    ),
    Spec("click", "act", omit=ACTION_OMIT),
    Spec("hover", "act", omit=ACTION_OMIT),
    Spec("press", "act", omit=ACTION_OMIT),
    Spec("fill", "act", omit=ACTION_OMIT, renamed={"text": ("value", _same)}),
    Spec("select", "act", omit=ACTION_OMIT),
    Spec("set_value", "act", omit=ACTION_OMIT),
    Spec("drag", "act", omit=ACTION_OMIT),
    Spec("input", "act", omit=ACTION_OMIT),
    Spec("key", "act", omit=ACTION_OMIT),
    Spec(
        "gamepad",
        "act",
        omit=ACTION_OMIT,
        renamed={"button": ("joy_button", _same), "axis": ("joy_axis", _same)},
    ),
    Spec("list_actions", "list_actions"),
    Spec("nearby", "nearby"),
    Spec("raycast", "raycast"),
    Spec(
        "wait",
        "wait",
        omit=("after", "present", "property", "op", "value"),
        renamed={"timeout": ("timeout_ms", lambda seconds: int(float(seconds) * 1000))},
        text=" The game runs meanwhile; a node is found by selector or path.",
    ),
    Spec("get_events", "get_events"),
    Spec(
        "get_tree", "get_tree", defaults={"max_depth": 3}, renamed={"depth": ("max_depth", _same)}
    ),
    Spec("get_node", "call"),
    Spec("get_property", "call"),
    Spec(
        "screenshot",
        "screenshot",
        omit=("name", "format"),
        text=" The game must run with render: true; the answer is the picture.",
    ),
    Spec("metrics", "metrics"),
    Spec("measure", "measure", defaults={"frames": 60}),
    Spec("pause", "time"),
    Spec("resume", "time"),
    Spec("step", "time"),
    Spec("step_until", "time"),
    Spec("hold", "hold"),
    Spec("input_sequence", "input_sequence"),
    Spec("digest", "digest"),
    Spec("set_property", "call"),
    Spec("call_method", "call"),
    Spec("change_scene", "call"),
    Spec("reset_game", "reset_game"),
)
# Every other command is a tool answering JSON: a command the table gains is a tool with no
# other edit.
SPECS = (
    *WRITTEN,
    *(
        Spec(command.name, "call")
        for command in COMMANDS
        if command.offered and command.name not in {spec.name for spec in WRITTEN}
    ),
)
# Old tool names, kept for one release: each is the tool it became, with some arguments fixed.
RENAMED_TOOLS = {"input_action": "input", "actions": "list_actions", "reset": "reset_game"}
SHORTCUT = {shortcut.name: shortcut for shortcut in SHORTCUTS}


def command_tool(play: Play, spec: Spec, name: str | None = None) -> Tool:
    """The tool of one command (or shortcut), made from the command table."""
    shortcut = SHORTCUT.get(spec.name)
    command = BY_NAME[shortcut.command if shortcut else spec.name]
    names = shortcut.params if shortcut else command.names
    params = [command.param(n) for n in names if n not in spec.omit]
    properties = {p.name: param_schema(p, spec.defaults.get(p.name, NOT_SET)) for p in params}
    for old, (new, _convert) in spec.renamed.items():
        properties[old] = {"description": f"{DEPRECATED}use {new}"}
    # A parameter an old name may give is checked by the bridge, not the schema.
    replaced = {new for new, _convert in spec.renamed.values()}
    required = [p.name for p in params if p.required and p.name not in {*spec.defaults, *replaced}]
    description = (shortcut.doc if shortcut else command.doc) + spec.text
    if spec.run == "act":
        description += ACTED
    if name is not None:
        description = f"{DEPRECATED}use {spec.name}. {description}"

    def run(args: dict[str, Any]) -> Result:
        args = _renamed(spec, args)
        if spec.run == "act":
            return play.act(command.name, args)
        if spec.run in ("call", "time"):
            runner: Callable[..., Result] = getattr(play, spec.run)
            return runner(command.name, args)
        method: Callable[[dict[str, Any]], Result] = getattr(play, spec.run)
        return method(args)

    return Tool(
        name or spec.name,
        description,
        schema(properties, required),
        run,
        read_only=command.effect == "reads",
        destructive=command.effect == "writes",
        writes=command.effect == "writes",
    )


def _renamed(spec: Spec, args: dict[str, Any]) -> dict[str, Any]:
    """The arguments under their new names (an old name's value converted)."""
    args = {key: value for key, value in args.items() if value is not None}
    for old, (new, convert) in spec.renamed.items():
        if old in args:
            args.setdefault(new, convert(args.pop(old)))
    return args


# --- the server's own tools ----------------------------------------------------------------------

PROJECT = {"type": "string", "description": "a folder holding project.godot"}
INSTALL = {
    "type": "boolean",
    "default": False,
    "description": "copy the bridge addon into the project first",
}


def session_tools(play: Play) -> list[Tool]:
    """launch, attach, stop, coverage, sessions and doctor: the server's own, no command of
    the bridge."""
    return [
        Tool(
            "launch",
            "Start a Godot game headless with its bridge (render: true for screenshots). "
            "Game time is yours (lockstep): the game runs only while a step needs it.",
            schema(
                {
                    "project": PROJECT,
                    "scene": {"type": "string", "description": "a res:// scene to start in"},
                    "render": {"type": "boolean", "default": False},
                    "realtime": {
                        "type": "boolean",
                        "default": False,
                        "description": "let the game run by itself in real time",
                    },
                    "fps": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 1000,
                        "default": 60,
                        "description": "frames a game second",
                    },
                    "fixed_fps": {"description": f"{DEPRECATED}use fps"},
                    "seed": {"type": "integer", "default": 0},
                    "install": INSTALL,
                    "user_data": {
                        "type": "string",
                        "description": "a folder the game's user:// starts as a copy of "
                        "(default: empty; either way the launch's own, never the person's)",
                    },
                    "own_user_data": {
                        "type": "boolean",
                        "default": False,
                        "description": "let the game use the person's own user:// folder",
                    },
                    "coverage": {
                        "type": "boolean",
                        "default": False,
                        "description": "count which lines and branches of the game's GDScript "
                        "run (the coverage tool shows them)",
                    },
                },
                ("project",),
            ),
            lambda args: play.launch(_renamed(LAUNCH, args)),
        ),
        Tool(
            "attach",
            "Drive a game the command line started (agent-bridge start): a session name.",
            schema({"session": {"type": "string"}}, ("session",)),
            play.attach,
        ),
        Tool("stop", "Quit the game this server started.", schema({}), play.stop, destructive=True),
        Tool(
            "coverage",
            "Which lines and branches of the game's GDScript ran so far, per script, with the "
            "missed lines (a game launched with coverage: true).",
            schema({}),
            play.coverage,
            read_only=True,
        ),
        Tool("sessions", "List the running games.", schema({}), play.sessions, read_only=True),
        Tool(
            "doctor",
            "Check a Godot game: it answers, reading changes nothing, two launches repeat, a "
            "reset gives the launched game, errors arrive as events, stopping leaves nothing. "
            "One verdict a line; every difference with its node, field and likely cause.",
            schema(
                {
                    "project": PROJECT,
                    "frames": {"type": "integer", "minimum": 1, "default": 300},
                    "seed": {"type": "integer", "default": 0},
                    "install": INSTALL,
                },
                ("project",),
            ),
            play.doctor,
            read_only=True,
        ),
    ]


LAUNCH = Spec("launch", "launch", renamed={"fixed_fps": ("fps", _same)})


def game_tool(play: Play, command: CommandInfo) -> Tool:
    """A tool for a command the game registered, with the schema it published."""
    name = str(command["name"])

    def run(args: dict[str, Any]) -> Result:
        return play.call(name, dict(args))

    return Tool(
        f"game_{name}",
        (command.get("description") or f"The game's own command {name}.")
        + " (registered by the game)",
        dict(command.get("args_schema") or schema({})),
        run,
        destructive=True,
        writes=True,
    )


def build_tools(play: Play) -> list[Tool]:
    """Every tool, the game's own commands included (``game_<name>``), minus the tools that
    change the game's state directly when ``play.read_only``. Called once, and again only
    when a tool said the list changed (a game launched, attached, reset or stopped)."""
    by_name = {spec.name: spec for spec in SPECS}
    tools = session_tools(play) + [command_tool(play, spec) for spec in SPECS]
    tools += [command_tool(play, by_name[new], old) for old, new in RENAMED_TOOLS.items()]
    tools += [game_tool(play, command) for command in play.game_commands]
    return [tool for tool in tools if not (play.read_only and tool.writes)]


def png_base64(picture: bytes) -> str:
    return base64.b64encode(picture).decode()
