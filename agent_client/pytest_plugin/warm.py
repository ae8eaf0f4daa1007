"""The games the ``game`` and ``shared_game`` fixtures keep warm between tests, and when a
warm game can be handed to the next test instead of a new launch.

A warm game is reused only for a test that asks for the same launch (the same launcher and
the same ``agent_launch_options``, which a ``conftest.py`` per folder may override): any other
test gets a new launch. ``game`` checks every reset against the game as launched: the
digest of the reset game's frame 0 must equal a fresh launch's, node for node. When it does
not, the game is launched anew, a :class:`ResetDiffersWarning` names the nodes that differed,
and every later test of that launch gets a new launch (exact or loud: never a subtly
different game).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

Launch = Callable[[dict[str, Any]], "AgentClient"]
# Differing nodes a warning names before "and N more".
NAMED_NODES = 5


class ResetDiffersWarning(UserWarning):
    """A reset did not give the game as launched: the ``game`` fixture launches anew."""


class WarmGame:
    """The ``game`` fixture's engine, kept warm for the worker's tests: before each test it is
    reset (``AgentClient.reset``: autoloads, statics, settings, input map, the scene, input,
    time and seed as launched) in milliseconds, and launched anew when a reset cannot be
    trusted: the test asks for another launch, the game died or was closed, the reset failed
    or gave a game that differs from a launched one, or the test asks for a new launch (the
    ``agent_relaunch`` marker, ``--agent-relaunch``)."""

    def __init__(self) -> None:
        self.client: AgentClient | None = None
        self.launches = 0
        self.resets = 0
        self._key: tuple[Any, ...] | None = None
        self._options: dict[str, Any] = {}
        # The digest ({"digest", "by_node"}) of a fresh launch's frame 0, by scene.
        self._launched: dict[str | None, dict[str, Any]] = {}
        # The scenes whose resets gave a game unlike a launch: each test on them is launched.
        self._resets_differ: set[str | None] = set()
        # Told of each game as it is closed, with its project (the run's coverage reads it).
        self.on_closed: Callable[[AgentClient, object], None] | None = None

    def checkout(
        self,
        launch: Launch,
        options: dict[str, Any],
        scene: str | None,
        *,
        relaunch: bool = False,
        video: Path | None = None,
    ) -> AgentClient:
        """The game for the next test, launched with ``launch(options)`` (on ``scene``, when
        given): the kept one renewed when that is the same launch (the same launcher, or the
        one a wrapper's ``__wrapped__`` names, and equal options) and can be trusted, else a
        new launch (filming into ``video``, when given)."""
        key = (id(getattr(launch, "__wrapped__", launch)), _frozen(options))
        if key != self._key:
            self.close()
            self._key, self._options = key, dict(options)
            self._launched.clear()
            self._resets_differ.clear()
        if self.client is not None and (relaunch or video is not None or self.client.closed):
            self.close()
        if self.client is not None and self._renew(self.client, scene):
            self.resets += 1
            return self.client
        self.close()
        settings = {**options, **({"scene": scene} if scene else {})}
        if video is not None:
            settings["video"] = video
        self.client = launch(settings)
        self.launches += 1
        self._remember_launch(self.client, scene)
        return self.client

    def _renew(self, client: AgentClient, scene: str | None) -> bool:
        """Reset ``client`` onto ``scene``; True when it is the game as launched."""
        from agent_client.wire.errors import AgentBridgeError

        launched = self._launched.get(scene)
        if scene in self._resets_differ or (launched is None and self._checks(client)):
            return False  # no launch of this scene to compare with yet: launch it
        try:
            client.reset_game(scene or self._options.get("scene"))
            if launched is None:
                return True
            now = client.digest()
            if now["digest"] == launched["digest"]:
                return True
            differing = _differing(launched["by_node"], client.digest(nodes=True)["by_node"])
        except AgentBridgeError:
            return False  # a game that cannot be renewed is launched anew
        self._resets_differ.add(scene)
        warnings.warn(ResetDiffersWarning(self._differs_message(scene, differing)), stacklevel=1)
        return False

    def _remember_launch(self, client: AgentClient, scene: str | None) -> None:
        if self._checks(client) and scene not in self._launched:
            taken = client.digest(nodes=True)
            self._launched[scene] = {"digest": taken["digest"], "by_node": taken["by_node"]}

    @staticmethod
    def _checks(client: AgentClient) -> bool:
        """Whether resets of this game can be checked (its bridge takes digests)."""
        return client.connection.has_command("digest")

    def _differs_message(self, scene: str | None, differing: list[str]) -> str:
        project = self._options.get("project")
        named = ", ".join(differing[:NAMED_NODES])
        more = f" and {len(differing) - NAMED_NODES} more" if len(differing) > NAMED_NODES else ""
        return (
            f"A reset of {project} onto {scene or 'its main scene'} did not give the game as "
            f"launched: at frame 0 {len(differing)} node(s) differ ({named}{more}). The game "
            "fixture launches a new game for each test on that scene from now on; "
            f"`agent-bridge doctor {project}` says why."
        )

    def close(self) -> None:
        if self.client is not None:
            client, self.client = self.client, None
            client.close()
            if self.on_closed is not None:
                self.on_closed(client, self._options.get("project"))


class SharedGame(WarmGame):
    """One game for many tests. Before each test after the first, it is only moved with
    ``change_scene`` to the test's scene (the ``agent_scene`` marker, ``--godot-scene`` or the
    project's main scene); when that fails, or the game died, it is launched again.
    Autoload singletons keep their state across tests: ``game`` resets them."""

    def _renew(self, client: AgentClient, scene: str | None) -> bool:
        from agent_client.wire.errors import AgentBridgeError

        target = scene or self._options.get("scene") or main_scene(self._options.get("project"))
        if not target:
            return False
        try:
            client.change_scene(target)
        except AgentBridgeError:
            return False
        return True

    def _remember_launch(self, client: AgentClient, scene: str | None) -> None:
        """A shared game is not checked against a launch."""


def main_scene(project: Path | str | None) -> str | None:
    """``run/main_scene`` from a project's project.godot."""
    if not project:
        return None
    try:
        text = (Path(project) / "project.godot").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r'^run/main_scene\s*=\s*"([^"]+)"', text, re.MULTILINE)
    return found.group(1) if found else None


def _frozen(options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Launch options as a comparable key (their values by repr: paths, lists, dicts)."""
    return tuple(sorted((name, repr(value)) for name, value in options.items()))


def _differing(launched: dict[str, str], now: dict[str, str]) -> list[str]:
    """The node paths whose own hash differs, or that only one of the two games has."""
    changed = [path for path, digest in launched.items() if now.get(path) != digest]
    return changed + [path for path in now if path not in launched]
