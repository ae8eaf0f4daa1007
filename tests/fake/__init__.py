"""A bridge in Python for tests that need no engine (see bridge.py)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from agent_client import AgentClient
from tests.fake.bridge import FakeBridge
from tests.fake.transport import FakeTransport, GarblingTransport, SessionServer

__all__ = [
    "FakeBridge",
    "FakeTransport",
    "GarblingTransport",
    "SessionServer",
    "another_client",
    "fake_client",
    "meanwhile",
]
# When a change comes "a moment later": game frames in lockstep, wall seconds in realtime.
LATER_FRAMES = 10
LATER_SECONDS = 0.15


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


@contextmanager
def meanwhile(game: AgentClient, change: Callable[[AgentClient], object]) -> Iterator[None]:
    """Run ``change`` from a second client a moment after the block starts, as another process
    (or the game itself) changes things while the test waits: LATER_FRAMES frames of game
    time later in lockstep (the fake runs it at that frame), LATER_SECONDS later in realtime
    (from a thread)."""
    other = another_client(game)
    transport = game.connection.transport
    assert isinstance(transport, FakeTransport)
    thread = None
    if transport.bridge.realtime:
        thread = threading.Thread(target=lambda: (time.sleep(LATER_SECONDS), change(other)))
        thread.start()
    else:
        transport.bridge.schedule(LATER_FRAMES, lambda: change(other))
    try:
        yield
    finally:
        if thread is not None:
            thread.join()
        other.close()
