"""The merged report in a real Chromium, opened from disk: a generated suite run as four
shards (in this process, through pytester), their blobs merged, then every test is on the
page and every trace link opens that test's trace in the viewer; the filters and the failure
details work; nothing is asked for outside the report's own files."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from agent_client.report.merge import merge_report
from tests.browser.conftest import VIEWPORT, Seen, outside, watch
from tests.suite_samples import SampleSuite, write_suite

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
pytest_plugins = ["pytester"]

TESTS = 16
SHARDS = 4


@dataclass
class Opened:
    page: Page
    suite: SampleSuite
    index: Path


@pytest.fixture
def report(chromium: Browser, pytester: pytest.Pytester) -> Iterator[Opened]:
    """The merged report of the suite's four shards, open in Chromium."""
    suite = write_suite(pytester.path / "suite", tests=TESTS, sleep=0)
    pytester.chdir()
    for shard in range(1, SHARDS + 1):
        pytester.runpytest(
            str(suite.folder),
            f"--rootdir={suite.folder}",
            f"-c={suite.folder / 'pytest.ini'}",
            f"--agent-shard={shard}/{SHARDS}",
            f"--agent-blob=blobs/{shard}",
            f"--agent-artifacts=artifacts/{shard}",
        )
    merged = merge_report([pytester.path / "blobs"], pytester.path / "report")
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    seen = Seen()
    watch(context, page, seen)
    page.goto(merged.index.as_uri())
    page.wait_for_selector("html[data-ready]")
    yield Opened(page, suite, merged.index)
    context.close()
    assert outside(seen.requests + seen.blocked) == [], "the report asked for something outside"
    assert seen.problems == []


def shown_ids(page: Page) -> list[str]:
    return page.locator("#tests tbody tr.case:visible .nodeid").all_inner_texts()


def test_every_test_is_listed_with_a_trace_link_that_opens_its_trace(report: Opened) -> None:
    page, suite = report.page, report.suite
    listed = shown_ids(page)
    assert sorted(listed) == sorted(suite.nodeids) and len(listed) == TESTS
    # Failures come first.
    assert set(listed[: len(suite.failed)]) == suite.failed
    hrefs = {
        row.locator(".nodeid").inner_text(): row.locator("a.trace-link").get_attribute("href")
        for row in page.locator("#tests tbody tr.case").all()
    }
    assert all(hrefs.values())
    for nodeid, href in sorted(hrefs.items()):
        page.locator(f"tr.case[data-nodeid='{nodeid}'] a.trace-link").click()
        page.wait_for_selector("html[data-ready]")
        assert page.url.split("#")[0].endswith(str(href))
        assert page.locator("#trace-title").inner_text() == nodeid
        # The test clicked Play; the viewer shows the trace's steps.
        assert page.locator("#timeline [role=treeitem]").count() >= 1
        page.go_back()
        page.wait_for_selector("html[data-ready]")
    assert page.url == report.index.as_uri()


def test_filters_narrow_the_list_and_a_failure_opens_its_details(report: Opened) -> None:
    page, suite = report.page, report.suite
    summary = page.locator("#summary").inner_text()
    assert f"{TESTS} tests: {len(suite.failed)} failed, {len(suite.passed)} passed" in summary
    assert page.locator("#filters button").all_inner_texts() == [
        f"All {TESTS}",
        f"Failed {len(suite.failed)}",
        f"Passed {len(suite.passed)}",
    ]
    page.locator("#filters button[data-outcome=failed]").click()
    assert set(shown_ids(page)) == suite.failed
    assert page.url.endswith("#failed")
    assert page.locator("#shown").inner_text() == f"showing {len(suite.failed)} of {TESTS}"
    page.locator("#search").fill("test_case_003")
    assert shown_ids(page) == ["test_games_00.py::test_case_003"]
    page.locator("#filters button[data-outcome=passed]").click()
    assert shown_ids(page) == [] and page.locator("#none-shown").is_visible()
    page.locator("#search").fill("")
    assert set(shown_ids(page)) == suite.passed
    # An address with #failed opens on the failed tests.
    page.goto(report.index.as_uri() + "#failed")
    page.reload()
    page.wait_for_selector("html[data-ready]")
    assert set(shown_ids(page)) == suite.failed

    # A failure shows its message; its details and the game's evidence open on a click.
    row = page.locator("tr.case[data-nodeid='test_games_00.py::test_case_003']")
    failure = row.locator("details.failure")
    summary = failure.locator("summary").first
    assert summary.inner_text() == "AssertionError: case 003 fails on purpose"
    assert not failure.locator("pre").first.is_visible()
    summary.click()
    details = failure.locator("pre").first.inner_text()
    assert "def test_case_003(game):" in details and "assert 1 == 2" in details
    sections = failure.locator("details.section summary").all_inner_texts()
    assert "agent-bridge game: snapshot" in sections
    links = row.locator(".links a").all_inner_texts()
    assert links[0] == "trace" and {"trace.zip", "snapshot.txt", "events.jsonl"} <= set(links)
    snapshot = row.locator(".links a", has_text="snapshot.txt")
    snapshot.click()
    assert re.search(r'button "Play"', page.locator("body").inner_text())
