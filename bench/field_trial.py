"""Field trial: the bridge on games nobody on this project wrote. Each game is copied to a
temporary folder, the addon installed, the project imported, and the game launched headless;
one row per game then says what an agent meets there. Prints numbers; asserts nothing.

Columns: import and launch time; nodes in the tree; snapshot lines in full and with -i -c;
refs; refs whose hit test reaches their own node (a hover, the same test a click makes) and
disabled ones (refused by design);
bare unnamed leaf lines; entities with a screen position; engine errors in the session and how
many of them came from the bridge's own scripts.

Run: python bench/field_trial.py [GAME_FOLDER ...]   (default: every game in ../shared/corpus)
"""

from __future__ import annotations

import argparse
import re
import shutil
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

CORPUS = REPO.parent / "shared" / "corpus"
SETTLE_FRAMES = 30
BARE = re.compile(r"^\s*- [a-z]+$")


def count_nodes(tree: dict) -> int:
    return 1 + sum(count_nodes(child) for child in tree.get("children", []))


def bare_leaves(lines: list[str]) -> int:
    depth = [len(line) - len(line.lstrip()) for line in lines]
    return sum(
        1
        for i, line in enumerate(lines)
        if BARE.match(line) and (i + 1 == len(lines) or depth[i + 1] <= depth[i])
    )


def trial(source: Path, workdir: Path) -> dict:
    project = workdir / source.name
    shutil.copytree(source, project)
    install(project)
    start = time.perf_counter()
    ensure_imported(project, find_godot())
    imported = time.perf_counter() - start
    start = time.perf_counter()
    with AgentClient.launch(project, timeout=60) as game:
        launched = time.perf_counter() - start
        game.wait_frames(SETTLE_FRAMES)
        nodes = count_nodes(game.get_tree())
        full = game.snapshot()["text"].splitlines()
        compact = game.snapshot(interactive=True, compact=True)
        refs = compact["refs"]
        reached = sum(1 for ref in refs if game.send("hover", {"ref": ref})["ok"])
        disabled = sum(1 for line in compact["text"].splitlines() if "[disabled" in line)
        errors = [event for event in game.get_events() if event["type"] == "engine_error"]
        from_bridge = [
            event
            for event in errors
            if "agent_bridge" in " ".join(str(arg) for arg in event["args"])
        ]
    return {
        "game": source.name,
        "import_s": round(imported, 2),
        "launch_s": round(launched, 3),
        "nodes": nodes,
        "snapshot_lines": len(full),
        "compact_lines": len(compact["text"].splitlines()),
        "refs": len(refs),
        "refs_reached": reached,
        "refs_disabled": disabled,
        "bare_leaf_lines": bare_leaves(full),
        "entities_at": sum("at=" in line for line in full),
        "engine_errors": len(errors),
        "from_bridge": len(from_bridge),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "games",
        nargs="*",
        type=Path,
        help="Godot project folders (default: every game in ../shared/corpus)",
    )
    args = parser.parse_args()
    games = args.games or sorted(p.parent for p in CORPUS.glob("*/project.godot"))
    if not games:
        print(f"no games given and none found in {CORPUS}", file=sys.stderr)
        return 2
    header = (
        f"{'game':<20} {'import':>7} {'launch':>7} {'nodes':>6} {'lines':>6} "
        f"{'-i -c':>6} {'refs':>5} {'reached':>8} {'disabled':>8} {'bare':>5} {'at=':>4} "
        f"{'errors':>7} {'bridge':>7}"
    )
    print(header)
    rows = []
    with tempfile.TemporaryDirectory(prefix="field-trial-") as workdir:
        for source in games:
            row = trial(source.resolve(), Path(workdir))
            rows.append(row)
            print(
                f"{row['game']:<20} {row['import_s']:>6.1f}s {row['launch_s']:>6.2f}s "
                f"{row['nodes']:>6} {row['snapshot_lines']:>6} {row['compact_lines']:>6} "
                f"{row['refs']:>5} {row['refs_reached']:>8} {row['refs_disabled']:>8} "
                f"{row['bare_leaf_lines']:>5} "
                f"{row['entities_at']:>4} {row['engine_errors']:>7} {row['from_bridge']:>7}"
            )
    for row in rows:
        print(orjson.dumps({"bench": "field_trial", **row}).decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
