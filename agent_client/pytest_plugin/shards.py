"""Splitting a suite over machines, a plugin of its own that the package's ``pytest_plugins``
loads (docs/PYTEST.md, "Shards"):

    pytest --agent-shard=2/4                 run the second quarter of the collected tests
    pytest --agent-store-durations           record how long each test took

The split is :func:`agent_client.results.durations.assign`: balanced by the durations file
(``.agent-durations.json`` in the root folder, or ``--agent-durations`` / the
``agent_durations`` ini setting), round-robin without one, the same on every machine for the
same tests and durations. It runs after every other ``pytest_collection_modifyitems`` (``-k``,
``-m``), so the shards split what is left; the others are deselected as ``-k`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from agent_client.results.durations import (
    DURATIONS_FILE,
    Shard,
    assign,
    load_durations,
    parse_shard,
    save_durations,
)
from agent_client.wire.errors import ResultsError


def option_group(parser: pytest.Parser) -> pytest.OptionGroup:
    """The plugin's group of options (the one plugin.py adds its options to)."""
    return parser.getgroup("agent-bridge", "AgentBridge: drive a game from tests")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = option_group(parser)
    group.addoption(
        "--agent-shard",
        dest="agent_shard",
        default=None,
        metavar="K/N",
        help="run only shard K of N: the collected tests split over N machines, balanced "
        "by the durations file (round-robin without one); the results go to --agent-blob",
    )
    durations_help = (
        f"the durations file shards are balanced by (default {DURATIONS_FILE} in the root folder)"
    )
    group.addoption(
        "--agent-durations",
        dest="agent_durations",
        default=None,
        metavar="PATH",
        help=durations_help,
    )
    parser.addini("agent_durations", help=durations_help, default="")
    group.addoption(
        "--agent-store-durations",
        dest="agent_store_durations",
        action="store_true",
        default=False,
        help="write how long each test of this run took into the durations file (other "
        "tests' entries are kept)",
    )


def durations_path(config: pytest.Config) -> Path:
    """``--agent-durations`` (from the current folder), else the ini setting (from the ini
    file's folder), else ``.agent-durations.json`` in the root folder."""
    given = config.getoption("agent_durations")
    if given:
        return (config.invocation_params.dir / str(given)).resolve()
    ini = config.getini("agent_durations")
    if ini:
        base = config.inipath.parent if config.inipath else config.rootpath
        return (base / str(ini)).resolve()
    return config.rootpath / DURATIONS_FILE


def shard_option(config: pytest.Config) -> Shard | None:
    """The ``--agent-shard`` asked for, or None.

    Raises:
        pytest.UsageError: it is not K/N with 1 <= K <= N.
    """
    spec = config.getoption("agent_shard")
    if spec is None:
        return None
    try:
        return parse_shard(str(spec))
    except ResultsError as error:
        raise pytest.UsageError(f"--agent-shard: {error}") from None


def pytest_configure(config: pytest.Config) -> None:
    shard = shard_option(config)
    run = ShardRun(
        shard=shard,
        durations_path=durations_path(config),
        store=bool(config.getoption("agent_store_durations")),
        worker=hasattr(config, "workerinput"),
    )
    if shard is not None:
        try:
            run.durations = load_durations(run.durations_path)
        except ResultsError as error:
            raise pytest.UsageError(str(error)) from None
    if shard is not None or run.store:
        config.pluginmanager.register(run, "agent-bridge-shard-run")


@dataclass(eq=False)  # a plugin: pluggy keeps plugins in sets
class ShardRun:
    """The hooks of a run that is split or stores durations: what the options asked for,
    and the time each test took."""

    shard: Shard | None
    durations_path: Path
    store: bool
    worker: bool
    durations: dict[str, float] = field(default_factory=dict)
    measured: dict[str, float] = field(default_factory=dict)
    summary: str = ""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        if self.shard is None:
            return
        nodeids = [item.nodeid for item in items]
        mine = set(assign(nodeids, self.durations, self.shard.total)[self.shard.index - 1])
        kept = [item for item in items if item.nodeid in mine]
        dropped = [item for item in items if item.nodeid not in mine]
        known = sum(nodeid in self.durations for nodeid in nodeids)
        basis = (
            f"balanced by {self.durations_path.name} ({known} of {len(nodeids)} tests known)"
            if known
            else "round-robin (no durations)"
        )
        self.summary = (
            f"agent-bridge shard {self.shard}: {len(kept)} of {len(nodeids)} tests, {basis}"
        )
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = kept

    def pytest_report_collectionfinish(self) -> list[str]:
        return [self.summary] if self.summary else []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # Setup, call and teardown together: what the test costs a shard.
        if report.outcome in ("passed", "failed", "skipped"):
            self.measured[report.nodeid] = self.measured.get(report.nodeid, 0.0) + report.duration

    @pytest.hookimpl(trylast=True)
    def pytest_sessionfinish(self) -> None:
        if self.store and not self.worker and self.measured:
            save_durations(self.durations_path, self.measured)
