"""What the connected bridge can do: its command table from ``hello``, asked once per client."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_client._client import AgentClient

_CACHE_ATTRIBUTE = "_agent_bridge_commands"


def commands(client: AgentClient) -> dict[str, dict[str, Any]]:
    """Every command the bridge lists, by name (bridge commands do not change while a game
    runs; game commands registered later show up after :func:`forget`)."""
    cached: dict[str, dict[str, Any]] | None = client.__dict__.get(_CACHE_ATTRIBUTE)
    if cached is None:
        cached = {command["name"]: command for command in client.hello()["commands"]}
        setattr(client, _CACHE_ATTRIBUTE, cached)
    return cached


def has_command(client: AgentClient, name: str) -> bool:
    return name in commands(client)


def forget(client: AgentClient) -> None:
    """Ask ``hello`` again next time."""
    client.__dict__.pop(_CACHE_ATTRIBUTE, None)
