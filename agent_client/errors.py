"""Every error the client raises (``from agent_client.errors import NotFoundError``).

The classes live in :mod:`agent_client.wire.errors`; this module keeps the public import path.
"""

from agent_client.wire.errors import *  # noqa: F403
from agent_client.wire.errors import __all__ as __all__
