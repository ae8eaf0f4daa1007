"""Protocol benchmarks: round trip, tree serialization, launch time, crash detection.

Prints numbers; asserts nothing. Run: python bench/bench_protocol.py [--calls 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import orjson
import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient, GameExitedError  # noqa: E402
from agent_client._addon import install  # noqa: E402
from agent_client._godot_import import ensure_imported  # noqa: E402
from agent_client._launcher import find_godot  # noqa: E402

FIXTURE = REPO / "tests" / "fixture_game"
install(FIXTURE)  # the game carries no copy of the addon in the repository
LAB = "res://scenes/lab.tscn"


def percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def bench_round_trip(game: AgentClient, calls: int) -> None:
    for _ in range(50):
        game.request("get_events")  # warm up
    times = []
    start = time.perf_counter()
    for _ in range(calls):
        t = time.perf_counter()
        game.hello()
        times.append((time.perf_counter() - t) * 1000)
    total = time.perf_counter() - start
    times.sort()
    print(
        f"hello round trip over {calls} calls: p50 {percentile(times, 0.5):.3f} ms, "
        f"p95 {percentile(times, 0.95):.3f} ms, p99 {percentile(times, 0.99):.3f} ms, "
        f"max {times[-1]:.2f} ms; {calls / total:,.0f} commands/s"
    )


def bench_get_tree(game: AgentClient) -> None:
    for count in (100, 1000, 10000):
        game.command("grow", count=count)
        samples = []
        size = 0
        for _ in range(5):
            t = time.perf_counter()
            response = game.send("get_tree", {"root": "/root/Lab/UI/Generated"}, timeout=60)
            samples.append((time.perf_counter() - t) * 1000)
            size = len(orjson.dumps(response))
        assert response["data"]["count"] == count, response["data"]["count"]
        print(
            f"get_tree of {count:>6,} nodes: median {statistics.median(samples):7.1f} ms, "
            f"{size / 1024:8.1f} KiB"
        )


def bench_idle_cpu(game: AgentClient) -> None:
    process = psutil.Process(game.process.pid)
    time.sleep(0.5)  # let the bridge notice it is idle
    process.cpu_percent(None)
    time.sleep(2.0)
    print(f"engine CPU while idle: {process.cpu_percent(None):.0f} % of one core")


def bench_launch(runs: int) -> None:
    ensure_imported(FIXTURE, find_godot())
    samples = []
    for _ in range(runs):
        t = time.perf_counter()
        game = AgentClient.launch(FIXTURE, install=True)
        samples.append(time.perf_counter() - t)
        game.close()
    print(
        f"launch to ready (import cache warm), {runs} runs: median "
        f"{statistics.median(samples) * 1000:.0f} ms, max {max(samples) * 1000:.0f} ms"
    )


def bench_crash_detection() -> None:
    game = AgentClient.launch(FIXTURE, scene=LAB, install=True)
    t = time.perf_counter()
    try:
        game.request("crash", timeout=30)
    except GameExitedError:
        print(f"crash to GameExitedError: {(time.perf_counter() - t) * 1000:.0f} ms")
    game.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--launches", type=int, default=5)
    options = parser.parse_args()
    bench_launch(options.launches)
    with AgentClient.launch(FIXTURE, scene=LAB, install=True) as game:
        transport = game.connection.transport
        print(f"notifications: {'native' if transport.notifications else 'polling'}")
        bench_round_trip(game, options.calls)
        bench_idle_cpu(game)
        bench_get_tree(game)
    bench_crash_detection()


if __name__ == "__main__":
    main()
