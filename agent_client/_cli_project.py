"""The command line's project set-up: ``agent-bridge install PROJECT``."""

from __future__ import annotations

import argparse
from pathlib import Path

from agent_client._addon import install
from agent_client._cli_output import CliError, show


def install_command(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    try:
        done = install(project)
    except FileNotFoundError as error:
        raise CliError("NOT_FOUND", str(error)) from None
    show(
        f"{'copied' if done.copied else 'kept'} {done.addon}; autoload "
        f"{'registered' if done.autoload_changed else 'already registered'} in "
        f"{project / 'project.godot'}"
    )
    return 0
