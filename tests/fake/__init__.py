"""A bridge in Python for tests that need no engine (see bridge.py)."""

from __future__ import annotations

from agent_client import AgentClient
from tests.fake.bridge import FakeBridge
from tests.fake.transport import FakeTransport, SessionServer

__all__ = ["FakeBridge", "FakeTransport", "SessionServer", "another_client", "fake_client"]


def fake_client(bridge: FakeBridge | None = None, *, timeout: float = 5.0) -> AgentClient:
    """A client connected in-process to ``bridge`` (a new one on the conformance scene by
    default)."""
    bridge = bridge or FakeBridge()
    return AgentClient.connect(FakeTransport(bridge), timeout=timeout, info=bridge.info)


def another_client(client: AgentClient) -> AgentClient:
    """A second client on the same fake bridge as ``client`` (as another process attached to
    the same session would be)."""
    transport = client.connection.transport
    assert isinstance(transport, FakeTransport)
    return fake_client(transport.bridge)
