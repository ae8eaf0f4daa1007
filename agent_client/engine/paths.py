"""Where AgentBridge keeps its own files (the engine it installs, session folders)."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path


def on_windows() -> bool:
    """The platform seam: tests fake it to run the Windows branches anywhere."""
    return sys.platform == "win32"


def data_home() -> Path:
    """The per-user folder for AgentBridge's cached files; ``AGENT_BRIDGE_HOME`` overrides it."""
    override = os.environ.get("AGENT_BRIDGE_HOME")
    if override:
        return Path(override)
    if on_windows():
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
    """The engine ``install-godot`` put in place, if there is one: the launcher of Debian's
    build, else the newest official build for this system."""
    folder = default_godot_prefix() / "bin"
    candidates = [] if on_windows() else [folder / "godot"]
    pattern = "Godot_v*_win64_console.exe" if on_windows() else "Godot_v*_linux.x86_64"
    candidates += sorted(folder.glob(pattern), reverse=True)
    return next((path for path in candidates if path.is_file()), None)


def sessions_root() -> Path:
    """Parent folder of session directories: ``$XDG_RUNTIME_DIR/agent-bridge`` where the
    system gives the user such a private run-time folder, else a per-user folder in the
    temporary directory. Callers pass it through :func:`private_dir` before trusting it."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if runtime and not on_windows() and Path(runtime).is_dir():
        return Path(runtime) / "agent-bridge"
    return Path(tempfile.gettempdir()) / f"agent-bridge-{_user_tag()}"


def private_sessions_root() -> Path:
    """The sessions root, created or checked to be this user's alone (see :func:`private_dir`).

    Raises:
        PermissionError: it belongs to someone else, or is a link.
    """
    return private_dir(sessions_root())


def private_file(path: Path) -> Path:
    """``path`` created empty when missing, readable and writable by its owner only."""
    fd = os.open(path, os.O_CREAT | os.O_WRONLY | getattr(os, "O_NOFOLLOW", 0), 0o600)
    os.close(fd)
    if not on_windows():
        path.chmod(0o600)
    return path


def _user_tag() -> str:
    if on_windows():
        return os.environ.get("USERNAME", "user")
    return str(os.getuid())  # type: ignore[attr-defined,unused-ignore]


def private_dir(path: Path) -> Path:
    """``path`` as a folder only this user can enter: created with mode 0700, or, when it
    exists, checked to be ours and closed to others (on Windows the per-user temporary and
    data folders are private already).

    Raises:
        PermissionError: it exists and belongs to another user (someone may be trying to read
            or plant session files).
    """
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    if on_windows():
        return path
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode) or info.st_uid != os.getuid():  # type: ignore[attr-defined,unused-ignore]
        raise PermissionError(
            f"{path} is not a folder of this user (it is a link, or another user made it): "
            "refusing to keep session files there, since its owner could read and forge "
            "them. Remove it, or set XDG_RUNTIME_DIR or TMPDIR to a folder of your own."
        )
    if stat.S_IMODE(info.st_mode) & 0o077:
        path.chmod(0o700)
    return path
