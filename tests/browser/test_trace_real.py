"""A real failed test's trace in the viewer: dodge_the_creeps (from the corpus) run through
pytest, rendering, with a last line that fails: ``expect(get_by_text('Game Over'))
.to_be_visible()``. The viewer must open on that step, with its message and the picture of the
moment it failed.

The screenshot of the page goes to the test's folder; with ``AGENT_BRIDGE_DOCS_IMAGES=1`` it
also replaces docs/images/trace-failed-step.png (the picture docs/TRACE.md shows).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.agent.corpus.conftest import corpus_game  # noqa: F401  (the fixture)

if TYPE_CHECKING:
    from tests.browser.conftest import Viewer

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.browser

DOCS_IMAGE = Path(__file__).resolve().parents[2] / "docs" / "images" / "trace-failed-step.png"
FAILED = "expect(get_by_text('Game Over')).to_be_visible(timeout=1)"
DODGE_TEST = f"""
from agent_client import expect


def test_game_over(game):
    game.get_by_role("button", name="Start").click()
    game.wait_for_event("start_game")
    {FAILED.replace("get_by_text", "game.get_by_text")}
"""


@pytest.mark.usefixtures("godot_for_inner_runs")
def test_a_real_failed_expectation_opens_on_its_step(
    pytester: pytest.Pytester,
    corpus_game: Callable[[str], Path],  # noqa: F811
    open_viewer: Callable[..., Viewer],
    tmp_path: Path,
) -> None:
    project = corpus_game("dodge_the_creeps")
    pytester.makepyfile(test_dodge=DODGE_TEST)
    artifacts = pytester.path / "out"
    result = pytester.runpytest(
        "--godot-project", str(project), "--agent-render", "--agent-artifacts", str(artifacts)
    )
    result.assert_outcomes(failed=1)
    (zipped,) = artifacts.rglob("trace.zip")
    viewer = open_viewer(zipped=zipped)
    page = viewer.page
    page.wait_for_function("() => (document.body.dataset.step || '').startsWith('s')")
    row = viewer.step_row(FAILED)
    assert row.get_attribute("aria-selected") == "true"
    assert (
        page.locator("#step-error")
        .inner_text()
        .startswith(
            "Locator get_by_text('Game Over') expected to be visible\nExpected: visible\n"
            "Actual: <no node matches>\nTimed out after 1 s"
        )
    )
    assert page.locator("#step-actual").inner_text() == "Last seen: <no node matches>"
    assert viewer.step_row("after the failure: the failure report").count() == 1
    # The game rendered: the picture of the moment it failed, and the screen it failed on.
    page.locator("#shot-img").wait_for()
    page.wait_for_function("() => document.getElementById('shot-img').complete")
    assert "When it failed" in page.locator("#screenshot figcaption").inner_text()
    assert '- button "Start"' not in page.locator("#snapshot-diff").inner_text()
    page.set_viewport_size({"width": 1400, "height": 1100})  # the snapshot and picture too
    page.wait_for_timeout(100)
    picture = page.screenshot(path=str(tmp_path / "trace-failed-step.png"))
    assert picture.startswith(b"\x89PNG")
    if os.environ.get("AGENT_BRIDGE_DOCS_IMAGES") == "1":
        DOCS_IMAGE.parent.mkdir(exist_ok=True)
        shutil.copyfile(tmp_path / "trace-failed-step.png", DOCS_IMAGE)
