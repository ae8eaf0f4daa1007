"""One ``get_tree`` answer, flattened for searching (document order, parents and subtrees),
and what a serialized node says about itself: its role, its accessible name, its toggle state.

Roles and names come from the bridge (``role`` and ``label`` on every node), the same ones its
snapshot shows, so ``get_by_role("button", name="Play")`` finds what a snapshot shows as
``- button "Play"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, cast

Node = dict[str, Any]


class TreeIndex:
    """The nodes of a serialized tree in document (pre-)order.

    ``descendants(node)`` is a slice of that order, so searches below a node cost nothing extra.
    """

    def __init__(self, root: Mapping[str, Any]) -> None:
        self.root = cast(Node, root)  # a get_tree answer: a dict, typed as the bridge's shape
        self.nodes: list[Node] = []
        self._position: dict[int, int] = {}
        self._end: dict[int, int] = {}
        self._parent: dict[int, Node | None] = {}
        self._add(self.root, None)

    def _add(self, root: Node, parent: Node | None) -> None:
        # Iterative: game trees can be deeper than Python's recursion limit.
        stack: list[tuple[Node, Node | None, bool]] = [(root, parent, False)]
        while stack:
            node, above, done = stack.pop()
            if done:
                self._end[id(node)] = len(self.nodes)
                continue
            self._position[id(node)] = len(self.nodes)
            self._parent[id(node)] = above
            self.nodes.append(node)
            stack.append((node, above, True))
            children = [child for child in node.get("children") or () if isinstance(child, dict)]
            stack.extend((child, node, False) for child in reversed(children))

    def position(self, node: Node) -> int:
        return self._position[id(node)]

    def parent(self, node: Node) -> Node | None:
        return self._parent.get(id(node))

    def descendants(self, node: Node) -> list[Node]:
        """Every node below ``node`` (not itself), in document order."""
        start = self._position[id(node)]
        return self.nodes[start + 1 : self._end[id(node)]]

    def children(self, node: Node) -> list[Node]:
        return [child for child in node.get("children") or () if isinstance(child, dict)]

    def ancestors(self, node: Node) -> Iterator[Node]:
        """Parent, grandparent, ... up to the root."""
        above = self.parent(node)
        while above is not None:
            yield above
            above = self.parent(above)

    def by_path(self, path: str) -> Node | None:
        for node in self.nodes:
            if node.get("path") == path:
                return node
        return None

    def below_all(self, scope: Iterable[Node] | None) -> list[Node]:
        """Nodes below any node of ``scope`` (the whole tree when ``scope`` is None), in
        document order, each once."""
        if scope is None:
            return list(self.nodes)
        seen: set[int] = set()
        found: list[Node] = []
        for node in scope:
            for below in self.descendants(node):
                if id(below) not in seen:
                    seen.add(id(below))
                    found.append(below)
        found.sort(key=self.position)
        return found

    def in_order(self, nodes: Iterable[Node]) -> list[Node]:
        """``nodes`` in document order, each once."""
        unique = {id(node): node for node in nodes}
        return sorted(unique.values(), key=self.position)


def role_of(node: Node) -> str:
    """The node's role as the bridge gives it (``button``, ``textbox``, ...), else
    ``generic``."""
    role = node.get("role")
    return role if isinstance(role, str) and role else "generic"


def label_of(node: Node) -> str:
    """The node's accessible name as the bridge gives it (the snapshot's quoted name); ""
    when it has none."""
    label = node.get("label")
    return label if isinstance(label, str) else ""


def is_checked(node: Node) -> bool | None:
    """A toggle's state, or None when the node is no toggle."""
    if not node.get("toggle_mode") and "button_pressed" not in node:
        return None
    return bool(node.get("button_pressed"))
