"""Visual baselines without an engine: comparing pixels, the limits, where baselines and evidence
go, and the whole to_have_screenshot flow with pictures handed in by a stand-in camera."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_client import AgentClient
from agent_client.client import png, visual

GREEN = bytes((46, 139, 87, 255))
RED = b"\xff\x00\x00\xff"


def picture(width: int = 8, height: int = 6, **pixels: bytes) -> png.Image:
    """A green picture; ``pixels`` (named ``x_y``) overridden."""
    data = bytearray(GREEN * (width * height))
    for where, value in pixels.items():
        x, y = (int(part) for part in where.strip("_").split("_"))
        data[(y * width + x) * 4 : (y * width + x) * 4 + 4] = value
    return png.Image(width, height, bytes(data))


def test_equal_pictures_do_not_differ() -> None:
    assert visual.compare(picture(), picture(), threshold=0) == visual.Comparison(0, 48)


def test_a_changed_pixel_is_red_in_the_diff() -> None:
    comparison = visual.compare(picture(), picture(_3_2=RED), threshold=0.2)
    assert (comparison.differing, comparison.total) == (1, 48)
    assert comparison.diff is not None
    assert comparison.diff.pixels[(2 * 8 + 3) * 4 :][:4] == visual.DIFF_RED
    faded = comparison.diff.pixels[:4]
    assert faded != GREEN and faded[3] == 255 and min(faded[:3]) > GREEN[0], "faded to white"


def test_a_change_within_the_threshold_is_tolerated_but_shown() -> None:
    slight = bytes((46, 139, 97, 255))
    comparison = visual.compare(picture(), picture(_0_0=slight), threshold=0.2)
    assert comparison.differing == 0
    assert comparison.diff is not None and comparison.diff.pixels[:4] == visual.DIFF_TOLERATED
    assert visual.compare(picture(), picture(_0_0=slight), threshold=0).differing == 1


def test_pictures_of_different_sizes_differ_everywhere() -> None:
    comparison = visual.compare(picture(8, 6), picture(4, 4), threshold=0.2)
    assert comparison.size_differs and comparison.differing == comparison.total == 48


def test_the_smaller_limit_holds() -> None:
    assert visual.allowed_pixels(1000, None, None) == 0
    assert visual.allowed_pixels(1000, 20, None) == 20
    assert visual.allowed_pixels(1000, None, 0.01) == 10
    assert visual.allowed_pixels(1000, 20, 0.01) == 10


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"max_diff_pixels": -1}, "max_diff_pixels is a whole number"),
        ({"max_diff_ratio": 1.5}, "max_diff_ratio is between 0 and 1"),
        ({"threshold": 2.0}, "threshold is between 0"),
    ],
)
def test_limits_out_of_range_are_refused(options: dict, message: str) -> None:
    settings = {"max_diff_pixels": None, "max_diff_ratio": None, "threshold": 0.2, **options}
    with pytest.raises(ValueError, match=message):
        visual.check_options(**settings)


def test_baselines_are_named_per_test_and_platform(tmp_path: Path) -> None:
    folder = visual.test_folder(tmp_path / "test_menu.py", "test_title[big font]")
    assert folder == tmp_path / "__screenshots__" / "test_menu" / "test_title[big-font]"
    place = visual.SnapshotPlace(folder, tmp_path / "out", platform="linux")
    assert place.baseline("title.png") == folder / "title-linux.png"
    assert place.baseline("title") == folder / "title-linux.png"
    assert place.evidence("title.png", "diff") == tmp_path / "out" / "title-diff.png"
    for bad in ("../title.png", "menu/title.png", ""):
        with pytest.raises(ValueError, match="plain file name"):
            place.baseline(bad)


class Camera(visual.Shooter):
    """Hands out the pictures it was given, the last one again and again (or, flickering, all
    of them in turn forever)."""

    def __init__(self, game: AgentClient, *pictures: png.Image, flicker: bool = False) -> None:
        super().__init__(game.connection)
        self.pictures = list(pictures)
        self.flicker = flicker

    def take(self) -> png.Image:
        self.taken += 1
        if self.flicker:
            return self.pictures[self.taken % len(self.pictures)]
        return self.pictures.pop(0) if len(self.pictures) > 1 else self.pictures[0]


@pytest.fixture
def place(tmp_path: Path) -> visual.SnapshotPlace:
    return visual.SnapshotPlace(tmp_path / "shots", tmp_path / "out", platform="linux")


def check(camera: Camera, place: visual.SnapshotPlace, **options: object) -> None:
    """to_have_screenshot("hud.png") in ``place`` (inside the test: the pytest plugin gives
    every test's body a place of its own)."""
    settings: dict = {"max_diff_pixels": None, "max_diff_ratio": None, "threshold": 0.2}
    with visual.snapshot_place(place):
        visual.assert_screenshot(
            camera, "hud.png", subject="game", timeout=1.0, **{**settings, **options}
        )


def test_a_missing_baseline_is_written_and_fails(
    game: AgentClient, place: visual.SnapshotPlace
) -> None:
    with pytest.raises(AssertionError, match=r"there was no baseline; wrote .*hud-linux\.png"):
        check(Camera(game, picture()), place)
    assert png.decode(place.baseline("hud.png").read_bytes()) == picture()
    check(Camera(game, picture()), place)  # now it is there, and the same


def test_a_mismatch_leaves_expected_actual_and_diff(
    game: AgentClient, place: visual.SnapshotPlace
) -> None:
    place.folder.mkdir(parents=True)
    place.baseline("hud.png").write_bytes(png.encode(picture()))
    camera = Camera(game, picture(_1_1=RED))
    with pytest.raises(AssertionError) as failure:
        check(camera, place)
    message = str(failure.value)
    assert "1 pixel differs (2.0833%) beyond the threshold 0.2; 0 may." in message
    for kind in ("expected", "actual", "diff"):
        assert f"{kind}: {place.evidence('hud.png', kind)}" in message
    assert png.decode(place.evidence("hud.png", "actual").read_bytes()) == picture(_1_1=RED)
    assert place.written == [
        place.evidence("hud.png", kind) for kind in ("expected", "actual", "diff")
    ]
    assert camera.taken == 2, "a second picture showed the screen stood still"
    check(Camera(game, picture(_1_1=RED)), place, max_diff_pixels=1)
    check(Camera(game, picture(_1_1=RED)), place, max_diff_ratio=0.05)


def test_updating_replaces_a_baseline_that_differs(
    game: AgentClient, place: visual.SnapshotPlace
) -> None:
    place.folder.mkdir(parents=True)
    place.baseline("hud.png").write_bytes(png.encode(picture()))
    place.update = True
    with pytest.warns(UserWarning, match="replaced the baseline"):
        check(Camera(game, picture(_1_1=RED)), place)
    assert png.decode(place.baseline("hud.png").read_bytes()) == picture(_1_1=RED)


def test_a_screen_that_never_stands_still_fails(
    game: AgentClient, place: visual.SnapshotPlace
) -> None:
    with pytest.raises(AssertionError, match="the screen never stood still"):
        check(Camera(game, picture(), picture(_0_0=RED), flicker=True), place)
    assert place.evidence("hud.png", "unsteady-diff").is_file()
    assert not place.baseline("hud.png").exists()
