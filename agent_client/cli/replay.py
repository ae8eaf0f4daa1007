"""``record``, ``replay`` and ``codegen`` (docs/REPLAY.md): a person plays the game in a
window and the run becomes a replay file, or a pytest test; a replay file is played again and
its digests compared. However the game ends (its window closed, Ctrl-C, the game quitting by
itself, a crash), what was recorded is kept; exit 0 when the recording is whole, 1 when the
game went before the recording could end (a crash): the file is still written and replays up
to where it stops."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agent_client.cli.output import show, show_json
from agent_client.cli.parser import game_time
from agent_client.presentation.errors import UsageError
from agent_client.wire.errors import AgentBridgeError
from agent_client.wire.protocol import ARTIFACTS_DIR

if TYPE_CHECKING:
    from agent_client.replay.file import ReplayFile


@dataclass(frozen=True)
class _Played:
    """How a person's session ended: the recording the game left, the game's exit code (None
    when it still ran: Ctrl-C stopped the recording) and, when it failed, its log's last lines
    (the session folder and the log go with the game)."""

    path: Path
    exit_code: int | None
    log_tail: str


def record_command(args: argparse.Namespace) -> int:
    """Opens the game in a window, in real time at the fixed frame rate, recording from
    frame 0; writes the file once the game ends (its window closed, Ctrl-C, the game quitting
    or crashing)."""
    from agent_client.replay.file import ReplayFile

    out = _out_file(args.out)
    with _window_game(args, record=True) as game:
        _tell("recording: play, then close the window (Ctrl-C stops too)")
        played = _played(game)
        recording = _move(played.path, out)
    replay = ReplayFile.load(recording)
    summary = _summary(replay)
    if args.json:
        show_json({"file": str(recording), **summary, "notes": replay.notes})
    else:
        show(
            f"wrote {recording}: {summary['frames']} frames, {summary['inputs']} inputs, "
            f"{summary['bytes']} bytes, final digest {summary['digest'] or '(none)'}\n"
            f"replay it: agent-bridge replay {recording} --check"
        )
    return _ending(played, replay)


def replay_command(args: argparse.Namespace) -> int:
    """Replays a file; exit 0 when the game reached the recorded state, 1 when it did not."""
    from agent_client.client.client import AgentClient

    render = True if args.render else False if args.headless else None
    result = AgentClient.replay(
        args.file,
        project=args.project,
        check=args.check,
        render=render,
        godot=args.godot,
        allow_other_engine=args.allow_other_engine,
    )
    if args.json:
        show_json(
            {
                "same": result.same,
                "frames": result.frames,
                "checks": result.checks,
                "mismatches": result.mismatches,
                "divergence": result.divergence,
                "ended": result.ended,
                "failures": result.failures,
                "engine_errors": result.engine_errors,
                "notes": result.notes,
                "wall_seconds": result.wall_seconds,
                "speed": result.speed,
            }
        )
    else:
        show(result.describe())
    return 0 if result.ok else 1


def codegen_command(args: argparse.Namespace) -> int:
    """A person plays in a window; what they did becomes a pytest test."""
    from agent_client.replay import codegen
    from agent_client.replay.file import ReplayFile

    out = _out_file(args.out)
    if args.from_replay:
        codegen.write(ReplayFile.load(args.from_replay), out)
        show(f"wrote {out}")
        return 0
    keep = _out_file(args.keep_replay) if args.keep_replay else out.with_suffix(".replay.jsonl")
    with _window_game(args, record=False) as game:
        game.start_recording(annotate=True)
        _tell("recording for codegen: use the game, then close the window (Ctrl-C stops too)")
        played = _played(game)
        recording = _move(played.path, keep)
    replay = ReplayFile.load(recording)
    source = codegen.write(replay, out)
    show(source if not args.json else "")
    show(f"wrote {out} (its recording: {recording})")
    return _ending(played, replay)


@contextlib.contextmanager
def _window_game(args: argparse.Namespace, *, record: bool) -> Any:
    from agent_client.client.client import AgentClient

    clock = game_time(args, realtime=True)
    game = AgentClient.launch(
        Path(args.project).resolve(),
        godot=args.godot,
        scene=args.scene,
        render=True,
        realtime=clock.realtime,
        fps=clock.fps,
        seed=clock.seed,
        install=args.install,
        record=record,
    )
    try:
        yield game
    finally:
        game.close()


def _played(game: Any) -> _Played:
    """Waits until the game ends (its window closed: the bridge then finishes the file; the
    game quit or crashed) or the person stops with Ctrl-C (the recording is stopped first).

    Raises:
        UsageError: the game ended before its recording began (nothing was written).
    """
    try:
        while game.process.wait_exit(0.2) is None:
            pass
    except KeyboardInterrupt:
        with contextlib.suppress(AgentBridgeError):
            game.request("record_stop")
    from agent_client.engine.launcher import log_tail

    code = game.process.exit_code()
    tail = log_tail(game.process.log_path) if code not in (None, 0) else ""
    folder = Path(game.session_dir) / ARTIFACTS_DIR
    found = sorted(folder.glob("recording-*.replay.jsonl"), key=lambda path: path.stat().st_mtime)
    if not found or found[-1].stat().st_size == 0:
        ended = f"The game ended (exit code {code}) before" if code is not None else "Before"
        raise UsageError(
            "NO_RECORDING", f"{ended} its first frame: nothing was recorded.\n{tail}".strip()
        )
    return _Played(found[-1], code, tail)


def _ending(played: _Played, replay: ReplayFile) -> int:
    """Says what the file holds other than as written; 0 when the recording ended as a person
    ends one (it has its end line), 1 when the game went first (a crash: the file is kept)."""
    for note in replay.notes:
        _tell(f"note: {note}")
    if replay.end.get("reason") != "interrupted":
        return 0
    _tell(
        f"the game ended (exit code {played.exit_code}) before its recording could: the file "
        f"is kept and replays up to frame {replay.end_frame}; the game's log ends:\n"
        f"{played.log_tail}"
    )
    return 1


def _move(path: Path, out: Path) -> Path:
    shutil.move(path, out)
    return out


def _summary(replay: ReplayFile) -> dict[str, Any]:
    return {
        "frames": replay.end_frame - replay.start_frame,
        "inputs": replay.count("input"),
        "bytes": replay.path.stat().st_size,
        "digest": replay.end.get("digest", ""),
    }


def _out_file(name: str) -> Path:
    out = Path(name).absolute()
    if not out.parent.is_dir():
        raise UsageError("BAD_ARGS", f"Cannot write {out}: {out.parent} is no folder.")
    return out


def _tell(text: str) -> None:
    sys.stderr.write(text + "\n")
    sys.stderr.flush()
