"""A fresh game per test without a relaunch: prints numbers, asserts nothing.

- suite: a generated suite of 200 tests over two corpus games (100 on dodge_the_creeps, 100 on
  pong), run with a new launch per test (--agent-relaunch) and with the warm game reset
  between tests (the default), on one worker and with -n 2: wall time of each run.
- reset: the time of one `reset_game` round trip (p50, p99) on each game, over many resets.
- isolation: tests/reset_game's isolation suite (10 tests that each find a fresh game, then
  change autoloads, statics, the input map, project settings...) run RUNS times, each in
  another random order: how many runs passed.

Run: python bench/bench_reset.py [--tests 100] [--resets 200] [--runs 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402
from bench.corpus_games import corpus_missing, prepared  # noqa: E402
from tests.agent.test_reset import ISOLATION_TESTS, SHUFFLE  # noqa: E402

RESET_GAME = REPO / "tests" / "reset_game"
# One test body per game: short plays, as a studio's suite has hundreds of.
BODIES = {
    "dodge_the_creeps": """
def test_dodge_{number}(game):
    game.get_by_role("button", name="Start").click()
    expect(game).to_emit("start_game")
    game.hold(action="move_right", frames={frames})
""",
    "pong": """
def test_pong_{number}(game):
    game.hold(action="left_move_up", frames={frames})
    assert game.get_property("/root/Pong/Ball", "position")["x"] != 320
""",
}


def write_suite(folder: Path, name: str, count: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    body = "from agent_client import expect\n" + "".join(
        BODIES[name].format(number=number, frames=10 + number % 20) for number in range(count)
    )
    (folder / f"test_{name}.py").write_text(body)
    return folder


def run_suite(folder: Path, project: Path, *options: str) -> tuple[float, bool]:
    env = {**os.environ, "GODOT_BIN": str(find_godot())}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "--godot-project", str(project), *options, str(folder)],
        cwd=folder, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return time.perf_counter() - started, done.returncode == 0


def reset_times(project: Path, resets: int) -> dict:
    times = []
    with AgentClient.launch(project) as game:
        game.reset_game()  # the first reset also finds the project's scripts
        for _ in range(resets):
            started = time.perf_counter()
            game.reset_game()
            times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return {
        "resets": resets,
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(times[int(len(times) * 0.99) - 1], 2),
    }


def isolation(workdir: Path, runs: int) -> dict:
    folder = workdir / "isolation"
    folder.mkdir()
    (folder / "test_isolation.py").write_text(ISOLATION_TESTS)
    (folder / "conftest.py").write_text(SHUFFLE)
    install(RESET_GAME)
    passed = 0
    for order in range(runs):
        env = {**os.environ, "GODOT_BIN": str(find_godot()), "ORDER_SEED": str(order)}
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
             "--godot-project", str(RESET_GAME), str(folder)],
            cwd=folder, env=env, capture_output=True, text=True, check=False,
        )  # fmt: skip
        passed += done.returncode == 0 and "10 passed" in done.stdout
    return {"runs": runs, "tests_per_run": 10, "runs_passed": passed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tests", type=int, default=100, help="tests per game (default 100)")
    parser.add_argument("--resets", type=int, default=200, help="resets timed (default 200)")
    parser.add_argument("--runs", type=int, default=10, help="isolation runs (default 10)")
    args = parser.parse_args()
    if corpus_missing():
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-reset-") as folder:
        workdir = Path(folder)
        games = {name: prepared(name, workdir) for name in BODIES}
        for name, project in games.items():
            row = {"bench": "reset_time", "game": name, **reset_times(project, args.resets)}
            print(orjson.dumps(row).decode())
        for label, options in [
            ("relaunch, 1 worker", ("-p", "no:xdist", "--agent-relaunch")),
            ("reset, 1 worker", ("-p", "no:xdist")),
            ("relaunch, -n 2", ("-n", "2", "--agent-relaunch")),
            ("reset, -n 2", ("-n", "2")),
        ]:
            walls, ok = [], True
            for name, project in games.items():
                suite = write_suite(workdir / "suites" / name, name, args.tests)
                wall, passed = run_suite(suite, project, *options)
                walls.append(wall)
                ok = ok and passed
            print(orjson.dumps({
                "bench": "reset_suite", "how": label, "tests": args.tests * len(games),
                "wall_s": round(sum(walls), 1), "all_passed": ok,
            }).decode())  # fmt: skip
        print(orjson.dumps({"bench": "reset_isolation", **isolation(workdir, args.runs)}).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
