"""What a merged report holds: its tests (each with the blob it came from and its links), the
blobs read and the notes; :mod:`agent_client.report.merge` makes it, ``page`` draws it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from agent_client.results.blob import OUTCOMES, Blob, CaseResult

INDEX_FILE = "index.html"


@dataclass(frozen=True)
class Link:
    """A link of a test's row: ``href`` is relative to the report folder. ``problem`` says
    why a trace has no viewer page (the zip is still linked)."""

    label: str
    href: str
    kind: str
    problem: str = ""


@dataclass
class ReportCase:
    """A test (or a collection error) in the report, with the blob it came from."""

    result: CaseResult
    blob: str
    shard: str
    links: list[Link] = field(default_factory=list)
    collection: bool = False


@dataclass
class MergedReport:
    """What :func:`merge_report` wrote."""

    out: Path
    cases: list[ReportCase]
    blobs: list[Blob]
    labels: list[str]
    notes: list[str] = field(default_factory=list)
    # The games' coverage pages (the blobs' --agent-coverage counts, joined), one link a game.
    coverage: list[Link] = field(default_factory=list)

    @property
    def index(self) -> Path:
        return self.out / INDEX_FILE

    @property
    def tests(self) -> list[ReportCase]:
        """The tests, without the collection errors."""
        return [case for case in self.cases if not case.collection]

    @property
    def collection_errors(self) -> list[ReportCase]:
        return [case for case in self.cases if case.collection]

    def counts(self, *, rows: bool = False) -> dict[str, int]:
        """How many tests ended each way, worst first; with ``rows``, collection errors
        count as errors too (the page's rows)."""
        found = dict.fromkeys(OUTCOMES, 0)
        for case in self.cases if rows else self.tests:
            found[case.result.outcome] += 1
        return {outcome: count for outcome, count in found.items() if count}

    def summary(self) -> str:
        """``200 tests: 8 failed, 192 passed`` (and ``; 1 collection error`` when some)."""
        tests = self.tests
        counts = ", ".join(
            f"{count} {outcome}{'s' if outcome == 'error' and count != 1 else ''}"
            for outcome, count in self.counts().items()
        )
        errors = len(self.collection_errors)
        return (
            f"{len(tests)} test{'' if len(tests) == 1 else 's'}"
            + (f": {counts}" if counts else "")
            + (f"; {errors} collection error{'' if errors == 1 else 's'}" if errors else "")
        )
