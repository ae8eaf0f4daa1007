"""``--agent-coverage``: the GDScript coverage of a whole run, a plugin of its own that the
package's ``pytest_plugins`` loads (docs/COVERAGE.md, "pytest").

    pytest --agent-coverage                              the terminal table at the end
    pytest --agent-coverage --agent-coverage-report=term,lcov,html --agent-coverage-dir=cov

Every game the ``game`` and ``shared_game`` fixtures launch counts its lines (the launch gets
``coverage=True``); a game's counts are read as it is closed, and all of a run's add up, game
by game (:class:`~agent_client.coverage.runs.CoverageRuns`): under pytest-xdist each worker
hands its counts to the controller, which writes the reports once. With a results blob
(``--agent-blob``, ``--agent-shard``) the counts go into the blob too, and ``agent-bridge
report merge`` joins the shards' into the merged report.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from agent_client.pytest_plugin import blob
from agent_client.pytest_plugin.settings import setting
from agent_client.pytest_plugin.shards import option_group

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient
    from agent_client.coverage.runs import CoverageRuns

PLUGIN = "agent-bridge-coverage-run"
# Where a worker hands its counts to the controller (xdist's workeroutput).
WORKER_KEY = "agent_coverage"
# The folder of a results blob the counts are saved in (results/blob.py lists the files).
COVERAGE_IN_BLOB = "coverage"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = option_group(parser)
    text = "count which lines and branches of the games' GDScript the run reached"
    group.addoption(
        "--agent-coverage", dest="agent_coverage", action="store_true", default=None, help=text
    )
    parser.addini("agent_coverage", help=text, type="bool", default=False)
    texts = {
        "agent_coverage_report": (
            "KINDS",
            "the coverage reports: term, lcov and html, comma-separated (default term; the "
            "counts are saved for merging either way)",
        ),
        "agent_coverage_dir": (
            "DIR",
            "where the coverage reports and counts go (default agent-coverage)",
        ),
    }
    for name, (metavar, help_text) in texts.items():
        group.addoption(
            "--" + name.replace("_", "-"), dest=name, default=None, metavar=metavar, help=help_text
        )
        parser.addini(name, help=help_text, default="")


def enabled(config: pytest.Config) -> bool:
    """Whether this run counts coverage (``--agent-coverage`` or the ini setting)."""
    return bool(setting(config, "agent_coverage"))


def pytest_configure(config: pytest.Config) -> None:
    if not enabled(config):
        return
    from agent_client.coverage.runs import CoverageRuns, report_kinds

    try:
        kinds = report_kinds(str(setting(config, "agent_coverage_report")))
    except ValueError as error:
        raise pytest.UsageError(f"--agent-coverage-report: {error}.") from None
    run = CoverageRun(
        config=config,
        kinds=kinds,
        folder=setting(config, "agent_coverage_dir"),
        runs=CoverageRuns(),
    )
    config.pluginmanager.register(run, PLUGIN)


def counting(config: pytest.Config) -> CoverageRun | None:
    """The run's coverage, when it counts."""
    plugin = config.pluginmanager.get_plugin(PLUGIN)
    return plugin if isinstance(plugin, CoverageRun) else None


@dataclass(eq=False)  # a plugin: pluggy keeps plugins in sets
class CoverageRun:
    """The counts of the games this process closed, and at the end (in the controller) the
    reports."""

    config: pytest.Config
    kinds: tuple[str, ...]
    folder: Path
    runs: CoverageRuns
    written: list[Path] = field(default_factory=list)

    def add(self, client: AgentClient, project: object) -> None:
        """A closed game's counts (as it ended), added to its game's; a game that left none
        (it crashed, or was killed) is said in the report."""
        from agent_client.wire.errors import AgentBridgeError

        try:
            self.runs.add(client.coverage())
        except (AgentBridgeError, OSError, ValueError) as error:
            self.runs.problems.append(f"a game of {project}: its counts are lost: {error}")

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        """An xdist worker's counts, as it finished."""
        from agent_client.coverage.data import CoverageData
        from agent_client.coverage.runs import CoverageRuns

        raw = getattr(node, "workeroutput", {}).get(WORKER_KEY)
        if raw is None:
            if error is not None:
                self.runs.problems.append(f"a worker ended ({error}): its counts are lost")
            return
        worker = CoverageRuns()
        for data in raw["games"]:
            worker.add(CoverageData.from_json(data))
        worker.problems = list(raw["problems"])
        self.runs.merge(worker)

    @pytest.hookimpl(tryfirst=True)  # before the results blob is written (blob.py, trylast)
    def pytest_sessionfinish(self) -> None:
        workeroutput = getattr(self.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: the controller reports
            workeroutput[WORKER_KEY] = {
                "games": [data.to_json() for data in self.runs.games.values()],
                "problems": self.runs.problems,
            }
            return
        self.written = self.runs.save(self.folder) + self.runs.write(self.folder, self.kinds)
        blob_run = self.config.pluginmanager.get_plugin(blob.PLUGIN)
        if blob_run is not None:
            blob_run.blob.coverage = [
                path.relative_to(blob_run.blob.path).as_posix()
                for path in self.runs.save(blob_run.blob.path / COVERAGE_IN_BLOB)
            ]

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if hasattr(self.config, "workeroutput"):
            return
        terminalreporter.write_sep("-", "GDScript coverage")
        if not self.runs.games and not self.runs.problems:
            terminalreporter.write_line(
                "no game was counted: only the games the game and shared_game fixtures launch "
                "count (docs/COVERAGE.md)"
            )
            return
        if "term" in self.kinds:
            terminalreporter.write(self.runs.summary())
        else:
            terminalreporter.write_line(self.runs.totals())
        for path in self.written:
            terminalreporter.write_line(f"written: {path}")
