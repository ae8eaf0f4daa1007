"""The ``agent-bridge`` command line (``agent_client.cli:main`` is the console script)."""

from agent_client.cli.main import main

__all__ = ["main"]
