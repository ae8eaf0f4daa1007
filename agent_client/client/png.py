"""PNG files in pure Python (zlib only), for visual baselines: :func:`encode` writes 8-bit RGBA
and :func:`decode` reads any 8-bit, non-interlaced PNG (grey, grey and alpha, RGB, RGBA,
palette) as RGBA. The client needs no imaging library: screenshots to compare come from the
bridge as raw RGBA, so only the baselines are decoded here, and the ones this module wrote
decode fast (every row unfiltered)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from agent_client.wire.errors import AgentBridgeError

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # color type -> samples per pixel
_COLOR_NAMES = {0: "grey", 2: "RGB", 3: "palette", 4: "grey and alpha", 6: "RGBA"}


@dataclass(frozen=True)
class Image:
    """An RGBA picture: ``pixels`` holds ``width * height * 4`` bytes, row by row."""

    width: int
    height: int
    pixels: bytes

    def __post_init__(self) -> None:
        if self.width < 0 or self.height < 0:
            raise ValueError(f"An image cannot be {self.width}x{self.height}.")
        if len(self.pixels) != self.width * self.height * 4:
            raise ValueError(
                f"A {self.width}x{self.height} RGBA image holds {self.width * self.height * 4} "
                f"bytes, not {len(self.pixels)}."
            )

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    def row(self, y: int) -> bytes:
        stride = self.width * 4
        return self.pixels[y * stride : (y + 1) * stride]


class PngError(AgentBridgeError, ValueError):
    """A file that is not a PNG this module reads (the message says why)."""


def encode(image: Image, *, level: int = 6) -> bytes:
    """The image as an 8-bit RGBA PNG (no filtering: rows stay as they are, and compress well
    enough for screens made of flat colors)."""
    stride = image.width * 4
    raw = b"".join(
        b"\x00" + image.pixels[y * stride : (y + 1) * stride] for y in range(image.height)
    )
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    return (
        SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(raw, level))
        + _chunk(b"IEND", b"")
    )


def decode(data: bytes) -> Image:
    """An 8-bit, non-interlaced PNG as RGBA.

    Raises:
        PngError: not a PNG, cut short, or a kind this module does not read (16-bit samples,
            interlacing); the message names it.
    """
    if not data.startswith(SIGNATURE):
        raise PngError("not a PNG file (its first bytes are not the PNG signature)")
    header: bytes | None = None
    palette = b""
    transparency = b""
    compressed = bytearray()
    for kind, body in _chunks(data):
        if kind == b"IHDR":
            header = body
        elif kind == b"PLTE":
            palette = body
        elif kind == b"tRNS":
            transparency = body
        elif kind == b"IDAT":
            compressed += body
        elif kind == b"IEND":
            break
    if header is None or len(header) != 13:
        raise PngError("the PNG has no valid IHDR chunk")
    width, height, depth, color, _method, _filter, interlace = struct.unpack(">IIBBBBB", header)
    if color not in _CHANNELS:
        raise PngError(f"the PNG has an unknown color type {color}")
    if depth != 8:
        raise PngError(
            f"the PNG has {depth}-bit {_COLOR_NAMES[color]} samples; only 8-bit PNGs are read "
            "(save the baseline as 8-bit RGBA)"
        )
    if interlace:
        raise PngError("the PNG is interlaced; save the baseline without interlacing")
    try:
        raw = zlib.decompress(bytes(compressed))
    except zlib.error as error:
        raise PngError(f"the PNG's image data is damaged ({error})") from None
    channels = _CHANNELS[color]
    stride = width * channels
    if len(raw) < height * (stride + 1):
        raise PngError("the PNG's image data is cut short")
    samples = _unfilter(raw, width, height, channels)
    return Image(width, height, _to_rgba(samples, color, palette, transparency))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    found = []
    position = len(SIGNATURE)
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        body = data[position + 8 : position + 8 + length]
        if len(body) != length:
            raise PngError(f"the PNG is cut short inside its {kind.decode('latin-1')} chunk")
        found.append((kind, body))
        position += 12 + length
    return found


def _unfilter(raw: bytes, width: int, height: int, bpp: int) -> bytes:
    """Undoes the per-row filters. Unfiltered and Up rows take whole-row operations; Sub,
    Average and Paeth rows go byte by byte (slow in Python, and rare in the files this module
    writes)."""
    stride = width * bpp
    out = bytearray()
    previous = bytes(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        line = raw[start + 1 : start + 1 + stride]
        if kind == 0:
            row = line
        elif kind == 2:
            row = _add_bytes(line, previous)
        elif kind in (1, 3, 4):
            row = _unfilter_sequential(kind, line, previous, bpp)
        else:
            raise PngError(f"row {y} of the PNG has an unknown filter {kind}")
        out += row
        previous = row
    return bytes(out)


_LOW7 = 0x7F
_HIGH1 = 0x80


def _add_bytes(left: bytes, right: bytes) -> bytes:
    """Byte-wise addition modulo 256 of two equally long strings, a whole row at a time: the
    low seven bits of each byte add without carrying into the next byte, the top bit by xor."""
    size = len(left)
    if size == 0:
        return b""
    low = int.from_bytes(bytes([_LOW7]) * size, "big")
    high = int.from_bytes(bytes([_HIGH1]) * size, "big")
    a, b = int.from_bytes(left, "big"), int.from_bytes(right, "big")
    total = ((a & low) + (b & low)) ^ ((a ^ b) & high)
    return total.to_bytes(size, "big")


def _unfilter_sequential(kind: int, line: bytes, previous: bytes, bpp: int) -> bytes:
    row = bytearray(line)
    for i in range(len(row)):
        left = row[i - bpp] if i >= bpp else 0
        up = previous[i]
        if kind == 1:
            predicted = left
        elif kind == 3:
            predicted = (left + up) >> 1
        else:
            corner = previous[i - bpp] if i >= bpp else 0
            estimate = left + up - corner
            to_left, to_up, to_corner = (
                abs(estimate - left),
                abs(estimate - up),
                abs(estimate - corner),
            )
            if to_left <= to_up and to_left <= to_corner:
                predicted = left
            elif to_up <= to_corner:
                predicted = up
            else:
                predicted = corner
        row[i] = (row[i] + predicted) & 0xFF
    return bytes(row)


def _to_rgba(samples: bytes, color: int, palette: bytes, transparency: bytes) -> bytes:
    if color == 6:
        return samples
    pixels = bytearray(len(samples) // _CHANNELS[color] * 4)
    if color == 2:
        for channel in range(3):
            pixels[channel::4] = samples[channel::3]
        pixels[3::4] = b"\xff" * (len(pixels) // 4)
    elif color == 0:
        for channel in range(3):
            pixels[channel::4] = samples
        pixels[3::4] = b"\xff" * (len(pixels) // 4)
    elif color == 4:
        for channel in range(3):
            pixels[channel::4] = samples[0::2]
        pixels[3::4] = samples[1::2]
    else:  # palette
        if not palette:
            raise PngError("the palette PNG has no PLTE chunk")
        alphas = transparency + b"\xff" * (256 - len(transparency))
        colors = [palette[i * 3 : i * 3 + 3] + alphas[i : i + 1] for i in range(len(palette) // 3)]
        try:
            pixels = bytearray(b"".join(colors[index] for index in samples))
        except IndexError:
            raise PngError("the palette PNG uses a color its palette lacks") from None
    return bytes(pixels)
