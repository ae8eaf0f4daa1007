"""Writes docs/COMMANDS.md from the command table (agent_client/wire/commands.py):

    python docs/hooks/commands_reference.py

tests/unit/test_commands_reference.py fails while the page differs from what this writes."""

from __future__ import annotations

import json
import sys
import typing
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "COMMANDS.md"
sys.path.insert(0, str(REPO))

from agent_client.wire import answers  # noqa: E402
from agent_client.wire.commands import COMMANDS, NOT_SET, SHORTCUTS, TARGET, Command, Param  # noqa: E402

HEAD = """# Commands

Every command of the wire protocol ([PROTOCOL.md](PROTOCOL.md)): what it takes and what it
answers, and how each front end spells it. Written from the command table
(`agent_client/wire/commands.py`) by `python docs/hooks/commands_reference.py`; a test fails
while this page differs.

Names are the wire's everywhere: the command line writes a parameter in kebab case
(`--max-depth`), Python adds `_` to a keyword (`from_`). A `target` is a ref from a snapshot
(`@e3`, `e3`) or a node path, sent as `ref` or `path`. *reads*: changes nothing; *plays*: acts
as a player, or runs game time; *writes*: changes the game's state directly (left out of a
read-only MCP server).
"""


def type_text(param: Param) -> str:
    if not param.types:
        return "any"
    shown = [
        f"array of {param.items}" if kind == "array" and param.items else kind
        for kind in param.types
    ]
    return " or ".join(shown)


def bounds_text(param: Param) -> str:
    parts = []
    if param.enum:
        parts.append(", ".join(f"`{value}`" for value in param.enum))
    if param.minimum is not None and param.maximum is not None:
        parts.append(f"{param.minimum:g} to {param.maximum:g}")
    elif param.minimum is not None:
        parts.append(f">= {param.minimum:g}")
    elif param.maximum is not None:
        parts.append(f"<= {param.maximum:g}")
    return "; ".join(parts)


def default_text(param: Param) -> str:
    if param.required:
        return "required"
    if param.default is NOT_SET:
        return ""
    return f"`{json.dumps(param.default)}`"


def answer_text(command: Command) -> str:
    if command.answer == "Any":
        return "whatever the game registered"
    shape = getattr(answers, command.answer)
    keys = ", ".join(f"`{key}`" for key in typing.get_type_hints(shape))
    return f"`{command.answer}`: {keys}"


def spellings(command: Command, fronts: dict[str, dict[str, str]]) -> str:
    found = [
        f"{front} `{names[command.name]}`"
        for front, names in fronts.items()
        if command.name in names
    ]
    return "; ".join(found)


def section(command: Command, fronts: dict[str, dict[str, str]]) -> str:
    lines = [f"## {command.name}", "", command.doc, "", f"*{command.effect}*"]
    spelled = spellings(command, fronts)
    if spelled:
        lines[-1] += f" · {spelled}"
    lines += ["", f"Answers {answer_text(command)}.", ""]
    if command.params:
        lines += ["| parameter | type | default | bounds | what |", "|---|---|---|---|---|"]
        for param in command.params:
            name = f"`{param.name}`" + (" (`path` or `ref`)" if param.name == TARGET else "")
            lines.append(
                f"| {name} | {type_text(param)} | {default_text(param)} | {bounds_text(param)} "
                f"| {param.doc} |"
            )
        lines.append("")
    return "\n".join(lines)


def front_end_names() -> dict[str, dict[str, str]]:
    """Each front end: command -> how it offers it (Python's methods, the command line's
    subcommands, the MCP server's tools; a shortcut's too)."""
    from agent_client.cli.grammar import VERBS
    from agent_client.client.commands import COMMAND_OF, Commands
    from agent_client.mcp.tools import SPECS

    shortcut = {s.name: s.command for s in SHORTCUTS}
    fronts: dict[str, dict[str, list[str]]] = {"Python": {}, "command line": {}, "MCP": {}}
    for name, method in sorted(vars(Commands).items()):
        command = COMMAND_OF.get(name, name)
        if command in {c.name for c in COMMANDS} and callable(method):
            fronts["Python"].setdefault(command, []).append(f"{name}()")
    for verb in VERBS:
        if not verb.deprecated:
            fronts["command line"].setdefault(verb.command, []).append(verb.name)
    for spec in SPECS:
        fronts["MCP"].setdefault(shortcut.get(spec.name, spec.name), []).append(spec.name)
    return {
        front: {command: "`, `".join(names) for command, names in by_command.items()}
        for front, by_command in fronts.items()
    }


def shortcuts_text() -> str:
    lines = [
        "## Shortcuts",
        "",
        "Verbs that are one command with some of its parameters, under the same names in every "
        "front end:",
        "",
        "| shortcut | command | parameters |",
        "|---|---|---|",
    ]
    for shortcut in SHORTCUTS:
        names = ", ".join(f"`{name}`" for name in shortcut.params)
        lines.append(f"| `{shortcut.name}` | `{shortcut.command}` | {names} |")
    return "\n".join(lines) + "\n"


def render() -> str:
    fronts = front_end_names()
    return "\n".join([HEAD, *(section(command, fronts) for command in COMMANDS), shortcuts_text()])


if __name__ == "__main__":
    PAGE.write_text(render(), encoding="utf-8")
    print(f"wrote {PAGE}")
