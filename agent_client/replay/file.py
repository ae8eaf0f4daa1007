"""Replay files (docs/REPLAY.md): JSON lines, a header, then what acted on the game frame by
frame and the game's digests. Reading one checks it whole: a malformed file, or one of another
format version or engine, is refused with one clear sentence. What an interrupted recording
(a game that crashed or was killed) or an older recorder left is read, and said in ``notes``:
a last line cut in the middle is skipped, a missing end line is made up at the last frame,
and the window's events an older recorder wrote before its header are read after it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from agent_client.wire.errors import ReplayFileError

FORMAT = "agentbridge-replay/1"
FORMAT_NAME = "agentbridge-replay/"
SUFFIX = ".replay.jsonl"
# What the bridge may write after the header, one "t" a line.
LINE_TYPES = ("check", "input", "request", "cancel", "window", "event", "end")
HEADER_KEYS = ("engine", "engine_version", "project", "seed", "fps", "start_frame", "window")
ENGINES = ("godot", "unity")
# The most bytes of lines one `replay` request carries (a request line is at most 1 MiB).
CHUNK_BYTES = 256 * 1024


@dataclass(frozen=True)
class Recording:
    """A replay file a game wrote (:meth:`AgentClient.stop_recording`).

    Attributes:
        path: Where it is now.
        frames: Game frames it covers.
        lines: Lines in it (header and end included).
        inputs: A person's input events in it.
        requests: Bridge requests in it.
        bytes: Its size.
        digest: The game's digest at the end.
    """

    path: Path
    frames: int
    lines: int
    inputs: int
    requests: int
    bytes: int
    digest: str

    @classmethod
    def move(cls, answer: dict[str, Any], to: str | os.PathLike[str]) -> Recording:
        """The recording a ``record_stop`` answer names, moved from the session folder to
        ``to`` (its folder must exist).

        Raises:
            ReplayFileError: ``to``'s folder does not exist, or the file cannot be moved.
        """
        target = Path(to)
        if not target.parent.is_dir():
            raise ReplayFileError(
                f"Cannot write the replay to {target}: {target.parent} is no folder."
            )
        try:
            shutil.move(str(answer["path"]), target)
        except OSError as error:
            raise ReplayFileError(f"Cannot write the replay to {target}: {error}") from None
        return cls(
            path=target,
            frames=int(answer.get("frames", 0)),
            lines=int(answer.get("lines", 0)),
            inputs=int(answer.get("inputs", 0)),
            requests=int(answer.get("requests", 0)),
            bytes=target.stat().st_size,
            digest=str(answer.get("digest", "")),
        )


@dataclass
class ReplayFile:
    """A replay file, read and checked.

    Attributes:
        path: The file.
        header: Its header: engine and bridge versions, project, scene, seed, fps, ...
        lines: Every line after the header, in order (the end line last).
        notes: What was read other than as written, one sentence each: a cut last line
            skipped, an end line made up, lines an older recorder wrote before its header.
    """

    path: Path
    header: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> ReplayFile:
        """Reads and checks a replay file.

        Raises:
            ReplayFileError: it is missing, empty, not JSON lines, without a header, of another
                format version, or its lines are not in frame order.
        """
        source = Path(path)
        try:
            data = source.read_bytes()
        except FileNotFoundError:
            raise ReplayFileError(f"No replay file at {source}.") from None
        except OSError as error:
            raise ReplayFileError(f"Cannot read the replay file {source}: {error}") from None
        return cls.parse(data, source)

    @classmethod
    def parse(cls, data: bytes, source: Path) -> ReplayFile:
        """Checks the bytes of a replay file (``source`` names it in errors).

        Raises:
            ReplayFileError: as :meth:`load`.
        """
        rows = data.split(b"\n")
        complete = rows[-1] == b""  # the writer ends every line it finished
        if complete:
            rows.pop()
        if not rows:
            raise ReplayFileError(f"{source} is empty: a replay file starts with its header line.")
        notes: list[str] = []
        if not complete:
            try:
                orjson.loads(rows[-1])
            except orjson.JSONDecodeError:
                notes.append(
                    f"Its last line (line {len(rows)}, {len(rows[-1])} bytes) was cut short "
                    "while being written: skipped."
                )
                rows.pop()
                if not rows:
                    raise ReplayFileError(
                        f"{source} is cut short: its header line is incomplete."
                    ) from None
        parsed = [_row(raw, source, number) for number, raw in enumerate(rows, 1)]
        before = _before_header(parsed, source)
        header = parsed[len(before)]
        _check_header(header, source)
        start = int(header["start_frame"])
        if before:
            notes.append(
                f"Line{'s' if len(before) > 1 else ''} 1"
                + (f"-{len(before)}" if len(before) > 1 else "")
                + f" ({_kinds(before)}) came before the header (an older recorder wrote what "
                "the window did before the first frame there): read as the start frame's "
                "early lines."
            )
        lines = [{**line, "f": start, "early": True} for line in before]
        frame = start
        for number, line in enumerate(parsed[len(before) + 1 :], len(before) + 2):
            kind = line.get("t")
            if kind not in LINE_TYPES:
                raise ReplayFileError(
                    f"{source}, line {number}: unknown line type {kind!r} (a replay file of "
                    f"{FORMAT} has {', '.join(LINE_TYPES)})."
                )
            at = line.get("f")
            if not isinstance(at, int) or isinstance(at, bool) or at < frame:
                raise ReplayFileError(
                    f"{source}, line {number}: frame {at!r} is not a whole number at or after "
                    f"the previous line's frame {frame}."
                )
            frame = at
            if lines and lines[-1]["t"] == "end":
                raise ReplayFileError(f"{source}, line {number}: a line after the end line.")
            lines.append(line)
        if not lines or lines[-1]["t"] != "end":
            checked = [line["f"] for line in lines if line["t"] == "check"]
            notes.append(
                "It has no end line (the recording was interrupted: the game crashed or was "
                "killed, or the file was copied while being written): it is read up to frame "
                f"{frame}, its last line"
                + (
                    f"; the game's state after the last checkpoint (frame {checked[-1]}) is "
                    "not compared."
                    if checked
                    else "; it has no checkpoint to compare."
                )
            )
            lines.append({"t": "end", "f": frame, "reason": "interrupted"})
        return cls(source, header, lines, notes)

    @property
    def end(self) -> dict[str, Any]:
        """The end line: the final frame, digest and why the recording ended."""
        return self.lines[-1]

    @property
    def start_frame(self) -> int:
        return int(self.header["start_frame"])

    @property
    def end_frame(self) -> int:
        return int(self.end["f"])

    @property
    def fps(self) -> int:
        return int(self.header["fps"])

    @property
    def game_seconds(self) -> float:
        """Game time the recording covers."""
        return (self.end_frame - self.start_frame) / self.fps

    def count(self, kind: str) -> int:
        """How many lines of one type (``"input"``, ``"request"``, ``"check"``, ...)."""
        return sum(1 for line in self.lines if line["t"] == kind)

    def chunks(self, limit: int = CHUNK_BYTES) -> Iterator[tuple[list[dict[str, Any]], int, bool]]:
        """The lines in pieces for ``replay`` requests: ``(lines, until, final)``, each piece
        ending at a frame boundary (its ``until`` is the first frame it does not hold), the
        last one holding the end frame (``final``). A piece holds at least one frame's lines,
        whatever its size."""
        piece: list[dict[str, Any]] = []
        size = 0
        for index, line in enumerate(self.lines):
            frame = line["f"]
            new_frame = index > 0 and frame != self.lines[index - 1]["f"]
            if piece and new_frame and size >= limit:
                yield piece, frame, False
                piece, size = [], 0
            piece.append(line)
            size += len(orjson.dumps(line))
        yield piece, self.end_frame, True


def _row(raw: bytes, source: Path, number: int) -> dict[str, Any]:
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise ReplayFileError(f"{source}, line {number}: not JSON.") from None
    if not isinstance(value, dict):
        raise ReplayFileError(f"{source}, line {number}: a line is a JSON object.")
    return value


def _before_header(parsed: list[dict[str, Any]], source: Path) -> list[dict[str, Any]]:
    """The lines before the header: window events of the first frame, where an older recorder
    wrote them (it wrote what the window did before frame 0 before its header).

    Raises:
        ReplayFileError: no header follows them.
    """
    before: list[dict[str, Any]] = []
    for line in parsed:
        if line.get("t") == "header":
            return before
        if line.get("t") != "window" or not isinstance(line.get("f"), int):
            break
        before.append(line)
    raise ReplayFileError(
        f"{source} is not a replay file: its first line is no header "
        f'(expected {{"t": "header", "format": "{FORMAT}", ...}}).'
    )


def _kinds(lines: list[dict[str, Any]]) -> str:
    return ", ".join(f"{line['t']} {line.get('event', '')}".strip() for line in lines)


def _check_header(header: dict[str, Any], source: Path) -> None:
    kind = header.get("format")
    if header.get("t") != "header" or not isinstance(kind, str):
        raise ReplayFileError(
            f"{source} is not a replay file: its first line is no header "
            f'(expected {{"t": "header", "format": "{FORMAT}", ...}}).'
        )
    if kind != FORMAT:
        newer = kind.startswith(FORMAT_NAME)
        raise ReplayFileError(
            f"{source} is of format {kind}; this client reads {FORMAT}"
            + (
                " (record it again, or use the agent-bridge version that wrote it)."
                if newer
                else "."
            )
        )
    missing = [key for key in HEADER_KEYS if key not in header]
    if missing:
        raise ReplayFileError(f"{source}: the header lacks {', '.join(missing)}.")
    if header["engine"] not in ENGINES:
        raise ReplayFileError(f"{source}: unknown engine {header['engine']!r}.")
    for key in ("fps", "start_frame", "seed"):
        if not isinstance(header[key], int) or isinstance(header[key], bool):
            raise ReplayFileError(f"{source}: the header's {key} is not a whole number.")
