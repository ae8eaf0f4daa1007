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

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient, GameExitedError  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from agent_client.engine.godot_import import ensure_imported  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402
from bench.measure import emit, idle_cpu, percentile  # noqa: E402

FIXTURE = REPO / "tests" / "fixture_game"
install(FIXTURE)  # the game carries no copy of the addon in the repository
LAB = "res://scenes/lab.tscn"
LEAN_FIELDS = ["name", "type", "path"]


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
    figures = {
        "p50_ms": percentile(times, 0.5),
        "p95_ms": percentile(times, 0.95),
        "p99_ms": percentile(times, 0.99),
        "max_ms": max(times),
        "per_s": calls / total,
    }
    print(
        f"hello round trip over {calls} calls: p50 {figures['p50_ms']:.3f} ms, "
        f"p95 {figures['p95_ms']:.3f} ms, p99 {figures['p99_ms']:.3f} ms, "
        f"max {figures['max_ms']:.2f} ms; {figures['per_s']:,.0f} commands/s"
    )
    emit("round_trip", cmd="hello", calls=calls, **figures)
    size = len(orjson.dumps(game.connection.send("hello")))
    print(f"hello answer: {size:,} bytes")
    emit("hello_size", bytes=size)


def bench_get_tree(game: AgentClient) -> None:
    for count in (100, 1000, 10000):
        game.command("grow", count=count)
        shapes: list[list[str] | None] = [None, LEAN_FIELDS] if count == 10000 else [None]
        for fields in shapes:
            args: dict[str, object] = {"root": "/root/Lab/UI/Generated"}
            if fields:
                args["fields"] = fields
            samples = []
            size = 0
            for _ in range(5):
                t = time.perf_counter()
                response = game.send("get_tree", args, timeout=60)
                samples.append((time.perf_counter() - t) * 1000)
                size = len(orjson.dumps(response))
            assert response["data"]["count"] == count, response["data"]["count"]
            shape = f" fields {','.join(fields)}" if fields else ""
            print(
                f"get_tree of {count:>6,} nodes{shape}: median "
                f"{statistics.median(samples):7.1f} ms, {size / 1024:8.1f} KiB"
            )
            emit(
                "get_tree",
                nodes=count,
                fields=fields,
                median_ms=statistics.median(samples),
                kib=size / 1024,
            )


def bench_idle_cpu(game: AgentClient) -> None:
    assert game.process is not None
    percent = idle_cpu(game.process.pid)
    print(f"engine CPU while idle: {percent:.1f} % of one core")
    emit("idle_cpu", percent=percent)


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
    emit("launch", median_ms=statistics.median(samples) * 1000, max_ms=max(samples) * 1000)


def bench_crash_detection() -> None:
    game = AgentClient.launch(FIXTURE, scene=LAB, install=True)
    t = time.perf_counter()
    try:
        game.request("crash", timeout=30)
    except GameExitedError:
        elapsed = (time.perf_counter() - t) * 1000
        print(f"crash to GameExitedError: {elapsed:.0f} ms")
        emit("crash_detection", ms=elapsed)
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
