"""The command line's subcommands for the bridge's commands, made from the command table
(agent_client/wire/commands.py): each option is a parameter under its wire name in kebab case
(``--max-depth``), typed, with its choices and its help, so a parameter the table gains is an
option here with no other edit. What is the command line's own is said here per subcommand:
which parameters are positional, short flags, what it leaves out (given another way, such as
``timeout_ms`` from ``--timeout``), options of its own, and the old spellings it still takes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from agent_client.wire.commands import (
    BY_NAME,
    COMMANDS,
    NOT_SET,
    SHORTCUTS,
    TARGET,
    Command,
    Param,
)

# The action options the command line gives its own way: timeout_ms is --timeout.
ACTION_OMIT = ("timeout_ms",)
TARGET_HELP = "@eN or eN (a snapshot ref), /root/... (a node path) or a selector"
# What a target may also be, per command.
TARGET_ALSO = {
    "click": ", or a point x,y",
    "hover": ", or a point x,y",
    "nearby": ", or a world point x,y[,z]",
    "raycast": ", or a world point x,y[,z]",
    "screenshot": ": only this node",
}


class Verb:
    """How the command line offers one command (or shortcut): ``agent-bridge NAME ...``."""

    __slots__ = (
        "chosen",
        "command",
        "defaults",
        "deprecated",
        "handler",
        "name",
        "omit",
        "one_of",
        "optional",
        "own",
        "params",
        "positional",
        "renamed",
        "short",
    )

    def __init__(
        self,
        name: str,
        handler: str,
        *,
        command: str | None = None,
        params: Sequence[str] | None = None,
        omit: Sequence[str] = (),
        positional: Sequence[str] = (),
        optional: Sequence[str] = (),
        short: dict[str, str] | None = None,
        one_of: Sequence[str] = (),
        own: Sequence[tuple[tuple[str, ...], dict[str, Any]]] = (),
        defaults: dict[str, Any] | None = None,
        renamed: dict[str, tuple[str, Any]] | None = None,
        deprecated: str = "",
    ) -> None:
        self.name = name  # "get tree": a subcommand of "get"
        self.handler = handler  # a function of agent_client.cli.commands
        self.command = command or name.replace(" ", "_").replace("-", "_")
        shortcut = next((s for s in SHORTCUTS if s.name == self.command), None)
        wire = shortcut.command if shortcut else self.command
        offered = params if params is not None else (shortcut.params if shortcut else None)
        names = offered if offered is not None else BY_NAME[wire].names
        self.params = tuple(BY_NAME[wire].param(n) for n in names if n not in omit)
        self.omit = tuple(omit)  # given another way (timeout_ms is --timeout)
        self.chosen = offered is not None  # only some of the command's parameters
        self.command = wire
        self.positional = tuple(positional)
        self.optional = tuple(optional)  # positional, but may be left out
        self.short = short or {}
        self.one_of = tuple(one_of)  # exactly one of these
        self.own = tuple(own)  # the command line's own arguments: (flags, argparse options)
        self.defaults = defaults or {}
        self.renamed = dict(renamed or {})  # an old option -> (its parameter, the value given)
        if BY_NAME[wire].is_action and any(p.name == "settled" for p in self.params):
            self.renamed["--settle"] = ("settled", True)
        self.deprecated = deprecated  # what to write instead of this old spelling

    def build(self, parser: Any) -> None:
        """Adds this verb's arguments to its subparser: an old spelling of an option goes
        beside the option, in a group that takes one of them."""
        aliases: dict[str, list[tuple[str, Any]]] = {}
        for old, (name, value) in self.renamed.items():
            aliases.setdefault(name, []).append((old, value))
        one = parser.add_mutually_exclusive_group(required=True) if self.one_of else None
        for param in self.params:
            if one is not None and param.name in self.one_of:
                where = one
            elif param.name in aliases:
                where = parser.add_mutually_exclusive_group()
            else:
                where = parser
            if param.name in self.positional:
                where.add_argument(param.name, **_positional(param, self, where is not parser))
            else:
                flags = [self.short[param.name]] if param.name in self.short else []
                where.add_argument(*flags, option(param.name), **_option(param, self))
            for old, value in aliases.get(param.name, []):
                kind = _option(param, self).get("type")
                taken = {"nargs": 0} if value is not READ else {"type": kind} if kind else {}
                where.add_argument(
                    old,
                    action=Renamed,
                    dest=param.name,
                    const=value,
                    help=argparse.SUPPRESS,
                    **taken,
                )
        for names, options in self.own:
            parser.add_argument(*names, **options)
        parser.set_defaults(verb=self)


def option(name: str) -> str:
    """A parameter's option: its wire name in kebab case."""
    return "--" + name.replace("_", "-")


# Renamed's value for an old option that takes a value of its own (--depth 3).
READ = object()


class Renamed(argparse.Action):
    """An old option: still taken, with a line on stderr naming the new one."""

    def __call__(
        self, parser: Any, namespace: Any, values: Any, option_string: str | None = None
    ) -> None:
        value = values if self.const is READ else self.const
        new = option(self.dest)
        if value is False:
            new = "--no-" + new[2:]
        sys.stderr.write(f"deprecated: {option_string} is now {new}\n")
        setattr(namespace, self.dest, value)


def _help(param: Param) -> str:
    default = param.default
    if default is NOT_SET or default in ([], False):
        return param.doc
    return param.doc + f" (default {str(default).lower() if default is True else default})"


def _option(param: Param, verb: Verb) -> dict[str, Any]:
    options: dict[str, Any] = {"help": _help(param), "default": verb.defaults.get(param.name)}
    if param.name == TARGET:
        options["help"] = TARGET_HELP + TARGET_ALSO.get(verb.command, "")
    kinds = param.types
    if kinds == ("boolean",) or param.name == "snapshot":
        # On unless said (areas): --x / --no-x; either way (pressed, present): both, else
        # left out; a flag that only turns on: --x.
        if param.default is True or (param.default is NOT_SET and param.name != "settled"):
            options["action"] = argparse.BooleanOptionalAction
        else:
            options["action"] = "store_true"
            options["default"] = verb.defaults.get(param.name, None)
        return options
    if param.required and param.name not in verb.one_of:
        options["required"] = True
    if kinds == ("integer",):
        options["type"] = int
    elif kinds == ("number",):
        options["type"] = float
    elif param.items == "string":
        options.update(nargs="+", metavar=param.name.upper().rstrip("S"))
    if param.enum and param.items is None:
        options["choices"] = param.enum
    return options


def _positional(param: Param, verb: Verb, in_group: bool) -> dict[str, Any]:
    options = _option(param, verb)
    options.pop("action", None)
    options.pop("required", None)
    options["metavar"] = param.name.upper()
    if in_group or param.name in verb.optional or param.name in verb.defaults:
        options["nargs"] = "?"
    return options


INDEX = (
    ("--index",),
    {"action": "store_true", "help": "OPTION is the entry's index, not its text"},
)
WRITTEN: tuple[Verb, ...] = (
    Verb(
        "snapshot",
        "snapshot",
        short={"interactive": "-i", "compact": "-c", "max_depth": "-d", "all": "-a"},
        renamed={"--depth": ("max_depth", READ)},
    ),
    Verb("click", "act", positional=(TARGET,), omit=("x", "y", *ACTION_OMIT)),
    Verb("hover", "act", positional=(TARGET,), omit=("x", "y", *ACTION_OMIT)),
    Verb("press", "act", positional=(TARGET,), omit=ACTION_OMIT),
    Verb("fill", "act", positional=(TARGET, "value"), omit=ACTION_OMIT),
    Verb(
        "select",
        "act",
        positional=(TARGET, "option"),
        optional=("option",),
        omit=ACTION_OMIT,
        own=(INDEX,),
    ),
    Verb("set-value", "act", positional=(TARGET, "value"), omit=ACTION_OMIT),
    Verb("drag", "act", positional=("from", "to"), omit=ACTION_OMIT),
    Verb("input", "act", omit=ACTION_OMIT),
    Verb("key", "act", positional=("key",), omit=ACTION_OMIT),
    Verb(
        "gamepad",
        "act",
        one_of=("joy_button", "joy_axis"),
        omit=ACTION_OMIT,
        renamed={
            "--button": ("joy_button", READ),
            "--axis": ("joy_axis", READ),
            "--hold": ("pressed", True),
            "--release": ("pressed", False),
        },
    ),
    Verb("list-actions", "world"),
    Verb("nearby", "world", positional=(TARGET,), optional=(TARGET,)),
    Verb(
        "raycast",
        "world",
        positional=(TARGET,),
        optional=(TARGET,),
        one_of=("direction", "to"),
        renamed={"--bodies-only": ("areas", False)},
    ),
    Verb(
        "get tree",
        "get_tree",
        positional=("root",),
        optional=("root",),
        short={"max_depth": "-d"},
        renamed={"--depth": ("max_depth", READ)},
    ),
    Verb("get node", "show_data", positional=(TARGET,)),
    Verb(
        "get property",
        "get_property",
        positional=(TARGET, "property"),
        optional=("property",),
    ),
    Verb(
        "get text", "get_property", command="get_property", params=(TARGET,), positional=(TARGET,)
    ),
    Verb("get events", "get_events"),
    Verb("get state", "show_data"),
    Verb("get setting", "show_data", positional=("name",)),
    Verb(
        "wait",
        "wait",
        params=("frames", "settled", "quiet_frames", "event", "text", "node"),
        one_of=("frames", "settled", "event", "text", "node"),
    ),
    Verb("pause", "time_control"),
    Verb("resume", "time_control"),
    Verb("step", "time_control", positional=("frames",), optional=("frames",)),
    Verb(
        "step-until",
        "step_until",
        one_of=("event", "node", "text"),
        renamed={"--absent": ("present", False)},
    ),
    Verb(
        "hold",
        "hold",
        positional=("action",),
        one_of=("action", "key", "button", "joy_button", "joy_axis"),
    ),
    Verb(
        "input-sequence",
        "input_sequence",
        omit=("entries",),
        own=(
            (
                ("file",),
                {
                    "help": 'the entries: a JSON list (or JSON lines) of {"action"|"key"|'
                    '"button", "start", "frames", "strength"}; - reads standard input',
                },
            ),
        ),
    ),
    Verb("reset-game", "reset_game"),
    Verb("digest", "digest"),
    Verb(
        "screenshot",
        "screenshot",
        omit=("name", "format"),
        own=((("out",), {"help": "where to write the PNG"}),),
    ),
    Verb("metrics", "metrics"),
    Verb(
        "measure", "measure", positional=("frames",), omit=("timeout_ms",), defaults={"frames": 60}
    ),
    # Old spellings, kept for one release: each says what to write instead.
    Verb(
        "action",
        "act",
        command="input",
        params=("action", "pressed", "strength", "settled", "snapshot"),
        positional=("action",),
        renamed={"--hold": ("pressed", True), "--release": ("pressed", False)},
        deprecated="input --action NAME",
    ),
    Verb("actions", "world", command="list_actions", deprecated="list-actions"),
    Verb(
        "sequence",
        "input_sequence",
        command="input_sequence",
        omit=("entries",),
        own=((("file",), {"help": "the entries' file"}),),
        deprecated="input-sequence",
    ),
    Verb("reset", "reset_game", command="reset_game", deprecated="reset-game"),
)


def spelled(command: str) -> str:
    """A command's subcommand: ``get tree`` for get_tree, else kebab case (``set-value``)."""
    if command.startswith("get_"):
        return command.replace("get_", "get ", 1)
    return command.replace("_", "-")


def _offered() -> tuple[Verb, ...]:
    """The verbs written above, and a plain one for every other command: its target, when it
    needs one, positional; its answer printed as JSON. A command the table gains is a
    subcommand with no other edit."""
    written = {verb.command for verb in WRITTEN}
    plain = [
        Verb(spelled(command.name), "show_data", positional=_target_first(command))
        for command in COMMANDS
        if command.name not in written and command.offered
    ]
    return (*WRITTEN, *plain)


def _target_first(command: Command) -> tuple[str, ...]:
    """A required target goes first, as in every subcommand that acts on a node."""
    needed = TARGET in command.names and command.param(TARGET).required
    return (TARGET,) if needed else ()


VERBS = _offered()
SHORTCUT_DOCS = {shortcut.name: shortcut.doc for shortcut in SHORTCUTS}


def top_names() -> list[str]:
    """The subcommands these verbs add at the top of the grammar."""
    return sorted({verb.name.split()[0] for verb in VERBS})


def add_verbs(commands: Any, common: argparse.ArgumentParser, only: str | None) -> None:
    """Adds every verb (``only``: those under that subcommand) to the subparsers."""
    groups: dict[str, Any] = {}
    for verb in VERBS:
        top, _, sub = verb.name.partition(" ")
        if only is not None and top != only:
            continue
        text = BY_NAME[verb.command].doc
        if verb.name in SHORTCUT_DOCS:
            text = SHORTCUT_DOCS[verb.name]
        # An old spelling is left out of the list (a subparser without help is not listed).
        listed = {"help": text, "description": text} if not verb.deprecated else {}
        if not sub:
            parser = commands.add_parser(top, parents=[common], **listed)
        else:
            if top not in groups:
                holder = commands.add_parser(top, parents=[common], help=f"read: {_listed(top)}")
                groups[top] = holder.add_subparsers(dest="what", required=True, metavar="WHAT")
            parser = groups[top].add_parser(sub, parents=[common], **listed)
        verb.build(parser)


def _listed(top: str) -> str:
    return " | ".join(
        verb.name.split(" ", 1)[1] for verb in VERBS if verb.name.startswith(top + " ")
    )
