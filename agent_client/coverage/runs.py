"""The coverage of a whole run, game by game: the counts of every session of one game add
up, and a run that launches several games (a ``conftest.py`` per folder) keeps each game's
counts and reports apart, since two games' ``scripts/player.gd`` are different files. What
the pytest plugin, ``agent-bridge report merge`` and the command line write.

    runs = CoverageRuns()
    runs.add(game.coverage())                  # per session; or runs.load(saved_files)
    print(runs.summary())
    runs.write("agent-coverage", ("lcov", "html"))
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from agent_client.coverage.data import DATA_SUFFIX, CoverageData
from agent_client.wire.errors import CoverageError

__all__ = ["LCOV_FILE", "REPORT_KINDS", "CoverageRuns", "game_name", "report_kinds"]

# The reports a run can write: the terminal table, an lcov tracefile, HTML pages.
REPORT_KINDS = ("term", "lcov", "html")
LCOV_FILE = "coverage.lcov"
HTML_DIR = "html"


def game_name(project: str) -> str:
    """The name a game's counts go by: its project folder's name (the same on every machine
    of a CI matrix, where the checkout's path may differ), made safe as a file name."""
    name = Path(project).name if project else ""
    return re.sub(r"[^\w.-]+", "-", name).strip("-.") or "game"


def report_kinds(spec: str) -> tuple[str, ...]:
    """``"html,lcov"`` as the kinds it names, in the order given.

    Raises:
        ValueError: a kind that is not one of :data:`REPORT_KINDS` (the message lists them).
    """
    kinds = tuple(part.strip() for part in spec.split(",") if part.strip())
    unknown = [kind for kind in kinds if kind not in REPORT_KINDS]
    if unknown or not kinds:
        raise ValueError(
            f"coverage reports are {', '.join(REPORT_KINDS)} (comma-separated), not {spec!r}"
        )
    return kinds


class CoverageRuns:
    """Counts by game (:func:`game_name`), and what could not be added, with why."""

    def __init__(self) -> None:
        self.games: dict[str, CoverageData] = {}
        self.problems: list[str] = []

    def add(self, data: CoverageData, *, source: str = "") -> None:
        """Adds a session's counts to its game's. Counts of another version of a script
        than the ones already added are left out, and said in :attr:`problems`."""
        name = game_name(data.project)
        try:
            self.games.setdefault(name, CoverageData()).merge(data)
        except CoverageError as error:
            self.problems.append(f"{source or name}: left out: {error}")

    def load(self, paths: Iterable[str | os.PathLike[str]]) -> CoverageRuns:
        """Adds saved counts (:meth:`save`'s files, :meth:`CoverageData.save`'s); a file
        that is not coverage data is said in :attr:`problems`. Returns self."""
        for path in paths:
            try:
                data = CoverageData.load(path)
            except (OSError, ValueError) as error:
                self.problems.append(f"{path}: not read: {error}")
                continue
            self.add(data, source=str(path))
        return self

    def merge(self, other: CoverageRuns) -> CoverageRuns:
        for data in other.games.values():
            self.add(data)
        self.problems += other.problems
        return self

    def save(self, folder: str | os.PathLike[str]) -> list[Path]:
        """Each game's counts as ``<game>.agent-coverage.json`` in ``folder``."""
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        return [data.save(target / f"{name}{DATA_SUFFIX}") for name, data in self.games.items()]

    def write(self, folder: str | os.PathLike[str], kinds: Sequence[str]) -> list[Path]:
        """The file reports ``kinds`` names (``lcov``, ``html``; ``term`` writes nothing) in
        ``folder``, or in a folder per game when there are several. Returns the files: the
        lcov tracefiles and the HTML index pages."""
        written: list[Path] = []
        for name, data in sorted(self.games.items()):
            target = self.place(folder, name)
            target.mkdir(parents=True, exist_ok=True)
            if "lcov" in kinds:
                written.append(data.write_lcov(target / LCOV_FILE))
            if "html" in kinds:
                written.append(data.write_html(target / HTML_DIR))
        return written

    def place(self, folder: str | os.PathLike[str], name: str) -> Path:
        """Where :meth:`write` puts a game's reports: ``folder``, or its subfolder ``name``
        when the run has several games (the HTML index is ``place/html/index.html``)."""
        return Path(folder) / name if len(self.games) > 1 else Path(folder)

    def line(self, name: str) -> str:
        """``crystal_vault: 409/779 lines (53%), 100/326 branches``."""
        return f"{name}: {self.games[name].totals()}"

    def totals(self) -> str:
        """:meth:`line` of every game, one a line."""
        return "\n".join(self.line(name) for name in sorted(self.games))

    def summary(self) -> str:
        """The terminal table of each game (under its name when there are several), then
        the problems."""
        parts = [
            (f"{name}\n" if len(self.games) > 1 else "") + data.summary()
            for name, data in sorted(self.games.items())
        ]
        if self.problems:
            parts.append("Coverage left out:\n" + "".join(f"  {p}\n" for p in self.problems))
        return "\n".join(parts)
