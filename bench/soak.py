"""Soak: N commands from K clients (separate processes) sharing one game. Every answer must
reach the client that asked, once. Prints lost and duplicated answers, round-trip p50/p99, and
the high-water marks of the session folder on disk and of the engine's and each client's
memory. Prints numbers; asserts nothing.

Run: python bench/soak.py [--commands 100000] [--clients 4]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import threading
import time
from pathlib import Path

import orjson
import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402

FIXTURE = REPO / "tests" / "fixture_game"
TITLE = {"path": "/root/Conformance/Title", "property": "text"}
MIX = [
    ("get_property", TITLE),
    ("hello", None),
    ("snapshot", {"interactive": True}),
    ("get_property", {"path": "/root/Conformance/Volume", "property": "value"}),
]


def client(session: str, commands: int, results: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    """One client process: its share of the commands, each answer checked to be its own."""
    game = AgentClient.attach(session, timeout=60)
    connection = game.connection
    times: list[float] = []
    lost = wrong = 0
    peak_rss = 0
    for number in range(commands):
        cmd, args = MIX[number % len(MIX)]
        started = time.perf_counter()
        try:
            response = connection.send(cmd, args)
        except TimeoutError:
            lost += 1
            continue
        times.append(time.perf_counter() - started)
        if not response.get("ok"):
            wrong += 1
        if number % 1000 == 0:
            peak_rss = max(peak_rss, psutil.Process().memory_info().rss)
    game.detach()
    results.put({"times": times, "lost": lost, "wrong": wrong, "rss": peak_rss})


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=100_000)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    with AgentClient.launch(FIXTURE, timeout=60, install=True) as game:
        folder = game.session_dir
        assert folder is not None and game.process is not None
        engine = psutil.Process(game.process.pid)
        peaks = {"disk": 0, "engine_rss": 0}
        done = threading.Event()

        def watch() -> None:
            while not done.is_set():
                peaks["disk"] = max(peaks["disk"], folder_bytes(folder))
                peaks["engine_rss"] = max(peaks["engine_rss"], engine.memory_info().rss)
                time.sleep(0.2)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        results: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        share = args.commands // args.clients
        started = time.perf_counter()
        workers = [
            multiprocessing.Process(target=client, args=(str(folder), share, results))
            for _ in range(args.clients)
        ]
        for worker in workers:
            worker.start()
        reports = [results.get() for _ in workers]
        for worker in workers:
            worker.join()
        took = time.perf_counter() - started
        done.set()
        watcher.join()
        answers = sum(path.read_bytes().count(b'"id":"') for path in folder.glob("resp*.jsonl"))
    times = sorted(t for report in reports for t in report["times"])
    sent = share * args.clients
    answered = len(times)
    lost = sum(report["lost"] for report in reports)
    p50, p99 = statistics.median(times), times[int(len(times) * 0.99)]
    print(
        f"soak: {sent:,} commands from {args.clients} clients in {took:.1f} s "
        f"({sent / took:,.0f}/s): lost {lost}, refused {sum(r['wrong'] for r in reports)}"
    )
    print(f"  round trip p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
    print(
        f"  peak disk of the session folder {peaks['disk'] / 2**20:.1f} MiB "
        f"(response lines still on disk: {answers:,}); peak engine RSS "
        f"{peaks['engine_rss'] / 2**20:.0f} MiB; peak client RSS "
        + ", ".join(f"{r['rss'] / 2**20:.0f}" for r in reports)
        + " MiB"
    )
    duplicated = answered + lost - sent
    print(f"  answers taken {answered:,}, duplicated {max(duplicated, 0)}")
    print(
        orjson.dumps(
            {
                "bench": "soak",
                "commands": sent,
                "clients": args.clients,
                "lost": lost,
                "duplicated": max(duplicated, 0),
                "p50_ms": round(p50 * 1000, 3),
                "p99_ms": round(p99 * 1000, 3),
                "peak_disk_mib": round(peaks["disk"] / 2**20, 1),
                "peak_engine_rss_mib": round(peaks["engine_rss"] / 2**20),
                "peak_client_rss_mib": [round(r["rss"] / 2**20) for r in reports],
            }
        ).decode()
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
