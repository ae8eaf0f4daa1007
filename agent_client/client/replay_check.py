"""A replay file as a test (docs/REPLAY.md): ``check_replay(path)`` replays it and fails when
it parts from its recording or its game logs an engine error."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agent_client.client.client import AgentClient
from agent_client.replay.play import ReplayResult
from agent_client.wire.errors import ReplayDivergedError


def check_replay(
    path: str | os.PathLike[str],
    *,
    project: str | os.PathLike[str] | None = None,
    godot: str | os.PathLike[str] | None = None,
    render: bool | None = None,
    allow_engine_errors: bool = False,
    launch_options: dict[str, Any] | None = None,
    command: Sequence[str] | None = None,
) -> ReplayResult:
    """A replay file as a test, in one line: replays it with ``check`` and raises when it
    parted from the recording or the game logged an engine error.

    ``def test_bug_1234(): check_replay("replays/bug-1234.replay.jsonl")``

    ``command`` replays into a game started from that command line (a Unity player), as
    :meth:`AgentClient.replay` does.

    Raises:
        ReplayDivergedError: it diverged (the message names the frame, node and property),
            a replayed request failed where the recording's did not stop, or the game logged
            engine errors (unless ``allow_engine_errors``).
        ReplayFileError: the file cannot be played.
    """
    result = AgentClient.replay(
        path,
        project=project,
        godot=godot,
        render=render,
        check=True,
        command=command,
        **(launch_options or {}),
    )
    if not result.same or (result.engine_errors and not allow_engine_errors):
        raise ReplayDivergedError(f"{Path(path).name}: {result.describe()}")
    return result
