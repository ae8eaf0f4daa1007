"""How a step of the command line reaches a running game: a new process per step, so it polls
the response file instead of starting watcher threads (and never imports watchdog);
``AGENT_BRIDGE_POLLING=0`` asks for native notifications anyway."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from agent_client.transport.files import POLLING_ENV

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient


def attach(folder: Path, timeout: float, *, read_from: int | None = None) -> AgentClient:
    from agent_client.client.client import AgentClient

    return AgentClient.attach(
        folder,
        timeout=timeout,
        read_from=read_from,
        use_notifications=os.environ.get(POLLING_ENV) == "0",
    )
