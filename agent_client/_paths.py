"""Where AgentBridge keeps its own files (the engine it installs, session folders)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def data_home() -> Path:
    """The per-user folder for AgentBridge's cached files; ``AGENT_BRIDGE_HOME`` overrides it."""
    override = os.environ.get("AGENT_BRIDGE_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base / "agent-bridge"


def default_godot_prefix() -> Path:
    """The folder ``install-godot`` unpacks the engine into."""
    return data_home() / "godot-4.6"


def installed_godot() -> Path | None:
    """The launcher of the engine ``install-godot`` put in place, if there is one."""
    name = "godot.cmd" if sys.platform == "win32" else "godot"
    launcher = default_godot_prefix() / "bin" / name
    return launcher if launcher.exists() else None


def sessions_root() -> Path:
    """Parent folder of session directories: private to the user, short, on a local disk."""
    return Path(tempfile.gettempdir()) / f"agent-bridge-{_user_tag()}"


def _user_tag() -> str:
    getuid = getattr(os, "getuid", None)
    return str(getuid()) if getuid else os.environ.get("USERNAME", "user")
