"""The README's performance table: runs the benchmark scripts one after another, reads the
JSON line each figure is printed as, and prints the table in Markdown with the machine it ran on.

Run: python bench/perf_table.py   (about five minutes; leave the machine otherwise idle)
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client.engine.launcher import find_godot  # noqa: E402

SCRIPTS = [
    "bench/compare.py",
    "bench/bench_protocol.py",
    "bench/bench_view.py",
    "bench/bench_cli.py",
]
DEMO_LINE = re.compile(
    r"first level, launch to level_completed: ([\d.]+) s; all \d+ levels in one session: ([\d.]+) s"
)

Figures = list[dict[str, Any]]


def run(script: str) -> tuple[Figures, str]:
    done = subprocess.run(
        [sys.executable, script], cwd=REPO, capture_output=True, text=True, check=True
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith('{"bench"')]
    return [orjson.loads(line) for line in lines], done.stdout


def pick(figures: Figures, bench: str, **match: Any) -> dict[str, Any]:
    for figure in figures:
        if figure["bench"] == bench and all(figure.get(k) == v for k, v in match.items()):
            return figure
    raise SystemExit(f"no figure {bench} {match}")


def machine() -> str:
    model = ""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        found = re.search(r"model name\s*:\s*(.+)", cpuinfo.read_text())
        model = found[1].strip() if found else ""
    godot = subprocess.run(
        [str(find_godot()), "--version"], capture_output=True, text=True
    ).stdout.strip()
    load = f", load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    return (
        f"{platform.system()} {platform.release()}, {model or platform.machine()}, "
        f"{os.cpu_count()} cores{load}; Python {platform.python_version()}; Godot {godot}"
    )


def rows(figures: Figures, demo: tuple[float, float]) -> list[tuple[str, str, str]]:
    bridge = pick(figures, "compare", subject="bridge")
    ratios = pick(figures, "compare", subject="ratios")
    spin = pick(figures, "compare", subject="probe_spin")
    paced = pick(figures, "compare", subject="probe_default")
    hello = pick(figures, "round_trip", cmd="hello")

    def tree(nodes: int) -> dict[str, Any]:
        return pick(figures, "get_tree", nodes=nodes, fields=None)

    def snap(subject: str) -> dict[str, Any]:
        return pick(figures, "snapshot", subject=subject)

    def cli(step: str) -> dict[str, Any]:
        return pick(figures, "cli_step", step=step)

    lean = pick(figures, "get_tree", nodes=10000, fields=["name", "type", "path"])
    python = cli("python -c pass")["median_ms"]
    shot = pick(figures, "screenshot")
    return [
        (
            "round trip, burst of 1,000 `get_property`",
            f"p50 {bridge['p50_ms']:.3f} / p99 {bridge['p99_ms']:.3f} ms; spin-polling probe "
            f"{spin['p50_ms']:.3f} / {spin['p99_ms']:.3f} ms (x{ratios['p50_vs_spin']:.1f} / "
            f"x{ratios['p99_vs_spin']:.1f}); probe with default pacing {paced['p50_ms']:.2f} ms",
            "<= 0.5 / 1.5 ms",
        ),
        (
            "`hello` round trip, 2,000 calls",
            f"p50 {hello['p50_ms']:.3f} / p99 {hello['p99_ms']:.3f} ms, "
            f"{hello['per_s']:,.0f} commands/s",
            "",
        ),
        (
            "engine CPU while idle",
            f"{bridge['idle_cpu_pct']:.1f} % of a core (probe spinning: "
            f"{spin['idle_cpu_pct']:.0f} %)",
            "<= 5 %",
        ),
        (
            "`get_tree`, 100 / 1,000 / 10,000 nodes",
            " / ".join(f"{tree(n)['median_ms']:.1f} ms" for n in (100, 1000, 10000))
            + f" ({tree(10000)['kib'] / 1024:.1f} MiB at 10,000)",
            "<= 100 ms at 10,000",
        ),
        (
            "`get_tree` 10,000 nodes, `fields` name, type, path",
            f"{lean['median_ms']:.1f} ms ({lean['kib'] / 1024:.1f} MiB)",
            "",
        ),
        (
            "`snapshot`, 1,000 / 10,000 controls",
            f"{snap('generated UI, 1,000 controls')['median_ms']:.1f} / "
            f"{snap('generated UI, 10,000 controls')['median_ms']:.1f} ms",
            "<= 100 ms at 10,000",
        ),
        (
            "`snapshot -i -c`, demo level / 10,000 controls",
            f"{snap('demo level (cube, -i -c)')['median_ms']:.1f} / "
            f"{snap('generated UI, 10,000 controls, -i -c')['median_ms']:.1f} ms",
            "<= 50 ms at 10,000",
        ),
        (
            "CLI step wall, new process (`snapshot -i -c` / `click @e2`)",
            f"{cli('snapshot -i -c')['median_ms']:.0f} / {cli('click @e2')['median_ms']:.0f} ms "
            f"(Python alone {python:.0f} ms)",
            "<= 80 ms",
        ),
        (
            "launch to first answer (import cache warm)",
            f"{bridge['launch_ms']:.0f} ms; the bare probe {spin['launch_ms']:.0f} ms "
            f"(+{ratios['launch_over_probe_ms']:.0f} ms)",
            "probe + 30 ms",
        ),
        (
            "`hello` answer",
            f"{pick(figures, 'hello_size')['bytes']:,} bytes",
            "<= 2 KB",
        ),
        (
            "crash to exception",
            f"{pick(figures, 'crash_detection')['ms']:.0f} ms",
            "<= 1 s",
        ),
        (
            "click answered once settled / drag-to-swap settled",
            f"{pick(figures, 'action', subject='click settled')['median_ms']:.1f} / "
            f"{pick(figures, 'action', subject='drag settled')['median_ms']:.1f} ms",
            "",
        ),
        (
            "screenshot 1280x720, CPU renderer under Xvfb",
            f"{shot['median_ms']:.0f} ms median (first {shot['first_ms']:.0f} ms); "
            f"rendering launch {shot['launch_ms']:.0f} ms",
            "",
        ),
        (
            "demo: level 1, launch to `level_completed` / all 12 levels",
            f"{demo[0]:.2f} s / {demo[1]:.2f} s",
            "<= 0.4 s / <= 15 s",
        ),
    ]


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    figures: Figures = []
    for script in SCRIPTS:
        print(f"running {script} ...", file=sys.stderr, flush=True)
        figures += run(script)[0]
    demo_out = run("demos/demo_agent_plays.py")[1]
    found = DEMO_LINE.search(demo_out)
    if found is None:
        raise SystemExit("the demo printed no timing line")
    print(f"Measured on {machine()}.\n")
    print("| what | measured | target |")
    print("|---|---|---|")
    for what, measured, target in rows(figures, (float(found[1]), float(found[2]))):
        print(f"| {what} | {measured} | {target} |")


if __name__ == "__main__":
    main()
