"""Readable text outlines of a serialized tree, in the snapshot's ``- role "name"`` style plus
each node's ``#Name`` (usable in a selector), for failure messages, reports and the CLI."""

from __future__ import annotations

import json
from collections.abc import Sequence

from agent_client.model.nodes import Node, TreeIndex, is_checked, label_of, role_of

BRIDGE_NODE = "/root/AgentBridge"
MAX_LINES = 60
TARGET_MARK = "  <- target"


def node_line(node: Node) -> str:
    """``button "Play" #PlayButton [disabled]``."""
    text = role_of(node)
    name = label_of(node)
    if name:
        text += f" {json.dumps(_clip(name), ensure_ascii=False)}"
    text += f" #{node.get('name', '?')}"
    attrs = _attributes(node)
    return f"{text} [{', '.join(attrs)}]" if attrs else text


def describe_node(node: Node) -> str:
    """One node for a list: its line and its path."""
    return f"{node_line(node)}  ({node.get('path', '?')})"


def _attributes(node: Node) -> list[str]:
    attrs = []
    if node.get("visible") is False:
        attrs.append("hidden")
    if node.get("disabled") or node.get("editable") is False:
        attrs.append("disabled")
    checked = is_checked(node)
    if checked is not None:
        attrs.append(f"checked={str(checked).lower()}")
    if role_of(node) == "textbox" and isinstance(node.get("text"), str):
        attrs.append(f"value={json.dumps(_clip(node['text']), ensure_ascii=False)}")
    elif "value" in node and not isinstance(node["value"], (dict, list)):
        attrs.append(f"value={node['value']}")
    if node.get("internal"):
        attrs.append("internal")
    return attrs


def _clip(text: str, limit: int = 60) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def outline(
    index: TreeIndex,
    top: Node,
    *,
    max_depth: int | None = None,
    max_lines: int = MAX_LINES,
    marked: Sequence[Node] = (),
) -> str:
    """``top`` and the nodes below it, two spaces per level; ``marked`` nodes are flagged."""
    marks = {id(node) for node in marked}
    lines: list[str] = []
    stack: list[tuple[Node, int]] = [(top, 0)]
    while stack:
        node, depth = stack.pop()
        if node.get("path") == BRIDGE_NODE:
            continue
        if len(lines) >= max_lines:
            lines.append("  ... (more nodes left out)")
            break
        line = "  " * depth + "- " + node_line(node)
        if id(node) in marks:
            line += TARGET_MARK
        lines.append(line)
        children = index.children(node)
        if max_depth is not None and depth >= max_depth:
            if children:
                lines[-1] += f" ({len(children)} children)"
            continue
        stack.extend((child, depth + 1) for child in reversed(children))
    return "\n".join(lines)


def context_around(index: TreeIndex, targets: list[Node]) -> str:
    """The part of the tree that explains a failure: the first target's parent with its
    children (targets flagged), or, when nothing matched, the top of the tree."""
    if not targets:
        return outline(index, index.root, max_depth=4)
    target = targets[0]
    parent = index.parent(target) or target
    return outline(index, parent, max_depth=2, marked=targets)
