"""What an instrumented script's counters mean: which probe counts which line, branch and
function. A probe is one slot of the script's counter array, incremented where the
instrumenter put it; a :class:`Count` reads a line's, a branch's or a function's count off
those slots (a sum, less a sum: an ``elif`` line is reached as often as its ``if`` minus the
times an earlier branch was taken).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Arm", "Count", "Decision", "Function", "ScriptMap"]


@dataclass(frozen=True)
class Count:
    """The sum of the ``plus`` probes less the sum of the ``minus`` ones (never below 0)."""

    plus: tuple[int, ...]
    minus: tuple[int, ...] = ()

    def read(self, hits: Sequence[int]) -> int:
        return max(0, sum(hits[p] for p in self.plus) - sum(hits[m] for m in self.minus))

    def to_json(self) -> list[list[int]]:
        return [list(self.plus), list(self.minus)]

    @classmethod
    def from_json(cls, raw: Sequence[Sequence[int]]) -> Count:
        return cls(tuple(raw[0]), tuple(raw[1]))


@dataclass(frozen=True)
class Arm:
    """One way out of a decision: a branch of an ``if``, an arm of a ``match``, a loop's body
    entered or skipped. ``label`` says which (``"elif"``, the arm's pattern, ...)."""

    label: str
    count: Count


@dataclass(frozen=True)
class Decision:
    """A place where the code goes one of several ways: ``kind`` is ``if``, ``match``,
    ``for`` or ``while``, on ``line``; ``arms`` in source order (an ``if`` without ``else``
    and a ``match`` without a catch-all have a last arm for "none of them")."""

    line: int
    kind: str
    arms: tuple[Arm, ...]


@dataclass(frozen=True)
class Function:
    """A function, setter, getter or lambda: its name (``Inner.method``, ``speed.set``,
    ``<lambda:12>``), the line of its header, and how often it was entered."""

    name: str
    line: int
    count: Count


@dataclass
class ScriptMap:
    """Everything the report needs about one instrumented script: its path relative to the
    project (``scripts/player.gd``), the SHA-256 of its source, how many probes its copy
    has, and the counts of its lines, decisions and functions."""

    path: str
    sha256: str
    probes: int
    lines: dict[int, Count] = field(default_factory=dict)
    decisions: list[Decision] = field(default_factory=list)
    functions: list[Function] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "sha256": self.sha256,
            "probes": self.probes,
            "lines": {str(line): count.to_json() for line, count in sorted(self.lines.items())},
            "decisions": [
                {
                    "line": decision.line,
                    "kind": decision.kind,
                    "arms": [[arm.label, arm.count.to_json()] for arm in decision.arms],
                }
                for decision in self.decisions
            ],
            "functions": [
                [function.name, function.line, function.count.to_json()]
                for function in self.functions
            ],
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> ScriptMap:
        return cls(
            path=raw["path"],
            sha256=raw["sha256"],
            probes=raw["probes"],
            lines={int(line): Count.from_json(count) for line, count in raw["lines"].items()},
            decisions=[
                Decision(
                    decision["line"],
                    decision["kind"],
                    tuple(Arm(label, Count.from_json(count)) for label, count in decision["arms"]),
                )
                for decision in raw["decisions"]
            ],
            functions=[
                Function(name, line, Count.from_json(count))
                for name, line, count in raw["functions"]
            ],
        )
