"""Fast tests run against the fake bridge (tests/fake): ``game`` here is a client connected to
it in-process, on the scene the ``agent_scene`` marker names (the conformance scene when
none), as the pytest plugin's ``game`` would be on the fixture game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_client import AgentClient
from tests.fake import FakeBridge, fake_client
from tests.fake.scene import MAIN_SCENE


@pytest.fixture
def bridge(request: pytest.FixtureRequest) -> FakeBridge:
    """The fake bridge, in lockstep unless the test is parametrized with "realtime"."""
    marker = request.node.get_closest_marker("agent_scene")
    realtime = getattr(request, "param", "lockstep") == "realtime"
    return FakeBridge(str(marker.args[0]) if marker else MAIN_SCENE, realtime=realtime)


# For tests whose waits must work in both kinds of game time.
BOTH_TIMES = pytest.mark.parametrize("bridge", ["lockstep", "realtime"], indirect=True)


@pytest.fixture
def game(bridge: FakeBridge) -> Iterator[AgentClient]:
    with fake_client(bridge) as client:
        yield client
