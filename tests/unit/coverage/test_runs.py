"""A whole run's coverage, game by game (agent_client.coverage.runs): sessions of one game
add up, two games stay apart with a report folder each, another version of a script is left
out and said, saved counts come back, and report kinds are checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_client.coverage import CoverageData
from agent_client.coverage.runs import CoverageRuns, game_name, report_kinds
from tests.unit.coverage.test_reports import run


def of_game(data: CoverageData, project: str) -> CoverageData:
    data.project = project
    return data


def test_sessions_of_one_game_add_up() -> None:
    runs = CoverageRuns()
    runs.add(run(1, 0, 0))
    runs.add(run(0, 2, 1))
    assert list(runs.games) == ["demo"]
    assert runs.games["demo"].scripts["scripts/player.gd"].lines[7] == 2
    assert runs.totals() == "demo: 5/5 lines (100%), 3/3 branches"
    assert runs.problems == []


def test_two_games_stay_apart_each_with_its_own_reports(tmp_path: Path) -> None:
    runs = CoverageRuns()
    runs.add(of_game(run(1, 0, 0), "/games/first"))
    runs.add(of_game(run(0, 1, 0), "/ci/checkout/games/second"))
    assert sorted(runs.games) == ["first", "second"]
    written = runs.write(tmp_path, ("lcov", "html"))
    assert sorted(path.relative_to(tmp_path).as_posix() for path in written) == [
        "first/coverage.lcov",
        "first/html/index.html",
        "second/coverage.lcov",
        "second/html/index.html",
    ]
    assert "DA:5,1" in (tmp_path / "first" / "coverage.lcov").read_text()
    assert "DA:5,0" in (tmp_path / "second" / "coverage.lcov").read_text()
    assert runs.summary().startswith("first\nScript")


def test_another_version_of_a_script_is_left_out_and_said() -> None:
    runs = CoverageRuns()
    runs.add(run(1, 0, 0))
    changed = run(5, 5, 5)
    changed.scripts["scripts/player.gd"].sha256 = "edited"
    runs.add(changed, source="shard-2")
    assert runs.games["demo"].scripts["scripts/player.gd"].lines[4] == 1, "nothing half-added"
    assert len(runs.problems) == 1
    assert runs.problems[0].startswith("shard-2: left out: ")
    assert "Coverage left out:" in runs.summary()


def test_saved_counts_come_back_and_a_bad_file_is_said(tmp_path: Path) -> None:
    runs = CoverageRuns()
    runs.add(run(1, 2, 0))
    [saved] = runs.save(tmp_path)
    assert saved.name == "demo.agent-coverage.json"
    (tmp_path / "junk.agent-coverage.json").write_text("{}")
    again = CoverageRuns().load([saved, tmp_path / "junk.agent-coverage.json"])
    assert again.games["demo"] == runs.games["demo"]
    assert again.problems == [
        f"{tmp_path / 'junk.agent-coverage.json'}: not read: "
        f"{tmp_path / 'junk.agent-coverage.json'}: not AgentBridge coverage data"
    ]


def test_game_names_are_the_project_folders_made_safe() -> None:
    assert game_name("/games/Crystal Vault") == "Crystal-Vault"
    assert game_name("") == "game"
    assert game_name("/") == "game"


def test_report_kinds_are_checked() -> None:
    assert report_kinds("html, lcov") == ("html", "lcov")
    with pytest.raises(ValueError, match="term, lcov, html"):
        report_kinds("xml")
    with pytest.raises(ValueError):
        report_kinds("")
