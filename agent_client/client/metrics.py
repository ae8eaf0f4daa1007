"""The game's health as data: frame timings from the bridge's ``measure`` (per-frame process
and physics time, draw calls when rendering) with their percentiles, and the orphan nodes
``metrics`` lists (nodes taken out of the tree and never freed: the classic Godot leak).

    measurement = game.measure(frames=120)
    expect(measurement).to_be_within(frame_ms=8)
    expect(game).to_have_no_orphans()
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from agent_client.connection.connection import Connection

# The statistics a budget can be held against.
STATISTICS = ("p50", "p95", "max", "mean")
SLOWEST_LISTED = 5
ORPHANS_LISTED = 20


@dataclass(frozen=True)
class Stats:
    """Percentiles of one per-frame figure (nearest rank; all 0 for no frames)."""

    p50: float = 0.0
    p95: float = 0.0
    max: float = 0.0
    mean: float = 0.0

    @classmethod
    def of(cls, values: Sequence[float]) -> Stats:
        if not values:
            return cls()
        ordered = sorted(values)
        return cls(
            p50=_rank(ordered, 50),
            p95=_rank(ordered, 95),
            max=ordered[-1],
            mean=sum(ordered) / len(ordered),
        )

    def get(self, statistic: str) -> float:
        if statistic not in STATISTICS:
            raise ValueError(f"A statistic is one of {', '.join(STATISTICS)}, not {statistic!r}.")
        return float(getattr(self, statistic))

    def __str__(self) -> str:
        return f"p50 {self.p50:.2f}, p95 {self.p95:.2f}, max {self.max:.2f}"


def _rank(ordered: Sequence[float], percent: float) -> float:
    return ordered[max(0, math.ceil(percent / 100 * len(ordered)) - 1)]


@dataclass
class Measurement:
    """The frames the bridge timed: per frame, the game's process time and physics time in
    milliseconds (``frame_ms`` is their sum) and, when the game renders, its draw calls.

    A measurement from :meth:`AgentClient.measuring` is filled when its block ends.
    ``connection``: the game's, whose trace records the checks of the measurement."""

    process_ms: list[float] = field(default_factory=list)
    physics_ms: list[float] = field(default_factory=list)
    draw_calls: list[int] | None = None
    finished: bool = False
    connection: Connection | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, data: dict[str, Any], connection: Connection | None = None) -> Measurement:
        """From a ``measure`` or ``measure_stop`` answer."""
        measurement = cls(connection=connection)
        measurement.fill(data)
        return measurement

    def fill(self, data: dict[str, Any]) -> None:
        self.process_ms = [float(value) for value in data.get("process_ms", [])]
        self.physics_ms = [float(value) for value in data.get("physics_ms", [])]
        calls = data.get("draw_calls")
        self.draw_calls = [int(value) for value in calls] if isinstance(calls, list) else None
        self.finished = True

    @property
    def frames(self) -> int:
        return len(self.process_ms)

    @property
    def frame_ms(self) -> list[float]:
        """Per frame, process and physics time together."""
        return [a + b for a, b in zip(self.process_ms, self.physics_ms, strict=True)]

    @property
    def process(self) -> Stats:
        return Stats.of(self.process_ms)

    @property
    def physics(self) -> Stats:
        return Stats.of(self.physics_ms)

    @property
    def frame(self) -> Stats:
        return Stats.of(self.frame_ms)

    @property
    def draws(self) -> Stats | None:
        return Stats.of([float(calls) for calls in self.draw_calls]) if self.draw_calls else None

    def series(self, name: str) -> list[float]:
        """The per-frame values of ``frame_ms``, ``process_ms``, ``physics_ms`` or
        ``draw_calls``."""
        if name == "draw_calls":
            return [float(calls) for calls in self.draw_calls or []]
        if name not in ("frame_ms", "process_ms", "physics_ms"):
            raise ValueError(f"No per-frame figure {name!r}.")
        return list(getattr(self, name))

    def slowest(
        self, name: str = "frame_ms", count: int = SLOWEST_LISTED
    ) -> list[tuple[int, float]]:
        """The ``count`` highest frames of a figure: (frame number from 1, value)."""
        values = self.series(name)
        ranked = sorted(range(len(values)), key=lambda index: values[index], reverse=True)
        return [(index + 1, values[index]) for index in ranked[:count]]

    def __str__(self) -> str:
        if not self.finished:
            return "a measurement still running"
        lines = [
            f"{self.frames} frames",
            f"frame   ms {self.frame}",
            f"process ms {self.process}",
            f"physics ms {self.physics}",
        ]
        if self.draws is not None:
            lines.append(f"draw calls {self.draws}")
        return "\n".join(lines)


# --- orphans ----------------------------------------------------------------------------------


def orphan_ids(metrics: Mapping[str, Any]) -> set[int]:
    """The ids of the orphans a ``metrics(orphans=True)`` answer listed."""
    return {int(entry["id"]) for entry in metrics.get("orphans", []) if "id" in entry}


def new_orphans(
    metrics: Mapping[str, Any], since: Mapping[str, Any] | None
) -> list[dict[str, Any]]:
    """The orphans listed in ``metrics`` that ``since`` (an earlier answer) did not list."""
    known = orphan_ids(since) if since else set()
    return [entry for entry in metrics.get("orphans", []) if entry.get("id") not in known]


def describe_orphans(orphans: Iterable[Mapping[str, Any]], limit: int = ORPHANS_LISTED) -> str:
    """One line per detached branch: its top node's path, type and script, and how many nodes
    hang below it (``Bullet (Area2D, res://bullet.gd) and 2 nodes below it``)."""
    entries = list(orphans)
    tops = [entry for entry in entries if entry.get("top")]
    lines = []
    for top in tops[:limit]:
        prefix = f"{top.get('path')}/"
        below = [entry for entry in entries if str(entry.get("path", "")).startswith(prefix)]
        kind = ", ".join(str(part) for part in (top.get("type"), top.get("script")) if part)
        line = f"{top.get('path')} ({kind})"
        if below:
            shown = ", ".join(f"{entry.get('path')} ({entry.get('type')})" for entry in below[:3])
            more = f", ... {len(below) - 3} more" if len(below) > 3 else ""
            line += (
                f" and {len(below)} node{'s' if len(below) != 1 else ''} below it: {shown}{more}"
            )
        lines.append(line)
    if len(tops) > limit:
        lines.append(f"... and {len(tops) - limit} more branches")
    loose = [entry for entry in entries if not entry.get("top")]
    if not tops and loose:  # the tops were cut off by the listing limit
        lines.extend(f"{entry.get('path')} ({entry.get('type')})" for entry in loose[:limit])
    return "\n".join(lines)
