"""The terminal report: one row per script (its lines, how many missed, the percent, its
branches, the missed lines as ranges), a total, then the scripts that were not counted and
why, so nothing is left out without a word."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_client.coverage.counts import Counted, ScriptCoverage

__all__ = ["missed_ranges", "summary"]


def missed_ranges(lines: dict[int, int]) -> str:
    """The missed lines as ranges over the counted lines: ``"4-9, 14"`` (a range runs over
    lines that are not code, never over a line that ran)."""
    ranges: list[tuple[int, int]] = []
    start = end = 0
    for line in sorted(lines):
        if lines[line] > 0:
            if start:
                ranges.append((start, end))
            start = 0
        elif start:
            end = line
        else:
            start = end = line
    if start:
        ranges.append((start, end))
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in ranges)


def _percent(hit: int, total: int) -> str:
    if total == 0:
        return "-"
    share = 100.0 * hit / total
    # 99.6% is not complete: only a full count shows 100%.
    return f"{share:.0f}%" if hit == total or share < 99.5 else "99%"


def _row(name: str, lines: int, hit: int, branches: int, taken: int, missing: str) -> list[str]:
    return [
        name,
        str(lines),
        str(lines - hit),
        _percent(hit, lines),
        str(branches),
        str(branches - taken),
        _percent(taken, branches),
        missing,
    ]


def summary(data: Counted) -> str:
    header = ["Script", "Lines", "Miss", "Cover", "Branches", "BrMiss", "BrCover", "Missing"]
    rows: list[list[str]] = []
    for path in sorted(data.scripts):
        script: ScriptCoverage = data.scripts[path]
        rows.append(
            _row(
                path,
                len(script.lines),
                script.lines_hit,
                script.branches,
                script.branches_hit,
                missed_ranges(script.lines),
            )
        )
    total = _row("TOTAL", data.lines, data.lines_hit, data.branches, data.branches_hit, "")
    text = _table(header, rows, total)
    if data.uncounted:
        width = max(len(path) for path in data.uncounted)
        text += "\nNot counted:\n" + "".join(
            f"  {path.ljust(width)}  {data.uncounted[path]}\n" for path in sorted(data.uncounted)
        )
    return text


def _table(header: list[str], rows: Sequence[list[str]], total: list[str]) -> str:
    everything = [header, *rows, total]
    widths = [max(len(row[column]) for row in everything) for column in range(len(header))]

    def line(row: list[str]) -> str:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:-1], widths[1:-1], strict=True)]
        return ("  ".join(cells) + "  " + row[-1]).rstrip() + "\n"

    rule = "-" * (sum(widths[:-1]) + 2 * (len(widths) - 1) + len("Missing")) + "\n"
    return line(header) + rule + "".join(line(row) for row in rows) + rule + line(total)
