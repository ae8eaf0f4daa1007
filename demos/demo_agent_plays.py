"""Demo: an agent plays every level of Crystal Vault, headless, from what it sees.

    python demos/demo_agent_plays.py [--level act1_level01] [--quiet]

It launches the game, prints what the agent sees, reasons out each level's symmetries from the
scene tree, plays every level to completion through the game's commands, and prints a transcript
and the time each level took.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from vault_agent import LEVEL_ROOT, play_level, read_vault  # noqa: E402

from agent_client import AgentClient  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402
from agent_client.engine.godot_import import ensure_imported  # noqa: E402
from agent_client.engine.launcher import find_godot  # noqa: E402

GAME = HERE / "crystal_vault"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", action="append", help="play only these level ids")
    parser.add_argument("--quiet", action="store_true", help="no per-move transcript")
    options = parser.parse_args()

    started = time.perf_counter()
    install(GAME)  # the addon is copied in (unchanged files are left alone)
    if ensure_imported(GAME, find_godot()):  # once per checkout: builds the class cache
        print(f"first run: imported the project in {time.perf_counter() - started:.1f} s")
    launched = time.perf_counter()
    with AgentClient.launch(GAME) as game:
        ready = time.perf_counter() - launched
        hello = game.hello()
        game_commands = [c["name"] for c in hello["commands"] if c.get("source") == "game"]
        print(
            f"{hello['game']} on {hello['engine']} {hello['engine_version']}, ready in "
            f"{ready * 1000:.0f} ms; the game registered: {', '.join(game_commands)}"
        )
        print("\nWhat the agent sees (interactive snapshot):")
        print(game.snapshot(interactive=True, compact=True)["text"])
        print("\nRead from the scene tree:", read_vault(game.get_tree(LEVEL_ROOT)).describe())

        levels = options.level or [level["id"] for level in game.command("list_levels")["levels"]]
        reports = []
        frames: list[int] = []  # game frames each level took: the same run after run
        for level_id in levels:
            before = game.last_frame
            report = play_level(game, level_id)
            frames.append(game.last_frame - before)
            reports.append(report)
            print(f"\n== {report.level_id}: {report.title} ==")
            for line in report.transcript if not options.quiet else report.transcript[:2]:
                print(f"   {line}")
            status = "completed" if report.completed else "NOT completed"
            print(f"   {status} in {report.seconds * 1000:.0f} ms")
            if level_id == levels[0]:
                first_done = time.perf_counter() - launched
        total = time.perf_counter() - launched

    print("\nlevel            crystals  symmetries  frames      ms")
    for report, level_frames in zip(reports, frames, strict=True):
        print(
            f"{report.level_id:<16} {report.crystals:>8} {report.symmetries:>11} "
            f"{level_frames:>7} {report.seconds * 1000:>7.0f}"
        )
    print(
        f"\nfirst level, launch to level_completed: {first_done:.2f} s; all {len(reports)} "
        f"levels in one session: {total:.2f} s (launch and quit included)"
    )
    return 0 if all(report.completed for report in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
