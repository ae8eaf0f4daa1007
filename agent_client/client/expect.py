"""``expect(...)``: assertions that retry until they hold or their timeout passes, then fail
with a plain AssertionError showing what was expected, what was there, and the call log.

    expect(game.get_by_text("Score")).to_have_text("Score: 3")
    expect(game.get_by_role("button", name="Play")).to_be_enabled()
    expect(game).to_emit("level_completed", timeout=10)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, overload

from agent_client.client import visual
from agent_client.client.locators import Locator, strict_violation
from agent_client.client.metrics import (
    STATISTICS,
    Measurement,
    Stats,
    describe_orphans,
    new_orphans,
)
from agent_client.client.steps import traced
from agent_client.connection import events
from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, failure_text, retry
from agent_client.model.matching import TextPattern, describe, normalize
from agent_client.model.nodes import Node, TreeIndex, is_checked
from agent_client.model.outline import context_around
from agent_client.model.selectors import attribute_value
from agent_client.wire.protocol import Event

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

# measure(index, matches) -> (holds, actual value shown in the message)
Measure = Callable[[TreeIndex, list[Node]], tuple[bool, Any]]
_MISSING = "<no node matches>"


@overload
def expect(target: Locator, *, timeout: float | None = None) -> LocatorAssertions: ...
@overload
def expect(target: AgentClient, *, timeout: float | None = None) -> GameAssertions: ...
@overload
def expect(target: Measurement, *, timeout: float | None = None) -> MeasurementAssertions: ...


def expect(target: Any, *, timeout: float | None = None) -> Any:
    """Assertions on a locator (``to_have_text``, ``to_be_visible``, ...), on the game
    (``to_emit``, ``to_have_state``, ``to_have_screenshot``, ``to_have_no_orphans``) or on a
    frame measurement (``to_be_within``). ``timeout``: seconds to keep retrying (default: the
    client's default timeout, 5 s)."""
    if isinstance(target, Locator):
        return LocatorAssertions(target, timeout)
    if isinstance(target, Measurement):
        return MeasurementAssertions(target)
    connection = getattr(target, "connection", None)
    if isinstance(connection, Connection):
        return GameAssertions(connection, timeout)
    raise TypeError(
        f"expect() takes a Locator, an AgentClient or a Measurement, not {type(target).__name__}"
    )


def _fail(headline: str, expected: str, expired: Expired, log: CallLog) -> AssertionError:
    actual = expired.last.actual if expired.last else None
    shown = actual if actual is _MISSING else repr(actual)
    return AssertionError(
        failure_text(
            f"{headline}\nExpected: {expected}\nActual: {shown}\nTimed out after "
            f"{expired.timeout:g} s",
            log,
            expired.last,
        )
    )


class LocatorAssertions:
    """What ``expect(locator)`` returns."""

    def __init__(
        self,
        locator: Locator,
        timeout: float | None,
        *,
        negate: bool = False,
        inner: bool = False,
    ) -> None:
        self._locator = locator
        self._timeout = timeout
        self._negate = negate
        self._inner = inner

    def _negated(self) -> LocatorAssertions:
        """The same assertions, each expecting the opposite (for the ``not_to_...`` forms,
        whose step is the outer call's)."""
        return LocatorAssertions(self._locator, self._timeout, negate=not self._negate, inner=True)

    def _step_subject(self) -> tuple[Connection | None, str]:
        return (None if self._inner else self._locator.connection), f"expect({self._locator})"

    def _assert(
        self, name: str, expected: str, measure: Measure, *, strict: bool, timeout: float | None
    ) -> None:
        negate = self._negate
        seconds = self._seconds(timeout)
        title = f"{'not_' if negate else ''}to_{name}"
        log = CallLog(f"expect({self._locator}).{title} with timeout {seconds:g} s")

        def attempt(_left: float) -> None:
            index, found = self._locator._resolve()
            if strict and len(found) > 1:
                raise strict_violation(self._locator, found, f"expect().{title}")
            holds, actual = measure(index, found)
            if holds == negate:
                raise NotYet(
                    f"unexpected value {actual!r}",
                    actual=actual,
                    context=context_around(index, found),
                )

        try:
            retry(
                attempt,
                timeout=seconds,
                log=log,
                pace=self._locator.connection.pace(seconds),
            )
        except Expired as expired:
            self._locator.connection.trace_note(
                actual=expired.last.actual if expired.last else None
            )
            wanted = f"not {expected}" if negate else expected
            raise _fail(
                f"Locator {self._locator} expected {'not ' if negate else ''}to "
                f"{name.replace('_', ' ')}",
                wanted,
                expired,
                log,
            ) from None

    def _seconds(self, timeout: float | None) -> float:
        if timeout is not None:
            return timeout
        if self._timeout is not None:
            return self._timeout
        return self._locator.connection.default_timeout

    # --- text -----------------------------------------------------------------------------------

    @traced("expect")
    def to_have_text(
        self,
        expected: TextPattern | Sequence[TextPattern],
        *,
        ignore_case: bool = False,
        timeout: float | None = None,
    ) -> None:
        """The node's whole text (whitespace-normalized) is ``expected``, or matches a pattern.
        A list checks every match in order: ``to_have_text(["A", "B"])``."""
        self._text("have_text", expected, whole=True, ignore_case=ignore_case, timeout=timeout)

    @traced("expect")
    def not_to_have_text(
        self,
        expected: TextPattern | Sequence[TextPattern],
        *,
        ignore_case: bool = False,
        timeout: float | None = None,
    ) -> None:
        self._negated().to_have_text(expected, ignore_case=ignore_case, timeout=timeout)

    @traced("expect")
    def to_contain_text(
        self,
        expected: TextPattern | Sequence[TextPattern],
        *,
        ignore_case: bool = False,
        timeout: float | None = None,
    ) -> None:
        """The node's text contains ``expected`` (or a list: each match's text, in order)."""
        self._text("contain_text", expected, whole=False, ignore_case=ignore_case, timeout=timeout)

    @traced("expect")
    def not_to_contain_text(
        self,
        expected: TextPattern | Sequence[TextPattern],
        *,
        ignore_case: bool = False,
        timeout: float | None = None,
    ) -> None:
        self._negated().to_contain_text(expected, ignore_case=ignore_case, timeout=timeout)

    def _text(
        self,
        name: str,
        expected: TextPattern | Sequence[TextPattern],
        *,
        whole: bool,
        ignore_case: bool,
        timeout: float | None,
    ) -> None:
        if isinstance(expected, (str, re.Pattern)):
            many, wanted = False, [expected]
        else:
            many, wanted = True, list(expected)

        def one(actual: str | None, pattern: TextPattern) -> bool:
            if actual is None:
                return False
            if isinstance(pattern, re.Pattern):
                return pattern.search(actual) is not None
            left, right = normalize(actual), normalize(pattern)
            if ignore_case:
                left, right = left.lower(), right.lower()
            return left == right if whole else right in left

        def measure(index: TreeIndex, found: list[Node]) -> tuple[bool, Any]:
            texts = [node_text(index, node) for node in found]
            if not many:
                if not texts:
                    return False, _MISSING
                return one(texts[0], wanted[0]), texts[0]
            holds = len(texts) == len(wanted) and all(map(one, texts, wanted))
            return holds, texts

        shown = [describe(item) for item in wanted]
        self._assert(
            name,
            f"[{', '.join(shown)}]" if many else shown[0],
            measure,
            strict=not many,
            timeout=timeout,
        )

    # --- state ------------------------------------------------------------------------------

    @traced("expect")
    def to_be_visible(self, *, timeout: float | None = None) -> None:
        """Exactly one node matches and it is visible."""
        self._assert(
            "be_visible",
            "visible",
            _one(lambda node: node.get("visible") is not False, _visibility),
            strict=True,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_be_visible(self, *, timeout: float | None = None) -> None:
        self._negated().to_be_visible(timeout=timeout)

    @traced("expect")
    def to_be_hidden(self, *, timeout: float | None = None) -> None:
        """No node matches, or it is not visible."""
        self._negated().to_be_visible(timeout=timeout)

    @traced("expect")
    def to_be_enabled(self, *, timeout: float | None = None) -> None:
        """The node exists and is not disabled (nor a read-only text field)."""

        def enabled(node: Node) -> bool:
            return not node.get("disabled") and node.get("editable") is not False

        self._assert(
            "be_enabled",
            "enabled",
            _one(enabled, lambda node: "enabled" if enabled(node) else "disabled"),
            strict=True,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_be_enabled(self, *, timeout: float | None = None) -> None:
        self._negated().to_be_enabled(timeout=timeout)

    @traced("expect")
    def to_be_disabled(self, *, timeout: float | None = None) -> None:
        self._negated().to_be_enabled(timeout=timeout)

    @traced("expect")
    def to_be_checked(self, *, checked: bool = True, timeout: float | None = None) -> None:
        """A toggle (check box, toggle button) is on (or off with ``checked=False``)."""
        self._assert(
            "be_checked",
            f"checked={checked}",
            _one(
                lambda node: is_checked(node) is checked, lambda node: f"checked={is_checked(node)}"
            ),
            strict=True,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_be_checked(self, *, timeout: float | None = None) -> None:
        self._negated().to_be_checked(timeout=timeout)

    @traced("expect")
    def to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        """Exactly ``count`` nodes match."""
        self._assert(
            "have_count",
            str(count),
            lambda _index, found: (len(found) == count, len(found)),
            strict=False,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_have_count(self, count: int, *, timeout: float | None = None) -> None:
        self._negated().to_have_count(count, timeout=timeout)

    # --- values -----------------------------------------------------------------------------

    @traced("expect")
    def to_have_value(self, value: Any, *, timeout: float | None = None) -> None:
        """A range's ``value`` or a text field's text equals ``value``."""

        def current(node: Node) -> Any:
            return node.get("value", node.get("text"))

        self._assert(
            "have_value",
            repr(value),
            _one(lambda node: current(node) == value, current),
            strict=True,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_have_value(self, value: Any, *, timeout: float | None = None) -> None:
        self._negated().to_have_value(value, timeout=timeout)

    @traced("expect")
    def to_have_attribute(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        """A field of the serialized node (``disabled``, ``role``, ...) or a script property
        (``props.hp`` or ``hp``) equals ``value``."""
        self._assert(
            f"have_attribute {key!r}",
            repr(value),
            _one(
                lambda node: attribute_value(node, key) == value,
                lambda node: attribute_value(node, key),
            ),
            strict=True,
            timeout=timeout,
        )

    @traced("expect")
    def not_to_have_attribute(self, key: str, value: Any, *, timeout: float | None = None) -> None:
        self._negated().to_have_attribute(key, value, timeout=timeout)

    @traced("expect")
    def to_have_property(self, prop: str, value: Any, *, timeout: float | None = None) -> None:
        """Any engine property, read with ``get_property`` (``"modulate:a"``), equals
        ``value`` (in its wire form)."""
        connection = self._locator.connection

        def measure(_index: TreeIndex, found: list[Node]) -> tuple[bool, Any]:
            if not found:
                return False, _MISSING
            actual = connection.request(
                "get_property", {"path": found[0]["path"], "property": prop}
            )["value"]
            return actual == value, actual

        self._assert(f"have_property {prop!r}", repr(value), measure, strict=True, timeout=timeout)

    @traced("expect")
    def not_to_have_property(self, prop: str, value: Any, *, timeout: float | None = None) -> None:
        self._negated().to_have_property(prop, value, timeout=timeout)

    # --- pictures ---------------------------------------------------------------------------

    @traced("expect")
    def to_have_screenshot(
        self,
        name: str,
        *,
        max_diff_pixels: int | None = None,
        max_diff_ratio: float | None = None,
        threshold: float = visual.DEFAULT_THRESHOLD,
        timeout: float | None = None,
    ) -> None:
        """The node (exactly one must match), cropped from a steady picture of the game, looks
        like its baseline ``name`` (docs/LOCATORS.md, Visual baselines). Needs a rendering
        game (``render=True``)."""
        __tracebackhide__ = True  # pytest: the report starts at the test's line
        seconds = self._seconds(timeout)
        path = self._locator.path(timeout=seconds)
        visual.assert_screenshot(
            visual.Shooter(self._locator.connection, {"path": path}),
            name,
            subject=str(self._locator),
            max_diff_pixels=max_diff_pixels,
            max_diff_ratio=max_diff_ratio,
            threshold=threshold,
            timeout=seconds,
        )


def _one(holds: Callable[[Node], bool], actual: Callable[[Node], Any]) -> Measure:
    """A measure of the single matching node (a missing node never holds)."""

    def measure(_index: TreeIndex, found: list[Node]) -> tuple[bool, Any]:
        if not found:
            return False, _MISSING
        return holds(found[0]), actual(found[0])

    return measure


def _visibility(node: Node) -> str:
    return "hidden" if node.get("visible") is False else "visible"


def node_text(index: TreeIndex, node: Node) -> str | None:
    """A node's own text, else the texts below it joined with spaces (a container's text)."""
    own = node.get("text")
    if isinstance(own, str):
        return own
    below = [
        text
        for text in (child.get("text") for child in index.descendants(node))
        if isinstance(text, str) and text
    ]
    return " ".join(below) if below else None


class GameAssertions:
    """What ``expect(game)`` returns."""

    def __init__(self, connection: Connection, timeout: float | None) -> None:
        self._connection = connection
        self._timeout = timeout

    def _step_subject(self) -> tuple[Connection | None, str]:
        return self._connection, "expect(game)"

    def _seconds(self, timeout: float | None) -> float:
        if timeout is not None:
            return timeout
        return self._timeout if self._timeout is not None else self._connection.default_timeout

    @traced("expect")
    def to_emit(
        self,
        event_type: str,
        predicate: Callable[[Event], bool] | None = None,
        *,
        args: list[Any] | None = None,
        timeout: float | None = None,
    ) -> Event:
        """The game emits ``event_type`` (after the last event a wait consumed), with these
        ``args`` or one for which ``predicate`` holds; returns the event."""

        def wanted(event: Event) -> bool:
            return (args is None or event.get("args") == args) and (
                predicate is None or predicate(event)
            )

        seconds = self._seconds(timeout)
        log = CallLog(f"expect(game).to_emit({event_type!r}) with timeout {seconds:g} s")
        try:
            return events.await_event(
                self._connection, event_type, wanted, timeout=seconds, log=log
            )
        except Expired as expired:
            seen = events.describe_seen(expired.last.actual if expired.last else None)
            self._connection.trace_note(actual=seen)
            condition = f" with args {args!r}" if args is not None else ""
            raise AssertionError(
                f"Game expected to emit {event_type!r}{condition}\nActual: {seen} since the "
                f"last consumed event\nTimed out after {seconds:g} s\n{log}"
            ) from None

    @traced("expect")
    def to_have_state(
        self, expected: dict[str, Any] | Callable[[Any], bool], *, timeout: float | None = None
    ) -> Any:
        """``get_state`` holds these keys with these values (or satisfies a predicate);
        returns the state."""

        def holds(state: Any) -> bool:
            if callable(expected):
                return bool(expected(state))
            return isinstance(state, dict) and all(
                key in state and state[key] == value for key, value in expected.items()
            )

        seconds = self._seconds(timeout)
        log = CallLog(f"expect(game).to_have_state with timeout {seconds:g} s")

        def attempt(_left: float) -> Any:
            state = self._connection.request("get_state")
            if not holds(state):
                raise NotYet(f"state is {state!r}", actual=state)
            return state

        try:
            return retry(attempt, timeout=seconds, log=log, pace=self._connection.pace(seconds))
        except Expired as expired:
            self._connection.trace_note(actual=expired.last.actual if expired.last else None)
            raise _fail(
                "Game expected to have state",
                "a state satisfying the predicate" if callable(expected) else repr(expected),
                expired,
                log,
            ) from None

    # --- pictures and leaks -----------------------------------------------------------------

    @traced("expect")
    def to_have_screenshot(
        self,
        name: str,
        *,
        max_diff_pixels: int | None = None,
        max_diff_ratio: float | None = None,
        threshold: float = visual.DEFAULT_THRESHOLD,
        timeout: float | None = None,
    ) -> None:
        """A steady picture of the whole game looks like its baseline ``name`` (a file name
        such as ``"hud.png"``): at most ``max_diff_pixels`` pixels (or ``max_diff_ratio`` of
        them; the smaller when both are given; none by default) differ by more than
        ``threshold`` (0 strict, 1 lax). The game is settled and text carets hidden first.
        Needs a rendering game (``render=True``); see docs/LOCATORS.md, Visual baselines.

        Raises:
            AssertionError: no baseline yet (it was written), or the picture differs (the
                expected, actual and diff pictures are in the test's artifacts).
        """
        __tracebackhide__ = True
        visual.assert_screenshot(
            visual.Shooter(self._connection),
            name,
            subject="game",
            max_diff_pixels=max_diff_pixels,
            max_diff_ratio=max_diff_ratio,
            threshold=threshold,
            timeout=self._seconds(timeout),
        )

    @traced("expect")
    def to_have_no_orphans(
        self, *, since: dict[str, Any] | None = None, timeout: float | None = None
    ) -> None:
        """No node is an orphan (taken out of the tree and never freed), or none but those a
        ``game.metrics(orphans=True)`` answer taken earlier (``since``) listed. Retries until
        the timeout, so nodes freed at the end of a frame are not reported."""
        __tracebackhide__ = True
        seconds = self._seconds(timeout)
        log = CallLog(f"expect(game).to_have_no_orphans with timeout {seconds:g} s")

        def attempt(_left: float) -> None:
            metrics = self._connection.request("metrics", {"orphans": True, "limit": 1000})
            found = new_orphans(metrics, since)
            if found:
                raise NotYet(f"{len(found)} orphan nodes", actual=found)

        try:
            retry(attempt, timeout=seconds, log=log, pace=self._connection.pace(seconds))
        except Expired as expired:
            found: Any = expired.last.actual if expired.last else []
            self._connection.trace_note(actual=found)
            raise AssertionError(
                f"Game expected to have no orphan nodes{' but those before' if since else ''}"
                f"\nActual: {len(found)} orphan node{'s' if len(found) != 1 else ''} (taken out "
                f"of the tree and never freed):\n{describe_orphans(found)}\nTimed out after "
                f"{seconds:g} s\n{log}"
            ) from None


class MeasurementAssertions:
    """What ``expect(measurement)`` returns: budgets for the frames it timed."""

    def __init__(self, measurement: Measurement) -> None:
        self._measurement = measurement

    def _step_subject(self) -> tuple[Connection | None, str]:
        return self._measurement.connection, "expect(measurement)"

    @traced("expect")
    def to_be_within(
        self,
        *,
        frame_ms: float | None = None,
        process_ms: float | None = None,
        physics_ms: float | None = None,
        draw_calls: float | None = None,
        statistic: str = "p95",
    ) -> None:
        """Each budget given holds for the ``statistic`` (``p50``, ``p95``, ``max`` or
        ``mean``) of its per-frame figure: ``frame_ms`` (process and physics time of a frame
        together), ``process_ms``, ``physics_ms``, ``draw_calls`` (needs a rendering game).

        Raises:
            AssertionError: a budget was exceeded; the message gives every figure and the
                slowest frames.
            ValueError: no budget, an unknown statistic, or a measurement still running.
        """
        __tracebackhide__ = True
        measurement = self._measurement
        budgets = {
            name: limit
            for name, limit in (
                ("frame_ms", frame_ms),
                ("process_ms", process_ms),
                ("physics_ms", physics_ms),
                ("draw_calls", draw_calls),
            )
            if limit is not None
        }
        if not budgets:
            raise ValueError(
                "to_be_within needs a budget: frame_ms, process_ms, physics_ms or draw_calls."
            )
        if statistic not in STATISTICS:
            raise ValueError(f"statistic is one of {', '.join(STATISTICS)}, not {statistic!r}.")
        if not measurement.finished:
            raise ValueError("The measurement is still running: check it after its block.")
        if "draw_calls" in budgets and measurement.draw_calls is None:
            raise ValueError("draw_calls needs a measurement of a rendering game (render=True).")
        over = []
        figures = {}
        for name, limit in budgets.items():
            stats = Stats.of(measurement.series(name))
            value = stats.get(statistic)
            figures[name] = round(value, 3)
            if value > limit:
                unit = "" if name == "draw_calls" else " ms"
                slowest = ", ".join(
                    f"#{index} {figure:.2f}" for index, figure in measurement.slowest(name)
                )
                over.append(
                    f"  {name}: {statistic} {value:.2f}{unit} > budget {limit:g}{unit} "
                    f"({stats}); highest frames: {slowest}"
                )
        if over:
            if measurement.connection is not None:
                measurement.connection.trace_note(actual={statistic: figures})
            raise AssertionError(
                f"Frame budget exceeded over {measurement.frames} frames:\n"
                + "\n".join(over)
                + f"\nMeasured:\n{measurement}"
            )
