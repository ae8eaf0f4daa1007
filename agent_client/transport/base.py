"""The transport interface: how request lines reach a bridge and response lines come back.

A transport moves bytes only; the connection above it decodes lines, matches responses to
requests and collects events. :class:`~agent_client.transport.files.FileTransport` is the
implementation every bridge speaks (two files in a session folder); a test can put an
in-process fake bridge behind the same interface.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol


class Line(NamedTuple):
    """One complete response line (without its newline) and where it starts.

    ``position`` only has to increase from line to line; a transport opened at a position
    reads from there again (the file transport uses byte offsets into ``resp.jsonl``).
    """

    position: int
    data: bytes


class Transport(Protocol):
    """Sends request lines and hands over response lines as they arrive."""

    def send(self, line: bytes) -> None:
        """Deliver one complete request line (newline included), never interleaved with
        another writer's."""
        ...

    def receive(self, timeout: float) -> list[Line]:
        """The complete response lines that arrived since the last call, waiting up to
        ``timeout`` seconds for the first (an empty list when none came)."""
        ...

    @property
    def position(self) -> int:
        """Where reading resumes: after the last complete line handed over."""
        ...

    def close(self) -> None:
        """Release what the transport holds (watchers, handles); sending afterwards is an
        error of the caller."""
        ...
