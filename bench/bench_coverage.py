"""What GDScript coverage costs: prints JSON lines, asserts nothing.

- session: a short agent session on each game (the demo, Crystal Vault, played by its agent;
  dodge_the_creeps, squash_the_creeps and pong played by actions), launched with and without
  coverage, alternately, RUNS times each: seconds to launch, to play, to close, and the
  game's frame time over the play (process + physics, timed by the bridge; the demo plays
  through commands that take no frame, so 120 frames after its play); with coverage, the
  lines and branches the session reached.
- script: where a game's time is all script. The demo's level loading (its symmetry search is
  GDScript backtracking, its board made of nodes), every level loaded ROUNDS times in one
  session; and tests/coverage_game's `churn` command, a loop of arithmetic, branches, a
  match and a call a round, CHURN rounds: seconds, with and without coverage.
- suite: a generated suite of TESTS short tests on dodge_the_creeps (one game for the run,
  reset between tests, as the pytest plugin's game fixture does), run with and without
  coverage, alternately: wall time.
- ratio: covered over uncovered, medians of the runs, per game and for the suite.
- corpus (--corpus, instead of the above): every project of the corpus (61 of them) launched
  with coverage for 30 frames: its scripts counted, lines, lines reached, and the scripts that
  failed to instrument or compile (there should be none), one line a project.

The machine is shared: the load average is printed first, and every number is a median.

Run: python bench/bench_coverage.py [--runs 3] [--rounds 20] [--churn 200000] [--tests 40]
[--game pong ...] | [--corpus]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import play_level  # noqa: E402

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from agent_client.engine.godot_import import ensure_imported  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402
from bench.corpus_games import corpus_missing, prepared  # noqa: E402

DEMO = REPO / "demos" / "crystal_vault"
COVERAGE_GAME = REPO / "tests" / "coverage_game"


def play_vault(game: AgentClient) -> None:
    levels = [level["id"] for level in game.command("list_levels")["levels"]]
    for level_id in levels[:4]:
        play_level(game, level_id)


def play_dodge(game: AgentClient) -> None:
    game.input(action="start_game")
    game.wait_for_event("start_game")
    for action in ("move_right", "move_up", "move_left", "move_down"):
        game.hold(action=action, frames=90)
    game.wait_frames(240)


def play_squash(game: AgentClient) -> None:
    for action in ("move_forward", "move_left", "jump", "move_back", "move_right"):
        game.hold(action=action, frames=80)
    game.wait_frames(200)


def play_pong(game: AgentClient) -> None:
    for action in ("left_move_up", "right_move_down", "left_move_down", "right_move_up"):
        game.hold(action=action, frames=100)


PLAYS: dict[str, Callable[[AgentClient], None]] = {
    "crystal_vault": play_vault,
    "dodge_the_creeps": play_dodge,
    "squash_the_creeps": play_squash,
    "pong": play_pong,
}

SUITE_CONFTEST = """
import os

import pytest

from agent_client import AgentClient


@pytest.fixture(scope="session")
def warm():
    covered = os.environ["BENCH_COVERAGE"] == "1"
    with AgentClient.launch(os.environ["BENCH_PROJECT"], coverage=covered) as game:
        yield game
    if covered:
        game.coverage()  # the counts, as a covered suite reads them at its end


@pytest.fixture
def game(warm):
    warm.reset_game()
    return warm
"""
SUITE_TEST = """
def test_dodge_{number}(game):
    game.input(action="start_game")
    game.wait_for_event("start_game")
    game.hold(action="move_right", frames={frames})
"""


def session(project: Path, play: Callable[[AgentClient], None], covered: bool) -> dict:
    started = time.perf_counter()
    game = AgentClient.launch(project, coverage=covered, timeout=60)
    launched = time.perf_counter()
    with game.measuring() as frames:
        play(game)
    played = time.perf_counter()
    if frames.frames == 0:  # a game played by its commands alone: time the frames after
        frames = game.measure(frames=120)
    game.close()
    closed = time.perf_counter()
    row = {
        "launch_s": launched - started,
        "play_s": played - launched,
        "close_s": closed - played,
        "frames": frames.frames,
        "frame_ms": statistics.fmean(
            p + q for p, q in zip(frames.process_ms, frames.physics_ms, strict=True)
        ),
    }
    if covered:
        data = game.coverage()
        row |= {
            "lines": data.lines,
            "lines_hit": data.lines_hit,
            "branches": data.branches,
            "branches_taken": data.branches_hit,
        }
    return row


def load_levels(rounds: int, covered: bool) -> float:
    with AgentClient.launch(DEMO, coverage=covered, timeout=120) as game:
        levels = [level["id"] for level in game.command("list_levels")["levels"]]
        started = time.perf_counter()
        for _ in range(rounds):
            for level_id in levels:
                game.command("load_level", level_id=level_id)
        return time.perf_counter() - started


def churn(rounds: int, covered: bool) -> float:
    with AgentClient.launch(COVERAGE_GAME, coverage=covered, timeout=120) as game:
        game.command("churn", rounds=10)  # its module compiled, its first call made
        started = time.perf_counter()
        game.command("churn", rounds=rounds)
        return time.perf_counter() - started


def suite(folder: Path, project: Path, covered: bool) -> float:
    env = {
        **os.environ,
        "GODOT_BIN": str(find_godot()),
        "BENCH_PROJECT": str(project),
        "BENCH_COVERAGE": "1" if covered else "0",
        "PYTHONPATH": str(REPO),
    }
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:agent_bridge",
         "-p", "no:xdist", str(folder)],
        cwd=folder, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        print(done.stdout[-2000:], file=sys.stderr)
    return time.perf_counter() - started


def corpus(workdir: Path) -> None:
    from bench.corpus_games import CORPUS

    for source in sorted(path.parent for path in CORPUS.rglob("project.godot")):
        name = source.relative_to(CORPUS).as_posix()
        project = workdir / name.replace("/", "__")
        shutil.copytree(source, project)
        install(project)
        row: dict = {"bench": "coverage_corpus", "game": name}
        try:
            with AgentClient.launch(project, coverage=True, timeout=60, ready_timeout=120) as game:
                game.wait_frames(30)
            data = game.coverage()
            row |= {
                "scripts": len(data.scripts),
                "lines": data.lines,
                "lines_hit": data.lines_hit,
                "not_counted": data.uncounted,
            }
        except Exception as error:  # a game that does not start says so, and the run goes on
            row["error"] = f"{type(error).__name__}: {error}"[:300]
        emit(row)


def emit(row: dict) -> None:
    rounded = {k: round(v, 3) if isinstance(v, float) else v for k, v in row.items()}
    print(orjson.dumps(rounded).decode(), flush=True)


def median_of(rows: list[dict], key: str) -> float:
    return statistics.median(row[key] for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="sessions per game and mode")
    parser.add_argument("--tests", type=int, default=40, help="tests in the suite (0: none)")
    parser.add_argument("--rounds", type=int, default=20, help="demo levels loaded, rounds")
    parser.add_argument("--churn", type=int, default=200_000, help="churn rounds")
    parser.add_argument("--game", action="append", choices=sorted(PLAYS), help="only these")
    parser.add_argument("--corpus", action="store_true", help="instrument every corpus game")
    args = parser.parse_args()
    if corpus_missing():
        return 2
    emit({"bench": "coverage_machine", "load_avg": os.getloadavg()[0], "cpus": os.cpu_count()})
    with tempfile.TemporaryDirectory(prefix="bench-coverage-") as folder:
        workdir = Path(folder)
        if args.corpus:
            corpus(workdir)
            return 0
        install(DEMO)
        ensure_imported(DEMO, find_godot())
        for name in args.game or sorted(PLAYS):
            project = DEMO if name == "crystal_vault" else prepared(name, workdir)
            runs: dict[bool, list[dict]] = {False: [], True: []}
            for _ in range(args.runs):
                for covered in (False, True):
                    row = session(project, PLAYS[name], covered)
                    runs[covered].append(row)
                    emit({"bench": "coverage_session", "game": name, "coverage": covered, **row})
            emit(
                {
                    "bench": "coverage_ratio",
                    "game": name,
                    **{
                        f"{key}_ratio": median_of(runs[True], key) / median_of(runs[False], key)
                        for key in ("frame_ms", "launch_s", "play_s")
                    },
                    "wall_ratio": sum(
                        median_of(runs[True], key) for key in ("launch_s", "play_s", "close_s")
                    )
                    / sum(median_of(runs[False], key) for key in ("launch_s", "play_s", "close_s")),
                }
            )
        install(COVERAGE_GAME)
        ensure_imported(COVERAGE_GAME, find_godot())
        workloads = {
            "crystal_vault load_level": lambda covered: load_levels(args.rounds, covered),
            "coverage_game churn": lambda covered: churn(args.churn, covered),
        }
        for workload, timed in workloads.items():
            times: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(args.runs):
                for covered in (False, True):
                    times[covered].append(timed(covered))
                    emit(
                        {
                            "bench": "coverage_script",
                            "script": workload,
                            "coverage": covered,
                            "seconds": times[covered][-1],
                        }
                    )
            emit(
                {
                    "bench": "coverage_ratio",
                    "script": workload,
                    "seconds_ratio": statistics.median(times[True])
                    / statistics.median(times[False]),
                }
            )
        if args.tests:
            tests = workdir / "suite"
            tests.mkdir()
            (tests / "conftest.py").write_text(SUITE_CONFTEST)
            (tests / "test_dodge.py").write_text(
                "".join(SUITE_TEST.format(number=n, frames=10 + n % 20) for n in range(args.tests))
            )
            project = workdir / "dodge_the_creeps"
            if not project.is_dir():
                project = prepared("dodge_the_creeps", workdir)
            walls: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(args.runs):
                for covered in (False, True):
                    walls[covered].append(suite(tests, project, covered))
                    emit(
                        {
                            "bench": "coverage_suite",
                            "tests": args.tests,
                            "coverage": covered,
                            "wall_s": walls[covered][-1],
                        }
                    )
            emit(
                {
                    "bench": "coverage_ratio",
                    "suite": "dodge_the_creeps",
                    "wall_ratio": statistics.median(walls[True]) / statistics.median(walls[False]),
                }
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
