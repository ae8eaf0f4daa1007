"""AgentBridge's Python client: launch a game headless and drive it through its bridge.

    from agent_client import AgentClient
    with AgentClient.launch("path/to/project") as game:
        tree = game.get_tree()
        game.press("/root/Menu/PlayButton")
        print(game.get_events())
"""

from agent_client._client import AgentClient
from agent_client._protocol import ERROR_CODES, PROTOCOL, Event, Response
from agent_client.errors import (
    AgentBridgeError,
    BridgeError,
    CommandTimeoutError,
    EngineNotFoundError,
    GameExitedError,
    InternalBridgeError,
    InvalidArgsError,
    InvalidRequestError,
    LaunchError,
    NotFoundError,
    NotInteractableError,
    ParseError,
    ResponseTimeoutError,
    StaleRefError,
    UnknownCommandError,
    UnsupportedError,
)

__all__ = [
    "AgentBridgeError",
    "AgentClient",
    "BridgeError",
    "CommandTimeoutError",
    "ERROR_CODES",
    "EngineNotFoundError",
    "Event",
    "GameExitedError",
    "InternalBridgeError",
    "InvalidArgsError",
    "InvalidRequestError",
    "LaunchError",
    "NotFoundError",
    "NotInteractableError",
    "PROTOCOL",
    "ParseError",
    "Response",
    "ResponseTimeoutError",
    "StaleRefError",
    "UnknownCommandError",
    "UnsupportedError",
]
