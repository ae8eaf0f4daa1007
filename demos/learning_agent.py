"""An agent that plays an action game it knows nothing about, the way a person picks up a new
game: it reads the controls (``list_actions``), presses each one for a moment and watches the
snapshot to see which entity moved and which way, then chases a moving entity with what it
learned, steering by ``nearby`` (the distance and direction to it).

It reads nothing of the game but those three answers: no source, no node names it was told,
no properties. Time goes through a :class:`Driver`, so the same agent runs on any clock (a
lockstep game stepped frame by frame, as the demo drives it).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_client import AgentClient, StaleRefError

LINE = re.compile(r'^\s*- (?P<role>[a-z]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")? \[(?P<attrs>[^\]]*)\]$')
Vector = tuple[float, ...]


class Driver(Protocol):
    """How the agent's hands and the game's clock work."""

    def hold(self, action: str) -> None:
        """Press an input action and keep it down."""

    def release(self, action: str) -> None:
        """Let go of it."""

    def tap(self, action: str) -> None:
        """Press and release it, letting the game see it (a button's shortcut, say)."""

    def advance(self, frames: int) -> None:
        """Let exactly ``frames`` frames of the game pass."""


@dataclass(frozen=True)
class Entity:
    """One entity line of the snapshot: ``- generic "Mob" [at=1,2, pos=3,4, ref=e5]``."""

    ref: str
    name: str
    path: str
    pos: Vector
    place: str  # "at=x,y", "offscreen=side", "behind", or ""


@dataclass(frozen=True)
class Effect:
    """What holding an action for a moment did: moved ``ref`` (named ``name``) by ``moved``
    (world units, beyond what it did by itself in as many frames)."""

    action: str
    ref: str
    name: str
    path: str
    moved: Vector


def entities(snapshot: dict[str, Any]) -> dict[str, Entity]:
    """The snapshot's entities (lines with a world position and a ref), by ref."""
    found: dict[str, Entity] = {}
    refs = snapshot.get("refs", {})
    for line in snapshot["text"].splitlines():
        match = LINE.match(line)
        if not match:
            continue
        attrs = dict(_split(attr) for attr in match["attrs"].split(", "))
        ref = attrs.get("ref", "")
        if "pos" not in attrs or not ref:
            continue
        place = next((f"{key}={attrs[key]}" for key in ("at", "offscreen") if key in attrs), "")
        found[ref] = Entity(
            ref=ref,
            name=(match["name"] or "").replace('\\"', '"'),
            path=str(refs.get(ref, {}).get("path", "")),
            pos=tuple(float(part) for part in attrs["pos"].split(",")),
            place=place or ("behind" if "behind" in attrs else ""),
        )
    return found


def places(snapshot_text: str) -> dict[str, int]:
    """How many entity lines are on screen (``at=``), off it (``offscreen=``) or behind the
    camera (``behind``)."""
    counts = {"on screen": 0, "off screen": 0, "behind": 0}
    for line in snapshot_text.splitlines():
        match = LINE.match(line)
        if not match or "pos=" not in match["attrs"]:
            continue
        attrs = match["attrs"].split(", ")
        if any(attr.startswith("at=") for attr in attrs):
            counts["on screen"] += 1
        elif any(attr.startswith("offscreen=") for attr in attrs):
            counts["off screen"] += 1
        elif "behind" in attrs:
            counts["behind"] += 1
    return counts


def _split(attr: str) -> tuple[str, str]:
    key, _, value = attr.partition("=")
    return key, value


@dataclass
class LearningAgent:
    """Learns a game's controls by trying them, then chases a moving entity.

    Attributes:
        effects: What each action was seen to do (actions that moved nothing are absent).
        frames: Frames the agent let pass so far.
    """

    game: AgentClient
    driver: Driver
    trial_frames: int = 10
    effects: dict[str, Effect] = field(default_factory=dict)
    frames: int = 0
    seen: list[str] = field(default_factory=list)  # every snapshot text it read
    _held: set[str] = field(default_factory=set)

    # --- seeing -------------------------------------------------------------------------------

    def controls(self) -> list[str]:
        """The game's input actions, as ``list_actions`` names them."""
        return [control["action"] for control in self.game.list_actions()["controls"]]

    def look(self) -> dict[str, Entity]:
        snapshot = self.game.snapshot()
        self.seen.append(snapshot["text"])
        return entities(snapshot)

    def wait(self, frames: int) -> None:
        self.driver.advance(frames)
        self.frames += frames

    # --- learning -----------------------------------------------------------------------------

    def learn(self, passes: int = 3) -> dict[str, Effect]:
        """Holds each action for a moment (then, if that moved nothing, taps it: a button's
        shortcut reacts to a press) and keeps what it moved. Actions whose effect needs
        another one first (moving a player that appears once the game starts) are tried
        again on the next pass."""
        for _ in range(passes):
            for action in self.controls():
                if action in self.effects:
                    continue
                effect = self._try(action, tap=False) or self._try(action, tap=True)
                if effect is not None:
                    self.effects[action] = effect
        return self.effects

    def _try(self, action: str, *, tap: bool) -> Effect | None:
        """Lets the world move by itself for a moment, then as long with ``action`` held (or
        after a tap), looking twice: what the action moved is the difference, at its largest
        (a jump comes down again). Only what kept still by itself counts (what a player
        controls waits for the player; mobs and balls move on their own)."""
        before = self.look()
        self.wait(self.trial_frames)
        idle = self.look()
        if tap:
            self.driver.tap(action)
        else:
            self.driver.hold(action)
        looks = []
        for half in (self.trial_frames // 2, self.trial_frames - self.trial_frames // 2):
            self.wait(half)
            looks.append(self.look())
        if not tap:
            self.driver.release(action)
        best: tuple[float, Entity, Vector] | None = None
        for ref, still in idle.items():
            if ref not in before or _length(_minus(still.pos, before[ref].pos)) >= _noticeable(
                still.pos
            ):
                continue
            for after in looks:
                if ref not in after:
                    continue
                moved = _minus(after[ref].pos, still.pos)
                size = _length(moved)
                # Two entities moved as much (a body and a part of it): the outer one is it.
                if (
                    best is None
                    or size > best[0] + 1e-6
                    or (math.isclose(size, best[0]) and len(still.path) < len(best[1].path))
                ):
                    best = (size, still, moved)
        if best is None or best[0] < _noticeable(best[2]):
            return None
        size, entity, moved = best
        return Effect(action, entity.ref, entity.name, entity.path, moved)

    def controlled(self) -> set[str]:
        """The refs of the entities the actions move (an entity moved with another one it
        is part of counts once, as the outer one)."""
        paths = {effect.ref: effect.path for effect in self.effects.values()}
        return {
            ref
            for ref, path in paths.items()
            if not any(other != path and path.startswith(other + "/") for other in paths.values())
        }

    # --- playing ------------------------------------------------------------------------------

    def chase(self, *, reach: float, max_frames: int = 3600, step: int = 3) -> ChaseResult:
        """Steers what it controls toward the nearest moving entity it does not control,
        until ``nearby`` says it is within ``reach`` (world units), or what it controls is
        gone from the screen right after coming within twice that (it touched the target and
        the game took it away: a player hit by a mob). Returns how it went."""
        start = self.frames
        previous = self.look()
        self.wait(1)
        closest = math.inf
        last: tuple[str, str, float] | None = None
        while self.frames - start < max_frames:
            seen = self.look()
            moving = {
                ref
                for ref, entity in seen.items()
                if ref in previous and _length(_minus(entity.pos, previous[ref].pos)) > 1e-3
            }
            choice = self._nearest(seen, moving)
            previous = seen
            if choice is None:
                if last is not None and last[2] <= reach * 2 and not self.controlled() & set(seen):
                    return ChaseResult(
                        True, self.frames - start, last[0], last[1], last[2], touched=True
                    )
                self._steer(None, ())
                self.wait(step)
                continue
            avatar, target, distance, offset = choice
            closest = min(closest, distance)
            last = (seen[avatar].name, seen[target].name, distance)
            if distance <= reach:
                self._steer(None, ())
                return ChaseResult(True, self.frames - start, last[0], last[1], distance)
            self._steer(avatar, offset)
            self.wait(1 if distance < reach * 3 else step)
        self._steer(None, ())
        name = last[1] if last else ""
        return ChaseResult(False, self.frames - start, last[0] if last else "", name, closest)

    def _nearest(
        self, seen: dict[str, Entity], moving: set[str]
    ) -> tuple[str, str, float, Vector] | None:
        """(avatar, target, distance, offset to it): the closest pair of an entity it
        controls and a moving, visible entity it does not, as ``nearby`` measures them."""
        mine = self.controlled()
        best: tuple[str, str, float, Vector] | None = None
        for avatar in mine & set(seen):
            try:
                around = self.game.nearby(f"@{avatar}", limit=50)["entities"]
            except StaleRefError:
                continue
            for entity in around:
                ref = entity["ref"]
                if ref in mine or ref not in moving or "at" not in entity:
                    continue
                direction = _vector(entity["direction"])
                offset = tuple(part * entity["distance"] for part in direction)
                if best is None or entity["distance"] < best[2]:
                    best = (avatar, ref, float(entity["distance"]), offset)
                break
        return best

    def _steer(self, avatar: str | None, offset: Iterable[float]) -> None:
        """Holds the actions that move ``avatar`` toward ``offset``, lets go of the rest."""
        wanted: set[str] = set()
        towards = tuple(offset)
        for action, effect in self.effects.items():
            if avatar is None or effect.ref != avatar:
                continue
            unit = _unit(effect.moved)
            if len(unit) == len(towards) and _dot(unit, towards) > _noticeable(towards):
                wanted.add(action)
        for action in self._held - wanted:
            self.driver.release(action)
        for action in wanted - self._held:
            self.driver.hold(action)
        self._held = wanted


@dataclass(frozen=True)
class ChaseResult:
    """Whether the target was reached, after how many frames, by what, and how close it was
    last seen (``touched``: the game took the avatar away on contact)."""

    reached: bool
    frames: int
    avatar: str
    target: str
    distance: float
    touched: bool = False


def _noticeable(vector: Vector) -> float:
    """A move too small to count: a few pixels in 2D, a fraction of a unit in 3D."""
    return 4.0 if len(vector) == 2 else 0.3


def _vector(wire: dict[str, float]) -> Vector:
    return tuple(float(wire[axis]) for axis in ("x", "y", "z") if axis in wire)


def _minus(a: Vector, b: Vector) -> Vector:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _dot(a: Vector, b: Vector) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _length(a: Vector) -> float:
    return math.sqrt(_dot(a, a))


def _unit(a: Vector) -> Vector:
    size = _length(a) or 1.0
    return tuple(x / size for x in a)
