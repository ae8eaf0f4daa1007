"""``agent-bridge doctor [PROJECT]``: the invariants AgentBridge promises, checked on a game;
one verdict a line, exit 0 only when all hold."""

from __future__ import annotations

import argparse
import sys

from agent_client.cli.output import show, show_json


def doctor_command(args: argparse.Namespace) -> int:
    from agent_client.doctor import examine

    as_json = getattr(args, "json", False)
    report = examine(
        args.project,
        godot=args.godot,
        frames=args.frames,
        seed=args.seed,
        install=args.install,
        progress=None if as_json else lambda line: print(f"... {line}", file=sys.stderr),
    )
    if as_json:
        show_json(report.to_json())
    else:
        show(report.text())
    return 0 if report.ok else 1
