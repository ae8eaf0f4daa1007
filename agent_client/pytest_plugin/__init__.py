"""The pytest plugin (entry point ``pytest11: agent_bridge``, ``-p agent_client.pytest_plugin``).

Its hooks and fixtures live in :mod:`agent_client.pytest_plugin.plugin` and the failure
evidence in :mod:`agent_client.pytest_plugin.artifacts`; pytest registers this package, so
the names it needs are imported here. Splitting a suite into shards
(:mod:`agent_client.pytest_plugin.shards`), writing a run's results blob
(:mod:`agent_client.pytest_plugin.blob`) and counting its coverage
(:mod:`agent_client.pytest_plugin.coverage`) are plugins of their own, which pytest loads
through ``pytest_plugins``.
"""

from agent_client.pytest_plugin.plugin import (
    agent_launch_options,
    agent_launcher,
    agent_replay,
    agent_shared_session,
    agent_timeout,
    agent_warm_game,
    game,
    launch_project,
    pytest_addoption,
    pytest_configure,
    pytest_runtest_call,
    pytest_runtest_makereport,
    shared_game,
)
from agent_client.pytest_plugin.settings import setting
from agent_client.pytest_plugin.warm import ResetDiffersWarning, SharedGame, WarmGame, main_scene

__all__ = [
    "ResetDiffersWarning",
    "SharedGame",
    "WarmGame",
    "agent_launch_options",
    "agent_launcher",
    "agent_replay",
    "agent_shared_session",
    "agent_timeout",
    "agent_warm_game",
    "game",
    "launch_project",
    "main_scene",
    "pytest_addoption",
    "pytest_configure",
    "pytest_runtest_call",
    "pytest_runtest_makereport",
    "setting",
    "shared_game",
]

pytest_plugins = [
    "agent_client.pytest_plugin.shards",
    "agent_client.pytest_plugin.blob",
    "agent_client.pytest_plugin.coverage",
]
