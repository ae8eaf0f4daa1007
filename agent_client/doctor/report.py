"""What ``doctor`` found: one verdict per invariant, each with the nodes, properties and likely
causes behind a failure, as text (one verdict a line) and as JSON."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

# Verdict names, in the order they are checked and printed (docs/COMPATIBILITY.md).
LAUNCH = "launch"
READ = "read"
REPEAT = "repeat"
RESET = "reset"
ERRORS = "errors"
STOP = "stop"
INVARIANTS = (LAUNCH, READ, REPEAT, RESET, ERRORS, STOP)
# Differing nodes a verdict details before "and N more".
SHOWN_NODES = 8


@dataclass
class Cause:
    """A likely cause of a difference: where in the game's scripts, what it does, and what to
    do about it."""

    kind: str
    where: str  # res://path.gd:LINE
    what: str
    remedy: str


@dataclass
class FieldChange:
    """One field of a node's digest that differs: its name and the two values."""

    name: str
    before: Any
    after: Any


@dataclass
class NodeDifference:
    """A node whose state differs between two games at the same frame (``changed``), or that
    only one of them has (``missing`` from the second, ``extra`` in it)."""

    path: str
    kind: str
    fields: list[FieldChange] = field(default_factory=list)
    causes: list[Cause] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The node, what of it differs, and its likely causes, as indented report lines."""
        if self.kind != "changed":
            head = f"{self.path}: {'not in' if self.kind == 'missing' else 'only in'} the second"
        else:
            shown = ", ".join(
                f"{change.name} {_short(change.before)} vs {_short(change.after)}"
                for change in self.fields[:3]
            )
            head = f"{self.path}: {shown or 'its order among its siblings'}"
        lines = [head]
        for cause in self.causes:
            lines.append(f"  likely cause: {cause.where} {cause.what}")
            lines.append(f"  what to do: {cause.remedy}")
        if self.kind == "changed" and not self.causes:
            lines.append(
                "  likely cause: none found in the game's scripts (a value the engine computes "
                "from the machine, or state a node keeps outside its script variables)"
            )
        return lines


@dataclass
class Verdict:
    """One invariant on one game: whether it holds, a one-line summary, and the details
    (differences, errors) when it does not."""

    name: str
    ok: bool
    summary: str
    differences: list[NodeDifference] = field(default_factory=list)
    details: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        lines = [f"{'ok  ' if self.ok else 'FAIL'}  {self.name}: {self.summary}"]
        for difference in self.differences[:SHOWN_NODES]:
            lines += ["        " + line for line in difference.lines()]
        if len(self.differences) > SHOWN_NODES:
            lines.append(f"        and {len(self.differences) - SHOWN_NODES} more node(s)")
        lines += ["        " + line for line in self.details]
        return lines


@dataclass
class Report:
    """Every verdict on one game (``ok``: all hold), with what was run."""

    project: str
    facts: dict[str, Any]
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(verdict.ok for verdict in self.verdicts)

    def verdict(self, name: str) -> Verdict | None:
        return next((verdict for verdict in self.verdicts if verdict.name == name), None)

    def text(self) -> str:
        facts = ", ".join(f"{name} {value}" for name, value in self.facts.items())
        lines = [f"doctor {self.project} ({facts})"]
        for verdict in self.verdicts:
            lines += verdict.lines()
        held = sum(verdict.ok for verdict in self.verdicts)
        lines.append(f"{held} of {len(self.verdicts)} hold")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["ok"] = self.ok
        return data


def differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[NodeDifference]:
    """The nodes whose digest state differs between two games (``digest(state=True)``'s
    ``state`` of each), field by field, in the first game's tree order."""
    found: list[NodeDifference] = []
    for path, fields in before.items():
        other = after.get(path)
        if other is None:
            found.append(NodeDifference(path, "missing"))
            continue
        changes = [
            FieldChange(name, value, other.get(name))
            for name, value in fields.items()
            if other.get(name) != value
        ]
        changes += [FieldChange(name, None, other[name]) for name in other if name not in fields]
        if changes:
            found.append(NodeDifference(path, "changed", changes))
    found += [NodeDifference(path, "extra") for path in after if path not in before]
    if not found and list(before) != list(after):
        found.append(NodeDifference(next(iter(before), "/root"), "changed"))
    return found


def _short(value: Any, limit: int = 48) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
