"""Retrying until a deadline, with a call log: what locator actions, expectations and event waits
share. An attempt raises :class:`NotYet` to say which condition does not hold yet."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

# Pauses between attempts, in seconds (the last one repeats), as Playwright paces its retries.
RETRY_PAUSES = (0.0, 0.02, 0.05, 0.1, 0.1, 0.25, 0.5)


class NotYet(Exception):
    """An attempt found a condition that does not hold (yet).

    Args:
        reason: What does not hold, as a log line ("element is disabled").
        actual: The value seen, for an expectation's message.
        context: Text that shows where it looked (an outline of the tree around the target).
    """

    def __init__(self, reason: str, *, actual: object = None, context: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.actual = actual
        self.context = context


class CallLog:
    """The steps of one action or expectation, for its failure message. A line repeated by
    consecutive retries is kept once, with a count."""

    def __init__(self, title: str) -> None:
        self.title = title
        self._lines: list[str] = []
        self._counts: list[int] = []

    def add(self, line: str) -> None:
        if self._lines and self._lines[-1] == line:
            self._counts[-1] += 1
        else:
            self._lines.append(line)
            self._counts.append(1)

    def __str__(self) -> str:
        lines = [self.title]
        for line, count in zip(self._lines, self._counts, strict=True):
            lines.append(f"  - {line}" + (f" (x{count})" if count != 1 else ""))
        return "\n".join(lines)


class Expired(Exception):
    """The deadline passed; ``last`` is the last :class:`NotYet` (None if no attempt ran)."""

    def __init__(self, last: NotYet | None, timeout: float) -> None:
        super().__init__(last.reason if last else "no attempt finished")
        self.last = last
        self.timeout = timeout


def retry(attempt: Callable[[float], T], *, timeout: float, log: CallLog) -> T:
    """Call ``attempt(seconds_left)`` until it returns, pausing between tries.

    Raises:
        Expired: every attempt raised NotYet until ``timeout`` seconds passed (at least one
            attempt always runs).
    """
    deadline = time.monotonic() + timeout
    tries = 0
    while True:
        try:
            return attempt(max(0.0, deadline - time.monotonic()))
        except NotYet as not_yet:
            log.add(not_yet.reason)
            last = not_yet
        left = deadline - time.monotonic()
        if left <= 0:
            raise Expired(last, timeout)
        time.sleep(min(left, RETRY_PAUSES[min(tries, len(RETRY_PAUSES) - 1)]))
        tries += 1


def failure_text(headline: str, log: CallLog, last: NotYet | None) -> str:
    """A failure message: the headline, the call log, and the tree around the target."""
    context = f"\n--- tree around the target ---\n{last.context}" if last and last.context else ""
    return f"{headline}\n{log}{context}"
