"""The docs about the two bridges say what their code says: the addon README's file table
names every GDScript file of the addon (and each command module's commands), the commands
docs/ARCHITECTURE.md says the Unity package serves are the ones it registers, the GDScript and
C# names of its one-name table exist, and every C# exception is named as the Python client's
error for the same code. Read from the sources: no engine needed."""

from __future__ import annotations

import re
from pathlib import Path

from agent_client.wire.errors import ERROR_CLASSES

REPO = Path(__file__).resolve().parents[2]
ADDON = REPO / "godot_bridge" / "addons" / "agent_bridge"
UNITY = REPO / "unity_bridge" / "Runtime"
ARCHITECTURE = REPO / "docs" / "ARCHITECTURE.md"


def section(path: Path, heading: str) -> str:
    """The text under a `## heading` of a Markdown file, up to the next heading of that level."""
    text = path.read_text(encoding="utf-8")
    assert f"\n## {heading}\n" in text, f"{path.name} has no section '{heading}'"
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the Markdown tables in `text`, the header rows included."""
    rows = []
    for line in text.splitlines():
        if line.startswith("|") and not re.fullmatch(r"[|\s:-]+", line):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def quoted(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


# --- the Godot addon -------------------------------------------------------------------------


def addon_scripts() -> set[str]:
    return {path.relative_to(ADDON).as_posix() for path in ADDON.rglob("*.gd")}


def command_modules() -> dict[str, list[str]]:
    """agent_bridge.gd's COMMAND_MODULES: each module's file and the commands it serves."""
    source = (ADDON / "agent_bridge.gd").read_text(encoding="utf-8")
    block = re.search(r"^const COMMAND_MODULES := \{\n(.*?)^\}", source, re.MULTILINE | re.DOTALL)
    assert block is not None, "agent_bridge.gd has no COMMAND_MODULES table"
    rows = re.findall(r'"([\w/]+\.gd)":\s*\[(.*?)\]', block.group(1), re.DOTALL)
    return {file: re.findall(r'"(\w+)"', names) for file, names in rows}


def godot_commands() -> set[str]:
    return {name for names in command_modules().values() for name in names}


def readme_files() -> dict[str, str]:
    """The addon README's file table: file -> its job."""
    rows = table_rows(section(ADDON / "README.md", "Files"))
    assert rows[0] == ["file", "job"]
    listed: dict[str, str] = {}
    for cells in rows[1:]:
        for name in quoted(cells[0]):
            assert name not in listed, f"{name} is listed twice"
            listed[name] = cells[1]
    return listed


def test_the_addon_readme_lists_every_script_and_only_those() -> None:
    listed = {name for name in readme_files() if name.endswith(".gd")}
    scripts = addon_scripts()
    assert not scripts - listed, f"scripts the README's file table leaves out: {scripts - listed}"
    assert not listed - scripts, f"the README lists scripts that are gone: {listed - scripts}"


def test_the_addon_readme_names_each_modules_commands() -> None:
    jobs = readme_files()
    for module, commands in command_modules().items():
        assert module in jobs, f"{module} is not in the README's file table"
        named = [name for name in quoted(jobs[module]) if re.fullmatch(r"[a-z_]+", name)]
        assert sorted(named) == sorted(commands), f"{module}: the README says {named}"


def test_every_module_in_the_table_exists() -> None:
    assert set(command_modules()) <= addon_scripts()
    served = [name for names in command_modules().values() for name in names]
    assert len(served) == len(set(served)), "a command is served by two modules"


# --- the Unity package -----------------------------------------------------------------------


def csharp_sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in UNITY.rglob("*.cs")}


def unity_commands() -> set[str]:
    """The commands BuiltinCommands.Create() registers, by the name each class gives its base
    class (a string, or a string constant)."""
    sources = csharp_sources()
    builtin = sources[UNITY / "Core" / "Commands" / "BuiltinCommands.cs"]
    create = builtin.split("Create()", 1)[1].split("};", 1)[0]
    names = set()
    for class_name in re.findall(r"new (\w+)\(\)", create):
        constructor = re.compile(rf"public {class_name}\(\)\s*:\s*base\(\s*(\"\w+\"|[\w.]+)")
        found = [
            (match.group(1), text)
            for text in sources.values()
            for match in constructor.finditer(text)
        ]
        assert len(found) == 1, f"{class_name}: no one constructor naming its command"
        name, home = found[0]
        names.add(name.strip('"') if name.startswith('"') else csharp_constant(name, home, sources))
    return names


def csharp_constant(reference: str, home: str, sources: dict[Path, str]) -> str:
    """The value of a string constant: `NodeAction.Click` (of that class) or `CommandName` (of the
    file `home`)."""
    owner, _, name = reference.rpartition(".")
    texts = (
        [text for text in sources.values() if re.search(rf"class {owner}\b", text)]
        if owner
        else [home]
    )
    values = [
        match.group(1)
        for text in texts
        for match in re.finditer(rf'const string {name} = "(\w+)"', text)
    ]
    assert len(values) == 1, f"no one string constant {reference}"
    return values[0]


def architecture_unity_commands() -> set[str]:
    """ARCHITECTURE.md's list of the commands the Unity package serves."""
    text = section(ARCHITECTURE, "The bridges' commands").replace("\n  ", " ")
    line = re.search(r"^- \*\*The Unity package\*\*:? (.*)$", text, re.MULTILINE)
    assert line is not None, "ARCHITECTURE.md lists no commands of the Unity package"
    return set(quoted(line.group(1)))


def test_architecture_lists_the_commands_the_unity_package_registers() -> None:
    assert architecture_unity_commands() == unity_commands()
    assert unity_commands() <= godot_commands(), "the Godot addon serves every command"


# --- the one-name table ----------------------------------------------------------------------


def name_table() -> list[dict[str, str]]:
    rows = table_rows(section(ARCHITECTURE, "One name per concept"))
    header = rows[0]
    return [dict(zip(header, cells, strict=True)) for cells in rows[1:]]


def column(header_start: str) -> str:
    return next(name for name in name_table()[0] if name.startswith(header_start))


def identifier(name: str) -> str:
    """The name a table cell refers to: `clock.next_frame()` -> next_frame, `Fail(code, message)`
    -> Fail, `CommandError.NOT_FOUND` -> NOT_FOUND."""
    return name.split("(", 1)[0].split(".")[-1]


def gdscript_declares(name: str) -> bool:
    pattern = re.compile(
        rf"^(?:static )?(?:func|var|const|signal) {re.escape(name)}\b", re.MULTILINE
    )
    return any(pattern.search(path.read_text(encoding="utf-8")) for path in ADDON.rglob("*.gd"))


def csharp_declares(name: str) -> bool:
    pattern = re.compile(
        rf"(?:(?:class|interface|struct|enum) {re.escape(name)}\b"
        rf"|^\s*public [^\n;=]*\b{re.escape(name)}\s*(?:\(|$|\{{)"
        rf"|^\s*{re.escape(name)},?\s*$)",
        re.MULTILINE,
    )
    return any(pattern.search(text) for text in csharp_sources().values())


def test_the_gdscript_names_of_the_name_table_exist() -> None:
    gdscript = column("GDScript")
    for row in name_table():
        for name in quoted(row[gdscript]):
            if name.endswith(".gd"):
                assert (ADDON / name).is_file(), f"{row['concept']}: {name} is no addon file"
            else:
                known = gdscript_declares(identifier(name)) or name in godot_commands()
                assert known, f"{row['concept']}: the addon has no {name}"


def test_the_csharp_names_of_the_name_table_exist() -> None:
    csharp = column("C#")
    for row in name_table():
        for name in quoted(row[csharp]):
            assert csharp_declares(identifier(name)), (
                f"{row['concept']}: the C# package has no {name}"
            )


def test_no_csharp_cell_says_not_yet_of_commands_the_package_registers() -> None:
    """A row about commands (its concept or wire cell names commands only) whose C# cell says
    "(not yet)" names none that the Unity package registers."""
    csharp, wire = column("C#"), column("wire")
    commands, registered = godot_commands(), unity_commands()
    for row in name_table():
        if "not yet" not in row[csharp]:
            continue
        for cell in (row["concept"], row[wire]):
            names = quoted(cell)
            if names and set(names) <= commands:
                there = sorted(set(names) & registered)
                assert not there, f"{row['concept']}: C# says (not yet), but registers {there}"


# --- exception names -------------------------------------------------------------------------


def csharp_exceptions() -> dict[str, str]:
    """Wire code -> the exception AgentBridgeException.Create makes for it."""
    source = (UNITY / "Core" / "Errors" / "AgentBridgeException.cs").read_text(encoding="utf-8")
    made = dict(re.findall(r"case ErrorCode\.(\w+): return new (\w+)\(", source))
    default = re.search(r"default: return new (\w+)\(", source)
    assert default is not None
    made.setdefault("Internal", default.group(1))
    return {re.sub(r"(?<!^)(?=[A-Z])", "_", code).upper(): name for code, name in made.items()}


def test_each_csharp_exception_is_named_as_the_python_error_of_its_code() -> None:
    made = csharp_exceptions()
    assert set(made) == set(ERROR_CLASSES)
    for code, name in made.items():
        python = ERROR_CLASSES[code].__name__
        assert name.removesuffix("Exception") == python.removesuffix("Error"), (code, name, python)
