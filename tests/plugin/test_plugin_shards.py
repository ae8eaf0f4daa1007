"""The sharded CI workflow's steps run here as local processes: the suite once whole, then the
``Tests`` step of .github/workflows/sharded.yml as N processes (one machine each: a copy of
the suite), their blobs "downloaded" as the merge job would get them, and its merge step. The
shards together give the same passed and failed tests as the whole run, and the report lists
every test with a trace page. (The report in Chromium: tests/browser/test_report_browser.py;
the same at 200 tests with timings: bench/bench_shards.py.)"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import orjson

from agent_client.results.blob import read_blob
from tests.suite_samples import run_pytest, sharded_workflow, write_suite

TESTS = 24
FAIL_EVERY = 6  # four of them fail


def outcomes(cases: list[dict[str, str]] | list[tuple[str, str]]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for nodeid, outcome in cases:
        found.setdefault(outcome, set()).add(nodeid)
    return found


def test_the_shards_steps_run_locally_give_the_whole_runs_results(tmp_path: Path) -> None:
    workflow = sharded_workflow()
    suite = write_suite(tmp_path / "whole", tests=TESTS, fail_every=FAIL_EVERY)
    whole = run_pytest(suite.folder, "--agent-blob=blob")
    assert whole.returncode == 1, whole.stdout  # some tests fail on purpose
    reference = read_blob(suite.folder / "blob")
    expected = outcomes([(case.nodeid, case.outcome) for case in reference.tests])
    assert expected == {"passed": suite.passed, "failed": suite.failed}
    assert len(suite.failed) == 4

    # One machine per shard, each running the workflow's test step. Its -n auto makes one
    # worker process on the first machine (the blob is then written by xdist's controller)
    # and none on the others (0 workers: the tests run in pytest's own process), to spare
    # this machine's cores.
    running = {}
    for shard in workflow.shards:
        machine = tmp_path / f"machine-{shard}"
        write_suite(machine, tests=TESTS, fail_every=FAIL_EVERY)
        workers = "1" if shard == 1 else "0"
        running[shard] = subprocess.Popen(
            workflow.command("tests", "Tests", shard),
            cwd=machine,
            env={**os.environ, "PYTEST_XDIST_AUTO_NUM_WORKERS": workers},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    for shard, process in running.items():
        output, _ = process.communicate(timeout=300)
        assert process.returncode in (0, 1), output
        per_shard = TESTS // len(workflow.shards)
        assert (
            f"1 worker [{per_shard} items]"
            if shard == 1
            else f"agent-bridge shard {shard}/4: {per_shard} of {TESTS} tests, round-robin"
        ) in output

    # The merge job: the blobs downloaded into the folder its download step names.
    merger = tmp_path / "merge-machine"
    download = workflow.step("report", "Download the blobs")["with"]["path"]
    for shard in workflow.shards:
        upload = workflow.with_values("tests", "Upload the results blob", shard)
        shutil.copytree(
            tmp_path / f"machine-{shard}" / upload["path"], merger / download / upload["name"]
        )
        assert len(read_blob(merger / download / upload["name"]).tests) == TESTS // 4
    merge = subprocess.run(
        workflow.command("report", "Merge the blobs into one report"),
        cwd=merger,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert merge.returncode == 0, merge.stderr
    assert merge.stdout.startswith(
        f"merged 4 blobs (shards 1/4, 2/4, 3/4, 4/4): {TESTS} tests: {len(suite.failed)} failed"
    )
    out = Path(workflow.with_values("report", "Upload the report")["path"])
    report = orjson.loads((merger / out / "report.json").read_bytes())
    assert report["notes"] == []
    tests = report["tests"]
    assert len(tests) == TESTS
    assert outcomes([(test["nodeid"], test["outcome"]) for test in tests]) == expected
    for test in tests:
        traces = [link["href"] for link in test["links"] if link["kind"] == "trace"]
        assert len(traces) == 1 and (merger / out / traces[0]).is_file(), test
    assert len(orjson.loads((merger / out / ".agent-durations.json").read_bytes())) == TESTS
