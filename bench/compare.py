"""AgentBridge beside the least a file bridge can do, in one run on one machine.

The file probe (bench/file_probe: one GDScript node that answers each line of cmd.jsonl with
a line in resp.jsonl) runs with the engine's frame sleep at 0 (a spinning engine: the limit of
this transport here) and at the engine's default (6,900 us), driven by a client that
spin-polls resp.jsonl. AgentBridge runs in a copy of the same project. Printed: round trips of
a burst of sequential calls, launch to first answer, idle CPU, and the ratios; then one JSON
line per figure. Asserts nothing.

Run: python bench/compare.py [--calls 1000] [--launches 5]
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
from pathlib import Path

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from agent_client.engine.godot_import import ensure_imported  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402
from bench.measure import emit, idle_cpu, percentile  # noqa: E402

PROBE = REPO / "bench" / "file_probe"
DEFAULT_SLEEP_USEC = 6900  # Godot's own low-processor frame sleep
REQUEST = {"cmd": "get_property", "args": {"path": "/root", "property": "name"}}


class ProbeClient:
    """Writes request lines and spin-reads the answers: the cheapest client there is."""

    def __init__(self, folder: Path) -> None:
        (folder / "cmd.jsonl").touch()
        (folder / "resp.jsonl").touch()
        self._cmd = open(folder / "cmd.jsonl", "ab", buffering=0)  # noqa: SIM115
        self._resp = open(folder / "resp.jsonl", "rb", buffering=0)  # noqa: SIM115
        self._next_id = 0

    def call(self, deadline_s: float = 30.0) -> None:
        self._next_id += 1
        self._cmd.write(orjson.dumps({"id": self._next_id, **REQUEST}) + b"\n")
        received = b""
        give_up = time.monotonic() + deadline_s
        while not received.endswith(b"\n"):
            received += self._resp.read() or b""
            if time.monotonic() > give_up:
                raise TimeoutError("the probe did not answer")

    def close(self) -> None:
        self._cmd.close()
        self._resp.close()


def start_probe(godot: str, project: Path, sleep_usec: int) -> tuple[subprocess.Popen[bytes], Path]:
    folder = Path(tempfile.mkdtemp(prefix="probe-"))
    env = {**os.environ, "PROBE_DIR": str(folder), "PROBE_SLEEP_USEC": str(sleep_usec)}
    for name in ("cmd.jsonl", "resp.jsonl"):
        (folder / name).touch()
    process = subprocess.Popen(
        [godot, "--headless", "--path", str(project)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return process, folder


def burst(call: object, calls: int) -> list[float]:
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        call()  # type: ignore[operator]
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def probe_figures(godot: str, project: Path, sleep_usec: int, calls: int) -> dict[str, float]:
    process, folder = start_probe(godot, project, sleep_usec)
    client = ProbeClient(folder)
    try:
        client.call()  # the first answer: the engine is up
        for _ in range(50):
            client.call()
        samples = burst(client.call, calls)
        return {
            "p50_ms": statistics.median(samples),
            "p99_ms": percentile(samples, 0.99),
            "idle_cpu_pct": idle_cpu(process.pid),
        }
    finally:
        client.close()
        process.kill()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)


def probe_launch(godot: str, project: Path, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        process, folder = start_probe(godot, project, 0)
        client = ProbeClient(folder)
        client.call()
        samples.append((time.perf_counter() - started) * 1000)
        client.close()
        process.kill()
        process.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return statistics.median(samples)


def bridge_figures(project: Path, calls: int, runs: int) -> dict[str, float]:
    launches = []
    for _ in range(runs):
        started = time.perf_counter()
        with AgentClient.launch(project) as game:
            game.request(REQUEST["cmd"], REQUEST["args"])
            launches.append((time.perf_counter() - started) * 1000)
    with AgentClient.launch(project) as game:

        def call() -> None:
            game.request(REQUEST["cmd"], REQUEST["args"])

        for _ in range(50):
            call()
        samples = burst(call, calls)
        assert game.process is not None
        return {
            "p50_ms": statistics.median(samples),
            "p99_ms": percentile(samples, 0.99),
            "idle_cpu_pct": idle_cpu(game.process.pid),
            "launch_ms": statistics.median(launches),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--launches", type=int, default=5)
    options = parser.parse_args()
    godot = str(find_godot())
    with tempfile.TemporaryDirectory(prefix="compare-") as scratch:
        probe_project = Path(scratch) / "probe"
        bridge_project = Path(scratch) / "bridge"
        shutil.copytree(PROBE, probe_project)
        shutil.copytree(PROBE, bridge_project)
        install(bridge_project)
        for project in (probe_project, bridge_project):
            ensure_imported(project, Path(godot))
        spin = probe_figures(godot, probe_project, 0, options.calls)
        paced = probe_figures(godot, probe_project, DEFAULT_SLEEP_USEC, options.calls)
        spin["launch_ms"] = probe_launch(godot, probe_project, options.launches)
        bridge = bridge_figures(bridge_project, options.calls, options.launches)
    rows = [
        ("probe, frame sleep 0", spin),
        ("probe, default pacing", paced),
        ("AgentBridge", bridge),
    ]
    print(f"{options.calls} sequential get_property calls; load {os.getloadavg()[0]:.1f}")
    for label, figures in rows:
        launch = (
            f", launch to first answer {figures['launch_ms']:.0f} ms"
            if "launch_ms" in figures
            else ""
        )
        print(
            f"{label:>22}: p50 {figures['p50_ms']:.3f} ms, p99 {figures['p99_ms']:.3f} ms, "
            f"idle CPU {figures['idle_cpu_pct']:.0f} %{launch}"
        )
    ratios = {
        "p50_vs_spin": bridge["p50_ms"] / spin["p50_ms"],
        "p99_vs_spin": bridge["p99_ms"] / spin["p99_ms"],
        "p50_vs_default_pacing": bridge["p50_ms"] / paced["p50_ms"],
        "launch_over_probe_ms": bridge["launch_ms"] - spin["launch_ms"],
    }
    print(
        f"AgentBridge / spinning probe: p50 x{ratios['p50_vs_spin']:.2f}, "
        f"p99 x{ratios['p99_vs_spin']:.2f}; / default-paced probe: p50 "
        f"x{ratios['p50_vs_default_pacing']:.2f}; launch +{ratios['launch_over_probe_ms']:.0f} ms"
    )
    for name, figures in (("probe_spin", spin), ("probe_default", paced), ("bridge", bridge)):
        emit("compare", subject=name, **figures)
    emit("compare", subject="ratios", **ratios)


if __name__ == "__main__":
    main()
