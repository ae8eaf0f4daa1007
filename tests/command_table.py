"""The command table (agent_client/wire/commands.py) held against a bridge's own ``hello``
schemas: the same parameters under the same names, and where the bridge says them, the same
types, defaults, bounds, choices and required ones. Used by the unit tests (the fake bridge)
and the engine tests (the real ones)."""

from __future__ import annotations

from typing import Any

from agent_client.wire.commands import COMMANDS, TARGET, Command, Param


def wire_names(command: Command) -> set[str]:
    """The parameter names the bridge sees: a target is ``path`` and ``ref``."""
    names = set(command.names) - {TARGET}
    return names | ({"path", "ref"} if TARGET in command.names else set())


def differences(schemas: dict[str, dict[str, Any]], *, details: bool = True) -> list[str]:
    """Where the table and a bridge's schemas (command -> args_schema) disagree; a command
    either lacks is reported too. ``details``: also types, defaults, bounds and choices."""
    known = {command.name for command in COMMANDS}
    found = [f"{name}: the table has no such command" for name in sorted(set(schemas) - known)]
    for command in COMMANDS:
        if command.name not in schemas:
            found.append(f"{command.name}: the bridge has no such command")
            continue
        schema = schemas[command.name]
        properties = schema.get("properties", {})
        ours = wire_names(command)
        if ours != set(properties):
            found.append(
                f"{command.name}: only in the table {sorted(ours - set(properties))}, only in "
                f"the bridge {sorted(set(properties) - ours)}"
            )
        if details:
            for param in command.params:
                if param.name in properties:
                    found += _param_differences(command, param, properties[param.name], schema)
    return found


def _param_differences(
    command: Command, param: Param, theirs: dict[str, Any], schema: dict[str, Any]
) -> list[str]:
    where = f"{command.name}.{param.name}"
    found = []
    kind = theirs.get("type")
    if kind is not None and param.types:
        kinds = (kind,) if isinstance(kind, str) else tuple(kind)
        if kinds != param.types:
            found.append(f"{where}: type {param.types} in the table, {kinds} in the bridge")
    if "default" in theirs and theirs["default"] != param.default:
        found.append(f"{where}: default {param.default!r}, the bridge's {theirs['default']!r}")
    for bound in ("minimum", "maximum"):
        if bound in theirs and theirs[bound] != getattr(param, bound):
            found.append(f"{where}: {bound} {getattr(param, bound)}, the bridge's {theirs[bound]}")
    choices = theirs.get("enum") or (theirs.get("items") or {}).get("enum")
    if choices and tuple(choices) != param.enum:
        found.append(f"{where}: choices {param.enum}, the bridge's {tuple(choices)}")
    if (param.name in schema.get("required", [])) != param.required:
        found.append(f"{where}: required is {param.required} in the table")
    return found
