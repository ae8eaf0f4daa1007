"""Synthetic traces (docs/TRACE.md) for the viewer's tests and benchmark.

``write_trace(path, actions=N)`` plays a made-up level: each action changes the snapshot (a
move counter, crystals that swap, a dialog that opens and closes), sends events, and writes to
the engine log; one call logs a script error, one fails, a couple of actions have real PNG
screenshots with a target rect. The returned ``SampleTrace`` says where each of those is, so
tests look them up instead of hard-coding them.
"""

from __future__ import annotations

import random
import struct
import zipfile
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

SHOT_SIZE = (320, 180)
COMMANDS = ("click", "press", "swap", "fill", "drag", "select", "hover", "input")
# Where the made-up level's controls are, in root viewport pixels.
BUTTONS = {"Reset": (12, 12, 70, 26), "Next Level": (92, 12, 96, 26), "Sound": (200, 12, 60, 26)}
CRYSTALS = 4
GODOT_BANNER = "Godot Engine v4.6.3.stable.official.a1b2c3d4e - https://godotengine.org"


@dataclass
class SampleTrace:
    """A written sample and where its notable steps are (call ``index`` values)."""

    path: Path
    actions: int = 0
    calls: int = 0
    action_indexes: list[int] = field(default_factory=list)
    error_call: int = 0  # its log range holds a SCRIPT ERROR (and an engine_error)
    warning_call: int = 0  # its log range holds a WARNING
    failed_call: int = 0  # answered ok=false, STALE_REF
    dialog_call: int = 0  # opens a dialog: adds lines, changes
    shot_calls: list[int] = field(default_factory=list)
    error_line: str = ""  # the SCRIPT ERROR line as logged
    removed_line: str = ""  # a line dialog_call's diff removes
    added_line: str = ""  # a line dialog_call's diff adds
    event_type: str = "dialog_opened"  # an event of dialog_call


# --- PNG pictures, written by hand -----------------------------------------------------------


class Canvas:
    """An RGB picture to draw filled rectangles on."""

    def __init__(self, width: int, height: int, color: tuple[int, int, int]) -> None:
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(color) * width) for _ in range(height)]

    def fill(self, x: int, y: int, w: int, h: int, color: tuple[int, int, int]) -> None:
        """Fill a rectangle, clipped to the picture."""
        left, right = max(0, x), min(self.width, x + w)
        if right <= left:
            return
        for row in self.rows[max(0, y) : min(self.height, y + h)]:
            row[left * 3 : right * 3] = bytes(color) * (right - left)

    def png(self) -> bytes:
        """The picture as a PNG file (8-bit RGB, no filter)."""
        raw = b"".join(b"\x00" + bytes(row) for row in self.rows)
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + _chunk(b"IHDR", header)
            + _chunk(b"IDAT", zlib.compress(raw, 6))
            + _chunk(b"IEND", b"")
        )


def _chunk(kind: bytes, body: bytes) -> bytes:
    return (
        struct.pack(">I", len(body))
        + kind
        + body
        + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    )


def level_picture(step: int, crystals: list[int], dialog: bool) -> bytes:
    """What the made-up level looks like: buttons, crystals, maybe a dialog."""
    canvas = Canvas(*SHOT_SIZE, color=(24 + step % 40, 28, 48))
    for x, y, w, h in BUTTONS.values():
        canvas.fill(x, y, w, h, (70, 90, 140))
    for slot, crystal in enumerate(crystals):
        canvas.fill(40 + slot * 64, 90, 40, 40, (90 + crystal * 40, 200 - crystal * 30, 220))
    if dialog:
        canvas.fill(80, 50, 160, 80, (230, 230, 235))
        canvas.fill(130, 100, 60, 20, (70, 90, 140))
    return canvas.png()


# --- the made-up level -----------------------------------------------------------------------


@dataclass
class Level:
    """The game state behind the snapshots."""

    filler: int
    moves: int = 0
    crystals: list[int] = field(default_factory=lambda: list(range(CRYSTALS)))
    dialog: bool = False
    name: str = ""
    tree_version: int = 1

    def snapshot(self) -> str:
        lines = [
            '- application "Crystal Vault"',
            "  - generic",
            '    - heading "The Triangle Vault"',
            f'    - text "Moves: {self.moves}"',
            '    - button "Reset" [ref=e1]',
            '    - button "Next Level" [disabled, ref=e2]',
            '    - checkbox "Sound" [checked=false, ref=e3]',
            f'    - textbox "Name" [value="{self.name}", ref=e4]',
        ]
        for slot, crystal in enumerate(self.crystals):
            lines.append(
                f'    - generic "Crystal {crystal}" [at={60 + slot * 64},110, '
                f"class=CrystalNode, ref=e{5 + crystal}]"
            )
        lines += [f'    - text "Hint {row}: symmetry {row % 7}"' for row in range(self.filler)]
        if self.dialog:
            lines += [
                '  - dialog "Level complete"',
                '    - text "Well done"',
                '    - button "OK" [ref=e20]',
            ]
        return "\n".join(lines)


@dataclass
class Recorder:
    """Collects records, snapshots, pictures and log text as a recorder would."""

    rng: random.Random
    records: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    pictures: dict[str, bytes] = field(default_factory=dict)
    log: bytearray = field(default_factory=bytearray)
    t: float = 0.0
    frame: int = 100
    seq: int = 0
    index: int = 0

    def log_lines(self, *lines: str) -> None:
        for line in lines:
            self.log += line.encode("utf-8") + b"\n"

    def take_snapshot(self, level: Level) -> int:
        level.tree_version += 1
        self.snapshots.append(
            {
                "id": len(self.snapshots) + 1,
                "text": level.snapshot(),
                "tree_version": level.tree_version,
            }
        )
        return len(self.snapshots)

    def event(self, kind: str, source: str, args: list[Any]) -> dict[str, Any]:
        self.seq += 1
        return {"type": kind, "seq": self.seq, "frame": self.frame, "source": source, "args": args}

    def call(
        self,
        cmd: str,
        args: dict[str, Any],
        *,
        action: bool,
        logged: Iterable[str] = (),
        seconds: float | None = None,
        **answer: Any,
    ) -> dict[str, Any]:
        """Append one call record; ``answer`` holds ok, data, events, changes, before, ..."""
        self.index += 1
        self.frame += self.rng.randint(1, 4)
        start = len(self.log)
        self.log_lines(*logged)
        took = seconds if seconds is not None else self.rng.uniform(0.0004, 0.02)
        record: dict[str, Any] = {
            "type": "call",
            "index": self.index,
            "id": self.index,
            "cmd": cmd,
            "args": args,
            "action": action,
            "t": round(self.t, 6),
            "t_end": round(self.t + took, 6),
            "frame": self.frame,
            "ok": True,
            "data": {},
            "code": None,
            "error": None,
            "events": [],
            "changes": None,
            "before": None,
            "after": None,
            "target_rect": None,
            "screenshot": None,
            "log": [start, len(self.log)],
        }
        record.update(answer)
        self.t += took + self.rng.uniform(0.0002, 0.004)
        self.records.append(record)
        return record


def _target(command: str, step: int) -> tuple[dict[str, Any], str, tuple[int, int, int, int]]:
    """Args, node path and rect of what an action acts on."""
    if command in ("swap", "drag"):
        slot = step % CRYSTALS
        return (
            {"from": slot, "to": (slot + 1) % CRYSTALS},
            f"/root/Level/Crystals/Crystal_{slot}",
            (40 + slot * 64, 90, 40, 40),
        )
    if command == "fill":
        return {"ref": "e4", "text": f"player {step}"}, "/root/Level/HUD/Name", (200, 50, 100, 24)
    name = list(BUTTONS)[step % len(BUTTONS)]
    return (
        {"ref": f"e{1 + step % len(BUTTONS)}"},
        f"/root/Level/HUD/{name.replace(' ', '')}",
        BUTTONS[name],
    )


def _act(level: Level, command: str, args: dict[str, Any]) -> None:
    level.moves += 1
    if command in ("swap", "drag"):
        crystals, first, second = level.crystals, args["from"], args["to"]
        crystals[first], crystals[second] = crystals[second], crystals[first]
    elif command == "fill":
        level.name = args["text"]


# --- the trace -------------------------------------------------------------------------------


def write_trace(
    path: Path,
    *,
    actions: int = 20,
    screenshots: int = 2,
    cut_off: bool = False,
    torn_tail: bool = False,
    filler: int = 20,
    url_in_log: bool = False,
    seed: int = 7,
) -> SampleTrace:
    """Write a sample ``trace.zip`` of ``actions`` actions (at least 10) and say what is where.

    ``screenshots`` actions, spread over the run, get a picture (``-1``: every action);
    ``cut_off`` leaves out the ``end`` record and the last call's answer; ``torn_tail`` also
    cuts its last line short; ``filler`` adds snapshot lines; ``url_in_log`` starts the log
    with Godot's banner, which holds a web address.
    """
    if actions < 10:
        raise ValueError("a sample trace has at least 10 actions")
    rng = random.Random(seed)
    rec = Recorder(rng)
    level = Level(filler=filler)
    sample = SampleTrace(path=path, actions=actions)
    rec.log_lines(
        GODOT_BANNER if url_in_log else "Godot Engine v4.6.3.stable.official",
        "AgentBridge: agent mode on, session ready",
    )
    rec.call("hello", {}, action=False, data={"protocol": "agentbridge/1", "engine": "godot"})
    shot_steps = _spread(actions, actions if screenshots < 0 else screenshots)
    marks = {
        "dialog": actions // 3,
        "error": actions // 2,
        "warning": actions // 2 + 2,
        "failed": actions - 2,
    }
    before = rec.take_snapshot(level)
    for step in range(actions):
        if step % 5 == 4:
            rec.call(
                "wait",
                {"settled": True},
                action=False,
                seconds=0.05,
                data={"frames": rng.randint(1, 9)},
            )
        before = _play_step(rec, level, sample, step, before, marks, step in shot_steps)
    rec.records.insert(
        len(rec.records) // 2,
        {
            "type": "event",
            "t": round(rec.t, 6),
            "event": rec.event("music_changed", "/root/Music", ["calm"]),
        },
    )
    rec.records.insert(3, {"type": "marker", "t": 0.001, "label": "a record type from later"})
    if cut_off:
        last = rec.records[-1]
        rec.pictures.pop(str(last["screenshot"]), None)
        if last["index"] in sample.shot_calls:
            sample.shot_calls.remove(last["index"])
        last.update(
            ok=None,
            data=None,
            error="no answer: the game exited (exit code 139)",
            after=None,
            screenshot=None,
            t_end=None,
        )
    else:
        rec.records.append({"type": "end", "t": round(rec.t, 6), "reason": "failed"})
    sample.calls = rec.index
    _write_zip(path, rec, torn_tail=torn_tail)
    return sample


def _spread(actions: int, count: int) -> set[int]:
    """``count`` steps spread evenly over ``actions`` steps."""
    count = max(0, min(actions, count))
    if count <= 1:
        return {actions // 4} if count else set()
    return {round(i * (actions - 1) / (count - 1)) for i in range(count)}


def _play_step(
    rec: Recorder,
    level: Level,
    sample: SampleTrace,
    step: int,
    before: int,
    marks: dict[str, int],
    with_shot: bool,
) -> int:
    """One action: the game changes, the call is recorded. Returns the snapshot after it."""
    command = COMMANDS[step % len(COMMANDS)]
    args, path, rect = _target(command, step)
    events = [rec.event("pressed" if command != "swap" else "crystals_swapped", path, [step])]
    answer: dict[str, Any] = {
        "changes": {"added": [], "added_count": 0, "removed": [], "removed_count": 0}
    }
    logged: list[str] = []
    if step == marks["failed"]:
        args, events = {"ref": "e99"}, []
        answer = {
            "ok": False,
            "code": "STALE_REF",
            "data": None,
            "error": "Ref e99 is stale: its node is gone.",
        }
    else:
        old_moves = f'    - text "Moves: {level.moves}"'
        _act(level, command, args)
        _step_effects(
            rec,
            level,
            sample,
            step == marks["dialog"],
            step == marks["error"],
            step == marks["warning"],
            path,
            logged,
            events,
        )
        if step % 9 == 3:
            logged.append(f"Level: crystals now {level.crystals}")
        if step == marks["dialog"]:
            sample.removed_line, sample.added_line = old_moves, f'    - text "Moves: {level.moves}"'
            answer["changes"] = {
                "added": ["/root/Level/Dialog"],
                "added_count": 1,
                "removed": [],
                "removed_count": 0,
            }
        answer["data"] = {
            "target": path,
            "position": {"x": rect[0] + rect[2] // 2, "y": rect[1] + rect[3] // 2},
        }
    after = rec.take_snapshot(level)
    record = rec.call(
        command,
        args,
        action=True,
        logged=logged,
        events=events,
        before=before,
        after=after,
        target_rect=dict(zip("xywh", rect, strict=True)),
        **answer,
    )
    sample.action_indexes.append(record["index"])
    if with_shot and record["ok"]:
        entry = f"screenshots/{record['index']:05d}.png"
        rec.pictures[entry] = level_picture(step, level.crystals, level.dialog)
        record["screenshot"] = entry
        sample.shot_calls.append(record["index"])
    _remember(sample, step, marks, record["index"])
    return after


def _step_effects(
    rec: Recorder,
    level: Level,
    sample: SampleTrace,
    dialog: bool,
    error: bool,
    warning: bool,
    path: str,
    logged: list[str],
    events: list[dict[str, Any]],
) -> None:
    """Add the log lines and events of a step that opens a dialog, errs or warns."""
    if dialog:
        level.dialog = True
        events.append(rec.event(sample.event_type, "/root/Level/Dialog", ["Level complete"]))
    elif level.dialog:
        level.dialog = False
    if error:
        sample.error_line = (
            "SCRIPT ERROR: Invalid access to property or key 'glow' on a base object of type 'Nil'."
        )
        logged += [sample.error_line, "          at: _on_crystal_swapped (res://level.gd:42)"]
        events.append(
            rec.event(
                "engine_error",
                path,
                [
                    "script_error",
                    "Invalid access to property or key 'glow'",
                    "res://level.gd:42 (_on_crystal_swapped)",
                    [
                        {"file": "res://level.gd", "line": 42, "function": "_on_crystal_swapped"},
                        {"file": "res://board.gd", "line": 7, "function": "swap"},
                    ],
                ],
            )
        )
    if warning:
        logged += [
            "WARNING: The signal 'solved' is declared but never emitted.",
            "     at: GDScript::reload (res://level.gd:3)",
        ]


def _remember(sample: SampleTrace, step: int, marks: dict[str, int], index: int) -> None:
    for name, at in marks.items():
        if step == at:
            setattr(sample, f"{name}_call", index)


def _jsonl(rows: Iterable[dict[str, Any]]) -> bytes:
    return b"".join(orjson.dumps(row) + b"\n" for row in rows)


def _write_zip(path: Path, rec: Recorder, *, torn_tail: bool) -> None:
    meta = {
        "type": "meta",
        "format": 1,
        "protocol": "agentbridge/1",
        "engine": "godot",
        "engine_version": "4.6.3.stable",
        "game": "Crystal Vault",
        "title": "test_level_one",
        "started": "2026-11-23T12:00:00Z",
        "session": "/tmp/agent-bridge-1000/3f2a",
        "written_by": "trace_samples",
    }
    trace = _jsonl([meta, *rec.records])
    if torn_tail:
        trace = trace[:-40]
    write_zip(
        path,
        {
            "trace.jsonl": trace,
            "snapshots.jsonl": _jsonl(rec.snapshots),
            "engine.log": bytes(rec.log),
            **rec.pictures,
            "extras/notes.txt": b"an entry from a later version\n",
        },
    )


def write_zip(path: Path, entries: dict[str, bytes]) -> Path:
    """A deflated zip holding ``entries`` (name -> bytes), as the recorder writes one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries.items():
            archive.writestr(name, content)
    return path


def trace_lines(*records: dict[str, Any]) -> bytes:
    """Records as the bytes of a ``trace.jsonl``."""
    return _jsonl(records)


# --- a trace in steps (format 2) -------------------------------------------------------------

FAILED_NAME = "expect(get_by_text('Game Over')).to_be_visible()"
FAILED_MESSAGE = (
    "Locator get_by_text('Game Over') expected to be visible\nExpected: visible\n"
    "Actual: <no node matches>\nTimed out after 1 s\n"
    "expect(get_by_text('Game Over')).to_be_visible with timeout 1 s\n"
    "  - unexpected value '<no node matches>' (x6)"
)
REPORT_NAME = "after the failure: the failure report"


@dataclass
class StepSample:
    """A written trace in steps and where its notable entries are (step ids, call indexes)."""

    path: Path
    steps: int = 0
    calls: int = 0
    top: int = 0  # entries at the top: steps and calls made outside any step
    click_step: int = 0  # a locator click: its calls are a settle wait, get_tree and click
    click_calls: list[int] = field(default_factory=list)
    top_call: int = 0  # game.step(30), made outside any step
    group_step: int = 0  # a group the test named, holding nested_step
    nested_step: int = 0
    failed_step: int = 0  # the failed expectation
    failed_calls: list[int] = field(default_factory=list)
    report_step: int = 0  # the failure report's calls, after the failure
    report_calls: list[int] = field(default_factory=list)
    failure_snapshot: int = 0
    failure_shot: str = ""
    failure_line: str = '    - text "Dodge the Creeps!"'  # in the snapshot the step failed on


@dataclass
class _StepWriter:
    """Writes step records around the calls a :class:`Recorder` records."""

    rec: Recorder
    next_id: int = 1
    open: list[int] = field(default_factory=list)

    def begin(self, name: str, kind: str, **args: Any) -> int:
        number = self.next_id
        self.next_id += 1
        self.rec.records.append(
            {
                "type": "step",
                "step": number,
                "parent": self.open[-1] if self.open else None,
                "kind": kind,
                "name": name,
                "args": args,
                "t": round(self.rec.t, 6),
                "before": len(self.rec.snapshots) or None,
                "log": len(self.rec.log),
            }
        )
        self.open.append(number)
        return number

    def end(self, **facts: Any) -> None:
        number = self.open.pop()
        self.rec.t += 0.0003
        self.rec.records.append(
            {
                "type": "step_end",
                "step": number,
                "t_end": round(self.rec.t, 6),
                "ok": True,
                "log": len(self.rec.log),
                **facts,
            }
        )

    def call(self, cmd: str, args: dict[str, Any], **answer: Any) -> int:
        step = {"step": self.open[-1]} if self.open else {}
        action = cmd in ("click", "hover", "hold")
        return int(self.rec.call(cmd, args, action=action, **step, **answer)["index"])


def write_step_trace(path: Path, *, rounds: int = 1, seed: int = 11) -> StepSample:
    """Write a format-2 trace of a dodge_the_creeps-like test that fails: ``rounds`` times a
    locator click (a settle wait, get_tree, the click), a ``game.step`` made outside any step,
    an event wait and a named group holding a hover; then the expectation that fails
    (``expect(get_by_text('Game Over')).to_be_visible()``: get_tree and ``wait`` retries, its
    message, what it saw and the snapshot then) and the failure report's calls after it."""
    rng = random.Random(seed)
    rec = Recorder(rng)
    level = Level(filler=4)
    writer = _StepWriter(rec)
    sample = StepSample(path=path)
    rec.log_lines("Godot Engine v4.6.3.stable.official", "AgentBridge: agent mode on")
    rec.take_snapshot(level)
    for round_number in range(rounds):
        sample.click_step = writer.begin("get_by_role('button', name='Start').click()", "action")
        sample.click_calls = [
            writer.call("wait", {"settled": True, "quiet_frames": 2}, data={"frames": 2}),
            writer.call("get_tree", {"root": "/root"}, data={"tree": {}}),
        ]
        before = len(rec.snapshots)
        _act(level, "click", {})
        after = rec.take_snapshot(level)
        click = writer.call(
            "click",
            {"path": "/root/Main/HUD/StartButton", "button": "left"},
            data={"target": "/root/Main/HUD/StartButton"},
            events=[rec.event("pressed", "/root/Main/HUD/StartButton", [])],
            before=before,
            after=after,
            target_rect=dict(zip("xywh", BUTTONS["Reset"], strict=True)),
        )
        sample.click_calls.append(click)
        if round_number == 0:
            shot_entry = f"screenshots/{click:05d}.png"
            rec.pictures[shot_entry] = level_picture(1, level.crystals, False)
            rec.records[-1]["screenshot"] = shot_entry
        writer.end()
        sample.top_call = writer.call("step", {"frames": 30}, data={"frame": rec.frame})
        writer.begin("wait_for_event('start_game')", "wait")
        writer.call(
            "wait",
            {"event": "start_game", "timeout_ms": 5000},
            events=[rec.event("start_game", "/root/Main", [])],
        )
        writer.end()
        sample.group_step = writer.begin("dodge for a second", "group")
        sample.nested_step = writer.begin("get_by_name('Player').hover()", "action")
        writer.call("get_tree", {"root": "/root"}, data={"tree": {}})
        writer.call("hover", {"path": "/root/Main/Player"}, data={"target": "/root/Main/Player"})
        writer.end()
        writer.call("hold", {"action": "move_up", "frames": 60}, data={"frames": 60})
        writer.end()
    sample.failed_step = writer.begin(FAILED_NAME, "expect")
    for attempt in range(6):
        sample.failed_calls.append(
            writer.call(
                "get_tree",
                {"root": "/root"},
                data={"tree": {}},
                logged=["ERROR: Mob spawn path is empty."] if attempt == 2 else [],
            )
        )
        if attempt < 5:
            sample.failed_calls.append(writer.call("wait", {"frames": 6}, data={"frames": 6}))
    sample.failure_snapshot = rec.take_snapshot(level)
    sample.failure_shot = f"screenshots/step-{sample.failed_step:05d}.png"
    rec.pictures[sample.failure_shot] = level_picture(5, level.crystals, True)
    writer.end(
        ok=False,
        error=FAILED_MESSAGE,
        error_type="AssertionError",
        actual="<no node matches>",
        snapshot=sample.failure_snapshot,
        screenshot=sample.failure_shot,
    )
    sample.report_step = writer.begin(REPORT_NAME, "report")
    sample.report_calls = [
        writer.call("wait", {"frames": 1, "timeout_ms": 1000}, data={}),
        writer.call("snapshot", {}, data={"text": level.snapshot()}),
        writer.call(
            "screenshot",
            {"name": "failure"},
            ok=False,
            code="UNSUPPORTED",
            data=None,
            error="No picture: the game runs headless.",
        ),
    ]
    writer.end()
    rec.records.append({"type": "end", "t": round(rec.t, 6), "reason": "failed"})
    sample.steps, sample.calls, sample.top = writer.next_id - 1, rec.index, 2 + rounds * 4
    level_text = rec.snapshots[sample.failure_snapshot - 1]["text"]
    rec.snapshots[sample.failure_snapshot - 1]["text"] = level_text.replace(
        '    - heading "The Triangle Vault"', sample.failure_line
    )
    meta = {
        "type": "meta",
        "format": 2,
        "protocol": "agentbridge/1",
        "engine": "godot",
        "engine_version": "4.6.3.stable",
        "game": "Dodge the Creeps",
        "title": "test_dodge.py::test_game_over",
        "started": "2026-11-23T12:00:00Z",
        "session": "/tmp/agent-bridge-1000/3f2a",
    }
    write_zip(
        path,
        {
            "trace.jsonl": _jsonl([meta, *rec.records]),
            "snapshots.jsonl": _jsonl(rec.snapshots),
            "engine.log": bytes(rec.log),
            **rec.pictures,
        },
    )
    return sample
