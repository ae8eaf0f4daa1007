"""AgentClient: drive a running game through its bridge."""

from __future__ import annotations

import os
import re
import shutil
import warnings
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import orjson

from agent_client.client import expected_errors
from agent_client.client.locators import Locators
from agent_client.client.metrics import Measurement
from agent_client.connection.connection import DEFAULT_TIMEOUT, Connection, Step
from agent_client.connection.engine_errors import EngineErrorEvent
from agent_client.engine import launcher
from agent_client.replay.file import Recording
from agent_client.replay.play import ReplayResult, command_launch
from agent_client.replay.play import play as replay_play
from agent_client.trace.recorder import TraceRecorder
from agent_client.transport.base import Transport
from agent_client.transport.files import FileTransport
from agent_client.wire.errors import AgentBridgeError, GameExitedError, LaunchError
from agent_client.wire.protocol import READY_FILE, Event, RequestId, Response, target_args

READY_TIMEOUT = 30.0
VIDEO_QUIT_TIMEOUT = 60.0


class AgentClient(Locators):
    """A connection to one game session.

    Create one with :meth:`launch` (start a Godot project headless), :meth:`launch_command`
    (any bridge executable) or :meth:`attach` (a session another process started). Use it as a
    context manager: leaving the block quits the game it started and stops its processes.

    Every method that takes a ``target`` takes a node path (``"/root/Menu/Play"``) or a
    snapshot ref (``"@e3"`` or ``"e3"``).

    Attributes:
        connection: The requests, responses and events of this session.
        session_dir: The session folder (None over a transport without one).
        process: The game this client started (None when it attached).
        info: What the bridge wrote into ``bridge.json`` when it got ready.
    """

    def __init__(
        self,
        connection: Connection,
        *,
        session_dir: Path | None = None,
        process: launcher.GameProcess | None = None,
        info: dict[str, Any] | None = None,
        owns_session: bool = False,
    ) -> None:
        self.connection = connection
        self.session_dir = session_dir
        self.process = process
        self.info: dict[str, Any] = info or {}
        if isinstance(self.info.get("time"), dict):
            connection.time_info = dict(self.info["time"])
        self._owns_session = owns_session
        self.render = False
        # The video file the game writes (launch(video=...)); complete once it quit.
        self.video: Path | None = None
        self.trace: TraceRecorder | None = None
        # Engine errors an expect_engine_errors block declared and met.
        self.expected_errors = expected_errors.ExpectedErrors()
        if session_dir is not None:
            # A trace another client of this session started records this one's calls too.
            self.trace = TraceRecorder.resume(session_dir, connection)
        if process is not None:
            # However this interpreter ends (short of being killed), its game goes with it;
            # the bridge's parent-pid check covers the rest.
            self._finalizer = weakref.finalize(self, _stop_quietly, process)

    # --- creating ------------------------------------------------------------------------------

    @classmethod
    def launch(
        cls,
        project: str | os.PathLike[str],
        *,
        godot: str | os.PathLike[str] | None = None,
        scene: str | None = None,
        render: bool = False,
        engine_args: Sequence[str] = (),
        env: dict[str, str] | None = None,
        session: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        ready_timeout: float = READY_TIMEOUT,
        tie_to_parent: bool = True,
        realtime: bool = False,
        fixed_fps: int = launcher.DEFAULT_FPS,
        seed: int = 0,
        install: bool = False,
        import_progress: Callable[[str], None] | None = None,
        record: bool = False,
        video: str | os.PathLike[str] | None = None,
        user_data: str | os.PathLike[str] | None = None,
        own_user_data: bool = False,
    ) -> AgentClient:
        """Start a game with its bridge in agent mode and connect to it.

        Args:
            project: A Godot project folder (holding ``project.godot``), a built Unity player
                (run ``-batchmode -nographics``), or a Unity project folder (opened in the
                editor, ``$UNITY_EDITOR``, in batch mode, entering play mode).
            godot: The engine binary; default: ``$GODOT_BIN``, PATH, then the installed copy.
            scene: A ``res://`` scene to run instead of the main scene (Godot), or the scene
                a Unity project's batch-mode editor opens (a name or a Build Settings path).
            render: Draw frames (needed for screenshots): the OpenGL renderer, under a
                virtual display (Xvfb) when there is no display. Default: headless.
            engine_args: Extra engine arguments (before the scene).
            env: The game's environment (default: this process's); its data folder
                (``XDG_DATA_HOME``, ``APPDATA``) is the launch's own unless ``own_user_data``.
            session: A name for the session directory (default: a random one).
            timeout: Default seconds to wait for a response.
            ready_timeout: Seconds to wait for the bridge to report ready.
            tie_to_parent: The game quits by itself if this process dies.
            realtime: Let the game run by itself in real time (for a person watching a
                rendered game). Default: lockstep, where the game runs only while a request
                needs it (an action settling, a wait, an expectation's retry, ``step``), as
                fast as the machine allows, and timeouts count game time.
            fixed_fps: Frames a game second; every frame is exactly 1/fixed_fps s of game
                time, in both modes.
            seed: Seeds the engine's random generator before the game's first ``_ready``:
                the same seed and inputs give the same frames (docs/PROTOCOL.md, "Time").
            install: Copy the bridge addon into the Godot project first (as
                ``agent-bridge install``); without it, a project lacking the addon is refused.
            import_progress: Called with a line per step of the engine's one-time import of
                a Godot project (when it was never imported, or its sources changed since).
            record: Record a replay file from frame 0 (docs/REPLAY.md), before a realtime
                game's first frame runs; :meth:`stop_recording` writes it.
            video: Write every frame that runs to this ``.avi`` file (MJPEG, at ``fixed_fps``:
                the video shows game time; a held game writes no frames). Renders (implies
                ``render``); the file is complete once the game quits.
            user_data: What the game finds in its user:// folder, which is a folder of this
                launch's own in the session folder (Godot): None, the default, for an empty
                one; a folder's path for a copy of that folder (never written back). The
                game's saved data then never reaches the person's own, and ``reset()`` empties
                (and seeds) it again.
            own_user_data: Let the game use the person's own user:// folder (its saved
                data, settings and logs) instead; not with ``user_data``.

        Raises:
            EngineNotFoundError: no engine found.
            LaunchError: the project has no bridge addon (and ``install`` is off), the import
                failed, the bridge did not get ready, ``user_data`` is no folder (or holds a
                link), the engine did not take the launch's own user:// folder, or
                ``user_data`` was given for a Unity game (whose persistentDataPath cannot be
                moved).
            GameExitedError: the game ended while starting.
            ValueError: both ``user_data`` and ``own_user_data``.
        """
        from agent_client.engine.godot_import import ensure_imported  # launching only

        game_time = launcher.GameTime(realtime=realtime, fps=fixed_fps, seed=seed)
        if user_data is not None and own_user_data:
            raise ValueError("Give user_data (a folder to copy) or own_user_data, not both.")
        target = Path(project).resolve()
        kind = launcher.project_kind(target)
        if kind != "godot" and user_data is not None:
            raise LaunchError(
                "user_data works for Godot games only: a Unity game keeps its data in "
                "Application.persistentDataPath, which a launcher cannot move."
            )
        seed_folder = launcher.user_data_seed(user_data) if user_data is not None else None
        session_dir = launcher.new_session_dir(session)
        parent_pid = os.getpid() if tie_to_parent else None
        home: Path | None = None
        if kind == "godot":
            launcher.ensure_addon(target, install=install)
            engine = launcher.find_godot(godot)
            ensure_imported(target, engine, progress=import_progress)
            if not own_user_data:
                home = launcher.user_data_home(session_dir, seed_folder)
                env = launcher.user_data_env(home, env)
            argv = launcher.godot_argv(
                engine,
                target,
                session_dir,
                scene=scene,
                render=render,
                engine_args=engine_args,
                parent_pid=parent_pid,
                game_time=game_time,
                record=record,
                video=video,
                user_dir=home,
            )
        else:
            argv = launcher.unity_argv(
                target,
                kind,
                session_dir,
                render=render,
                engine_args=engine_args,
                parent_pid=parent_pid,
                scene=scene,
                game_time=game_time,
                record=record,
            )
        game = cls._start(
            argv,
            session_dir,
            env=env,
            timeout=timeout,
            ready_timeout=ready_timeout,
            owns_session=session is None,
            exit_codes=launcher.GODOT_EXIT_CODES if kind == "godot" else launcher.UNITY_EXIT_CODES,
        )
        game.render = render or video is not None
        game.video = Path(video).absolute() if video is not None else None
        problem = launcher.user_data_problem(game.info, home) if home is not None else None
        if problem is not None:
            game.close()
            raise LaunchError(problem)
        return game

    @classmethod
    def launch_command(
        cls,
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        session: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        ready_timeout: float = READY_TIMEOUT,
        realtime: bool = False,
        fixed_fps: int = launcher.DEFAULT_FPS,
        seed: int = 0,
        record: bool = False,
    ) -> AgentClient:
        """Start any bridge executable (a Unity player, a test host) with the bridge arguments
        appended to ``argv``, and connect to it. ``realtime``, ``fixed_fps``, ``seed`` and
        ``record`` (a replay file from frame 0, :meth:`stop_recording`) are as for
        :meth:`launch`; a Godot engine started this way needs ``--fixed-fps`` in ``argv`` for
        frames of a fixed delta."""
        session_dir = launcher.new_session_dir(session)
        game_time = launcher.GameTime(realtime=realtime, fps=fixed_fps, seed=seed)
        bridge = launcher.bridge_args(
            session_dir, parent_pid=os.getpid(), game_time=game_time, record=record
        )
        full = [*argv, *bridge]
        return cls._start(
            full,
            session_dir,
            env=env,
            timeout=timeout,
            ready_timeout=ready_timeout,
            owns_session=session is None,
        )

    @classmethod
    def _start(
        cls,
        argv: list[str],
        session_dir: Path,
        *,
        env: dict[str, str] | None,
        timeout: float,
        ready_timeout: float,
        owns_session: bool,
        exit_codes: Mapping[int, str] | None = None,
    ) -> AgentClient:
        process = launcher.GameProcess(argv, session_dir, env=env, exit_codes=exit_codes)
        try:
            info = process.wait_ready(ready_timeout)
        except BaseException:
            process.stop()
            raise
        # The client that launched the game owns the id space: plain integer ids.
        connection = Connection(
            FileTransport(session_dir, start=0),
            timeout=timeout,
            check_alive=process.check_alive,
            hang_hint=lambda: launcher.hang_hint(session_dir),
        )
        return cls(
            connection,
            session_dir=session_dir,
            process=process,
            info=info,
            owns_session=owns_session,
        )

    @classmethod
    def attach(
        cls,
        session_dir: str | os.PathLike[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        read_from: int | None = None,
        use_notifications: bool | None = None,
    ) -> AgentClient:
        """Connect to a session another process started; closing it leaves the game running.

        Args:
            session_dir: The session folder (it holds ``bridge.json``).
            timeout: Default seconds to wait for a response.
            read_from: Where in ``resp.jsonl`` to start reading (events before it are not
                seen); None: its current end.
            use_notifications: Long waits sleep until native file notifications (False: they
                poll, as a one-shot process that should not start watcher threads does);
                None: unless ``AGENT_BRIDGE_POLLING`` is set.
        """
        folder = Path(session_dir)
        info: dict[str, Any] = orjson.loads((folder / READY_FILE).read_bytes())
        pid = info.get("pid")
        # Ids prefixed with this process's pid cannot collide with another client's.
        connection = Connection(
            FileTransport(folder, start=read_from, use_notifications=use_notifications),
            timeout=timeout,
            id_prefix=f"{os.getpid()}-",
            check_alive=launcher.pid_watch(pid if isinstance(pid, int) else None, folder),
            hang_hint=lambda: launcher.hang_hint(folder),
        )
        return cls(connection, session_dir=folder, info=info)

    @classmethod
    def connect(
        cls,
        transport: Transport,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        info: dict[str, Any] | None = None,
    ) -> AgentClient:
        """A client over any :class:`~agent_client.transport.base.Transport` (an in-process
        fake bridge in tests, say); closing it closes the transport."""
        return cls(Connection(transport, timeout=timeout), info=info)

    # --- requests ------------------------------------------------------------------------------

    @property
    def timeout(self) -> float:
        """Default seconds to wait for a response."""
        return self.connection.timeout

    @property
    def event_log(self) -> deque[Event]:
        """Every event read so far, from every response line, oldest first."""
        return self.connection.event_log

    @property
    def last_frame(self) -> int:
        """The game frame of the latest response to this client (frame 0 is the first)."""
        return self.connection.last_frame

    @property
    def time(self) -> dict[str, Any]:
        """How the game's time runs: ``{"mode": "lockstep"|"realtime", "fps", "seed", ...}``."""
        return self.connection.time()

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

    # --- the generic commands ------------------------------------------------------------------

    def hello(self, *, schemas: bool = False) -> dict[str, Any]:
        """Protocol version, engine, game and the commands (names and sources; with
        ``schemas``, also each one's description and argument schema)."""
        return dict(self.request("hello", {"schemas": True} if schemas else None))

    def get_tree(
        self,
        root: str = "/root",
        *,
        max_depth: int | None = None,
        fields: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """The live scene tree below ``root``, every node serialized; only ``fields`` of each
        node (such as ``["name", "path"]``; ``children`` always) for a leaner, faster tree."""
        args: dict[str, Any] = {"root": root}
        if max_depth is not None:
            args["max_depth"] = max_depth
        if fields is not None:
            args["fields"] = list(fields)
        return dict(self.request("get_tree", args)["tree"])

    def get_node(self, target: str) -> dict[str, Any]:
        """One node in detail: ``{"node", "children", "properties"}``."""
        return dict(self.request("get_node", target_args(target)))

    def get_property(self, target: str, prop: str) -> Any:
        """Any property of a node, in its wire form (``"position:x"`` reads a part)."""
        return self.request("get_property", {**target_args(target), "property": prop})["value"]

    def set_property(self, target: str, prop: str, value: Any) -> Any:
        """Set a property (the value is converted to its type); returns the value now held."""
        return self.request(
            "set_property", {**target_args(target), "property": prop, "value": value}
        )["value"]

    def call_method(self, target: str, method: str, *args: Any) -> Any:
        """Call a method of a node; returns its result."""
        return self.request(
            "call_method", {**target_args(target), "method": method, "args": list(args)}
        )["result"]

    def get_signals(self, target: str) -> list[dict[str, Any]]:
        """A node's signals and what is connected to them."""
        return list(self.request("get_signals", target_args(target))["signals"])

    def press(self, target: str, **options: Any) -> dict[str, Any]:
        """Press a button through its own input handling. ``options``: the action options
        (``settled=True``, ``snapshot=True``, ``timeout_ms``), as for every action."""
        return self._act("press", target_args(target), options)

    def fill(
        self, target: str, value: str, *, submit: bool = False, **options: Any
    ) -> dict[str, Any]:
        """Replace a text field's text as typing would (``text_changed`` fires)."""
        return self._act("fill", {**target_args(target), "value": value, "submit": submit}, options)

    def select_option(
        self, target: str, option: str | int | None = None, **options: Any
    ) -> dict[str, Any]:
        """Choose an entry of an option button, menu, item list, tab bar or container, or
        tree, by clicking it as a player would: ``option`` is its text (a tree row also by its
        path of texts joined with ``/``) or its index; left out when ``target`` is the ref of
        the entry itself. Answers ``{"target", "selected": {"item", "text"}}``.

        Raises:
            NotFoundError: no such option (the message lists those there are).
        """
        args = {**target_args(target), **({} if option is None else {"option": option})}
        return self._act("select", args, options)

    def set_value(
        self, target: str, value: float | str | dict[str, float], **options: Any
    ) -> dict[str, Any]:
        """Set a slider, spin box or scroll bar (a number) or a color picker (``"#rrggbb"``,
        ``"#rrggbbaa"`` or ``{"r", "g", "b", "a"}``), emitting the signals a player's input
        would. Answers ``{"target", "value", "clamped"}``: a number outside the range is
        clamped as the engine does.

        Raises:
            InvalidArgsError: a value of the wrong kind for the control.
        """
        return self._act("set_value", {**target_args(target), "value": value}, options)

    def get_events(self) -> list[Event]:
        """Events that fired since the last call, oldest first (all of them: also those that
        rode along on other responses)."""
        self.request("get_events")
        return self.connection.take_unread_events()

    def wait_frames(self, frames: int, *, timeout_ms: int = 5000) -> dict[str, Any]:
        """Let ``frames`` frames pass."""
        return dict(
            self.request(
                "wait",
                {"frames": frames, "timeout_ms": timeout_ms},
                timeout=self.connection.timeout_for_wait(timeout_ms),
            )
        )

    def wait_settled(self, *, quiet_frames: int = 2, timeout_ms: int = 5000) -> dict[str, Any]:
        """Wait until no Tween or animation runs and no scene change is pending."""
        return dict(
            self.request(
                "wait",
                {"settled": True, "quiet_frames": quiet_frames, "timeout_ms": timeout_ms},
                timeout=self.connection.timeout_for_wait(timeout_ms),
            )
        )

    def get_state(self) -> Any:
        """The game's own state, as it registered it."""
        return self.request("get_state")

    def list_actions(self) -> dict[str, Any]:
        """Every action possible right now (``actions``), the game's controls (``controls``:
        its input actions and their bindings) and every command (``commands``)."""
        return dict(self.request("list_actions"))

    def controls(self) -> list[dict[str, Any]]:
        """The game's input actions, each ``{"action", "bindings", "inputs"}``: the names of
        what it is bound to (``"A"``, ``"left stick left"``, ``"pad A"``) and, for each, the
        :meth:`input` arguments that play that binding. The engine's ``ui_*`` actions are
        left out unless the game rebinds them."""
        return list(self.request("list_actions")["controls"])

    def nearby(
        self,
        target: str | None = None,
        *,
        point: Sequence[float] | None = None,
        radius: float | None = None,
        limit: int = 20,
    ) -> dict[str, Any]:
        """The game entities near a node (a path or a ref) or a world ``point`` (``[x, y]`` or
        ``[x, y, z]``), nearest first: ``{"origin", "entities", "count"}``, each entity with
        its ``ref``, ``path``, ``name``, ``distance``, ``direction`` (a unit vector), ``pos``
        and where it is on screen (``at``, ``offscreen`` or ``behind``).

        Raises:
            InvalidArgsError: the target is not in a 2D or 3D world, or the point is no
                position.
            NotFoundError: no node at that path.
        """
        args: dict[str, Any] = {"limit": limit, **_world_origin(target, point)}
        if radius is not None:
            args["radius"] = radius
        return dict(self.request("nearby", args))

    def raycast(
        self,
        target: str | None = None,
        *,
        point: Sequence[float] | None = None,
        direction: Sequence[float] | None = None,
        to: str | Sequence[float] | None = None,
        max_distance: float | None = None,
        areas: bool = True,
    ) -> dict[str, Any]:
        """What a ray from a node (a path or a ref) or a world ``point`` hits first, cast in a
        ``direction`` or ``to`` a node (path or ref) or a point: ``{"from", "to", "hit"}``
        and, on a hit, ``node`` (with its ref), ``position``, ``normal`` and ``distance``;
        aimed at a node, ``reached`` says whether nothing else was in the way.

        Raises:
            InvalidArgsError: both or neither of direction and to, a zero direction, 2D mixed
                with 3D.
        """
        args: dict[str, Any] = {"areas": areas, **_world_origin(target, point)}
        if direction is not None:
            args["direction"] = list(direction)
        if to is not None:
            args["to"] = to if isinstance(to, str) else list(to)
        if max_distance is not None:
            args["max_distance"] = max_distance
        return dict(self.request("raycast", args))

    def change_scene(self, path: str) -> dict[str, Any]:
        """Switch the current scene (a ``res://`` file); answers once it is in the tree."""
        return dict(self.request("change_scene", {"path": path}, timeout=self.timeout + 10))

    def snapshot(
        self,
        *,
        interactive: bool = False,
        compact: bool = False,
        max_depth: int | None = None,
        root: str = "/root",
        all: bool = False,
        since: int | None = None,
    ) -> dict[str, Any]:
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
        args: dict[str, Any] = {"interactive": interactive, "compact": compact, "root": root}
        if max_depth is not None:
            args["max_depth"] = max_depth
        if all:
            args["all"] = True
        if since is not None:
            args["since"] = since
        return dict(self.request("snapshot", args))

    def click(
        self,
        target: str | None = None,
        *,
        x: float | None = None,
        y: float | None = None,
        button: str = "left",
        double: bool = False,
        **options: Any,
    ) -> dict[str, Any]:
        """Click a node or a point (``x``, ``y``), through real mouse input."""
        return self._act(
            "click", {**_point_or_target(target, x, y), "button": button, "double": double}, options
        )

    def hover(
        self,
        target: str | None = None,
        *,
        x: float | None = None,
        y: float | None = None,
        **options: Any,
    ) -> dict[str, Any]:
        """Move the mouse over a node or a point."""
        return self._act("hover", _point_or_target(target, x, y), options)

    def drag(
        self, source: str | dict[str, float], dest: str | dict[str, float], **options: Any
    ) -> dict[str, Any]:
        """Press on ``source``, move to ``dest`` and release (refs, paths or ``{"x","y"}``)."""
        return self._act("drag", {"from": source, "to": dest}, options)

    def input(self, **args: Any) -> dict[str, Any]:
        """``action=``, ``key=`` (with ``modifiers=``), ``button=`` (a mouse button),
        ``joy_button=``, ``joy_axis=`` (with ``value=``), ``text=`` or ``wheel=``; with
        ``pressed=True`` / ``False`` to hold or let go (left out: a tap), ``device=`` (a
        joypad) and ``strength=``."""
        return self._act("input", {}, args)

    def gamepad(
        self,
        button: str | int | None = None,
        *,
        axis: str | int | None = None,
        value: float = 1.0,
        device: int = 0,
        pressed: bool | None = None,
        **options: Any,
    ) -> dict[str, Any]:
        """Press a joypad ``button`` (``"a"``, ``"start"``, ``"dpad_up"``, or an index) or
        push an ``axis`` (``"left_x"``, ``"trigger_right"``, or an index) to ``value`` (-1 to
        1), on joypad ``device``, through the engine's input path: a tap, or with ``pressed``
        a hold (True) or a release (False). Answers with the event and the game's actions it
        plays.

        Raises:
            InvalidArgsError: neither or both of button and axis, an unknown name, a device
                out of range.
        """
        args: dict[str, Any] = {"device": device}
        if button is not None:
            args["joy_button"] = button
        if axis is not None:
            args.update(joy_axis=axis, value=value)
        if pressed is not None:
            args["pressed"] = pressed
        return self._act("input", args, options)

    def screenshot(
        self, target: str | None = None, *, annotate: bool = False, name: str | None = None
    ) -> dict[str, Any]:
        """Save a PNG into the session's artifacts (needs ``render=True``)."""
        args: dict[str, Any] = {"annotate": annotate}
        if target:
            args.update(target_args(target))
        if name:
            args["name"] = name
        return dict(self.request("screenshot", args, timeout=self.timeout + 20))

    def pause(self) -> dict[str, Any]:
        """Hold the game: no frame runs between requests (a lockstep game always is held).
        The game's own pause (``get_tree().paused``) is left alone."""
        return dict(self.request("pause"))

    def resume(self) -> dict[str, Any]:
        """Let the game run by itself, in real time, until :meth:`pause`."""
        return dict(self.request("resume"))

    def step(self, frames: int = 1) -> dict[str, Any]:
        """Advance a held game by exactly ``frames`` frames (each 1/fps s of game time, with
        the physics ticks the project's tick rate gives them); answers the clock."""
        return dict(
            self.request(
                "step",
                {"frames": frames},
                timeout=self.connection.timeout_for_wait(frames * 1000 / self.connection.fps),
            )
        )

    def hold(
        self,
        *,
        action: str | None = None,
        key: str | None = None,
        button: str | None = None,
        frames: int,
        strength: float = 1.0,
    ) -> dict[str, Any]:
        """Press an input action, a key or a mouse button (``"left"``, ``"right"``,
        ``"middle"``), let ``frames`` frames run, release it. The game sees it pressed in
        exactly that many frames; the release reaches it with the next frame. ``strength``
        (0 to 1) is how far an action is pushed, which the game reads whatever the action is
        bound to (docs/PROTOCOL.md, "Strength").

        Raises:
            InvalidArgsError: not exactly one of action, key and button, or a bad value.
            NotFoundError: no such input action.
        """
        args: dict[str, Any] = {"frames": frames, "strength": strength}
        for name, given in (("action", action), ("key", key), ("button", button)):
            if given is not None:
                args[name] = given
        return dict(
            self.request(
                "hold", args, timeout=self.connection.timeout_for_wait(frames * 1000 / self.fps)
            )
        )

    def input_sequence(self, entries: Sequence[dict[str, Any]]) -> dict[str, Any]:
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
        return dict(
            self.request(
                "input_sequence",
                {"entries": items},
                timeout=self.connection.timeout_for_wait(length * 1000 / self.fps),
            )
        )

    def reset(self, scene: str | None = None) -> dict[str, Any]:
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
        before = max((int(event.get("seq", 0)) for event in self.event_log), default=0)
        before = max(before, self.connection.event_cursor)
        data = dict(self.request("reset_game", {"scene": scene} if scene else {}))
        self.connection.start_over(before)
        return data

    def digest(
        self, root: str = "/root", *, nodes: bool = False, state: bool = False
    ) -> dict[str, Any]:
        """A hash of the game's state now (every node's transform, visibility, velocity and
        public script variables): the same seed and inputs give the same digest at the same
        frame. ``nodes=True`` adds each node's own hash (``by_node``), to find where two runs
        parted; ``state=True`` adds what was hashed of each node, field by field (``state``:
        path -> {field: value}), to say what differs."""
        args: dict[str, Any] = {"root": root, "nodes": nodes}
        if state:
            args["state"] = True  # asked only when wanted: older bridges do not know it
        return dict(self.request("digest", args))

    @property
    def fps(self) -> int:
        """Frames a game second."""
        return self.connection.fps

    def step_until(
        self,
        *,
        event: str | None = None,
        node: str | None = None,
        present: bool = True,
        prop: str | None = None,
        op: str = "==",
        value: Any = None,
        text: str | None = None,
        max_frames: int = 600,
    ) -> dict[str, Any]:
        """Advance a held game frame by frame until a condition holds or ``max_frames``
        pass; the answer says whether it was ``met`` and after how many ``frames``, and the
        events of those frames ride along.

        Give exactly one condition: ``event`` (an event type arrives), ``node`` (a path that
        is there, or gone with ``present=False``; with ``prop``, ``op`` and ``value``: that
        property compares true) or ``text`` (a shown label, button or 3D label holds it).

        Raises:
            InvalidArgsError: the game is not held, or the condition is not one of these.
        """
        args: dict[str, Any] = {"max_frames": max_frames}
        for key, given in (("event", event), ("node", node), ("text", text)):
            if given is not None:
                args[key] = given
        if node is not None:
            args["present"] = present
        if prop is not None:
            args.update(property=prop, op=op, value=value)
        return dict(
            self.request(
                "step_until",
                args,
                timeout=self.connection.timeout_for_wait(max_frames * 1000 / self.fps),
            )
        )

    def cancel(self, request_id: RequestId) -> dict[str, Any]:
        """Stop a request of this session that is still running (a long wait): it answers
        CANCELLED at once.

        Raises:
            NotFoundError: no request with that id is running.
        """
        return dict(self.request("cancel", {"id": request_id}))

    def set_time_scale(self, scale: float) -> dict[str, Any]:
        """Speed game time up (> 1) or down (< 1)."""
        return dict(self.request("set_time_scale", {"scale": scale}))

    def command(self, name: str, /, **args: Any) -> Any:
        """Call a game-registered command: ``game.command("load_level", level_id="a1")``."""
        return self.request(name, args)

    # --- health: errors, leaks, frame times --------------------------------------------------

    @contextmanager
    def expect_engine_errors(
        self, *patterns: str | re.Pattern[str], timeout: float | None = None
    ) -> Iterator[list[EngineErrorEvent]]:
        """Declare engine errors the steps in the block should make the game log: when the
        block ends, each pattern (a regular expression searched in the error's message) must
        match an error logged since it began, waiting up to ``timeout`` seconds (default: the
        client's default timeout). The errors met are the block's list, and the pytest plugin
        does not fail the test for them.

        Raises:
            AssertionError: a pattern matched no error in time.
            ValueError: no pattern, or one that is not a regular expression.
        """
        with expected_errors.expecting(
            self.connection, self.expected_errors, patterns, timeout=timeout
        ) as met:
            yield met

    def metrics(self, *, orphans: bool = False, limit: int = 100) -> dict[str, Any]:
        """The engine's monitors: ``nodes``, ``orphan_nodes``, ``objects``, ``resources``,
        ``static_memory`` (and ``static_memory_max``, bytes), ``fps`` and the engine's
        ``process_ms`` and ``physics_ms`` (the slowest frame of the last second, updated once
        a second: :meth:`measure` times frames one by one). With ``orphans``, ``orphans`` lists
        up to ``limit`` orphan nodes: ``{"id", "name", "type", "class", "path", "script",
        "top"}``, ``path`` running from the top of the detached branch."""
        return dict(self.request("metrics", {"orphans": orphans, "limit": limit}))

    def measure(self, frames: int, *, timeout_ms: int = 60000) -> Measurement:
        """Time the next ``frames`` frames one by one: the game's process and physics time
        per frame and, when it renders, its draw calls. Launch with ``fixed_fps=60`` so the
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

    def _act(self, cmd: str, args: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
        """An action command with its options; one that answers once settled may take as
        long as its own ``timeout_ms``."""
        options = _renamed_options(options)
        timeout = (
            self.connection.timeout_for_wait(options.get("timeout_ms", 5000))
            if options.get("settled")
            else None
        )
        return dict(self.request(cmd, {**args, **options}, timeout=timeout))

    # --- replays --------------------------------------------------------------------------------

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
        return Recording.move(self.request("record_stop"), path)

    def discard_recording(self) -> None:
        """End the recording and drop its file (a passed test's, say).

        Raises:
            NotFoundError: nothing is being recorded.
        """
        answer = self.request("record_stop")
        Path(str(answer["path"])).unlink(missing_ok=True)

    @classmethod
    def replay(
        cls,
        path: str | os.PathLike[str],
        *,
        project: str | os.PathLike[str] | None = None,
        check: bool = False,
        render: bool | None = None,
        godot: str | os.PathLike[str] | None = None,
        allow_other_engine: bool = False,
        command: Sequence[str] | None = None,
        **launch_options: Any,
    ) -> ReplayResult:
        """Play a replay file again: launch its project (``project``, else the folder it
        names) with the recorded seed and frame rate in lockstep, feed every input and request
        at its frame, and compare the digests. With ``check`` it stops at the first checkpoint
        that differs. The result says whether the state was the same and, if not, the frame,
        node and property where it parted (``result.describe()``). ``render`` None renders
        when the recording did (a renderer draws from the global random generator).

        ``command`` replays into a game started from that command line instead (a Unity
        player: ``["./Game.x86_64", "-batchmode", "-nographics"]``), as
        :meth:`launch_command` starts it, with the recorded seed and frame rate; the game must
        start on the recorded scene (a Unity player starts on its build's first scene).

        Raises:
            ReplayFileError: the file is malformed or cut short, of another format, project or
                engine version (``allow_other_engine`` replays anyway).
        """
        return replay_play(
            cls.launch if command is None else command_launch(cls.launch_command, command),
            path,
            project=project,
            check=check,
            render=render,
            godot=godot,
            allow_other_engine=allow_other_engine,
            launch_options=launch_options,
        )

    # --- traces --------------------------------------------------------------------------------

    def start_trace(self, title: str = "session") -> None:
        """Record every call from now on (docs/TRACE.md): answers, events, snapshots after
        actions and, when the game renders, screenshots. Other clients of the session record
        into the same trace.

        Raises:
            AgentBridgeError: this client has no session folder to record into.
        """
        if self.session_dir is None:
            raise AgentBridgeError("A trace needs a session folder; this client has none.")
        self.trace = TraceRecorder.start(
            self.session_dir, self.connection, title=title, render=self.render
        )

    def save_trace(self, path: str | os.PathLike[str], *, reason: str = "closed") -> Path:
        """Write the trace recorded so far as a ``trace.zip`` (the recording goes on).

        Raises:
            AgentBridgeError: no trace is being recorded.
        """
        if self.trace is None:
            raise AgentBridgeError("No trace is being recorded: call start_trace() first.")
        return self.trace.save(Path(path), reason=reason)

    def stop_trace(self) -> None:
        """Stop recording (what was not saved is dropped)."""
        if self.trace is not None:
            self.trace.stop()
            self.trace = None

    def trace_step(self, title: str) -> Step:
        """A step of the trace that groups the steps and calls of a block under ``title``
        (as a test names what its lines do together); nothing while no trace records::

            with game.trace_step("start the game"):
                game.get_by_role("button", name="Start").click()
                game.wait_for_event("start_game")
        """
        return self.connection.trace_step(title)

    # --- closing -------------------------------------------------------------------------------

    def quit(self, exit_code: int = 0, *, timeout: float = 5.0) -> int | None:
        """Ask the game to quit and wait for it to exit; returns its exit code."""
        try:
            self.request("quit", {"exit_code": exit_code}, timeout=timeout)
        except GameExitedError:
            pass
        return self.process.wait_exit(timeout) if self.process is not None else None

    @property
    def closed(self) -> bool:
        return self.connection.closed

    def detach(self) -> None:
        """Let go of the session but leave the game running (a CLI's ``start``). The game is
        then stopped through another client's ``quit`` or ``AgentClient.attach(...).quit()``."""
        if self.closed:
            return
        self.connection.close()
        if self.process is not None:
            self._finalizer.detach()

    def close(self) -> None:
        """Quit the game this client started (terminate, then kill, if it does not) and release
        the session. A client that attached leaves the game running."""
        if self.closed:
            return
        try:
            if self.process is not None and self.process.exit_code() is None:
                try:
                    # A video is finished (its index written) only when the engine exits.
                    self.quit(timeout=2.0 if self.video is None else VIDEO_QUIT_TIMEOUT)
                except Exception:
                    pass  # hung or broken: stopped below
                self.process.stop()
        finally:
            self.connection.close()
            if self.trace is not None:
                self.trace.close()  # its files; the recording stays in the session folder
            if self.process is not None:
                self._finalizer.detach()
            if self._owns_session and self.session_dir is not None:
                shutil.rmtree(self.session_dir, ignore_errors=True)

    def __enter__(self) -> AgentClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


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


def _renamed_options(options: dict[str, Any]) -> dict[str, Any]:
    """The action options with ``settle`` (the old name) as ``settled``."""
    if "settle" not in options:
        return options
    warnings.warn("The action option 'settle' is now 'settled'.", DeprecationWarning, stacklevel=4)
    renamed = {key: value for key, value in options.items() if key != "settle"}
    renamed.setdefault("settled", options["settle"])
    return renamed


def _stop_quietly(process: launcher.GameProcess) -> None:
    try:
        process.stop()
    except Exception:
        pass
