"""An agent that plays Crystal Vault from what it sees: it reads the crystals and edges out of
the live scene tree, works out every symmetry of the vault (the automorphisms of the colored,
typed, directed graph), and submits them until the level is complete.

It never reads the game's state, level files or answers: only `get_tree`, as a person only sees
the screen. The game is told moves through its registered commands (`swap`,
`submit_permutation`, `load_level`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from agent_client import AgentClient

LEVEL_ROOT = "/root/LevelScene"


@dataclass(frozen=True)
class Crystal:
    id: int
    color: str
    label: str


@dataclass(frozen=True)
class Edge:
    source: int
    target: int
    kind: str
    directed: bool

    def key(self, mapping: tuple[int, ...] | None = None) -> tuple[int, int, str, bool]:
        """The edge as a comparable key, after moving its ends by ``mapping``."""
        a, b = (
            (self.source, self.target)
            if mapping is None
            else (mapping[self.source], mapping[self.target])
        )
        if not self.directed:
            a, b = min(a, b), max(a, b)
        return a, b, self.kind, self.directed


@dataclass
class Vault:
    """One level as the agent sees it."""

    title: str
    counter: str
    crystals: dict[int, Crystal] = field(default_factory=dict)
    edges: list[Edge] = field(default_factory=list)

    def describe(self) -> str:
        colors = ", ".join(f"{c.label}={c.color}" for c in self.crystals.values())
        kinds = sorted({f"{e.kind}{'' if e.directed else ' (both ways)'}" for e in self.edges})
        return (
            f"{self.title}: {len(self.crystals)} crystals ({colors}); "
            f"{len(self.edges)} edges ({', '.join(kinds)}); {self.counter}"
        )


def _walk(node: dict[str, Any]):
    yield node
    for child in node.get("children", []):
        yield from _walk(child)


def read_vault(tree: dict[str, Any]) -> Vault:
    """Build the vault from a ``get_tree`` dump: crystals and edges by their script class."""
    nodes = list(_walk(tree))
    by_name = {node["name"]: node for node in nodes}
    vault = Vault(title=by_name["TitleLabel"]["text"], counter=by_name["CounterLabel"]["text"])
    for node in nodes:
        props = node.get("props", {})
        if node["type"] == "CrystalNode":
            crystal = Crystal(props["crystal_id"], props["color_name"], props["label_text"])
            vault.crystals[crystal.id] = crystal
        elif node["type"] == "EdgeRenderer":
            vault.edges.append(
                Edge(props["from_id"], props["to_id"], props["edge_type"], props["directed"])
            )
    return vault


def symmetries(vault: Vault) -> list[tuple[int, ...]]:
    """Every permutation of the crystals that keeps each color and each typed, directed edge:
    a backtracking search that assigns crystals one by one and prunes on the edges already
    fully assigned."""
    ids = sorted(vault.crystals)
    if ids != list(range(len(ids))):
        raise ValueError(f"crystal ids are not 0..n-1: {ids}")
    edge_keys = {edge.key() for edge in vault.edges}
    found: list[tuple[int, ...]] = []
    mapping: list[int] = []

    def consistent() -> bool:
        placed = len(mapping)
        for edge in vault.edges:
            if (
                edge.source < placed
                and edge.target < placed
                and edge.key(tuple(mapping)) not in edge_keys
            ):
                return False
        return True

    def extend() -> None:
        if len(mapping) == len(ids):
            found.append(tuple(mapping))
            return
        crystal = vault.crystals[len(mapping)]
        for image in ids:
            if image in mapping or vault.crystals[image].color != crystal.color:
                continue
            mapping.append(image)
            if consistent():
                extend()
            mapping.pop()

    extend()
    return found


@dataclass
class LevelReport:
    level_id: str
    title: str
    crystals: int
    symmetries: int
    seconds: float
    completed: bool
    transcript: list[str]


def play_level(game: AgentClient, level_id: str) -> LevelReport:
    """Load a level, reason out its symmetries from the tree, and submit them all."""
    start = time.perf_counter()
    game.command("load_level", level_id=level_id)
    vault = read_vault(game.get_tree(LEVEL_ROOT))
    found = symmetries(vault)
    transcript = [f"sees {vault.describe()}", f"works out {len(found)} symmetries"]
    completed = False
    for mapping in found:
        result = game.command("submit_permutation", mapping=list(mapping))
        transcript.append(
            f"submit {list(mapping)} -> {result['result']} "
            f"{result.get('sym_id') or ''} ({result['found_count']}/"
            f"{result['total']})".rstrip()
        )
        completed = completed or any(e["type"] == "level_completed" for e in game.get_events())
    return LevelReport(
        level_id,
        vault.title,
        len(vault.crystals),
        len(found),
        time.perf_counter() - start,
        completed,
        transcript,
    )
