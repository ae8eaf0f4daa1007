"""Trace viewer benchmark: how big the page gets and how fast it opens and answers keys.

For synthetic traces (tests/trace_samples.py) of 100 and 2,000 actions, and one of 2,000
steps holding 4,000 calls (format 2, a tree), prints the time to
generate, load and render them, the zip and HTML sizes, and, measured inside Chromium through
Playwright: first paint, the moment the timeline takes keys (the viewer's ready mark), the first
step's details drawn, and how long a key takes to move the selection and draw the new step.
Prints numbers; asserts nothing.

Run: python bench/bench_trace_view.py [--runs 3] [--keep DIR]
Needs Chromium (apt-get install -y chromium; AGENT_BRIDGE_CHROMIUM names another) and
playwright (pip install playwright).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from agent_client.trace.view import load_trace, render_html  # noqa: E402
from tests.chromium import CHROMIUM_ARGS, chromium_path  # noqa: E402
from tests.trace_samples import write_step_trace, write_trace  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# (label, write_trace options)
CASES: list[tuple[str, dict[str, Any]]] = [
    ("100 actions, 2 screenshots", {"actions": 100}),
    ("2,000 actions, 2 screenshots", {"actions": 2000}),
    ("2,000 actions, a screenshot each", {"actions": 2000, "screenshots": -1}),
    ("2,000 actions, 250-line snapshots", {"actions": 2000, "filler": 235}),
    ("2,000 steps holding 4,000 calls (a tree)", {"write": write_step_trace, "rounds": 500}),
]
KEY_PRESSES = 40

# Runs in the page: times from navigation start, then keys dispatched to the timeline, each
# timed until the new step's details are drawn and the frame after them has run.
MEASURE_PAGE = """async (presses) => {
  const mark = name => {
    const found = performance.getEntriesByName(name);
    return found.length ? found[0].startTime : null;
  };
  const paint = name => {
    const found = performance.getEntriesByType('paint').filter(entry => entry.name === name);
    return found.length ? found[0].startTime : null;
  };
  const nextFrame = () => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
  await nextFrame();
  const opened = {
    firstPaint: paint('first-paint'), firstContentfulPaint: paint('first-contentful-paint'),
    scriptStart: mark('trace-viewer-start'), dataParsed: mark('trace-viewer-data'),
    ready: mark('trace-viewer-ready'), firstStep: mark('trace-viewer-step'),
    load: performance.getEntriesByType('navigation')[0].loadEventEnd,
  };
  const timeline = document.getElementById('timeline');
  timeline.focus();
  const press = async key => {
    const before = document.body.dataset.step, start = performance.now();
    timeline.dispatchEvent(new KeyboardEvent('keydown', {key: key, bubbles: true}));
    while (document.body.dataset.step === before) await new Promise(requestAnimationFrame);
    await nextFrame();
    return performance.now() - start;
  };
  await press('Home');
  performance.clearMeasures();
  const steps = [];
  for (let i = 0; i < presses; i++) steps.push(await press('j'));
  const work = name => performance.getEntriesByName(name).map(entry => entry.duration);
  const selectWork = work('trace-viewer-select'), detailsWork = work('trace-viewer-details');
  const end = await press('End');
  const toggleStart = performance.now();
  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'a', bubbles: true}));
  await nextFrame();
  const toggle = performance.now() - toggleStart;
  return {opened: opened, steps: steps, selectWork: selectWork, detailsWork: detailsWork,
          end: end, toggle: toggle,
          domRows: timeline.querySelectorAll('[role=treeitem]').length};
}"""


@dataclass
class Files:
    """What one case wrote, with the Python-side timings."""

    zip_path: Path
    html: Path
    generate_s: float
    load_s: float
    render_s: float


def write_case(folder: Path, options: dict[str, Any]) -> Files:
    start = time.perf_counter()
    settings = dict(options)
    write = settings.pop("write", write_trace)
    sample = write(folder / "trace.zip", **settings)
    generated = time.perf_counter()
    trace = load_trace(sample.path)
    loaded = time.perf_counter()
    html = render_html(trace, folder / "trace.html")
    rendered = time.perf_counter()
    return Files(sample.path, html, generated - start, loaded - generated, rendered - loaded)


def measure_in_browser(browser: Browser, html: Path) -> dict[str, Any]:
    """One fresh page: wall time until the viewer is ready, and the page's own numbers."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(html.as_uri(), wait_until="commit")
    page.wait_for_selector("html[data-ready]")
    wall_ready = (time.perf_counter() - start) * 1000
    result: dict[str, Any] = page.evaluate(MEASURE_PAGE, KEY_PRESSES)
    result["wall_ready"] = wall_ready
    context.close()
    return result


def median(runs: list[dict[str, Any]], pick: Callable[[dict[str, Any]], float | None]) -> float:
    return statistics.median(value for value in map(pick, runs) if value is not None)


def report(label: str, files: Files, runs: list[dict[str, Any]]) -> None:
    size = files.html.stat().st_size
    print(f"\n{label}")
    print(
        f"  generate {files.generate_s * 1000:7.0f} ms   load {files.load_s * 1000:6.0f} ms   "
        f"render {files.render_s * 1000:6.0f} ms"
    )
    print(
        f"  trace.zip {files.zip_path.stat().st_size / 1024:8.0f} KiB   HTML {size / 1024:8.0f} KiB"
    )
    opened = [run["opened"] for run in runs]
    print(f"  in Chromium (median of {len(runs)}, ms from navigation start):")
    print(
        f"    first paint {median(opened, lambda o: o['firstPaint']):7.0f}   "
        f"first contentful paint {median(opened, lambda o: o['firstContentfulPaint']):7.0f}"
    )
    print(
        f"    viewer script starts {median(opened, lambda o: o['scriptStart']):7.0f}   "
        f"trace data parsed {median(opened, lambda o: o['dataParsed']):7.0f}"
    )
    print(
        f"    timeline takes keys {median(opened, lambda o: o['ready']):7.0f}   "
        f"first step drawn {median(opened, lambda o: o['firstStep']):7.0f}   "
        f"load event {median(opened, lambda o: o['load']):7.0f}"
    )
    print(f"    wall clock from goto to ready {median(runs, lambda r: r['wall_ready']):7.0f}")
    steps = sorted(sample for run in runs for sample in run["steps"])
    print(
        f"  key j to the next step drawn: median {statistics.median(steps):5.1f} ms, "
        f"worst {steps[-1]:5.1f} ms ({len(steps)} presses, frame-aligned)"
    )
    select = sorted(sample for run in runs for sample in run["selectWork"])
    details = sorted(sample for run in runs for sample in run["detailsWork"])
    print(
        f"    of which script work: timeline {statistics.median(select):4.1f} ms "
        f"(worst {select[-1]:4.1f}), details and diff {statistics.median(details):4.1f} ms "
        f"(worst {details[-1]:4.1f})"
    )
    print(
        f"  End to the last step {median(runs, lambda r: r['end']):5.1f} ms   "
        f"a (all calls) {median(runs, lambda r: r['toggle']):5.1f} ms   "
        f"timeline rows in the DOM {runs[0]['domRows']}"
    )


def chromium_binary() -> str:
    binary = chromium_path()
    if binary is None:
        sys.exit("No Chromium: apt-get install -y chromium, or set AGENT_BRIDGE_CHROMIUM.")
    return binary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="page opens per case (default 3)")
    parser.add_argument("--keep", type=Path, help="write the traces and pages here")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as playwright:
        root = options.keep or Path(scratch)
        browser = playwright.chromium.launch(executable_path=chromium_binary(), args=CHROMIUM_ARGS)
        print(f"Chromium {browser.version}, {options.runs} runs per case")
        for number, (label, case) in enumerate(CASES):
            files = write_case(root / f"case{number}", case)
            runs = [measure_in_browser(browser, files.html) for _ in range(options.runs)]
            report(label, files, runs)
        browser.close()


if __name__ == "__main__":
    main()
