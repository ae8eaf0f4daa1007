"""user://: every launch gets a folder of its own in its session folder, empty or a copy of a
seed folder; reset_game empties (and seeds) it again; the person's own folder is used only when
asked for, and a launch that cannot have a folder of its own says so instead of using it."""

from __future__ import annotations

import os
import shutil
import sys
import uuid
from pathlib import Path

import pytest

from agent_client import AgentClient
from agent_client.engine import launcher
from agent_client.engine.addon import install
from agent_client.engine.godot_import import ensure_imported
from tests.conftest import USER_DATA_GAME

pytest_plugins = ["pytester"]

NAME = "User data game"
MAIN = "/root/Main"
ENGINE_DIR = "Godot" if sys.platform in ("win32", "darwin") else "godot"


@pytest.fixture
def person(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The person's own data folder, for this test: what this process's environment names
    (and a game launched without a folder of its own inherits), empty."""
    home = tmp_path / "person"
    home.mkdir()
    for variable in launcher.DATA_HOME_VARIABLES:
        monkeypatch.setenv(variable, str(home))
    return home


@pytest.fixture
def own_saves(person: Path) -> Path:
    """The game's user:// in the person's own folder, holding a save of theirs."""
    folder = person / ENGINE_DIR / "app_userdata" / NAME
    folder.mkdir(parents=True)
    (folder / "save.txt").write_text("the person's own", encoding="utf-8")
    return folder


@pytest.fixture
def seed(tmp_path: Path) -> Path:
    folder = tmp_path / "seed"
    (folder / "slots").mkdir(parents=True)
    (folder / "save.txt").write_text("seeded", encoding="utf-8")
    (folder / "slots" / "1.txt").write_text("slot one", encoding="utf-8")
    return folder


def files(folder: Path) -> dict[str, str]:
    """The text of every file under ``folder`` but the engine's logs, by relative path."""
    found: dict[str, str] = {}
    for place, _folders, names in os.walk(folder):
        for name in names:
            path = Path(place) / name
            relative = path.relative_to(folder).as_posix()
            if not relative.startswith("logs/"):
                found[relative] = path.read_text(encoding="utf-8")
    return found


def user_dir(game: AgentClient) -> Path:
    return Path(game.hello()["user_data"]["path"])


def found(game: AgentClient) -> str:
    """What the game's save held when its scene started."""
    return str(game.get_property(MAIN, "found"))


def test_each_launch_has_an_empty_user_folder_of_its_own(person: Path) -> None:
    with AgentClient.launch(USER_DATA_GAME) as first, AgentClient.launch(USER_DATA_GAME) as second:
        for game, text in ((first, "first"), (second, "second")):
            assert game.session_dir is not None
            reported = game.hello()["user_data"]
            assert reported == game.info["user_data"], "bridge.json says the same"
            place = Path(reported["path"])
            inside = place.relative_to(game.session_dir / "user_data")
            assert reported["isolated"] and inside.parts[-2:] == ("app_userdata", NAME)
            assert found(game) == "" and files(place) == {}
            game.call_method(MAIN, "save", text)
        assert files(user_dir(first)) == {"save.txt": "first"}
        assert files(user_dir(second)) == {"save.txt": "second"}
    with AgentClient.launch(USER_DATA_GAME) as third:
        assert found(third) == "", "a new launch finds nothing of the ones before"
    assert list(person.iterdir()) == [], "the person's data folder is never made or touched"


def test_a_seeded_launch_finds_a_copy_and_the_seed_stays_as_it_was(
    person: Path, seed: Path
) -> None:
    before = {path: path.stat().st_mtime_ns for path in seed.rglob("*")}
    with AgentClient.launch(USER_DATA_GAME, user_data=seed) as game:
        assert found(game) == "seeded", "the copy is there before the game's _ready"
        game.call_method(MAIN, "save", "changed")
        assert files(user_dir(game)) == {"save.txt": "changed", "slots/1.txt": "slot one"}
    assert files(seed) == {"save.txt": "seeded", "slots/1.txt": "slot one"}
    assert {path: path.stat().st_mtime_ns for path in seed.rglob("*")} == before
    assert list(person.iterdir()) == []


def test_reset_empties_the_user_folder_and_seeds_it_again(person: Path, seed: Path) -> None:
    with AgentClient.launch(USER_DATA_GAME, user_data=seed) as game:
        place = user_dir(game)
        game.call_method(MAIN, "save", "changed")
        (place / "extra" / "deep").mkdir(parents=True)
        (place / "extra" / "deep" / "more.txt").write_text("more", encoding="utf-8")
        game.reset_game()
        assert found(game) == "seeded", "the fresh scene's _ready read the seed again"
        assert files(place) == {"save.txt": "seeded", "slots/1.txt": "slot one"}
        assert (place / "logs" / "godot.log").is_file(), "the engine's open log stays"
    with AgentClient.launch(USER_DATA_GAME) as game:
        game.call_method(MAIN, "save", "changed")
        game.reset_game()
        assert found(game) == "" and files(user_dir(game)) == {}
    assert list(person.iterdir()) == []


def test_a_reset_leaves_what_the_engine_made_before_the_game_ran(person: Path) -> None:
    # A rendering engine keeps its shader cache in user:// and writes it as it draws.
    with AgentClient.launch(USER_DATA_GAME, render=True) as game:
        place = user_dir(game)
        kept = game.hello()["user_data"]["kept"]
        assert {"logs", "shader_cache"} <= set(kept), kept
        game.call_method(MAIN, "save", "changed")
        game.screenshot()
        game.reset_game()
        assert sorted(entry.name for entry in place.iterdir()) == sorted(kept)
        game.screenshot()
        assert [e for e in game.event_log if e["type"] == "engine_error"] == []
    assert list(person.iterdir()) == []


@pytest.mark.skipif(sys.platform == "win32", reason="making a link needs a privilege there")
def test_reset_removes_a_link_and_leaves_what_it_led_to(person: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("kept", encoding="utf-8")
    with AgentClient.launch(USER_DATA_GAME) as game:
        place = user_dir(game)
        (place / "folder_link").symlink_to(outside, target_is_directory=True)
        (place / "file_link").symlink_to(outside / "keep.txt")
        game.reset_game()
        assert sorted(entry.name for entry in place.iterdir()) == ["logs"]
    assert files(outside) == {"keep.txt": "kept"}


def test_own_user_data_is_the_persons_folder_and_reset_leaves_it(own_saves: Path) -> None:
    with AgentClient.launch(USER_DATA_GAME, own_user_data=True) as game:
        assert game.hello()["user_data"] == {"path": str(own_saves), "isolated": False}
        assert found(game) == "the person's own"
        game.call_method(MAIN, "save", "mine")
        game.reset_game()
        assert found(game) == "mine", "a reset never empties the person's own folder"
    assert files(own_saves) == {"save.txt": "mine"}


def test_a_user_folder_the_engine_did_not_take_is_reported_and_left_alone(
    own_saves: Path,
) -> None:
    # The launch names a folder of its own; the engine's data folder (this process's, the
    # person's) is elsewhere, as on a platform that ignores the override.
    engine = launcher.find_godot()
    ensure_imported(USER_DATA_GAME, engine)
    name = f"user-data-{uuid.uuid4().hex[:8]}"
    home = launcher.private_sessions_root() / name / "user_data"
    argv = [str(engine), "--headless", "--path", str(USER_DATA_GAME), "--fixed-fps", "60"]
    try:
        with AgentClient.launch_command(
            [*argv, "--", f"--agent-user-dir={home}"], session=name
        ) as game:
            reported = game.info["user_data"]
            assert reported == {"path": str(own_saves), "isolated": False, "expected": str(home)}
            game.hello()
            (error,) = [e for e in game.event_log if e["type"] == "engine_error"]
            assert str(own_saves) in error["args"][1] and str(home) in error["args"][1]
            assert str(own_saves) in str(launcher.user_data_problem(game.info, home))
            game.reset_game()
            assert found(game) == "the person's own"
    finally:
        shutil.rmtree(home.parent, ignore_errors=True)
    assert files(own_saves) == {"save.txt": "the person's own"}, "neither emptied nor seeded"


def test_a_custom_user_folder_also_lands_in_the_launchs_own(person: Path, tmp_path: Path) -> None:
    project = tmp_path / "custom"
    shutil.copytree(USER_DATA_GAME, project, ignore=shutil.ignore_patterns(".godot", "addons"))
    text = (project / "project.godot").read_text(encoding="utf-8")
    (project / "project.godot").write_text(
        text.replace(
            'config/name="User data game"\n',
            'config/name="User data game"\nconfig/use_custom_user_dir=true\n'
            'config/custom_user_dir_name="UserDataSaves"\n',
        ),
        encoding="utf-8",
    )
    install(project)
    with AgentClient.launch(project) as game:
        assert game.session_dir is not None
        reported = game.hello()["user_data"]
        assert reported["isolated"]
        assert Path(reported["path"]) == game.session_dir / "user_data" / "UserDataSaves"
    assert list(person.iterdir()) == []


# Each test finds the seed, whichever ran first and saved over it.
SUITE = """
import pytest

@pytest.mark.parametrize("number", range(2))
def test_each_finds_the_seed_and_saves(game, number):
    assert game.get_property("/root/Main", "found") == "seeded"
    game.call_method("/root/Main", "save", f"test {number}'s")
"""


@pytest.mark.usefixtures("godot_for_inner_runs")
def test_a_suite_given_user_data_starts_every_test_from_it(
    pytester: pytest.Pytester, seed: Path
) -> None:
    pytester.makepyfile(test_saves=SUITE)
    result = pytester.runpytest_subprocess(
        "--godot-project",
        str(USER_DATA_GAME),
        "--agent-user-data",
        str(seed),
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
    )
    result.assert_outcomes(passed=2)
    assert files(seed) == {"save.txt": "seeded", "slots/1.txt": "slot one"}
