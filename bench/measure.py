"""What the benchmark scripts share: percentiles, an engine's idle CPU, and the JSON line each
figure is also printed as (bench/perf_table.py reads those)."""

from __future__ import annotations

import os
import time
from typing import Any

import orjson
import psutil

# The bridge sleeps longer between frames once nothing has come for a second (clock.gd).
IDLE_AFTER_S = 1.5


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def idle_cpu(pid: int, seconds: float = 2.0) -> float:
    """Percent of one core the process used over ``seconds`` after being left alone."""
    process = psutil.Process(pid)
    time.sleep(IDLE_AFTER_S)
    process.cpu_percent(None)
    time.sleep(seconds)
    return process.cpu_percent(None)


def emit(bench: str, **figures: Any) -> None:
    """One JSON line: ``{"bench": name, ...figures}``."""
    print(orjson.dumps({"bench": bench, **figures}).decode(), flush=True)


def cli_env(**extra: str) -> dict[str, str]:
    """The environment for timing new command-line processes: bytecode cached as on a user's
    machine (some CI images turn that off, which adds compiling every module to every call)."""
    env = {**os.environ, **extra}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env
