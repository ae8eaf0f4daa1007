"""``record``, ``replay`` and ``codegen`` (docs/REPLAY.md): a person plays the game in a
window and the run becomes a replay file, or a pytest test; a replay file is played again and
its digests compared."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import sys
from pathlib import Path
from typing import Any

from agent_client.cli.output import show, show_json
from agent_client.cli.parser import game_time
from agent_client.wire.errors import AgentBridgeError, UsageError
from agent_client.wire.protocol import ARTIFACTS_DIR


def record_command(args: argparse.Namespace) -> int:
    """Opens the game in a window, in real time at the fixed frame rate, recording from
    frame 0; writes the file once the window closes (or on Ctrl-C)."""
    out = _out_file(args.out)
    with _window_game(args, record=True) as game:
        _tell("recording: play, then close the window (Ctrl-C stops too)")
        path = _played(game)
        recording = _move(path, out)
    replay = _summary(recording)
    if args.json:
        show_json({"file": str(recording), **replay})
    else:
        show(
            f"wrote {recording}: {replay['frames']} frames, {replay['inputs']} inputs, "
            f"{replay['bytes']} bytes, final digest {replay['digest']}\n"
            f"replay it: agent-bridge replay {recording} --check"
        )
    return 0


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
                "wall_seconds": result.wall_seconds,
                "speed": result.speed,
            }
        )
    else:
        show(result.describe())
    return 0 if result.ok else 1


def codegen_command(args: argparse.Namespace) -> int:
    """A person plays in a window; what they did becomes a pytest test."""
    from agent_client.client import codegen

    out = _out_file(args.out)
    if args.from_replay:
        codegen.write(Path(args.from_replay), out)
        show(f"wrote {out}")
        return 0
    keep = _out_file(args.keep_replay) if args.keep_replay else out.with_suffix(".replay.jsonl")
    with _window_game(args, record=False) as game:
        game.start_recording(annotate=True)
        _tell("recording for codegen: use the game, then close the window (Ctrl-C stops too)")
        recording = _move(_played(game), keep)
    source = codegen.write(recording, out)
    show(source if not args.json else "")
    show(f"wrote {out} (its recording: {recording})")
    return 0


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
        fixed_fps=clock.fps,
        seed=clock.seed,
        install=args.install,
        record=record,
    )
    try:
        yield game
    finally:
        game.close()


def _played(game: Any) -> Path:
    """Waits until the person closes the window (the bridge then finishes the file) or stops
    with Ctrl-C (the recording is stopped first); returns the finished file."""
    try:
        while game.process.wait_exit(0.2) is None:
            pass
    except KeyboardInterrupt:
        with contextlib.suppress(AgentBridgeError):
            game.request("record_stop")
    folder = Path(game.session_dir) / ARTIFACTS_DIR
    found = sorted(folder.glob("recording-*.replay.jsonl"), key=lambda path: path.stat().st_mtime)
    if not found:
        raise UsageError("NO_RECORDING", "The game wrote no recording (see its log).")
    return found[-1]


def _move(path: Path, out: Path) -> Path:
    shutil.move(path, out)
    return out


def _summary(path: Path) -> dict[str, Any]:
    from agent_client.client.replay_file import ReplayFile

    replay = ReplayFile.load(path)
    return {
        "frames": replay.end_frame - replay.start_frame,
        "inputs": replay.count("input"),
        "bytes": path.stat().st_size,
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
