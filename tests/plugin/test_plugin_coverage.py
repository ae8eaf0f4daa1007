"""``pytest --agent-coverage`` on a real engine (tests/coverage_game): the counts of every
game the fixtures launched, over two xdist workers, add up into one terminal table, lcov file
and HTML page; the run's blob carries them, ``agent-bridge report merge`` joins two shards'
into the merged report, and ``agent-bridge coverage FILE`` reads the saved counts again."""

from __future__ import annotations

import re
import subprocess
import sys

import orjson
import pytest

from agent_client.coverage import CoverageData
from agent_client.results.blob import read_blob
from tests.conftest import COVERAGE_GAME, line_of

pytest_plugins = ["pytester"]

SPELL = COVERAGE_GAME / "scripts" / "spell.gd"
FIRE = line_of(SPELL, "return power * 2")
ICE = line_of(SPELL, "elif") + 1
OTHER = line_of(SPELL, "return 0")
# One test per element: on two workers, each worker's game casts only its own.
TESTS = """
import pytest

@pytest.mark.parametrize("element", ["fire", "ice"])
def test_cast(game, element):
    assert game.command("cast", element=element)["hit"] == 0
"""


def spell_lines(lcov: str) -> dict[int, int]:
    """The DA records of spell.gd in an lcov tracefile: line -> count."""
    section = lcov.split("SF:scripts/spell.gd\n", 1)[1].split("end_of_record", 1)[0]
    return {int(line): int(count) for line, count in re.findall(r"^DA:(\d+),(\d+)", section, re.M)}


def test_a_runs_coverage_adds_up_over_its_workers(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_spells=TESTS)
    result = pytester.runpytest_subprocess(
        "-n",
        "2",
        "-p",
        "no:cacheprovider",
        "--godot-project",
        str(COVERAGE_GAME),
        "--agent-coverage",
        "--agent-coverage-report=term,lcov,html",
        "--agent-blob=blob",
    )
    result.assert_outcomes(passed=2)
    output = result.stdout.str()
    assert "GDScript coverage" in output
    assert re.search(r"^scripts/spell\.gd\s+5\s+1\s+80%", output, re.M), output

    lines = spell_lines((pytester.path / "agent-coverage" / "coverage.lcov").read_text())
    # Each worker cast one element: only the two workers' counts together hit both.
    assert (lines[FIRE], lines[ICE], lines[OTHER]) == (1, 1, 0)
    assert (pytester.path / "agent-coverage" / "html" / "index.html").is_file()
    folder = pytester.path / "agent-coverage"
    saved = CoverageData.load(folder / "coverage_game.agent-coverage.json")
    assert saved.scripts["scripts/spell.gd"].lines[FIRE] == 1

    blob = read_blob(pytester.path / "blob")
    assert blob.coverage == ["coverage/coverage_game.agent-coverage.json"]


def test_report_merge_joins_the_shards_coverage(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_spells=TESTS)
    for shard in ("1/2", "2/2"):
        result = pytester.runpytest_subprocess(
            "-p",
            "no:cacheprovider",
            "--godot-project",
            str(COVERAGE_GAME),
            "--agent-coverage",
            f"--agent-shard={shard}",
            f"--agent-blob=blob-{shard[0]}",
            f"--agent-coverage-dir=coverage-{shard[0]}",
        )
        result.assert_outcomes(passed=1)
    merged = subprocess.run(
        [sys.executable, "-m", "agent_client.cli", "report", "merge", "blob-1", "blob-2"],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert merged.returncode == 0, merged.stderr
    report = pytester.path / "report"
    lines = spell_lines((report / "coverage" / "coverage.lcov").read_text())
    assert (lines[FIRE], lines[ICE]) == (1, 1), "one shard cast fire, the other ice"
    page = (report / "index.html").read_text(encoding="utf-8")
    assert 'href="coverage/html/index.html"' in page
    assert orjson.loads((report / "report.json").read_bytes())["coverage"][0]["href"] == (
        "coverage/html/index.html"
    )

    # The saved counts read again from the command line, both shards' joined.
    again = subprocess.run(
        [
            sys.executable,
            "-m",
            "agent_client.cli",
            "coverage",
            "coverage-1/coverage_game.agent-coverage.json",
            "coverage-2/coverage_game.agent-coverage.json",
            "--out",
            "joined",
            "--report",
            "term,lcov",
        ],
        cwd=pytester.path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert again.returncode == 0, again.stderr
    assert re.search(r"^scripts/spell\.gd\s+5\s+1\s+80%", again.stdout, re.M), again.stdout
    assert spell_lines((pytester.path / "joined" / "coverage.lcov").read_text())[FIRE] == 1


def test_a_report_kind_that_does_not_exist_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_spells=TESTS)
    result = pytester.runpytest_subprocess(
        "-p", "no:cacheprovider", "--agent-coverage", "--agent-coverage-report=xml"
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "coverage reports are term, lcov, html" in result.stderr.str()
