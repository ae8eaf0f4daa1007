"""The package's subpackages are its layers and their imports only look down
(docs/ARCHITECTURE.md): wire <- model <- coverage <- transport <- engine <- connection <- trace
<- replay <- client <- results <- doctor <- presentation <- front ends (cli, mcp, pytest_plugin,
report), which never import each other; no import cycle; pytest only in the plugin; and
``import agent_client`` works without pytest installed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "agent_client"
# The subpackages, lowest layer first. A module may import modules of its own subpackage and
# of the layers below it, never above; the front ends (the last layer) never import each other.
LAYERS: list[tuple[str, ...]] = [
    ("wire",),
    ("model",),
    ("coverage",),
    ("transport",),
    ("engine",),
    ("connection",),
    ("trace",),
    ("replay",),
    ("client",),
    ("results",),
    ("doctor",),
    ("presentation",),
    ("cli", "mcp", "pytest_plugin", "report"),
]
LAYER_OF = {package: number for number, packages in enumerate(LAYERS) for package in packages}
FRONT_ENDS = set(LAYERS[-1])
# Modules at the top of the package: the public surface, which may import anything.
TOP = {"__init__", "errors"}


def module_name(path: Path) -> str:
    """``transport.files`` for agent_client/transport/files.py; ``errors`` for a top module."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" and len(parts) > 1 else parts)


def modules() -> dict[str, Path]:
    return {
        module_name(path): path
        for path in PACKAGE.rglob("*.py")
        if "godot_addon" not in path.parts and module_name(path) not in TOP
    }


def imports_of(path: Path) -> set[str]:
    return imports_of_source(path.read_text(encoding="utf-8"))


def imports_of_source(source: str) -> set[str]:
    """The agent_client modules a file imports anywhere (module level, functions, and
    TYPE_CHECKING blocks alike: a type-only import is still a dependency), as
    ``subpackage.module`` (or ``subpackage`` for the package itself)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] != "agent_client":
                continue
            if len(parts) == 1:
                found |= {alias.name for alias in node.names}
            elif len(parts) == 2:  # from agent_client.transport import segments
                found |= {f"{parts[1]}.{alias.name}" for alias in node.names}
            else:
                found.add(".".join(parts[1:3]))
        elif isinstance(node, ast.Import):
            found |= {
                ".".join(alias.name.split(".")[1:3])
                for alias in node.names
                if alias.name.startswith("agent_client.")
            }
    return found


def package_of(module: str) -> str:
    return module.split(".")[0]


def graph() -> dict[str, set[str]]:
    known = modules()
    names = set(known) | {package_of(name) for name in known}
    return {
        name: {target for target in imports_of(path) if target in names} - {name}
        for name, path in known.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(edges[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_every_module_is_in_a_layer() -> None:
    loose = [name for name in graph() if package_of(name) not in LAYER_OF]
    assert loose == [], "put modules in a layer's subpackage (and in docs/ARCHITECTURE.md)"


def test_imports_only_look_down() -> None:
    upward = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        for target in sorted(targets)
        if package_of(target) != package_of(module)
        and LAYER_OF[package_of(target)] > LAYER_OF[package_of(module)]
    ]
    assert upward == []


def test_front_ends_never_import_each_other() -> None:
    crossing = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        for target in sorted(targets)
        if package_of(module) in FRONT_ENDS
        and package_of(target) in FRONT_ENDS
        and package_of(target) != package_of(module)
    ]
    assert crossing == []


def test_the_layer_rules_see_a_violation() -> None:
    """The rules read real import statements: an upward and a sideways import are caught."""
    path = PACKAGE / "wire" / "protocol.py"
    source = "from agent_client.client.client import AgentClient\nfrom agent_client.cli import x\n"
    found = imports_of_source(source)
    assert found == {"client.client", "cli.x"}
    assert LAYER_OF[package_of("client.client")] > LAYER_OF[package_of(module_name(path))]


def test_there_is_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize(
    "third_party, allowed",
    [
        (
            "pytest",
            {
                "pytest_plugin.plugin",
                "pytest_plugin.shards",
                "pytest_plugin.blob",
                "pytest_plugin.coverage",
                "pytest_plugin.settings",
            },
        ),
        ("watchdog", {"transport.change_watch"}),
        ("gdtoolkit", {"coverage.instrument", "coverage.session"}),
    ],
)
def test_heavy_imports_stay_in_their_module(third_party: str, allowed: set[str]) -> None:
    users = set()
    for name, path in modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name.split(".")[0] == third_party for name in names):
                users.add(name)
    assert users == allowed


def test_agent_client_imports_without_pytest() -> None:
    script = (
        "import sys\n"
        "sys.modules['pytest'] = None  # as if pytest were not installed\n"
        "import agent_client, agent_client.cli, agent_client.cli.commands\n"
        "for name in agent_client.__all__:\n"
        "    getattr(agent_client, name)\n"
        "try:\n"
        "    import agent_client.pytest_plugin\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "pip install 'agent-bridge[pytest]'" in done.stdout
