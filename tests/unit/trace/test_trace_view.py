"""The trace viewer without a browser: loading good, damaged and foreign zips, and the page."""

from __future__ import annotations

import base64
import io
import re
import zipfile
from pathlib import Path
from typing import Any

import orjson
import pytest

from agent_client.trace.view import Trace, TraceError, load_trace, render_html
from agent_client.wire.errors import AgentBridgeError
from tests.trace_samples import (
    FAILED_MESSAGE,
    FAILED_NAME,
    REPORT_NAME,
    SampleTrace,
    StepSample,
    trace_lines,
    write_step_trace,
    write_trace,
    write_zip,
)

META = {"type": "meta", "format": 1, "protocol": "agentbridge/1", "engine": "godot"}
DATA_BLOCK = re.compile(
    r'<script type="application/json" id="trace-data">(.*?)</script>', re.DOTALL
)
SHOT_BLOCK = re.compile(r'<script type="text/plain" id="shot-(\d+)">(.*?)</script>', re.DOTALL)


@pytest.fixture
def sample(tmp_path: Path) -> SampleTrace:
    return write_trace(tmp_path / "trace.zip", actions=24)


def page_of(trace: Trace, tmp_path: Path) -> str:
    return render_html(trace, tmp_path / "out" / "trace.html").read_text("utf-8")


def data_of(page: str) -> dict[str, Any]:
    match = DATA_BLOCK.search(page)
    assert match, "the page has no trace-data block"
    value: dict[str, Any] = orjson.loads(match.group(1))
    return value


def zip_entries(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def one_call(index: int = 1, **keys: Any) -> dict[str, Any]:
    return {
        "type": "call",
        "index": index,
        "id": index,
        "cmd": "click",
        "args": {},
        "action": True,
        "ok": True,
        **keys,
    }


# --- loading -------------------------------------------------------------------------------


def test_a_good_trace_loads_with_everything_it_refers_to(sample: SampleTrace) -> None:
    trace = load_trace(sample.path)
    assert trace.meta["game"] == "Crystal Vault" and trace.meta["written_by"] == "trace_samples"
    assert len(trace.calls) == sample.calls
    assert [call["index"] for call in trace.actions] == sample.action_indexes
    assert not trace.cut_off
    assert trace.end is not None and trace.end["reason"] == "failed"
    assert trace.notes == []
    assert {call["after"] for call in trace.actions} <= set(trace.snapshots)
    assert sorted(trace.screenshots) == [
        f"screenshots/{index:05d}.png" for index in sample.shot_calls
    ]
    assert all((shot.width, shot.height) == (320, 180) for shot in trace.screenshots.values())
    assert sample.error_line.encode() in trace.engine_log


def test_unknown_keys_records_and_entries_are_accepted(sample: SampleTrace) -> None:
    trace = load_trace(sample.path)
    assert "extras/notes.txt" in zip_entries(sample.path)
    assert [record["label"] for record in trace.records if record["type"] == "marker"] == [
        "a record type from later"
    ]
    assert trace.meta["written_by"] == "trace_samples"


def test_sample_screenshots_are_real_pngs(sample: SampleTrace) -> None:
    image_module = pytest.importorskip("PIL.Image")
    for shot in load_trace(sample.path).screenshots.values():
        with image_module.open(io.BytesIO(shot.data)) as picture:
            picture.load()
            assert picture.size == (320, 180) and picture.mode == "RGB"


def test_trace_error_is_an_agent_bridge_error() -> None:
    assert issubclass(TraceError, AgentBridgeError)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (None, "does not exist"),
        (b"", "is empty"),
        (b"hello, this is a text file\n", "not a zip archive"),
        (b"\x89PNG\r\n\x1a\n" + b"\0" * 64, "not a zip archive"),
    ],
)
def test_files_that_are_not_zips_are_refused(
    tmp_path: Path, content: bytes | None, expected: str
) -> None:
    path = tmp_path / "trace.zip"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(TraceError, match=expected) as raised:
        load_trace(path)
    assert str(path) in str(raised.value)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="is a folder"):
        load_trace(tmp_path)


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95])
def test_a_truncated_zip_is_named_as_such(sample: SampleTrace, tmp_path: Path, keep: float) -> None:
    raw = sample.path.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(raw[: int(len(raw) * keep)])
    with pytest.raises(TraceError, match="truncated or damaged zip archive"):
        load_trace(cut)


def test_a_damaged_trace_entry_is_named(sample: SampleTrace, tmp_path: Path) -> None:
    raw = bytearray(sample.path.read_bytes())
    with zipfile.ZipFile(sample.path) as archive:
        info = archive.getinfo("trace.jsonl")
    # The entry's data starts after its 30-byte local header, name and extra field.
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    for offset in range(start + 10, start + 60):
        raw[offset] ^= 0x5A
    damaged = tmp_path / "damaged.zip"
    damaged.write_bytes(bytes(raw))
    with pytest.raises(TraceError, match=r"its entry trace\.jsonl cannot be read"):
        load_trace(damaged)


def test_an_entry_compressed_in_an_unknown_way_is_named(tmp_path: Path) -> None:
    path = tmp_path / "odd.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("trace.jsonl", trace_lines(META))
    raw = bytearray(path.read_bytes())
    # The method is at byte 8 of the local header and byte 10 of the directory entry.
    directory = raw.rfind(b"PK\x01\x02")
    raw[8] = raw[directory + 10] = 99
    path.write_bytes(bytes(raw))
    with pytest.raises(
        TraceError,
        match=r"its entry trace\.jsonl cannot be read \(That compression method is not supported\)",
    ):
        load_trace(path)


def test_a_foreign_zip_is_refused_with_its_entries(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "photos.zip", {"a.jpg": b"x", "b/trace.jsonl": b"{}"})
    with pytest.raises(
        TraceError,
        match=r"not a trace: it has no trace.jsonl at its top "
        r"\(it holds a.jpg, b/trace.jsonl\)",
    ):
        load_trace(path)


@pytest.mark.parametrize(
    ("first_line", "expected"),
    [
        (b"", "is empty; a trace starts with a meta record"),
        (b"not json at all", "is not a meta record: it is not JSON"),
        (orjson.dumps(one_call()), "is not a meta record \\(its type is 'call'\\)"),
        (b"[1, 2]", "is not a meta record \\(its type is 'list'\\)"),
    ],
)
def test_a_first_line_that_is_not_meta_is_refused(
    tmp_path: Path, first_line: bytes, expected: str
) -> None:
    path = write_zip(
        tmp_path / "t.zip", {"trace.jsonl": first_line + b"\n" + trace_lines(one_call())}
    )
    with pytest.raises(TraceError, match="the first line of trace.jsonl " + expected):
        load_trace(path)


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        (3, "is trace format 3, newer than this viewer reads \\(format 2\\): update agent-bridge"),
        ("1", "unknown trace format '1'"),
        (True, "unknown trace format True"),
        (None, "has no format number; this viewer reads formats 1 and 2"),
    ],
)
def test_an_unknown_format_is_refused(tmp_path: Path, version: object, expected: str) -> None:
    meta = {key: value for key, value in META.items() if key != "format"}
    if version is not None:
        meta["format"] = version
    path = write_zip(tmp_path / "t.zip", {"trace.jsonl": trace_lines(meta)})
    with pytest.raises(TraceError, match=expected):
        load_trace(path)


def test_a_cut_off_trace_loads_and_is_marked(tmp_path: Path) -> None:
    sample = write_trace(tmp_path / "cut.zip", actions=12, cut_off=True)
    trace = load_trace(sample.path)
    assert trace.cut_off and trace.end is None and trace.notes == []
    last = trace.calls[-1]
    assert last["ok"] is None and "no answer" in last["error"]
    assert data_of(page_of(trace, tmp_path))["cut_off"] is True


def test_a_cut_off_trace_with_a_torn_last_line_keeps_the_rest(tmp_path: Path) -> None:
    whole = load_trace(write_trace(tmp_path / "whole.zip", actions=12, cut_off=True).path)
    torn = load_trace(
        write_trace(tmp_path / "torn.zip", actions=12, cut_off=True, torn_tail=True).path
    )
    assert torn.cut_off
    assert torn.calls == whole.calls[:-1]
    assert len(torn.notes) == 1 and "was cut short; it is left out" in torn.notes[0]


def test_a_trace_of_only_meta_loads_as_cut_off(tmp_path: Path) -> None:
    trace = load_trace(write_zip(tmp_path / "t.zip", {"trace.jsonl": trace_lines(META)}))
    assert trace.cut_off and trace.calls == [] and trace.snapshots == {}
    assert data_of(page_of(trace, tmp_path))["calls"] == []


def test_damaged_lines_and_missing_pictures_are_noted_not_fatal(tmp_path: Path) -> None:
    records = (
        trace_lines(META, one_call(1))
        + b"{broken\n"
        + trace_lines(
            {"no": "type"},
            one_call(2, screenshot="screenshots/00002.png"),
            one_call(3, screenshot="screenshots/00003.png"),
            {"type": "end", "t": 1.0},
        )
    )
    path = write_zip(
        tmp_path / "t.zip",
        {
            "trace.jsonl": records,
            "screenshots/00003.png": b"GIF89a not a png",
            "snapshots.jsonl": b'{"id": 1, "text": "- a"}\n{"id": "x"}\n',
        },
    )
    trace = load_trace(path)
    assert [call["index"] for call in trace.calls] == [1, 2, 3] and not trace.cut_off
    assert trace.notes == [
        "Line 3 of trace.jsonl is not JSON; it is left out.",
        "A record of trace.jsonl has no type; it is left out.",
        "A line of snapshots.jsonl has no integer id or no text; it is left out.",
        "screenshots/00002.png, the screenshot of call 2, is not in the zip.",
        "screenshots/00003.png is not a PNG picture; it is left out.",
    ]
    assert trace.screenshots == {} and list(trace.snapshots) == [1]
    assert data_of(page_of(trace, tmp_path))["notes"] == trace.notes


# --- the page ------------------------------------------------------------------------------


def test_the_page_is_self_contained(sample: SampleTrace, tmp_path: Path) -> None:
    page = page_of(load_trace(sample.path), tmp_path)
    for needle in ("http://", "https://", "//cdn", "@import", "url("):
        assert needle not in page, needle
    for attribute in re.findall(r"""\b(?:src|href)\s*=\s*["']?([^"'\s>]*)""", page):
        assert attribute.startswith(("data:", "#")), attribute
    assert "default-src 'none'" in page and "img-src data:" in page
    assert len(SHOT_BLOCK.findall(page)) == len(sample.shot_calls) == 2


def test_web_addresses_in_the_data_stay_text(tmp_path: Path) -> None:
    sample = write_trace(tmp_path / "t.zip", actions=12, url_in_log=True)
    page = page_of(load_trace(sample.path), tmp_path)
    markup = SHOT_BLOCK.sub("", DATA_BLOCK.sub("", page))
    assert "https://godotengine.org" in data_of(page)["log"]["lines"][0]
    assert "http://" not in markup and "https://" not in markup
    assert '<meta http-equiv="Content-Security-Policy"' in markup


def test_the_data_round_trips(sample: SampleTrace, tmp_path: Path) -> None:
    trace = load_trace(sample.path)
    page = page_of(trace, tmp_path)
    data = data_of(page)
    entries = zip_entries(sample.path)
    original = [orjson.loads(line) for line in entries["trace.jsonl"].splitlines()]
    assert data["meta"] == original[0]
    assert data["calls"] == [record for record in original if record["type"] == "call"]
    assert data["end"] == original[-1]
    for line in entries["snapshots.jsonl"].splitlines():
        snapshot = orjson.loads(line)
        encoded = data["snapshots"][str(snapshot["id"])]
        assert "\n".join(data["snapshot_lines"][n] for n in encoded["lines"]) == snapshot["text"]
        assert encoded["tree_version"] == snapshot["tree_version"]
    assert "\n".join(data["log"]["lines"]) + "\n" == entries["engine.log"].decode()
    shots = {
        data["shots"][int(n)]["entry"]: base64.b64decode(text)
        for n, text in SHOT_BLOCK.findall(page)
    }
    assert shots == {name: entries[name] for name in entries if name.startswith("screenshots/")}


def test_markup_in_the_data_cannot_break_out_of_its_block(tmp_path: Path) -> None:
    evil = "</script><script>alert(1)</script><!--"
    path = write_zip(
        tmp_path / "t.zip",
        {
            "trace.jsonl": trace_lines(
                {**META, "title": evil}, one_call(1, before=1, after=2, data={"text": evil})
            ),
            "snapshots.jsonl": trace_lines({"id": 1, "text": "- a"}, {"id": 2, "text": evil}),
            "engine.log": evil.encode(),
        },
    )
    page = page_of(load_trace(path), tmp_path)
    data = data_of(page)
    assert data["meta"]["title"] == evil and data["calls"][0]["data"]["text"] == evil
    assert data["log"]["lines"] == [evil]
    assert "<title>Trace: &lt;/script&gt;" in page
    assert page.count("<script") == page.count("</script>") == 2


def test_log_lines_belong_to_their_call_and_errors_are_marked(
    sample: SampleTrace, tmp_path: Path
) -> None:
    data = data_of(page_of(load_trace(sample.path), tmp_path))
    lines, levels, owners = data["log"]["lines"], data["log"]["levels"], data["log"]["owners"]
    error = lines.index(sample.error_line)
    position = [call["index"] for call in data["calls"]].index(sample.error_call)
    assert owners[error] == owners[error + 1] == position
    assert levels[error : error + 2] == "Ee"
    assert "W" in levels and levels.count("E") == 1
    assert owners[0] == -1 and levels[0] == "."
    view = data["views"][position]
    assert view["errors"] == 1 and view["log"][0] <= error < view["log"][1]


def test_odd_log_ranges_do_not_break_the_page(tmp_path: Path) -> None:
    log = b"one\r\ntwo ERROR: bad\n   at: x\nthree"
    path = write_zip(
        tmp_path / "t.zip",
        {
            "engine.log": log,
            "trace.jsonl": trace_lines(
                META, one_call(1, log=[0, 9999]), one_call(2, log="5-9"), one_call(3, log=[4, 2])
            ),
        },
    )
    data = data_of(page_of(load_trace(path), tmp_path))
    assert data["log"]["lines"] == ["one", "two ERROR: bad", "   at: x", "three"]
    assert data["log"]["levels"] == ".Ee."
    assert [view["log"] for view in data["views"]] == [[0, 4], None, [1, 1]]
    assert data["log"]["owners"] == [0, 0, 0, 0]


def test_snapshots_share_one_table_of_lines(tmp_path: Path) -> None:
    sample = write_trace(tmp_path / "t.zip", actions=200)
    trace = load_trace(sample.path)
    data = data_of(page_of(trace, tmp_path))
    total = sum(len(snapshot.text.split("\n")) for snapshot in trace.snapshots.values())
    assert len(data["snapshot_lines"]) < total / 10


def test_render_html_makes_the_folder_and_replaces_the_file(
    sample: SampleTrace, tmp_path: Path
) -> None:
    target = tmp_path / "a" / "b" / "view.html"
    target.parent.mkdir(parents=True)
    target.write_text("old")
    written = render_html(load_trace(sample.path), target)
    assert written == target and target.read_text("utf-8").startswith("<!doctype html>")
    assert list(target.parent.iterdir()) == [target]


# --- traces in steps (format 2) ------------------------------------------------------------


@pytest.fixture
def stepped(tmp_path: Path) -> StepSample:
    return write_step_trace(tmp_path / "steps.zip")


def test_a_trace_in_steps_loads_as_a_tree(stepped: StepSample) -> None:
    trace = load_trace(stepped.path)
    assert trace.notes == [] and len(trace.steps) == stepped.steps
    assert len(trace.top) == stepped.top
    by_id = {step.id: step for step in trace.steps}
    group, nested = by_id[stepped.group_step], by_id[stepped.nested_step]
    assert nested.parent is group and group.parent is None
    assert [call["index"] for call in trace.calls_of(by_id[stepped.click_step])] == (
        stepped.click_calls
    )
    assert ("call", stepped.top_call - 1) in trace.top, "a call made outside any step"
    failed = trace.failed_step
    assert failed is not None and failed.id == stepped.failed_step
    assert failed.name == FAILED_NAME and failed.error == FAILED_MESSAGE and failed.ok is False
    assert [call["index"] for call in trace.calls_of(failed)] == stepped.failed_calls
    report = by_id[stepped.report_step]
    assert report.kind == "report" and report.ok is True and report.name == REPORT_NAME
    assert [call["index"] for call in trace.calls_of(report)] == stepped.report_calls
    assert stepped.failure_shot in trace.screenshots


def test_the_page_opens_on_the_failed_step_with_what_it_saw(
    stepped: StepSample, tmp_path: Path
) -> None:
    trace = load_trace(stepped.path)
    data = data_of(page_of(trace, tmp_path))
    failed = trace.steps.index(next(s for s in trace.steps if s.id == stepped.failed_step))
    assert data["format"] == 2 and data["open"] == -1 - failed
    shown = data["steps"][failed]
    assert shown["after"] == stepped.failure_snapshot
    assert data["shots"][shown["shot"]]["entry"] == stepped.failure_shot
    assert [data["calls"][n]["index"] for n in shown["calls"]] == stepped.failed_calls
    assert all(data["views"][n]["step"] == failed for n in shown["calls"])
    assert shown["errors"] == 1, "the ERROR line logged during a retry"
    lines = data["log"]["lines"][shown["log"][0] : shown["log"][1]]
    assert lines == ["ERROR: Mob spawn path is empty."]
    top_call = stepped.top_call - 1
    assert data["top"][1] == top_call and data["views"][top_call]["step"] == -1


def steps_zip(tmp_path: Path, *records: dict[str, Any]) -> Trace:
    meta = {**META, "format": 2}
    return load_trace(write_zip(tmp_path / "s.zip", {"trace.jsonl": trace_lines(meta, *records)}))


def test_entries_naming_unknown_steps_go_to_the_top(tmp_path: Path) -> None:
    trace = steps_zip(
        tmp_path,
        {"type": "step", "step": 1, "parent": 7, "kind": "action", "name": "a", "t": 0},
        one_call(1, step=9),
        {"type": "step_end", "step": 4, "ok": True},
        {"type": "end", "t": 1},
    )
    assert trace.top == [("step", 0), ("call", 0)]
    assert trace.steps[0].ok is None, "it never ended"
    assert trace.notes == ["A step_end record names no step this trace holds; it is left out."]


def test_a_failed_trace_without_a_failed_step_opens_on_its_last_step(tmp_path: Path) -> None:
    trace = steps_zip(
        tmp_path,
        {"type": "step", "step": 1, "kind": "action", "name": "first", "t": 0},
        one_call(1, step=1),
        {"type": "step_end", "step": 1, "ok": True},
        {"type": "step", "step": 2, "kind": "action", "name": "last", "t": 0},
        {"type": "step_end", "step": 2, "ok": True},
        {"type": "step", "step": 3, "kind": "report", "name": REPORT_NAME, "t": 0},
        one_call(2, step=3, ok=False, code="UNSUPPORTED"),
        {"type": "step_end", "step": 3, "ok": True},
        {"type": "end", "t": 1, "reason": "failed"},
    )
    assert trace.failed_step is None
    assert data_of(page_of(trace, tmp_path))["open"] == -2, "the step named last"


def test_a_trace_cut_off_inside_a_step_opens_on_the_unanswered_call(tmp_path: Path) -> None:
    trace = steps_zip(
        tmp_path,
        {"type": "step", "step": 1, "kind": "action", "name": "click", "t": 0, "log": 0},
        one_call(1, step=1),
        one_call(2, step=1, ok=None, error="no answer: the game exited"),
    )
    assert trace.cut_off and trace.steps[0].ok is None
    assert data_of(page_of(trace, tmp_path))["open"] == 1


def test_a_format_1_trace_is_all_calls_at_the_top(sample: SampleTrace) -> None:
    trace = load_trace(sample.path)
    assert trace.steps == [] and trace.failed_step is None
    assert trace.top == [("call", n) for n in range(sample.calls)]
