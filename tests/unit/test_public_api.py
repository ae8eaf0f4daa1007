"""The public API keeps its import paths whatever the package's folders are: every name
``agent_client`` exported before the layers became subpackages, the documented modules
(``agent_client.errors``, ``agent_client.pytest_plugin``, ``agent_client.cli``) and the two
entry points in pyproject.toml."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import agent_client

REPO = Path(__file__).resolve().parents[2]
# agent_client.__all__ as it was before the restructuring; new names may be added, none removed.
PUBLIC_NAMES = [
    "AgentBridgeError", "AgentClient", "BridgeError", "CommandTimeoutError", "Connection",
    "ERROR_CODES", "EngineNotFoundError", "Event", "GameAssertions", "GameExitedError",
    "InternalBridgeError", "InvalidArgsError", "InvalidRequestError", "LaunchError", "Line",
    "Locator", "LocatorAssertions", "NotFoundError", "NotInteractableError", "PROTOCOL",
    "ParseError", "ProtocolError", "RequestCancelledError", "Response", "ResponseTimeoutError",
    "SelectorError", "StaleRefError", "StrictModeError", "Transport", "UnknownCommandError",
    "UnsupportedError", "WaitTimeoutError", "expect",
]  # fmt: skip


@pytest.mark.parametrize("name", PUBLIC_NAMES)
def test_each_public_name_imports_the_old_way(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from agent_client import {name}", namespace)
    assert namespace[name] is getattr(agent_client, name)
    assert name in agent_client.__all__


def test_the_errors_module_keeps_its_path() -> None:
    from agent_client import errors
    from agent_client.wire import errors as wire_errors

    assert errors.__all__ == wire_errors.__all__
    for name in errors.__all__:
        assert getattr(errors, name) is getattr(wire_errors, name)


def entry_points() -> dict[str, str]:
    """The two entry points pyproject.toml declares (read as text: tomllib is 3.11+)."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    script = re.search(r'^agent-bridge = "([^"]+)"$', text, re.M)
    plugin = re.search(r'^agent_bridge = "([^"]+)"$', text, re.M)
    assert script and plugin, "pyproject.toml no longer declares the entry points"
    return {"script": script.group(1), "pytest11": plugin.group(1)}


def test_the_console_script_and_the_pytest_plugin_entry_points_resolve() -> None:
    module, _, function = entry_points()["script"].partition(":")
    assert callable(getattr(importlib.import_module(module), function))
    plugin = importlib.import_module(entry_points()["pytest11"])
    for hook in ("pytest_addoption", "pytest_configure", "pytest_runtest_makereport"):
        assert callable(getattr(plugin, hook)), hook
    for fixture in ("game", "shared_game", "agent_launcher", "agent_launch_options"):
        assert hasattr(plugin, fixture), fixture


def test_python_dash_m_agent_client_cli_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "agent_client.cli", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "agent-bridge" in done.stdout


def test_every_fixture_and_hook_of_the_plugin_module_reaches_pytest() -> None:
    # pytest registers the package, which re-imports the plugin module's names by hand: a
    # fixture left out of that list would be "fixture not found" in every user's suite.
    source = REPO / "agent_client" / "pytest_plugin" / "plugin.py"
    package = importlib.import_module("agent_client.pytest_plugin")
    defined = []
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        fixture = any("fixture" in ast.unparse(decorator) for decorator in node.decorator_list)
        if fixture or node.name.startswith("pytest_"):
            defined.append(node.name)
    assert "agent_replay" in defined and "pytest_configure" in defined
    assert [name for name in defined if not hasattr(package, name)] == []


def test_a_renamed_public_name_still_imports_with_a_deprecation_warning() -> None:
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match="EngineError is now EngineErrorEvent"):
        exec("from agent_client import EngineError", namespace)
    assert namespace["EngineError"] is agent_client.EngineErrorEvent
