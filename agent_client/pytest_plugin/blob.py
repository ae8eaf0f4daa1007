"""The results blob of a run (``--agent-blob DIR``, and by default with ``--agent-shard``), a
plugin of its own that the package's ``pytest_plugins`` loads: every test's outcome,
duration, failure message and report sections, its files (the ``trace.zip`` and the failure
artifacts the game fixtures left, found through the ``agent_artifacts_<fixture>`` and
``agent_trace_<fixture>`` properties the reports carry), and the run's JUnit XML, for
``agent-bridge report merge`` (the format: :mod:`agent_client.results.blob`).

Under pytest-xdist the controller writes the blob from the reports the workers send.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from agent_client.pytest_plugin.shards import option_group, shard_option
from agent_client.results.blob import Blob, CaseResult, copy_case_files, prepare_blob, write_blob
from agent_client.wire.errors import ResultsError

DEFAULT_BLOB = "agent-blob"
PLUGIN = "agent-bridge-blob-run"  # the run's BlobRun, by this name (coverage.py adds to it)
JUNIT_FILE = "junit.xml"
# A test's text in the blob is cut to this many characters (a report, not an archive).
TEXT_LIMIT = 50_000
PROPERTY_PREFIXES = ("agent_artifacts_", "agent_trace_")
# Files in a test's artifacts folder written this long before the test started still count
# as its own (file times are coarse on some file systems); older ones are an earlier run's.
CLOCK_SLACK = 1.0


def pytest_addoption(parser: pytest.Parser) -> None:
    option_group(parser).addoption(
        "--agent-blob",
        dest="agent_blob",
        default=None,
        metavar="DIR",
        help="write this run's results into DIR for `agent-bridge report merge`: each "
        "test's outcome, duration, failure, trace and artifacts, and the JUnit XML "
        f"(default with --agent-shard: {DEFAULT_BLOB})",
    )


@pytest.hookimpl(tryfirst=True)  # before pytest's junitxml reads --junitxml
def pytest_configure(config: pytest.Config) -> None:
    given = config.getoption("agent_blob")
    shard = shard_option(config)
    if (given is None and shard is None) or hasattr(config, "workerinput"):
        return
    try:
        folder = prepare_blob(config.invocation_params.dir / (given or DEFAULT_BLOB))
    except ResultsError as error:
        raise pytest.UsageError(f"--agent-blob: {error}") from None
    junit = config.option.xmlpath
    if not junit:
        config.option.xmlpath = str(folder / JUNIT_FILE)
    run = BlobRun(
        blob=Blob(path=folder.resolve(), shard=shard, complete=False),
        junit=Path(junit).resolve() if junit else None,
    )
    config.pluginmanager.register(run, PLUGIN)


@dataclass
class _Phases:
    """The reports of one test so far."""

    reports: dict[str, Any] = field(default_factory=dict)
    duration: float = 0.0


@dataclass(eq=False)  # a plugin: pluggy keeps plugins in sets
class BlobRun:
    """The hooks that gather the run's results and write its blob at the end."""

    blob: Blob
    junit: Path | None  # a --junitxml of the user's, copied in at the end
    started: float = field(default_factory=time.monotonic)
    running: dict[str, _Phases] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.blob.started = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            message, details = _failure_text(report)
            self.blob.errors.append(CaseResult(report.nodeid, "error", 0.0, message, details))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.outcome not in ("passed", "failed", "skipped"):
            return  # "rerun" and the like: the test is not over
        phases = self.running.setdefault(report.nodeid, _Phases())
        phases.reports[report.when] = report
        phases.duration += report.duration
        if report.when == "teardown":
            self._finish(report.nodeid)

    @pytest.hookimpl(trylast=True)  # after junitxml wrote its file
    def pytest_sessionfinish(self) -> None:
        for nodeid in list(self.running):  # a test whose teardown never came (a crash)
            self._finish(nodeid)
        self.blob.wall = time.monotonic() - self.started
        self.blob.complete = True
        junit = self.blob.path / JUNIT_FILE
        if self.junit is not None and self.junit.is_file() and self.junit != junit:
            shutil.copyfile(self.junit, junit)
        self.blob.junit = JUNIT_FILE if junit.is_file() else None
        write_blob(self.blob)

    def _finish(self, nodeid: str) -> None:
        phases = self.running.pop(nodeid)
        outcome, failed = _outcome(phases.reports)
        message, details = _failure_text(failed) if failed is not None else ("", "")
        last = phases.reports.get("teardown") or list(phases.reports.values())[-1]
        self.blob.tests.append(
            CaseResult(
                nodeid=nodeid,
                outcome=outcome,
                duration=phases.duration,
                message=message,
                details=details,
                sections=[
                    (title, text[:TEXT_LIMIT])
                    for title, text in (failed.sections if failed is not None else [])
                ],
                files=copy_case_files(
                    self.blob.path,
                    nodeid,
                    _sources(last.user_properties),
                    since=_started(phases.reports) - CLOCK_SLACK,
                ),
            )
        )


def _outcome(reports: dict[str, Any]) -> tuple[str, Any]:
    """The test's outcome as pytest counts it, and the report that says why it did not pass
    (None when it passed)."""
    setup, call, teardown = (reports.get(when) for when in ("setup", "call", "teardown"))
    if setup is not None and setup.failed:
        return "error", setup
    if setup is not None and setup.skipped:
        return ("xfailed" if hasattr(setup, "wasxfail") else "skipped"), setup
    if call is not None:
        if hasattr(call, "wasxfail"):
            return ("xfailed", call) if call.skipped else ("xpassed", None)
        if call.failed:
            return "failed", call
        if call.skipped:
            return "skipped", call
    if teardown is not None and teardown.failed:
        return "error", teardown
    return "passed", None


def _started(reports: dict[str, Any]) -> float:
    """When the test's first phase started (``time.time()``), from its reports."""
    return min((report.start for report in reports.values()), default=time.time())


def _failure_text(report: Any) -> tuple[str, str]:
    """The one-line reason (the exception pytest shows in its summary) and the whole text."""
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # a skip: (file, line, reason)
        reason = str(longrepr[2]).removeprefix("Skipped: ")
        return reason, reason
    details = str(report.longreprtext or "")
    crash = getattr(longrepr, "reprcrash", None)
    lines = [line for line in details.strip().splitlines() if line.strip()]
    message = crash.message if crash is not None else (lines[0] if lines else report.outcome)
    return str(message)[:TEXT_LIMIT], details[:TEXT_LIMIT]


def _sources(properties: list[tuple[str, object]]) -> list[tuple[str, Path]]:
    """``(fixture, folder or file)`` for each game fixture's artifacts and trace."""
    sources: list[tuple[str, Path]] = []
    for name, value in properties:
        for prefix in PROPERTY_PREFIXES:
            if name.startswith(prefix):
                path = Path(str(value))
                fixture = name[len(prefix) :]
                # The trace lies in the artifacts folder when the test failed; alone otherwise.
                folder = path if prefix == "agent_artifacts_" else path.parent
                if (fixture, folder) not in sources:
                    sources.append((fixture, folder))
    return sources
