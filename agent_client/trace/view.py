"""The trace viewer: read a ``trace.zip`` (docs/TRACE.md) and write it as one offline HTML page.

    trace = load_trace("trace.zip")          # TraceError, naming what is wrong, if it is not one
    render_html(trace, "trace.html")         # CSS, JS, data and pictures all inlined

The loader refuses only what the format says a reader must refuse: no ``trace.jsonl``, a first
line that is not a ``meta`` record, a format it does not know. Anything else it cannot use (a
damaged line, a missing picture) is left out and said in ``Trace.notes``, which the page shows,
so a damaged trace still shows everything it can. It reads both formats: 1 (calls only) and 2
(calls grouped under steps: ``Trace.steps``, ``Trace.top``). The page's code lives in
``viewer/`` beside this module.
"""

from __future__ import annotations

import base64
import bisect
import html
import os
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from agent_client.connection.connection import REPORT_STEP
from agent_client.wire.errors import AgentBridgeError

__all__ = [
    "FORMAT",
    "FORMATS",
    "Screenshot",
    "Snapshot",
    "StepRecord",
    "Trace",
    "TraceError",
    "build_page",
    "load_trace",
    "page_data",
    "render_html",
]

# The newest format this viewer reads, and every format it reads.
FORMAT = 2
FORMATS = (1, 2)
READS = " and ".join(map(str, FORMATS))
TRACE_ENTRY = "trace.jsonl"
SNAPSHOTS_ENTRY = "snapshots.jsonl"
LOG_ENTRY = "engine.log"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZIP_SIGNATURE = b"PK\x03\x04"
ASSETS = ("diff.js", "vlist.js", "viewer.js")
# Godot's ERROR:, USER ERROR:, SCRIPT ERROR: and WARNING: lines; a line starting with white
# space right after one ("   at: ...") continues it.
ERROR_LINE = re.compile(r"\bERROR\b")
WARNING_LINE = re.compile(r"\bWARNING\b")
PLACEHOLDER = re.compile(r"<!--@(\w+)@-->")


class TraceError(AgentBridgeError):
    """A file that cannot be read as a trace; the message names what is wrong."""


@dataclass(frozen=True)
class Snapshot:
    """One compact snapshot of ``snapshots.jsonl``."""

    id: int
    text: str
    tree_version: int | None = None


@dataclass(frozen=True)
class Screenshot:
    """A PNG from the zip, with its size in pixels."""

    data: bytes
    width: int
    height: int


@dataclass
class StepRecord:
    """One step of a format-2 trace: its ``step`` record and its ``step_end`` record, with
    what it holds.

    Attributes:
        id: the step's number (the ``step`` key of its records and of its calls).
        record: the ``step`` record (name, kind, args, parent, t, before, log).
        end: the ``step_end`` record, or None for a step that never ended (cut off).
        parent: the enclosing step, or None at the top.
        children: its calls and steps, in order (``("call", position in Trace.calls)`` or
            ``("step", position in Trace.steps)``).
    """

    id: int
    record: dict[str, Any]
    end: dict[str, Any] | None = None
    parent: StepRecord | None = None
    children: list[tuple[str, int]] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.record.get("name", ""))

    @property
    def kind(self) -> str:
        return str(self.record.get("kind", ""))

    @property
    def ok(self) -> bool | None:
        """Whether it passed; None when it never ended."""
        return None if self.end is None else self.end.get("ok") is True

    @property
    def error(self) -> str | None:
        """The failure's message (a failed expectation's assertion message)."""
        value = self.end.get("error") if self.end else None
        return value if isinstance(value, str) else None


@dataclass
class Trace:
    """A loaded trace: the records of ``trace.jsonl`` and the entries they refer to.

    Attributes:
        path: the zip it was read from.
        meta: the ``meta`` record (the first line).
        records: every record after ``meta``, in order, of any type (unknown ones included).
        snapshots: ``snapshots.jsonl`` by id.
        screenshots: the pictures calls refer to, by zip entry name.
        engine_log: ``engine.log`` as bytes (``call.log`` offsets count bytes).
        notes: what was left out and why, one sentence each.
        steps: the steps (format 2), in the order they began, nested ones included.
        top: what the trace shows at its top, in order: the steps that are in no step and
            the calls made outside any step (``("step", n)`` or ``("call", n)``, positions
            in ``steps`` and ``calls``); a format-1 trace is all calls.
    """

    path: Path
    meta: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    snapshots: dict[int, Snapshot] = field(default_factory=dict)
    screenshots: dict[str, Screenshot] = field(default_factory=dict)
    engine_log: bytes = b""
    notes: list[str] = field(default_factory=list)
    steps: list[StepRecord] = field(default_factory=list)
    top: list[tuple[str, int]] = field(default_factory=list)

    @property
    def calls(self) -> list[dict[str, Any]]:
        """The ``call`` records, in order."""
        return [record for record in self.records if record["type"] == "call"]

    def calls_of(self, step: StepRecord) -> list[dict[str, Any]]:
        """Every call made while ``step`` was open, those of its nested steps included."""
        calls = self.calls
        return [calls[position] for position in self.call_positions(step)]

    def call_positions(self, step: StepRecord) -> list[int]:
        """The positions in :attr:`calls` of :meth:`calls_of`."""
        found: list[int] = []
        for kind, position in step.children:
            if kind == "call":
                found.append(position)
            else:
                found += self.call_positions(self.steps[position])
        return found

    @property
    def failed_step(self) -> StepRecord | None:
        """The step the trace failed at: the first failed step that is not the failure
        report's, and within it the innermost failed step (the most precise message)."""
        candidates = [self.steps[n] for kind, n in self.top if kind == "step"]
        found: StepRecord | None = None
        while True:
            failed = next(
                (step for step in candidates if step.ok is False and step.kind != REPORT_STEP),
                None,
            )
            if failed is None:
                return found
            found = failed
            candidates = [self.steps[n] for kind, n in failed.children if kind == "step"]

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The calls that acted on the game (``action: true``)."""
        return [call for call in self.calls if call.get("action") is True]

    @property
    def end(self) -> dict[str, Any] | None:
        """The ``end`` record, or None for a trace that was cut off."""
        return next((record for record in self.records if record["type"] == "end"), None)

    @property
    def cut_off(self) -> bool:
        """Whether the trace has no ``end`` record: the client stopped before closing it."""
        return self.end is None


# --- loading -------------------------------------------------------------------------------


def load_trace(path: str | os.PathLike[str]) -> Trace:
    """Read and check a ``trace.zip``.

    Args:
        path: the zip file.

    Returns:
        The trace; ``notes`` lists anything that was left out.

    Raises:
        TraceError: the file is missing, not a zip, a truncated zip, a zip without
            ``trace.jsonl``, or its first line is not a ``meta`` record of a known format.
    """
    source = Path(path)
    with _open_zip(source) as archive:
        names = set(archive.namelist())
        if TRACE_ENTRY not in names:
            raise TraceError(
                f"{source} is a zip archive but not a trace: it has no "
                f"{TRACE_ENTRY} at its top ({_list_entries(names)})."
            )
        lines = _read_entry(archive, TRACE_ENTRY, source).split(b"\n")
        meta = _read_meta(lines[0], source)
        trace = Trace(path=source, meta=meta)
        trace.records = _read_records(lines[1:], trace.notes)
        trace.steps, trace.top = _read_steps(trace.records, trace.notes)
        trace.snapshots = _read_snapshots(archive, names, trace.notes)
        ends = [step.end for step in trace.steps if step.end is not None]
        trace.screenshots = _read_screenshots(archive, names, trace.calls + ends, trace.notes)
        trace.engine_log = _read_optional(archive, names, LOG_ENTRY, trace.notes)
    return trace


def _open_zip(source: Path) -> zipfile.ZipFile:
    """Open the zip, or say why the file is not one.

    Raises:
        TraceError: the file is missing, a folder, unreadable, empty, not a zip or truncated.
    """
    if not source.exists():
        raise TraceError(f"There is no trace at {source}: the file does not exist.")
    if source.is_dir():
        raise TraceError(f"{source} is a folder, not a trace.zip file.")
    try:
        return zipfile.ZipFile(source)
    except zipfile.BadZipFile as exc:
        raise TraceError(_why_not_a_zip(source)) from exc
    except OSError as exc:
        raise TraceError(f"Cannot read the trace {source}: {exc.strerror or exc}.") from exc


def _why_not_a_zip(source: Path) -> str:
    with source.open("rb") as file:
        head = file.read(len(ZIP_SIGNATURE))
    if not head:
        return f"{source} is empty, not a trace."
    if head == ZIP_SIGNATURE:
        # The zip's table of contents is written last, so a cut-short file starts right but
        # ends without it.
        return (
            f"{source} is a truncated or damaged zip archive: its table of contents (at "
            f"the end of the file) is missing, as when writing or copying it stopped "
            f"part way."
        )
    return f"{source} is not a trace: it is not a zip archive."


def _list_entries(names: set[str]) -> str:
    if not names:
        return "it is empty"
    shown = sorted(names)[:5]
    more = f" and {len(names) - len(shown)} more" if len(names) > len(shown) else ""
    return "it holds " + ", ".join(shown) + more


def _read_entry(archive: zipfile.ZipFile, name: str, source: Path) -> bytes:
    """One entry's bytes.

    Raises:
        TraceError: the entry is damaged (bad checksum, cut short, bad compression), encrypted
            or compressed in a way zipfile does not read.
    """
    try:
        return archive.read(name)
    # RuntimeError: an encrypted entry; NotImplementedError (one): a compression zipfile lacks.
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, RuntimeError) as exc:
        raise TraceError(f"{source} is damaged: its entry {name} cannot be read ({exc}).") from exc


def _read_optional(archive: zipfile.ZipFile, names: set[str], name: str, notes: list[str]) -> bytes:
    """An entry the trace can do without: empty when absent or damaged (said in ``notes``)."""
    if name not in names:
        return b""
    try:
        return _read_entry(archive, name, Path(archive.filename or "trace.zip"))
    except TraceError as exc:
        notes.append(f"{exc} It is left out.")
        return b""


def _read_meta(line: bytes, source: Path) -> dict[str, Any]:
    """The first line, which must be a ``meta`` record of a format this reader knows.

    Raises:
        TraceError: the line is empty, not JSON, not a meta record, or of an unknown format.
    """
    where = f"{source}: the first line of {TRACE_ENTRY}"
    if not line.strip():
        raise TraceError(f"{where} is empty; a trace starts with a meta record.")
    try:
        meta = orjson.loads(line)
    except orjson.JSONDecodeError as exc:
        raise TraceError(f"{where} is not a meta record: it is not JSON ({exc}).") from exc
    if not isinstance(meta, dict) or meta.get("type") != "meta":
        found = meta.get("type") if isinstance(meta, dict) else type(meta).__name__
        raise TraceError(f"{where} is not a meta record (its type is {found!r}).")
    version = meta.get("format")
    if type(version) is int and version in FORMATS:
        return meta
    if version is None:
        raise TraceError(f"{where} has no format number; this viewer reads formats {READS}.")
    if type(version) is int and version > FORMAT:
        raise TraceError(
            f"{source} is trace format {version}, newer than this viewer reads "
            f"(format {FORMAT}): update agent-bridge to open it."
        )
    raise TraceError(
        f"{source} has an unknown trace format {version!r}; this viewer reads formats {READS}."
    )


def _json_lines(
    lines: list[bytes], entry: str, notes: list[str], first_number: int = 1
) -> list[dict[str, Any]]:
    """The JSON objects of a JSON-lines entry; a line that is not one is left out (noted)."""
    objects: list[dict[str, Any]] = []
    last = max(
        (number for number, line in enumerate(lines, first_number) if line.strip()), default=0
    )
    for number, line in enumerate(lines, first_number):
        if not line.strip():
            continue
        try:
            value = orjson.loads(line)
        except orjson.JSONDecodeError:
            # A client that died while writing leaves its last line cut short.
            why = "was cut short" if number == last else "is not JSON"
            notes.append(f"Line {number} of {entry} {why}; it is left out.")
            continue
        if not isinstance(value, dict):
            notes.append(f"Line {number} of {entry} is not a JSON object; it is left out.")
            continue
        objects.append(value)
    return objects


def _read_records(lines: list[bytes], notes: list[str]) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = []
    for record in _json_lines(lines, TRACE_ENTRY, notes, first_number=2):
        if isinstance(record.get("type"), str):
            records.append(record)
        else:
            notes.append(f"A record of {TRACE_ENTRY} has no type; it is left out.")
    return records


def _read_steps(
    records: list[dict[str, Any]], notes: list[str]
) -> tuple[list[StepRecord], list[tuple[str, int]]]:
    """The steps and the top of the trace, from the ``step``, ``step_end`` and ``call``
    records. A call or step naming a step the trace does not hold goes to the top."""
    steps: list[StepRecord] = []
    by_id: dict[Any, int] = {}
    top: list[tuple[str, int]] = []
    calls = 0

    def place(entry: tuple[str, int], parent_id: Any) -> StepRecord | None:
        parent = steps[by_id[parent_id]] if parent_id in by_id else None
        (parent.children if parent is not None else top).append(entry)
        return parent

    for record in records:
        kind = record["type"]
        if kind == "call":
            place(("call", calls), record.get("step"))
            calls += 1
        elif kind == "step" and type(record.get("step")) is int:
            step = StepRecord(record["step"], record)
            step.parent = place(("step", len(steps)), record.get("parent"))
            by_id[step.id] = len(steps)
            steps.append(step)
        elif kind == "step_end" and record.get("step") in by_id:
            steps[by_id[record["step"]]].end = record
        elif kind in ("step", "step_end"):
            notes.append(f"A {kind} record names no step this trace holds; it is left out.")
    return steps, top


def _read_snapshots(
    archive: zipfile.ZipFile, names: set[str], notes: list[str]
) -> dict[int, Snapshot]:
    raw = _read_optional(archive, names, SNAPSHOTS_ENTRY, notes)
    snapshots: dict[int, Snapshot] = {}
    for line in _json_lines(raw.split(b"\n"), SNAPSHOTS_ENTRY, notes):
        snapshot_id, text, version = line.get("id"), line.get("text"), line.get("tree_version")
        if type(snapshot_id) is not int or not isinstance(text, str):
            notes.append(
                f"A line of {SNAPSHOTS_ENTRY} has no integer id or no text; it is left out."
            )
            continue
        snapshots[snapshot_id] = Snapshot(
            snapshot_id, text, version if type(version) is int else None
        )
    return snapshots


def _read_screenshots(
    archive: zipfile.ZipFile, names: set[str], records: list[dict[str, Any]], notes: list[str]
) -> dict[str, Screenshot]:
    """The pictures the calls (and the ends of failed steps) refer to."""
    screenshots: dict[str, Screenshot] = {}
    for record in records:
        entry = record.get("screenshot")
        if not isinstance(entry, str) or entry in screenshots:
            continue
        if entry not in names:
            owner = (
                f"call {record.get('index')}"
                if record["type"] == "call"
                else f"step {record.get('step')}"
            )
            notes.append(f"{entry}, the screenshot of {owner}, is not in the zip.")
            continue
        picture = _png(_read_optional(archive, names, entry, notes))
        if picture is None:
            notes.append(f"{entry} is not a PNG picture; it is left out.")
        else:
            screenshots[entry] = picture
    return screenshots


def _png(data: bytes) -> Screenshot | None:
    """The picture with its size read from the PNG header, or None if it is not a PNG."""
    if len(data) < 24 or not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR":
        return None
    return Screenshot(data, int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))


# --- the page's data ------------------------------------------------------------------------


@dataclass
class _Log:
    """``engine.log`` split into lines, each with its level and the call it belongs to."""

    lines: list[str]
    starts: list[int]
    levels: str
    owners: list[int]


def _split_log(raw: bytes) -> tuple[list[str], list[int]]:
    """The log's lines (without line ends) and the byte offset each starts at."""
    lines: list[str] = []
    starts: list[int] = []
    offset = 0
    for chunk in raw.split(b"\n"):
        lines.append(chunk.rstrip(b"\r").decode("utf-8", "replace"))
        starts.append(offset)
        offset += len(chunk) + 1
    if lines and lines[-1] == "" and raw.endswith(b"\n"):
        lines.pop()
        starts.pop()
    return lines, starts


def _levels(lines: list[str]) -> str:
    """One letter a line: ``E``/``W`` starts an error/warning, ``e``/``w`` continues one."""
    levels: list[str] = []
    previous = "."
    for line in lines:
        if ERROR_LINE.search(line):
            level = "E"
        elif WARNING_LINE.search(line):
            level = "W"
        elif line[:1].isspace() and line.strip() and previous != ".":
            level = previous.lower()
        else:
            level = "."
        levels.append(level)
        previous = level
    return "".join(levels)


def _log_range(call: dict[str, Any], starts: list[int]) -> tuple[int, int] | None:
    """The lines (first, end) that started inside the call's ``log`` byte range."""
    span = call.get("log")
    if (
        not isinstance(span, list)
        or len(span) != 2
        or not all(type(value) is int for value in span)
    ):
        return None
    first = bisect.bisect_left(starts, span[0])
    return first, max(first, bisect.bisect_left(starts, span[1]))


def _read_log(raw: bytes, calls: list[dict[str, Any]]) -> _Log:
    lines, starts = _split_log(raw)
    owners = [-1] * len(lines)
    for position, call in enumerate(calls):
        span = _log_range(call, starts)
        if span is not None:
            owners[span[0] : span[1]] = [position] * (span[1] - span[0])
    return _Log(lines, starts, _levels(lines), owners)


def _call_views(trace: Trace, log: _Log, shots: dict[str, int]) -> list[dict[str, Any]]:
    """What the page derives for each call: its log lines, their errors, its picture."""
    views: list[dict[str, Any]] = []
    for call in trace.calls:
        span = _log_range(call, log.starts)
        levels = log.levels[span[0] : span[1]] if span else ""
        entry = call.get("screenshot")
        views.append(
            {
                "log": list(span) if span else None,
                "errors": levels.count("E"),
                "warnings": levels.count("W"),
                "shot": shots.get(entry, -1) if isinstance(entry, str) else -1,
            }
        )
    return views


def _ref(entry: tuple[str, int]) -> int:
    """An entry of the tree as the page names it: a call's position, or -1 - a step's."""
    kind, position = entry
    return position if kind == "call" else -1 - position


def _step_views(
    trace: Trace, log: _Log, shots: dict[str, int], views: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """What the page shows of each step: its records, its calls (nested ones included), the
    snapshots before and after it, its picture, its log lines. Each call's view gets the
    step it is in (``step``: a position in the list returned, -1 for none)."""
    positions = {id(step): number for number, step in enumerate(trace.steps)}
    calls = trace.calls
    for view in views:
        view["step"] = -1
    shown: list[dict[str, Any]] = []
    for number, step in enumerate(trace.steps):
        for kind, position in step.children:
            if kind == "call":
                views[position]["step"] = number
        end = step.end or {}
        deep = trace.call_positions(step)
        record = step.record
        after = end.get("snapshot")
        if type(after) is not int:
            after = next(
                (calls[n]["after"] for n in reversed(deep) if type(calls[n].get("after")) is int),
                record.get("before"),
            )
        entry = end.get("screenshot")
        shot, rect = (shots.get(entry, -1) if isinstance(entry, str) else -1), None
        if shot < 0:
            pictured = next((n for n in reversed(deep) if views[n]["shot"] >= 0), None)
            if pictured is not None:
                shot, rect = views[pictured]["shot"], calls[pictured].get("target_rect")
        last = end.get("log")
        if last is None and deep:  # it never ended: up to its last call
            last_span = calls[deep[-1]].get("log")
            last = last_span[1] if isinstance(last_span, list) and len(last_span) == 2 else None
        span = _log_range({"log": [record.get("log"), last]}, log.starts)
        frames = [calls[n]["frame"] for n in deep if type(calls[n].get("frame")) is int]
        shown.append(
            {
                "record": record,
                "end": step.end,
                "parent": positions[id(step.parent)] if step.parent is not None else -1,
                "children": [_ref(entry) for entry in step.children],
                "calls": deep,
                "after": after,
                "shot": shot,
                "rect": rect,
                "log": list(span) if span else None,
                "errors": log.levels[span[0] : span[1]].count("E") if span else 0,
                "frames": [frames[0], frames[-1]] if frames else None,
            }
        )
    return shown


def _opening(
    trace: Trace, views: list[dict[str, Any]], step_views: list[dict[str, Any]]
) -> int | None:
    """The entry the page opens on: the failed step; else the first failed call that no
    passed step and no failure report holds; else, in a failed trace, the last thing the
    test did; else the first action."""
    failed_step = trace.failed_step
    if failed_step is not None:
        return -1 - trace.steps.index(failed_step)

    def excused(position: int) -> bool:
        step = views[position]["step"]
        while step >= 0:
            if trace.steps[step].ok or trace.steps[step].kind == REPORT_STEP:
                return True
            step = step_views[step]["parent"]
        return False

    calls = trace.calls
    for position, call in enumerate(calls):
        if call.get("ok") is not True and not excused(position):
            return position
    # Shown at the top without asking: steps, and calls (only actions in a format-1 trace).
    shown_top = [
        entry
        for entry in trace.top
        if entry[0] == "step" or trace.steps or calls[entry[1]].get("action") is True
    ]
    if trace.end is not None and trace.end.get("reason") == "failed":
        before_report = []
        for entry in shown_top:
            if entry[0] == "step" and trace.steps[entry[1]].kind == REPORT_STEP:
                break
            before_report.append(entry)
        if before_report:
            return _ref(before_report[-1])
    if shown_top:
        return _ref(shown_top[0])
    return 0 if calls else None


def _loose_events(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``event`` records, each with the position of the call it came after (-1: before all)."""
    loose: list[dict[str, Any]] = []
    position = -1
    for record in records:
        if record["type"] == "call":
            position += 1
        elif record["type"] == "event":
            loose.append({"after": position, "t": record.get("t"), "event": record.get("event")})
    return loose


def _snapshot_table(snapshots: dict[int, Snapshot]) -> tuple[list[str], dict[str, Any]]:
    """Snapshots as lists of numbers into one table of distinct lines.

    Consecutive snapshots share most lines, so this keeps the page small, and the page's diff
    compares numbers instead of strings.
    """
    table: dict[str, int] = {}
    encoded: dict[str, Any] = {}
    for snapshot_id, snapshot in snapshots.items():
        numbers = [table.setdefault(line, len(table)) for line in snapshot.text.split("\n")]
        encoded[str(snapshot_id)] = {"lines": numbers, "tree_version": snapshot.tree_version}
    return list(table), encoded


def page_data(trace: Trace) -> dict[str, Any]:
    """Everything the page shows, as one JSON-ready object (screenshots aside)."""
    calls = trace.calls
    log = _read_log(trace.engine_log, calls)
    shots = {entry: number for number, entry in enumerate(trace.screenshots)}
    lines, snapshots = _snapshot_table(trace.snapshots)
    views = _call_views(trace, log, shots)
    steps = _step_views(trace, log, shots, views)
    return {
        "file": trace.path.name,
        "meta": trace.meta,
        "format": trace.meta.get("format"),
        "end": trace.end,
        "cut_off": trace.cut_off,
        "notes": trace.notes,
        "calls": calls,
        "views": views,
        "steps": steps,
        "top": [_ref(entry) for entry in trace.top],
        "open": _opening(trace, views, steps),
        "loose_events": _loose_events(trace.records),
        "snapshot_lines": lines,
        "snapshots": snapshots,
        "shots": [
            {"entry": entry, "width": shot.width, "height": shot.height}
            for entry, shot in trace.screenshots.items()
        ],
        "log": {"lines": log.lines, "levels": log.levels, "owners": log.owners},
    }


# --- the page -------------------------------------------------------------------------------


def _asset(name: str) -> str:
    return (resources.files("agent_client.trace") / "viewer" / name).read_text("utf-8")


def _script_json(value: Any) -> str:
    """JSON that is safe inside a <script> element: no ``<`` can close it early."""
    return orjson.dumps(value).decode("utf-8").replace("<", "\\u003c")


def _shot_blocks(trace: Trace) -> str:
    """Each picture as base64 in its own inert block, turned into a data: URI when shown."""
    return "\n".join(
        f'<script type="text/plain" id="shot-{number}">'
        f"{base64.b64encode(shot.data).decode('ascii')}</script>"
        for number, shot in enumerate(trace.screenshots.values())
    )


def _title(trace: Trace) -> str:
    parts = [str(trace.meta.get(key)) for key in ("title", "game") if trace.meta.get(key)]
    return "Trace: " + (" \N{EM DASH} ".join(parts) or trace.path.name)


def build_page(trace: Trace) -> str:
    """The whole HTML page for ``trace``, as text."""
    parts = {
        "TITLE": html.escape(_title(trace)),
        "CSS": _asset("viewer.css"),
        "DATA": _script_json(page_data(trace)),
        "JS": "\n".join(_asset(name) for name in ASSETS),
        "SHOTS": _shot_blocks(trace),
    }
    # One pass, so text inserted for one placeholder is never searched for another.
    return PLACEHOLDER.sub(lambda match: parts[match.group(1)], _asset("viewer.html"))


def render_html(trace: Trace, out_path: str | os.PathLike[str]) -> Path:
    """Write the trace as one self-contained HTML file (no network needed to view it).

    Args:
        trace: a loaded trace.
        out_path: the HTML file to write; its folder is made when missing.

    Returns:
        The path written.

    Raises:
        OSError: the file cannot be written.
    """
    target = Path(out_path)
    target.parent.mkdir(parents=True, exist_ok=True)
    page = build_page(trace)
    # Written beside and then renamed, so a reader never sees half a page.
    partial = target.with_name(target.name + ".partial")
    try:
        partial.write_text(page, encoding="utf-8")
        partial.replace(target)
    except OSError:
        partial.unlink(missing_ok=True)
        raise
    return target
