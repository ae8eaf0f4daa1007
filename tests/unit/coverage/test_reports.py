"""Coverage data and its reports: runs merge by adding counts (and refuse two versions of a
script), keep to a file and back, and turn into an lcov tracefile (read by genhtml when it is
installed), a terminal table with missed ranges, and an offline HTML report."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent_client.coverage import CoverageData, DecisionCounts, ScriptCoverage, combine
from agent_client.coverage.terminal import missed_ranges
from agent_client.wire.errors import CoverageError
from tests.genhtml import genhtml

SOURCE = """\
extends Node

func hit(kind: String) -> int:
	if kind == "fire":
		return 2
	elif kind == "ice":
		return 1
	return 0
"""


def run(fire: int, ice: int, other: int) -> CoverageData:
    """The counts of hit() called with each kind that many times."""
    total = fire + ice + other
    script = ScriptCoverage(
        path="scripts/player.gd",
        sha256="abc",
        lines={4: total, 5: fire, 6: total - fire, 7: ice, 8: other},
        decisions=[
            DecisionCounts(4, "if", [("if", fire), ("elif:6", ice), ("(no branch)", other)])
        ],
        functions=[("hit", 3, total)],
        source=SOURCE,
    )
    return CoverageData(
        project="/games/demo",
        scripts={script.path: script},
        uncounted={"scripts/Enemy.cs": "a C# script: only GDScript is counted"},
    )


def test_runs_merge_by_adding_their_counts() -> None:
    total = combine([run(1, 0, 0), run(0, 2, 1)])
    script = total.scripts["scripts/player.gd"]
    assert script.lines == {4: 4, 5: 1, 6: 3, 7: 2, 8: 1}
    assert script.decisions[0].arms == [("if", 1), ("elif:6", 2), ("(no branch)", 1)]
    assert script.functions == [("hit", 3, 4)]
    assert total.uncounted == {"scripts/Enemy.cs": "a C# script: only GDScript is counted"}
    assert (total.lines, total.lines_hit, total.branches, total.branches_hit) == (5, 5, 3, 3)


def test_two_versions_of_a_script_do_not_merge() -> None:
    other = run(1, 0, 0)
    other.scripts["scripts/player.gd"].sha256 = "changed"
    with pytest.raises(CoverageError, match="differs between the runs") as raised:
        combine([run(1, 0, 0), other])
    assert raised.value.code == "COVERAGE_MISMATCH"


def test_data_keeps_to_a_file_and_back(tmp_path: Path) -> None:
    data = run(3, 1, 0)
    saved = data.save(tmp_path / "w1.agent-coverage.json")
    assert CoverageData.load(saved) == data
    assert combine([saved, saved]).scripts["scripts/player.gd"].lines[4] == 8
    (tmp_path / "other.json").write_text('{"format": "something else"}')
    with pytest.raises(ValueError, match=r"other\.json: not AgentBridge coverage data"):
        CoverageData.load(tmp_path / "other.json")


def test_without_leaves_paths_out() -> None:
    data = run(1, 1, 1)
    assert data.without(["scripts/*"]).scripts == {}
    assert data.without(["scripts/*"]).uncounted == {}
    assert data.scripts, "the original is untouched"


@pytest.mark.parametrize(
    "lines, ranges",
    [
        ({1: 0, 2: 0, 5: 0, 7: 1, 9: 0}, "1-5, 9"),
        ({3: 1, 4: 1}, ""),
        ({3: 0}, "3"),
        ({1: 0, 2: 1, 3: 0, 4: 0}, "1, 3-4"),
    ],
)
def test_missed_lines_read_as_ranges_over_the_counted_lines(
    lines: dict[int, int], ranges: str
) -> None:
    assert missed_ranges(lines) == ranges


def test_the_terminal_summary_has_a_row_per_script_a_total_and_the_uncounted() -> None:
    text = run(1, 0, 0).summary()
    lines = text.splitlines()
    assert lines[0].split() == [
        "Script",
        "Lines",
        "Miss",
        "Cover",
        "Branches",
        "BrMiss",
        "BrCover",
        "Missing",
    ]
    assert lines[2].split() == ["scripts/player.gd", "5", "3", "40%", "3", "2", "33%", "6-8"]
    assert lines[4].split() == ["TOTAL", "5", "3", "40%", "3", "2", "33%"]
    assert "Not counted:" in text and "scripts/Enemy.cs  a C# script" in text


def test_lcov_names_scripts_by_their_project_path() -> None:
    text = run(1, 0, 0).lcov()
    assert text.splitlines() == [
        "TN:",
        "SF:scripts/player.gd",
        "FN:3,hit",
        "FNDA:1,hit",
        "FNF:1",
        "FNH:1",
        "BRDA:4,0,0,1",
        "BRDA:4,0,1,0",
        "BRDA:4,0,2,0",
        "BRF:3",
        "BRH:1",
        "DA:4,1",
        "DA:5,1",
        "DA:6,0",
        "DA:7,0",
        "DA:8,0",
        "LF:5",
        "LH:2",
        "end_of_record",
    ]
    never = run(0, 0, 0).lcov()
    assert "BRDA:4,0,0,-" in never, "a decision never reached has no branch taken or not"


def test_genhtml_reads_the_lcov_file(tmp_path: Path) -> None:
    project = tmp_path / "game"
    (project / "scripts").mkdir(parents=True)
    (project / "scripts" / "player.gd").write_text(SOURCE)
    tracefile = run(1, 2, 0).write_lcov(tmp_path / "coverage.lcov")
    said = genhtml(tracefile, project, tmp_path / "out")
    assert "lines......: 80.0% (4 of 5 lines)" in said
    assert "branches...: 66.7% (2 of 3 branches)" in said


def test_the_html_report_has_an_index_and_a_page_per_script(tmp_path: Path) -> None:
    data = run(1, 0, 0)
    data.scripts["scripts/a <b>.gd"] = ScriptCoverage("scripts/a <b>.gd", "x", {1: 1}, source="x")
    index = data.write_html(tmp_path / "html")
    page = (tmp_path / "html" / "002-scripts_player.gd.html").read_text()
    text = index.read_text()
    assert 'href="002-scripts_player.gd.html"' in text and "scripts/a &lt;b&gt;.gd" in text
    assert "scripts/Enemy.cs</code>: a C# script" in text, "what was not counted is named"
    # Each line: its number, its count beside its source; the missed arms named.
    row = re.search(r'<tr class="part" id="L4">.*?</tr>', page)
    assert row is not None and "never: elif:6, (no branch)" in row.group()
    assert '<tr class="miss" id="L7">' in page and '<tr class="hit" id="L5">' in page
    assert '<tr class="" id="L1">' in page, "a line that is no code has no count"
    for html in (text, page):
        assert not re.search(r'(src|href)="(https?:)?//', html), "nothing loaded from elsewhere"
        assert "<script" not in html


def test_a_page_without_its_source_still_gives_the_counts(tmp_path: Path) -> None:
    data = run(1, 0, 0)
    data.scripts["scripts/player.gd"].source = ""
    data.write_html(tmp_path)
    page = (tmp_path / "001-scripts_player.gd.html").read_text()
    assert "The source counted is not here" in page and "4: 1, 5: 1, 6: 0" in page


def test_a_merge_that_is_refused_adds_nothing() -> None:
    total = run(1, 0, 0)
    changed = run(0, 2, 1).scripts["scripts/player.gd"]
    changed.sha256 = "changed"
    enemy = ScriptCoverage.from_json({**changed.to_json(), "path": "scripts/enemy.gd"})
    # The script that can be added comes first: it must not be added either.
    other = CoverageData(scripts={"scripts/enemy.gd": enemy, "scripts/player.gd": changed})
    with pytest.raises(CoverageError, match="differs between the runs"):
        total.merge(other)
    assert list(total.scripts) == ["scripts/player.gd"], "no script of the refused run added"
    assert total.scripts["scripts/player.gd"].lines[4] == 1
