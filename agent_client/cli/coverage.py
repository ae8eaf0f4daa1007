"""``agent-bridge coverage``: the GDScript coverage of a session started with ``start
--coverage`` (its counts so far), or of counts saved earlier (``stop`` saves a session's
final counts; ``pytest --agent-coverage`` saves a run's), as a terminal table, an lcov file
and HTML pages (docs/COVERAGE.md)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from agent_client.cli.output import show, show_json
from agent_client.presentation.errors import UsageError

if TYPE_CHECKING:
    from agent_client.coverage.runs import CoverageRuns

# Where the reports and the saved counts go unless --out says otherwise (as pytest's).
DEFAULT_DIR = "agent-coverage"


def coverage_command(args: argparse.Namespace) -> int:
    from agent_client.coverage.runs import CoverageRuns, report_kinds

    try:
        kinds = report_kinds(args.report)
    except ValueError as error:
        raise UsageError("BAD_ARGS", f"--report: {error}.") from None
    runs = CoverageRuns().load(args.files) if args.files else _session_counts(args)
    if not runs.games:
        raise UsageError("NO_COVERAGE", "No counts: " + "; ".join(runs.problems or ["none"]))
    out = Path(args.out)
    written = ([] if args.files else runs.save(out)) + runs.write(out, kinds)
    if args.json:
        show_json(
            {
                "games": {name: data.to_json() for name, data in runs.games.items()},
                "problems": runs.problems,
                "written": [str(path) for path in written],
            }
        )
        return 0
    show(runs.summary() if "term" in kinds else runs.totals())
    for path in written:
        show(f"wrote {path}")
    return 0


def _session_counts(args: argparse.Namespace) -> CoverageRuns:
    """The running session's counts so far."""
    from agent_client.cli.attach import attach
    from agent_client.coverage.runs import CoverageRuns
    from agent_client.engine.sessions import session_dir

    client = attach(session_dir(args.session), args.timeout)
    try:
        runs = CoverageRuns()
        runs.add(client.coverage())
        return runs
    finally:
        client.close()


def save_final(folder: Path, out: Path = Path(DEFAULT_DIR)) -> str:
    """A stopped session's final counts (the game wrote them as it quit), saved into ``out``
    for ``agent-bridge coverage FILE``; what to print about it."""
    from agent_client.coverage.runs import CoverageRuns
    from agent_client.coverage.session import read

    try:
        data = read(folder)
    except (OSError, ValueError) as error:
        return f"coverage: the game left no final counts ({error})"
    runs = CoverageRuns()
    runs.add(data)
    saved = runs.save(out)
    return f"coverage: {runs.totals()}; saved {', '.join(str(path) for path in saved)}"
