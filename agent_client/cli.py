"""The ``agent-bridge`` command line."""

from __future__ import annotations

import argparse
import sys

from agent_client import godot_install


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="agent-bridge",
                                     description="Drive a running game through its bridge.")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("install-godot", add_help=False,
                        help="install Godot 4.6 into a private, cached prefix")
    options, rest = parser.parse_known_args(argv)
    if options.command == "install-godot":
        return godot_install.main(rest)
    parser.error(f"unknown command {options.command}")
    return 2


if __name__ == "__main__":
    sys.exit(main())
