"""The trace viewer's page in a real Chromium: clicked through, driven by keys, kept offline."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import FloatRect

    from tests.browser.conftest import Viewer  # conftest is pytest's to import

pytestmark = pytest.mark.browser

OpenViewer = Callable[..., "Viewer"]


def box(viewer: Viewer, selector: str) -> FloatRect:
    found = viewer.page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not on screen"
    return found


def test_it_opens_on_the_failed_step_with_the_trace_in_the_header(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24)
    page = viewer.page
    assert viewer.step() == viewer.sample.failed_call
    assert page.locator("#trace-title").inner_text() == "test_level_one \u2014 Crystal Vault"
    assert page.locator("#end-status").inner_text() == "failed"
    meta = page.locator("#meta").inner_text()
    assert "godot 4.6.3.stable" in meta and f"24 actions, {viewer.sample.calls} calls" in meta
    assert page.locator("#summary .badge").inner_text() == "STALE_REF"
    assert "Ref e99 is stale" in page.locator("#summary").inner_text()
    assert page.locator("#timeline-heading").inner_text() == "Actions (24)"
    assert page.locator("#timeline [role=treeitem][aria-selected=true]").count() == 1
    assert viewer.row(viewer.sample.failed_call).get_attribute("aria-selected") == "true"
    assert page.locator(".banner.cut-off").count() == 0


def test_clicking_a_step_shows_its_snapshot_diff_events_and_changes(
    open_viewer: OpenViewer,
) -> None:
    viewer = open_viewer(actions=24)
    sample, page = viewer.sample, viewer.page
    viewer.row(sample.dialog_call).click()
    viewer.wait_step(sample.dialog_call)
    added = page.locator("#snapshot-diff ins.diff-line .text").all_inner_texts()
    removed = page.locator("#snapshot-diff del.diff-line .text").all_inner_texts()
    assert sample.added_line in added and sample.removed_line in removed
    assert '  - dialog "Level complete"' in added
    assert page.locator("#diff-stats").inner_text() == f"+{len(added)} \u2212{len(removed)} lines"
    # Added and removed lines look different from each other and from unchanged ones.
    colors = {
        kind: page.locator(f"#snapshot-diff .diff-line.{kind}").first.evaluate(
            "line => getComputedStyle(line).backgroundColor"
        )
        for kind in ("add", "del", "same")
    }
    assert len(set(colors.values())) == 3
    events = page.locator("#events tr.event-row").all_inner_texts()
    assert any(sample.event_type in row and "/root/Level/Dialog" in row for row in events)
    assert "Added (1): /root/Level/Dialog" in page.locator("#events .changes").inner_text()
    request = page.locator("#request-json").inner_text()
    assert '"cmd": "' in request and f'"id": {sample.dialog_call}' in request
    assert '"ok": true' in page.locator("#response-json").inner_text()


def test_unchanged_lines_fold_and_open(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24, filler=30)
    page = viewer.page
    viewer.row(viewer.sample.dialog_call).click()
    viewer.wait_step(viewer.sample.dialog_call)
    folded = page.locator("#snapshot-diff .diff-line").count()
    fold = page.locator("#snapshot-diff button.diff-fold").first
    hidden = int(fold.inner_text().split()[1])
    fold.click()
    assert page.locator("#snapshot-diff .diff-line").count() == folded + hidden
    page.keyboard.press("w")
    assert page.locator("#whole-snapshot").is_checked()
    assert page.locator("#snapshot-diff button.diff-fold").count() == 0


def test_the_keyboard_alone_moves_through_the_timeline_and_panes(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24)
    sample, page = viewer.sample, viewer.page
    actions = sample.action_indexes
    assert viewer.focused_id() == "timeline"
    page.keyboard.press("Home")
    viewer.wait_step(actions[0])
    page.keyboard.press("ArrowDown")
    page.keyboard.press("j")
    viewer.wait_step(actions[2])
    page.keyboard.press("k")
    viewer.wait_step(actions[1])
    active = page.locator("#timeline").get_attribute("aria-activedescendant")
    assert page.locator(f"#{active}").get_attribute("aria-selected") == "true"
    assert f"Call #{actions[1]}:" in str(page.locator(f"#{active}").get_attribute("aria-label"))
    page.keyboard.press("End")
    viewer.wait_step(actions[-1])
    # Enter goes to the details; Tab walks the panes; Escape comes back.
    page.keyboard.press("Enter")
    assert viewer.focused_id() == "snapshot-pane"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    visited = []
    for _ in range(6):  # the checkbox, the diff's fold buttons, then the next pane
        page.keyboard.press("Tab")
        visited.append(viewer.focused_id())
        if visited[-1] == "screenshot-pane":
            break
    assert visited[0] == "whole-snapshot" and visited[-1] == "screenshot-pane"
    page.keyboard.press("k")  # j and k still step while reading the details
    viewer.wait_step(actions[-2])
    page.keyboard.press("Escape")
    assert viewer.focused_id() == "timeline"


def test_keys_show_all_calls_and_jump_between_errors(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24)
    sample, page = viewer.sample, viewer.page
    page.keyboard.press("Home")
    page.keyboard.press("e")
    viewer.wait_step(sample.error_call)
    assert "\u26a0" in viewer.row(sample.error_call).inner_text()
    page.keyboard.press("e")  # warnings are not errors
    viewer.wait_step(sample.failed_call)
    page.keyboard.press("Shift+E")
    viewer.wait_step(sample.error_call)
    page.keyboard.press("a")
    assert page.locator("#show-all").is_checked()
    assert page.locator("#timeline-heading").inner_text() == f"All calls ({sample.calls})"
    assert viewer.step() == sample.error_call
    page.keyboard.press("Home")
    viewer.wait_step(1)
    assert "not an action" in page.locator("#summary").inner_text()
    page.keyboard.press("a")
    viewer.wait_step(sample.action_indexes[0])
    assert page.locator("#timeline .tl-row.other").count() == 0


def test_the_screenshot_shows_with_the_target_marked(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24)
    page = viewer.page
    shot_call = viewer.sample.shot_calls[-1]
    viewer.row(shot_call).click()
    viewer.wait_step(shot_call)
    image = page.locator("#shot-img")
    image.wait_for()
    assert str(image.get_attribute("src")).startswith("data:image/png;base64,")
    page.wait_for_function("() => document.getElementById('shot-img').complete")
    assert image.evaluate("img => [img.naturalWidth, img.naturalHeight]") == [320, 180]
    call: dict[str, Any] = page.evaluate(f"""JSON.parse(document.getElementById('trace-data')
        .textContent).calls.find(call => call.index === {shot_call})""")
    rect, picture, mark = call["target_rect"], box(viewer, "#shot-img"), box(viewer, "#target-mark")
    scale = picture["width"] / 320
    assert abs(mark["x"] - (picture["x"] + rect["x"] * scale)) < 2
    assert abs(mark["y"] - (picture["y"] + rect["y"] * scale)) < 2
    assert abs(mark["width"] - rect["w"] * scale) < 2
    assert abs(mark["height"] - rect["h"] * scale) < 2
    page.keyboard.press("Home")
    viewer.wait_step(viewer.sample.action_indexes[0])
    page.keyboard.press("j")
    viewer.wait_step(viewer.sample.action_indexes[1])
    assert page.locator("#shot-img").count() == 0
    assert "No screenshot after this call" in page.locator("#screenshot").inner_text()


def test_a_log_error_links_to_its_call(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=24)
    sample, page = viewer.sample, viewer.page
    line = page.locator("#log .log-line.error:not(.more)")
    assert line.count() == 1
    assert sample.error_line in line.inner_text()
    warning = page.locator("#log .log-line.warning:not(.more)")
    styles = [
        item.evaluate("line => getComputedStyle(line).backgroundColor")
        for item in (line, warning, page.locator("#log .log-line:not(.error):not(.warning)").first)
    ]
    assert len(set(styles)) == 3
    link = line.locator(".log-call")
    assert link.inner_text() == f"#{sample.error_call}"
    link.click()
    viewer.wait_step(sample.error_call)
    assert viewer.row(sample.error_call).get_attribute("aria-selected") == "true"
    assert sample.error_line in page.locator("#call-log .log-line.error:not(.more)").inner_text()
    error_row = page.locator("#events tr.event-row.error").inner_text()
    assert "engine_error" in error_row
    assert "script_error: Invalid access to property or key 'glow'" in error_row
    frames = page.locator("#events tr.event-row.error .stack-frame").all_inner_texts()
    assert frames == [
        "at res://level.gd:42 in _on_crystal_swapped()",
        "at res://board.gd:7 in swap()",
    ], "the script stack, innermost first"
    # The same by keys: l goes to the log, e to its next error, Enter opens the call.
    page.keyboard.press("Escape")  # the click left the focus in the log
    page.keyboard.press("Home")
    viewer.wait_step(sample.action_indexes[0])
    page.keyboard.press("l")
    assert viewer.focused_id() == "log"
    page.keyboard.press("Home")
    page.keyboard.press("e")
    page.keyboard.press("Enter")
    viewer.wait_step(sample.error_call)


def test_a_cut_off_trace_says_so(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=12, cut_off=True)
    page = viewer.page
    banner = page.locator(".banner.cut-off")
    assert banner.is_visible() and banner.get_attribute("role") == "alert"
    assert "This trace was cut off." in banner.inner_text()
    assert page.locator("#end-status").inner_text() == "cut off"
    page.keyboard.press("End")
    viewer.wait_step(viewer.sample.calls)
    assert page.locator("#summary .badge").inner_text() == "no answer"
    assert "the game exited" in page.locator("#summary").inner_text()


def test_nothing_leaves_the_page_even_with_addresses_in_the_trace(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=30, url_in_log=True)
    page = viewer.page
    assert "https://godotengine.org" in page.locator("#log").inner_text()
    page.keyboard.press("a")
    page.keyboard.press("Home")
    for _ in range(viewer.sample.calls):
        page.keyboard.press("j")
    viewer.wait_step(viewer.sample.calls)
    page.keyboard.press("w")
    page.locator("#json details.record summary").click()
    page.locator("#next-log-error").click()
    assert viewer.outside_requests() == [] and viewer.problems == []
    assert viewer.requests == [viewer.html.as_uri()]


def test_the_request_watch_can_see_a_request_leave(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=10)
    viewer.page.goto("about:blank")
    viewer.page.set_content('<img src="http://192.0.2.1/picture.png">')
    assert viewer.wait_until(lambda: viewer.outside_requests() != [] and viewer.problems != [])
    assert viewer.outside_requests() == ["http://192.0.2.1/picture.png"]
    viewer.forget()  # this page was the test's, not the viewer's


def test_a_long_trace_keeps_few_rows_in_the_page(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=2000, screenshots=4)
    page = viewer.page
    assert page.locator("#timeline-heading").inner_text() == "Actions (2000)"
    assert page.locator("#timeline > [role=treeitem]:not([hidden])").count() < 100
    page.keyboard.press("End")
    viewer.wait_step(viewer.sample.action_indexes[-1])
    assert viewer.row(viewer.sample.action_indexes[-1]).is_visible()
    page.keyboard.press("PageUp")
    page.keyboard.press("k")
    rows_up = len(viewer.sample.action_indexes) - viewer.sample.action_indexes.index(viewer.step())
    assert rows_up > 10
    assert page.locator("#timeline > [role=treeitem]:not([hidden])").count() < 100


def lcs_length(a: list[int], b: list[int]) -> int:
    previous = [0] * (len(b) + 1)
    for item in a:
        current = [0]
        for j, other in enumerate(b):
            current.append(previous[j] + 1 if item == other else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def test_the_line_diff_is_minimal_and_rebuilds_both_sides(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=10)
    rng = random.Random(3)
    pairs = [
        (
            [rng.randint(0, 4) for _ in range(rng.randint(0, 30))],
            [rng.randint(0, 4) for _ in range(rng.randint(0, 30))],
        )
        for _ in range(150)
    ]
    pairs += [([], []), ([1, 2, 3], [1, 2, 3]), ([], [1]), ([1], [])]
    results: list[dict[str, Any]] = viewer.page.evaluate(
        """pairs => pairs.map(([a, b]) => {
        const result = TraceDiff.diff(a, b), small = TraceDiff.diff(a, b, 1);
        const sides = ops => [ops.filter(op => op[0] <= 0).map(op => a[op[1]]),
                              ops.filter(op => op[0] >= 0).map(op => b[op[2]])];
        return {edits: result.ops.filter(op => op[0] !== 0).length, exact: result.exact,
                sides: sides(result.ops), small: sides(small.ops), smallExact: small.exact};
    })""",
        pairs,
    )
    for (a, b), result in zip(pairs, results, strict=True):
        assert result["exact"]
        assert result["edits"] == len(a) + len(b) - 2 * lcs_length(a, b), (a, b)
        assert result["sides"] == [a, b] and result["small"] == [a, b]
    assert not all(result["smallExact"] for result in results)


def test_the_page_itself_refuses_to_reach_the_network(open_viewer: OpenViewer) -> None:
    viewer = open_viewer(actions=10)
    outcomes = viewer.page.evaluate("""async () => [
        await fetch('https://example.com/').then(() => 'fetched', () => 'refused'),
        await new Promise(done => {
            const picture = new Image();
            picture.onload = () => done('loaded');
            picture.onerror = () => done('refused');
            picture.src = 'http://192.0.2.1/picture.png';
        })]""")
    assert outcomes == ["refused", "refused"]
    assert viewer.blocked == []  # the page's policy stopped them before the route saw them
    # The policy's console messages come on their own time: one about each address.
    assert viewer.wait_until(
        lambda: all(
            address in " ".join(viewer.problems) for address in ("example.com", "192.0.2.1")
        )
    )
    assert all("Content Security Policy" in problem for problem in viewer.problems)
    viewer.forget()
