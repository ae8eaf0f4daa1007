"""A person's play as a readable pytest test (``agent-bridge codegen``, docs/REPLAY.md): from
an annotated recording, what a control did becomes a locator call by role and name (a click,
``fill``, ``select_option`` of an entry or a tree row's path, ``set_value`` of a number or a
color; a dialog's own buttons found inside their dialog), gameplay input becomes an input
timeline (``input_sequence``), and the texts that appeared by the end become expectations."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_client.replay.file import ReplayFile

# Roles whose clicks a `pressed` or `toggled` event stands for.
CLICKED = {"button", "checkbox", "link", "menuitem", "tab"}
# Control signals that are a choice of an entry (a tree row by its path of texts):
# select_option.
CHOSEN = {
    "item_selected",
    "multi_selected",
    "item_activated",
    "cell_selected",
    "tab_changed",
    "id_pressed",
}
# At most this many texts are expected at the end.
EXPECTED_TEXTS = 3
INDENT = "    "


@dataclass
class _Step:
    frame: int
    code: list[str]
    # A timeline step keeps its entries open until a UI step closes it.
    entries: list[dict[str, Any]] = field(default_factory=list)


def generate(replay: ReplayFile, *, test_name: str = "test_recorded") -> str:
    """The source of a pytest module that does what the recording's person did.

    Raises:
        ValueError: the recording was not annotated (``record_start`` with ``annotate``, as
            ``agent-bridge codegen`` records), so clicks cannot be told by role and name.
    """
    if not replay.header.get("annotated"):
        raise ValueError(
            f"{replay.path} was recorded without notes: codegen needs an annotated recording "
            "(agent-bridge codegen, or start_recording(annotate=True))."
        )
    steps = _steps(replay)
    texts = _new_texts(replay)
    project = str(replay.header.get("project_path", ""))
    lines = [
        f'"""Recorded with `agent-bridge codegen` from {replay.header.get("project", "a game")}'
        f" ({replay.end_frame - replay.start_frame} frames).",
        "",
        "Run it with pytest (headless, in lockstep); --godot-project names another copy.",
        '"""',
        "",
        "from pathlib import Path",
        "",
        "import pytest",
        "",
        "from agent_client import expect",
        "",
        f"PROJECT = Path({project!r})",
        "",
        "",
        '@pytest.fixture(scope="session")',
        "def agent_launch_options(agent_launch_options):",
        "    # The recorded game, unless --godot-project names another.",
        '    chosen = agent_launch_options["project"] or PROJECT',
        '    return {**agent_launch_options, "project": chosen}',
        "",
        "",
    ]
    scene = str(replay.header.get("scene", ""))
    if scene and scene != replay.header.get("main_scene"):
        lines.append(f"@pytest.mark.agent_scene({scene!r})")
    lines.append(f"def {test_name}(game):")
    body: list[str] = []
    for step in steps:
        body += step.code if not step.entries else _timeline(step.entries)
    for text in texts:
        body.append(f"expect(game.get_by_text({text!r})).to_be_visible()")
    if not body:
        body.append("pass  # nothing was done")
    lines += [INDENT + line if line else "" for line in body]
    return "\n".join(lines) + "\n"


def _steps(replay: ReplayFile) -> list[_Step]:
    """The recording as steps: UI calls, waits, and timelines of gameplay input (a UI step
    ends the timeline before it)."""
    steps: list[_Step] = []
    held: dict[tuple[str, str], tuple[int, dict[str, Any]]] = {}  # input -> (frame, entry)
    timeline: _Step | None = None
    last = replay.start_frame  # the frame of the last step
    for line in replay.lines:
        frame = int(line["f"])
        if line["t"] == "event":
            step = _ui_step(line, steps)
            if step is not None:
                steps.append(step)
                timeline, last = None, frame
        elif line["t"] == "input":
            named = _gameplay_input(line)
            if named is None:
                continue
            name, pressed = named
            if pressed and name not in held:
                if timeline is None:
                    if frame > last:
                        steps.append(_Step(frame, [f"game.wait_frames({frame - last})"]))
                    timeline = _Step(frame, [], entries=[])
                    steps.append(timeline)
                entry = {name[0]: name[1], "start": frame - timeline.frame, "frames": 1}
                timeline.entries.append(entry)
                held[name] = (frame, entry)
            elif not pressed and name in held:
                start, entry = held.pop(name)
                entry["frames"] = max(frame - start, 1)
                last = max(last, frame)
    return steps


def _locator(line: dict[str, Any], scope: str = "game") -> str:
    """How a person finds the control: by role and name, else by node name; a dialog's own
    button (OK, Cancel, an added one) inside its dialog, found the same way."""
    dialog = line.get("dialog")
    if isinstance(dialog, dict):
        scope = _locator(dialog, scope)
    role, name = line.get("role", ""), line.get("name", "")
    if role and name:
        return f"{scope}.get_by_role({role!r}, name={name!r})"
    node = str(line.get("path") or line.get("source", "")).rsplit("/", 1)[-1]
    return f"{scope}.locator({'#' + node!r})"


def _ui_step(line: dict[str, Any], steps: list[_Step]) -> _Step | None:
    """A control's signal as a locator call; the same control's earlier step of the same
    kind is replaced (a text typed key by key is one fill, the last value counts)."""
    kind, frame = line["type"], int(line["f"])
    target = _locator(line)
    args = line.get("args") or []
    previous = steps[-1] if steps else None
    if kind in ("pressed", "toggled"):
        if line.get("role") not in CLICKED:
            return None
        if previous and previous.frame == frame and previous.code == [f"{target}.click()"]:
            return None  # a toggle button's toggle and its press are one click
        if kind == "toggled" and args == [False] and _chose_on(previous, target):
            return None  # a popup button's popup closing (older recorders noted it)
        return _Step(frame, [f"{target}.click()"])
    if kind in ("text_changed", "value_changed", "color_changed"):
        call = "fill" if kind == "text_changed" else "set_value"
        value = _color(line) if kind == "color_changed" else (args[0] if args else "")
        if value is None:
            return None
        if kind == "color_changed" and previous and previous.code == [f"{target}.click()"]:
            steps.pop()  # the click that opened the color picker is part of the pick
            previous = steps[-1] if steps else None
        if previous and previous.code and previous.code[0].startswith(f"{target}.{call}("):
            steps.pop()  # the last text, value or color counts
        return _Step(frame, [f"{target}.{call}({value!r})"])
    if kind == "text_submitted":
        value = args[0] if args else ""
        if previous and previous.code and previous.code[0].startswith(f"{target}.fill("):
            steps.pop()
        return _Step(frame, [f"{target}.fill({value!r}, submit=True)"])
    if kind in CHOSEN and line.get("item"):
        code = [f"{target}.select_option({line['item']!r})"]
        if previous and previous.code == code:
            return None  # the same entry again: a tree's cell and row, a double click
        if previous and previous.code == [f"{target}.click()"]:
            steps.pop()  # the click that opened the menu is part of the choice
        return _Step(frame, code)
    return None


def _chose_on(step: _Step | None, target: str) -> bool:
    """Whether the step set a value on, or chose an entry of, this control."""
    return step is not None and any(
        line.startswith((f"{target}.set_value(", f"{target}.select_option(")) for line in step.code
    )


def _color(line: dict[str, Any]) -> str | None:
    """A color_changed's color as set_value takes it: ``value`` ("#rrggbb", "#rrggbbaa" when
    not opaque), else, from a recorder that did not note it, the wire color's ``html``."""
    if isinstance(line.get("value"), str) and line["value"]:
        return str(line["value"])
    args = line.get("args") or []
    html = args[0].get("html") if args and isinstance(args[0], dict) else None
    if not isinstance(html, str) or not re.fullmatch(r"#[0-9a-fA-F]{8}", html):
        return None
    return html[:7] if html[7:].lower() == "ff" else html


def _gameplay_input(line: dict[str, Any]) -> tuple[tuple[str, str], bool] | None:
    """A key or joypad button a person pressed or let go in play (not typed into a focused
    control, not a key's repeat): how the timeline names it, and whether it went down."""
    event = line.get("e") or {}
    note = line.get("a") or {}
    if event.get("echo") or "focus" in note:
        return None
    name = _input_name(event, note)
    return None if name is None else (name, bool(event.get("pressed")))


def _input_name(event: dict[str, Any], note: dict[str, Any]) -> tuple[str, str] | None:
    """How the timeline names an input: the one game action it plays, else the key."""
    actions = note.get("actions") or []
    if event.get("type") not in ("InputEventKey", "InputEventJoypadButton"):
        return None
    if len(actions) == 1:
        return "action", str(actions[0])
    if event.get("type") == "InputEventKey" and note.get("key"):
        return "key", str(note["key"])
    return None


def _timeline(entries: list[dict[str, Any]]) -> list[str]:
    rows = [f"    {entry!r}," for entry in entries]
    return ["game.input_sequence([", *rows, "])"]


def _new_texts(replay: ReplayFile) -> list[str]:
    """Texts shown at the end that were not at the start (numbers alone left out: a score
    depends on timing), the newest first."""
    before = set(replay.header.get("texts") or [])
    after = [str(text) for text in replay.end.get("texts") or []]
    fresh = [text for text in after if text not in before and not text.isdigit()]
    return fresh[:EXPECTED_TEXTS]


def write(replay: ReplayFile, out: Path) -> str:
    """Generates the test of a recording into ``out`` (its function named after the file)."""
    name = re.sub(r"\W", "_", out.stem)
    source = generate(replay, test_name=name if name.startswith("test") else f"test_{name}")
    out.write_text(source, encoding="utf-8")
    return source
