"""``doctor`` over every game of the corpus (../shared/corpus), in parallel: one row per game
(which invariants hold) and the counts docs/COMPATIBILITY.md and the closing notes quote.
Each game is copied to a temporary folder with the addon installed. Prints numbers and, with
``--json FILE``, writes every report.

Run: python bench/corpus_doctor.py [--workers 2] [--json out.json] [GAME ...]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import orjson

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client.doctor import INVARIANTS, examine  # noqa: E402
from agent_client.engine.addon import install  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"


def corpus_games() -> list[str]:
    """Every game of the corpus, by its folder relative to the corpus."""
    return sorted(str(path.parent.relative_to(CORPUS)) for path in CORPUS.rglob("project.godot"))


def run(name: str, workdir: str) -> dict[str, Any]:
    project = Path(workdir) / name
    shutil.copytree(CORPUS / name, project)
    install(project)
    started = time.perf_counter()
    try:
        report = examine(project)
    except Exception as error:  # a game that cannot even be examined is a row too
        return {"game": name, "error": f"{type(error).__name__}: {error}"}
    return {
        "game": name,
        "seconds": round(time.perf_counter() - started, 1),
        "held": {verdict.name: verdict.ok for verdict in report.verdicts},
        "report": report.to_json(),
        "text": report.text(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="corpus games (default: all)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="write every report here")
    args = parser.parse_args()
    if not (CORPUS / "pong" / "project.godot").is_file():
        print(f"the corpus is missing at {CORPUS}", file=sys.stderr)
        return 1
    names = args.games or corpus_games()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as workdir, ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(run, names, [workdir] * len(names)))
    for row in rows:
        held = row.get("held", {})
        marks = " ".join(name if held.get(name) else name.upper() for name in INVARIANTS)
        print(f"{row['game']:45} {marks if held else row.get('error')}")
    counts = {name: sum(1 for row in rows if row.get("held", {}).get(name)) for name in INVARIANTS}
    all_pass = sum(1 for row in rows if row.get("held") and all(row["held"].values()))
    summary = {"games": len(rows), "all_pass": all_pass, **counts}
    summary["wall_s"] = round(time.perf_counter() - started, 1)
    print(orjson.dumps(summary).decode())
    if args.json:
        Path(args.json).write_bytes(orjson.dumps(rows, option=orjson.OPT_INDENT_2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
