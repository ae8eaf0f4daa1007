"""Putting the Godot bridge into a game: copy the addon, register its autoload (idempotent).

The addon ships inside the package (``agent_client/godot_addon``, built from
``godot_bridge/addons/agent_bridge``); a source checkout uses the folder itself.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from agent_client.engine.paths import private_sessions_root

ADDON_NAME = "agent_bridge"
AUTOLOAD_KEY = "AgentBridge"
AUTOLOAD_LINE = f'{AUTOLOAD_KEY}="*res://addons/{ADDON_NAME}/agent_bridge.gd"'
# The editor plugin: it registers the export plugin that leaves the bridge out of release
# exports, so it is enabled too.
PLUGIN_CFG = f"res://addons/{ADDON_NAME}/plugin.cfg"


def addon_source() -> Path:
    """The addon folder this package carries (installed) or sits next to (checkout).

    Raises:
        FileNotFoundError: neither exists (a broken install).
    """
    package = Path(__file__).resolve().parents[1]
    for candidate in (
        package / "godot_addon",
        package.parent / "godot_bridge" / "addons" / ADDON_NAME,
    ):
        if (candidate / "agent_bridge.gd").is_file():
            return candidate
    raise FileNotFoundError("The Godot addon is missing from this installation of agent-bridge.")


@dataclass
class Installed:
    """What :func:`install` did."""

    addon: Path
    copied: bool
    autoload_changed: bool


def install(project: Path) -> Installed:
    """Bring ``project/addons/agent_bridge`` up to this package's addon (only files that
    differ are written, so an unchanged addon keeps its timestamps and the project is not
    imported again) and add the ``AgentBridge`` autoload to project.godot. A symlink to this
    addon is left alone. Safe to run from several processes at once.

    Raises:
        FileNotFoundError: ``project`` has no project.godot.
    """
    settings = project / "project.godot"
    if not settings.is_file():
        raise FileNotFoundError(f"{project} has no project.godot.")
    source = addon_source()
    target = project / "addons" / ADDON_NAME
    with FileLock(str(_lock_path(project))):
        copied = False
        if not (target.is_symlink() and target.resolve() == source.resolve()):
            if target.is_symlink() or target.is_file():
                target.unlink()
            copied = _sync(source, target)
        text = settings.read_text(encoding="utf-8")
        updated = with_bridge(text)
        if updated != text:
            settings.write_text(updated, encoding="utf-8")
    return Installed(target, copied, updated != text)


def is_installed(project: Path) -> bool:
    """Whether the project has the addon's script, its autoload line (first or not: its
    place is what ``install`` mends and ``doctor`` names) and its editor plugin."""
    settings = project / "project.godot"
    if not ((project / "addons" / ADDON_NAME / "agent_bridge.gd").is_file() and settings.is_file()):
        return False
    text = settings.read_text(encoding="utf-8")
    return has_autoload(text) and with_plugin(text) == text


def _lock_path(project: Path) -> Path:
    """A lock outside the project (nothing is left in the game's folder)."""
    digest = hashlib.sha256(str(project.resolve()).encode()).hexdigest()[:16]
    folder = private_sessions_root()
    return folder / f"install-{digest}.lock"


def _sync(source: Path, target: Path) -> bool:
    """Make ``target`` hold exactly ``source``'s files; returns whether anything changed."""
    wanted = {
        path.relative_to(source): path
        for path in source.rglob("*")
        if path.is_file() and not _ignored(path.relative_to(source))
    }
    changed = False
    for relative, origin in wanted.items():
        copy = target / relative
        if copy.is_file() and copy.read_bytes() == origin.read_bytes():
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origin, copy)
        changed = True
    if target.is_dir():
        for path in sorted(target.rglob("*"), reverse=True):
            relative = path.relative_to(target)
            if path.is_file() and relative not in wanted:
                path.unlink()
                changed = True
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return changed


def _ignored(relative: Path) -> bool:
    return relative.suffix == ".import" or "__pycache__" in relative.parts


def with_bridge(text: str) -> str:
    """project.godot text with the bridge's autoload and its editor plugin enabled."""
    return with_plugin(with_autoload(text))


def with_autoload(text: str) -> str:
    """project.godot text with the bridge's autoload line first in its ``[autoload]`` section:
    the engine makes autoloads in that order, so the bridge seeds the random generator and
    hears the game's errors before any of the game's own code runs."""
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if line.strip() == "[autoload]"), None)
    if header is None:
        return _with_line(text, "[autoload]", AUTOLOAD_KEY, lambda _old: AUTOLOAD_LINE)
    end = next((i for i in range(header + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    entries = [i for i in range(header + 1, end) if lines[i].strip()]
    if entries and lines[entries[0]] == AUTOLOAD_LINE:
        return text
    kept = [line for line in lines[header + 1 : end] if not _is_key(line, AUTOLOAD_KEY)]
    body = [line for line in kept if line.strip()]
    section = ["", AUTOLOAD_LINE, *body, ""] if body else ["", AUTOLOAD_LINE, ""]
    return "\n".join([*lines[: header + 1], *section, *lines[end:]]).rstrip("\n") + "\n"


def has_autoload(text: str) -> bool:
    """Whether project.godot text registers the bridge's autoload (first or not)."""
    return any(line == AUTOLOAD_LINE for line in text.splitlines())


def with_plugin(text: str) -> str:
    """project.godot text with the bridge's plugin in ``[editor_plugins] enabled`` (other
    enabled plugins are kept)."""

    def enabled(old: str | None) -> str:
        listed = re.findall(r'"([^"]*)"', old or "")
        if PLUGIN_CFG not in listed:
            listed.append(PLUGIN_CFG)
        return "enabled=PackedStringArray(" + ", ".join(f'"{item}"' for item in listed) + ")"

    return _with_line(text, "[editor_plugins]", "enabled", enabled)


def _is_key(line: str, key: str) -> bool:
    return re.match(rf"{re.escape(key)}\s*=", line) is not None


def _with_line(text: str, section: str, key: str, make: Callable[[str | None], str]) -> str:
    """``text`` with ``key``'s line in ``section`` replaced by ``make(old line)``, or added
    (with the section when missing) as ``make(None)``."""
    lines = text.splitlines()
    header = next((i for i, line in enumerate(lines) if line.strip() == section), None)
    if header is None:
        return text.rstrip("\n") + f"\n\n{section}\n\n{make(None)}\n"
    end = next((i for i in range(header + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    for i in range(header + 1, end):
        if _is_key(lines[i], key):
            lines[i] = make(lines[i])
            break
    else:
        last = max([header] + [i for i in range(header + 1, end) if lines[i].strip()])
        lines.insert(last + 1, make(None))
        if last == header:
            lines.insert(last + 1, "")
    return "\n".join(lines) + "\n"
