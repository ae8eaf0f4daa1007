"""The sharded CI example (.github/workflows/sharded.yml) cannot run here, so it is read: a
matrix of N jobs each running shard K/N and uploading its blob under a name of its own, then a
merge job that downloads exactly those blobs, merges them and uploads the report. Its steps run
as local processes in tests/plugin/test_plugin_shards.py."""

from __future__ import annotations

import argparse
import fnmatch

from agent_client.cli.parser import build_parser
from tests.suite_samples import MATRIX_SHARD, sharded_workflow


def option(argv: list[str], name: str) -> str:
    """The value of ``--name=VALUE`` or ``--name VALUE`` in ``argv``."""
    for number, token in enumerate(argv):
        if token.startswith(name + "="):
            return token.split("=", 1)[1]
        if token == name:
            return argv[number + 1]
    raise AssertionError(f"{name} is not in {argv}")


def test_a_matrix_of_n_jobs_each_runs_its_shard_of_n() -> None:
    workflow = sharded_workflow()
    assert "workflow_dispatch" in workflow.data["on"]
    strategy = workflow.jobs["tests"]["strategy"]
    assert strategy["fail-fast"] is False  # one failing shard must not cancel the others
    shards = workflow.shards
    assert shards == list(range(1, len(shards) + 1)) and len(shards) > 1
    line = workflow.step("tests", "Tests")["run"]
    assert f"--agent-shard={MATRIX_SHARD}/{len(shards)}" in line
    for shard in shards:
        argv = workflow.command("tests", "Tests", shard)
        assert argv[1:3] == ["-m", "pytest"]
        assert option(argv, "--agent-shard") == f"{shard}/{len(shards)}"


def test_every_shard_uploads_its_blob_under_a_name_of_its_own() -> None:
    workflow = sharded_workflow()
    upload = workflow.step("tests", "Upload the results blob")
    assert upload["uses"] == "actions/upload-artifact@v4"
    assert upload["if"] == "always()"  # a shard with failed tests still has results
    names = set()
    for shard in workflow.shards:
        blob = option(workflow.command("tests", "Tests", shard), "--agent-blob")
        values = workflow.with_values("tests", "Upload the results blob", shard)
        assert values["path"].rstrip("/") == blob
        names.add(values["name"])
    assert len(names) == len(workflow.shards)


def test_the_merge_job_downloads_every_blob_and_uploads_one_report() -> None:
    workflow = sharded_workflow()
    report = workflow.jobs["report"]
    assert report["needs"] == "tests" and report["if"] == "always()"
    download = workflow.step("report", "Download the blobs")
    assert download["uses"] == "actions/download-artifact@v4"
    pattern = download["with"]["pattern"]
    names = [
        workflow.with_values("tests", "Upload the results blob", shard)["name"]
        for shard in workflow.shards
    ]
    assert all(fnmatch.fnmatch(name, pattern) for name in names)
    assert not fnmatch.fnmatch("report", pattern)
    # The merge step is a valid `agent-bridge report merge` of the download folder.
    argv = workflow.command("report", "Merge the blobs into one report")
    assert argv[0].endswith("agent-bridge")
    args = build_parser().parse_args(argv[1:])
    assert isinstance(args, argparse.Namespace)
    assert (args.command, args.report_command) == ("report", "merge")
    assert args.blobs == [download["with"]["path"]]
    upload = workflow.step("report", "Upload the report")
    assert upload["uses"] == "actions/upload-artifact@v4"
    assert upload["with"]["path"].rstrip("/") == args.out
    # The durations for the next split ride along (a hidden file, which needs saying).
    assert args.durations.startswith(args.out + "/")
    assert upload["with"]["include-hidden-files"] is True
