"""Screenshots: refused clearly when headless; real PNGs under the CPU renderer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image

from agent_client import AgentClient, NotFoundError, UnsupportedError, expect
from tests.conftest import FIXTURE_GAME, INPUT_SCENE


@pytest.fixture(scope="module")
def rendering_game() -> Iterator[AgentClient]:
    with AgentClient.launch(FIXTURE_GAME, scene=INPUT_SCENE, render=True) as game:
        yield game


def colors(path: Path) -> int:
    with Image.open(path) as image:
        return len(image.convert("RGB").getcolors(maxcolors=1 << 24) or [])


def test_headless_screenshots_say_how_to_get_one(conformance_game: AgentClient) -> None:
    with pytest.raises(UnsupportedError, match="render=True"):
        conformance_game.screenshot()


def test_a_screenshot_is_a_real_png_of_the_viewport(rendering_game: AgentClient) -> None:
    shot = rendering_game.screenshot(name="whole")
    path = Path(shot["path"])
    assert path.parent == rendering_game.session_dir / "artifacts" and path.name == "whole.png"
    with Image.open(path) as image:
        assert image.format == "PNG"
        assert image.size == (shot["width"], shot["height"]) == (1152, 648)
    assert shot["bytes"] == path.stat().st_size
    assert colors(path) > 10, "the UI was drawn, not a blank frame"


def test_a_node_screenshot_is_cropped_to_its_rect(rendering_game: AgentClient) -> None:
    shot = rendering_game.screenshot("/root/InputLab/AddRowButton", name="button.png")
    assert (shot["width"], shot["height"]) == (120, 31)
    assert colors(Path(shot["path"])) > 2
    with pytest.raises(NotFoundError):
        rendering_game.screenshot("/root/InputLab/Nope")


def test_annotated_screenshots_mark_the_refs(rendering_game: AgentClient) -> None:
    rendering_game.snapshot()
    plain = rendering_game.screenshot(name="plain")
    marked = rendering_game.screenshot(annotate=True, name="marked")
    with Image.open(plain["path"]) as a, Image.open(marked["path"]) as b:
        pa, pb = a.convert("RGB"), b.convert("RGB")
        box = (19, 310, 161, 312)  # the top edge of the Open dialog button's ref box
        differing = sum(
            pa.getpixel((x, y)) != pb.getpixel((x, y))
            for x in range(box[0], box[2])
            for y in range(box[1], box[3])
        )
        assert differing > 100
        magenta = [pb.getpixel((x, 310)) for x in range(25, 150)]
        assert sum(r > 200 and b2 > 100 and g < 120 for r, g, b2 in magenta) > 50
    assert not rendering_game.request("list_actions")["actions"][0]["path"].startswith(
        "/root/AgentBridge"
    ), "the overlay is gone afterwards"


def test_clicks_work_the_same_when_rendering(rendering_game: AgentClient) -> None:
    rendering_game.get_events()
    rendering_game.click("/root/InputLab/AddRowButton")
    assert "row_added" in [e["type"] for e in rendering_game.get_events()]


def test_annotations_of_a_dialog_land_on_its_buttons(rendering_game: AgentClient) -> None:
    game = rendering_game
    game.click("/root/InputLab/OpenDialogButton")
    snap = game.snapshot(interactive=True)
    ok = next(ref for ref, info in snap["refs"].items() if info["name"] == "OK")
    dialog = game.get_tree("/root/InputLab/Dialog")
    ok_rect = next(node["rect"] for node in _walk(dialog) if node.get("text") == "OK")
    marked = game.screenshot(annotate=True, name="dialog-marked")
    game.click(ok)
    with Image.open(marked["path"]) as image:
        pixels = image.convert("RGB")
        top = int(ok_rect["y"])
        edge = [
            pixels.getpixel((x, top))
            for x in range(int(ok_rect["x"]) + 4, int(ok_rect["x"] + ok_rect["w"]) - 4)
        ]
        assert sum(r > 200 and b > 100 and g < 120 for r, g, b in edge) > len(edge) // 2, (
            "the ref box is drawn on the OK button, over the dialog"
        )
    assert "Are you sure" not in game.snapshot()["text"], "the real click closed the dialog"


def _walk(node: dict) -> Iterator[dict]:
    yield node
    for child in node.get("children", []):
        yield from _walk(child)


def test_a_raw_screenshot_holds_the_pixels_of_the_png(rendering_game: AgentClient) -> None:
    shown = {"hide_caret": True}
    raw = rendering_game.request("screenshot", {**shown, "format": "rgba", "name": "raw"})
    picture = rendering_game.request("screenshot", {**shown, "name": "picture"})
    assert raw["path"].endswith("raw.rgba") and raw["format"] == "rgba"
    assert raw["bytes"] == raw["width"] * raw["height"] * 4 == 1152 * 648 * 4
    with Image.open(picture["path"]) as image:
        assert Path(raw["path"]).read_bytes() == image.convert("RGBA").tobytes()


def test_a_held_game_gives_the_same_picture_each_time(rendering_game: AgentClient) -> None:
    """Lockstep: a caret blinks in game time, so a held game's field looks the same in every
    picture, and taking one moves no frame."""
    game = rendering_game
    field = "/root/InputLab/Field"
    game.click(field)
    frame = game.last_frame
    args = {"path": field, "format": "rgba"}
    first = Path(game.request("screenshot", args)["path"]).read_bytes()
    second = Path(game.request("screenshot", {**args, "hide_caret": True})["path"]).read_bytes()
    assert first == second and game.send("hello")["frame"] == frame


def test_a_hidden_caret_is_not_drawn_and_comes_back() -> None:
    """Realtime: the caret is hidden for the picture and comes back after it."""
    with AgentClient.launch(FIXTURE_GAME, scene=INPUT_SCENE, render=True, realtime=True) as game:
        field = "/root/InputLab/Field"
        game.set_property(field, "caret_blink", False)  # the caret is drawn in every frame
        game.click(field)
        args = {"path": field, "format": "rgba"}
        with_caret = Path(game.request("screenshot", args)["path"]).read_bytes()
        hidden = Path(game.request("screenshot", {**args, "hide_caret": True})["path"]).read_bytes()
        assert with_caret != hidden, "the caret was drawn, then hidden"
        assert not game.call_method(field, "has_theme_color_override", "caret_color")
        again = Path(game.request("screenshot", args)["path"]).read_bytes()
        assert again == with_caret, "the caret is back as it was"


def test_a_rendering_game_counts_its_draw_calls(rendering_game: AgentClient) -> None:
    measurement = rendering_game.measure(frames=10)
    assert measurement.draw_calls is not None and len(measurement.draw_calls) == 10
    assert measurement.draws is not None and measurement.draws.p50 > 0
    expect(measurement).to_be_within(draw_calls=10_000)
