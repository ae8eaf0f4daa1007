"""Waiting for game events without missing one.

The client keeps every event of every response line in ``client.event_log`` (``seq`` strictly
increasing). A cursor per client remembers the ``seq`` of the last event a wait returned; the
next wait looks at every event after it, including those that rode along on responses to other
commands in between. When nothing new is there, a one-frame ``wait`` brings in what the game
queued since.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import orjson

from agent_client._protocol import Event
from agent_client._waiting import CallLog, Expired, NotYet, default_timeout, retry
from agent_client.errors import WaitTimeoutError

if TYPE_CHECKING:
    from agent_client._client import AgentClient

EventPredicate = Callable[[Event], bool]
_CURSOR_ATTRIBUTE = "_agent_bridge_event_cursor"


def cursor(client: AgentClient) -> int:
    """The ``seq`` of the last event a wait consumed (0: none yet)."""
    return int(client.__dict__.get(_CURSOR_ATTRIBUTE, 0))


def set_cursor(client: AgentClient, seq: int) -> None:
    setattr(client, _CURSOR_ATTRIBUTE, seq)


def events_after(client: AgentClient, seq: int) -> list[Event]:
    """Events in the log with a ``seq`` above ``seq``, oldest first."""
    newer: list[Event] = []
    for event in reversed(client.event_log):
        if event.get("seq", 0) <= seq:
            break
        newer.append(event)
    newer.reverse()
    return newer


def pull(client: AgentClient) -> None:
    """Let one frame pass; the events it queued arrive with the answer."""
    client.request("wait", {"frames": 1, "timeout_ms": 2000})


def skip_to_latest(client: AgentClient) -> int:
    """Mark every event so far as consumed (after a reset); returns the new cursor."""
    pull(client)
    newest = client.event_log[-1]["seq"] if client.event_log else 0
    set_cursor(client, max(cursor(client), newest))
    return cursor(client)


def await_event(client: AgentClient, event_type: str, predicate: EventPredicate | None, *,
                timeout: float, log: CallLog) -> Event:
    """The first event of ``event_type`` after the cursor for which ``predicate`` holds; moves
    the cursor to it.

    Raises:
        Expired: none came within ``timeout`` seconds (``last.actual``: the types that did).
    """
    def find() -> Event | None:
        for event in events_after(client, cursor(client)):
            if event.get("type") == event_type and (predicate is None or predicate(event)):
                set_cursor(client, event["seq"])
                return event
        return None

    def attempt(_left: float) -> Event:
        found = find()
        if found is None:
            pull(client)
            found = find()
        if found is None:
            others = [event.get("type") for event in events_after(client, cursor(client))]
            what = f"no {event_type!r} event yet" + (" matching the predicate"
                                                     if predicate else "")
            raise NotYet(what, actual=others)
        return found

    return retry(attempt, timeout=timeout, log=log)


def wait_for_event(client: AgentClient, event_type: str,
                   predicate: EventPredicate | None = None, *,
                   timeout: float | None = None) -> Event:
    """See ``AgentClient.wait_for_event``.

    Raises:
        WaitTimeoutError: none came within the timeout.
    """
    seconds = default_timeout(client) if timeout is None else timeout
    log = CallLog(f"waiting for event {event_type!r}")
    try:
        return await_event(client, event_type, predicate, timeout=seconds, log=log)
    except Expired as expired:
        seen = describe_seen(expired.last.actual if expired.last else None)
        raise WaitTimeoutError(
            f"No {event_type!r} event within {seconds:g} s (events since the last one "
            f"consumed: {seen}).\n{log}") from None


def describe_seen(types: object) -> str:
    """The event types seen after the cursor, counted, for a failure message."""
    if not isinstance(types, list) or not types:
        return "no events"
    counts: dict[str, int] = {}
    for name in types:
        counts[str(name)] = counts.get(str(name), 0) + 1
    return ", ".join(f"{name} x{count}" for name, count in counts.items())


def format_event(event: Event) -> str:
    """``#12 frame 340 played /root/Conformance [1]``: one event on one line."""
    args = orjson.dumps(event.get("args", [])).decode()
    return (f"#{event.get('seq')} frame {event.get('frame')} {event.get('type')} "
            f"{event.get('source', '')} {args}")
