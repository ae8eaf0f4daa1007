"""--agent-shard, --agent-store-durations and --agent-blob, run through pytester: the split,
the durations file, and the blob a run leaves (its tests, their traces and the JUnit XML);
the game is the fake bridge with a session folder, so traces are really recorded."""

from __future__ import annotations

import os
import time
import xml.etree.ElementTree as ElementTree

import orjson
import pytest

from agent_client.results.blob import read_blob
from agent_client.results.durations import load_durations
from tests.suite_samples import CONFTEST, REPO

pytest_plugins = ["pytester"]

PLAIN = "\n".join(f"def test_{number:02d}():\n    pass\n" for number in range(10))
KINDS = """
import pytest

def test_passes(game):
    game.get_by_role("button", name="Play").click()

def test_fails(game):
    game.get_by_role("button", name="Play").click()
    assert False, "the level should have started"

@pytest.fixture
def broken():
    raise RuntimeError("no level")

def test_errors(broken):
    pass

def test_skips():
    pytest.skip("not on this engine")

@pytest.mark.xfail(reason="known")
def test_xfails():
    assert False
"""


@pytest.fixture
def traced(pytester: pytest.Pytester) -> pytest.Pytester:
    """A pytester folder whose ``game`` is the fake bridge with traces on."""
    pytester.makeconftest(CONFTEST.format(repo=str(REPO)))
    pytester.makeini("[pytest]\ngodot_project = .\nagent_trace = on\n")
    return pytester


def ran(result: pytest.RunResult) -> set[str]:
    """The tests a run ran (from -rA's summary lines)."""
    return {
        line.split(" ", 1)[1].split(" - ")[0]
        for line in result.outlines
        if line.startswith(("PASSED ", "FAILED ", "ERROR ", "SKIPPED "))
    }


def test_the_shards_of_a_suite_run_each_test_once(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    # A conftest in a folder of its own makes pytest call hooks on a subset of the plugins.
    pytester.mkpydir("sub")
    (pytester.path / "sub" / "conftest.py").write_text("")
    (pytester.path / "sub" / "test_sub.py").write_text("def test_in_sub():\n    pass\n")
    everything: list[str] = []
    for index in (1, 2, 3):
        result = pytester.runpytest("-rA", f"--agent-shard={index}/3")
        result.stdout.fnmatch_lines(
            [f"agent-bridge shard {index}/3: * of 11 tests, round-robin (no durations)"]
        )
        shard = ran(result)
        assert result.parseoutcomes()["deselected"] == 11 - len(shard)
        everything += shard
    assert sorted(everything) == [
        "sub/test_sub.py::test_in_sub",
        *(f"test_plain.py::test_{number:02d}" for number in range(10)),
    ]


def test_shards_are_balanced_by_the_durations_file(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    durations = {f"test_plain.py::test_{number:02d}": 0.1 for number in range(10)}
    durations["test_plain.py::test_07"] = 5.0
    (pytester.path / ".agent-durations.json").write_bytes(orjson.dumps(durations))
    result = pytester.runpytest("-rA", "--agent-shard=2/2")
    result.stdout.fnmatch_lines(
        ["agent-bridge shard 2/2: 9 of 10 tests, balanced by .agent-durations.json (10 of 10*"]
    )
    first = pytester.runpytest("-rA", "--agent-shard=1/2")
    assert ran(first) == {"test_plain.py::test_07"}


def test_the_split_takes_what_k_left(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    chosen = ["-k", "test_01 or test_02 or test_03 or test_04"]
    runs = [ran(pytester.runpytest("-rA", *chosen, f"--agent-shard={k}/2")) for k in (1, 2)]
    assert [len(run) for run in runs] == [2, 2]
    assert runs[0] | runs[1] == {f"test_plain.py::test_0{number}" for number in range(1, 5)}


def test_durations_are_stored_where_the_options_say(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    (pytester.path / ".agent-durations.json").write_bytes(orjson.dumps({"gone::test": 9.0}))
    pytester.runpytest("--agent-store-durations").assert_outcomes(passed=10)
    stored = load_durations(pytester.path / ".agent-durations.json")
    assert set(stored) == {"gone::test"} | {f"test_plain.py::test_{n:02d}" for n in range(10)}
    assert stored["gone::test"] == 9.0 and stored["test_plain.py::test_00"] < 1
    # --agent-durations from the current folder; the ini setting from the ini file's.
    pytester.runpytest("--agent-store-durations", "--agent-durations", "d/run.json")
    assert len(load_durations(pytester.path / "d" / "run.json")) == 10
    pytester.makeini("[pytest]\nagent_durations = ci/durations.json\n")
    pytester.runpytest("--agent-store-durations", "--agent-shard=1/5")
    assert len(load_durations(pytester.path / "ci" / "durations.json")) == 2


@pytest.mark.parametrize(
    "spec, says",
    [
        ("0/4", "*--agent-shard: Shard 0/4 does not exist: K/N needs 1 <= K <= N*"),
        ("5/4", "*--agent-shard: Shard 5/4 does not exist*"),
        ("x/y", "*--agent-shard: A shard is K/N, two whole numbers such as 2/4*not 'x/y'*"),
    ],
)
def test_a_bad_shard_is_a_usage_error(pytester: pytest.Pytester, spec: str, says: str) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    result = pytester.runpytest(f"--agent-shard={spec}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines([says])


def test_a_damaged_durations_file_is_a_usage_error(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    (pytester.path / ".agent-durations.json").write_text("[1, 2]")
    result = pytester.runpytest("--agent-shard=1/2")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*.agent-durations.json is not a durations file*"])


def test_a_shard_writes_its_blob_with_every_outcome_and_the_traces(traced: pytest.Pytester) -> None:
    traced.makepyfile(test_kinds=KINDS)
    traced.makepyfile(test_broken="import no_such_module\n")
    traced.runpytest("--agent-shard=1/1", "--continue-on-collection-errors").assert_outcomes(
        passed=1, failed=1, errors=2, skipped=1, xfailed=1
    )
    blob = read_blob(traced.path / "agent-blob")  # the default folder of a shard's blob
    assert blob.complete and str(blob.shard) == "1/1" and blob.wall > 0
    cases = {case.nodeid.split("::")[-1]: case for case in blob.tests}
    assert {name: case.outcome for name, case in cases.items()} == {
        "test_passes": "passed",
        "test_fails": "failed",
        "test_errors": "error",
        "test_skips": "skipped",
        "test_xfails": "xfailed",
    }
    failed = cases["test_fails"]
    assert failed.message.startswith("AssertionError: the level should have started")
    assert "def test_fails(game):" in failed.details
    assert "agent-bridge game: snapshot" in [title for title, _ in failed.sections]
    assert {file.path.rsplit("/", 1)[1] for file in failed.files} >= {
        "trace.zip",
        "snapshot.txt",
        "events.jsonl",
    }
    assert [file.kind for file in cases["test_passes"].files] == ["trace"]
    assert "RuntimeError: no level" in cases["test_errors"].message
    assert cases["test_skips"].message == "not on this engine"
    assert all(case.duration > 0 for case in blob.tests)
    assert [(error.nodeid, error.outcome) for error in blob.errors] == [("test_broken.py", "error")]
    assert "no_such_module" in blob.errors[0].details
    junit = ElementTree.parse(blob.path / "junit.xml")
    assert len(junit.findall(".//testcase")) == 6  # the collection error is a testcase too


def test_an_earlier_runs_artifacts_stay_out_of_the_blob(traced: pytest.Pytester) -> None:
    traced.makepyfile(test_flaky="def test_flaky(game):\n    assert False\n")
    traced.runpytest().assert_outcomes(failed=1)  # leaves snapshot.txt and events.jsonl
    hour_ago = time.time() - 3600
    for path in (traced.path / "agent-artifacts").rglob("*"):
        os.utime(path, (hour_ago, hour_ago))
    traced.makepyfile(test_flaky="def test_flaky(game):\n    game.hello()\n")
    traced.runpytest("--agent-blob=blob").assert_outcomes(passed=1)
    (case,) = read_blob(traced.path / "blob").tests
    assert [file.path.rsplit("/", 1)[1] for file in case.files] == ["trace.zip"]


def test_a_blob_keeps_a_junit_file_asked_for_elsewhere(traced: pytest.Pytester) -> None:
    traced.makepyfile(test_kinds=KINDS)
    traced.runpytest("--agent-blob=out/blob", "--junitxml=junit/mine.xml")
    assert (traced.path / "junit" / "mine.xml").is_file()
    blob = read_blob(traced.path / "out" / "blob")
    assert blob.shard is None and blob.junit == "junit.xml"
    assert (blob.path / "junit.xml").read_bytes() == (traced.path / "junit/mine.xml").read_bytes()
    # Asked for right where the blob keeps it: written once, there.
    traced.runpytest("--agent-blob=out/blob", "--junitxml=out/blob/junit.xml")
    assert read_blob(traced.path / "out" / "blob").junit == "junit.xml"


def test_a_blob_folder_that_holds_something_else_is_refused(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain=PLAIN)
    (pytester.path / "docs").mkdir()
    (pytester.path / "docs" / "index.md").write_text("keep me")
    result = pytester.runpytest("--agent-blob=docs")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--agent-blob: *docs is not empty and is not a results blob*"])
    assert (pytester.path / "docs" / "index.md").read_text() == "keep me"
