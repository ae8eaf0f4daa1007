"""Playing a replay file again (docs/REPLAY.md): launch the recorded project with the recorded
seed and frame rate in lockstep, send the file's lines in chunks to the bridge's ``replay``
command (which plays each frame's inputs and requests at that frame and compares the digests),
and say whether the game reached the recorded state, and if not, where it parted."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_client.connection.engine_errors import engine_errors
from agent_client.replay.file import CHUNK_BYTES, ReplayFile
from agent_client.wire.errors import ReplayFileError

# Launches a game: AgentClient.launch (passed in, so this module needs no client import).
Launch = Callable[..., Any]


def command_launch(launch_command: Launch, argv: Sequence[str]) -> Launch:
    """A ``launch`` for :func:`play` that starts ``argv`` (a Unity player, a test host) with
    ``launch_command`` (:meth:`AgentClient.launch_command`) instead of a Godot project: the
    recorded seed and frame rate in lockstep; the project folder and ``render`` are the
    command's own business (a Unity player renders unless ``-batchmode -nographics``)."""

    def launch(
        _project: Any,
        *,
        realtime: bool = False,
        fps: int,
        seed: int,
        render: bool = False,
        **options: Any,
    ) -> Any:
        return launch_command(list(argv), realtime=realtime, fps=fps, seed=seed, **options)

    return launch


@dataclass
class ReplayResult:
    """What a replay did.

    Attributes:
        path: The replay file.
        frames: Frames replayed.
        checks: Checkpoints compared.
        mismatches: Checkpoints whose digest differed.
        divergence: The first that differed: ``frame``, ``recorded`` and ``replayed``
            digests, and, when it could be told, the ``node`` (``kind``: ``changed``,
            ``missing`` or ``extra``), its ``property`` and the replayed ``value``.
        ended: The end line's comparison: ``frame``, ``recorded``, ``replayed``, ``same``.
        failures: Replayed requests that failed: ``n``, ``frame``, ``cmd``, ``code``, ``error``.
        engine_errors: The engine errors the game logged while replaying (their messages).
        wall_seconds: Time the replay took (the launch not counted).
        game_seconds: Game time replayed.
        stopped_early: A check stopped the replay (``check=True``) before the end.
        dropped_before_start: A person's inputs that reached the game before frame 0 (the
            window was just opening): counted in the header, not replayable.
        notes: What of the file was read other than as written (:attr:`ReplayFile.notes`):
            a cut last line skipped, a missing end line, lines before the header.
    """

    path: Path
    frames: int = 0
    checks: int = 0
    mismatches: int = 0
    divergence: dict[str, Any] | None = None
    ended: dict[str, Any] | None = None
    failures: list[dict[str, Any]] = field(default_factory=list)
    engine_errors: list[str] = field(default_factory=list)
    wall_seconds: float = 0.0
    game_seconds: float = 0.0
    stopped_early: bool = False
    dropped_before_start: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def same(self) -> bool:
        """Every checkpoint and the end matched."""
        return self.mismatches == 0 and self.ended is not None and bool(self.ended.get("same"))

    @property
    def ok(self) -> bool:
        """The same state, and no engine error on the way."""
        return self.same and not self.engine_errors

    @property
    def speed(self) -> float:
        """Game seconds replayed per wall second (how many times faster than real time)."""
        return self.game_seconds / self.wall_seconds if self.wall_seconds > 0 else 0.0

    def describe(self) -> str:
        """One paragraph: matched, or where it parted and what the game logged."""
        parts: list[str] = []
        if self.same:
            assert self.ended is not None
            head = (
                f"Replayed {self.frames} frames ({self.game_seconds:.1f} game s in "
                f"{self.wall_seconds:.2f} s, x{self.speed:.1f}): the same state at every "
                f"checkpoint ({self.checks})"
            )
            parts.append(
                f"{head} and at the end, digest {self.ended['replayed']}."
                if self.ended.get("recorded")
                else f"{head}; the recording's end has no digest (the game was going away), so "
                "the last checkpoint was the last comparison."
            )
        elif self.divergence is not None:
            parts.append(describe_divergence(self.divergence))
        elif self.ended is None:
            parts.append(f"The replay stopped at frame {self.frames} before its end.")
        if not self.same and self.dropped_before_start:
            parts.append(
                f"The recording left out {self.dropped_before_start} input(s) that reached the "
                "game before frame 0 (the window was just opening): wait for the game to run "
                "before playing."
            )
        parts += [f"Read from the file: {note}" for note in self.notes]
        if self.failures:
            first = self.failures[0]
            parts.append(
                f"{len(self.failures)} replayed request(s) failed; the first, {first['cmd']} at "
                f"frame {first['frame']}: {first['code']} {first['error']}"
            )
        if self.engine_errors:
            parts.append(
                f"The game logged {len(self.engine_errors)} engine error(s) while replaying; "
                f"the first: {self.engine_errors[0]}"
            )
        return "\n".join(parts)


def describe_divergence(divergence: dict[str, Any]) -> str:
    """A sentence naming the frame, the node and the property where a replay parted."""
    frame = int(divergence["frame"])
    head = (
        f"Diverged at frame {frame}: the game's digest is {divergence['replayed']}, the "
        f"recording's {divergence['recorded']}"
    )
    node = divergence.get("node")
    kind = divergence.get("kind")
    if node is None:
        return head + " (no node's fields tell which: a hash collision)."
    if kind == "missing":
        return f"{head}; first difference: {node} is gone in the replay."
    if kind == "extra":
        return f"{head}; first difference: {node} exists only in the replay."
    prop = divergence.get("property")
    value = divergence.get("value")
    shown = f" (now {value!r})" if "value" in divergence else ""
    return f"{head}; first difference: {node}, property {prop}{shown}."


def play(
    launch: Launch,
    path: str | os.PathLike[str],
    *,
    project: str | os.PathLike[str] | None = None,
    check: bool = False,
    render: bool | None = None,
    godot: str | os.PathLike[str] | None = None,
    allow_other_engine: bool = False,
    launch_options: dict[str, Any] | None = None,
) -> ReplayResult:
    """Replays a file: :meth:`AgentClient.replay` (which passes its own ``launch``).
    ``render`` None renders when the recording did: a renderer draws numbers from the
    engine's global random generator (GPU particles seed themselves every frame), so a game
    recorded in a window replays exactly only rendering.

    Raises:
        ReplayFileError: the file cannot be played (see :meth:`ReplayFile.load`), its project
            is not there or is another game, or it was recorded by another engine version.
    """
    replay = ReplayFile.load(path)
    header = replay.header
    folder = _project_folder(replay, project)
    options: dict[str, Any] = {
        "realtime": False,
        "fps": replay.fps,
        "seed": int(header["seed"]),
        "render": bool(header.get("rendered", False)) if render is None else render,
        **(launch_options or {}),
    }
    if godot is not None:
        options["godot"] = godot
    scene = header.get("scene")
    if header["engine"] == "godot" and isinstance(scene, str) and scene.startswith("res://"):
        options["scene"] = scene
    game = launch(folder, **options)
    try:
        recorded = str(header["engine_version"])
        running = str(game.info.get("engine_version", ""))
        if running != recorded and not allow_other_engine:
            raise ReplayFileError(
                f"{replay.path} was recorded with {header['engine']} {recorded}; this engine is "
                f"{running}. Another build may compute other floats; pass "
                "allow_other_engine=True (--allow-other-engine) to replay anyway."
            )
        return _feed(game, replay, check=check)
    finally:
        game.close()


def _feed(game: Any, replay: ReplayFile, *, check: bool) -> ReplayResult:
    result = ReplayResult(replay.path)
    result.dropped_before_start = int(replay.header.get("dropped_before_start", 0) or 0)
    result.notes = list(replay.notes)
    started = time.perf_counter()
    if replay.start_frame > game.last_frame:
        game.step(replay.start_frame - game.last_frame)
    first = True
    for lines, until, final in replay.chunks(CHUNK_BYTES):
        args: dict[str, Any] = {"lines": lines, "until": until, "final": final, "check": check}
        if first:
            args["window"] = replay.header["window"]
            first = False
        frames = max(until - game.last_frame, 1)
        answer = game.request(
            "replay", args, timeout=game.connection.timeout_for_wait(frames * 1000 / replay.fps)
        )
        result.checks = int(answer["checks"])
        result.mismatches = int(answer["mismatches"])
        result.divergence = answer.get("divergence")
        result.ended = answer.get("ended")
        result.failures = list(answer.get("failures") or [])
        if answer.get("stopped") and not final:
            result.stopped_early = True
            break
    result.wall_seconds = time.perf_counter() - started
    result.frames = game.last_frame - replay.start_frame
    result.game_seconds = result.frames / replay.fps
    result.engine_errors = [error.message for error in engine_errors(game.event_log)]
    return result


def _project_folder(replay: ReplayFile, project: str | os.PathLike[str] | None) -> Path:
    """The game to replay into: ``project``, else the folder the recording names; checked to
    be the recorded game (by its name)."""
    recorded = replay.header.get("project_path")
    if project is None and not recorded:
        raise ReplayFileError(f"{replay.path} names no project folder: pass project=...")
    folder = Path(project if project is not None else str(recorded))
    settings = folder / "project.godot"
    if replay.header["engine"] != "godot":
        return folder
    if not settings.is_file():
        raise ReplayFileError(
            f"{folder} is no Godot project (no project.godot): pass the recorded game's folder "
            "(project=..., --project)."
        )
    name = _project_name(settings.read_text(encoding="utf-8", errors="replace"))
    if name != replay.header["project"]:
        raise ReplayFileError(
            f"{replay.path} is a recording of {replay.header['project']!r}; {folder} is "
            f"{name!r}. Replay it into the game it was recorded in."
        )
    return folder


def _project_name(text: str) -> str:
    found = re.search(r'^config/name\s*=\s*"((?:[^"\\]|\\.)*)"', text, re.MULTILINE)
    return found.group(1).replace('\\"', '"') if found else ""
