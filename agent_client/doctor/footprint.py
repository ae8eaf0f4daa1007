"""What a run leaves behind outside its session: files of the project (its import cache, which
the engine owns, aside) and the person's own saved data for the game (the engine's user://
folder as the game would have it without AgentBridge)."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

# The engine's import cache: written by the import the launcher runs, not by a game.
IMPORT_CACHE = ".godot"
Stamp = tuple[int, int]  # size, modification time (ns)


def project_setting(project: Path, key: str) -> str | None:
    """A plain setting of project.godot (``config/name`` of ``[application]``, say), or None."""
    try:
        text = (project / "project.godot").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(rf'^{re.escape(key)}\s*=\s*"?([^"\n]*)"?\s*$', text, re.MULTILINE)
    return found.group(1) if found else None


def own_user_folder(project: Path) -> Path:
    """Where the engine keeps the game's user:// data for the person running it, as Godot 4
    works it out from the game's name (and its custom folder setting)."""
    name = project_setting(project, "config/name") or "[unnamed project]"
    custom = (project_setting(project, "config/use_custom_user_dir") or "").lower() == "true"
    custom_name = project_setting(project, "config/custom_user_dir_name") or name
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
        godot = base / "Godot"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
        godot = base / "Godot"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
        godot = base / "godot"
    return base / custom_name if custom else godot / "app_userdata" / name


def files(folder: Path, *, skip: tuple[str, ...] = ()) -> dict[str, Stamp]:
    """Every file under ``folder`` (links not followed) with its size and time, by relative
    path; the top-level entries named in ``skip`` left out."""
    found: dict[str, Stamp] = {}
    if not folder.is_dir():
        return found
    for root, dirs, names in os.walk(folder):
        here = Path(root)
        if here == folder:
            dirs[:] = [name for name in dirs if name not in skip]
        for name in names:
            path = here / name
            if here == folder and name in skip:
                continue
            try:
                info = path.lstat()
            except OSError:
                continue
            found[path.relative_to(folder).as_posix()] = (info.st_size, info.st_mtime_ns)
    return found


class Footprint:
    """The files a run could touch, before it: :meth:`changes` says what it did to them."""

    def __init__(self, project: Path) -> None:
        self.project = project
        self.user_folder = own_user_folder(project)
        self._project = files(project, skip=(IMPORT_CACHE,))
        self._user = files(self.user_folder)
        self._user_existed = self.user_folder.exists()

    def changes(self) -> list[str]:
        """What changed since: project files written, added or removed, and the person's own
        user:// folder made or written."""
        said = [
            f"{self.project / name}: {how}"
            for name, how in _diff(self._project, files(self.project, skip=(IMPORT_CACHE,)))
        ]
        if not self._user_existed and self.user_folder.exists():
            said.append(f"{self.user_folder}: made (the person's own saved data for the game)")
        said += [
            f"{self.user_folder / name}: {how} (the person's own saved data)"
            for name, how in _diff(self._user, files(self.user_folder))
        ]
        return said


def _diff(before: dict[str, Stamp], after: dict[str, Stamp]) -> list[tuple[str, str]]:
    changed = [
        (name, "written")
        for name, stamp in after.items()
        if name in before and before[name] != stamp
    ]
    added = [(name, "added") for name in after if name not in before]
    removed = [(name, "removed") for name in before if name not in after]
    return sorted(changed + added + removed)
