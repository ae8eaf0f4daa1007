"""Likely causes of a difference between two runs of a game, read from its own scripts: a
read of the wall clock, an unseeded random generator, a thread, a setting or a node the
game adds at run time, audio or the network. A differing node is matched to the scripts that
can set it (its own, its ancestors', and those that name it), and to the causes in them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from agent_client.doctor.report import Cause

# The addon's own scripts are not the game's.
ADDON_FOLDER = "addons/agent_bridge"
# Hits of one script a difference names at most.
CAUSES_PER_NODE = 3
# Kinds of cause that make two runs differ (the others explain a reset's difference only).
VARYING = ("wall clock", "audio", "thread", "random", "network")


@dataclass(frozen=True)
class Pattern:
    kind: str
    regex: re.Pattern[str]
    what: str
    remedy: str


WALL_CLOCK_REMEDY = (
    "game time is frames in agent mode: read Engine.get_physics_frames() or sum the deltas, "
    "or show it only when not AgentBridge.agent_mode"
)
PATTERNS = [
    Pattern(
        "wall clock",
        re.compile(
            r"\b(Time\.get_(ticks_msec|ticks_usec|unix_time_from_system|datetime_\w+|"
            r"date_\w+|time_\w+)|OS\.get_(ticks_\w+|unix_time))\s*\("
        ),
        "reads the wall clock ({match})",
        WALL_CLOCK_REMEDY,
    ),
    Pattern(
        "wall clock",
        re.compile(r"\b(Engine\.get_frames_per_second|Performance\.get_monitor)\s*\("),
        "reads how fast this machine runs ({match})",
        "the value depends on the machine and its load: leave it out of what a test compares, "
        "or show it only when not AgentBridge.agent_mode",
    ),
    Pattern(
        "engine counter",
        re.compile(r"\bEngine\.get_(process_frames|physics_frames|frames_drawn)\s*\("),
        "reads the engine's own frame counter ({match}), which a reset does not set back",
        "count frames in the game's own variable, set in _ready",
    ),
    Pattern(
        "random",
        re.compile(r"\brandomize\s*\(\s*\)"),
        "seeds the random generator from the clock ({match})",
        "leave out randomize() in agent mode (the bridge seeds it: --agent-seed)",
    ),
    Pattern(
        "random",
        re.compile(r"\bRandomNumberGenerator\.new\s*\("),
        "makes its own random generator ({match}), which the bridge's seed does not reach",
        "seed it (rng.seed = a fixed number, or one derived from randi()) before use",
    ),
    Pattern(
        "thread",
        re.compile(r"\b(Thread\.new|WorkerThreadPool\.add_\w+|load_threaded_request)\s*\("),
        "runs work on another thread ({match}): its results arrive when the machine lets them",
        "wait for the thread's result before the frame that uses it (wait_to_finish)",
    ),
    Pattern(
        "audio",
        re.compile(
            r"\b(get_playback_position|get_time_since_last_mix|get_time_to_next_mix|"
            r"get_output_latency|AudioStreamGenerator\w*|get_magnitude_for_frequency_range|"
            r"push_frame|get_frames_available)\b"
        ),
        "follows the audio server ({match}), which plays on its own clock",
        "drive the game from frames in agent mode, not from the audio position",
    ),
    Pattern(
        "network",
        re.compile(
            r"\b(HTTPRequest|HTTPClient|WebSocketPeer|ENetMultiplayerPeer|PacketPeerUDP|"
            r"StreamPeerTCP|TCPServer|UDPServer|WebRTC\w+)\b"
        ),
        "talks over the network ({match})",
        "stub the peer in tests, or keep what it returns out of what a test compares",
    ),
    Pattern(
        "setting",
        re.compile(r"\bProjectSettings\.set_setting\s*\("),
        "changes a project setting at run time ({match})",
        "a reset puts project settings back; keep the change in the project file if it "
        "belongs to the launched game",
    ),
    Pattern(
        "outside the scene",
        re.compile(r"\b(get_tree\(\)\.(root|get_root\(\))\.add_child|root\.add_child)\b"),
        "adds a node outside its scene ({match})",
        "a reset frees nodes added to the root; add them from a scene's _ready",
    ),
]


@dataclass(frozen=True)
class Hit:
    """A cause found in a script: its kind, where, and the words matched."""

    pattern: Pattern
    script: str  # res://path.gd
    line: int
    match: str

    def cause(self) -> Cause:
        return Cause(
            kind=self.pattern.kind,
            where=f"{self.script}:{self.line}",
            what=self.pattern.what.format(match=self.match),
            remedy=self.pattern.remedy,
        )


class ScriptIndex:
    """The game's GDScript files (the bridge's own left out), their text and the causes in
    them, read once."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self.texts: dict[str, str] = {}
        for path in sorted(project.rglob("*.gd")):
            relative = path.relative_to(project).as_posix()
            if relative.startswith((ADDON_FOLDER + "/", ".godot/")):
                continue
            try:
                self.texts["res://" + relative] = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
        self.hits: dict[str, list[Hit]] = {
            script: _hits(script, text) for script, text in self.texts.items()
        }

    def causes_for(self, node_path: str, scripts: dict[str, str]) -> list[Cause]:
        """Likely causes of a difference in the node at ``node_path``: the hits in its own
        script and its ancestors' (``scripts``: node path -> script), then in scripts that
        name it (``$Name``, ``%Name``, ``"Name"``)."""
        chosen: list[str] = []
        parts = node_path.split("/")
        for end in range(len(parts), 1, -1):
            script = scripts.get("/".join(parts[:end]))
            if script and script not in chosen:
                chosen.append(script)
        name = parts[-1]
        if name and not name.startswith("@"):
            mention = re.compile(rf"(\$|%|[\"'/]){re.escape(name)}\b")
            chosen += [
                script
                for script, text in self.texts.items()
                if script not in chosen and mention.search(text)
            ]
        causes: list[Cause] = []
        for script in chosen:
            for hit in self.hits.get(script, []):
                cause = hit.cause()
                same = next(
                    (c for c in causes if (c.kind, c.what) == (cause.kind, cause.what)), None
                )
                if same is None:
                    causes.append(cause)
                elif same.where.rsplit(":", 1)[0] == script:
                    same.where += f", {hit.line}"  # the same read again: one cause, its lines
                else:
                    same.where += f", {cause.where}"
            if len(causes) >= CAUSES_PER_NODE:
                break
        if not causes:
            causes = self._anywhere()
        return causes[:CAUSES_PER_NODE]

    def _anywhere(self) -> list[Cause]:
        """The reads that vary from run to run anywhere in the game, for a node no script
        near it explains (a parent moved by a conductor that follows the music, say)."""
        found: list[Cause] = []
        for hits in self.hits.values():
            for hit in hits:
                if hit.pattern.kind in VARYING and not any(
                    c.kind == hit.pattern.kind for c in found
                ):
                    cause = hit.cause()
                    cause.what = "(not in a script near the node) " + cause.what
                    found.append(cause)
        return found

    def kinds(self) -> set[str]:
        """Every kind of cause the game's scripts hold."""
        return {hit.pattern.kind for hits in self.hits.values() for hit in hits}


def _hits(script: str, text: str) -> list[Hit]:
    found: list[Hit] = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("#", 1)[0]
        for pattern in PATTERNS:
            matched = pattern.regex.search(code)
            if matched:
                found.append(Hit(pattern, script, number, matched.group(0).rstrip("( ")))
    return found
