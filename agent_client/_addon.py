"""Putting the Godot bridge into a game: copy the addon, register its autoload (idempotent).

The addon ships inside the package (``agent_client/godot_addon``, built from
``godot_bridge/addons/agent_bridge``); a source checkout uses the folder itself.
"""

from __future__ import annotations

import argparse
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

from agent_client._cli_output import CliError, show

ADDON_NAME = "agent_bridge"
AUTOLOAD_KEY = "AgentBridge"
AUTOLOAD_LINE = f'{AUTOLOAD_KEY}="*res://addons/{ADDON_NAME}/agent_bridge.gd"'


def addon_source() -> Path:
    """The addon folder this package carries (installed) or sits next to (checkout).

    Raises:
        FileNotFoundError: neither exists (a broken install).
    """
    package = Path(__file__).resolve().parent
    for candidate in (package / "godot_addon",
                      package.parent / "godot_bridge" / "addons" / ADDON_NAME):
        if (candidate / "agent_bridge.gd").is_file():
            return candidate
    raise FileNotFoundError("The Godot addon is missing from this installation of agent-bridge.")


@dataclass
class Installed:
    addon: Path
    copied: bool
    autoload_changed: bool


def install(project: Path) -> Installed:
    """Copy the addon into ``project/addons/agent_bridge`` (replacing an older copy) and add
    the ``AgentBridge`` autoload to project.godot. A symlink to this addon is left alone.

    Raises:
        FileNotFoundError: ``project`` has no project.godot.
    """
    settings = project / "project.godot"
    if not settings.is_file():
        raise FileNotFoundError(f"{project} has no project.godot.")
    source = addon_source()
    target = project / "addons" / ADDON_NAME
    copied = False
    if not (target.exists() and target.resolve() == source.resolve()):
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.exists():
            shutil.rmtree(target)
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("*.import", "__pycache__"))
        copied = True
    text = settings.read_text(encoding="utf-8")
    updated = with_autoload(text)
    if updated != text:
        settings.write_text(updated, encoding="utf-8")
    return Installed(target, copied, updated != text)


def with_autoload(text: str) -> str:
    """project.godot text with the bridge's autoload line in its ``[autoload]`` section."""
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if line.strip() == "[autoload]"), None)
    if header is None:
        return text.rstrip("\n") + f"\n\n[autoload]\n\n{AUTOLOAD_LINE}\n"
    end = next((i for i in range(header + 1, len(lines)) if lines[i].startswith("[")),
               len(lines))
    for i in range(header + 1, end):
        if re.match(rf"{AUTOLOAD_KEY}\s*=", lines[i]):
            lines[i] = AUTOLOAD_LINE
            break
    else:
        last = max([header] + [i for i in range(header + 1, end) if lines[i].strip()])
        lines.insert(last + 1, AUTOLOAD_LINE)
        if last == header:
            lines.insert(last + 1, "")
    return "\n".join(lines) + "\n"


def install_command(args: argparse.Namespace) -> int:
    project = Path(args.project).resolve()
    try:
        done = install(project)
    except FileNotFoundError as error:
        raise CliError("NOT_FOUND", str(error)) from None
    show(f"{'copied' if done.copied else 'kept'} {done.addon}; autoload "
         f"{'registered' if done.autoload_changed else 'already registered'} in "
         f"{project / 'project.godot'}")
    return 0
