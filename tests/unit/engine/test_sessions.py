"""Which named session a command means without ``--session``: the one started for the project
the working folder is in, else the only one running; never a guess between several."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agent_client.engine import paths, sessions
from agent_client.errors import SessionError


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """``start(name, project, running=True)`` records a session in a private index; a session
    is running when its recorded start time says so."""
    monkeypatch.setattr(paths, "sessions_root", lambda: tmp_path / "root")
    monkeypatch.delenv(sessions.SESSION_ENV, raising=False)
    monkeypatch.setattr(sessions, "alive", lambda info: info["created"] == "running")

    def record(name: str, project: Path, running: bool = True) -> None:
        sessions.remember(
            name,
            {
                "pid": 1,
                "created": "running" if running else "gone",
                "dir": str(tmp_path / name),
                "project": str(project),
                "started": 0.0,
            },
        )

    return record


def game(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name
    (folder / "levels").mkdir(parents=True)
    (folder / "project.godot").write_text("config_version=5\n")
    return folder


def test_the_session_of_this_folders_project_wins(start: Any, tmp_path: Path) -> None:
    mine, theirs = game(tmp_path, "mine"), game(tmp_path, "theirs")
    start("mine", mine)
    start("theirs", theirs)  # started later: that no longer matters
    assert sessions.session_name(None, cwd=mine / "levels") == "mine"
    assert sessions.session_name(None, cwd=theirs) == "theirs"
    assert sessions.session_name("theirs", cwd=mine) == "theirs", "--session still decides"


def test_the_environment_names_a_session_too(
    start: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    start("mine", game(tmp_path, "mine"))
    monkeypatch.setenv(sessions.SESSION_ENV, "other")
    assert sessions.session_name(None, cwd=tmp_path) == "other"


def test_outside_any_project_the_only_running_session_is_meant(start: Any, tmp_path: Path) -> None:
    start("old", game(tmp_path, "old"), running=False)
    start("mine", game(tmp_path, "mine"))
    assert sessions.session_name(None, cwd=tmp_path) == "mine"
    assert sessions.session_name(None, cwd=game(tmp_path, "third")) == "mine"


def test_several_that_could_be_meant_are_listed_not_guessed(start: Any, tmp_path: Path) -> None:
    mine, theirs = game(tmp_path, "mine"), game(tmp_path, "theirs")
    start("mine", mine)
    start("theirs", theirs)
    with pytest.raises(SessionError) as outside:
        sessions.session_name(None, cwd=tmp_path)
    assert outside.value.code == "AMBIGUOUS_SESSION"
    assert str(outside.value) == (
        f"2 sessions running (this folder is in no project): mine ({mine}); theirs "
        f"({theirs}). Say which with --session NAME."
    )
    start("mine-2", mine)
    with pytest.raises(SessionError, match=r"2 sessions started for .*mine: mine \(.*mine-2 "):
        sessions.session_name(None, cwd=mine)
    with pytest.raises(SessionError, match=r"3 sessions running \(none for .*third\)"):
        sessions.session_name(None, cwd=game(tmp_path, "third"))


def test_none_running_is_no_session(start: Any, tmp_path: Path) -> None:
    start("old", game(tmp_path, "old"), running=False)
    with pytest.raises(SessionError, match="No session: start one") as none:
        sessions.session_name(None, cwd=tmp_path / "old")
    assert none.value.code == "NO_SESSION"


def test_the_project_is_found_walking_up(tmp_path: Path) -> None:
    folder = game(tmp_path, "mine")
    assert sessions.project_of(folder / "levels") == folder.resolve()
    assert sessions.project_of(tmp_path) is None
