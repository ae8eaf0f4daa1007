"""``agent-bridge report merge DIR... -o report/``: the blobs of a run's shards joined into one
static HTML report.

    report = merge_report(["blobs"], "report")     # ResultsError naming what is wrong
    report.index                                   # report/index.html

What it writes into the report folder:

    index.html          every test: outcome, duration, shard, failure message and details,
                        links to its trace, replays, screenshots and other files
    report.json         the same as data
    files/<blob>/...    the blobs' files, copied
    coverage/           the blobs' GDScript coverage joined (pytest --agent-coverage): the
                        counts, coverage.lcov and html/index.html (a folder per game when
                        the run launched several), linked from the page
    traces/<blob>/...   each trace.zip as the trace viewer's offline page (agent-bridge trace
                        show), so a report's trace links open without anything else

A blob is refused whole when it is not one, is damaged, or lists a file (a trace) it does not
hold; blobs that cannot belong to one run (two copies of a shard, shards of different splits,
one test in two blobs) are refused together. A trace that is there but cannot be read is
said in the report and on stderr, and its test keeps its other links.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

import orjson

from agent_client.report import page
from agent_client.report.model import Link, MergedReport, ReportCase
from agent_client.results.blob import OUTCOMES, Blob, CaseFile, find_blobs, read_blob
from agent_client.results.durations import save_durations
from agent_client.trace.view import TraceError, load_trace, render_html
from agent_client.wire.errors import ResultsError

__all__ = ["Link", "MergedReport", "ReportCase", "merge_report"]

REPORT_KIND = "agent-bridge-report"
# A row's links in this order: what explains a failure first.
LINK_ORDER = ("trace", "replay", "screenshot", "trace-zip", "file")
REPORT_FILE = "report.json"
COVERAGE_DIR = "coverage"


def merge_report(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    durations: str | os.PathLike[str] | None = None,
) -> MergedReport:
    """Join blobs into one report in ``out``.

    Args:
        paths: blob folders, or folders holding blob folders (a CI matrix's downloads).
        out: the report folder: made, or replaced when it holds an earlier report.
        durations: also write every test's duration into this durations file (the entries
            of tests the blobs do not hold are kept).

    Returns:
        The report: its cases, the blobs read and the notes it shows.

    Raises:
        ResultsError: (``BAD_BLOB``) a path is not a blob, or a blob is damaged or lacks a file
            it lists; blobs that do not belong together; (``BAD_OUTPUT``) ``out`` is a file
            or a folder holding something else than a report.
    """
    blobs = [read_blob(path) for path in find_blobs(paths)]
    labels = _labels(blobs)
    notes = _check_together(blobs, labels)
    target = _prepare_out(Path(out))
    report = MergedReport(out=target, cases=[], blobs=blobs, labels=labels, notes=notes)
    seen_errors: set[str] = set()
    for blob, label in zip(blobs, labels, strict=True):
        shard = str(blob.shard) if blob.shard else ""
        for result in blob.tests:
            links = _copy_files(blob, label, result.files, target, report.notes)
            report.cases.append(ReportCase(result, label, shard, links))
        for error in blob.errors:  # every shard collects the same files: say each once
            if error.nodeid not in seen_errors:
                seen_errors.add(error.nodeid)
                report.cases.append(ReportCase(error, label, shard, collection=True))
    _join_coverage(report)
    report.cases.sort(
        key=lambda case: (
            not case.collection,
            OUTCOMES.index(case.result.outcome),
            case.result.nodeid,
        )
    )
    (target / REPORT_FILE).write_bytes(
        orjson.dumps(_report_json(report), option=orjson.OPT_INDENT_2) + b"\n"
    )
    page.write_index(report)
    if durations is not None:
        save_durations(
            durations, {case.result.nodeid: case.result.duration for case in report.tests}
        )
    return report


def _labels(blobs: Sequence[Blob]) -> list[str]:
    """Each blob's folder name in the report: its shard, else its folder's name, made unique."""
    labels: list[str] = []
    for blob in blobs:
        label, number = blob.label, 2
        while label in labels:
            label, number = f"{blob.label}-{number}", number + 1
        labels.append(label)
    return labels


def _check_together(blobs: Sequence[Blob], labels: Sequence[str]) -> list[str]:
    """Refuse blobs that cannot be one run's; return notes on what is incomplete."""
    bad = "BAD_BLOB"
    totals = {blob.shard.total for blob in blobs if blob.shard}
    if len(totals) > 1:
        splits = ", ".join(f"{blob.path} is shard {blob.shard}" for blob in blobs if blob.shard)
        raise ResultsError(
            bad, f"The blobs come from different splits ({splits}): merge one run's."
        )
    owner: dict[str, Path] = {}
    shards: dict[int, Path] = {}
    for blob in blobs:
        if blob.shard is not None:
            if blob.shard.index in shards:
                raise ResultsError(
                    bad,
                    f"{shards[blob.shard.index]} and {blob.path} are both shard {blob.shard}: "
                    "merge one run's blobs.",
                )
            shards[blob.shard.index] = blob.path
        for case in blob.tests:
            if case.nodeid in owner:
                raise ResultsError(
                    bad,
                    f"{case.nodeid} is in two blobs, {owner[case.nodeid]} and {blob.path}: "
                    "merge one run's blobs.",
                )
            owner[case.nodeid] = blob.path
    notes = [
        f"{label}: the run did not finish, so its results are partial ({blob.path})."
        for blob, label in zip(blobs, labels, strict=True)
        if not blob.complete
    ]
    if totals:
        total = totals.pop()
        missing = [str(index) for index in range(1, total + 1) if index not in shards]
        if len(missing) == 1:
            notes.append(f"Shard {missing[0]} of {total} is missing: its tests are not here.")
        elif missing:
            notes.append(
                f"Shards {', '.join(missing)} of {total} are missing: their tests are not here."
            )
    return notes


def _prepare_out(out: Path) -> Path:
    if out.exists() and not out.is_dir():
        raise ResultsError("BAD_OUTPUT", f"{out} is a file; the report is a folder: name another.")
    if out.is_dir() and any(out.iterdir()):
        try:
            earlier = orjson.loads((out / REPORT_FILE).read_bytes()).get("kind")
        except (OSError, orjson.JSONDecodeError, AttributeError):
            earlier = None
        if earlier != REPORT_KIND:
            raise ResultsError(
                "BAD_OUTPUT",
                f"{out} is not empty and holds no earlier report: name a folder of its own "
                "for the report, or empty this one.",
            )
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _copy_files(
    blob: Blob, label: str, files: Sequence[CaseFile], out: Path, notes: list[str]
) -> list[Link]:
    """Copy a test's files into ``files/<label>/``; a trace also gets its viewer page."""
    links: list[Link] = []
    for item in files:
        relative = PurePosixPath("files", label, item.path)
        copied = out / relative
        copied.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(blob.path / item.path, copied)
        name = PurePosixPath(item.path).name
        prefix = f"{item.group}: " if item.group and _several_groups(files) else ""
        if item.kind != "trace":
            links.append(Link(prefix + name, relative.as_posix(), item.kind))
            continue
        viewer = PurePosixPath("traces", label, item.path).with_suffix(".html")
        try:
            render_html(load_trace(copied), out / viewer)
        except TraceError as error:
            notes.append(f"{label}: the trace of {item.path} cannot be shown: {error}")
            links.append(Link(prefix + "trace", relative.as_posix(), "trace", problem=str(error)))
            continue
        links.append(Link(prefix + "trace", viewer.as_posix(), "trace"))
        links.append(Link(prefix + name, relative.as_posix(), "trace-zip"))
    return sorted(links, key=lambda link: LINK_ORDER.index(link.kind))


def _several_groups(files: Sequence[CaseFile]) -> bool:
    return len({item.group for item in files}) > 1


def _join_coverage(report: MergedReport) -> None:
    """The blobs' coverage, joined into the report's coverage folder, a link a game; a blob
    without coverage beside blobs with it is noted (the counts miss its tests)."""
    files = [blob.path / name for blob in report.blobs for name in blob.coverage]
    if not files:
        return
    from agent_client.coverage.runs import CoverageRuns

    runs = CoverageRuns().load(files)
    report.notes += [f"coverage: {problem}" for problem in runs.problems]
    for blob, label in zip(report.blobs, report.labels, strict=True):
        if not blob.coverage:
            report.notes.append(f"{label} has no coverage: the coverage leaves its tests out.")
    folder = report.out / COVERAGE_DIR
    runs.save(folder)
    runs.write(folder, ("lcov", "html"))
    for name in sorted(runs.games):
        page = runs.place(folder, name) / "html" / "index.html"
        href = page.relative_to(report.out).as_posix()
        report.coverage.append(Link(runs.line(name), href, "coverage"))


def _report_json(report: MergedReport) -> dict[str, Any]:
    return {
        "kind": REPORT_KIND,
        "format": 1,
        "counts": report.counts(),
        "collection_errors": len(report.collection_errors),
        "notes": report.notes,
        "coverage": [{"label": link.label, "href": link.href} for link in report.coverage],
        "blobs": [
            {
                "label": label,
                "path": str(blob.path),
                "shard": str(blob.shard) if blob.shard else None,
                "wall": blob.wall,
                "tests": len(blob.tests),
                "complete": blob.complete,
            }
            for blob, label in zip(report.blobs, report.labels, strict=True)
        ],
        "tests": [
            {
                "nodeid": case.result.nodeid,
                "outcome": case.result.outcome,
                "duration": case.result.duration,
                "message": case.result.message,
                "blob": case.blob,
                "collection": case.collection,
                "links": [
                    {"label": link.label, "href": link.href, "kind": link.kind}
                    | ({"problem": link.problem} if link.problem else {})
                    for link in case.links
                ],
            }
            for case in report.cases
        ],
    }


# --- the command line ---------------------------------------------------------------------------
