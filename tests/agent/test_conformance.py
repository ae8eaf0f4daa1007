"""The golden protocol fixtures, run against the real Godot bridge."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from agent_client import AgentClient
from tests.conftest import FIXTURE_GAME
from tests.protocol.golden import check_response, load_cases, run_case

CASES = load_cases()


@pytest.fixture(scope="module")
def shared_game() -> Iterator[AgentClient]:
    with AgentClient.launch(FIXTURE_GAME) as game:
        yield game


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[name for name, _ in CASES])
def test_golden_case(shared_game: AgentClient, case: dict) -> None:
    check_response(case, run_case(shared_game, case))
