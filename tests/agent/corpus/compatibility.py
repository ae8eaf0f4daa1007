"""What holds on each real game, as checked in: ``expectations.json`` lists every corpus game
whose ``doctor`` outcome is not all-pass, invariant by invariant, with the node and the cause.
The suite fails on a verdict the file does not explain (a regression, or a new difference),
and on an explained failure that no longer happens unless the file says it may hold (a
machine-speed reading can match by chance). docs/COMPATIBILITY.md is made from the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from agent_client.doctor import INVARIANTS, Report, Verdict

HERE = Path(__file__).resolve().parent
EXPECTATIONS = HERE / "expectations.json"
COMPATIBILITY = HERE.parents[2] / "docs" / "COMPATIBILITY.md"
CORPUS = HERE.parents[3] / "shared" / "corpus"
TABLE_START = "<!-- corpus table: made from tests/agent/corpus/expectations.json -->"
TABLE_END = "<!-- corpus table: end -->"


def corpus_games() -> list[str]:
    """Every game of the corpus, by its folder relative to the corpus (none when missing)."""
    return sorted(str(path.parent.relative_to(CORPUS)) for path in CORPUS.rglob("project.godot"))


def expectations() -> dict[str, dict[str, dict[str, Any]]]:
    """game -> invariant -> {"nodes": [...], "cause": "...", "may_hold": bool}."""
    data: dict[str, Any] = orjson.loads(EXPECTATIONS.read_bytes())
    return {name: entry for name, entry in data.items() if not name.startswith("_")}


def unexplained(report: Report, expected: dict[str, dict[str, Any]]) -> list[str]:
    """Why this game's outcome differs from what the file says, one line each ([] when it
    matches)."""
    problems: list[str] = []
    for name in INVARIANTS:
        verdict = report.verdict(name)
        entry = expected.get(name)
        if verdict is None:
            problems.append(f"{name}: not checked")
        elif not verdict.ok and entry is None:
            problems.append(f"{name}: fails and the expectations do not say why")
        elif not verdict.ok and entry is not None:
            problems += [f"{name}: {line}" for line in _beyond(verdict, entry)]
        elif verdict.ok and entry is not None and not entry.get("may_hold", False):
            problems.append(
                f"{name}: holds now, but the expectations say it fails ({entry['cause']}): "
                "remove the entry"
            )
    problems += [f"{name}: no such invariant" for name in expected if name not in INVARIANTS]
    return problems


def _beyond(verdict: Verdict, entry: dict[str, Any]) -> list[str]:
    """The differences of a failed verdict that the entry's nodes do not cover."""
    nodes: list[str] = entry.get("nodes", [])
    if not nodes:
        return []  # a failure without nodes (an error, a leak): its cause is the entry's
    return [
        f"{difference.path} differs too ({difference.kind}), beyond {', '.join(nodes)}"
        for difference in verdict.differences
        if not any(_within(difference.path, node) for node in nodes)
    ]


def _within(path: str, node: str) -> bool:
    """Whether ``path`` is ``node`` or below it."""
    return path == node or path.startswith(node + "/")


def table(games: list[str], expected: dict[str, dict[str, dict[str, Any]]]) -> str:
    """The per-game table of docs/COMPATIBILITY.md: each invariant's outcome, and the causes."""
    head = "| game | " + " | ".join(INVARIANTS) + " | why not |"
    lines = [head, "|" + "---|" * (len(INVARIANTS) + 2)]
    for game in games:
        entry = expected.get(game, {})
        marks = []
        for name in INVARIANTS:
            if name not in entry:
                marks.append("yes")
            else:
                marks.append("varies" if entry[name].get("may_hold") else "no")
        reasons: dict[str, list[str]] = {}  # the same cause on several invariants: said once
        for name in INVARIANTS:
            if name in entry:
                reasons.setdefault(_why(entry[name]), []).append(name)
        why = "; ".join(f"{', '.join(names)}: {reason}" for reason, names in reasons.items())
        lines.append(f"| `{game}` | " + " | ".join(marks) + f" | {why} |")
    return "\n".join(lines)


def _why(entry: dict[str, Any]) -> str:
    nodes = ", ".join(f"`{node}`" for node in entry.get("nodes", []))
    return str(entry["cause"]) + (f" ({nodes})" if nodes else "")
