"""Lockstep game time on real games, with the machine busy: prints numbers, asserts nothing.

- dodge: a new user's three dodge_the_creeps tests (click Start; expect the hit; expect
  "Game Over" visible) run RUNS times as a whole pytest run each, while BUSY other processes
  keep the cores busy: passes, wall time per run, and the frame of the first hit.
- pong: a script plays the left paddle (read the ball, press, step 2 frames) to frame 3600,
  twice one after the other and twice at once: the digests at frames 600, 1200 and 3600.
- advance: 60 game seconds of pong in one wait (wall time, times real time), and the engine's
  CPU while held between requests.

Run: python bench/bench_lockstep.py [--runs 20] [--busy 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402
from bench.corpus_games import corpus_missing, prepared  # noqa: E402
from tests.agent.corpus.test_lockstep import DODGE_TESTS, play_pong  # noqa: E402

CHECKPOINTS = (600, 1200, 3600)


def spin() -> None:
    while True:
        pass


def dodge_runs(project: Path, workdir: Path, runs: int) -> dict:
    tests = workdir / "dodge_suite"
    tests.mkdir()
    record = tests / "hits.txt"
    (tests / "test_dodge.py").write_text(DODGE_TESTS.format(record=str(record)))
    env = {**os.environ, "GODOT_BIN": str(find_godot())}
    walls, passed, hits = [], 0, []
    for _ in range(runs):
        record.unlink(missing_ok=True)
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
             "--godot-project", str(project), str(tests)],
            cwd=tests, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        walls.append(time.perf_counter() - started)
        passed += done.returncode == 0 and "3 passed" in done.stdout
        hits += [int(line) for line in record.read_text().split()] if record.exists() else [-1]
    return {
        "runs": runs,
        "all_passed": passed,
        "wall_s_min": round(min(walls), 2),
        "wall_s_median": round(sorted(walls)[len(walls) // 2], 2),
        "wall_s_max": round(max(walls), 2),
        "first_hit_frames": sorted(set(hits)),
    }


def pong_digests(project: Path) -> dict:
    with AgentClient.launch(project) as one:
        first = play_pong(one, CHECKPOINTS)
    with AgentClient.launch(project) as two:
        second = play_pong(two, CHECKPOINTS)
    together: list[list[tuple[int, str]]] = [[], []]
    games = [AgentClient.launch(project), AgentClient.launch(project)]
    try:
        threads = [
            threading.Thread(
                target=lambda i=i: together[i].extend(play_pong(games[i], CHECKPOINTS))
            )
            for i in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        for game in games:
            game.close()
    return {
        "checkpoints": list(CHECKPOINTS),
        "digests": [digest for _, digest in first],
        "same_one_after_another": first == second,
        "same_at_once": together[0] == together[1] == first,
    }


def advance(project: Path) -> dict:
    import psutil

    with AgentClient.launch(project) as game:
        assert game.process is not None
        started = time.perf_counter()
        game.request("wait", {"frames": 3600}, timeout=120)
        wall = time.perf_counter() - started
        engine = psutil.Process(game.process.pid)
        engine.cpu_percent(None)
        time.sleep(3.0)
        held_cpu = engine.cpu_percent(None)
    return {
        "game_seconds": 60,
        "wall_s": round(wall, 2),
        "times_real_time": round(60 / wall, 1),
        "held_engine_cpu_percent": round(held_cpu, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="dodge suite runs (default 20)")
    parser.add_argument("--busy", type=int, default=2, help="busy processes meanwhile (2)")
    args = parser.parse_args()
    if corpus_missing():
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-lockstep-") as folder:
        workdir = Path(folder)
        dodge, pong = prepared("dodge_the_creeps", workdir), prepared("pong", workdir)
        idle = advance(pong)
        print(orjson.dumps({"bench": "lockstep_advance", "busy": 0, **idle}).decode())
        spinners = [multiprocessing.Process(target=spin, daemon=True) for _ in range(args.busy)]
        for spinner in spinners:
            spinner.start()
        try:
            busy = {"busy": args.busy}
            rows = [
                {"bench": "lockstep_advance", **busy, **advance(pong)},
                {"bench": "lockstep_pong", **busy, **pong_digests(pong)},
                {"bench": "lockstep_dodge", **busy, **dodge_runs(dodge, workdir, args.runs)},
            ]
        finally:
            for spinner in spinners:
                spinner.terminate()
        for row in rows:
            print(orjson.dumps(row).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
