"""The HTML report: ``index.html`` with a row per script (lines, hits, branches, functions,
a bar) and the scripts not counted with why, and a page per script with each line's count
beside its source, the branches of each decision (the arms never taken named) and the
functions entered. Plain files, styles inlined, no script, nothing loaded from elsewhere."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from agent_client.coverage.terminal import missed_ranges

if TYPE_CHECKING:
    from agent_client.coverage.counts import Counted, DecisionCounts, ScriptCoverage

__all__ = ["page_name", "write_html"]

STYLE = """
:root { --bg: #fff; --fg: #1d2330; --muted: #5d6678; --line: #d8dce4; --panel: #f5f6f9;
  --hit: #dcf5e0; --miss: #fbe0e0; --part: #fff1cf; --bar: #2e9e4f;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #15181e; --fg: #e3e6ec; --muted: #9aa3b5; --line: #2f3542; --panel: #1c2029;
    --hit: #173a22; --miss: #45191c; --part: #43360f; --bar: #4fc46f; } }
body { margin: 0; padding: 12px 18px 32px; background: var(--bg); color: var(--fg);
  font: 13px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: inherit; }
h1 { font-size: 18px; margin: 0 0 4px; } h2 { font-size: 14px; margin: 22px 0 6px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; }
th { text-align: left; color: var(--muted); font-weight: 600; padding: 3px 8px;
  border-bottom: 1px solid var(--line); }
td { padding: 2px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.bar { width: 120px; height: 9px; background: var(--miss); border-radius: 4px; overflow: hidden; }
.bar span { display: block; height: 100%; background: var(--bar); }
table.source { width: 100%; font-family: var(--mono); font-size: 12px; }
table.source td { border: 0; padding: 0 8px; white-space: pre; tab-size: 4; }
table.source td.code { width: 100%; }
tr.hit td.count, tr.hit td.code { background: var(--hit); }
tr.miss td.count, tr.miss td.code { background: var(--miss); }
tr.part td.count, tr.part td.code { background: var(--part); }
td.line a { color: var(--muted); text-decoration: none; }
.never { color: var(--muted); font-style: italic; }
ul.uncounted { padding-left: 20px; }
"""


def page_name(index: int, path: str) -> str:
    """A script's page: numbered (two paths never share a name), then readable."""
    return f"{index:03d}-{re.sub(r'[^A-Za-z0-9_.-]+', '_', path)}.html"


def write_html(data: Counted, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    pages = {path: page_name(index, path) for index, path in enumerate(sorted(data.scripts), 1)}
    for path, name in pages.items():
        (folder / name).write_text(_script_page(data.scripts[path]), encoding="utf-8")
    index = folder / "index.html"
    index.write_text(_index(data, pages), encoding="utf-8")
    return index


def _document(title: str, body: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )


def _share(hit: int, total: int) -> str:
    return f"{100.0 * hit / total:.1f}%" if total else "-"


def _bar(hit: int, total: int) -> str:
    width = 100.0 * hit / total if total else 100.0
    inside = f'<span style="width:{width:.1f}%"></span>'
    return f'<div class="bar" title="{_share(hit, total)}">{inside}</div>'


def _index(data: Counted, pages: dict[str, str]) -> str:
    rows = []
    for path, name in pages.items():
        script = data.scripts[path]
        rows.append(
            f'<tr><td><a href="{name}">{html.escape(path)}</a></td>'
            f'<td class="num">{len(script.lines)}</td><td class="num">{script.lines_hit}</td>'
            f'<td class="num">{_share(script.lines_hit, len(script.lines))}</td>'
            f"<td>{_bar(script.lines_hit, len(script.lines))}</td>"
            f'<td class="num">{script.branches_hit}/{script.branches}</td>'
            f'<td class="num">{script.functions_hit}/{len(script.functions)}</td>'
            f'<td class="muted">{html.escape(missed_ranges(script.lines))}</td></tr>'
        )
    total = (
        f'<tr><th>Total</th><th class="num">{data.lines}</th><th class="num">{data.lines_hit}</th>'
        f'<th class="num">{_share(data.lines_hit, data.lines)}</th>'
        f"<th>{_bar(data.lines_hit, data.lines)}</th>"
        f'<th class="num">{data.branches_hit}/{data.branches}</th><th></th><th></th></tr>'
    )
    body = (
        "<h1>GDScript coverage</h1>"
        f'<p class="muted">{html.escape(data.project or "")} · lines '
        f"{_share(data.lines_hit, data.lines)} · branches "
        f"{_share(data.branches_hit, data.branches)}</p>"
        "<table><thead><tr><th>Script</th><th>Lines</th><th>Hit</th><th>Cover</th><th></th>"
        "<th>Branches</th><th>Functions</th><th>Missed lines</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody><tfoot>{total}</tfoot></table>" + _uncounted(data.uncounted)
    )
    return _document("GDScript coverage", body)


def _uncounted(uncounted: Mapping[str, str]) -> str:
    if not uncounted:
        return ""
    items = "".join(
        f"<li><code>{html.escape(path)}</code>: {html.escape(reason)}</li>"
        for path, reason in sorted(uncounted.items())
    )
    return f'<h2>Not counted</h2><ul class="uncounted">{items}</ul>'


def _arms(decision: DecisionCounts) -> str:
    return " · ".join(f"{label} {count}" for label, count in decision.arms)


def _script_page(script: ScriptCoverage) -> str:
    decisions = {decision.line: decision for decision in script.decisions}
    functions = "".join(
        f'<tr><td><a href="#L{line}">{html.escape(name)}</a></td><td class="num">{line}</td>'
        f'<td class="num">{count}</td></tr>'
        for name, line, count in script.functions
    )
    head = (
        '<p><a href="index.html">All scripts</a></p>'
        f"<h1>{html.escape(script.path)}</h1>"
        f'<p class="muted">lines {script.lines_hit}/{len(script.lines)} '
        f"({_share(script.lines_hit, len(script.lines))}) · branches "
        f"{script.branches_hit}/{script.branches} · functions "
        f"{script.functions_hit}/{len(script.functions)}</p>"
        "<h2>Functions</h2><table><thead><tr><th>Function</th><th>Line</th><th>Entered</th>"
        f"</tr></thead><tbody>{functions}</tbody></table><h2>Source</h2>"
    )
    if not script.source:
        counted = ", ".join(f"{line}: {count}" for line, count in sorted(script.lines.items()))
        body = (
            '<p class="muted">The source counted is not here (the file changed or moved '
            f"since). Counts by line: {html.escape(counted)}</p>"
        )
        return _document(script.path, head + body)
    rows = []
    for number, text in enumerate(script.source.replace("\r\n", "\n").split("\n"), 1):
        count = script.lines.get(number)
        decision = decisions.get(number)
        kind = "" if count is None else "miss" if count == 0 else "hit"
        branch = note = ""
        if decision is not None:
            taken = sum(1 for _, n in decision.arms if n > 0)
            arms = html.escape(_arms(decision))
            branch = f'<span title="{arms}">{taken}/{len(decision.arms)}</span>'
            never = [label for label, n in decision.arms if n == 0]
            if never and count:
                kind = "part"
                note = f'  <span class="never">never: {html.escape(", ".join(never))}</span>'
        rows.append(
            f'<tr class="{kind}" id="L{number}"><td class="line num"><a href="#L{number}">'
            f'{number}</a></td><td class="count num">{"" if count is None else count}</td>'
            f'<td class="num">{branch}</td><td class="code">{html.escape(text)}{note}</td></tr>'
        )
    return _document(script.path, head + f'<table class="source">{"".join(rows)}</table>')
