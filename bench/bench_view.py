"""What-the-agent-sees benchmarks: snapshot size and time, click-to-settled round trip, and
screenshot time under the CPU renderer. Prints numbers; asserts nothing.

Run: python bench/bench_view.py
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

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from bench.measure import emit  # noqa: E402

FIXTURE = REPO / "tests" / "fixture_game"
DEMO = REPO / "demos" / "crystal_vault"
for game in (FIXTURE, DEMO):
    install(game)  # the games carry no copy of the addon in the repository
RUNS = 7


def timed(call, runs: int = RUNS) -> tuple[float, object]:
    samples, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = call()
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples), result


def report_snapshot(label: str, game: AgentClient, **args: object) -> None:
    ms, response = timed(lambda: game.send("snapshot", args, timeout=60))
    data = response["data"]
    size = len(orjson.dumps(response))
    lines = len(data["text"].splitlines())
    print(
        f"snapshot {label:<34} {ms:7.1f} ms  {size / 1024:8.1f} KiB  "
        f"{lines:>6} lines  {len(data['refs']):>5} refs"
    )
    emit(
        "snapshot",
        subject=label,
        median_ms=ms,
        kib=size / 1024,
        lines=lines,
        refs=len(data["refs"]),
    )


def bench_snapshots() -> None:
    with AgentClient.launch(DEMO, install=True) as game:
        game.command("load_level", level_id="act3_level02")
        report_snapshot("demo level (cube, full)", game)
        report_snapshot("demo level (cube, -i -c)", game, interactive=True, compact=True)
    with AgentClient.launch(FIXTURE, scene="res://scenes/lab.tscn", install=True) as game:
        for count in (1000, 10000):
            game.command("grow", count=count)
            report_snapshot(f"generated UI, {count:,} controls", game, root="/root/Lab/UI")
            report_snapshot(
                f"generated UI, {count:,} controls, -i -c",
                game,
                root="/root/Lab/UI",
                interactive=True,
                compact=True,
            )


def bench_click_to_settled() -> None:
    with AgentClient.launch(DEMO, install=True) as game:
        crystal = "/root/LevelScene/CrystalContainer/Crystal_0"
        reset = "/root/LevelScene/HUDLayer/TopBar/ResetButton"
        ms, _ = timed(lambda: game.click(reset, settled=True), runs=21)
        print(f"click Reset, answered once settled: median {ms:.1f} ms")
        emit("action", subject="click settled", median_ms=ms)
        ms, _ = timed(
            lambda: game.drag(crystal, "/root/LevelScene/CrystalContainer/Crystal_1", settled=True),
            runs=21,
        )
        print(f"drag crystal onto crystal (swap, check, reset), settled: median {ms:.1f} ms")
        emit("action", subject="drag settled", median_ms=ms)
        ms, _ = timed(lambda: game.command("swap", **{"from": 0, "to": 1}), runs=21)
        print(f"swap command: median {ms:.1f} ms")
        emit("action", subject="game command", median_ms=ms)


def bench_screenshots() -> None:
    start = time.perf_counter()
    with AgentClient.launch(DEMO, render=True, install=True) as game:
        ready = (time.perf_counter() - start) * 1000
        first, _ = timed(lambda: game.screenshot(), runs=1)
        ms, shot = timed(lambda: game.screenshot())
        game.snapshot()
        annotated, _ = timed(lambda: game.screenshot(annotate=True))
    print(
        f"rendering launch to ready: {ready:.0f} ms; screenshot {shot['width']}x"
        f"{shot['height']} ({shot['bytes'] / 1024:.0f} KiB): first {first:.0f} ms, then median "
        f"{ms:.0f} ms; annotated median {annotated:.0f} ms"
    )
    emit("screenshot", launch_ms=ready, first_ms=first, median_ms=ms, annotated_ms=annotated)


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    bench_snapshots()
    bench_click_to_settled()
    bench_screenshots()


if __name__ == "__main__":
    main()
