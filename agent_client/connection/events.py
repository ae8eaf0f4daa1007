"""Waiting for game events without missing one.

The connection keeps every event of every response line in ``event_log`` (``seq`` strictly
increasing) and a cursor: the ``seq`` of the last event a wait returned. The next wait looks
at every event after it, including those that rode along on responses to other commands in
between. When nothing new is there, a one-frame ``wait`` brings in what the game queued since.
"""

from __future__ import annotations

from collections.abc import Callable

import orjson

from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, retry
from agent_client.wire.errors import WaitTimeoutError
from agent_client.wire.protocol import Event

EventPredicate = Callable[[Event], bool]
PULL_TIMEOUT_MS = 2000


def pull(connection: Connection) -> None:
    """Let one frame pass; the events it queued arrive with the answer."""
    connection.request(
        "wait",
        {"frames": 1, "timeout_ms": PULL_TIMEOUT_MS},
        timeout=connection.timeout_for_wait(PULL_TIMEOUT_MS),
    )


def skip_to_latest(connection: Connection) -> int:
    """Mark every event so far as consumed (after a reset); returns the new cursor."""
    pull(connection)
    newest = connection.event_log[-1]["seq"] if connection.event_log else 0
    connection.event_cursor = max(connection.event_cursor, newest)
    return connection.event_cursor


def await_event(
    connection: Connection,
    event_type: str,
    predicate: EventPredicate | None,
    *,
    timeout: float,
    log: CallLog,
) -> Event:
    """The first event of ``event_type`` after the cursor for which ``predicate`` holds; moves
    the cursor to it.

    Raises:
        Expired: none came within ``timeout`` (``last.actual``: the types that did).
    """

    def find() -> Event | None:
        for event in connection.events_after(connection.event_cursor):
            if event.get("type") == event_type and (predicate is None or predicate(event)):
                connection.event_cursor = event["seq"]
                return event
        return None

    def attempt(_left: float) -> Event:
        found = find()
        if found is None:
            pull(connection)
            found = find()
        if found is None:
            others = [
                event.get("type") for event in connection.events_after(connection.event_cursor)
            ]
            what = f"no {event_type!r} event yet" + (" matching the predicate" if predicate else "")
            raise NotYet(what, actual=others)
        return found

    return retry(attempt, timeout=timeout, log=log)


def wait_for_event(
    connection: Connection,
    event_type: str,
    predicate: EventPredicate | None = None,
    *,
    timeout: float | None = None,
) -> Event:
    """See ``AgentClient.wait_for_event``.

    Raises:
        WaitTimeoutError: none came within the timeout.
    """
    seconds = connection.default_timeout if timeout is None else timeout
    log = CallLog(f"waiting for event {event_type!r}")
    try:
        return await_event(connection, event_type, predicate, timeout=seconds, log=log)
    except Expired as expired:
        seen = describe_seen(expired.last.actual if expired.last else None)
        raise WaitTimeoutError(
            f"No {event_type!r} event within {seconds:g} s (events since the last one "
            f"consumed: {seen}).\n{log}"
        ) from None


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
    return (
        f"#{event.get('seq')} frame {event.get('frame')} {event.get('type')} "
        f"{event.get('source', '')} {args}"
    )
