"""Every error the client raises (``from agent_client.errors import NotFoundError``).

The classes live in :mod:`agent_client.wire.errors`; this module keeps the public import path.
``UsageError``, a front end's error, lives with what the front ends share
(:mod:`agent_client.presentation.errors`) and is reachable here too.
"""

from typing import Any

from agent_client.wire.errors import *  # noqa: F403
from agent_client.wire.errors import __all__ as __all__


def __getattr__(name: str) -> Any:
    if name == "UsageError":
        from agent_client.presentation.errors import UsageError

        return UsageError
    raise AttributeError(f"module 'agent_client.errors' has no attribute {name!r}")
