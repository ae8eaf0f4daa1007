"""MCP benchmarks, on one Crystal Vault game: a tool call's round trip (p50/p99) for `snapshot`
and `click` through the MCP server, beside the same step from the Python client and from the
command line (a new process per step); the bytes an agent reads per step with and without
`since`; and the calls it takes to solve level 1 through MCP alone. Prints numbers; asserts
nothing.

Run: python bench/bench_mcp.py [--calls 200]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import orjson
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import read_vault, symmetries  # noqa: E402

from agent_client import AgentClient  # noqa: E402
from bench.measure import cli_env  # noqa: E402

DEMO = REPO / "demos" / "crystal_vault"
CAYLEY = "/root/LevelScene/HUDLayer/TopBar/CayleyButton"


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered) * 1000:6.2f} ms  p99 {p99 * 1000:6.2f} ms"


async def timed(call: Callable[[], Awaitable[Any]], count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        await call()
        samples.append(time.perf_counter() - started)
    return samples


def timed_sync(call: Callable[[], Any], count: int) -> list[float]:
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    return samples


def text(result: Any) -> str:
    return "\n".join(item.text for item in result.content if item.type == "text")


async def bench(calls: int) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agent_client.cli", "mcp"],
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await session.call_tool("launch", {"project": str(DEMO), "install": True})
        listing = text(await session.call_tool("sessions", {}))
        folder = listing.split("this server: ", 1)[1].splitlines()[0].strip()
        ref = (
            next(
                line
                for line in text(await session.call_tool("snapshot", {})).splitlines()
                if "Show Cayley Table" in line
            )
            .split("ref=")[1]
            .rstrip("]")
        )

        snap = await timed(lambda: session.call_tool("snapshot", {}), calls)
        click = await timed(lambda: session.call_tool("click", {"target": ref}), calls)
        print(f"MCP     snapshot  {percentiles(snap)}")
        print(f"MCP     click     {percentiles(click)}  (answer: effects + screen)")

        game = AgentClient.attach(folder)
        py_snap = timed_sync(lambda: game.snapshot(interactive=True, compact=True), calls)
        py_click = timed_sync(lambda: game.click(ref), calls)
        game.detach()
        print(f"Python  snapshot  {percentiles(py_snap)}")
        print(f"Python  click     {percentiles(py_click)}")
        cli = [sys.executable, "-m", "agent_client.cli", "--session", folder]
        env = cli_env(PYTHONPATH=str(REPO))
        cli_snap = timed_sync(
            lambda: subprocess.run(
                [*cli, "snapshot", "-i", "-c"], env=env, capture_output=True, check=True
            ),
            20,
        )
        cli_click = timed_sync(
            lambda: subprocess.run(
                [*cli, "click", f"@{ref}"], env=env, capture_output=True, check=True
            ),
            20,
        )
        print(f"CLI     snapshot  {percentiles(cli_snap)}  (a new process per step)")
        print(f"CLI     click     {percentiles(cli_click)}")

        full = len(text(await session.call_tool("snapshot", {})).encode())
        version = int(
            text(await session.call_tool("snapshot", {})).split("tree_version ")[1].split(")")[0]
        )
        same = len(text(await session.call_tool("snapshot", {"since": version})).encode())
        await session.call_tool("hover", {"target": ref})  # takes in the events seen so far
        step = len(text(await session.call_tool("hover", {"target": ref})).encode())
        print(
            f"bytes per look: snapshot {full:,}, with since (unchanged) {same:,}; "
            f"an action's whole answer when the screen did not change: {step:,}"
        )

        calls_used = 0
        tree = orjson.loads(
            text(await session.call_tool("get_tree", {"root": "/root/LevelScene", "depth": 20}))
        )
        calls_used += 1
        for mapping in symmetries(read_vault(tree)):
            await session.call_tool("game_submit_permutation", {"mapping": list(mapping)})
            calls_used += 1
        events = text(await session.call_tool("get_events", {}))
        calls_used += 1
        print(
            f"level 1 through MCP: {calls_used} calls after launch "
            f"(solved: {'level_completed' in events})"
        )
        print(
            orjson.dumps(
                {
                    "bench": "mcp",
                    "mcp_snapshot_p50_ms": round(statistics.median(snap) * 1000, 2),
                    "mcp_click_p50_ms": round(statistics.median(click) * 1000, 2),
                    "python_snapshot_p50_ms": round(statistics.median(py_snap) * 1000, 2),
                    "python_click_p50_ms": round(statistics.median(py_click) * 1000, 2),
                    "cli_snapshot_p50_ms": round(statistics.median(cli_snap) * 1000, 1),
                    "cli_click_p50_ms": round(statistics.median(cli_click) * 1000, 1),
                    "snapshot_bytes": full,
                    "since_bytes": same,
                    "level1_calls": calls_used,
                }
            ).decode()
        )
        await session.call_tool("stop", {})


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    anyio.run(bench, parser.parse_args().calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
