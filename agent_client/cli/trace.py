"""``agent-bridge trace stop`` and ``agent-bridge trace show``: the end of a recorded
command-line (or MCP) session, and the viewer of any trace.zip."""

from __future__ import annotations

import argparse
import webbrowser
from pathlib import Path

from agent_client.cli.output import show
from agent_client.presentation.errors import UsageError


def trace_command(args: argparse.Namespace) -> int:
    if args.trace_command == "show":
        return _show(Path(args.zip), Path(args.out) if args.out else None, opened=not args.no_open)
    return _stop(args)


def _stop(args: argparse.Namespace) -> int:
    from agent_client.cli.attach import attach
    from agent_client.engine.sessions import session_dir

    client = attach(session_dir(args.session), args.timeout)
    try:
        if client.trace is None:
            raise UsageError(
                "NO_TRACE", "This session records no trace: start it with `start --trace`."
            )
        saved = client.save_trace(Path(args.out).resolve())
        client.stop_trace()
    finally:
        client.close()
    show(f"wrote {saved}; open it with: agent-bridge trace show {saved}")
    return 0


def _show(zipped: Path, out: Path | None, *, opened: bool) -> int:
    from agent_client.trace.view import TraceError, load_trace, render_html

    try:
        trace = load_trace(zipped)
    except TraceError as error:
        raise UsageError("BAD_TRACE", str(error)) from None
    page = render_html(trace, out or zipped.with_suffix(".html"))
    show(f"wrote {page}")
    if opened:
        webbrowser.open(page.resolve().as_uri())
    return 0
