"""``doctor``: the invariants AgentBridge promises, checked on one game (docs/COMPATIBILITY.md).

Two launches with the same seed, A and B. A answers ``hello`` and every reading command,
and reading changes nothing (its digest before and after); A and B have the same digest at
frame 0 and after ``frames`` frames (repeat); A reset is the launched A again at frame 0 and
after ``frames`` frames (reset); no error comes from the bridge's own scripts and every error
the engine logged reached the client as an event (errors); stopping leaves no process, no
leak report, and nothing written outside the session's folders (stop). Every difference is
named by node and field, with the likely cause found in the game's scripts.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_client.client.client import AgentClient
from agent_client.doctor import report as r
from agent_client.doctor.causes import ScriptIndex
from agent_client.doctor.footprint import Footprint
from agent_client.engine import launcher
from agent_client.engine.godot_import import ensure_imported
from agent_client.engine.process import is_running
from agent_client.wire.errors import AgentBridgeError, LaunchError
from agent_client.wire.protocol import LOG_FILE, Event

if TYPE_CHECKING:
    from agent_client.wire.answers import DigestAnswer, TreeNode

DEFAULT_FRAMES = 300
# The engine log's lines for errors it logged (push_error, script errors, engine errors).
LOGGED_ERROR = re.compile(r"^(?:USER )?(?:SCRIPT )?ERROR: (.*)$", re.MULTILINE)
# What the engine says at exit about objects and resources nothing freed.
LEAK_MARKS = ("leaked at exit", "still in use at exit")
ADDON_PREFIX = "res://addons/agent_bridge/"
READS = ("get_tree", "snapshot", "controls", "list_actions")


def examine(
    project: str | os.PathLike[str],
    *,
    godot: str | os.PathLike[str] | None = None,
    frames: int = DEFAULT_FRAMES,
    seed: int = 0,
    install: bool = False,
    timeout: float = 60.0,
    progress: Callable[[str], None] | None = None,
) -> r.Report:
    """Check the invariants on the Godot game in ``project``; see the module's docstring.

    Raises:
        LaunchError: the project has no bridge (and ``install`` is off), or cannot start.
        EngineNotFoundError: no engine found.
    """
    folder = Path(project).resolve()
    if launcher.project_kind(folder) != "godot":
        raise LaunchError(
            f"doctor checks Godot projects; {folder} is not one (a Unity game is not checked yet)."
        )
    launcher.ensure_addon(folder, install=install)
    engine = launcher.find_godot(godot)
    ensure_imported(folder, engine)
    footprint = Footprint(folder)
    scripts = ScriptIndex(folder)
    run = _Run(folder, engine, frames, seed, timeout, scripts, progress or (lambda _line: None))
    report = r.Report(str(folder), {"frames": frames, "seed": seed})
    try:
        run.check(report)
    finally:
        run.close()
    report.verdicts.append(run.stop_verdict(footprint))
    return report


class _Run:
    """The two games of one examination and what was seen of them."""

    def __init__(
        self,
        project: Path,
        engine: Path,
        frames: int,
        seed: int,
        timeout: float,
        scripts: ScriptIndex,
        progress: Callable[[str], None],
    ) -> None:
        self.project, self.engine, self.frames, self.seed = project, engine, frames, seed
        self.timeout, self.scripts, self.progress = timeout, scripts, progress
        self.games: list[AgentClient] = []
        self.pids: list[int] = []
        self.node_scripts: dict[str, str] = {}
        self.logs: list[str] = []

    def launch(self) -> AgentClient:
        game = AgentClient.launch(
            self.project, godot=self.engine, seed=self.seed, timeout=self.timeout
        )
        self.games.append(game)
        return game

    def check(self, report: r.Report) -> None:
        self.progress("launch A")
        started = time.perf_counter()
        a = self.launch()
        hello = a.hello()
        launched = time.perf_counter() - started
        report.facts["engine"] = hello.get("engine_version", "?")
        report.verdicts.append(
            r.Verdict(r.LAUNCH, True, f"hello answered {launched:.2f} s after the launch began")
        )
        a0 = a.digest(state=True)
        report.verdicts.append(self._read_verdict(a, a0))
        self.progress("launch B")
        b = self.launch()
        b0 = b.digest(state=True)
        self.progress(f"{self.frames} frames in A and B")
        a.step(self.frames)
        b.step(self.frames)
        a_end, b_end = a.digest(state=True), b.digest(state=True)
        report.verdicts.append(
            self._same(r.REPEAT, "two launches with the same seed", [(a0, b0), (a_end, b_end)])
        )
        self.progress("reset A")
        reset = self._reset_verdict(a, a0, a_end)
        report.verdicts.append(reset)
        report.verdicts.append(self._errors_verdict())

    def _read_verdict(self, game: AgentClient, before: DigestAnswer) -> r.Verdict:
        tree = game.get_tree(fields=["path", "script"])
        self.node_scripts = _scripts_by_path(tree)
        game.snapshot()
        game.controls()
        game.list_actions()
        after = game.digest(state=True)
        if after["digest"] == before["digest"]:
            return r.Verdict(
                r.READ, True, f"{', '.join(READS)} change nothing ({before['count']} nodes)"
            )
        return r.Verdict(
            r.READ,
            False,
            "reading the game changed it",
            self._explained(before["state"], after["state"]),
        )

    def _reset_verdict(
        self, game: AgentClient, launched: DigestAnswer, launched_end: DigestAnswer
    ) -> r.Verdict:
        try:
            game.reset_game()
        except AgentBridgeError as error:
            return r.Verdict(r.RESET, False, f"reset_game failed: {error}")
        reset0 = game.digest(state=True)
        game.step(self.frames)
        reset_end = game.digest(state=True)
        return self._same(
            r.RESET, "reset_game and the launch", [(launched, reset0), (launched_end, reset_end)]
        )

    def _same(
        self, name: str, what: str, pairs: list[tuple[DigestAnswer, DigestAnswer]]
    ) -> r.Verdict:
        """A verdict that the digests of each pair (frame 0, then after the frames) agree."""
        for (first, second), frame in zip(pairs, (0, self.frames), strict=True):
            if first["digest"] != second["digest"]:
                found = self._explained(first["state"], second["state"])
                return r.Verdict(
                    name, False, f"{what} differ at frame {frame}: {len(found)} node(s)", found
                )
        return r.Verdict(name, True, f"{what} give the same game at frames 0 and {self.frames}")

    def _explained(
        self, first: Mapping[str, Any], second: Mapping[str, Any]
    ) -> list[r.NodeDifference]:
        found = r.differences(first, second)
        for difference in found:
            difference.causes = self.scripts.causes_for(difference.path, self.node_scripts)
        return found

    def _errors_verdict(self) -> r.Verdict:
        """No error of the bridge's own; every error the engine logged arrived as an event."""
        events = [
            event
            for game in self.games
            for event in game.event_log
            if event.get("type") == "engine_error"
        ]
        messages = {str(event["args"][1]) for event in events}
        game_messages = {str(e["args"][1]) for e in events if not _from_bridge(e)}
        bridge = [e for e in events if _from_bridge(e) and str(e["args"][1]) not in game_messages]
        for game in self.games:
            assert game.session_dir is not None
            self.logs.append(_read(game.session_dir / LOG_FILE))
        logged = [message.strip() for log in self.logs for message in LOGGED_ERROR.findall(log)]
        unseen = sorted({message for message in logged if not _seen(message, messages)})
        details = [f"from the bridge: {e['args'][1]} ({e['args'][2]})" for e in bridge[:5]]
        details += [f"logged but never an event: {message}" for message in unseen[:5]]
        ok = not bridge and not unseen
        summary = (
            f"none from the bridge's own scripts; the game's {len(game_messages)} distinct "
            "error(s) arrived as events"
            if ok
            else f"{len(bridge)} from the bridge, {len(unseen)} logged but never an event"
        )
        if ok and game_messages:
            details.append(f"first: {sorted(game_messages)[0][:120]}")
        return r.Verdict(r.ERRORS, ok, summary, details=details)

    def close(self) -> None:
        self.pids = [game.process.pid for game in self.games if game.process is not None]
        for game in self.games:
            try:
                game.close()
            except AgentBridgeError:
                pass

    def stop_verdict(self, footprint: Footprint) -> r.Verdict:
        left = [pid for pid in self.pids if is_running(pid)]
        leaks = [
            line.strip()
            for game in self.games
            if game.session_dir is not None
            for line in _read(game.session_dir / LOG_FILE).splitlines()
            if any(mark in line for mark in LEAK_MARKS)
        ]
        written = footprint.changes()
        details = [f"still running: pid {pid}" for pid in left]
        details += [f"the engine at exit: {line}" for line in leaks[:3]]
        details += [f"written outside the session: {line}" for line in written[:8]]
        if not details:
            return r.Verdict(
                r.STOP, True, "no process left, no leak, nothing written outside the session"
            )
        return r.Verdict(r.STOP, False, "stopping left something behind", details=details)


def _scripts_by_path(tree: TreeNode) -> dict[str, str]:
    found: dict[str, str] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        if node.get("script"):
            found[str(node["path"])] = str(node["script"])
        stack.extend(node.get("children", []))
    return found


def _from_bridge(event: Event) -> bool:
    """Whether an engine error came from the bridge's own code (its innermost script frame)."""
    stack = event["args"][3] if len(event["args"]) > 3 else []
    return bool(stack) and str(stack[0].get("file", "")).startswith(ADDON_PREFIX)


def _seen(message: str, messages: set[str]) -> bool:
    return message in messages or any(message.startswith(seen) for seen in messages if seen)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
