"""Replay files read, refused, and read when cut short or written by an older recorder
(docs/REPLAY.md), codegen from an annotated recording, the AVI frame counter and the video
launch arguments; no engine."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

from agent_client import LaunchError, ReplayFileError
from agent_client.engine.launcher import godot_argv, movie_args
from agent_client.replay import codegen
from agent_client.replay.file import FORMAT, ReplayFile
from agent_client.replay.play import describe_divergence
from tests.avi import read_avi

HEADER = {
    "t": "header",
    "format": FORMAT,
    "engine": "godot",
    "engine_version": "4.6.3-stable",
    "project": "Menu",
    "project_path": "/games/menu",
    "scene": "res://menu.tscn",
    "main_scene": "res://menu.tscn",
    "seed": 0,
    "fps": 60,
    "start_frame": 0,
    "window": [640, 480],
    "annotated": True,
    "texts": ["Main menu"],
}
END = {
    "t": "end",
    "f": 90,
    "reason": "closed",
    "digest": "0" * 16,
    "texts": ["Main menu", "Hi, Bob", "3"],
}


def write(path: Path, lines: list[Any], *, tail: str = "\n") -> Path:
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + tail)
    return path


def test_a_good_file_is_read_whole(tmp_path: Path) -> None:
    check = {"t": "check", "f": 0, "digest": "1" * 16, "count": 2, "nodes": {}}
    replay = ReplayFile.load(write(tmp_path / "a.replay.jsonl", [HEADER, check, END]))
    assert replay.end_frame == 90 and replay.fps == 60 and replay.game_seconds == 1.5
    assert replay.count("check") == 1
    assert list(replay.chunks()) == [([check, END], 90, True)]


def test_chunks_end_at_frame_boundaries(tmp_path: Path) -> None:
    inputs = [{"t": "input", "f": f, "e": {"type": "InputEventKey"}} for f in (1, 1, 2, 5)]
    replay = ReplayFile.load(write(tmp_path / "a.replay.jsonl", [HEADER, *inputs, END]))
    pieces = list(replay.chunks(limit=1))
    assert [(len(lines), until, final) for lines, until, final in pieces] == [
        (2, 2, False),
        (1, 5, False),
        (1, 90, False),
        (1, 90, True),  # the end line alone: played once the game reached its frame
    ]


@pytest.mark.parametrize(
    "lines, tail, message",
    [
        ([], "", "is empty"),
        ([{"t": "check", "f": 0}], "\n", "is not a replay file"),
        (
            [{**HEADER, "format": "agentbridge-replay/2"}, END],
            "\n",
            "is of format agentbridge-replay/2",
        ),
        ([{**HEADER, "fps": "60"}, END], "\n", "fps is not a whole number"),
        ([{k: v for k, v in HEADER.items() if k != "seed"}, END], "\n", "the header lacks seed"),
        (['{"t": "header", "format"'], "", "is cut short: its header line is incomplete"),
        ([HEADER, "not json", END], "\n", "line 2: not JSON"),
        ([HEADER, '{"t": "input", "f": 3, "e"', END], "\n", "line 2: not JSON"),
        ([HEADER, '{"t": "input"'], "\n", "line 2: not JSON"),  # a whole line: no writer's cut
        ([{"t": "window", "f": 0, "event": "focus_out"}, END], "\n", "is not a replay file"),
        ([HEADER, {"t": "input", "f": 5}, {"t": "input", "f": 4}, END], "\n", "line 3: frame 4"),
        ([HEADER, {"t": "teleport", "f": 1}, END], "\n", "unknown line type 'teleport'"),
        ([HEADER, END, {"t": "input", "f": 95}], "\n", "a line after the end line"),
    ],
)
def test_bad_files_are_refused_with_a_sentence(
    tmp_path: Path, lines: list[Any], tail: str, message: str
) -> None:
    path = write(tmp_path / "bad.replay.jsonl", lines, tail=tail) if lines else tmp_path / "e"
    if not lines:
        path.write_bytes(b"")
    with pytest.raises(ReplayFileError, match=message.replace("(", r"\(")):
        ReplayFile.load(path)


CHECK = {"t": "check", "f": 30, "digest": "1" * 16, "count": 2, "nodes": {}}
KEY = {"t": "input", "f": 41, "e": {"type": "InputEventKey", "pressed": True}}


def test_a_file_without_its_end_line_is_read_to_its_last_frame(tmp_path: Path) -> None:
    replay = ReplayFile.load(write(tmp_path / "a.replay.jsonl", [HEADER, CHECK, KEY]))
    assert replay.lines == [CHECK, KEY, {"t": "end", "f": 41, "reason": "interrupted"}]
    assert replay.end_frame == 41
    assert replay.notes == [
        "It has no end line (the recording was interrupted: the game crashed or was killed, or "
        "the file was copied while being written): it is read up to frame 41, its last line; "
        "the game's state after the last checkpoint (frame 30) is not compared."
    ]
    assert list(replay.chunks())[-1] == (replay.lines, 41, True)


def test_a_last_line_cut_while_written_is_skipped_and_named(tmp_path: Path) -> None:
    cut = '{"t": "input", "f": 44, "e": {"type": "InputEv'
    replay = ReplayFile.load(write(tmp_path / "a.replay.jsonl", [HEADER, CHECK, KEY, cut], tail=""))
    assert replay.lines[:-1] == [CHECK, KEY] and replay.end_frame == 41
    assert replay.notes[0] == (
        f"Its last line (line 4, {len(cut)} bytes) was cut short while being written: skipped."
    )
    assert replay.notes[1].startswith("It has no end line")


def test_a_header_alone_is_a_recording_of_nothing(tmp_path: Path) -> None:
    replay = ReplayFile.load(write(tmp_path / "a.replay.jsonl", [HEADER]))
    assert replay.lines == [{"t": "end", "f": 0, "reason": "interrupted"}]
    assert replay.notes[0].endswith("its last line; it has no checkpoint to compare.")


def test_window_lines_an_older_recorder_wrote_before_its_header_are_read_after_it(
    tmp_path: Path,
) -> None:
    early = [
        {"t": "window", "f": 0, "event": "focus_out"},
        {"t": "window", "f": 0, "event": "focus_in"},
    ]
    replay = ReplayFile.load(write(tmp_path / "old.replay.jsonl", [*early, HEADER, CHECK, END]))
    assert replay.header == HEADER
    assert replay.lines == [{**line, "early": True} for line in early] + [CHECK, END]
    assert replay.notes == [
        "Lines 1-2 (window focus_out, window focus_in) came before the header (an older "
        "recorder wrote what the window did before the first frame there): read as the start "
        "frame's early lines."
    ]


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ReplayFileError, match="No replay file at"):
        ReplayFile.load(tmp_path / "none.replay.jsonl")


def test_a_divergence_is_told_by_frame_node_and_property() -> None:
    text = describe_divergence(
        {
            "frame": 120,
            "recorded": "a" * 16,
            "replayed": "b" * 16,
            "node": "/root/Main/Player",
            "kind": "changed",
            "property": "global_transform",
            "value": [1, 0, 0, 1, 5, 6],
        }
    )
    assert text.startswith("Diverged at frame 120:")
    assert "first difference: /root/Main/Player, property global_transform (now [1, 0" in text
    gone = describe_divergence(
        {"frame": 3, "recorded": "a", "replayed": "b", "node": "/root/X", "kind": "missing"}
    )
    assert gone.endswith("/root/X is gone in the replay.")


def event(
    frame: int, kind: str, role: str, name: str, args: list[Any], item: str = "", **more: Any
) -> dict[str, Any]:
    """An annotated recording's line for a control's signal (``more``: ``value``, ...)."""
    line = {
        "t": "event",
        "f": frame,
        "type": kind,
        "source": f"/root/Menu/{name}",
        "args": args,
        "path": f"/root/Menu/{name}",
        "role": role,
        "name": name,
        **more,
    }
    return {**line, "item": item} if item else line


def annotated(tmp_path: Path) -> ReplayFile:
    def key(
        frame: int, pressed: bool, name: str, action: str | None = None, focus: bool = False
    ) -> dict[str, Any]:
        note: dict[str, Any] = {"key": name}
        if action:
            note["actions"] = [action]
        if focus and pressed:
            note["focus"] = {"path": "/root/Menu/Name", "role": "textbox", "name": "Your name"}
        event = {"type": "InputEventKey", **({"pressed": True} if pressed else {})}
        return {"t": "input", "f": frame, "e": event, "a": note}

    dialog = {"path": "/root/Menu/Confirm", "role": "dialog", "name": "Buy?"}
    lines = [
        HEADER,
        key(2, True, "B", focus=True),
        event(2, "text_changed", "textbox", "Your name", ["B"]),
        key(3, False, "B"),
        event(4, "text_changed", "textbox", "Your name", ["Bob"]),
        event(10, "pressed", "combobox", "Level", []),
        event(12, "item_selected", "combobox", "Level", [2], item="Hard"),
        event(14, "toggled", "checkbox", "Sound", [True]),
        event(14, "pressed", "checkbox", "Sound", []),
        event(20, "pressed", "button", "Start", []),
        {**event(22, "pressed", "button", "OK", []), "dialog": dialog},
        {**event(24, "pressed", "button", "Buy 2", []), "dialog": dialog},
        {**event(26, "pressed", "button", "OK", []), "dialog": {**dialog, "name": ""}},
        key(30, True, "Right", action="move_right"),
        key(34, True, "Space"),
        key(40, False, "Right", action="move_right"),
        key(41, False, "Space"),
        END,
    ]
    return ReplayFile.load(write(tmp_path / "s.replay.jsonl", lines))


def test_codegen_writes_locator_calls_a_timeline_and_the_new_text(tmp_path: Path) -> None:
    source = codegen.generate(annotated(tmp_path), test_name="test_session")
    body = source.split("def test_session(game):\n", 1)[1]
    assert body.splitlines() == [
        "    game.get_by_role('textbox', name='Your name').fill('Bob')",
        "    game.get_by_role('combobox', name='Level').select_option('Hard')",
        "    game.get_by_role('checkbox', name='Sound').click()",
        "    game.get_by_role('button', name='Start').click()",
        "    game.get_by_role('dialog', name='Buy?').get_by_role('button', name='OK').click()",
        "    game.get_by_role('dialog', name='Buy?').get_by_role('button', name='Buy 2').click()",
        "    game.locator('#Confirm').get_by_role('button', name='OK').click()",  # no title
        "    game.wait_frames(4)",
        "    game.input_sequence([",
        "        {'action': 'move_right', 'start': 0, 'frames': 10},",
        "        {'key': 'Space', 'start': 4, 'frames': 7},",
        "    ])",
        "    expect(game.get_by_text('Hi, Bob')).to_be_visible()",
    ]
    assert "PROJECT = Path('/games/menu')" in source
    compile(source, "test_session.py", "exec")


def generated_body(tmp_path: Path, lines: list[dict[str, Any]]) -> list[str]:
    """The body of the test codegen writes for a header, these lines and an end without new
    texts."""
    end = {**END, "texts": HEADER["texts"]}
    replay = ReplayFile.load(write(tmp_path / "c.replay.jsonl", [HEADER, *lines, end]))
    source = codegen.generate(replay, test_name="test_choices")
    compile(source, "test_choices.py", "exec")
    return source.split("def test_choices(game):\n", 1)[1].splitlines()


def test_codegen_chooses_a_tree_row_by_its_path(tmp_path: Path) -> None:
    """A tree's row as its path of texts (what select takes); the same row chosen again at
    once (a cell and its row, a double click's activation) is one choice; a multi-select
    tree's row let go (no item) is no step."""
    units = {"tree_item": "Units"}
    body = generated_body(
        tmp_path,
        [
            event(5, "item_selected", "tree", "Sections", [], item="Video/Quality"),
            event(5, "cell_selected", "tree", "Sections", [], item="Video/Quality"),
            event(8, "item_activated", "tree", "Sections", [], item="Video/Quality"),
            event(10, "multi_selected", "tree", "Layers", [units, 0, True], item="Units"),
            event(12, "multi_selected", "tree", "Layers", [units, 0, False]),
            event(12, "multi_selected", "tree", "Layers", [{"tree_item": "Fx"}, 0, True], "Fx"),
            event(14, "item_selected", "tree", "Sections", [], item="Audio"),
            event(16, "item_activated", "listbox", "Saves", [1], item="Slot 2"),
        ],
    )
    sections = "    game.get_by_role('tree', name='Sections')"
    layers = "    game.get_by_role('tree', name='Layers')"
    assert body == [
        f"{sections}.select_option('Video/Quality')",
        f"{layers}.select_option('Units')",
        f"{layers}.select_option('Fx')",
        f"{sections}.select_option('Audio')",
        "    game.get_by_role('listbox', name='Saves').select_option('Slot 2')",
    ]


def test_codegen_sets_the_last_color_picked(tmp_path: Path) -> None:
    """A color picker's color_changed is set_value of its color; the click that opened a
    ColorPickerButton's popup is part of the pick, and of picks in a row (a drag, the popup
    opened again) the last counts. A recording from an older recorder (no ``value``, the popup
    closing noted as a toggle) gives the same: the wire color's html, opaque without alpha."""

    def color(html: str) -> list[dict[str, Any]]:
        return [{"r": 0.0, "g": 0.0, "b": 0.0, "a": 1.0, "html": html}]

    body = generated_body(
        tmp_path,
        [
            event(5, "pressed", "button", "Accent", []),
            event(8, "color_changed", "button", "Accent", color("#40c060ff"), value="#40c060"),
            event(9, "color_changed", "button", "Accent", color("#50c060ff"), value="#50c060"),
            event(12, "toggled", "button", "Accent", [False]),
            event(20, "pressed", "button", "Accent", []),
            event(22, "color_changed", "button", "Accent", color("#3399ffff"), value="#3399ff"),
            event(30, "pressed", "button", "Save", []),
            event(40, "toggled", "button", "Tint", [True]),
            event(40, "pressed", "button", "Tint", []),
            event(42, "color_changed", "button", "Tint", color("#ff000080")),
            event(44, "toggled", "button", "Tint", [False]),
            event(50, "color_changed", "colorpicker", "Fill", color("#00ff00ff")),
            event(52, "color_changed", "colorpicker", "Fill", [{"r": 1}]),  # no color: no step
        ],
    )
    assert body == [
        "    game.get_by_role('button', name='Accent').set_value('#3399ff')",
        "    game.get_by_role('button', name='Save').click()",
        "    game.get_by_role('button', name='Tint').set_value('#ff000080')",
        "    game.get_by_role('colorpicker', name='Fill').set_value('#00ff00')",
    ]


def test_codegen_needs_an_annotated_recording(tmp_path: Path) -> None:
    plain = ReplayFile.load(
        write(tmp_path / "p.replay.jsonl", [{**HEADER, "annotated": False}, END])
    )
    with pytest.raises(ValueError, match="recorded without notes"):
        codegen.generate(plain)


def avi(frames: int, *, cut: bool = False) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return kind + struct.pack("<I", len(body)) + body + (b"\0" if len(body) % 2 else b"")

    def listed(kind: bytes, body: bytes) -> bytes:
        return chunk(b"LIST", kind + body)

    avih = struct.pack("<10I", 16667, 0, 0, 0, frames, 0, 1, 0, 64, 48) + b"\0" * 16
    movi = b"".join(chunk(b"00db", b"\xff\xd8" + bytes(5)) for _ in range(frames))
    body = b"AVI " + listed(b"hdrl", chunk(b"avih", avih)) + listed(b"movi", movi)
    data = b"RIFF" + struct.pack("<I", len(body)) + body
    return data[:-4] if cut else data


def test_the_avi_reader_counts_frames(tmp_path: Path) -> None:
    path = tmp_path / "v.avi"
    path.write_bytes(avi(7))
    info = read_avi(path)
    assert (info.frames, info.declared_frames, info.jpeg_frames) == (7, 7, 7)
    assert round(info.fps) == 60 and (info.width, info.height) == (64, 48)
    path.write_bytes(avi(7, cut=True))
    with pytest.raises(ValueError, match="runs past the end"):
        read_avi(path)
    path.write_bytes(b"not a video")
    with pytest.raises(ValueError, match="no AVI file"):
        read_avi(path)


def test_a_video_renders_and_needs_a_folder_and_an_avi(tmp_path: Path) -> None:
    argv = godot_argv(Path("godot"), tmp_path, tmp_path, video=tmp_path / "run.avi")
    assert "--headless" not in argv
    assert argv[argv.index("--write-movie") + 1] == str(tmp_path / "run.avi")
    with pytest.raises(LaunchError, match="does not exist"):
        movie_args(tmp_path / "nowhere" / "run.avi")
    with pytest.raises(LaunchError, match=r"an \.avi file"):
        movie_args(tmp_path / "run.mp4")
    assert godot_argv(Path("godot"), tmp_path, tmp_path, record=True)[-1] == "--agent-record"
