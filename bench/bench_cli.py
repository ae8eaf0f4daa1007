"""Command-line benchmark: wall time of one ``agent-bridge`` invocation, process start included.

Prints numbers; asserts nothing. Run: python bench/bench_cli.py [--runs 20]

Every row starts a new process per call, as an agent does: Python's own start-up, the imports,
attaching to the session, one round trip to the game, printing, exiting.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixture_game"
sys.path.insert(0, str(REPO))

from bench.measure import cli_env, emit  # noqa: E402

COMMANDS: list[tuple[str, list[str]]] = [
    ("sessions (no game call)", ["sessions"]),
    ("snapshot", ["snapshot"]),
    ("snapshot -i -c", ["snapshot", "-i", "-c"]),
    ("get text /root/... (path)", ["get", "text", "/root/Conformance/Title"]),
    ("get text @e1 (ref)", ["get", "text", "@e1"]),
    ("click @e2", ["click", "@e2"]),
    ("press /root/... (path)", ["press", "/root/Conformance/PlayButton"]),
    ("press '#PlayButton' (selector)", ["press", "#PlayButton"]),
    ("fill @e1 text", ["fill", "@e1", "hello"]),
    ("get events", ["get", "events"]),
    ("wait --settled", ["wait", "--settled"]),
    ("get tree", ["get", "tree"]),
    ("call hello --json", ["call", "hello", "--json"]),
]


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True)
    elapsed = (time.perf_counter() - start) * 1000
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()}")
    return elapsed


def row(label: str, samples: list[float]) -> None:
    samples.sort()
    p90 = samples[min(len(samples) - 1, int(len(samples) * 0.9))]
    emit("cli_step", step=label, median_ms=statistics.median(samples), p90_ms=p90)
    print(
        f"  {label:<34} median {statistics.median(samples):6.1f} ms   p90 {p90:6.1f} ms   "
        f"min {samples[0]:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    temp = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    env = cli_env(TMPDIR=str(temp))  # a private session index
    module = [sys.executable, "-m", "agent_client.cli"]
    script = shutil.which("agent-bridge")
    print(
        f"agent-bridge CLI, {options.runs} runs per row, new process each "
        f"(console script: {script or 'not installed'})"
    )
    print("  baseline:")
    row("python -c pass", [timed([sys.executable, "-c", "pass"], env) for _ in range(options.runs)])
    start = time.perf_counter()
    subprocess.run(
        [*module, "start", str(FIXTURE), "--session", "bench", "--install"],
        env=env,
        check=True,
        capture_output=True,
    )
    print(f"  start (launch, import check, ready): {(time.perf_counter() - start) * 1000:.0f} ms")
    try:
        subprocess.run([*module, "snapshot"], env=env, check=True, capture_output=True)
        launcher = [script] if script else module
        print(f"  via {'the agent-bridge script' if script else 'python -m agent_client.cli'}:")
        for label, args in COMMANDS:
            row(label, [timed([*launcher, *args], env) for _ in range(options.runs)])
        print("  python -m agent_client.cli snapshot, polling vs file notifications:")
        row(
            "polling (the CLI's default)",
            [timed([*module, "snapshot"], env) for _ in range(options.runs)],
        )
        watched = {**env, "AGENT_BRIDGE_POLLING": "0"}
        row(
            "watchdog notifications",
            [timed([*module, "snapshot"], watched) for _ in range(options.runs)],
        )
    finally:
        start = time.perf_counter()
        subprocess.run([*module, "stop", "--all"], env=env, capture_output=True)
        print(f"  stop: {(time.perf_counter() - start) * 1000:.0f} ms")
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
