"""Engine errors a test declares it expects: the block's errors are met, and the pytest plugin
does not fail the test for them.

    with game.expect_engine_errors(r"division by zero"):
        game.get_by_role("button", name="Divide").click()
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from agent_client.connection import events
from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, retry

if TYPE_CHECKING:
    from agent_client.connection.engine_errors import EngineErrorEvent


class ExpectedErrors:
    """The errors an ``expect_engine_errors`` block declared and met; those the pytest plugin
    does not fail a test for."""

    def __init__(self) -> None:
        self.seqs: set[int] = set()

    def excuses(self, error: EngineErrorEvent) -> bool:
        return error.seq in self.seqs


@contextmanager
def expecting(
    connection: Connection,
    expected: ExpectedErrors,
    patterns: tuple[str | re.Pattern[str], ...],
    *,
    timeout: float | None,
) -> Iterator[list[EngineErrorEvent]]:
    """See ``AgentClient.expect_engine_errors``."""
    from agent_client.connection.engine_errors import engine_errors  # a block that declares

    __tracebackhide__ = True  # pytest: the report starts at the test's line
    if not patterns:
        raise ValueError("expect_engine_errors needs at least one pattern of a message.")
    for pattern in patterns:
        re.compile(pattern)  # a bad pattern fails here, not after the block ran
    start = connection.event_log[-1]["seq"] if connection.event_log else 0
    met: list[EngineErrorEvent] = []
    yield met
    seconds = connection.default_timeout if timeout is None else timeout
    log = CallLog(f"expect_engine_errors({', '.join(map(_shown, patterns))})")

    def attempt(_left: float) -> list[EngineErrorEvent]:
        seen = engine_errors(connection.event_log, start)
        missing = [p for p in patterns if not any(error.matches(p) for error in seen)]
        if missing:
            events.pull(connection)
            seen = engine_errors(connection.event_log, start)
            missing = [p for p in patterns if not any(error.matches(p) for error in seen)]
        if missing:
            raise NotYet(f"no engine error matching {_shown(missing[0])} yet", actual=seen)
        return [error for error in seen if any(error.matches(p) for p in patterns)]

    try:
        matched = retry(attempt, timeout=seconds, log=log, pace=connection.pace(seconds))
    except Expired as expired:
        seen: Any = expired.last.actual if expired.last else []
        logged = "\n".join(f"  {error}" for error in seen) or "  (none)"
        raise AssertionError(
            f"Expected the game to log an engine error matching each of "
            f"{', '.join(map(_shown, patterns))}\nLogged during the block:\n{logged}\n"
            f"Timed out after {seconds:g} s\n{log}"
        ) from None
    expected.seqs.update(error.seq for error in matched)
    met.extend(matched)


def _shown(pattern: str | re.Pattern[str]) -> str:
    return repr(pattern.pattern if isinstance(pattern, re.Pattern) else pattern)
