"""Shard benchmark: a generated suite of game tests (the fake bridge, a trace per test, some
failing on purpose) run once whole, then as N shards in N processes at once (as N CI machines
would, each a copy of the suite, the same way .github/workflows/sharded.yml runs them), their
blobs merged into one report, and the report opened in Chromium with every trace link
followed.

Prints the wall time of the whole run and of each shard, how the durations file balanced the
shards (against round-robin), the merge time, the report's size, whether the shards gave the
same passed and failed tests as the whole run, and how many trace links open their trace.
All at once, the machine's cores are shared by the N processes, unlike N machines: the
shards' wall times are then an upper bound; ``--sequential`` runs them one after another.

Run: python bench/bench_shards.py [--tests 200] [--shards 4] [--sequential] [--keep DIR]
     [--no-browser]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from measure import emit  # noqa: E402

from agent_client.results.blob import Blob, read_blob  # noqa: E402
from agent_client.results.durations import assign, load_durations  # noqa: E402
from tests.suite_samples import run_pytest, start_pytest, write_suite  # noqa: E402


def outcomes(blobs: list[Blob]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for blob in blobs:
        for case in blob.tests:
            found.setdefault(case.outcome, set()).add(case.nodeid)
    return found


def folder_size(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def balance(nodeids: list[str], durations: dict[str, float], shards: int) -> list[float]:
    """Each shard's recorded seconds under a split."""
    return [sum(durations[n] for n in part) for part in assign(nodeids, durations, shards)]


def run_shards(
    root: Path, tests: int, shards: int, durations: Path, *, sequential: bool
) -> list[float]:
    """Run the shards, each in a copy of the suite, all at once (or one after another, as on
    machines of their own); return each one's wall time."""
    started, running, walls = {}, {}, [0.0] * shards
    for shard in range(1, shards + 1):
        machine = root / f"machine-{shard}"
        write_suite(machine, tests)
        shutil.copyfile(durations, machine / durations.name)
        started[shard] = time.perf_counter()
        running[shard] = start_pytest(
            machine, f"--agent-shard={shard}/{shards}", "--agent-blob=agent-blob"
        )
        if sequential:
            running[shard].wait()
            walls[shard - 1] = time.perf_counter() - started[shard]
            del running[shard]
    pending = dict(running)
    while pending:
        for shard, process in list(pending.items()):
            if process.poll() is not None:
                walls[shard - 1] = time.perf_counter() - started[shard]
                del pending[shard]
        time.sleep(0.01)
    return walls


def check_in_browser(index: Path) -> tuple[int, int, float]:
    """Open the report, follow every trace link: (rows, links that opened their trace, s)."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import CHROMIUM_ARGS, chromium_path

    binary = chromium_path()
    if binary is None:
        sys.exit("No Chromium: apt-get install -y chromium, or pass --no-browser.")
    start = time.perf_counter()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=binary, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(index.as_uri())
        page.wait_for_selector("html[data-ready]")
        rows = page.locator("#tests tbody tr.case")
        links = {
            row.get_attribute("data-nodeid"): row.locator("a.trace-link").get_attribute("href")
            for row in rows.all()
        }
        working = 0
        for nodeid, href in links.items():
            if not href:
                continue
            page.goto((index.parent / href).as_uri())
            page.wait_for_selector("html[data-ready]")
            working += page.locator("#trace-title").inner_text() == nodeid
        browser.close()
    return len(links), working, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tests", type=int, default=200, help="tests in the suite (200)")
    parser.add_argument("--shards", type=int, default=4, help="shards, one process each (4)")
    parser.add_argument("--keep", type=Path, help="write the suite, blobs and report here")
    parser.add_argument(
        "--sequential",
        action="store_true",
        help="run the shards one after another (as on machines of their own), not all at once",
    )
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium check")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        root = options.keep or Path(scratch)
        whole = write_suite(root / "whole", options.tests)
        start = time.perf_counter()
        run_pytest(whole.folder, "--agent-blob=agent-blob", "--agent-store-durations")
        whole_wall = time.perf_counter() - start
        reference = read_blob(whole.folder / "agent-blob")
        durations_file = whole.folder / ".agent-durations.json"
        durations = load_durations(durations_file)
        print(
            f"{options.tests} tests ({len(whole.failed)} fail on purpose), one process: "
            f"{whole_wall:.2f} s wall, {reference.wall:.2f} s in pytest"
        )
        nodeids = sorted(durations)
        balanced = balance(nodeids, durations, options.shards)
        round_robin = [
            sum(durations[n] for n in nodeids[k :: options.shards]) for k in range(options.shards)
        ]
        print(
            "recorded test time per shard: balanced "
            + " / ".join(f"{s:.2f}" for s in balanced)
            + " s; round-robin "
            + " / ".join(f"{s:.2f}" for s in round_robin)
            + " s"
        )

        walls = run_shards(
            root, options.tests, options.shards, durations_file, sequential=options.sequential
        )
        print("shards " + ("one after another:" if options.sequential else "all at once:"))
        blobs = [
            read_blob(root / f"machine-{shard}" / "agent-blob")
            for shard in range(1, options.shards + 1)
        ]
        for shard, (wall, blob) in enumerate(zip(walls, blobs, strict=True), start=1):
            print(
                f"  shard {shard}/{options.shards}: {len(blob.tests):4d} tests, {wall:6.2f} s "
                f"wall ({blob.wall:.2f} s in pytest)"
            )
        downloads = root / "merge" / "blobs"
        for shard in range(1, options.shards + 1):
            shutil.copytree(
                root / f"machine-{shard}" / "agent-blob", downloads / f"agent-blob-{shard}"
            )
        command = [str(Path(sys.executable).parent / "agent-bridge"), "report", "merge"]
        start = time.perf_counter()
        merged = subprocess.run(
            [*command, str(downloads), "-o", str(root / "merge" / "report")],
            capture_output=True,
            text=True,
            env={**os.environ},
        )
        merge_wall = time.perf_counter() - start
        if merged.returncode != 0:
            sys.exit(merged.stderr)
        report = root / "merge" / "report"
        size = folder_size(report)
        same = outcomes(blobs) == outcomes([reference])
        print(f"merge: {merge_wall:.2f} s ({merged.stdout.splitlines()[0]})")
        print(
            f"report: {size / 1e6:.1f} MB in all, index.html "
            f"{(report / 'index.html').stat().st_size / 1e3:.0f} kB, "
            f"{len(list((report / 'traces').rglob('*.html')))} trace pages"
        )
        print(f"same passed and failed tests as the whole run: {'yes' if same else 'NO'}")
        rows = working = 0
        browser_s = 0.0
        if not options.no_browser:
            rows, working, browser_s = check_in_browser(report / "index.html")
            print(
                f"Chromium: {rows} tests listed, {working} trace links open their trace "
                f"({browser_s:.1f} s to follow them all)"
            )
        emit(
            "shards",
            tests=options.tests,
            shards=options.shards,
            whole_wall_s=round(whole_wall, 2),
            shard_wall_s=[round(wall, 2) for wall in walls],
            merge_s=round(merge_wall, 2),
            report_bytes=size,
            same_outcomes=same,
            listed=rows,
            trace_links_working=working,
        )


if __name__ == "__main__":
    main()
