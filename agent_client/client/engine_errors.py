"""Errors the game logged: ``engine_error`` events (args: kind, message, where, stack), shown
with their script stack, and errors a test declares it expects.

    with game.expect_engine_errors(r"division by zero"):
        game.get_by_role("button", name="Divide").click()
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from agent_client.connection import events
from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, retry
from agent_client.wire.protocol import Event


@dataclass(frozen=True)
class Frame:
    """One call of a script stack, innermost first."""

    file: str
    line: int
    function: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line} in {self.function}()"


@dataclass(frozen=True)
class EngineError:
    """An ``engine_error`` event as data."""

    seq: int
    kind: str
    message: str
    where: str = ""
    stack: tuple[Frame, ...] = field(default=())

    @classmethod
    def of(cls, event: Event) -> EngineError:
        args = list(event.get("args") or [])
        kind, message, where = (str(value) for value in [*args, "", "", ""][:3])
        raw_stack = args[3] if len(args) > 3 and isinstance(args[3], list) else []
        stack = tuple(
            Frame(str(frame.get("file", "")), int(frame.get("line", 0)), str(frame.get("function")))
            for frame in raw_stack
            if isinstance(frame, dict)
        )
        return cls(int(event.get("seq", 0)), kind, message, where, stack)

    def matches(self, pattern: str | re.Pattern[str]) -> bool:
        """Whether the message holds the regular expression."""
        return re.search(pattern, self.message) is not None

    def __str__(self) -> str:
        """``script_error: message`` and, below it, the stack (``at file:line in f()``), or
        where the engine logged it when there is no stack."""
        head = f"{self.kind}: {self.message}"
        if not self.stack:
            return head + (f" ({self.where})" if self.where else "")
        return "\n".join([head, *(f"    at {frame}" for frame in self.stack)])


def is_engine_error(event: Event) -> bool:
    return event.get("type") == "engine_error"


def engine_errors(log: Sequence[Event], since_seq: int = 0) -> list[EngineError]:
    """The engine errors of an event log (oldest first) after ``since_seq``; read from its
    end, so a long log costs only its newer events."""
    newer: list[EngineError] = []
    for event in reversed(log):
        if event.get("seq", 0) <= since_seq:
            break
        if is_engine_error(event):
            newer.append(EngineError.of(event))
    newer.reverse()
    return newer


class ExpectedErrors:
    """The errors an ``expect_engine_errors`` block declared and met; those the pytest plugin
    does not fail a test for."""

    def __init__(self) -> None:
        self.seqs: set[int] = set()

    def excuses(self, error: EngineError) -> bool:
        return error.seq in self.seqs


@contextmanager
def expecting(
    connection: Connection,
    expected: ExpectedErrors,
    patterns: tuple[str | re.Pattern[str], ...],
    *,
    timeout: float | None,
) -> Iterator[list[EngineError]]:
    """See ``AgentClient.expect_engine_errors``."""
    __tracebackhide__ = True  # pytest: the report starts at the test's line
    if not patterns:
        raise ValueError("expect_engine_errors needs at least one pattern of a message.")
    for pattern in patterns:
        re.compile(pattern)  # a bad pattern fails here, not after the block ran
    start = connection.event_log[-1]["seq"] if connection.event_log else 0
    met: list[EngineError] = []
    yield met
    seconds = connection.default_timeout if timeout is None else timeout
    log = CallLog(f"expect_engine_errors({', '.join(map(_shown, patterns))})")

    def attempt(_left: float) -> list[EngineError]:
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
