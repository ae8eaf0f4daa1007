"""Record, replay and video figures (docs/REPLAY.md), one JSON line each:

- a person (the X server's own key events, xdotool, under a private Xvfb) plays a corpus game
  for 20 seconds in a rendered realtime window, recorded from frame 0; the file's size per
  minute of play; then ``replay --check`` three times: the same final digest each time, and
  the replay's speed against real time (headless, and rendering as the recording did);
- a video of 10 game seconds at 60 fps (Movie Maker): its frames counted in the AVI, and the
  cost of a frame with and without the video, rendering in both.

    python bench/bench_replay.py [--game pong|dodge_the_creeps] [--seconds 20]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agent_client import AgentClient
from agent_client.engine.addon import install
from bench.corpus_games import corpus_missing, prepared
from tests import xperson
from tests.avi import read_avi

REPO = Path(__file__).resolve().parents[1]
KEYS = {"pong": ["Up", "Down", "w", "s"], "dodge_the_creeps": ["Left", "Right", "Up", "Down"]}


def emit(**figure: object) -> None:
    print(json.dumps(figure), flush=True)


def record_and_replay(game_name: str, seconds: float, work: Path) -> None:
    project = prepared(game_name, work)
    replay_file = work / f"{game_name}.replay.jsonl"
    with (
        xperson.display(),
        AgentClient.launch(project, render=True, realtime=True, record=True) as game,
    ):
        assert game.process is not None
        window = xperson.window_of(game.process.pid)  # the game runs: it answered the launch
        if game_name == "dodge_the_creeps":
            xperson.xdotool("mousemove", "--window", window, "200", "200")
            xperson.xdotool("key", "Return")  # Start
        xperson.play_with_keys(window, KEYS[game_name], seconds)
        recording = game.stop_recording(replay_file)
    minutes = recording.frames / 60 / 60
    emit(
        what="replay file",
        game=game_name,
        frames=recording.frames,
        inputs=recording.inputs,
        bytes=recording.bytes,
        kib_per_minute=round(recording.bytes / 1024 / minutes, 1),
        digest=recording.digest,
    )
    for render in (False, True):
        for attempt in range(3 if not render else 1):
            result = AgentClient.replay(replay_file, check=True, render=render)
            emit(
                what="replay --check",
                game=game_name,
                render=render,
                attempt=attempt + 1,
                same=result.same,
                final_digest=result.ended["replayed"] if result.ended else None,
                recorded_digest=recording.digest,
                game_seconds=round(result.game_seconds, 2),
                wall_seconds=round(result.wall_seconds, 3),
                times_real_time=round(result.speed, 1),
                divergence=result.describe() if not result.same else None,
            )


def video(work: Path) -> None:
    game_folder = REPO / "tests" / "fixture_game"
    install(game_folder)
    costs: dict[str, float] = {}
    for label, path in (("without", None), ("with", work / "run.avi")):
        with AgentClient.launch(game_folder, render=True, video=path) as game:
            started = time.perf_counter()
            game.step(599)  # frame 599 runs as the game quits: 600 frames, 10 game seconds
            costs[label] = (time.perf_counter() - started) / 599 * 1000
    info = read_avi(work / "run.avi")
    emit(
        what="video of 10 game seconds at 60 fps",
        frames=info.frames,
        declared=info.declared_frames,
        size=f"{info.width}x{info.height}",
        bytes=(work / "run.avi").stat().st_size,
        frame_ms_rendering=round(costs["without"], 2),
        frame_ms_with_video=round(costs["with"], 2),
        video_cost_ms_per_frame=round(costs["with"] - costs["without"], 2),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pong", choices=sorted(KEYS))
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    if corpus_missing():
        return 2
    reason = xperson.available()
    with tempfile.TemporaryDirectory() as folder:
        if reason:
            emit(what="replay file", skipped=reason)
        else:
            record_and_replay(args.game, args.seconds, Path(folder))
        video(Path(folder))
    return 0


if __name__ == "__main__":
    sys.exit(main())
