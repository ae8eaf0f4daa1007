"""The bridge's commands as the client's typed methods (``game.click("@e3")``): each takes the
command's parameters by the command table's names (agent_client/wire/commands.py) and answers
its typed shape (agent_client/wire/answers.py). ``AgentClient`` is built on these.

Where a method is named otherwise than its command, it is one of the names in
``COMMAND_OF``: Playwright's (``select_option``), or one command split by what it waits for
(``wait_frames``, ``wait_settled``) or what it gives back (``controls``).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from agent_client.client.metrics import Measurement
from agent_client.client.renamed import renamed
from agent_client.connection.connection import Connection
from agent_client.wire.errors import AgentBridgeError
from agent_client.wire.protocol import Event, RequestId, Response, target_args

if TYPE_CHECKING:
    from agent_client.replay.file import Recording
    from agent_client.wire.answers import (
        CancelAnswer,
        ClickAnswer,
        Control,
        DigestAnswer,
        DragAnswer,
        FillAnswer,
        HelloAnswer,
        HoldAnswer,
        InputAnswer,
        ListActionsAnswer,
        MetricsAnswer,
        NearbyAnswer,
        NodeDetail,
        PressAnswer,
        RaycastAnswer,
        ResetAnswer,
        SceneAnswer,
        ScreenshotAnswer,
        SelectAnswer,
        SequenceAnswer,
        SettingAnswer,
        SetValueAnswer,
        SignalInfo,
        SnapshotAnswer,
        SnapshotOptions,
        StepAnswer,
        StepUntilAnswer,
        TimeInfo,
        TimeScaleAnswer,
        TreeNode,
        WaitAnswer,
    )
    from agent_client.wire.commands import Comparison, InputButton, Modifier, MouseButton

# The command behind each method named otherwise than its command.
COMMAND_OF = {
    "select_option": "select",
    "wait_frames": "wait",
    "wait_settled": "wait",
    "controls": "list_actions",
    "key": "input",
    "gamepad": "input",
    "start_recording": "record_start",
}


class Commands:
    """The bridge's commands on a connection; every ``target`` is a node path
    (``"/root/Menu/Play"``) or a snapshot ref (``"@e3"`` or ``"e3"``).

    The actions (``click``, ``press``, ``fill``, ``select_option``, ``set_value``, ``hover``,
    ``drag``, ``input``, ``key``, ``gamepad``) also take the action options: ``settled`` (answer
    once the game settled), ``snapshot`` (``True``, or snapshot options: the answer holds a
    snapshot of the new state) and ``timeout_ms`` (how long settling may take); each answers
    ``changes``, the nodes it added and removed.
    """

    connection: Connection

    # --- requests -------------------------------------------------------------------------------

    def send(
        self, cmd: str, args: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> Response:
        """Send one command and return the whole response, failures included (not raised):
        :meth:`Connection.send`."""
        return self.connection.send(cmd, args, timeout=timeout)

    def request(
        self, cmd: str, args: dict[str, Any] | None = None, *, timeout: float | None = None
    ) -> Any:
        """Send one command and return its ``data``; a failure raises the exception of its
        code: :meth:`Connection.request`."""
        return self.connection.request(cmd, args, timeout=timeout)

    def command(self, name: str, /, **args: Any) -> Any:
        """Call a game-registered command: ``game.command("load_level", level_id="a1")``."""
        return self.request(name, args)

    @property
    def fps(self) -> int:
        """Frames a game second."""
        return self.connection.fps

    @property
    def time(self) -> TimeInfo:
        """How the game's time runs: ``{"mode": "lockstep"|"realtime", "fps", "seed", ...}``."""
        return cast("TimeInfo", self.connection.time())

    def _wait_for(self, frames: float) -> float:
        """The wall-clock guard of a request that runs ``frames`` frames of game time."""
        return self.connection.timeout_for_wait(frames * 1000 / self.fps)

    # --- reading --------------------------------------------------------------------------------

    def hello(self, *, schemas: bool = False) -> HelloAnswer:
        """Protocol version, engine, game and the commands (names and sources; with
        ``schemas``, also each one's description and argument schema)."""
        return cast("HelloAnswer", self.request("hello", {"schemas": True} if schemas else None))

    def get_tree(
        self,
        root: str = "/root",
        *,
        max_depth: int | None = None,
        fields: Sequence[str] | None = None,
    ) -> TreeNode:
        """The live scene tree below ``root``, every node serialized; only ``fields`` of each
        node (such as ``["name", "path"]``; ``children`` always) for a leaner, faster tree."""
        args = _given(root=root, max_depth=max_depth, fields=_listed(fields))
        return cast("TreeNode", self.request("get_tree", args)["tree"])

    def get_node(self, target: str) -> NodeDetail:
        """One node in detail: ``{"node", "children", "properties"}``."""
        return cast("NodeDetail", self.request("get_node", target_args(target)))

    @renamed(prop="property")
    def get_property(self, target: str, property: str) -> Any:
        """Any property of a node, in its wire form (``"position:x"`` reads a part)."""
        return self.request("get_property", {**target_args(target), "property": property})["value"]

    @renamed(prop="property")
    def set_property(self, target: str, property: str, value: Any) -> Any:
        """Set a property (the value is converted to its type); returns the value now held."""
        args = {**target_args(target), "property": property, "value": value}
        return self.request("set_property", args)["value"]

    def call_method(self, target: str, method: str, *args: Any) -> Any:
        """Call a method of a node; returns its result."""
        return self.request(
            "call_method", {**target_args(target), "method": method, "args": list(args)}
        )["result"]

    def get_signals(self, target: str) -> list[SignalInfo]:
        """A node's signals and what is connected to them."""
        return cast("list[SignalInfo]", self.request("get_signals", target_args(target))["signals"])

    def get_events(self) -> list[Event]:
        """Events that fired since the last call, oldest first (all of them: also those that
        rode along on other responses)."""
        self.request("get_events")
        return self.connection.take_unread_events()

    def get_state(self) -> Any:
        """The game's own state, as it registered it."""
        return self.request("get_state")

    def get_setting(self, name: str) -> SettingAnswer:
        """A project setting as the running game sees it (``"display/window/size/viewport_width"``,
        or one the game added): ``{"name", "value", "type", "changed"}``, the value in its wire
        form and ``changed`` whether it differs from the value the game launched with.

        Raises:
            NotFoundError: the game has no such setting (the sentence names the likeliest).
        """
        return cast("SettingAnswer", self.request("get_setting", {"name": name}))

    def list_actions(self) -> ListActionsAnswer:
        """Every action possible right now (``actions``), the game's controls (``controls``:
        its input actions and their bindings) and every command (``commands``)."""
        return cast("ListActionsAnswer", self.request("list_actions"))

    def controls(self) -> list[Control]:
        """The game's input actions, each ``{"action", "bindings", "inputs"}``: the names of
        what it is bound to (``"A"``, ``"left stick left"``, ``"pad A"``) and, for each, the
        :meth:`input` arguments that play that binding. The engine's ``ui_*`` actions are
        left out unless the game rebinds them."""
        return self.list_actions().get("controls", [])

    def snapshot(
        self,
        *,
        interactive: bool = False,
        compact: bool = False,
        max_depth: int | None = None,
        root: str = "/root",
        all: bool = False,
        since: int | None = None,
    ) -> SnapshotAnswer:
        """The accessibility snapshot: ``{"text", "refs", "snapshot", "tree_version"}``; refs
        (``e3``) work wherever a path does, for as long as their node lives.

        Args:
            interactive: Only what can be acted on (and its ancestors unless ``compact``).
            compact: Leave out unnamed wrappers.
            max_depth: Levels below ``root``.
            root: The node to start from.
            all: Also nodes a player cannot see or act on (timers, collision shapes, ...).
            since: A ``tree_version`` from an earlier snapshot: when the tree is still there,
                the answer is only ``{"unchanged": true, ...}``.
        """
        args = _given(
            interactive=interactive,
            compact=compact,
            root=root,
            max_depth=max_depth,
            all=all or None,
            since=since,
        )
        return cast("SnapshotAnswer", self.request("snapshot", args))

    # --- acting as a player ---------------------------------------------------------------------

    def _act(
        self,
        cmd: str,
        args: dict[str, Any],
        settled: bool,
        snapshot: bool | SnapshotOptions,
        timeout_ms: int | None,
    ) -> Any:
        """An action command with its options; one that answers once settled may take as
        long as its own ``timeout_ms``."""
        if settled:
            args["settled"] = True
        if snapshot:
            args["snapshot"] = snapshot
        if timeout_ms is not None:
            args["timeout_ms"] = timeout_ms
        wait = self.connection.timeout_for_wait(timeout_ms or 5000) if settled else None
        return self.request(cmd, args, timeout=wait)

    @renamed(settle="settled")
    def press(
        self,
        target: str,
        *,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> PressAnswer:
        """Press a button through its own input handling."""
        return cast(
            "PressAnswer", self._act("press", target_args(target), settled, snapshot, timeout_ms)
        )

    @renamed(settle="settled")
    def fill(
        self,
        target: str,
        value: str,
        *,
        submit: bool = False,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> FillAnswer:
        """Replace a text field's text as typing would (``text_changed`` fires); ``submit``
        then submits it, as Enter would."""
        args = {**target_args(target), "value": value, "submit": submit}
        return cast("FillAnswer", self._act("fill", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled")
    def select_option(
        self,
        target: str,
        option: str | int | None = None,
        *,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> SelectAnswer:
        """Choose an entry of an option button, menu, item list, tab bar or container, or
        tree, by clicking it as a player would: ``option`` is its text (a tree row also by its
        path of texts joined with ``/``) or its index; left out when ``target`` is the ref of
        the entry itself. Answers ``{"target", "selected": {"item", "text"}}`` (the bridge's
        ``select``; Playwright's name).

        Raises:
            NotFoundError: no such option (the message lists those there are).
        """
        args = {**target_args(target), **({} if option is None else {"option": option})}
        return cast("SelectAnswer", self._act("select", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled")
    def set_value(
        self,
        target: str,
        value: float | str | dict[str, float],
        *,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> SetValueAnswer:
        """Set a slider, spin box or scroll bar (a number) or a color picker (``"#rrggbb"``,
        ``"#rrggbbaa"`` or ``{"r", "g", "b", "a"}``), emitting the signals a player's input
        would. Answers ``{"target", "value", "clamped"}``: a number outside the range is
        clamped as the engine does.

        Raises:
            InvalidArgsError: a value of the wrong kind for the control.
        """
        args = {**target_args(target), "value": value}
        return cast("SetValueAnswer", self._act("set_value", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled")
    def click(
        self,
        target: str | None = None,
        *,
        x: float | None = None,
        y: float | None = None,
        button: MouseButton = "left",
        double: bool = False,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> ClickAnswer:
        """Click a node or a point (``x``, ``y``), through real mouse input."""
        args = {**_point_or_target(target, x, y), "button": button, "double": double}
        return cast("ClickAnswer", self._act("click", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled")
    def hover(
        self,
        target: str | None = None,
        *,
        x: float | None = None,
        y: float | None = None,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> ClickAnswer:
        """Move the mouse over a node or a point."""
        args = _point_or_target(target, x, y)
        return cast("ClickAnswer", self._act("hover", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled", source="from_", dest="to")
    def drag(
        self,
        from_: str | dict[str, float],
        to: str | dict[str, float],
        *,
        button: MouseButton = "left",
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> DragAnswer:
        """Press on ``from_``, move to ``to`` and release (refs, paths or ``{"x","y"}``)."""
        args = {"from": from_, "to": to, "button": button}
        return cast("DragAnswer", self._act("drag", args, settled, snapshot, timeout_ms))

    @renamed(settle="settled")
    def input(
        self,
        *,
        action: str | None = None,
        key: str | None = None,
        modifiers: Sequence[Modifier] | None = None,
        button: InputButton | None = None,
        joy_button: str | int | None = None,
        joy_axis: str | int | None = None,
        value: float | None = None,
        text: str | None = None,
        wheel: int | None = None,
        x: float | None = None,
        y: float | None = None,
        device: int | None = None,
        pressed: bool | None = None,
        strength: float | None = None,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> InputAnswer:
        """Send one input through the engine's input path: exactly one of ``action`` (one of
        the game's input actions), ``key`` (with ``modifiers``), ``button`` (a mouse button),
        ``joy_button``, ``joy_axis`` (pushed to ``value``), ``text`` or ``wheel``; with
        ``pressed=True`` / ``False`` to hold or let go (left out: a tap), ``device`` (a
        joypad) and ``strength`` (how far an action is pushed).

        Raises:
            InvalidArgsError: not exactly one input, or an unknown key, button or axis.
            NotFoundError: no such input action.
        """
        args = _given(
            action=action,
            key=key,
            modifiers=_listed(modifiers) or None,
            button=button,
            joy_button=joy_button,
            joy_axis=joy_axis,
            value=value,
            text=text,
            wheel=wheel,
            x=x,
            y=y,
            device=device,
            pressed=pressed,
            strength=strength,
        )
        return cast("InputAnswer", self._act("input", args, settled, snapshot, timeout_ms))

    def key(
        self,
        key: str,
        *,
        modifiers: Sequence[Modifier] | None = None,
        pressed: bool | None = None,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> InputAnswer:
        """Press a key (``"Enter"``, ``"Escape"``, ``"A"``, ``"F5"``) through the engine's
        input, ``modifiers`` held: :meth:`input` with ``key``."""
        return self.input(
            key=key,
            modifiers=modifiers,
            pressed=pressed,
            settled=settled,
            snapshot=snapshot,
            timeout_ms=timeout_ms,
        )

    @renamed(button="joy_button", axis="joy_axis")
    def gamepad(
        self,
        joy_button: str | int | None = None,
        *,
        joy_axis: str | int | None = None,
        value: float = 1.0,
        device: int = 0,
        pressed: bool | None = None,
        strength: float | None = None,
        settled: bool = False,
        snapshot: bool | SnapshotOptions = False,
        timeout_ms: int | None = None,
    ) -> InputAnswer:
        """Press a joypad button (``"a"``, ``"start"``, ``"dpad_up"``, or an index) or push an
        axis (``joy_axis``: ``"left_x"``, ``"trigger_right"``, or an index) to ``value`` (-1
        to 1), on joypad ``device``, through the engine's input path: a tap, or with
        ``pressed`` a hold (True) or a release (False): :meth:`input` with ``joy_button`` or
        ``joy_axis``. Answers with the event and the game's actions it plays.

        Raises:
            InvalidArgsError: neither or both of joy_button and joy_axis, an unknown name, a
                device out of range.
        """
        return self.input(
            joy_button=joy_button,
            joy_axis=joy_axis,
            value=value if joy_axis is not None else None,
            device=device,
            pressed=pressed,
            strength=strength,
            settled=settled,
            snapshot=snapshot,
            timeout_ms=timeout_ms,
        )

    # --- time -----------------------------------------------------------------------------------

    def wait_frames(self, frames: int, *, timeout_ms: int = 5000) -> WaitAnswer:
        """Let ``frames`` frames pass."""
        return cast(
            "WaitAnswer",
            self.request(
                "wait",
                {"frames": frames, "timeout_ms": timeout_ms},
                timeout=self.connection.timeout_for_wait(timeout_ms),
            ),
        )

    def wait_settled(self, *, quiet_frames: int = 2, timeout_ms: int = 5000) -> WaitAnswer:
        """Wait until no Tween or animation runs and no scene change is pending."""
        return cast(
            "WaitAnswer",
            self.request(
                "wait",
                {"settled": True, "quiet_frames": quiet_frames, "timeout_ms": timeout_ms},
                timeout=self.connection.timeout_for_wait(timeout_ms),
            ),
        )

    def pause(self) -> TimeInfo:
        """Hold the game: no frame runs between requests (a lockstep game always is held).
        The game's own pause (``get_tree().paused``) is left alone."""
        return cast("TimeInfo", self.request("pause"))

    def resume(self) -> TimeInfo:
        """Let the game run by itself, in real time, until :meth:`pause`."""
        return cast("TimeInfo", self.request("resume"))

    def step(self, frames: int = 1) -> StepAnswer:
        """Advance a held game by exactly ``frames`` frames (each 1/fps s of game time, with
        the physics ticks the project's tick rate gives them); answers the clock."""
        return cast(
            "StepAnswer", self.request("step", {"frames": frames}, timeout=self._wait_for(frames))
        )

    @renamed(prop="property")
    def step_until(
        self,
        *,
        event: str | None = None,
        node: str | None = None,
        present: bool = True,
        property: str | None = None,
        op: Comparison = "==",
        value: Any = None,
        text: str | None = None,
        max_frames: int = 600,
    ) -> StepUntilAnswer:
        """Advance a held game frame by frame until a condition holds or ``max_frames``
        pass; the answer says whether it was ``met`` and after how many ``frames``, and the
        events of those frames ride along.

        Give exactly one condition: ``event`` (an event type arrives), ``node`` (a path that
        is there, or gone with ``present=False``; with ``property``, ``op`` and ``value``:
        that property compares true) or ``text`` (a shown label, button or 3D label holds it).

        Raises:
            InvalidArgsError: the game is not held, or the condition is not one of these.
        """
        args = _given(max_frames=max_frames, event=event, node=node, text=text)
        if node is not None:
            args["present"] = present
        if property is not None:
            args.update(property=property, op=op, value=value)
        return cast(
            "StepUntilAnswer",
            self.request("step_until", args, timeout=self._wait_for(max_frames)),
        )

    def hold(
        self,
        *,
        action: str | None = None,
        key: str | None = None,
        button: InputButton | None = None,
        joy_button: str | int | None = None,
        joy_axis: str | int | None = None,
        value: float | None = None,
        device: int | None = None,
        modifiers: Sequence[Modifier] | None = None,
        frames: int,
        strength: float = 1.0,
    ) -> HoldAnswer:
        """Press an input action, a key, a mouse button (``"left"``, ``"right"``,
        ``"middle"``) or a pad's ``joy_button`` or ``joy_axis`` (pushed to ``value``), let
        ``frames`` frames run, release it. The game sees it pressed in exactly that many
        frames; the release reaches it with the next frame. ``strength`` (0 to 1) is how far
        an action is pushed, which the game reads whatever the action is bound to
        (docs/PROTOCOL.md, "Strength").

        Raises:
            InvalidArgsError: not exactly one input, or a bad value.
            NotFoundError: no such input action.
        """
        args = _given(
            action=action,
            key=key,
            button=button,
            joy_button=joy_button,
            joy_axis=joy_axis,
            value=value,
            device=device,
            modifiers=_listed(modifiers) or None,
            frames=frames,
            strength=strength,
        )
        return cast("HoldAnswer", self.request("hold", args, timeout=self._wait_for(frames)))

    def input_sequence(self, entries: Sequence[dict[str, Any]]) -> SequenceAnswer:
        """Run an input timeline frame-exactly: each entry names an ``action``, ``key`` or
        ``button``, its ``start`` (frames from now), its length in ``frames`` and an optional
        ``strength``. Answers once the last input is released, with the ``frames`` that ran.

        Raises:
            InvalidArgsError: an entry is malformed (the message names it).
            NotFoundError: an entry names an input action the game does not have.
        """
        items = list(entries)  # checked by the bridge, which names a bad entry
        length = max(
            (
                int(e.get("start", 0) or 0) + int(e.get("frames", 0) or 0)
                for e in items
                if isinstance(e, dict)
                and all(isinstance(e.get(k, 0), (int, float)) for k in ("start", "frames"))
            ),
            default=0,
        )
        return cast(
            "SequenceAnswer",
            self.request("input_sequence", {"entries": items}, timeout=self._wait_for(length)),
        )

    @renamed(request_id="id")
    def cancel(self, id: RequestId) -> CancelAnswer:
        """Stop a request of this session that is still running (a long wait): it answers
        CANCELLED at once.

        Raises:
            NotFoundError: no request with that id is running.
        """
        return cast("CancelAnswer", self.request("cancel", {"id": id}))

    def set_time_scale(self, scale: float) -> TimeScaleAnswer:
        """Speed game time up (> 1) or down (< 1)."""
        return cast("TimeScaleAnswer", self.request("set_time_scale", {"scale": scale}))

    # --- the game's state -----------------------------------------------------------------------

    def change_scene(self, path: str) -> SceneAnswer:
        """Switch the current scene (a ``res://`` file); answers once it is in the tree."""
        return cast(
            "SceneAnswer",
            self.request("change_scene", {"path": path}, timeout=self.connection.timeout + 10),
        )

    def reset_game(self, scene: str | None = None) -> ResetAnswer:
        """Put the game back as it was launched, without relaunching it: project settings and
        the input map as the project file has them, static variables and every autoload made
        again, the scene (``scene``, else the main scene) loaded fresh, input released,
        orphan nodes freed, frame 0 and the seed again. The event log starts over with the
        events the fresh game sends. Milliseconds instead of a launch; what a reset cannot undo
        (files the game wrote, threads it started) is in docs/PROTOCOL.md.

        Raises:
            NotFoundError: no such scene.
            InvalidArgsError: the scene is outside the project, or the project has no main
                scene and none was named.
        """
        log = self.connection.event_log
        before = max((int(event.get("seq", 0)) for event in log), default=0)
        before = max(before, self.connection.event_cursor)
        data = self.request("reset_game", {"scene": scene} if scene else {})
        self.connection.start_over(before)
        return cast("ResetAnswer", data)

    def reset(self, scene: str | None = None) -> ResetAnswer:
        """The old name of :meth:`reset_game`, kept for one release."""
        warnings.warn("reset() is now reset_game().", DeprecationWarning, stacklevel=2)
        return self.reset_game(scene)

    def digest(
        self, root: str = "/root", *, nodes: bool = False, state: bool = False
    ) -> DigestAnswer:
        """A hash of the game's state now (every node's transform, visibility, velocity and
        public script variables): the same seed and inputs give the same digest at the same
        frame. ``nodes=True`` adds each node's own hash (``by_node``), to find where two runs
        parted; ``state=True`` adds what was hashed of each node, field by field (``state``:
        path -> {field: value}), to say what differs."""
        args: dict[str, Any] = {"root": root, "nodes": nodes}
        if state:
            args["state"] = True  # asked only when wanted: older bridges do not know it
        return cast("DigestAnswer", self.request("digest", args))

    # --- the game world -------------------------------------------------------------------------

    def nearby(
        self,
        target: str | None = None,
        *,
        point: Sequence[float] | None = None,
        radius: float | None = None,
        limit: int = 20,
    ) -> NearbyAnswer:
        """The game entities near a node (a path or a ref) or a world ``point`` (``[x, y]`` or
        ``[x, y, z]``), nearest first: ``{"origin", "entities", "count"}``, each entity with
        its ``ref``, ``path``, ``name``, ``distance``, ``direction`` (a unit vector), ``pos``
        and where it is on screen (``at``, ``offscreen`` or ``behind``).

        Raises:
            InvalidArgsError: the target is not in a 2D or 3D world, or the point is no
                position.
            NotFoundError: no node at that path.
        """
        args = _given(limit=limit, radius=radius, **_world_origin(target, point))
        return cast("NearbyAnswer", self.request("nearby", args))

    def raycast(
        self,
        target: str | None = None,
        *,
        point: Sequence[float] | None = None,
        direction: Sequence[float] | None = None,
        to: str | Sequence[float] | None = None,
        max_distance: float | None = None,
        areas: bool = True,
        mask: int | None = None,
    ) -> RaycastAnswer:
        """What a ray from a node (a path or a ref) or a world ``point`` hits first, cast in a
        ``direction`` or ``to`` a node (path or ref) or a point: ``{"from", "to", "hit"}``
        and, on a hit, ``node`` (with its ref), ``position``, ``normal`` and ``distance``;
        aimed at a node, ``reached`` says whether nothing else was in the way. ``mask``: the
        collision layers it sees (default all).

        Raises:
            InvalidArgsError: both or neither of direction and to, a zero direction, 2D mixed
                with 3D.
        """
        args = _given(
            areas=areas,
            direction=_listed(direction),
            to=to if isinstance(to, str) else _listed(to),
            max_distance=max_distance,
            mask=mask,
            **_world_origin(target, point),
        )
        return cast("RaycastAnswer", self.request("raycast", args))

    # --- health and pictures --------------------------------------------------------------------

    def screenshot(
        self,
        target: str | None = None,
        *,
        annotate: bool = False,
        name: str | None = None,
        hide_caret: bool = False,
    ) -> ScreenshotAnswer:
        """Save a PNG into the session's artifacts (needs ``render=True``); ``hide_caret``
        draws text fields without their caret."""
        args = _given(annotate=annotate, name=name or None, hide_caret=hide_caret or None) | (
            target_args(target) if target else {}
        )
        return cast(
            "ScreenshotAnswer",
            self.request("screenshot", args, timeout=self.connection.timeout + 20),
        )

    def metrics(self, *, orphans: bool = False, limit: int = 100) -> MetricsAnswer:
        """The engine's monitors: ``nodes``, ``orphan_nodes``, ``objects``, ``resources``,
        ``static_memory`` (and ``static_memory_max``, bytes), ``fps`` and the engine's
        ``process_ms`` and ``physics_ms`` (the slowest frame of the last second, updated once
        a second: :meth:`measure` times frames one by one). With ``orphans``, ``orphans`` lists
        up to ``limit`` orphan nodes: ``{"id", "name", "type", "class", "path", "script",
        "top"}``, ``path`` running from the top of the detached branch."""
        return cast("MetricsAnswer", self.request("metrics", {"orphans": orphans, "limit": limit}))

    def measure(self, frames: int, *, timeout_ms: int = 60000) -> Measurement:
        """Time the next ``frames`` frames one by one: the game's process and physics time
        per frame and, when it renders, its draw calls. Launch with ``fps=60`` so the
        frames are the same game time run after run.

        Raises:
            CommandTimeoutError: the frames did not pass within ``timeout_ms``.
        """
        data = self.request(
            "measure",
            {"frames": frames, "timeout_ms": timeout_ms},
            timeout=self.connection.timeout_for_wait(timeout_ms),
        )
        return Measurement.of(data, self.connection)

    @contextmanager
    def measuring(self) -> Iterator[Measurement]:
        """Time every frame while the block runs; the measurement is filled when it ends::

        with game.measuring() as frames:
            game.get_by_role("button", name="Play").click()
        expect(frames).to_be_within(frame_ms=8)
        """
        measurement = Measurement(connection=self.connection)
        self.request("measure_start")
        try:
            yield measurement
        except BaseException:
            with suppress(AgentBridgeError):
                self.request("measure_stop")
            raise
        measurement.fill(self.request("measure_stop"))

    # --- recording replays ----------------------------------------------------------------------

    def start_recording(self, *, checkpoint_every: int = 30, annotate: bool = False) -> None:
        """Record from now on every input and request that acts on the game, with the game's
        digest every ``checkpoint_every`` frames, into a replay file (docs/REPLAY.md); start
        at frame 0 (right after launch) for a file that replays. ``annotate`` also notes what
        each click and key landed on (for codegen)."""
        self.request("record_start", {"checkpoint_every": checkpoint_every, "annotate": annotate})

    def stop_recording(self, path: str | os.PathLike[str]) -> Recording:
        """End the recording (the final digest is written) and move the file to ``path``.

        Raises:
            NotFoundError: nothing is being recorded.
            ReplayFileError: ``path``'s folder does not exist.
        """
        from agent_client.replay.file import Recording  # recording only

        return Recording.move(self.request("record_stop"), path)

    def discard_recording(self) -> None:
        """End the recording and drop its file (a passed test's, say).

        Raises:
            NotFoundError: nothing is being recorded.
        """
        answer = self.request("record_stop")
        Path(str(answer["path"])).unlink(missing_ok=True)


def _given(**args: Any) -> dict[str, Any]:
    """The arguments given: those left out (None) take the bridge's defaults."""
    return {name: value for name, value in args.items() if value is not None}


def _listed(values: Sequence[Any] | None) -> list[Any] | None:
    return None if values is None else list(values)


def _point_or_target(target: str | None, x: float | None, y: float | None) -> dict[str, Any]:
    """A node (path or ref) or a point.

    Raises:
        ValueError: neither a target nor both coordinates.
    """
    if target is not None:
        return target_args(target)
    if x is None or y is None:
        raise ValueError("Give a target (a path or a ref) or both x and y.")
    return {"x": x, "y": y}


def _world_origin(target: str | None, point: Sequence[float] | None) -> dict[str, Any]:
    """A node (path or ref) or a world point, as ``nearby`` and ``raycast`` take it.

    Raises:
        ValueError: both or neither.
    """
    if (target is None) == (point is None):
        raise ValueError("Give a target (a path or a ref) or a world point, one of them.")
    return target_args(target) if target is not None else {"point": list(point or ())}
