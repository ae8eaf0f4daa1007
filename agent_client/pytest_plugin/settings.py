"""The plugin's settings: each option's default, and its value for a run (the command line,
else the ini file, else the default), shared by the plugin and the plugins it loads."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

DEFAULTS: dict[str, Any] = {
    "godot_project": None,
    "godot_bin": None,
    "godot_scene": None,
    "agent_render": False,
    "agent_timeout": 5.0,
    "agent_launch_timeout": 30.0,
    "agent_artifacts": "agent-artifacts",
    "agent_fail_on_engine_error": True,
    "agent_trace": "retain-on-failure",
    "agent_replay": "retain-on-failure",
    "agent_video": "off",
    "agent_realtime": False,
    "agent_relaunch": False,
    "agent_fps": 60,
    "agent_seed": 0,
    "agent_user_data": None,
    "agent_update_snapshots": False,
    "agent_fail_on_orphans": False,
    "agent_coverage": False,
    "agent_coverage_report": "term",
    "agent_coverage_dir": "agent-coverage",
}
# Settings that name a file or folder: resolved against where they were given.
PATH_SETTINGS = (
    "godot_project",
    "godot_bin",
    "agent_artifacts",
    "agent_user_data",
    "agent_coverage_dir",
)


def setting(config: pytest.Config, name: str) -> Any:
    """An option's value: the command line, else the ini file, else the default. Relative
    paths are resolved against the invocation folder (command line) or the ini file's."""
    value = config.getoption(name)
    base = config.invocation_params.dir
    if value is None:
        value = config.getini(name)
        if value in ("", None):
            value = DEFAULTS[name]
        else:
            base = config.inipath.parent if config.inipath else config.rootpath
    if value is None:
        return None
    if name in PATH_SETTINGS:
        return (Path(base) / str(value)).resolve()
    if isinstance(DEFAULTS[name], bool):
        return value if isinstance(value, bool) else str(value).lower() in ("1", "true", "yes")
    if isinstance(DEFAULTS[name], float):
        return float(value)
    if isinstance(DEFAULTS[name], int):
        try:
            return int(value)
        except ValueError:
            raise pytest.UsageError(f"{name} is a whole number, not {value!r}.") from None
    return value
