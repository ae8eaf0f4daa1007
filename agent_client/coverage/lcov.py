"""The lcov tracefile: the format genhtml, CI coverage services and editors read. Scripts
are named by their path relative to the project (``SF:scripts/player.gd``), so a reader
started in the project's folder opens the sources; functions (``FN``/``FNDA``), branches
(``BRDA``: one block per decision, one branch per arm, ``-`` when the decision's line never
ran) and lines (``DA``), with their totals, per script."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agent_client.coverage.counts import Counted, ScriptCoverage

__all__ = ["lcov"]


def lcov(data: Counted) -> str:
    return "".join(_record(data.scripts[path]) for path in sorted(data.scripts))


def _record(script: ScriptCoverage) -> str:
    out = ["TN:", f"SF:{script.path}"]
    for name, line, _ in script.functions:
        out.append(f"FN:{line},{name}")
    for name, _, count in script.functions:
        out.append(f"FNDA:{count},{name}")
    out += [f"FNF:{len(script.functions)}", f"FNH:{script.functions_hit}"]
    for block, decision in enumerate(script.decisions):
        reached = script.lines.get(decision.line, 1) > 0
        for branch, (_, count) in enumerate(decision.arms):
            out.append(f"BRDA:{decision.line},{block},{branch},{count if reached else '-'}")
    out += [f"BRF:{script.branches}", f"BRH:{script.branches_hit}"]
    out += [f"DA:{line},{count}" for line, count in sorted(script.lines.items())]
    out += [f"LF:{len(script.lines)}", f"LH:{script.lines_hit}", "end_of_record"]
    return "\n".join(out) + "\n"
