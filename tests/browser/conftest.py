"""A real Chromium, driven by Playwright, for the trace viewer's page.

Chromium comes from the distribution (``apt-get install -y chromium``, at /usr/bin/chromium;
``AGENT_BRIDGE_CHROMIUM`` names another binary); Playwright never downloads a browser here.
Without Chromium or Playwright the tests are skipped with the reason, unless
``AGENT_BRIDGE_REQUIRE_BROWSER=1`` (CI) makes that a failure.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from agent_client.trace.view import load_trace, render_html
from tests.chromium import CHROMIUM_ARGS, chromium_path
from tests.trace_samples import SampleTrace, StepSample, write_trace

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Page,
        Route,
        ViewportSize,
    )

VIEWPORT: ViewportSize = {"width": 1400, "height": 900}
# about: is the test's own blank page; nothing else may be asked for.
LOCAL_SCHEMES = ("file:", "data:", "about:")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "browser: needs Chromium and Playwright for Python "
        "(skipped without them unless "
        "AGENT_BRIDGE_REQUIRE_BROWSER=1)",
    )


def unavailable(why: str) -> None:
    """Skip, or fail when the browser is required.

    Raises:
        pytest.fail.Exception: AGENT_BRIDGE_REQUIRE_BROWSER=1 is set.
        pytest.skip.Exception: otherwise.
    """
    if os.environ.get("AGENT_BRIDGE_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{why}, and AGENT_BRIDGE_REQUIRE_BROWSER=1 requires the browser tests.")
    pytest.skip(why)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    """Chromium, launched once for the session."""
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install playwright)")
    binary = chromium_path()
    if binary is None:
        named = os.environ.get("AGENT_BRIDGE_CHROMIUM")
        unavailable(
            f"AGENT_BRIDGE_CHROMIUM={named} is not a file"
            if named
            else "Chromium is not installed (apt-get install -y chromium)"
        )
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=binary, args=CHROMIUM_ARGS)
        except Error as exc:
            unavailable(f"Chromium at {binary} does not start ({exc.message.splitlines()[0]})")
        yield browser
        browser.close()


@dataclass
class Viewer:
    """The viewer page of a sample trace, with what the page asked for."""

    page: Page
    sample: Any  # a SampleTrace, a StepSample, or None for a trace a test recorded
    html: Path
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def outside_requests(self) -> list[str]:
        """Requests for anything but the page's own file and data: URIs."""
        return outside(self.requests + self.blocked)

    def wait_until(self, check: Callable[[], bool], seconds: float = 2.0) -> bool:
        """Poll ``check`` (for what the browser reports on its own time), then let
        stragglers arrive. Returns whether ``check`` came true."""
        for _ in range(int(seconds / 0.05)):
            if check():
                break
            self.page.wait_for_timeout(50)
        self.page.wait_for_timeout(100)
        return check()

    def forget(self) -> None:
        """Drop what was seen so far (for a test that makes requests on purpose)."""
        self.requests.clear()
        self.blocked.clear()
        self.problems.clear()

    def step(self) -> int:
        """The ``index`` of the call whose details are shown, once they match the timeline."""
        self.page.wait_for_function("""() => {
            const row = document.querySelector('#timeline [aria-selected=true] .tl-index');
            return row !== null && row.textContent === '#' + document.body.dataset.step; }""")
        return int(self.page.evaluate("document.body.dataset.step"))

    def wait_step(self, index: int | str) -> None:
        """Wait until the details of call ``index`` (or of step N, ``"sN"``) are drawn."""
        # A function, not an expression: the page's CSP refuses eval.
        self.page.wait_for_function(
            "index => document.body.dataset.step === String(index)", arg=index, timeout=5000
        )

    def row(self, index: int) -> Any:
        """The timeline row of call ``index``."""
        return self.page.locator(f"#timeline [role=treeitem]:has(.tl-index:text-is('#{index}'))")

    def step_row(self, name: str) -> Any:
        """The timeline row of the step named ``name``."""
        return self.page.locator(f"#timeline .tl-row.step:has(.tl-cmd:text-is({name!r}))")

    def focused_id(self) -> str:
        return str(self.page.evaluate("document.activeElement && document.activeElement.id"))


def outside(urls: list[str]) -> list[str]:
    """The URLs that are not the page's own files or data: URIs."""
    return sorted({url for url in urls if not url.startswith(LOCAL_SCHEMES)})


@dataclass
class Seen:
    """What a page other than the viewer's asked for, and its script errors."""

    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def watch(context: BrowserContext, page: Page, viewer: Viewer | Seen) -> None:
    """Route every request (only file: and data: go through) and keep page errors."""

    def route(route: Route) -> None:
        if route.request.url.startswith(LOCAL_SCHEMES):
            route.continue_()
        else:
            viewer.blocked.append(route.request.url)
            route.abort()

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":  # CSP refusals land here too
            viewer.problems.append(f"console: {message.text}")

    context.route("**/*", route)
    page.on("request", lambda request: viewer.requests.append(request.url))
    page.on("pageerror", lambda error: viewer.problems.append(f"page error: {error}"))
    page.on("console", console)


@pytest.fixture
def open_viewer(chromium: Browser, tmp_path: Path) -> Iterator[Callable[..., Viewer]]:
    """Opens a sample trace in the viewer: ``write_trace`` options, ``write=`` another
    sample writer (``write_step_trace``), ``zipped=`` a trace.zip instead, ``hash=`` a
    fragment for the page's address. Every page opened must end without a request leaving it
    and without script errors."""
    opened: list[tuple[BrowserContext, Viewer]] = []

    def open_sample(
        *,
        write: Callable[..., SampleTrace | StepSample] = write_trace,
        zipped: Path | None = None,
        hash: str = "",
        **options: Any,
    ) -> Viewer:
        folder = tmp_path / f"trace{len(opened)}"
        sample = None if zipped else write(folder / "trace.zip", **options)
        source = zipped or sample.path  # type: ignore[union-attr]
        html = render_html(load_trace(source), folder / "trace.html")
        context = chromium.new_context(viewport=VIEWPORT)
        page = context.new_page()
        viewer = Viewer(page, sample, html)
        watch(context, page, viewer)
        opened.append((context, viewer))
        page.goto(html.as_uri() + hash)
        page.wait_for_selector("html[data-ready]")
        return viewer

    yield open_sample
    for context, _viewer in opened:
        context.close()
    for _, viewer in opened:
        assert viewer.outside_requests() == [], "the page asked for something outside itself"
        assert viewer.problems == []
