"""The docs' file tables, layer drawing and paths are checked against the code, so they cannot
drift: docs/ARCHITECTURE.md's folder tree names every module of the package (and only those),
its layer drawing lists the layers tests/unit/test_layers.py enforces, and pyproject.toml's
packages and paths are the ones there are."""

from __future__ import annotations

import re
from pathlib import Path

from tests.unit.test_layers import LAYERS

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "agent_client"
ARCHITECTURE = REPO / "docs" / "ARCHITECTURE.md"


def section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def first_block(text: str) -> str:
    return text.split("```\n", 2)[1]


def folder_tree() -> dict[str, str]:
    """docs/ARCHITECTURE.md's folder tree: each entry (``wire/``, ``errors.py``) -> its text."""
    entries: dict[str, str] = {}
    current = ""
    for line in first_block(section(ARCHITECTURE.read_text(encoding="utf-8"), "Folders")).split(
        "\n"
    )[1:]:
        head = re.match(r"^  (\S+)\s", line)
        if head:
            current = head.group(1)
            entries[current] = line[len(head.group(0)) :]
        elif current:
            entries[current] += " " + line.strip()
    return entries


def subpackages() -> list[Path]:
    return sorted(
        path
        for path in PACKAGE.iterdir()
        if path.is_dir() and path.name != "__pycache__" and not path.name.startswith(".")
    )


def test_the_folder_tree_names_every_subpackage_and_top_module() -> None:
    tree = folder_tree()
    folders = {f"{path.name}/" for path in subpackages()}
    top = {path.name for path in PACKAGE.glob("*.py")}
    assert set(tree) == folders | top


def test_the_folder_tree_names_every_module_of_each_subpackage() -> None:
    tree = folder_tree()
    wrong = {}
    for folder in subpackages():
        named = set(re.findall(r"\b(\w+\.py)\b", tree[f"{folder.name}/"]))
        there = {path.name for path in folder.glob("*.py")} - {"__init__.py", "__main__.py"}
        if named != there:
            wrong[folder.name] = {"not named": sorted(there - named), "gone": sorted(named - there)}
    assert wrong == {}


def test_the_layer_drawing_lists_the_layers_the_layer_test_enforces() -> None:
    drawing = first_block(section(ARCHITECTURE.read_text(encoding="utf-8"), "Layers"))
    rows = [line.split()[0] for line in drawing.splitlines() if re.match(r"^  [a-z]", line)]
    front_ends = re.findall(r"(\w+)/", drawing.splitlines()[0])
    assert rows[0] == "front" and front_ends == list(LAYERS[-1])
    assert rows[1:] == [layer[0] for layer in reversed(LAYERS[:-1])]


def test_pyproject_lists_every_package_folder() -> None:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    listed = re.search(r"^packages = \[(.*?)\]", text, re.M | re.S)
    assert listed
    names = set(re.findall(r'"([\w.]+)"', listed.group(1)))
    python_folders = {
        f"agent_client.{path.name}" for path in subpackages() if (path / "__init__.py").exists()
    }
    assert names - {"agent_client.godot_addon"} == {"agent_client"} | python_folders


def test_every_path_pyproject_names_exists() -> None:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    named = set(re.findall(r"\b((?:tests|docs|agent_client|bench)/[\w/.-]+)", text))
    assert named, "pyproject.toml names no paths: the pattern is stale"
    assert sorted(path for path in named if not (REPO / path).exists()) == []


def listed_commands(page: str, heading: str) -> set[str]:
    """The names a doc's table lists under ``heading``: the first word of each backticked item
    in a row's first cell (two words for a subcommand of a group: ``get tree``)."""
    text = section((REPO / "docs" / page).read_text(encoding="utf-8"), heading)
    names = set()
    for row in re.findall(r"^\| (`.*?) \|", text, re.M):
        for item in re.findall(r"`([^`]+)`", row.split(" | ")[0]):
            words = item.split()
            names.add(" ".join(words[:2]) if words[0] in CLI_GROUPS else words[0])
    return names


CLI_GROUPS = ("get", "trace", "report")


def cli_commands() -> set[str]:
    """Every subcommand the parser lists (old spellings are not listed), groups as ``get tree``."""
    import argparse

    from agent_client.cli.parser import build_parser

    def listed(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                names = {choice.dest for choice in action._choices_actions}
                return {name: sub for name, sub in action.choices.items() if name in names}
        return {}

    found = set()
    for name, sub in listed(build_parser()).items():
        inner = listed(sub)
        found |= {f"{name} {child}" for child in inner} if inner else {name}
    return found


def test_the_command_lines_page_lists_every_subcommand_and_only_those() -> None:
    assert listed_commands("CLI.md", "Commands") == cli_commands()


def test_the_mcp_page_lists_every_tool_and_only_those() -> None:
    from agent_client.mcp.play import Play
    from agent_client.mcp.tools import RENAMED_TOOLS, build_tools

    tools = {tool.name for tool in build_tools(Play())} - set(RENAMED_TOOLS)
    assert listed_commands("MCP.md", "Tools") - {"game_<name>"} == tools


def name_table() -> list[list[str]]:
    """docs/ARCHITECTURE.md's one-name table: its rows' cells."""
    text = section(ARCHITECTURE.read_text(encoding="utf-8"), "One name per concept")
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row.strip().strip("|").split("|")] for row in rows]


def named(cell: str) -> list[str]:
    """The backticked names of a cell outside parentheses (those inside are parameters)."""
    outside = re.sub(r"\([^)]*\)", "", cell)
    return re.findall(r"`([^`]+)`", outside)


def test_the_one_name_table_names_each_commands_subcommand_and_tool() -> None:
    """In each row, the commands of the wire column are named in the command-line and MCP
    columns as those front ends name them, and every name there is a subcommand or a tool."""
    from agent_client.cli.grammar import VERBS
    from agent_client.mcp.play import Play
    from agent_client.mcp.tools import build_tools
    from agent_client.wire.commands import BY_NAME

    header = name_table()[0]
    assert header[:4] == ["concept", "Python", "command line", "MCP"] and header[-1] == "wire"
    subcommands = cli_commands()
    tools = {tool.name for tool in build_tools(Play())} | {"game_<name>"}
    wrong = []
    for row in name_table()[2:]:
        cli, mcp, wire = named(row[2]), named(row[3]), re.findall(r"`([^`]+)`", row[-1])
        wrong += [f"{row[0]}: no subcommand {name!r}" for name in cli if name not in subcommands]
        wrong += [f"{row[0]}: no tool {name!r}" for name in mcp if name not in tools]
        for command in {token.split()[0] for token in wire} & set(BY_NAME):
            verbs = {v.name for v in VERBS if v.command == command and not v.deprecated}
            if verbs and not verbs & set(cli) and command != "get_property":
                wrong.append(f"{row[0]}: the command line's {sorted(verbs)} for {command}")
            if command in tools and command not in mcp:
                wrong.append(f"{row[0]}: the tool {command}")
    assert wrong == []
