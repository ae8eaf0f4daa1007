"""AgentBridge's Python client: launch a game headless and drive it through its bridge.

    from agent_client import AgentClient, expect
    with AgentClient.launch("path/to/project") as game:
        game.get_by_role("button", name="Play").click()
        expect(game.get_by_text("Level 1")).to_be_visible()
        expect(game).to_emit("level_started")

Names load on first use, so a one-shot process (the ``agent-bridge`` command line) pays only
for the modules it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient
    from agent_client.client.expect import (
        GameAssertions,
        LocatorAssertions,
        MeasurementAssertions,
        expect,
    )
    from agent_client.client.locators import Locator
    from agent_client.client.metrics import Measurement
    from agent_client.client.replay_check import check_replay
    from agent_client.connection.connection import Connection
    from agent_client.connection.engine_errors import EngineErrorEvent, StackFrame
    from agent_client.presentation.errors import UsageError
    from agent_client.replay.file import Recording
    from agent_client.replay.play import ReplayResult
    from agent_client.transport.base import Line, Transport
    from agent_client.wire.errors import (
        AgentBridgeError,
        BridgeError,
        CodedError,
        CommandTimeoutError,
        CoverageError,
        EngineNotFoundError,
        GameExitedError,
        InternalBridgeError,
        InvalidArgsError,
        InvalidRequestError,
        LaunchError,
        NotFoundError,
        NotInteractableError,
        ParseError,
        ProtocolError,
        ReplayDivergedError,
        ReplayFileError,
        RequestCancelledError,
        ResponseTimeoutError,
        ResultsError,
        SelectorError,
        SessionError,
        StaleRefError,
        StrictModeError,
        UnknownCommandError,
        UnsupportedError,
        WaitTimeoutError,
    )
    from agent_client.wire.protocol import ERROR_CODES, PROTOCOL, Event, Response

__all__ = [
    "AgentBridgeError",
    "AgentClient",
    "BridgeError",
    "CodedError",
    "CommandTimeoutError",
    "Connection",
    "CoverageError",
    "ERROR_CODES",
    "EngineErrorEvent",
    "EngineNotFoundError",
    "Event",
    "GameAssertions",
    "GameExitedError",
    "InternalBridgeError",
    "InvalidArgsError",
    "InvalidRequestError",
    "LaunchError",
    "Line",
    "Locator",
    "LocatorAssertions",
    "Measurement",
    "MeasurementAssertions",
    "NotFoundError",
    "NotInteractableError",
    "PROTOCOL",
    "ParseError",
    "ProtocolError",
    "Recording",
    "ReplayDivergedError",
    "ReplayFileError",
    "ReplayResult",
    "RequestCancelledError",
    "Response",
    "ResponseTimeoutError",
    "ResultsError",
    "SelectorError",
    "SessionError",
    "StackFrame",
    "StaleRefError",
    "StrictModeError",
    "Transport",
    "UnknownCommandError",
    "UnsupportedError",
    "UsageError",
    "WaitTimeoutError",
    "check_replay",
    "expect",
]

# Where each public name lives; every name not listed here comes from agent_client.wire.errors.
_HOMES = {
    "AgentClient": "agent_client.client.client",
    "Connection": "agent_client.connection.connection",
    "Line": "agent_client.transport.base",
    "Transport": "agent_client.transport.base",
    "GameAssertions": "agent_client.client.expect",
    "LocatorAssertions": "agent_client.client.expect",
    "MeasurementAssertions": "agent_client.client.expect",
    "Measurement": "agent_client.client.metrics",
    "EngineErrorEvent": "agent_client.connection.engine_errors",
    "StackFrame": "agent_client.connection.engine_errors",
    "expect": "agent_client.client.expect",
    "Locator": "agent_client.client.locators",
    "ERROR_CODES": "agent_client.wire.protocol",
    "PROTOCOL": "agent_client.wire.protocol",
    "Event": "agent_client.wire.protocol",
    "Response": "agent_client.wire.protocol",
    "UsageError": "agent_client.presentation.errors",
    "ReplayResult": "agent_client.replay.play",
    "Recording": "agent_client.replay.file",
    "check_replay": "agent_client.client.replay_check",
}


# Old names kept for one release: importing one warns and gives its new name's value.
_RENAMED = {"EngineError": "EngineErrorEvent"}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    if name in _RENAMED:
        import warnings

        warnings.warn(
            f"agent_client.{name} is now {_RENAMED[name]}.", DeprecationWarning, stacklevel=2
        )
        return __getattr__(_RENAMED[name])
    if name not in __all__:
        raise AttributeError(f"module 'agent_client' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES.get(name, "agent_client.wire.errors")), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _version() -> str:
    """The installed distribution's version (pyproject.toml's)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("agent-bridge")
    except PackageNotFoundError:
        return "0+unknown"  # imported from a checkout that was never installed
