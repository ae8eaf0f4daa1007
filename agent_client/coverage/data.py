"""Coverage as counts: per script, how often each line ran, each branch was taken and each
function was entered; and the scripts nobody could count, with why. Runs merge by adding
their counts (xdist workers, shards, several launches), and a run keeps to a JSON file.

    data = game.coverage()                     # CoverageData of one session
    data.save("worker-1.agent-coverage.json")
    total = combine(["worker-1.agent-coverage.json", "worker-2.agent-coverage.json"])
    print(total.summary())                     # per script: lines, hit, missed ranges
    total.write_lcov("coverage.lcov")          # SF:scripts/player.gd, DA, BRDA, FN lines
    total.write_html("coverage-html")          # index.html and a page per script
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from agent_client.coverage import lcov, terminal
from agent_client.coverage.counts import ScriptCoverage

__all__ = ["DATA_SUFFIX", "CoverageData", "combine"]

FORMAT = "agent-bridge-coverage"
VERSION = 1
# What a saved run's file name ends with (the pytest plugin's and the shards' files).
DATA_SUFFIX = ".agent-coverage.json"


@dataclass
class CoverageData:
    """The counts of one or more runs of a game: ``scripts`` by path relative to the project,
    and ``uncounted``: path -> why it was not counted (it failed to instrument, it is C#,
    it is built into a scene...). ``project`` is the game's folder, when known."""

    project: str = ""
    scripts: dict[str, ScriptCoverage] = field(default_factory=dict)
    uncounted: dict[str, str] = field(default_factory=dict)

    # --- totals --------------------------------------------------------------------------------

    @property
    def lines(self) -> int:
        return sum(len(script.lines) for script in self.scripts.values())

    @property
    def lines_hit(self) -> int:
        return sum(script.lines_hit for script in self.scripts.values())

    @property
    def branches(self) -> int:
        return sum(script.branches for script in self.scripts.values())

    @property
    def branches_hit(self) -> int:
        return sum(script.branches_hit for script in self.scripts.values())

    def percent(self) -> float:
        """Lines hit out of the lines counted, in percent (100 with no lines)."""
        return 100.0 * self.lines_hit / self.lines if self.lines else 100.0

    def totals(self) -> str:
        """``409/779 lines (53%), 100/326 branches``."""
        return (
            f"{self.lines_hit}/{self.lines} lines ({self.percent():.0f}%), "
            f"{self.branches_hit}/{self.branches} branches"
        )

    # --- combining -----------------------------------------------------------------------------

    def merge(self, other: CoverageData) -> CoverageData:
        """Adds ``other``'s counts to these (in place; returns self).

        Raises:
            CoverageError: (``COVERAGE_MISMATCH``) a script's source differs between the two;
                nothing was added then.
        """
        for path, script in other.scripts.items():  # all checked before any is added
            mine = self.scripts.get(path)
            if mine is not None and mine.sha256 != script.sha256:
                mine.add(script)  # raises, naming the script
        for path, script in other.scripts.items():
            mine = self.scripts.get(path)
            if mine is None:
                self.scripts[path] = ScriptCoverage.from_json(script.to_json())
            else:
                mine.add(script)
        for path, reason in other.uncounted.items():
            self.uncounted.setdefault(path, reason)
        self.project = self.project or other.project
        return self

    def without(self, patterns: Sequence[str]) -> CoverageData:
        """A copy without the scripts whose path matches one of ``patterns`` (``addons/*``)."""
        kept = CoverageData(project=self.project)
        kept.merge(self)
        for path in list(kept.scripts) + list(kept.uncounted):
            if any(fnmatch.fnmatch(path, pattern) for pattern in patterns):
                kept.scripts.pop(path, None)
                kept.uncounted.pop(path, None)
        return kept

    # --- files ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "project": self.project,
            "scripts": [self.scripts[path].to_json() for path in sorted(self.scripts)],
            "uncounted": dict(sorted(self.uncounted.items())),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> CoverageData:
        """
        Raises:
            ValueError: not coverage data of this format.
        """
        if not isinstance(raw, dict) or raw.get("format") != FORMAT:
            raise ValueError("not AgentBridge coverage data")
        if raw.get("version") != VERSION:
            raise ValueError(f"coverage data of version {raw.get('version')}, not {VERSION}")
        scripts = [ScriptCoverage.from_json(script) for script in raw["scripts"]]
        return cls(
            project=raw.get("project", ""),
            scripts={script.path: script for script in scripts},
            uncounted=dict(raw.get("uncounted", {})),
        )

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Writes the data as JSON (to a temporary name, then renamed); returns the path."""
        target = Path(path)
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_bytes(orjson.dumps(self.to_json()))
        temporary.replace(target)
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> CoverageData:
        """
        Raises:
            ValueError: the file is not coverage data (the message names it).
        """
        try:
            return cls.from_json(orjson.loads(Path(path).read_bytes()))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(f"{path}: {error}") from error

    # --- reports -------------------------------------------------------------------------------

    def summary(self) -> str:
        """The terminal report: per script, its lines, misses, percent, branches and missed
        lines as ranges; then the scripts not counted, with why."""
        return terminal.summary(self)

    def lcov(self) -> str:
        """The data as an lcov tracefile (``SF:`` paths relative to the project)."""
        return lcov.lcov(self)

    def write_lcov(self, path: str | os.PathLike[str]) -> Path:
        target = Path(path)
        target.write_text(self.lcov(), encoding="utf-8")
        return target

    def write_html(self, folder: str | os.PathLike[str]) -> Path:
        """An offline report: ``index.html`` and a page per script with the count beside each
        line (no external assets). Returns the index page."""
        from agent_client.coverage.html import write_html

        return write_html(self, Path(folder))


def combine(runs: Iterable[CoverageData | str | os.PathLike[str]]) -> CoverageData:
    """One run's worth of counts from many: data or saved files (xdist workers, shards).

    Raises:
        CoverageError: (``COVERAGE_MISMATCH``) a script's source differs between two runs.
        ValueError: a file is not coverage data.
    """
    total = CoverageData()
    for run in runs:
        total.merge(run if isinstance(run, CoverageData) else CoverageData.load(run))
    return total
