"""Every game of the corpus (61 real Godot projects nobody here wrote) through ``doctor``'s
invariants: it launches and answers in valid JSON, reading changes nothing, two launches with
the same seed repeat at frames 0 and 300, a reset gives the launched game at frames 0 and
300, no error comes from the bridge and the game's own errors arrive as events, stopping
leaves no process and nothing outside the session. What does not hold on a game is in
expectations.json with its node and cause; anything else fails here."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from agent_client.doctor import examine
from agent_client.engine.addon import install
from tests.agent.corpus.compatibility import (
    COMPATIBILITY,
    CORPUS,
    TABLE_END,
    TABLE_START,
    corpus_games,
    expectations,
    table,
    unexplained,
)

GAMES = corpus_games()


def _need_corpus() -> None:
    if GAMES:
        return
    message = f"the corpus is missing at {CORPUS}"
    if os.environ.get("AGENT_BRIDGE_REQUIRE_CORPUS") == "1":
        pytest.fail(message)
    pytest.skip(message)


@pytest.mark.parametrize("name", GAMES or ["(no corpus)"])
def test_a_real_game_keeps_the_promises_or_says_why(name: str, tmp_path: Path) -> None:
    _need_corpus()
    project = tmp_path / Path(name).name
    shutil.copytree(CORPUS / name, project)
    install(project)
    report = examine(project)
    problems = unexplained(report, expectations().get(name, {}))
    assert not problems, "\n".join([*problems, "", report.text()])


def test_the_expectations_name_only_games_of_the_corpus() -> None:
    _need_corpus()
    stale = sorted(set(expectations()) - set(GAMES))
    assert not stale, f"expectations for games not in the corpus: {stale}"


def test_the_compatibility_page_shows_the_expectations() -> None:
    _need_corpus()
    text = COMPATIBILITY.read_text(encoding="utf-8")
    shown = text.split(TABLE_START, 1)[1].split(TABLE_END, 1)[0].strip()
    assert shown == table(GAMES, expectations()), (
        "docs/COMPATIBILITY.md's table is out of date: run python -m tests.agent.corpus.write_table"
    )
