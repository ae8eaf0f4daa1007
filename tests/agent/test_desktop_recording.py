"""Record, replay and codegen of a person at a desktop (docs/REPLAY.md): an Xvfb display of its
own, with a window manager (evilwm) and without one, the X server's own keys and clicks
(xdotool), the window focused and closed the way the desktop does it (tests/xperson.py). A
person's session on the shop game, dialog buttons included, records from launch to a file whose
first line is the header, replays to the same digests every time, and becomes a test that
passes headless; a recording ended by Ctrl-C, by the game quitting itself or by a crash is kept
and replays. A tree row and a color picked in a ColorPickerButton's popup (the settings game)
become select_option and set_value."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from agent_client import AgentClient
from agent_client.engine.addon import install
from agent_client.replay.file import ReplayFile
from tests import xperson
from tests.conftest import FIXTURE_GAME, SETTINGS_GAME, SHOP_GAME, terminal_job

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "corpus"
MENU = "res://scenes/menu.tscn"
ACCENT = "/root/Settings/Accent"
DIALOG = "Confirm purchase"
# The clicks of a person's shop session: the name field, Play, then per purchase Buy and one of
# the dialog's buttons.
SESSION = ["OK", "Cancel", "Buy two"]


@pytest.fixture(params=[False, True], ids=["no-window-manager", "window-manager"])
def desktop(request: pytest.FixtureRequest) -> Iterator[xperson.Desktop]:
    """A display of the test's own, managed by evilwm or not (skipped, or failed in CI, when a
    tool is missing)."""
    xperson.require(window_manager=request.param)
    with xperson.display(window_manager=request.param) as desk:
        yield desk


@pytest.fixture
def bare_desktop() -> Iterator[xperson.Desktop]:
    xperson.require()
    with xperson.display() as desk:
        yield desk


def center(node: Mapping[str, Any]) -> tuple[int, int]:
    """The middle of a node's rect (root viewport coordinates: the window's, unstretched)."""
    rect = node["rect"]
    assert isinstance(rect, dict)
    return int(rect["x"] + rect["w"] // 2), int(rect["y"] + rect["h"] // 2)


def shop_points() -> dict[str, tuple[int, int]]:
    """Where a person clicks in the shop's window: the centers of its controls and of its
    dialog's buttons, asked of the game rendering (a rendered layout is not a headless one)."""
    with AgentClient.launch(SHOP_GAME, render=True) as game:
        points = {
            name: center(game.get_by_role(role, name=name).node())
            for role, name in [
                ("textbox", "Your name"),
                ("button", "Play"),
                ("button", "Buy potion"),
                ("button", "Leave shop"),
            ]
        }
        game.get_by_role("button", name="Play").click()
        game.get_by_role("button", name="Buy potion").click()
        for node in game.get_by_role("dialog", name=DIALOG).get_by_role("button").nodes():
            points[str(node["label"])] = center(node)
    return points


def start(command: str, project: Path, out: Path, *extra: str) -> subprocess.Popen[str]:
    """``agent-bridge record`` or ``codegen`` in a process group of its own (as a terminal runs
    it), once it says the recording runs."""
    cli = subprocess.Popen(
        [sys.executable, "-m", "agent_client.cli", command, str(project), "-o", str(out), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **terminal_job(),
    )
    assert cli.stderr is not None
    said = []
    for line in cli.stderr:  # "recording: ...", once the game answers and records
        said.append(line)
        if line.startswith("recording"):
            return cli
    raise AssertionError(f"{command} ended before recording: {''.join(said)}")


def finish(cli: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = cli.communicate(timeout=120)
    return cli.returncode, out, err


def shop_session(desk: xperson.Desktop, command: str, out: Path, ending: str = "close") -> str:
    """``agent-bridge record`` or ``codegen`` of a person in the shop: they type a name, press
    Play, answer the purchase dialog with each of SESSION's buttons, and end (``ending``):
    closing the window the desktop's way, Ctrl-C, the shop's Leave button, or the game killed.
    Returns what the command printed on stderr, once it checked its exit code (1 only for the
    game killed)."""
    points = shop_points()
    cli = start(command, SHOP_GAME, out)
    window = xperson.window_named("AgentBridge shop")
    desk.focus(window)
    xperson.click(window, *points["Your name"])
    xperson.type_text("Bob")
    xperson.click(window, *points["Play"])
    for answer in SESSION:
        xperson.click(window, *points["Buy potion"])
        xperson.click(window, *points[answer])
    if ending == "close":
        desk.close(window)
    elif ending == "ctrl-c":
        os.killpg(cli.pid, signal.SIGINT)  # the terminal's Ctrl-C (the game has its own session)
    elif ending == "leave":
        xperson.click(window, *points["Leave shop"])
    else:
        os.kill(int(xperson.xdotool("getwindowpid", window)), signal.SIGKILL)
    code, _out, err = finish(cli)
    assert code == (1 if ending == "kill" else 0), err
    return err


def run_generated(test: Path) -> None:
    """Runs a generated test with pytest (headless, lockstep): it passes the first time."""
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(test)],
        cwd=test.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout


def replay_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agent_client.cli", "replay", str(path), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )


def first_line(path: Path) -> dict[str, object]:
    with path.open(encoding="utf-8") as file:
        line: dict[str, object] = json.loads(file.readline())
    return line


def test_a_shop_session_with_a_dialog_records_and_replays(
    desktop: xperson.Desktop, tmp_path: Path
) -> None:
    out = tmp_path / "shop.replay.jsonl"
    shop_session(desktop, "record", out)
    assert first_line(out)["t"] == "header"
    replay = ReplayFile.load(out)
    assert replay.notes == []
    assert replay.end["reason"] == "closed"
    assert {"t": "window", "f": replay.end_frame - 1, "event": "close"} in replay.lines
    first = next(line for line in replay.lines if line["t"] == "check")
    bought = "/root/Shop/Purchases"  # its text changed: the dialog's buttons were clicked
    assert replay.end["nodes"][bought] != first["nodes"][bought]
    for _ in range(3):
        run = replay_check(out)
        assert run.returncode == 0, run.stdout + run.stderr
        assert "the same state at every checkpoint" in run.stdout


def test_codegen_of_a_shop_session_clicks_the_dialogs_buttons(
    desktop: xperson.Desktop, tmp_path: Path
) -> None:
    out = tmp_path / "test_shop.py"
    shop_session(desktop, "codegen", out)
    assert first_line(tmp_path / "test_shop.replay.jsonl")["t"] == "header"
    body = out.read_text(encoding="utf-8").split("def test_shop(game):\n", 1)[1]
    dialog = f"game.get_by_role('dialog', name={DIALOG!r})"
    buy = "    game.get_by_role('button', name='Buy potion').click()"
    assert body.splitlines() == [
        "    game.get_by_role('textbox', name='Your name').fill('Bob')",
        "    game.get_by_role('button', name='Play').click()",
        buy,
        f"    {dialog}.get_by_role('button', name='OK').click()",
        buy,
        f"    {dialog}.get_by_role('button', name='Cancel').click()",
        buy,
        f"    {dialog}.get_by_role('button', name='Buy two').click()",
        "    expect(game.get_by_text('Shopping as Bob')).to_be_visible()",
        "    expect(game.get_by_text('Gold: 5')).to_be_visible()",
        "    expect(game.get_by_text('Bob bought 3 potions')).to_be_visible()",
    ]
    run_generated(out)


@pytest.mark.parametrize(
    "ending, reason", [("ctrl-c", "stopped"), ("leave", "exit"), ("kill", "interrupted")]
)
def test_a_recording_is_kept_however_it_ends(
    bare_desktop: xperson.Desktop, tmp_path: Path, ending: str, reason: str
) -> None:
    """Ctrl-C, the game quitting itself (its Leave button), and the game killed: what was
    played is kept (the window's close is the sessions above, with and without a manager)."""
    out = tmp_path / "shop.replay.jsonl"
    err = shop_session(bare_desktop, "record", out, ending)
    assert first_line(out)["t"] == "header"
    replay = ReplayFile.load(out)
    assert replay.end["reason"] == reason
    if ending == "kill":
        assert "the file is kept and replays up to frame" in err
        assert replay.notes and replay.notes[0].startswith("It has no end line")
    else:
        assert replay.notes == []
    run = replay_check(out)
    assert run.returncode == 0, run.stdout + run.stderr


def corpus_game(tmp_path: Path, name: str) -> Path:
    if not (CORPUS / name).is_dir():
        pytest.skip(f"no corpus game {name} at {CORPUS}")
    folder = tmp_path / name
    shutil.copytree(CORPUS / name, folder)
    install(folder)
    return folder


def test_a_persons_x_input_replays_to_the_same_final_digest(
    desktop: xperson.Desktop, tmp_path: Path
) -> None:
    project = corpus_game(tmp_path, "pong")
    with AgentClient.launch(project, render=True, realtime=True, record=True) as game:
        assert game.process is not None
        window = xperson.window_of(game.process.pid)
        desktop.focus(window)
        xperson.play_with_keys(window, ["Up", "Down", "w", "s"], 4.0)
        recording = game.stop_recording(tmp_path / "pong.replay.jsonl")
    replay = ReplayFile.load(recording.path)
    assert replay.count("input") >= 10  # the X server's key events, seen by the game
    assert replay.header["time"] == "realtime" and replay.header["rendered"]
    for _ in range(2):
        result = AgentClient.replay(recording.path, check=True, render=False)
        assert result.same, result.describe()
        assert result.ended is not None and result.ended["replayed"] == recording.digest


def test_codegen_of_a_menu_session_passes_headless(
    desktop: xperson.Desktop, tmp_path: Path
) -> None:
    out = tmp_path / "test_menu.py"
    cli = start("codegen", FIXTURE_GAME, out, "--scene", MENU)
    window = xperson.window_named("AgentBridge fixture")
    desktop.focus(window)
    xperson.click(window, 120, 65)
    xperson.type_text("Bob")
    xperson.click(window, 120, 115)
    time.sleep(0.3)
    xperson.click(window, 60, 211)  # "Hard" in the open list
    xperson.click(window, 40, 165)
    xperson.click(window, 60, 215)
    desktop.close(window)  # after the clicks in the window's event queue, whatever the load
    code, _out, err = finish(cli)
    assert code == 0, err
    source = out.read_text(encoding="utf-8")
    assert "game.get_by_role('textbox', name='Your name').fill('Bob')" in source
    assert "game.get_by_role('combobox', name='Difficulty').select_option('Hard')" in source
    assert "game.get_by_role('button', name='Start').click()" in source
    assert "expect(game.get_by_text('Welcome, Bob (Hard, sound on)')).to_be_visible()" in source
    run_generated(out)


def found(tree: Mapping[str, Any], match: Callable[[Mapping[str, Any]], bool]) -> Iterator[Any]:
    """The nodes of a get_tree answer that match, in tree order."""
    if match(tree):
        yield tree
    for child in tree.get("children", []):
        yield from found(child, match)


def settings_points() -> dict[str, tuple[int, int]]:
    """Where a person clicks in the settings window, asked of the game rendering: the nested
    tree row Quality, the accent color's button, and in its open popup the Swatches header
    and each swatch (by its label, "Color: #3399ff"), once the header unfolded them."""
    with AgentClient.launch(SETTINGS_GAME, render=True) as game:
        refs = game.snapshot()["refs"]
        row = next(ref for ref, info in refs.items() if info.get("item") == "Video/Quality")
        at = game.request("hover", {"ref": row})["position"]
        accent = game.get_by_role("button", name="Accent")
        points = {"Quality": (int(at["x"]), int(at["y"])), "Accent": center(accent.node())}
        accent.click()
        picker = game.get_tree(ACCENT)
        header = next(found(picker, lambda node: node.get("text") == "Swatches"))
        points["Swatches"] = center(header)
        game.request("click", {"path": header["path"]})
        picker = game.get_tree(ACCENT)
        for swatch in found(picker, lambda node: node.get("type") == "ColorPresetButton"):
            points[str(swatch["label"])] = center(swatch)
    return points


def test_codegen_of_a_tree_row_and_a_color_pick(desktop: xperson.Desktop, tmp_path: Path) -> None:
    """A person clicks a nested tree row, opens the color button and types a hex color into
    its focused hex field (Return takes it and closes the popup), opens it again, unfolds the
    swatches and picks one, closes the popup by clicking beside it and closes the window: the
    test picks the row by its path and sets the last color, and passes headless."""
    points = settings_points()
    out = tmp_path / "test_settings.py"
    cli = start("codegen", SETTINGS_GAME, out)
    window = xperson.window_named("AgentBridge settings")
    desktop.focus(window)
    xperson.click(window, *points["Quality"])
    xperson.click(window, *points["Accent"])  # the popup opens with its hex text selected
    xperson.type_text("40c060")
    xperson.press_key("Return")
    xperson.click(window, *points["Accent"])
    xperson.click(window, *points["Swatches"])
    xperson.click(window, *points["Color: #3399ff"])
    xperson.click(window, 560, 330)  # beside the popup: it closes
    desktop.close(window)
    code, _out, err = finish(cli)
    assert code == 0, err
    replay = ReplayFile.load(tmp_path / "test_settings.replay.jsonl")
    events = [line for line in replay.lines if line["t"] == "event"]
    chosen = [(line["type"], line.get("item"), line.get("value")) for line in events]
    assert ("item_selected", "Video/Quality", None) in chosen, chosen
    colors = [line["value"] for line in events if line["type"] == "color_changed"]
    assert colors == ["#40c060", "#3399ff"], chosen
    assert [kind for kind, _, _ in chosen].count("pressed") == 2, "its popup opened twice"
    assert "toggled" not in [kind for kind, _, _ in chosen], "a popup is no toggle"
    source = out.read_text(encoding="utf-8")
    body = source.split("def test_settings(game):\n", 1)[1]
    assert body.splitlines() == [
        "    game.get_by_role('tree', name='Sections').select_option('Video/Quality')",
        "    game.get_by_role('button', name='Accent').set_value('#3399ff')",
        "    expect(game.get_by_text('Section: Quality')).to_be_visible()",
        "    expect(game.get_by_text('Accent: #3399ff')).to_be_visible()",
    ]
    assert "select_option(" in source and "set_value(" in source
    run_generated(out)
