"""The selector syntax of ``game.locator(...)`` (docs/LOCATORS.md), parsed once and matched
against a :class:`TreeIndex`.

    Button                      type (script class_name or engine class)
    #PlayButton  #"My Node"     node name
    .enemies                    group
    [text="Play"]               a node field, else a script property; = != *= ^= $= ~=
    [disabled]                  a field that is present and truthy
    [role=button]               the node's role
    HUD/ResetButton             a node path ending with these names; /root/... is absolute
    *                           any node
    A B   A > B                 B below A; B a child of A
    A, B                        either
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from agent_client.model.nodes import Node, TreeIndex, role_of
from agent_client.wire.errors import SelectorError

_NAME = r"""[^\s#.\[\]>,"'/=!*^$~]+"""
_NAME_RE = re.compile(_NAME)
_SEGMENT = r"""[^\s\[\]>,"'/]+"""
_PATH_RE = re.compile(rf"/?{_SEGMENT}(?:/{_SEGMENT})+|/{_SEGMENT}")
_KEY_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_.:]*")
_OPERATORS = ("!=", "*=", "^=", "$=", "~=", "=")
_NO_VALUE = object()


@dataclass(frozen=True)
class Attribute:
    key: str
    operator: str = ""
    value: Any = _NO_VALUE

    def matches(self, node: Node) -> bool:
        actual = attribute_value(node, self.key)
        if not self.operator:
            return bool(actual)
        if self.operator == "=":
            return _equal(actual, self.value)
        if self.operator == "!=":
            return not _equal(actual, self.value)
        if actual is None:
            return False
        text, wanted = _as_text(actual), _as_text(self.value)
        if self.operator == "*=":
            return wanted in text
        if self.operator == "^=":
            return text.startswith(wanted)
        if self.operator == "$=":
            return text.endswith(wanted)
        return re.search(wanted, text) is not None  # ~=


@dataclass(frozen=True)
class Compound:
    """One step: every part must hold for the node."""

    type: str | None = None
    name: str | None = None
    path: str | None = None
    groups: tuple[str, ...] = ()
    attributes: tuple[Attribute, ...] = ()

    def matches(self, node: Node) -> bool:
        if self.type is not None and self.type not in (node.get("type"), node.get("class")):
            return False
        if self.name is not None and node.get("name") != self.name:
            return False
        if self.path is not None and not _path_matches(str(node.get("path", "")), self.path):
            return False
        node_groups = node.get("groups") or ()
        if any(group not in node_groups for group in self.groups):
            return False
        return all(attribute.matches(node) for attribute in self.attributes)


@dataclass(frozen=True)
class Selector:
    """Alternatives (``A, B``), each a chain of compounds joined by ``" "`` or ``">"``."""

    text: str
    alternatives: tuple[tuple[tuple[str, Compound], ...], ...] = field(default=())

    def select(self, index: TreeIndex, scope: list[Node] | None) -> list[Node]:
        """Matches below the nodes of ``scope`` (anywhere when None), in document order."""
        found: list[Node] = []
        for chain in self.alternatives:
            found.extend(_select_chain(index, scope, chain))
        return index.in_order(found)


def _select_chain(
    index: TreeIndex, scope: list[Node] | None, chain: tuple[tuple[str, Compound], ...]
) -> list[Node]:
    current: list[Node] | None = scope
    for position, (combinator, compound) in enumerate(chain):
        if position == 0 or combinator == " ":
            candidates = index.below_all(current)
        else:
            candidates = [child for node in current or () for child in index.children(node)]
        current = [node for node in candidates if compound.matches(node)]
        if not current:
            return []
    return current or []


def attribute_value(node: Node, key: str) -> Any:
    """A node field, ``role``, ``props.x``, or a script property of that name."""
    if key == "role":
        return role_of(node)
    if key.startswith("props."):
        return (node.get("props") or {}).get(key[len("props.") :])
    if key in node:
        return node[key]
    return (node.get("props") or {}).get(key)


def _path_matches(path: str, wanted: str) -> bool:
    if wanted.startswith("/"):
        return path == wanted.rstrip("/")
    return path.endswith("/" + wanted.strip("/"))


def _equal(actual: Any, expected: Any) -> bool:
    if isinstance(expected, str) and not isinstance(actual, str):
        return _as_text(actual) == expected
    return bool(actual == expected)


def _as_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


# --- parsing ---------------------------------------------------------------------------------


def parse_selector(text: str) -> Selector:
    """Parse a selector.

    Raises:
        SelectorError: it is not valid; the message shows where.
    """
    return _Parser(text).parse()


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, why: str) -> SelectorError:
        return SelectorError(
            f"Bad selector {self.text!r} at position {self.pos}: {why}.\n"
            f"  {self.text}\n  {' ' * self.pos}^"
        )

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def skip_space(self) -> bool:
        start = self.pos
        while self.peek().isspace():
            self.pos += 1
        return self.pos > start

    def parse(self) -> Selector:
        alternatives = [self.chain()]
        while self.peek() == ",":
            self.pos += 1
            alternatives.append(self.chain())
        if self.pos < len(self.text):
            raise self.fail(f"unexpected {self.peek()!r}")
        return Selector(self.text, tuple(alternatives))

    def chain(self) -> tuple[tuple[str, Compound], ...]:
        self.skip_space()
        steps = [(" ", self.compound())]
        while True:
            spaced = self.skip_space()
            if self.peek() == ">":
                self.pos += 1
                self.skip_space()
                steps.append((">", self.compound()))
            elif spaced and self.peek() not in ("", ","):
                steps.append((" ", self.compound()))
            else:
                return tuple(steps)

    def compound(self) -> Compound:
        start = self.pos
        parts: dict[str, Any] = {"groups": [], "attributes": []}
        path = _PATH_RE.match(self.text, self.pos)
        if path:
            parts["path"] = path.group()
            self.pos = path.end()
        elif self.peek() == "*":
            self.pos += 1
        elif _NAME_RE.match(self.text, self.pos):
            parts["type"] = self.name()
        while True:
            char = self.peek()
            if char == "#":
                self.pos += 1
                parts["name"] = self.name()
            elif char == ".":
                self.pos += 1
                parts["groups"].append(self.name())
            elif char == "[":
                parts["attributes"].append(self.attribute())
            else:
                break
        if self.pos == start:
            raise self.fail("expected a type, #name, .group, [attribute], path or *")
        return Compound(
            type=parts.get("type"),
            name=parts.get("name"),
            path=parts.get("path"),
            groups=tuple(parts["groups"]),
            attributes=tuple(parts["attributes"]),
        )

    def name(self) -> str:
        if self.peek() in ("'", '"'):
            return self.quoted()
        match = _NAME_RE.match(self.text, self.pos)
        if not match:
            raise self.fail("expected a name")
        self.pos = match.end()
        return match.group()

    def quoted(self) -> str:
        quote = self.peek()
        out = []
        self.pos += 1
        while self.pos < len(self.text):
            char = self.text[self.pos]
            if char == "\\" and self.pos + 1 < len(self.text):
                out.append(self.text[self.pos + 1])
                self.pos += 2
            elif char == quote:
                self.pos += 1
                return "".join(out)
            else:
                out.append(char)
                self.pos += 1
        raise self.fail("unterminated string")

    def attribute(self) -> Attribute:
        self.pos += 1  # [
        self.skip_space()
        key = _KEY_RE.match(self.text, self.pos)
        if not key:
            raise self.fail("expected an attribute name")
        self.pos = key.end()
        self.skip_space()
        operator = next((op for op in _OPERATORS if self.text.startswith(op, self.pos)), "")
        value: Any = _NO_VALUE
        if operator:
            self.pos += len(operator)
            self.skip_space()
            value = self.value()
            self.skip_space()
        if self.peek() != "]":
            raise self.fail("expected ']'")
        self.pos += 1
        return Attribute(key.group(), operator, value)

    def value(self) -> Any:
        if self.peek() in ("'", '"'):
            return self.quoted()
        end = self.text.find("]", self.pos)
        if end < 0:
            raise self.fail("expected ']'")
        raw = self.text[self.pos : end].strip()
        self.pos = end
        return _literal(raw)


def _literal(raw: str) -> Any:
    """An unquoted attribute value: true, false, null, a number, else the text itself."""
    words: dict[str, Any] = {"true": True, "false": False, "null": None}
    if raw in words:
        return words[raw]
    for number in (int, float):
        try:
            return number(raw)
        except ValueError:
            pass
    return raw
