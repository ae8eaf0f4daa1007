"""``agent-bridge report merge``: blobs joined into one report folder (the page, report.json,
the files, a viewer page per trace), blobs that do not belong together, and bad input. The
page in a real browser is tests/browser/test_report_browser.py."""

from __future__ import annotations

import html
import re
from pathlib import Path

import orjson
import pytest

from agent_client.cli import main
from agent_client.report.merge import merge_report
from agent_client.results.blob import (
    Blob,
    CaseResult,
    copy_case_files,
    prepare_blob,
    write_blob,
)
from agent_client.results.durations import Shard, load_durations
from agent_client.wire.errors import ResultsError
from tests.trace_samples import write_trace


def make_blob(
    folder: Path, shard: Shard | None, tests: dict[str, str], *, complete: bool = True
) -> Blob:
    """A blob of ``tests`` (node id -> outcome); each has a sample trace, a failed one also
    a screenshot and a snapshot."""
    prepare_blob(folder)
    blob = Blob(path=folder, shard=shard, started="2026-11-23T12:00:00Z", wall=2.0)
    for number, (nodeid, outcome) in enumerate(tests.items()):
        source = folder.parent / f"{folder.name}-artifacts" / str(number)
        write_trace(source / "trace.zip", actions=10, screenshots=0)
        if outcome == "failed":
            (source / "screenshot.png").write_bytes(b"\x89PNG")
            (source / "snapshot.txt").write_text('- button "Play"')
        failure = f"AssertionError: {nodeid} <failed>" if outcome == "failed" else ""
        blob.tests.append(
            CaseResult(
                nodeid=nodeid,
                outcome=outcome,
                duration=0.5 + number,
                message=failure,
                details=f"def test():\n>   assert False\n{failure}" if failure else "",
                sections=[("agent-bridge game: events", "played")] if failure else [],
                files=copy_case_files(folder, nodeid, [("game", source)]),
            )
        )
    blob.errors.append(CaseResult("tests/test_broken.py", "error", 0.0, "ImportError: nope"))
    blob.complete = complete
    write_blob(blob)
    return blob


def two_shards(root: Path) -> Path:
    make_blob(
        root / "blobs" / "agent-blob-1",
        Shard(1, 2),
        {"t/test_a.py::test_one": "passed", "t/test_a.py::test_two": "failed"},
    )
    make_blob(
        root / "blobs" / "agent-blob-2",
        Shard(2, 2),
        {"t/test_b.py::test_three": "passed", "t/test_b.py::test_four": "skipped"},
    )
    return root / "blobs"


def test_the_blobs_of_a_run_become_one_report(tmp_path: Path) -> None:
    report = merge_report([two_shards(tmp_path)], tmp_path / "report")
    assert report.index == tmp_path / "report" / "index.html"
    assert report.counts() == {"failed": 1, "passed": 2, "skipped": 1}
    assert report.counts(rows=True) == {"failed": 1, "error": 1, "passed": 2, "skipped": 1}
    assert report.summary() == "4 tests: 1 failed, 2 passed, 1 skipped; 1 collection error"
    assert report.notes == []
    # Failures first (the collection error, said once for both shards), then by outcome.
    assert [case.result.nodeid for case in report.cases] == [
        "tests/test_broken.py",
        "t/test_a.py::test_two",
        "t/test_a.py::test_one",
        "t/test_b.py::test_three",
        "t/test_b.py::test_four",
    ]
    page = report.index.read_text(encoding="utf-8")
    rows = re.findall(r'<tr class="case[^"]*" data-outcome="(\w+)" data-nodeid="([^"]+)"', page)
    assert [nodeid for _, nodeid in rows] == [case.result.nodeid for case in report.cases]
    assert html.escape("AssertionError: t/test_a.py::test_two <failed>") in page
    assert "<failed>" not in page  # every text is escaped
    assert "agent-bridge game: events" in page
    # Every link of the page leads to a file of the report.
    hrefs = re.findall(r'href="([^"]+)"', page)
    assert hrefs and all((report.out / html.unescape(href)).is_file() for href in hrefs)
    for case in report.cases:
        if case.collection:
            continue
        trace = next(link for link in case.links if link.kind == "trace")
        assert trace.href.startswith("traces/shard-") and trace.href.endswith("/trace.html")
        assert case.links[0] == trace  # the trace first
    failed = report.cases[1]
    assert [link.kind for link in failed.links] == ["trace", "screenshot", "trace-zip", "file"]
    viewer = (report.out / failed.links[0].href).read_text(encoding="utf-8")
    assert "<title>Trace: test_level_one" in viewer


def test_report_json_holds_the_same_as_the_page(tmp_path: Path) -> None:
    report = merge_report([two_shards(tmp_path)], tmp_path / "report")
    data = orjson.loads((report.out / "report.json").read_bytes())
    assert data["kind"] == "agent-bridge-report" and data["collection_errors"] == 1
    assert [test["nodeid"] for test in data["tests"]] == [c.result.nodeid for c in report.cases]
    assert [blob["shard"] for blob in data["blobs"]] == ["1/2", "2/2"]
    assert data["tests"][1]["links"][0]["kind"] == "trace"


def test_the_merge_writes_the_durations_the_next_split_uses(tmp_path: Path) -> None:
    durations = tmp_path / ".agent-durations.json"
    durations.write_bytes(orjson.dumps({"t/test_old.py::test_kept": 3.0}))
    merge_report([two_shards(tmp_path)], tmp_path / "report", durations=durations)
    assert load_durations(durations) == {
        "t/test_old.py::test_kept": 3.0,
        "t/test_a.py::test_one": 0.5,
        "t/test_a.py::test_two": 1.5,
        "t/test_b.py::test_three": 0.5,
        "t/test_b.py::test_four": 1.5,
    }


def test_missing_shards_and_an_unfinished_run_are_said(tmp_path: Path) -> None:
    make_blob(tmp_path / "b1", Shard(1, 3), {"t::a": "passed"}, complete=False)
    make_blob(tmp_path / "b3", Shard(3, 3), {"t::c": "passed"})
    report = merge_report([tmp_path / "b1", tmp_path / "b3"], tmp_path / "report")
    assert report.notes == [
        f"shard-1-of-3: the run did not finish, so its results are partial ({tmp_path / 'b1'}).",
        "Shard 2 of 3 is missing: its tests are not here.",
    ]
    page = report.index.read_text(encoding="utf-8")
    assert "Shard 2 of 3 is missing" in page and "(did not finish)" in page
    report = merge_report([tmp_path / "b3"], tmp_path / "report")
    assert report.notes == ["Shards 1, 2 of 3 are missing: their tests are not here."]


def test_a_trace_that_cannot_be_read_keeps_its_zip_link_and_is_said(tmp_path: Path) -> None:
    blob = make_blob(tmp_path / "blob", None, {"t::a": "failed"})
    trace = next(item for item in blob.tests[0].files if item.kind == "trace")
    (blob.path / trace.path).write_bytes(b"not a zip at all")
    report = merge_report([blob.path], tmp_path / "report")
    assert len(report.notes) == 1 and "the trace of" in report.notes[0]
    assert "is not a zip archive" in report.notes[0]
    broken = report.cases[-1].links[0]
    assert broken.kind == "trace" and broken.problem and broken.href.endswith("trace.zip")
    assert "trace (unreadable)" in report.index.read_text(encoding="utf-8")


def test_an_earlier_report_is_replaced(tmp_path: Path) -> None:
    blobs = two_shards(tmp_path)
    merge_report([blobs], tmp_path / "report")
    (tmp_path / "report" / "files" / "stale.txt").write_text("old")
    merge_report([blobs / "agent-blob-1"], tmp_path / "report")
    assert not (tmp_path / "report" / "files" / "stale.txt").exists()
    assert len(orjson.loads((tmp_path / "report" / "report.json").read_bytes())["tests"]) == 3


@pytest.mark.parametrize(
    "arrange, says",
    [
        ("same shard", "are both shard 1/2: merge one run's blobs"),
        ("other split", "The blobs come from different splits"),
        ("test twice", "t/test_a.py::test_one is in two blobs"),
    ],
)
def test_blobs_of_different_runs_are_not_merged(tmp_path: Path, arrange: str, says: str) -> None:
    blobs = two_shards(tmp_path)
    other = {
        "same shard": (Shard(1, 2), {"t::x": "passed"}),
        "other split": (Shard(3, 3), {"t::x": "passed"}),
        "test twice": (None, {"t/test_a.py::test_one": "passed"}),
    }[arrange]
    make_blob(tmp_path / "other", *other)
    with pytest.raises(ResultsError, match=re.escape(says)) as raised:
        merge_report([blobs, tmp_path / "other"], tmp_path / "report")
    assert raised.value.code == "BAD_BLOB"
    assert not (tmp_path / "report").exists()


def test_the_report_folder_must_be_its_own(tmp_path: Path) -> None:
    blobs = two_shards(tmp_path)
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "game.py").write_text("keep")
    with pytest.raises(ResultsError, match="is not empty and holds no earlier report"):
        merge_report([blobs], tmp_path / "src")
    assert (tmp_path / "src" / "game.py").read_text() == "keep"
    with pytest.raises(ResultsError, match="is a file; the report is a folder"):
        merge_report([blobs], tmp_path / "src" / "game.py")


# --- the command line ---------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_merges_and_says_what_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blobs = two_shards(tmp_path)
    report, durations = tmp_path / "out", tmp_path / "d.json"
    code, out, err = run(
        capsys, "report", "merge", str(blobs), "-o", str(report), "--durations", str(durations)
    )
    assert code == 0, err
    assert out.splitlines() == [
        "merged 2 blobs (shards 1/2, 2/2): 4 tests: 1 failed, 2 passed, 1 skipped; "
        "1 collection error",
        f"wrote {durations}",
        f"wrote {report / 'index.html'}",
    ]
    assert len(load_durations(durations)) == 4


def test_the_command_says_what_is_wrong_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blob = make_blob(tmp_path / "blob", None, {"t::a": "passed"})
    missing = blob.path / blob.tests[0].files[0].path
    missing.unlink()
    code, out, err = run(capsys, "report", "merge", str(blob.path), "-o", str(tmp_path / "r"))
    assert code == 1 and out == ""
    assert err == (
        f"error BAD_BLOB: {blob.path}: t::a lists {blob.tests[0].files[0].path}, which is not "
        "in the blob (it was deleted, or the blob was copied in part).\n"
    )
    code, _, err = run(capsys, "report", "merge", str(tmp_path / "nowhere"))
    assert code == 1 and err.startswith(f"error BAD_BLOB: {tmp_path / 'nowhere'} does not exist")
    code, _, err = run(capsys, "report", "merge")
    assert code == 2 and "the following arguments are required: DIR" in err
    code, _, err = run(capsys, "report")
    assert code == 2 and "the following arguments are required: ACTION" in err


def test_the_shards_coverage_is_joined_and_linked(tmp_path: Path) -> None:
    from agent_client.coverage.runs import CoverageRuns
    from tests.unit.coverage.test_reports import run

    blobs = two_shards(tmp_path)
    for name, counts in (("agent-blob-1", (1, 0, 0)), ("agent-blob-2", (0, 1, 0))):
        blob = blobs / name
        runs = CoverageRuns()
        runs.add(run(*counts))
        [saved] = runs.save(blob / "coverage")
        data = orjson.loads((blob / "blob.json").read_bytes())
        data["coverage"] = [saved.relative_to(blob).as_posix()]
        (blob / "blob.json").write_bytes(orjson.dumps(data))
    report = merge_report([blobs], tmp_path / "report")
    lcov = (tmp_path / "report" / "coverage" / "coverage.lcov").read_text()
    assert "DA:5,1\n" in lcov and "DA:7,1\n" in lcov, "each shard's cast counted once"
    assert [(link.label, link.href) for link in report.coverage] == [
        ("demo: 4/5 lines (80%), 2/3 branches", "coverage/html/index.html")
    ]
    assert (tmp_path / "report" / "coverage" / "html" / "index.html").is_file()
    page = report.index.read_text(encoding="utf-8")
    assert 'href="coverage/html/index.html"' in page


def test_a_shard_without_coverage_beside_others_is_noted(tmp_path: Path) -> None:
    from agent_client.coverage.runs import CoverageRuns
    from tests.unit.coverage.test_reports import run

    blobs = two_shards(tmp_path)
    runs = CoverageRuns()
    runs.add(run(1, 0, 0))
    [saved] = runs.save(blobs / "agent-blob-1" / "coverage")
    data = orjson.loads((blobs / "agent-blob-1" / "blob.json").read_bytes())
    data["coverage"] = [saved.relative_to(blobs / "agent-blob-1").as_posix()]
    (blobs / "agent-blob-1" / "blob.json").write_bytes(orjson.dumps(data))
    report = merge_report([blobs], tmp_path / "report")
    assert "shard-2-of-2 has no coverage: the coverage leaves its tests out." in report.notes


def test_a_blob_listing_coverage_it_does_not_hold_is_refused(tmp_path: Path) -> None:
    blobs = two_shards(tmp_path)
    data = orjson.loads((blobs / "agent-blob-1" / "blob.json").read_bytes())
    data["coverage"] = ["coverage/gone.agent-coverage.json"]
    (blobs / "agent-blob-1" / "blob.json").write_bytes(orjson.dumps(data))
    with pytest.raises(ResultsError, match=r"gone\.agent-coverage\.json, which is not"):
        merge_report([blobs], tmp_path / "report")
    data["coverage"] = ["../../outside.json"]
    (blobs / "agent-blob-1" / "blob.json").write_bytes(orjson.dumps(data))
    with pytest.raises(ResultsError, match="outside the blob"):
        merge_report([blobs], tmp_path / "report")
