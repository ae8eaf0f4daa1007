"""Reading the AVI files Godot's Movie Maker mode writes (MJPEG video in a RIFF container):
how many frames they hold and at what rate, with no dependency. RIFF is a tree of chunks
(a four-letter id, a little-endian 32-bit size, the data, padded to an even size); the video
frames are the ``00db`` / ``00dc`` chunks of the ``movi`` list (Godot writes ``00db``)."""

from __future__ import annotations

import struct
from dataclasses import dataclass
from pathlib import Path

HEADER = struct.Struct("<4sI")
VIDEO_CHUNKS = (b"00db", b"00dc")
LIST_IDS = (b"RIFF", b"LIST")


@dataclass(frozen=True)
class AviInfo:
    """An AVI's frames.

    Attributes:
        frames: Video frames (``00db``/``00dc`` chunks) in its ``movi`` list.
        declared_frames: The frame count its main header (``avih``) declares.
        fps: Frames a second, from the main header's microseconds a frame.
        width: Picture width in pixels.
        height: Picture height in pixels.
        jpeg_frames: Frames whose data starts like a JPEG picture (FF D8).
    """

    frames: int
    declared_frames: int
    fps: float
    width: int
    height: int
    jpeg_frames: int


def read_avi(path: str | Path) -> AviInfo:
    """Counts the frames of an AVI file.

    Raises:
        ValueError: the file is no RIFF AVI, or a chunk runs past its end (a file cut short:
            the engine was killed before it finished the video).
    """
    data = Path(path).read_bytes()
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"AVI ":
        raise ValueError(f"{path} is no AVI file (no RIFF AVI header).")
    counts = {"frames": 0, "jpeg": 0}
    main: dict[str, float] = {}
    _walk(data, 12, min(len(data), 8 + HEADER.unpack_from(data, 0)[1]), counts, main, False)
    if "fps" not in main:
        raise ValueError(f"{path} has no main AVI header (avih).")
    return AviInfo(
        frames=counts["frames"],
        declared_frames=int(main["frames"]),
        fps=main["fps"],
        width=int(main["width"]),
        height=int(main["height"]),
        jpeg_frames=counts["jpeg"],
    )


def _walk(
    data: bytes, start: int, end: int, counts: dict[str, int], main: dict[str, float], movi: bool
) -> None:
    at = start
    while at + 8 <= end:
        kind, size = HEADER.unpack_from(data, at)
        body = at + 8
        if body + size > len(data):
            raise ValueError(f"A {kind.decode('latin-1')} chunk at byte {at} runs past the end.")
        if kind in LIST_IDS:
            _walk(data, body + 4, body + size, counts, main, data[body : body + 4] == b"movi")
        elif kind == b"avih" and size >= 40:
            usec, _rate, _pad, _flags, total, _init, _streams, _buf, width, height = (
                struct.unpack_from("<10I", data, body)
            )
            main.update(fps=1e6 / usec if usec else 0.0, frames=total, width=width, height=height)
        elif movi and kind in VIDEO_CHUNKS:
            counts["frames"] += 1
            counts["jpeg"] += data[body : body + 2] == b"\xff\xd8"
        at = body + size + (size & 1)
