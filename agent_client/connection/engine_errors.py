"""Errors the game logged, as data: ``engine_error`` events (args: kind, message, where,
stack) read into records with their script stack."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent_client.wire.protocol import Event


@dataclass(frozen=True)
class StackFrame:
    """One call of a script stack, innermost first."""

    file: str
    line: int
    function: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line} in {self.function}()"


@dataclass(frozen=True)
class EngineErrorEvent:
    """An ``engine_error`` event as data: the error the game logged, with its script stack."""

    seq: int
    kind: str
    message: str
    where: str = ""
    stack: tuple[StackFrame, ...] = field(default=())

    @classmethod
    def of(cls, event: Event) -> EngineErrorEvent:
        args = list(event.get("args") or [])
        kind, message, where = (str(value) for value in [*args, "", "", ""][:3])
        raw_stack = args[3] if len(args) > 3 and isinstance(args[3], list) else []
        stack = tuple(
            StackFrame(
                str(frame.get("file", "")), int(frame.get("line", 0)), str(frame.get("function"))
            )
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


def engine_errors(log: Sequence[Event], since_seq: int = 0) -> list[EngineErrorEvent]:
    """The engine errors of an event log (oldest first) after ``since_seq``; read from its
    end, so a long log costs only its newer events."""
    newer: list[EngineErrorEvent] = []
    for event in reversed(log):
        if event.get("seq", 0) <= since_seq:
            break
        if is_engine_error(event):
            newer.append(EngineErrorEvent.of(event))
    newer.reverse()
    return newer
