"""The trace viewer on a trace in steps (format 2), in a real Chromium: a tree of steps that
opens on the failed expectation with its message, what it saw and its calls, keeps the failure
report's calls apart, and opens and closes by keys and mouse."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from tests.trace_samples import FAILED_MESSAGE, FAILED_NAME, REPORT_NAME, write_step_trace

if TYPE_CHECKING:
    from tests.browser.conftest import Viewer  # conftest is pytest's to import

pytestmark = pytest.mark.browser

OpenViewer = Callable[..., "Viewer"]
CLICK = "get_by_role('button', name='Start').click()"


def test_it_opens_on_the_failed_step_with_its_message_and_calls(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(write=write_step_trace)
    sample, page = viewer.sample, viewer.page
    viewer.wait_step(f"s{sample.failed_step}")
    failed = viewer.step_row(FAILED_NAME)
    assert failed.get_attribute("aria-selected") == "true"
    assert failed.get_attribute("aria-expanded") == "true", "opened on its calls"
    assert "fail" in str(failed.get_attribute("class")) and failed.inner_text().startswith("\u2716")
    for index in sample.failed_calls:  # its retries, one level in
        assert viewer.row(index).get_attribute("aria-level") == "2"
    summary = page.locator("#summary")
    assert FAILED_NAME in summary.inner_text()
    assert page.locator("#summary .badge").inner_text() == "failed: AssertionError"
    assert page.locator("#step-error").inner_text() == FAILED_MESSAGE
    assert page.locator("#step-actual").inner_text() == "Last seen: <no node matches>"
    page.locator("#step-calls summary").click()  # many calls: folded at first
    listed = page.locator("#step-calls li").all_inner_texts()
    assert len(listed) == len(sample.failed_calls) and listed[1].startswith(
        f"#{sample.failed_calls[1]} wait"
    )
    # The snapshot it failed on, whole, and the picture taken then.
    assert page.locator("#snapshot-heading").inner_text() == "Snapshot when it failed"
    lines = page.locator("#snapshot-diff .diff-line .text").all_inner_texts()
    assert sample.failure_line in lines and page.locator("#snapshot-diff .diff-fold").count() == 0
    assert "When it failed" in page.locator("#screenshot figcaption").inner_text()
    # The failure report's calls: a group apart, not a failure.
    report = viewer.step_row(REPORT_NAME)
    assert "report" in str(report.get_attribute("class"))
    assert "fail" not in str(report.get_attribute("class"))
    meta = page.locator("#meta").inner_text()
    assert "Failed steps\n1" in meta and "Failed calls\n0" in meta
    assert f"{sample.top} steps, 3 actions, {sample.calls} calls" in meta
    assert page.locator("#timeline-heading").inner_text() == f"Steps ({sample.top})"


def test_steps_open_and_close_by_keys_and_mouse(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(write=write_step_trace)
    sample, page = viewer.sample, viewer.page
    page.keyboard.press("Home")
    viewer.wait_step(f"s{sample.click_step}")
    click = viewer.step_row(CLICK)
    assert click.get_attribute("aria-expanded") == "false"
    assert viewer.row(sample.click_calls[0]).count() == 0
    page.keyboard.press("ArrowRight")  # opens it
    assert click.get_attribute("aria-expanded") == "true"
    assert viewer.row(sample.click_calls[0]).is_visible()
    page.keyboard.press("ArrowRight")  # into it
    viewer.wait_step(sample.click_calls[0])
    page.keyboard.press("ArrowLeft")  # to the step around
    viewer.wait_step(f"s{sample.click_step}")
    page.keyboard.press("ArrowLeft")  # closes it
    assert click.get_attribute("aria-expanded") == "false"
    # The mouse: the triangle opens a group, whose nested step is one level in.
    group = viewer.step_row("dodge for a second")
    group.locator(".tl-twisty").click()
    nested = viewer.step_row("get_by_name('Player').hover()")
    assert group.get_attribute("aria-expanded") == "true"
    assert nested.get_attribute("aria-level") == "2"
    nested.click()
    viewer.wait_step(f"s{sample.nested_step}")
    page.locator("#summary .entry-link", has_text="dodge for a second").click()
    viewer.wait_step(f"s{sample.group_step}")
    # "a" opens every step; again, every step closes.
    page.keyboard.press("a")
    assert page.locator("#timeline-heading").inner_text() == f"All calls ({sample.calls})"
    assert click.get_attribute("aria-expanded") == "true"
    page.keyboard.press("a")
    assert page.locator("#timeline > [aria-expanded=true]:not([hidden])").count() == 0


def test_a_call_inside_a_step_shows_its_details_and_its_step(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(write=write_step_trace, hash="#call=3")
    sample, page = viewer.sample, viewer.page
    click_call = sample.click_calls[-1]
    assert click_call == 3
    viewer.wait_step(click_call)
    assert viewer.step_row(CLICK).get_attribute("aria-expanded") == "true", "opened to show it"
    assert page.locator("#summary .summary-cmd").inner_text() == "click"
    assert page.locator("#summary .entry-link").inner_text() == CLICK
    assert page.locator("#shot-img").is_visible() and page.locator("#target-mark").count() == 1
    assert "pressed" in page.locator("#events").inner_text()
    # The click's step shows the same picture, after its last action.
    page.keyboard.press("ArrowLeft")
    viewer.wait_step(f"s{sample.click_step}")
    assert "After the step" in page.locator("#screenshot figcaption").inner_text()
    assert page.locator("#diff-stats").inner_text().startswith("+")


def test_e_walks_the_errors_and_the_url_names_a_step(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(write=write_step_trace, hash="#step=1")
    sample, page = viewer.sample, viewer.page
    viewer.wait_step(f"s{sample.click_step}")
    page.keyboard.press("e")
    viewer.wait_step(f"s{sample.failed_step}")
    page.keyboard.press("e")  # the retry during which the game logged an error
    viewer.wait_step(sample.failed_calls[4])
    assert "ERROR: Mob spawn path is empty." in page.locator("#call-log").inner_text()
    page.keyboard.press("e")  # the report's own refused screenshot, after the failure
    viewer.wait_step(sample.report_calls[-1])
    assert page.locator("#summary .entry-link").inner_text() == REPORT_NAME
    page.wait_for_function("() => location.hash === '#call=' + document.body.dataset.step")
