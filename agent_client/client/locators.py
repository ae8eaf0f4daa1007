"""Locators: lazy, strict, auto-waiting handles on nodes of a running game (docs/LOCATORS.md).

A locator is a description (``get_by_role("button", name="Play")``), resolved against a fresh
``get_tree`` every time it is used. Actions wait until the target is unique, visible, enabled and
the game settled, and retry while the bridge says NOT_FOUND, NOT_INTERACTABLE or STALE_REF.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from agent_client.client.renamed import renamed
from agent_client.client.steps import traced
from agent_client.connection import events
from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog, Expired, NotYet, failure_text, retry
from agent_client.model.matching import TextPattern, describe, text_matches
from agent_client.model.nodes import Node, TreeIndex, is_checked, label_of, role_of
from agent_client.model.outline import context_around, describe_node
from agent_client.model.selectors import Selector, parse_selector
from agent_client.wire.errors import (
    CommandTimeoutError,
    NotFoundError,
    NotInteractableError,
    StaleRefError,
    StrictModeError,
    UnsupportedError,
    WaitTimeoutError,
)
from agent_client.wire.protocol import Event

if TYPE_CHECKING:
    from agent_client.wire.answers import (
        ClickAnswer,
        DragAnswer,
        FillAnswer,
        PressAnswer,
        SelectAnswer,
        SetValueAnswer,
        TreeNode,
    )
    from agent_client.wire.commands import MouseButton

# Bridge answers that mean "not yet": the target may still appear, show or free up.
RETRYABLE = (NotFoundError, NotInteractableError, StaleRefError)
# What an action waits for its node to be (see _blocked).
ENABLED = ("visible", "enabled")
EDITABLE = ("visible", "enabled", "editable")
CLICKABLE = ("visible", "enabled", "sized")
SIZED = ("visible", "sized")
LocatorState = Literal["attached", "detached", "visible", "hidden"]
MAX_LISTED = 10


# --- steps: each narrows the matches of the steps before it ----------------------------------


class _Step:
    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        raise NotImplementedError

    def describe(self) -> str:
        raise NotImplementedError


@dataclass(frozen=True)
class _BySelector(_Step):
    selector: Selector

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        return self.selector.select(index, current)

    def describe(self) -> str:
        return f"locator({self.selector.text!r})"


@dataclass(frozen=True)
class _ByRole(_Step):
    role: str
    name: TextPattern | None
    exact: bool
    include_hidden: bool
    checked: bool | None
    disabled: bool | None

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        return [node for node in index.below_all(current) if self._matches(node)]

    def _matches(self, node: Node) -> bool:
        if role_of(node) != self.role:
            return False
        if not self.include_hidden and node.get("visible") is False:
            return False
        if self.checked is not None and is_checked(node) is not self.checked:
            return False
        if self.disabled is not None and bool(node.get("disabled")) is not self.disabled:
            return False
        return self.name is None or text_matches(label_of(node), self.name, exact=self.exact)

    def describe(self) -> str:
        options = [repr(self.role)]
        if self.name is not None:
            options.append(f"name={describe(self.name)}")
        options += [
            f"{key}={value!r}"
            for key, value in (("exact", self.exact), ("include_hidden", self.include_hidden))
            if value
        ]
        options += [
            f"{key}={value!r}"
            for key, value in (("checked", self.checked), ("disabled", self.disabled))
            if value is not None
        ]
        return f"get_by_role({', '.join(options)})"


@dataclass(frozen=True)
class _ByText(_Step):
    text: TextPattern
    exact: bool

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        # A text field's content is a value, not text on screen (as in browsers).
        return [
            node
            for node in index.below_all(current)
            if role_of(node) != "textbox"
            and text_matches(node.get("text"), self.text, exact=self.exact)
        ]

    def describe(self) -> str:
        exact = ", exact=True" if self.exact else ""
        return f"get_by_text({describe(self.text)}{exact})"


@dataclass(frozen=True)
class _ByName(_Step):
    name: TextPattern

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        if isinstance(self.name, re.Pattern):
            pattern = self.name
            return [
                node
                for node in index.below_all(current)
                if pattern.search(str(node.get("name", "")))
            ]
        return [node for node in index.below_all(current) if node.get("name") == self.name]

    def describe(self) -> str:
        return f"get_by_name({describe(self.name)})"


@dataclass(frozen=True)
class _Nth(_Step):
    number: int

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        nodes = index.nodes if current is None else current
        try:
            return [nodes[self.number]]
        except IndexError:
            return []

    def describe(self) -> str:
        return {0: "first", -1: "last"}.get(self.number, f"nth({self.number})")


@dataclass(frozen=True)
class _Filter(_Step):
    has_text: TextPattern | None = None
    has_not_text: TextPattern | None = None
    has: Locator | None = None
    has_not: Locator | None = None
    visible: bool | None = None

    def apply(self, index: TreeIndex, current: list[Node] | None) -> list[Node]:
        nodes = index.nodes if current is None else current
        return [node for node in nodes if self._keeps(index, node)]

    def _keeps(self, index: TreeIndex, node: Node) -> bool:
        if self.visible is not None and (node.get("visible") is not False) is not self.visible:
            return False
        texts = [_shown_text(below) for below in [node, *index.descendants(node)]]
        if self.has_text is not None and not any(
            text_matches(text, self.has_text) for text in texts
        ):
            return False
        if self.has_not_text is not None and any(
            text_matches(text, self.has_not_text) for text in texts
        ):
            return False
        if self.has is not None and not self.has._apply(index, [node]):
            return False
        return self.has_not is None or not self.has_not._apply(index, [node])

    def describe(self) -> str:
        options = [
            f"{key}={describe(value) if not isinstance(value, (Locator, bool)) else value}"
            for key, value in (
                ("has_text", self.has_text),
                ("has_not_text", self.has_not_text),
                ("has", self.has),
                ("has_not", self.has_not),
                ("visible", self.visible),
            )
            if value is not None
        ]
        return f"filter({', '.join(options)})"


def _shown_text(node: Node) -> str:
    """What a node shows as text: its text, else its accessible name."""
    text = node.get("text")
    return text if isinstance(text, str) and text else label_of(node)


# --- the locator ------------------------------------------------------------------------------


class Finders:
    """The ways to find nodes, shared by the game (``game.get_by_role(...)``) and by a locator
    (searching below its matches). Each returns a new :class:`Locator`."""

    def _then(self, step: _Step) -> Locator:
        raise NotImplementedError

    def locator(self, selector: str) -> Locator:
        """Nodes matching a selector (docs/LOCATORS.md), below this locator's matches:
        ``game.locator("HUD/ResetButton")``, ``game.locator('Button[text="Play"]')``.

        Raises:
            SelectorError: the selector does not parse.
        """
        return self._then(_BySelector(parse_selector(selector)))

    def get_by_role(
        self,
        role: str,
        *,
        name: TextPattern | None = None,
        exact: bool = False,
        include_hidden: bool = False,
        checked: bool | None = None,
        disabled: bool | None = None,
    ) -> Locator:
        """Nodes of a role (``button``, ``textbox``, ``checkbox``, ``text``, ...), by
        accessible name: case-insensitive substring, exact, or a pattern. Hidden nodes are
        left out unless ``include_hidden``: ``game.get_by_role("button", name="Reset")``."""
        return self._then(_ByRole(role, name, exact, include_hidden, checked, disabled))

    def get_by_text(self, text: TextPattern, *, exact: bool = False) -> Locator:
        """Nodes whose text matches (case-insensitive substring unless ``exact``); text fields'
        contents do not count."""
        return self._then(_ByText(text, exact))

    def get_by_name(self, name: TextPattern) -> Locator:
        """Nodes with this node name (exactly), or whose name matches a pattern."""
        return self._then(_ByName(name))


class Locator(Finders):
    """A way to find node(s) in the live game, resolved again at every use.

    Build one from the client (``game.get_by_role("button", name="Play")``), narrow it
    (``.nth(1)``, ``.filter(has_text=...)``, ``.locator("Label")``), then act (``.click()``)
    or assert (``expect(locator).to_be_visible()``).
    """

    def __init__(self, connection: Connection, steps: tuple[_Step, ...] = ()) -> None:
        self._connection = connection
        self._steps = steps

    def __repr__(self) -> str:
        return f"<Locator {self}>"

    def __str__(self) -> str:
        return ".".join(step.describe() for step in self._steps) or "<the whole tree>"

    @property
    def connection(self) -> Connection:
        """The connection to the game this locator searches."""
        return self._connection

    def _step_subject(self) -> tuple[Connection | None, str]:
        return self._connection, str(self)

    def _then(self, step: _Step) -> Locator:
        return Locator(self._connection, (*self._steps, step))

    # --- narrowing ------------------------------------------------------------------------------

    def nth(self, index: int) -> Locator:
        """The match at ``index`` (document order; negative counts from the end)."""
        return self._then(_Nth(index))

    @property
    def first(self) -> Locator:
        return self.nth(0)

    @property
    def last(self) -> Locator:
        return self.nth(-1)

    def filter(
        self,
        *,
        has_text: TextPattern | None = None,
        has_not_text: TextPattern | None = None,
        has: Locator | None = None,
        has_not: Locator | None = None,
        visible: bool | None = None,
    ) -> Locator:
        """Keep the matches that (do not) contain a text or a node matching another locator
        (built from the same game; searched below each match), or are (not) visible."""
        return self._then(_Filter(has_text, has_not_text, has, has_not, visible))

    # --- resolving (no waiting) -----------------------------------------------------------------

    def _apply(self, index: TreeIndex, scope: list[Node] | None) -> list[Node]:
        current = scope
        for step in self._steps:
            current = step.apply(index, current)
        return [index.root] if current is None else current

    def _resolve(self) -> tuple[TreeIndex, list[Node]]:
        index = TreeIndex(self._connection.request("get_tree", {"root": "/root"})["tree"])
        return index, self._apply(index, None)

    def count(self) -> int:
        """How many nodes match now."""
        return len(self._resolve()[1])

    def all(self) -> list[Locator]:
        """One locator per node matching now (``nth(0)``, ``nth(1)``, ...)."""
        return [self.nth(number) for number in range(self.count())]

    def nodes(self) -> list[TreeNode]:
        """The serialized nodes matching now (``get_tree`` shape, children included)."""
        return cast("list[TreeNode]", self._resolve()[1])

    def is_visible(self) -> bool:
        """Whether exactly one node matches and is visible now (no waiting)."""
        found = self._strict(self._resolve()[1], "is_visible")
        return bool(found) and found[0].get("visible") is not False

    def is_enabled(self) -> bool:
        """Whether exactly one node matches and is neither disabled nor read-only now."""
        found = self._strict(self._resolve()[1], "is_enabled")
        return bool(found) and not _blocked(found[0], ("enabled", "editable"))

    def is_checked(self) -> bool:
        """Whether exactly one node matches and is a toggle that is on now."""
        found = self._strict(self._resolve()[1], "is_checked")
        return bool(found) and bool(is_checked(found[0]))

    def _strict(self, found: list[Node], what: str) -> list[Node]:
        if len(found) > 1:
            raise strict_violation(self, found, what)
        return found

    # --- waiting for one node ------------------------------------------------------------------

    @traced("read")
    def node(self, *, timeout: float | None = None) -> TreeNode:
        """The one matching node, waiting until it exists.

        Raises:
            StrictModeError: several nodes match.
            WaitTimeoutError: none matched within the timeout.
        """
        return cast("TreeNode", self._wait_for_node("node", timeout))

    @traced("read")
    def path(self, *, timeout: float | None = None) -> str:
        """The one matching node's absolute path (waits until it exists)."""
        return str(self._wait_for_node("path", timeout)["path"])

    @traced("read")
    def text_content(self, *, timeout: float | None = None) -> str | None:
        """The one matching node's text (None for nodes without text)."""
        text = self._wait_for_node("text_content", timeout).get("text")
        return text if isinstance(text, str) else None

    @traced("read")
    @renamed(prop="property")
    def get_property(self, property: str, *, timeout: float | None = None) -> Any:
        """Any engine property of the one matching node (``"modulate:a"``)."""
        path = self._wait_for_node("get_property", timeout)["path"]
        return self._connection.request("get_property", {"path": path, "property": property})[
            "value"
        ]

    @traced("wait")
    def wait_for(self, *, state: LocatorState = "visible", timeout: float | None = None) -> None:
        """Wait until the locator is ``attached`` (some node matches), ``detached`` (none
        does), ``visible`` or ``hidden`` (missing or not visible).

        Raises:
            WaitTimeoutError: the state did not come within the timeout.
        """
        checks: dict[str, Callable[[list[Node]], bool]] = {
            "attached": bool,
            "detached": lambda found: not found,
            "visible": lambda found: any(node.get("visible") is not False for node in found),
            "hidden": lambda found: all(node.get("visible") is False for node in found),
        }
        if state not in checks:
            raise ValueError(f"state must be one of {', '.join(checks)}, not {state!r}")
        log = CallLog(f"waiting for {self} to be {state}")

        def attempt(_left: float) -> None:
            index, found = self._resolve()
            if not checks[state](found):
                raise NotYet(
                    f"{len(found)} node(s) match, none {state}",
                    context=context_around(index, found),
                )

        self._run(attempt, log, timeout, f"wait_for(state={state!r})")

    # --- actions --------------------------------------------------------------------------------

    @traced("action")
    def click(
        self,
        *,
        button: MouseButton = "left",
        double: bool = False,
        force: bool = False,
        timeout: float | None = None,
    ) -> ClickAnswer:
        """Click the node with the mouse, through the engine's input (a hit test: refused while
        something covers it). A bridge without ``click`` gets ``press`` for a left click on a
        button. ``force`` skips the waits for visible, enabled and settled.

        Raises:
            StrictModeError: several nodes match.
            WaitTimeoutError: the target never became clickable within the timeout.
        """

        def send(node: Node) -> Any:
            if self._connection.has_command("click"):
                return self._request("click", node, {"button": button, "double": double})
            if "press" in (node.get("actions") or ()) and button == "left" and not double:
                return self._request("press", node)
            raise UnsupportedError(
                f"This bridge has no click command, and {node['path']} cannot be pressed instead.",
                code="UNSUPPORTED",
            )

        return cast("ClickAnswer", self._act("click", send, CLICKABLE, force, timeout))

    @traced("action")
    def press(self, *, force: bool = False, timeout: float | None = None) -> PressAnswer:
        """Press a button through its own input handling (the bridge's ``press``)."""
        send = functools.partial(self._request, "press")
        return cast("PressAnswer", self._act("press", send, ENABLED, force, timeout))

    @traced("action")
    def fill(
        self, value: str, *, submit: bool = False, force: bool = False, timeout: float | None = None
    ) -> FillAnswer:
        """Replace a text field's text as typing would; ``submit`` also presses Enter."""
        send = functools.partial(self._request, "fill", args={"value": value, "submit": submit})
        return cast("FillAnswer", self._act("fill", send, EDITABLE, force, timeout))

    @traced("action")
    def select_option(
        self, option: str | int, *, force: bool = False, timeout: float | None = None
    ) -> SelectAnswer:
        """Choose an entry (its text, or its index) of this option button, menu, item list,
        tab bar or container, or tree, by clicking it (the bridge's ``select``). An option
        that is not there yet is waited for, like the node itself."""
        send = functools.partial(self._request, "select", args={"option": option})
        return cast("SelectAnswer", self._act("select_option", send, ENABLED, force, timeout))

    @traced("action")
    def set_value(
        self,
        value: float | str | dict[str, float],
        *,
        force: bool = False,
        timeout: float | None = None,
    ) -> SetValueAnswer:
        """Set this slider, spin box or scroll bar (a number) or color picker (a color) as a
        player's input would (the bridge's ``set_value``; out-of-range numbers are clamped)."""
        send = functools.partial(self._request, "set_value", args={"value": value})
        return cast("SetValueAnswer", self._act("set_value", send, EDITABLE, force, timeout))

    @traced("action")
    def hover(self, *, force: bool = False, timeout: float | None = None) -> ClickAnswer:
        """Move the mouse over the node (needs the bridge's ``hover``)."""

        def send(node: Node) -> Any:
            if not self._connection.has_command("hover"):
                raise UnsupportedError("This bridge has no hover command.", code="UNSUPPORTED")
            return self._request("hover", node)

        return cast("ClickAnswer", self._act("hover", send, SIZED, force, timeout))

    @traced("action")
    def drag_to(
        self,
        target: Locator,
        *,
        button: MouseButton = "left",
        force: bool = False,
        timeout: float | None = None,
    ) -> DragAnswer:
        """Press on this node, move to ``target`` in steps and release there."""

        def send(node: Node) -> Any:
            index, found = target._resolve()
            goal = self._single(index, target._strict(found, "drag_to"), "drag target")
            return self._connection.request(
                "drag", {"from": node["path"], "to": goal["path"], "button": button}
            )

        return cast("DragAnswer", self._act("drag_to", send, SIZED, force, timeout))

    def _request(self, cmd: str, node: Node, args: Mapping[str, Any] | None = None) -> Any:
        """One bridge command on ``node``."""
        return self._connection.request(cmd, {"path": node["path"], **(args or {})})

    # --- the waiting machinery ------------------------------------------------------------------

    def _act(
        self,
        action: str,
        send: Callable[[Node], Any],
        needs: tuple[str, ...],
        force: bool,
        timeout: float | None,
    ) -> dict[str, Any]:
        log = CallLog(f"{action}: waiting for {self}")

        def attempt(left: float) -> dict[str, Any]:
            if not force:
                self._settle(left)
            index, found = self._resolve()
            node = self._single(index, self._strict(found, action), "node")
            reason = "" if force else _blocked(node, needs)
            if reason:
                raise NotYet(
                    f"{describe_node(node)}: {reason}", context=context_around(index, [node])
                )
            try:
                return dict(send(node))
            except RETRYABLE as refused:
                raise NotYet(
                    f"the bridge refused: {refused}", context=context_around(index, [node])
                ) from refused

        return cast(dict[str, Any], self._run(attempt, log, timeout, action))

    def _wait_for_node(self, what: str, timeout: float | None) -> Node:
        log = CallLog(f"{what}: waiting for {self}")

        def attempt(_left: float) -> Node:
            index, found = self._resolve()
            return self._single(index, self._strict(found, what), "node")

        return cast(Node, self._run(attempt, log, timeout, what))

    def _single(self, index: TreeIndex, found: list[Node], what: str) -> Node:
        if not found:
            raise NotYet(f"no {what} matches yet", context=context_around(index, []))
        return found[0]

    def _settle(self, left: float) -> None:
        timeout_ms = max(100, int(left * 1000))
        try:
            self._connection.request(
                "wait",
                {"settled": True, "quiet_frames": 2, "timeout_ms": timeout_ms},
                timeout=self._connection.timeout_for_wait(timeout_ms),
            )
        except CommandTimeoutError as busy:
            raise NotYet(f"the game did not settle: {busy.args[0]}") from busy

    def _run(
        self, attempt: Callable[[float], Any], log: CallLog, timeout: float | None, action: str
    ) -> Any:
        seconds = self._connection.default_timeout if timeout is None else timeout
        try:
            return retry(attempt, timeout=seconds, log=log, pace=self._connection.pace(seconds))
        except Expired as expired:
            reason = f": {expired.last.reason}" if expired.last else ""
            raise WaitTimeoutError(
                failure_text(
                    f"{action} on {self} timed out after {seconds:g} s{reason}", log, expired.last
                )
            ) from None


def _blocked(node: Node, needs: tuple[str, ...]) -> str:
    """Which actionability condition the node fails, or ""."""
    if "visible" in needs and node.get("visible") is False:
        return "not visible"
    if "enabled" in needs and node.get("disabled"):
        return "disabled"
    if "editable" in needs and node.get("editable") is False:
        return "not editable"
    rect = node.get("rect")
    if (
        "sized" in needs
        and isinstance(rect, dict)
        and (rect.get("w", 1) <= 0 or rect.get("h", 1) <= 0)
    ):
        return "zero size"
    return ""


def strict_violation(locator: Locator, found: list[Node], what: str) -> StrictModeError:
    described = [describe_node(node) for node in found]
    listed = described[:MAX_LISTED]
    more = f"\n  ... and {len(found) - MAX_LISTED} more" if len(found) > MAX_LISTED else ""
    lines = "\n".join(f"  {number}) {line}" for number, line in enumerate(listed, 1))
    return StrictModeError(
        f"strict mode violation: {what} on {locator} needs one node, but {len(found)} match:\n"
        f"{lines}{more}\nNarrow it with .nth(i), .first, .filter(...) or a more exact "
        "name.",
        matches=[str(node.get("path")) for node in found],
        described=described,
    )


# --- on the client ----------------------------------------------------------------------------

EventPredicate = Callable[[Event], bool]


class Locators(Finders):
    """Locators and event waits on anything that holds a connection (``AgentClient``)."""

    connection: Connection

    def _then(self, step: _Step) -> Locator:
        return Locator(self.connection, (step,))

    def _step_subject(self) -> tuple[Connection | None, str]:
        return self.connection, ""

    def set_default_timeout(self, seconds: float) -> None:
        """How long actions, expectations and event waits wait by default (5 s)."""
        self.connection.default_timeout = float(seconds)

    @traced("wait")
    def wait_for_event(
        self,
        event_type: str,
        predicate: EventPredicate | None = None,
        *,
        timeout: float | None = None,
    ) -> Event:
        """The next event of this type (after the last one a wait returned) for which
        ``predicate`` holds. Events that arrived with other responses in between count, so
        ``button.click(); game.wait_for_event("pressed")`` cannot miss it.

        Raises:
            WaitTimeoutError: none came within the timeout.
        """
        return events.wait_for_event(self.connection, event_type, predicate, timeout=timeout)
