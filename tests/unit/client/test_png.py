"""The pure-Python PNG codec: what it writes any reader reads, and it reads every 8-bit kind and
every row filter as Pillow does."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image as Pillow

from agent_client.client import png


def sample(width: int = 23, height: int = 17, seed: int = 3) -> png.Image:
    """A picture with flat runs and noise, so every filter has something to predict."""
    generator = random.Random(seed)
    pixels = bytearray()
    for y in range(height):
        for x in range(width):
            if (x // 5 + y // 4) % 2:
                pixels += bytes((40, 120, 200, 255))
            else:
                pixels += bytes(generator.randrange(256) for _ in range(4))
    return png.Image(width, height, bytes(pixels))


def test_what_it_writes_reads_back_and_pillow_agrees() -> None:
    image = sample()
    data = png.encode(image)
    assert png.decode(data) == image
    with Pillow.open(io.BytesIO(data)) as read:
        assert read.mode == "RGBA" and read.size == image.size
        assert read.tobytes() == image.pixels


@pytest.mark.parametrize("mode", ["RGBA", "RGB", "L", "LA", "P"])
def test_it_reads_every_8_bit_kind_pillow_writes(mode: str) -> None:
    source = Pillow.frombytes("RGBA", (23, 17), sample().pixels).convert(mode)
    if mode == "P":
        source.info["transparency"] = 0
    written = io.BytesIO()
    source.save(written, "PNG", transparency=0) if mode == "P" else source.save(written, "PNG")
    with Pillow.open(io.BytesIO(written.getvalue())) as expected:
        assert png.decode(written.getvalue()).pixels == expected.convert("RGBA").tobytes()


@pytest.mark.parametrize("kind", [0, 1, 2, 3, 4])
def test_it_undoes_each_row_filter(kind: int) -> None:
    image = sample()
    assert png.decode(filtered_png(image, kind)) == image


def filtered_png(image: png.Image, kind: int) -> bytes:
    """An RGBA PNG whose every row uses filter ``kind`` (the reference filters, written out)."""
    stride = image.width * 4
    rows, previous = [], bytes(stride)
    for y in range(image.height):
        row = image.row(y)
        out = bytearray()
        for i, value in enumerate(row):
            left = row[i - 4] if i >= 4 else 0
            up = previous[i]
            corner = previous[i - 4] if i >= 4 else 0
            estimate = left + up - corner
            paeth = min((abs(estimate - left), 0, left), (abs(estimate - up), 1, up),
                        (abs(estimate - corner), 2, corner))[2]  # fmt: skip
            predicted = [0, left, up, (left + up) // 2, paeth][kind]
            out.append((value - predicted) & 0xFF)
        rows.append(bytes([kind]) + bytes(out))
        previous = row
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 6, 0, 0, 0)
    return (
        png.SIGNATURE
        + png._chunk(b"IHDR", header)
        + png._chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + png._chunk(b"IEND", b"")
    )


def header_png(depth: int, color: int, interlace: int) -> bytes:
    header = struct.pack(">IIBBBBB", 1, 1, depth, color, 0, 0, interlace)
    return png.SIGNATURE + png._chunk(b"IHDR", header) + png._chunk(b"IDAT", zlib.compress(b""))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"GIF89a", "not a PNG file"),
        (png.SIGNATURE, "no valid IHDR"),
        (header_png(16, 6, 0), "16-bit RGBA samples; only 8-bit PNGs are read"),
        (header_png(8, 6, 1), "interlaced"),
        (header_png(8, 5, 0), "unknown color type 5"),
        (header_png(8, 6, 0), "cut short"),
        (png.encode(sample())[:60], "cut short inside its IDAT chunk"),
        (
            png.SIGNATURE
            + png._chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
            + png._chunk(b"IDAT", b"not zlib"),
            "damaged",
        ),
    ],
)
def test_what_it_cannot_read_is_named(data: bytes, message: str) -> None:
    with pytest.raises(png.PngError, match=message):
        png.decode(data)


def test_an_image_must_hold_its_pixels() -> None:
    with pytest.raises(ValueError, match="holds 16 bytes, not 3"):
        png.Image(2, 2, b"abc")
