"""One script's counts (how often each line ran, each branch was taken, each function was
entered) and what a report reads from a whole run's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_client.wire.errors import CoverageError

__all__ = ["Counted", "DecisionCounts", "ScriptCoverage"]


@dataclass
class DecisionCounts:
    """A decision's arms with how often each was taken: ``(label, count)`` in source order."""

    line: int
    kind: str
    arms: list[tuple[str, int]]


@dataclass
class ScriptCoverage:
    """One script's counts. ``path`` is relative to the project (``scripts/player.gd``);
    ``source`` is the text the counts are of (the HTML report shows it)."""

    path: str
    sha256: str
    lines: dict[int, int] = field(default_factory=dict)
    decisions: list[DecisionCounts] = field(default_factory=list)
    functions: list[tuple[str, int, int]] = field(default_factory=list)  # name, line, count
    source: str = ""

    @property
    def lines_hit(self) -> int:
        return sum(1 for count in self.lines.values() if count > 0)

    @property
    def branches(self) -> int:
        return sum(len(decision.arms) for decision in self.decisions)

    @property
    def branches_hit(self) -> int:
        return sum(1 for d in self.decisions for _, count in d.arms if count > 0)

    @property
    def functions_hit(self) -> int:
        return sum(1 for _, _, count in self.functions if count > 0)

    def missed_lines(self) -> list[int]:
        return [line for line, count in sorted(self.lines.items()) if count == 0]

    def missed_arms(self) -> list[tuple[int, str, str]]:
        """The arms never taken: ``(line, kind, label)``."""
        return [
            (decision.line, decision.kind, label)
            for decision in self.decisions
            for label, count in decision.arms
            if count == 0
        ]

    def add(self, other: ScriptCoverage) -> None:
        """Adds ``other``'s counts (the same source) to these.

        Raises:
            CoverageError: (``COVERAGE_MISMATCH``) the two counted different versions of it.
        """
        if other.sha256 != self.sha256:
            raise CoverageError(
                "COVERAGE_MISMATCH",
                f"{self.path} differs between the runs merged (its source changed): merge "
                "the coverage of runs of one version of the game.",
            )
        for line, count in other.lines.items():
            self.lines[line] = self.lines.get(line, 0) + count
        for mine, theirs in zip(self.decisions, other.decisions, strict=True):
            mine.arms = [
                (label, a + b) for (label, a), (_, b) in zip(mine.arms, theirs.arms, strict=True)
            ]
        self.functions = [
            (name, line, a + b)
            for (name, line, a), (_, _, b) in zip(self.functions, other.functions, strict=True)
        ]
        self.source = self.source or other.source

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "sha256": self.sha256,
            "lines": {str(line): count for line, count in sorted(self.lines.items())},
            "decisions": [
                {"line": d.line, "kind": d.kind, "arms": [list(arm) for arm in d.arms]}
                for d in self.decisions
            ],
            "functions": [list(function) for function in self.functions],
            "source": self.source,
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> ScriptCoverage:
        return cls(
            path=raw["path"],
            sha256=raw["sha256"],
            lines={int(line): count for line, count in raw["lines"].items()},
            decisions=[
                DecisionCounts(d["line"], d["kind"], [(label, n) for label, n in d["arms"]])
                for d in raw["decisions"]
            ],
            functions=[(name, line, count) for name, line, count in raw["functions"]],
            source=raw.get("source", ""),
        )


class Counted(Protocol):
    """What the reports read from a run's coverage (:class:`~agent_client.coverage.data.
    CoverageData`): its scripts by path, the scripts not counted with why, the project."""

    @property
    def project(self) -> str: ...

    @property
    def scripts(self) -> Mapping[str, ScriptCoverage]: ...

    @property
    def uncounted(self) -> Mapping[str, str]: ...

    @property
    def lines(self) -> int: ...

    @property
    def lines_hit(self) -> int: ...

    @property
    def branches(self) -> int: ...

    @property
    def branches_hit(self) -> int: ...
