"""``agent-bridge mcp`` and ``agent-bridge report merge``: the command line's handlers for the
other front ends. Each is found by its module name when asked for (``FRONT_ENDS``), so the
front ends stay independent of each other and a step of play never loads them."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import webbrowser
from typing import Any

from agent_client.cli.output import show, show_json

FRONT_ENDS = {"mcp": "agent_client.mcp.server", "report": "agent_client.report.merge"}


def _front_end(name: str) -> Any:
    return importlib.import_module(FRONT_ENDS[name])


def mcp_command(args: argparse.Namespace) -> int:
    """Serves MCP on stdin/stdout, or prints what a client's configuration needs."""
    if args.print_config:
        show_json(mcp_config())
        return 0
    _front_end("mcp").run(read_only=args.read_only)
    return 0


def mcp_config() -> dict[str, Any]:
    """What an MCP client's configuration needs to start this server."""
    path = os.environ.get("PYTHONPATH")
    return {
        "mcpServers": {
            "agent-bridge": {
                "command": sys.executable,
                "args": ["-m", "agent_client.cli", "mcp"],
                "env": {"PYTHONPATH": path} if path else {},
            }
        }
    }


def report_command(args: argparse.Namespace) -> int:
    """``agent-bridge report merge DIR... -o OUT [--durations FILE] [--open]``."""
    report = _front_end("report").merge_report(args.blobs, args.out, durations=args.durations)
    shards = sorted(str(blob.shard) for blob in report.blobs if blob.shard)
    count = len(report.blobs)
    show(
        f"merged {count} blob{'s' if count != 1 else ''}"
        + (f" (shards {', '.join(shards)})" if shards else "")
        + f": {report.summary()}"
    )
    for note in report.notes:
        sys.stderr.write(f"note: {note}\n")
    if args.durations:
        show(f"wrote {args.durations}")
    show(f"wrote {report.index}")
    if args.open:
        webbrowser.open(report.index.resolve().as_uri())
    return 0
