"""Visual baselines: compare what the game shows (or one node of it) with an approved picture.

``expect(game).to_have_screenshot("hud.png")`` settles the game, takes pictures (caret hidden)
until two in a row are the same, and compares the steady one with the baseline
``__screenshots__/<test file>/<test name>/hud-<platform>.png`` beside the test file (the pytest
plugin says which test runs; outside pytest, ``__screenshots__`` in the current folder). A
missing baseline is written and the check fails saying so; ``--agent-update-snapshots``
replaces baselines that differ. On a mismatch the expected, actual and diff pictures go to the
test's artifacts folder.

Pixels are compared as pixelmatch (and so Playwright) does: a pixel differs when its colour
distance in the YIQ space is above ``threshold`` (0 strict, 1 lax) of the largest possible.
Pictures come from the bridge as raw RGBA (``screenshot`` with ``format: rgba``); baselines
are PNG files, read and written by :mod:`agent_client.client.png`.
"""

from __future__ import annotations

import re
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_client.client import png
from agent_client.connection.connection import Connection
from agent_client.connection.waiting import CallLog
from agent_client.wire.errors import CommandTimeoutError

DEFAULT_THRESHOLD = 0.2
MAX_YIQ_DELTA = 35215.0
FOLDER = "__screenshots__"
DIFF_RED = b"\xff\x00\x00\xff"
DIFF_TOLERATED = b"\xff\xc8\x00\xff"  # differs, but within the threshold
# The diff picture shows the actual one faded towards white, under the differing pixels.
_FADED = bytes(255 - (255 - value) // 5 for value in range(256))
PLATFORMS = {"linux": "linux", "win32": "windows", "darwin": "macos"}


def platform_name() -> str:
    return PLATFORMS.get(sys.platform, sys.platform)


# --- where baselines and evidence go --------------------------------------------------------


@dataclass
class SnapshotPlace:
    """Where one test's baselines live, where its evidence goes, and whether baselines that
    differ are replaced. ``written`` lists the files the test's comparisons wrote."""

    folder: Path
    artifacts: Path
    update: bool = False
    platform: str = field(default_factory=platform_name)
    written: list[Path] = field(default_factory=list)

    def baseline(self, name: str) -> Path:
        return self.folder / f"{_stem(name)}-{self.platform}.png"

    def evidence(self, name: str, kind: str) -> Path:
        return self.artifacts / f"{_stem(name)}-{kind}.png"


_place: ContextVar[SnapshotPlace | None] = ContextVar("agent_snapshot_place", default=None)


@contextmanager
def snapshot_place(place: SnapshotPlace) -> Iterator[SnapshotPlace]:
    """Baselines and evidence of the comparisons in this block go to ``place`` (the pytest
    plugin wraps each test in one)."""
    token = _place.set(place)
    try:
        yield place
    finally:
        _place.reset(token)


def current_place() -> SnapshotPlace:
    place = _place.get()
    if place is None:
        here = Path.cwd()
        place = SnapshotPlace(here / FOLDER, here / "agent-artifacts")
    return place


def _stem(name: str) -> str:
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"A screenshot name is a plain file name such as 'hud.png', not {name!r}.")
    return name[:-4] if name.lower().endswith(".png") else name


def test_folder(test_file: Path, test_name: str) -> Path:
    """``__screenshots__/<test file>/<test name>`` beside the test file."""
    safe = re.sub(r"[^\w.\-\[\]]+", "-", test_name).strip("-") or "test"
    return test_file.parent / FOLDER / test_file.stem / safe


# --- comparing --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """How two pictures differ: ``differing`` pixels beyond the threshold out of ``total``; a
    ``diff`` picture when both have the same size."""

    differing: int
    total: int
    size_differs: bool = False
    diff: png.Image | None = None

    @property
    def ratio(self) -> float:
        return self.differing / self.total if self.total else 0.0


def compare(expected: png.Image, actual: png.Image, *, threshold: float) -> Comparison:
    """Pixel by pixel, rows that are byte for byte the same skipped whole."""
    if expected.size != actual.size:
        total = max(expected.width * expected.height, actual.width * actual.height)
        return Comparison(total, total, size_differs=True)
    total = actual.width * actual.height
    if expected.pixels == actual.pixels:
        return Comparison(0, total)
    limit = MAX_YIQ_DELTA * threshold * threshold
    diff = bytearray(actual.pixels.translate(_FADED))
    diff[3::4] = b"\xff" * total
    differing = 0
    stride = actual.width * 4
    for y in range(actual.height):
        start = y * stride
        left, right = expected.pixels[start : start + stride], actual.pixels[start : start + stride]
        if left == right:
            continue
        for x in range(0, stride, 4):
            a, b = left[x : x + 4], right[x : x + 4]
            if a == b:
                continue
            beyond = _color_delta(a, b) > limit
            differing += beyond
            diff[start + x : start + x + 4] = DIFF_RED if beyond else DIFF_TOLERATED
    return Comparison(differing, total, diff=png.Image(actual.width, actual.height, bytes(diff)))


def _color_delta(a: bytes, b: bytes) -> float:
    """pixelmatch's perceived distance of two RGBA pixels (each blended over white)."""
    r1, g1, b1 = _over_white(a)
    r2, g2, b2 = _over_white(b)
    y = (r1 - r2) * 0.29889531 + (g1 - g2) * 0.58662247 + (b1 - b2) * 0.11448223
    i = (r1 - r2) * 0.59597799 - (g1 - g2) * 0.27417610 - (b1 - b2) * 0.32180189
    q = (r1 - r2) * 0.21147017 - (g1 - g2) * 0.52261711 + (b1 - b2) * 0.31114694
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q


def _over_white(pixel: bytes) -> tuple[float, float, float]:
    alpha = pixel[3] / 255
    return tuple(255 + (channel - 255) * alpha for channel in pixel[:3])  # type: ignore[return-value]


def allowed_pixels(total: int, max_diff_pixels: int | None, max_diff_ratio: float | None) -> int:
    """How many pixels may differ: the smaller of the two limits given (0 when none is)."""
    limits = []
    if max_diff_pixels is not None:
        limits.append(max_diff_pixels)
    if max_diff_ratio is not None:
        limits.append(int(total * max_diff_ratio))
    return min(limits) if limits else 0


def check_options(
    max_diff_pixels: int | None, max_diff_ratio: float | None, threshold: float
) -> None:
    """Raises ValueError for limits out of range."""
    if max_diff_pixels is not None and (
        not isinstance(max_diff_pixels, int) or max_diff_pixels < 0
    ):
        raise ValueError(f"max_diff_pixels is a whole number >= 0, not {max_diff_pixels!r}.")
    if max_diff_ratio is not None and not 0 <= max_diff_ratio <= 1:
        raise ValueError(f"max_diff_ratio is between 0 and 1, not {max_diff_ratio!r}.")
    if not 0 <= threshold <= 1:
        raise ValueError(f"threshold is between 0 (strict) and 1 (lax), not {threshold!r}.")


# --- the expectation --------------------------------------------------------------------------


@dataclass
class Shooter:
    """Takes raw pictures of the whole game or of one node through ``screenshot``."""

    connection: Connection
    target: dict[str, Any] = field(default_factory=dict)
    taken: int = 0

    def take(self) -> png.Image:
        self.taken += 1
        data = self.connection.request(
            "screenshot",
            {**self.target, "format": "rgba", "hide_caret": True, "name": f"compare-{self.taken}"},
            timeout=self.connection.timeout + 20,
        )
        path = Path(str(data["path"]))
        try:
            pixels = path.read_bytes()
        finally:
            with suppress(OSError):
                path.unlink()
        return png.Image(int(data["width"]), int(data["height"]), pixels)


def assert_screenshot(
    shooter: Shooter,
    name: str,
    *,
    subject: str,
    max_diff_pixels: int | None,
    max_diff_ratio: float | None,
    threshold: float,
    timeout: float,
) -> None:
    """The steady picture matches the baseline ``name``; see the module's description.

    Raises:
        AssertionError: no baseline yet (one was written), the screen never stood still, or
            the picture differs beyond the limits (the message names the evidence files).
        ValueError: a bad name or limit.
    """
    __tracebackhide__ = True  # pytest: the report starts at the test's line
    check_options(max_diff_pixels, max_diff_ratio, threshold)
    place = current_place()
    baseline = place.baseline(name)
    title = f"expect({subject}).to_have_screenshot({name!r})"
    log = CallLog(f"{title} with timeout {timeout:g} s")
    expected = _read_baseline(baseline, title)
    deadline = time.monotonic() + timeout
    _settle(shooter.connection, timeout / 2, log)

    def holds(comparison: Comparison) -> bool:
        allowed = allowed_pixels(comparison.total, max_diff_pixels, max_diff_ratio)
        return not comparison.size_differs and comparison.differing <= allowed

    actual = shooter.take()
    log.add("took a picture")
    if expected is not None and holds(compare(expected, actual, threshold=threshold)):
        return
    previous = None
    while previous is None or previous.pixels != actual.pixels:
        if time.monotonic() > deadline:
            _write(place, place.evidence(name, "actual"), actual)
            if previous is not None and previous.size == actual.size:
                moved = compare(previous, actual, threshold=0)
                if moved.diff is not None:
                    _write(place, place.evidence(name, "unsteady-diff"), moved.diff)
            raise AssertionError(
                f"{title}: the screen never stood still: {shooter.taken} pictures in a row "
                f"differed from the one before within {timeout:g} s (animations the bridge "
                f"cannot finish?)\nLast picture: {place.evidence(name, 'actual')}\n{log}"
            )
        previous, actual = actual, shooter.take()
        log.add("took another picture, to see that the screen stands still")
    log.add("two pictures in a row were the same")
    if expected is None:
        _write(place, baseline, actual)
        message = (
            f"{title}: there was no baseline; wrote {baseline} from this run "
            f"({actual.width}x{actual.height}). Check that it shows what it should, "
            f"commit it, and run the test again."
        )
        if place.update:
            warnings.warn(message, stacklevel=3)
            return
        raise AssertionError(message)
    comparison = compare(expected, actual, threshold=threshold)
    if holds(comparison):
        return
    if place.update:
        _write(place, baseline, actual)
        warnings.warn(f"{title}: replaced the baseline {baseline}", stacklevel=3)
        return
    raise AssertionError(
        _mismatch(
            place,
            name,
            title,
            baseline,
            expected,
            actual,
            comparison,
            log,
            allowed_pixels(comparison.total, max_diff_pixels, max_diff_ratio),
            threshold,
        )
    )


def _mismatch(
    place: SnapshotPlace,
    name: str,
    title: str,
    baseline: Path,
    expected: png.Image,
    actual: png.Image,
    comparison: Comparison,
    log: CallLog,
    allowed: int,
    threshold: float,
) -> str:
    files = {
        "expected": _write(place, place.evidence(name, "expected"), expected),
        "actual": _write(place, place.evidence(name, "actual"), actual),
    }
    if comparison.diff is not None:
        files["diff"] = _write(place, place.evidence(name, "diff"), comparison.diff)
    if comparison.size_differs:
        what = (
            f"the picture is {actual.width}x{actual.height}, the baseline "
            f"{expected.width}x{expected.height}"
        )
    else:
        what = (
            f"{comparison.differing} "
            f"{'pixel differs' if comparison.differing == 1 else 'pixels differ'} "
            f"({comparison.ratio:.4%}) beyond the threshold {threshold:g}; {allowed} may"
        )
    shown = "\n".join(f"  {kind}: {path}" for kind, path in files.items())
    return (
        f"{title}: the screen differs from its baseline {baseline}: {what}.\n{shown}\n"
        f"Run with --agent-update-snapshots to accept the new picture.\n{log}"
    )


def _read_baseline(path: Path, title: str) -> png.Image | None:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    try:
        return png.decode(data)
    except png.PngError as error:
        raise AssertionError(f"{title}: the baseline {path} cannot be read: {error}") from None


def _settle(connection: Connection, timeout: float, log: CallLog) -> None:
    timeout_ms = max(1, int(timeout * 1000))
    try:
        connection.request(
            "wait",
            {"settled": True, "timeout_ms": timeout_ms},
            timeout=connection.timeout_for_wait(timeout_ms),
        )
        log.add("the game settled")
    except CommandTimeoutError:
        log.add("the game did not settle; comparing what it shows")


def _write(place: SnapshotPlace, path: Path, image: png.Image) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(png.encode(image))
    place.written.append(path)
    return path
