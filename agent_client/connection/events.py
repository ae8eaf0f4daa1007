"""Waiting for game events without missing one.

The connection keeps every event of every response line in ``event_log`` (``seq`` strictly
increasing) and a cursor: the ``seq`` of the last event a wait returned. The next wait looks
at every event after it, including those that rode along on responses to other commands in
between. When nothing new is there: in lockstep the bridge runs the game until an event of
that type is queued (``wait {event}``), so the wait ends on the frame the event fired; in
realtime a one-frame ``wait`` brings in what the game queued since.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import orjson

from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, retry
from agent_client.wire.errors import CommandTimeoutError, WaitTimeoutError
from agent_client.wire.protocol import Event

EventPredicate = Callable[[Event], bool]
PULL_TIMEOUT_MS = 2000


def pull(connection: Connection) -> None:
    """Bring in the events the game queued: every answer carries them. A held (lockstep)
    game is not moved; a running one is given a frame to queue what it is doing."""
    if connection.lockstep:
        connection.request("get_events")
        return
    connection.request(
        "wait",
        {"frames": 1, "timeout_ms": PULL_TIMEOUT_MS},
        timeout=connection.timeout_for_wait(PULL_TIMEOUT_MS),
    )


def run_until_event(connection: Connection, event_type: str, left: float) -> None:
    """Let a lockstep game run until an event of ``event_type`` newer than any the client saw
    is queued, for at most ``left`` game seconds (the events come with the answer)."""
    newest = max(
        [connection.event_cursor]
        + [
            event["seq"]
            for event in connection.events_after(connection.event_cursor)
            if event.get("type") == event_type
        ]
    )
    timeout_ms = max(1, math.ceil(left * 1000))
    try:
        connection.request(
            "wait",
            {"event": event_type, "after": newest, "timeout_ms": timeout_ms},
            timeout=connection.timeout_for_wait(timeout_ms),
        )
    except CommandTimeoutError:
        pass  # its time ran out: the attempt finds nothing and the retry ends


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

    lockstep = connection.lockstep

    def attempt(left: float) -> Event:
        found = find()
        if found is None:
            if lockstep:
                run_until_event(connection, event_type, left)
            else:
                pull(connection)
            found = find()
        if found is None:
            others = [
                event.get("type") for event in connection.events_after(connection.event_cursor)
            ]
            what = f"no {event_type!r} event yet" + (" matching the predicate" if predicate else "")
            raise NotYet(what, actual=others)
        return found

    # In lockstep each attempt runs the game itself, up to the event: nothing runs between.
    return retry(
        attempt, timeout=timeout, log=log, pace=connection.pace(timeout, pauses=not lockstep)
    )


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
