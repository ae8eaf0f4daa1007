"""The results blob: written and read back, and every way a folder can fail to be one."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from agent_client.results.blob import (
    BLOB_FILE,
    Blob,
    CaseFile,
    CaseResult,
    case_folder,
    copy_case_files,
    file_kind,
    find_blobs,
    prepare_blob,
    read_blob,
    write_blob,
)
from agent_client.results.durations import Shard
from agent_client.wire.errors import ResultsError

NODEID = "tests/test_menu.py::test_play[level 1]"
SECOND_OF_FOUR = Shard(2, 4)


def artifacts(folder: Path) -> Path:
    folder.mkdir(parents=True)
    (folder / "trace.zip").write_bytes(b"PK")
    (folder / "screenshot.png").write_bytes(b"png")
    (folder / "engine.log").write_text("log")
    return folder


def a_blob(folder: Path, *, shard: Shard | None = SECOND_OF_FOUR) -> Blob:
    """A finished blob of two tests, the failed one with files."""
    prepare_blob(folder)
    files = copy_case_files(folder, NODEID, [("game", artifacts(folder.parent / "art"))])
    blob = Blob(
        path=folder,
        shard=shard,
        started="2026-11-23T12:00:00Z",
        wall=3.5,
        junit=None,
        tests=[
            CaseResult(
                NODEID,
                "failed",
                1.25,
                "AssertionError: no",
                "details",
                [("agent-bridge game: snapshot", "- button")],
                files,
            ),
            CaseResult("tests/test_menu.py::test_quit", "passed", 0.5),
        ],
        errors=[CaseResult("tests/test_broken.py", "error", 0.0, "ImportError: x")],
    )
    write_blob(blob)
    return blob


def rewrite(folder: Path, change: dict[str, object]) -> None:
    data = orjson.loads((folder / BLOB_FILE).read_bytes())
    data.update(change)
    (folder / BLOB_FILE).write_bytes(orjson.dumps(data))


def refused(folder: Path, *says: str) -> None:
    with pytest.raises(ResultsError) as raised:
        read_blob(folder)
    assert raised.value.code == "BAD_BLOB"
    for words in says:
        assert words in str(raised.value)


def test_a_blob_reads_back_as_written(tmp_path: Path) -> None:
    written = a_blob(tmp_path / "blob")
    read = read_blob(tmp_path / "blob")
    assert read == written
    assert read.label == "shard-2-of-4" and read.complete
    case = case_folder(NODEID)
    assert [file.path for file in read.tests[0].files] == [
        f"tests/{case}/engine.log",
        f"tests/{case}/screenshot.png",
        f"tests/{case}/trace.zip",
    ]
    assert [file.kind for file in read.tests[0].files] == ["file", "screenshot", "trace"]


def test_a_run_that_was_not_split_is_labelled_by_its_folder(tmp_path: Path) -> None:
    a_blob(tmp_path / "nightly", shard=None)
    assert read_blob(tmp_path / "nightly").label == "nightly"


def test_files_of_several_games_go_to_a_folder_each(tmp_path: Path) -> None:
    blob = prepare_blob(tmp_path / "blob")
    trace = artifacts(tmp_path / "guest") / "trace.zip"
    files = copy_case_files(
        blob,
        NODEID,
        [("host", artifacts(tmp_path / "host")), ("guest", trace), ("gone", tmp_path / "nope")],
    )
    case = case_folder(NODEID)
    assert CaseFile(f"tests/{case}/host/trace.zip", "trace", "host") in files
    assert CaseFile(f"tests/{case}/guest/trace.zip", "trace", "guest") in files
    assert not any(file.group == "gone" for file in files)


def test_files_older_than_the_test_are_left_out(tmp_path: Path) -> None:
    source = artifacts(tmp_path / "art")
    os.utime(source / "screenshot.png", (1_000_000, 1_000_000))  # an earlier run's
    files = copy_case_files(prepare_blob(tmp_path / "blob"), NODEID, [("game", source)], since=2e6)
    assert sorted(Path(file.path).name for file in files) == ["engine.log", "trace.zip"]
    assert not list((tmp_path / "blob").rglob("screenshot.png"))


@pytest.mark.parametrize(
    "name, kind",
    [
        ("trace.zip", "trace"),
        ("guest.trace.zip", "trace"),
        ("replay.jsonl", "replay"),
        ("level1.replay", "replay"),
        ("screenshot.png", "screenshot"),
        ("diff.JPG", "screenshot"),
        ("events.jsonl", "file"),
        ("other.zip", "file"),
    ],
)
def test_files_are_known_by_their_names(name: str, kind: str) -> None:
    assert file_kind(name) == kind


def test_case_folders_are_safe_and_unique() -> None:
    long_a = "tests/test_x.py::test_" + "a" * 200 + "[1]"
    long_b = "tests/test_x.py::test_" + "a" * 200 + "[2]"
    assert case_folder(long_a) != case_folder(long_b)
    assert "/" not in case_folder(NODEID) and " " not in case_folder(NODEID)
    assert case_folder(NODEID) == case_folder(NODEID)


def test_a_new_blob_replaces_an_earlier_one_and_is_unfinished_until_written(
    tmp_path: Path,
) -> None:
    a_blob(tmp_path / "blob")
    prepare_blob(tmp_path / "blob")
    assert sorted(path.name for path in (tmp_path / "blob").iterdir()) == [BLOB_FILE]
    unfinished = read_blob(tmp_path / "blob")
    assert unfinished.tests == [] and not unfinished.complete


def test_a_folder_holding_other_things_is_not_made_a_blob(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.py").write_text("precious")
    with pytest.raises(ResultsError, match="is not empty and is not a results blob"):
        prepare_blob(tmp_path / "src")
    assert (tmp_path / "src" / "main.py").read_text() == "precious"
    (tmp_path / "file").write_text("x")
    with pytest.raises(ResultsError, match="is a file, not a folder for the run's results"):
        prepare_blob(tmp_path / "file")


def test_a_folder_of_blobs_is_read_as_its_blobs(tmp_path: Path) -> None:
    for number in (2, 1):
        a_blob(tmp_path / "downloads" / f"agent-blob-{number}" / "blob", shard=Shard(number, 2))
    # download-artifact puts each artifact in a folder of its name; the blob is that folder.
    for number in (1, 2):
        (tmp_path / "flat" / f"agent-blob-{number}").mkdir(parents=True)
        write_blob(Blob(path=tmp_path / "flat" / f"agent-blob-{number}"))
    assert find_blobs([tmp_path / "flat"]) == [
        tmp_path / "flat" / "agent-blob-1",
        tmp_path / "flat" / "agent-blob-2",
    ]
    assert find_blobs([tmp_path / "downloads" / "agent-blob-1" / "blob"]) == [
        tmp_path / "downloads" / "agent-blob-1" / "blob"
    ]


def test_what_is_not_a_blob_is_named(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "file.txt").write_text("x")
    for path, says in [
        (tmp_path / "missing", "does not exist"),
        (tmp_path / "file.txt", "is a file, not a results blob"),
        (tmp_path / "empty", "is not a results blob: it has no blob.json"),
    ]:
        with pytest.raises(ResultsError, match="a results blob is the folder pytest --agent-blob"):
            find_blobs([path])
        refused(path, says)


def test_a_damaged_blob_json_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "blob"
    a_blob(folder)
    (folder / BLOB_FILE).write_text("{")
    refused(folder, "is damaged: it is not JSON")
    (folder / BLOB_FILE).write_text('{"kind": "something else"}')
    refused(folder, 'is not a results blob\'s blob.json (no "kind": "agent-bridge-results")')


@pytest.mark.parametrize(
    "change, says",
    [
        ({"format": 99}, "has format 99; this version reads format 1"),
        ({"tests": {"a": 1}}, "'tests' is not a list"),
        ({"tests": [{"nodeid": "a"}]}, "an entry's 'outcome' is None"),
        ({"tests": [{"nodeid": "a", "outcome": "won"}]}, "a has the outcome 'won'"),
        ({"tests": [{"nodeid": "a", "outcome": "passed"}]}, "an entry's 'duration' is None"),
        ({"shard": {"index": "2", "total": 4}}, "an entry's 'index' is '2'"),
    ],
)
def test_a_blob_json_with_wrong_fields_says_which(
    tmp_path: Path, change: dict[str, object], says: str
) -> None:
    a_blob(tmp_path / "blob")
    rewrite(tmp_path / "blob", change)
    refused(tmp_path / "blob", says)


def test_a_missing_trace_is_an_error_naming_the_test(tmp_path: Path) -> None:
    blob = a_blob(tmp_path / "blob")
    trace = next(file for file in blob.tests[0].files if file.kind == "trace")
    (tmp_path / "blob" / trace.path).unlink()
    refused(tmp_path / "blob", f"{NODEID} lists {trace.path}, which is not in the blob")


def test_a_listed_file_outside_the_blob_is_refused(tmp_path: Path) -> None:
    a_blob(tmp_path / "blob")
    outside = {"path": "../../etc/passwd", "kind": "file"}
    rewrite(
        tmp_path / "blob",
        {"tests": [{"nodeid": "a", "outcome": "passed", "duration": 1, "files": [outside]}]},
    )
    refused(tmp_path / "blob", "a lists '../../etc/passwd', outside the blob")
