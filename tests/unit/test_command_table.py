"""The command table: its answers exist, its choices are the client's Literal types, it agrees
with the fake bridge, and docs/COMMANDS.md is what docs/hooks/commands_reference.py writes."""

from __future__ import annotations

import importlib.util
import typing
from pathlib import Path

from agent_client.wire import answers, commands
from agent_client.wire.commands import BY_NAME, COMMANDS, SHORTCUTS
from tests.command_table import wire_names
from tests.fake.bridge import SCHEMAS

REPO = Path(__file__).resolve().parents[2]


def test_every_answer_is_a_shape_of_the_answers_module() -> None:
    for command in COMMANDS:
        if command.answer != "Any":
            shape = getattr(answers, command.answer)
            assert typing.is_typeddict(shape), command.name


def test_names_are_unique_and_every_param_has_a_doc() -> None:
    assert len(BY_NAME) == len(COMMANDS)
    for command in COMMANDS:
        assert len(set(command.names)) == len(command.names), command.name
        assert command.doc.endswith("."), command.name
        assert all(param.doc for param in command.params), command.name


def test_the_choices_are_the_literal_types_the_client_takes() -> None:
    assert BY_NAME["click"].param("button").enum == typing.get_args(commands.MouseButton)
    assert BY_NAME["input"].param("button").enum == typing.get_args(commands.InputButton)
    assert BY_NAME["step_until"].param("op").enum == typing.get_args(commands.Comparison)
    assert BY_NAME["screenshot"].param("format").enum == typing.get_args(commands.ImageFormat)


def test_a_shortcut_is_its_command_with_some_of_its_parameters() -> None:
    for shortcut in SHORTCUTS:
        assert set(shortcut.params) <= set(BY_NAME[shortcut.command].names), shortcut.name
        assert shortcut.name not in BY_NAME


def test_the_fake_bridge_takes_every_parameter_by_the_tables_name() -> None:
    """The fake bridge implements a subset: each of its commands' parameters is in the table
    under the same name (the real bridge is held to the whole table by tests/agent)."""
    unknown = {
        name: sorted(set(schema["properties"]) - wire_names(BY_NAME[name]))
        for name, schema in SCHEMAS.items()
        if name in BY_NAME
    }
    assert {name: names for name, names in unknown.items() if names} == {}
    assert "set_value" in unknown and "click" in unknown


def test_the_commands_page_is_up_to_date() -> None:
    spec = importlib.util.spec_from_file_location(
        "commands_reference", REPO / "docs" / "hooks" / "commands_reference.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    written = (REPO / "docs" / "COMMANDS.md").read_text(encoding="utf-8")
    assert written == module.render(), "run: python docs/hooks/commands_reference.py"
