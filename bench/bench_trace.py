"""Trace recording benchmarks, in one run on the demo game: an action's time without a trace
and while one records (headless, then rendering with a screenshot after each action), and the
size of the trace.zip per 100 actions. The action is ``game.click(path)`` (one call, an entry
of its own in the trace) and a locator's click (a step holding its settle wait, get_tree and
click). Prints numbers; asserts nothing. (The viewer's own figures:
bench/bench_trace_view.py.)

Run: python bench/bench_trace.py [--actions 300]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402

DEMO = REPO / "demos" / "crystal_vault"
CAYLEY = "/root/LevelScene/HUDLayer/TopBar/CayleyButton"


def clicks(act: Callable[[], Any], count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        act()
        samples.append(time.perf_counter() - started)
    return samples


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def measure(render: bool, actions: int, folder: Path) -> dict[str, float]:
    with AgentClient.launch(DEMO, install=True, render=render) as game:
        click = lambda: game.click(CAYLEY)  # noqa: E731
        button = game.locator(CAYLEY)
        clicks(click, 20)  # warm up
        clicks(button.click, 20)
        plain = clicks(click, actions)
        plain_step = clicks(button.click, actions)
        game.start_trace("bench")
        traced = clicks(click, actions)
        saved = game.save_trace(folder / f"trace-{'render' if render else 'headless'}.zip")
        traced_step = clicks(button.click, actions)
    return {
        "plain_ms": median_ms(plain),
        "traced_ms": median_ms(traced),
        "step_plain_ms": median_ms(plain_step),
        "step_traced_ms": median_ms(traced_step),
        "zip_kib_per_100": saved.stat().st_size / 1024 / actions * 100,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--no-render", action="store_true", help="skip the rendering run")
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as temporary:
        for render in (False,) if args.no_render else (False, True):
            numbers = measure(render, args.actions, Path(temporary))
            label = "rendering, screenshot after each" if render else "headless"
            overhead = (numbers["traced_ms"] / numbers["plain_ms"] - 1) * 100
            print(
                f"click ({label}): {numbers['plain_ms']:.2f} ms plain, "
                f"{numbers['traced_ms']:.2f} ms recorded (+{overhead:.0f} %); "
                f"trace.zip {numbers['zip_kib_per_100']:.1f} KiB per 100 actions"
            )
            print(
                f"locator click, a step of 3 calls ({label}): "
                f"{numbers['step_plain_ms']:.2f} ms plain, "
                f"{numbers['step_traced_ms']:.2f} ms recorded"
            )
            results["render" if render else "headless"] = {**numbers, "overhead_pct": overhead}
    print(orjson.dumps({"bench": "trace", **results}).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
