"""The merged report's page: one HTML file, its rows written here (it reads without script;
the script only filters), its styles and code from ``assets/`` inlined, nothing loaded."""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path

from agent_client.report.model import Link, MergedReport, ReportCase
from agent_client.results.blob import OUTCOMES
from agent_client.trace.view import PLACEHOLDER

TITLE = "Test report"


def _asset(name: str) -> str:
    return (resources.files("agent_client.report") / "assets" / name).read_text("utf-8")


def _seconds(value: float) -> str:
    if value < 60:
        return f"{value:.2f} s"
    minutes, seconds = divmod(value, 60)
    return f"{int(minutes)} min {seconds:04.1f} s"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _summary(report: MergedReport) -> str:
    longest = max((blob.wall for blob in report.blobs), default=0.0)
    parts = [
        report.summary(),
        f"{_plural(len(report.blobs), 'blob')}, the longest run {_seconds(longest)}",
        f"test time {_seconds(sum(case.result.duration for case in report.tests))}",
        "merged " + datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    ]
    return html.escape(" · ".join(parts))


def _coverage(links: Sequence[Link]) -> str:
    if not links:
        return ""
    items = "".join(f"<li>{_link(link)}</li>" for link in links)
    return f'<section id="coverage"><h2>GDScript coverage</h2><ul>{items}</ul></section>'


def _notes(notes: Sequence[str]) -> str:
    if not notes:
        return ""
    items = "".join(f"<li>{html.escape(note)}</li>" for note in notes)
    return f'<ul class="notes" id="notes" role="note">{items}</ul>'


def _filters(report: MergedReport) -> str:
    counts = report.counts(rows=True)
    buttons = [("all", "All", len(report.cases))] + [
        (outcome, outcome.capitalize(), counts[outcome])
        for outcome in OUTCOMES
        if outcome in counts
    ]
    return "".join(
        f'<button type="button" data-outcome="{outcome}" '
        f'aria-pressed="{"true" if outcome == "all" else "false"}">'
        f'{label} <span class="count">{count}</span></button>'
        for outcome, label, count in buttons
    )


def _link(link: Link) -> str:
    href = html.escape(link.href, quote=True)
    label = html.escape(link.label)
    if link.problem:
        return (
            f'<a class="broken" href="{href}" title="{html.escape(link.problem, quote=True)}">'
            f"{label} (unreadable)</a>"
        )
    kind = "trace-link" if link.kind == "trace" else link.kind
    return f'<a class="{kind}" href="{href}">{label}</a>'


def _failure(case: ReportCase) -> str:
    result = case.result
    if not result.message and not result.details:
        return ""
    first, _, _rest = result.message.partition("\n")
    skip = " skip" if result.outcome in ("skipped", "xfailed") else ""
    sections = "".join(
        f'<details class="section"><summary>{html.escape(title)}</summary>'
        f"<pre>{html.escape(text)}</pre></details>"
        for title, text in result.sections
    )
    return (
        f'<details class="failure{skip}"><summary>{html.escape(first or result.outcome)}</summary>'
        f"<pre>{html.escape(result.details or result.message)}</pre>{sections}</details>"
    )


def _row(case: ReportCase) -> str:
    result = case.result
    nodeid = html.escape(result.nodeid, quote=True)
    kind = " collection" if case.collection else ""
    title = "collection error" if case.collection else result.outcome
    duration = "" if case.collection else _seconds(result.duration)
    links = "".join(_link(link) for link in case.links)
    return (
        f'<tr class="case{kind}" data-outcome="{result.outcome}" data-nodeid="{nodeid}">'
        f'<td><span class="badge {result.outcome}">{title}</span></td>'
        f'<td><div class="nodeid">{html.escape(result.nodeid)}</div>{_failure(case)}</td>'
        f'<td class="num">{duration}</td>'
        f"<td>{html.escape(case.shard or case.blob)}</td>"
        f'<td><div class="links">{links}</div></td></tr>'
    )


def _blob_rows(report: MergedReport) -> str:
    rows = []
    for blob, label in zip(report.blobs, report.labels, strict=True):
        counts = {outcome: 0 for outcome in OUTCOMES}
        for result in blob.tests:
            counts[result.outcome] += 1
        outcomes = ", ".join(f"{count} {outcome}" for outcome, count in counts.items() if count)
        unfinished = "" if blob.complete else " (did not finish)"
        rows.append(
            f"<tr><td>{html.escape(label)}{unfinished}</td>"
            f"<td>{html.escape(str(blob.shard) if blob.shard else '')}</td>"
            f'<td class="num">{len(blob.tests)}</td><td>{html.escape(outcomes)}</td>'
            f'<td class="num">{_seconds(blob.wall)}</td><td>{html.escape(blob.started)}</td></tr>'
        )
    return "\n".join(rows)


def build_index(report: MergedReport) -> str:
    """The whole page, as text."""
    parts = {
        "TITLE": TITLE,
        "CSS": _asset("report.css"),
        "JS": _asset("report.js"),
        "SUMMARY": _summary(report),
        "NOTES": _notes(report.notes),
        "COVERAGE": _coverage(report.coverage),
        "FILTERS": _filters(report),
        "ROWS": "\n".join(_row(case) for case in report.cases),
        "SHARDS": _blob_rows(report),
    }
    return PLACEHOLDER.sub(lambda match: parts[match.group(1)], _asset("report.html"))


def write_index(report: MergedReport) -> Path:
    """Write the page as the report's ``index.html``."""
    report.index.write_text(build_index(report), encoding="utf-8")
    return report.index
