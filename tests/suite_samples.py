"""A generated pytest suite of game tests for the shard, blob and report tests and the shard
benchmark (bench/bench_shards.py).

``write_suite(folder, tests=200)`` writes a suite whose ``game`` fixture is the fake bridge
(tests/fake) with a session folder, so every test records a real ``trace.zip`` (the suite's
ini sets ``agent_trace = on``). Each test clicks Play on the conformance scene and checks the
play count after sleeping a few milliseconds (more for some tests, so durations differ); the
tests numbered 3 modulo ``fail_every`` (1 in 25 by default) assert a wrong count and fail on
purpose. The returned
``SampleSuite`` says which tests pass and which fail.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PER_FILE = 20

CONFTEST = """
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, {repo!r})

import pytest

from agent_client import AgentClient
from agent_client.connection.connection import Connection
from tests.fake import FakeBridge, FakeTransport
from tests.fake.scene import MAIN_SCENE


@pytest.fixture(scope="session")
def agent_launcher(tmp_path_factory):
    # The fake bridge in this process, with a session folder a trace is recorded into.
    sessions = tmp_path_factory.mktemp("sessions")

    def launch(options):
        bridge = FakeBridge(options.get("scene") or MAIN_SCENE)
        folder = Path(tempfile.mkdtemp(dir=sessions))
        connection = Connection(FakeTransport(bridge), timeout=5.0)
        return AgentClient(connection, session_dir=folder, info=bridge.info)

    return launch
"""

INI = """[pytest]
godot_project = .
agent_trace = on
"""

HEADER = """import time


def play_count(game):
    return game.get_property("/root/Conformance", "play_count")
"""

CASE = """

def test_case_{number:03d}(game):
    time.sleep({sleep})
    game.get_by_role("button", name="Play").click()
    assert play_count(game) == {expected}, "case {number:03d} {says}"
"""


@dataclass
class SampleSuite:
    """A written suite: its folder and the node ids that pass and fail."""

    folder: Path
    passed: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)

    @property
    def nodeids(self) -> set[str]:
        return self.passed | self.failed


def write_suite(
    folder: Path, tests: int = 200, *, sleep: float = 0.002, fail_every: int = 25
) -> SampleSuite:
    """Write ``tests`` tests in files of :data:`PER_FILE`; every seventh sleeps five times
    ``sleep`` seconds (so a shard balanced by durations differs from round-robin)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pytest.ini").write_text(INI, encoding="utf-8")
    (folder / "conftest.py").write_text(CONFTEST.format(repo=str(REPO)), encoding="utf-8")
    suite = SampleSuite(folder)
    for first in range(0, tests, PER_FILE):
        name = f"test_games_{first // PER_FILE:02d}.py"
        cases = []
        for number in range(first, min(first + PER_FILE, tests)):
            fails = number % fail_every == 3
            cases.append(
                CASE.format(
                    number=number,
                    sleep=round(sleep * (5 if number % 7 == 0 else 1), 4),
                    expected=2 if fails else 1,
                    says="fails on purpose" if fails else "passes",
                )
            )
            (suite.failed if fails else suite.passed).add(f"{name}::test_case_{number:03d}")
        (folder / name).write_text(HEADER + "".join(cases), encoding="utf-8")
    return suite


def _pytest(args: tuple[str, ...]) -> tuple[list[str], dict[str, str]]:
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
    return command, {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}


def run_pytest(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m pytest ARGS`` in ``folder``, in a process of its own (as a CI job runs
    it)."""
    command, environment = _pytest(args)
    return subprocess.run(
        command, cwd=folder, env=environment, capture_output=True, text=True, timeout=600
    )


def start_pytest(folder: Path, *args: str) -> subprocess.Popen[str]:
    """The same as :func:`run_pytest`, started and left running; what it prints goes to
    ``pytest.log`` in ``folder``."""
    command, environment = _pytest(args)
    with open(folder / "pytest.log", "w", encoding="utf-8") as log:
        return subprocess.Popen(
            command, cwd=folder, env=environment, stdout=log, stderr=subprocess.STDOUT, text=True
        )


# --- the sharded CI workflow, read as steps that can run here ---------------------------------

WORKFLOW = REPO / ".github" / "workflows" / "sharded.yml"
MATRIX_SHARD = "${{ matrix.shard }}"


@dataclass
class ShardedWorkflow:
    """The parts of .github/workflows/sharded.yml the tests check and run: the matrix, and
    the steps by name."""

    data: dict[str, Any]

    @property
    def jobs(self) -> dict[str, Any]:
        return dict(self.data["jobs"])

    @property
    def shards(self) -> list[int]:
        return list(self.jobs["tests"]["strategy"]["matrix"]["shard"])

    def step(self, job: str, name: str) -> dict[str, Any]:
        found = [step for step in self.jobs[job]["steps"] if step.get("name") == name]
        assert len(found) == 1, f"job {job} has no single step named {name!r}"
        return dict(found[0])

    def command(self, job: str, name: str, shard: int | None = None) -> list[str]:
        """A step's ``run`` line as an argv for this machine: the matrix's shard filled in,
        ``.venv/bin/python`` and ``agent-bridge`` taken from this interpreter's folder."""
        line = str(self.step(job, name)["run"])
        if shard is not None:
            line = line.replace(MATRIX_SHARD, str(shard))
        assert "${{" not in line, f"an expression is left in {line!r}"
        argv = shlex.split(line)
        programs = {
            ".venv/bin/python": sys.executable,
            "agent-bridge": str(Path(sys.executable).parent / "agent-bridge"),
        }
        assert argv[0] in programs, f"the step runs {argv[0]}, which this test cannot map"
        return [programs[argv[0]], *argv[1:]]

    def with_values(self, job: str, name: str, shard: int | None = None) -> dict[str, str]:
        """A ``uses:`` step's ``with:`` inputs, the matrix's shard filled in."""
        values = self.step(job, name)["with"]
        return {key: str(value).replace(MATRIX_SHARD, str(shard)) for key, value in values.items()}


def sharded_workflow() -> ShardedWorkflow:
    import yaml

    data = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    if True in data:  # YAML 1.1 reads the key `on` as true
        data["on"] = data.pop(True)
    return ShardedWorkflow(data)
