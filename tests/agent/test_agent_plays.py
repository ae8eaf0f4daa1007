"""Agent plays the level: Crystal Vault, driven headless through its bridge.

The agent works everything out from what get_tree shows (crystals and edges); get_state is only
used here as an independent oracle to check what the agent saw.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from agent_client import (
    AgentClient,
    InvalidArgsError,
    NotFoundError,
    NotInteractableError,
)
from agent_client.engine.launcher import find_godot

REPO = Path(__file__).resolve().parents[2]
GAME = REPO / "demos" / "crystal_vault"
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import LEVEL_ROOT, play_level, read_vault, symmetries  # noqa: E402

HUD = f"{LEVEL_ROOT}/HUDLayer/TopBar"
CRYSTALS = f"{LEVEL_ROOT}/CrystalContainer"


def level_ids() -> list[str]:
    """The game's level ids, from its level index (only to name the parametrized tests)."""
    index = orjson.loads((GAME / "levels" / "index.json").read_bytes())
    return [name.removesuffix(".json") for name in index["levels"]]


@pytest.fixture(scope="module")
def vault_game() -> Iterator[AgentClient]:
    with AgentClient.launch(GAME) as game:
        yield game


@pytest.fixture
def vault(vault_game: AgentClient) -> AgentClient:
    """The shared game, back on the first level with nothing found."""
    vault_game.command("load_level", level_id="act1_level01")
    vault_game.get_events()
    return vault_game


class TestAgentPlaysLevel1:
    def test_agent_sees_all_crystals(self, vault: AgentClient) -> None:
        seen = read_vault(vault.get_tree(LEVEL_ROOT))
        state = vault.get_state()
        truth = {c["id"]: (c["color"], c["label"]) for c in state["crystals"]}
        assert {c.id: (c.color, c.label) for c in seen.crystals.values()} == truth
        assert len(seen.crystals) == 3

    def test_agent_sees_edges_with_types(self, vault: AgentClient) -> None:
        seen = read_vault(vault.get_tree(LEVEL_ROOT))
        truth = {(e["from"], e["to"], e["type"]) for e in vault.get_state()["edges"]}
        assert {(e.source, e.target, e.kind) for e in seen.edges} == truth
        assert all(e.directed and e.kind == "directed" for e in seen.edges)

    def test_agent_sees_hud_labels(self, vault: AgentClient) -> None:
        seen = read_vault(vault.get_tree(LEVEL_ROOT))
        assert seen.title == "The Triangle Vault"
        assert seen.counter == "Symmetries: 0 / 3"
        snapshot = vault.snapshot()["text"]
        assert '"Symmetries: 0 / 3"' in snapshot and 'button "Reset"' in snapshot

    def test_swap_produces_events(self, vault: AgentClient) -> None:
        response = vault.send("swap", {"from": 0, "to": 1})
        types = [e["type"] for e in response["events"]]
        assert types[:2] == ["swap_performed", "invalid_attempt"]
        assert response["events"][0]["args"] == [[1, 0, 2]]

    def test_invalid_swap_produces_invalid_attempt(self, vault: AgentClient) -> None:
        result = vault.command("swap", **{"from": 1, "to": 2})
        assert result["result"] == "invalid"
        invalid = [e for e in vault.get_events() if e["type"] == "invalid_attempt"]
        assert invalid and invalid[0]["args"] == [[0, 2, 1]]
        assert vault.get_state()["arrangement"] == [0, 1, 2], "it reset afterwards"

    def test_hud_counter_updates_after_symmetry_found(self, vault: AgentClient) -> None:
        rotation = next(
            m for m in symmetries(read_vault(vault.get_tree(LEVEL_ROOT))) if m != (0, 1, 2)
        )
        vault.command("submit_permutation", mapping=list(rotation))
        assert "symmetry_found" in [e["type"] for e in vault.get_events()]
        assert vault.get_property(f"{HUD}/CounterLabel", "text") == "Symmetries: 1 / 3"

    def test_drag_to_swap_through_real_mouse_input(self, vault: AgentClient) -> None:
        vault.drag(f"{CRYSTALS}/Crystal_0", f"{CRYSTALS}/Crystal_1")
        types = [e["type"] for e in vault.get_events()]
        assert "swap_performed" in types and "invalid_attempt" in types

    def test_buttons_by_ref(self, vault: AgentClient) -> None:
        snap = vault.snapshot(interactive=True, compact=True)
        cayley = next(r for r, i in snap["refs"].items() if i["name"] == "Show Cayley Table")
        vault.click(f"@{cayley}")
        assert vault.get_property(f"{LEVEL_ROOT}/HUDLayer/CayleyPanel", "visible") is True


@pytest.mark.parametrize("level_id", level_ids())
def test_find_all_symmetries_and_complete(vault_game: AgentClient, level_id: str) -> None:
    report = play_level(vault_game, level_id)
    assert report.completed, report.transcript
    counter = vault_game.get_property(f"{HUD}/CounterLabel", "text")
    assert counter == f"Symmetries: {report.symmetries} / {report.symmetries}"
    assert vault_game.get_property(f"{HUD}/NextLevelButton", "visible") is True


class TestBadInput:
    @pytest.mark.parametrize(
        ("args", "error", "match"),
        [
            ({"from": 0, "to": 0}, InvalidArgsError, "same|itself"),
            ({"from": 0, "to": 9}, InvalidArgsError, "9"),
            ({"from": "a", "to": 1}, InvalidArgsError, "integer"),
            ({"from": 0}, InvalidArgsError, "to"),
        ],
    )
    def test_swap(self, vault: AgentClient, args: dict, error: type, match: str) -> None:
        with pytest.raises(error, match=match):
            vault.request("swap", args)

    @pytest.mark.parametrize("mapping", [[0, 1], [0, 0, 1], [0, 1, 5], "012", [0, 1, 2.5]])
    def test_submit_permutation(self, vault: AgentClient, mapping: object) -> None:
        with pytest.raises(InvalidArgsError):
            vault.request("submit_permutation", {"mapping": mapping})
        assert vault.get_state()["keyring"]["found_count"] == 0

    def test_load_level(self, vault: AgentClient) -> None:
        with pytest.raises(NotFoundError, match="act9"):
            vault.command("load_level", level_id="act9_level99")
        with pytest.raises(InvalidArgsError):
            vault.request("load_level", {"level_id": 3})

    def test_commands_without_arguments_refuse_extra_ones(self, vault: AgentClient) -> None:
        for name in ("reset", "list_levels"):
            with pytest.raises(InvalidArgsError, match="does not take"):
                vault.request(name, {"level": 1})

    def test_pressing_a_disabled_control(self, vault: AgentClient) -> None:
        vault.set_property(f"{HUD}/ResetButton", "disabled", True)
        with pytest.raises(NotInteractableError, match="disabled"):
            vault.press(f"{HUD}/ResetButton")
        with pytest.raises(NotInteractableError, match="disabled"):
            vault.click(f"{HUD}/ResetButton")
        vault.set_property(f"{HUD}/ResetButton", "disabled", False)

    def test_pressing_a_hidden_control(self, vault: AgentClient) -> None:
        with pytest.raises(NotInteractableError, match="hidden"):
            vault.press(f"{HUD}/NextLevelButton")


def copy_game(tmp_path: Path) -> Path:
    target = tmp_path / "crystal_vault"
    shutil.copytree(GAME, target, symlinks=False, ignore=shutil.ignore_patterns(".godot"))
    return target


def test_the_agent_sees_new_ui_without_bridge_changes(tmp_path: Path) -> None:
    game_dir = copy_game(tmp_path)
    hud = game_dir / "scenes" / "hud.tscn"
    text = hud.read_text()
    parent = re.search(r'\[node name="ResetButton" type="Button" parent="([^"]+)"', text)
    assert parent, "the HUD scene has a ResetButton to sit next to"
    hud.write_text(
        text + f'\n[node name="HintButton" type="Button" parent="{parent[1]}"]\n'
        'layout_mode = 2\ntext = "Show Hint"\n'
    )
    with AgentClient.launch(game_dir) as game:
        snap = game.snapshot(interactive=True, compact=True)
        ref = next(r for r, info in snap["refs"].items() if info["name"] == "Show Hint")
        assert snap["refs"][ref]["path"].endswith("/HintButton")
        response = game.send("click", {"ref": ref})
        assert response["ok"], response
        assert [e["type"] for e in response["events"]] == ["pressed"]
        assert response["events"][0]["source"].endswith("/HintButton")


def run_plain(game_dir: Path, *extra: str) -> subprocess.CompletedProcess[bytes]:
    godot = find_godot()
    subprocess.run(
        [str(godot), "--headless", "--path", str(game_dir), "--import"],
        capture_output=True,
        timeout=300,
    )
    return subprocess.run(
        [str(godot), "--headless", "--path", str(game_dir), "--quit-after", "120", *extra],
        capture_output=True,
        timeout=120,
    )


def test_the_game_runs_with_the_addon_removed(tmp_path: Path) -> None:
    game_dir = copy_game(tmp_path)
    shutil.rmtree(game_dir / "addons")
    project = game_dir / "project.godot"
    project.write_text(re.sub(r"\[autoload\]\n\nAgentBridge=.*\n", "", project.read_text()))
    done = run_plain(game_dir)
    output = (done.stdout + done.stderr).decode()
    assert done.returncode == 0 and "ERROR" not in output, output


def test_the_game_runs_with_the_addon_but_without_agent_mode(tmp_path: Path) -> None:
    session = tmp_path / "session"
    session.mkdir()
    done = run_plain(copy_game(tmp_path), "--", f"--agent-dir={session}")
    output = (done.stdout + done.stderr).decode()
    assert done.returncode == 0 and "ERROR" not in output, output
    assert list(session.iterdir()) == []


def test_the_games_own_level_checks_pass() -> None:
    godot = find_godot()
    for script in sorted((GAME / "tests").glob("check_*.gd")):
        done = subprocess.run(
            [str(godot), "--headless", "--path", str(GAME), "-s", f"res://tests/{script.name}"],
            capture_output=True,
            timeout=300,
        )
        assert done.returncode == 0, (done.stdout + done.stderr).decode()[-3000:]
