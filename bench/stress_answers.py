"""Stress: several games play every Crystal Vault level at once, round after round, and every
request that gets no answer is reported with its session folder kept for inspection.

Prints numbers and findings; asserts nothing. Run: python bench/stress_answers.py
[--games 4] [--rounds 8]. On a machine with more games than cores (add load with other work),
a request whose line is complete in cmd.jsonl but never answered shows up here as a kept folder.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import play_level  # noqa: E402

from agent_client import AgentClient, ResponseTimeoutError  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402

GAME = REPO / "demos" / "crystal_vault"


def play_rounds(rounds: int, keep: Path) -> list[str]:
    """One finding per request that got no answer."""
    findings = []
    for _ in range(rounds):
        with AgentClient.launch(GAME, install=True) as game:
            try:
                for level in game.command("list_levels")["levels"]:
                    play_level(game, level["id"])
            except ResponseTimeoutError as error:
                assert game.session_dir is not None
                kept = Path(shutil.copytree(game.session_dir, keep / game.session_dir.name))
                lines = [
                    len(kept.joinpath(name).read_bytes().splitlines())
                    for name in ("cmd.jsonl", "resp.jsonl")
                ]
                findings.append(
                    f"{error.args[0].splitlines()[0]} (game running: "
                    f"{game.process is not None and game.process.exit_code() is None};"
                    f" {lines[0]} request lines, {lines[1]} answers; kept {kept})"
                )
    return findings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=8)
    options = parser.parse_args()
    install(GAME)
    keep = Path(tempfile.mkdtemp(prefix="stress-answers-"))
    started = time.perf_counter()
    with ProcessPoolExecutor(options.games) as pool:
        results = list(
            pool.map(play_rounds, [options.rounds] * options.games, [keep] * options.games)
        )
    findings = [finding for found in results for finding in found]
    print(
        f"{options.games} games x {options.rounds} rounds of every level in "
        f"{time.perf_counter() - started:.0f} s: {len(findings)} unanswered request(s)"
    )
    for finding in findings:
        print(f"  {finding}")


if __name__ == "__main__":
    main()
