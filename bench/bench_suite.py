"""Suite benchmark: wall time of the agent suite (tests/agent) run serially and with
pytest-xdist workers, each worker launching its own games.

Prints numbers; asserts nothing.
Run: python bench/bench_suite.py [--workers 2] [--suite tests/agent]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def run(suite: str, extra: list[str]) -> tuple[float, str]:
    command = [sys.executable, "-m", "pytest", suite, "-q", "-p", "no:cacheprovider", *extra]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    summary = [
        line for line in done.stdout.splitlines() if re.search(r"\d+ (passed|failed|error)", line)
    ]
    return elapsed, summary[-1].strip("= ") if summary else f"exit {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--workers", default="2", help="xdist workers (a number or auto)")
    parser.add_argument("--suite", default="tests/agent")
    options = parser.parse_args()
    print(f"{options.suite}: wall time, pytest start-up included")
    serial, serial_summary = run(options.suite, ["-p", "no:xdist"])
    print(f"  serial       {serial:7.1f} s   {serial_summary}")
    parallel, parallel_summary = run(options.suite, ["-n", options.workers])
    print(f"  -n {options.workers:<9} {parallel:7.1f} s   {parallel_summary}")
    print(f"  speed-up     {serial / parallel:7.2f}x")


if __name__ == "__main__":
    main()
