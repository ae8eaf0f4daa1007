"""The package's imports only look down (docs/ARCHITECTURE.md): wire <- transport <- connection
<- client <- front ends, no import cycle, pytest only in the plugin, and ``import agent_client``
works without pytest installed."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "agent_client"
# Lowest first. A module may import modules of its own layer or of layers below it.
LAYERS: list[tuple[str, set[str]]] = [
    ("wire", {"errors", "_protocol"}),
    (
        "transport and platform",
        {
            "_transport",
            "_file_transport",
            "_change_watch",
            "_held_lock",
            "_segments",
            "_paths",
            "_process",
            "_addon",
            "_launcher",
            "_godot_import",
        },
    ),
    (
        "connection and tree model",
        {"_connection", "_events", "_waiting", "_nodes", "_matching", "_selectors", "_outline"},
    ),
    ("client", {"_locators", "_expect", "_client", "_screenshot", "_trace"}),
    (
        "front ends",
        {
            "pytest_plugin",
            "_artifacts",
            "cli",
            "_cli_commands",
            "_cli_cursor",
            "_cli_output",
            "_cli_parser",
            "_cli_project",
            "_cli_sessions",
            "godot_install",
            "_godot_release",
            "_trace_view",
            "_mcp_tools",
            "_mcp_server",
            "_cli_trace",
        },
    ),
]
LAYER_OF = {module: number for number, (_, modules) in enumerate(LAYERS) for module in modules}


def imports_of(path: Path) -> set[str]:
    """The agent_client modules a file imports anywhere (module level, functions, and
    TYPE_CHECKING blocks alike: a type-only import is still a dependency)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "agent_client":
                found |= {alias.name for alias in node.names}
            elif node.module.startswith("agent_client."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found |= {
                alias.name.split(".")[1]
                for alias in node.names
                if alias.name.startswith("agent_client.")
            }
    return found


def graph() -> dict[str, set[str]]:
    modules = {path.stem: path for path in PACKAGE.glob("*.py") if path.stem != "__init__"}
    return {name: imports_of(path) & set(modules) - {name} for name, path in modules.items()}


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


def test_every_module_has_a_layer() -> None:
    assert set(graph()) == set(LAYER_OF), "place new modules in LAYERS (and ARCHITECTURE.md)"


def test_imports_only_look_down() -> None:
    upward = [
        f"{module} ({LAYERS[LAYER_OF[module]][0]}) imports {target} ({LAYERS[LAYER_OF[target]][0]})"
        for module, targets in graph().items()
        for target in sorted(targets)
        if LAYER_OF[target] > LAYER_OF[module]
    ]
    assert upward == []


def test_there_is_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize(
    "third_party, allowed", [("pytest", {"pytest_plugin"}), ("watchdog", {"_change_watch"})]
)
def test_heavy_imports_stay_in_their_module(third_party: str, allowed: set[str]) -> None:
    users = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            if any(name.split(".")[0] == third_party for name in names):
                users.add(path.stem)
    assert users == allowed


def test_agent_client_imports_without_pytest() -> None:
    script = (
        "import sys\n"
        "sys.modules['pytest'] = None  # as if pytest were not installed\n"
        "import agent_client, agent_client.cli, agent_client._cli_commands\n"
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
