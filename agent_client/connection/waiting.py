"""Retrying until a deadline, with a call log: what locator actions, expectations and event waits
share. An attempt raises :class:`NotYet` to say which condition does not hold yet.

Time passes between attempts in one of two ways (a :class:`Pace`): in wall time, sleeping a
little longer each time, for a game that runs by itself (realtime); or in game time, letting
the held game run a few frames (lockstep), so a wait of five seconds is five game seconds
however busy the machine is, and no state that lasts ``CHECK_SECONDS`` is missed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

# Pauses between attempts, in seconds (the last one repeats), as Playwright paces its retries.
RETRY_PAUSES = (0.0, 0.02, 0.05, 0.1, 0.1, 0.25, 0.5)
# In game time, attempts are at most this far apart: a state lasting this long is seen.
CHECK_SECONDS = 0.1
# A game-time wait gives up in wall time too, after this many times its game time (plus
# GUARD_MARGIN s): a game that runs far slower than real time, or hangs, still ends the wait.
WALL_GUARD_FACTOR = 2.0
GUARD_MARGIN = 5.0


class Pace(Protocol):
    """How a retry lets time pass between attempts, and how much of its time is left."""

    def left(self) -> float:
        """Seconds left (game or wall seconds, as the pace counts them)."""
        ...

    def pause(self, tries: int) -> None:
        """Let time pass before attempt ``tries + 1``."""
        ...


class WallPace:
    """Wall time: sleeps between attempts (RETRY_PAUSES), for a game that runs by itself."""

    def __init__(self, timeout: float) -> None:
        self._deadline = time.monotonic() + timeout

    def left(self) -> float:
        return self._deadline - time.monotonic()

    def pause(self, tries: int) -> None:
        time.sleep(max(0.0, min(self.left(), RETRY_PAUSES[min(tries, len(RETRY_PAUSES) - 1)])))


class FrameClock(Protocol):
    """What a game-time pace needs of a connection."""

    @property
    def last_frame(self) -> int:
        """The frame of the newest answer."""
        ...

    def advance(self, frames: int) -> None:
        """Let the held game run ``frames`` frames."""
        ...


class GamePace:
    """Game time: between attempts the held game runs until CHECK_SECONDS of game time passed
    since the last attempt began (an attempt that let frames run itself counts), so a wait
    of ``timeout`` seconds lasts ``timeout * fps`` frames. A wall-time guard ends it when the
    game runs far slower than that (see WALL_GUARD_FACTOR).

    Args:
        clock: The connection whose game it paces.
        timeout: Game seconds.
        fps: The game's frames per game second.
        pauses: False when each attempt lets the frames it needs run by itself (an event
            wait asks the bridge to run until the event): then nothing runs in between.
    """

    def __init__(self, clock: FrameClock, timeout: float, fps: int, *, pauses: bool = True):
        self._clock = clock
        self._fps = fps
        self._pauses = pauses
        self._end = clock.last_frame + math.ceil(timeout * fps)
        self._check = max(1, round(CHECK_SECONDS * fps))
        self._attempt_began = clock.last_frame
        self._wall_end = time.monotonic() + timeout * WALL_GUARD_FACTOR + GUARD_MARGIN

    def left(self) -> float:
        if time.monotonic() > self._wall_end:
            return 0.0
        return (self._end - self._clock.last_frame) / self._fps

    def pause(self, tries: int) -> None:
        ran = self._clock.last_frame - self._attempt_began
        frames = min(self._check - ran, self._end - self._clock.last_frame)
        if self._pauses and frames > 0:
            self._clock.advance(frames)
        self._attempt_began = self._clock.last_frame


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


def retry(attempt: Callable[[float], T], *, timeout: float, log: CallLog, pace: Pace) -> T:
    """Call ``attempt(seconds_left)`` until it returns, letting time pass between tries as
    ``pace`` does (``Connection.pace``: game frames in lockstep, where the game runs only
    when asked, wall time otherwise).

    Raises:
        Expired: every attempt raised NotYet until ``timeout`` seconds passed (at least one
            attempt always runs).
    """
    tries = 0
    while True:
        try:
            return attempt(max(0.0, pace.left()))
        except NotYet as not_yet:
            log.add(not_yet.reason)
            last = not_yet
        if pace.left() <= 0:
            raise Expired(last, timeout)
        pace.pause(tries)
        tries += 1


def failure_text(headline: str, log: CallLog, last: NotYet | None) -> str:
    """A failure message: the headline, the call log, and the tree around the target."""
    context = f"\n--- tree around the target ---\n{last.context}" if last and last.context else ""
    return f"{headline}\n{log}{context}"
