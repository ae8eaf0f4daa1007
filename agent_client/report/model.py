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

    @property
    def index(self) -> Path:
        return self.out / INDEX_FILE

    def counts(self) -> dict[str, int]:
        """How many tests ended each way (collection errors count as errors), worst first."""
        found = {outcome: 0 for outcome in OUTCOMES}
        for case in self.cases:
            found[case.result.outcome] += 1
        return {outcome: count for outcome, count in found.items() if count}
