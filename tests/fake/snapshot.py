"""The fake bridge's accessibility snapshot (docs/SNAPSHOT.md): ``- role "name" [attrs]`` lines,
refs that stay with their node for its life and are never reused."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from tests.fake.scene import FakeNode

# Roles a person acts on: these get refs.
REF_ROLES = frozenset(
    {
        "button",
        "checkbox",
        "combobox",
        "textbox",
        "slider",
        "spinbutton",
        "listbox",
        "tablist",
        "tab",
        "option",
        "menuitem",
        "treeitem",
    }
)
# Unnamed nodes of these roles are left out by ``compact`` (their children move up).
WRAPPER_ROLES = frozenset({"generic", "group", "region"})
BRIDGE_NAME = "AgentBridge"


@dataclass
class Entry:
    node: FakeNode
    ref: str = ""
    children: list[Entry] = field(default_factory=list)

    def line(self) -> str:
        node = self.node
        text = f"- {node.role}"
        name = node.accessible_name()
        if name:
            text += f" {json.dumps(name, ensure_ascii=False)}"
        attrs = []
        if node.props.get("disabled"):
            attrs.append("disabled")
        if node.props.get("toggle_mode"):
            attrs.append(f"checked={str(bool(node.props.get('button_pressed'))).lower()}")
        if node.role == "textbox":
            attrs.append(f"value={json.dumps(node.props.get('text', ''), ensure_ascii=False)}")
        elif "value" in node.props:
            attrs.append(f"value={float(node.props['value'])}")
        if self.ref:
            attrs.append(f"ref={self.ref}")
        return text + (f" [{', '.join(attrs)}]" if attrs else "")


class Refs:
    """Refs by node, for the node's whole life: ``e1, e2, ...`` keep counting up."""

    def __init__(self) -> None:
        self._by_ref: dict[str, FakeNode] = {}
        self._by_node: dict[int, str] = {}
        self.snapshots = 0

    def ref_of(self, node: FakeNode) -> str:
        ref = self._by_node.get(id(node))
        if ref is None:
            ref = f"e{len(self._by_ref) + 1}"
            self._by_ref[ref] = node
            self._by_node[id(node)] = ref
        return ref

    def node_of(self, ref: str) -> FakeNode | None:
        return self._by_ref.get(ref)


def take(
    refs: Refs, top: FakeNode, *, interactive: bool, compact: bool, max_depth: int | None
) -> dict[str, Any]:
    """The ``snapshot`` command's data for the tree below ``top``."""
    refs.snapshots += 1
    entry = _collect(refs, top, 0, max_depth)
    lines: list[str] = []
    listed: dict[str, dict[str, str]] = {}
    if entry is not None:
        _render(entry, 0, interactive, compact, lines, listed)
    return {"text": "\n".join(lines), "refs": listed, "snapshot": refs.snapshots}


def _collect(refs: Refs, node: FakeNode, depth: int, max_depth: int | None) -> Entry | None:
    if node.props.get("visible") is False or node.name == BRIDGE_NAME:
        return None
    entry = Entry(node, refs.ref_of(node) if node.role in REF_ROLES else "")
    if max_depth is None or depth < max_depth:
        for child in node.children:
            below = _collect(refs, child, depth + 1, max_depth)
            if below is not None:
                entry.children.append(below)
    return entry


def _has_ref(entry: Entry) -> bool:
    return bool(entry.ref) or any(_has_ref(child) for child in entry.children)


def _render(
    entry: Entry,
    depth: int,
    interactive: bool,
    compact: bool,
    lines: list[str],
    listed: dict[str, dict[str, str]],
) -> None:
    if interactive and not _has_ref(entry):
        return
    node = entry.node
    dropped = (
        compact and not entry.ref and node.role in WRAPPER_ROLES and not node.accessible_name()
    ) or (interactive and compact and not entry.ref)
    if not dropped:
        lines.append("  " * depth + entry.line())
        if entry.ref:
            listed[entry.ref] = {
                "role": node.role,
                "name": node.accessible_name(),
                "path": node.path,
            }
    for child in entry.children:
        _render(child, depth if dropped else depth + 1, interactive, compact, lines, listed)
