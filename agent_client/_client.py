"""AgentClient: drive a running game through its bridge."""

from __future__ import annotations

import itertools
import os
import shutil
import time
import weakref
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from agent_client import _launcher
from agent_client._locators import LocatorMixin
from agent_client._protocol import READY_FILE, Event, RequestId, Response, encode_request
from agent_client._transport import FileTransport
from agent_client.errors import (
    GameExitedError,
    InvalidRequestError,
    ResponseTimeoutError,
    error_from_response,
)

DEFAULT_TIMEOUT = 10.0
READY_TIMEOUT = 30.0
# Extra time a client allows beyond a wait's own timeout_ms before calling the game hung.
WAIT_MARGIN = 5.0
EVENT_LOG_SIZE = 100_000


class AgentClient(LocatorMixin):
    """A connection to one game session.

    Create one with :meth:`launch` (start a Godot project headless), :meth:`launch_command`
    (any bridge executable) or :meth:`attach` (a session another process started). Use it as a
    context manager: leaving the block quits the game it started and stops its processes.
    """

    def __init__(self, session_dir: Path, *, process: _launcher.GameProcess | None = None,
                 timeout: float = DEFAULT_TIMEOUT, owns_session: bool = False) -> None:
        self.session_dir = Path(session_dir)
        self.process = process
        self.timeout = timeout
        self.info: dict[str, Any] = orjson.loads((self.session_dir / READY_FILE).read_bytes())
        self._owns_session = owns_session
        # A client that launched the game owns the id space; one attached to a shared session
        # prefixes its ids with its pid so they cannot collide with another client's.
        self._ids = itertools.count(1)
        self._id_prefix = None if process is not None else f"{os.getpid()}-"
        self.event_log: deque[Event] = deque(maxlen=EVENT_LOG_SIZE)
        self._unread_events: list[Event] = []
        self.last_frame = 0
        self.transport = FileTransport(self.session_dir, read_from_start=process is not None)
        self.transport.on_events(self._collect_events)
        self._closed = False
        if process is not None:
            # However this interpreter ends (short of being killed), its game goes with it;
            # the bridge's parent-pid check covers the rest.
            self._finalizer = weakref.finalize(self, _stop_quietly, process)

    # --- creating ------------------------------------------------------------------------------

    @classmethod
    def launch(cls, project: str | os.PathLike[str], *, godot: str | os.PathLike[str] | None = None,
               scene: str | None = None, render: bool = False,
               engine_args: Sequence[str] = (), env: dict[str, str] | None = None,
               session: str | None = None, timeout: float = DEFAULT_TIMEOUT,
               ready_timeout: float = READY_TIMEOUT, tie_to_parent: bool = True,
               fixed_fps: int | None = None) -> AgentClient:
        """Start a game with its bridge in agent mode and connect to it.

        Args:
            project: A Godot project folder (holding ``project.godot``), a built Unity player
                (run ``-batchmode -nographics``), or a Unity project folder (opened in the
                editor, ``$UNITY_EDITOR``, in batch mode, entering play mode).
            godot: The engine binary; default: ``$GODOT_BIN``, PATH, then the installed copy.
            scene: A ``res://`` scene to run instead of the main scene (Godot).
            render: Draw frames (needed for screenshots): the OpenGL renderer, under a
                virtual display (Xvfb) when there is no display. Default: headless.
            engine_args: Extra engine arguments (before the scene).
            env: The game's environment (default: this process's).
            session: A name for the session directory (default: a random one).
            timeout: Default seconds to wait for a response.
            ready_timeout: Seconds to wait for the bridge to report ready.
            tie_to_parent: The game quits by itself if this process dies.
            fixed_fps: Give every frame the same delta (1/fixed_fps) instead of wall time,
                so ``step`` is deterministic.

        Raises:
            EngineNotFoundError: no engine found.
            LaunchError: the import failed or the bridge did not get ready.
            GameExitedError: the game ended while starting.
        """
        target = Path(project).resolve()
        kind = _launcher.project_kind(target)
        session_dir = _launcher.new_session_dir(session)
        parent_pid = os.getpid() if tie_to_parent else None
        if kind == "godot":
            engine = _launcher.find_godot(godot)
            _launcher.ensure_imported(target, engine)
            if fixed_fps:
                engine_args = [*engine_args, "--fixed-fps", str(fixed_fps)]
            argv = _launcher.godot_argv(engine, target, session_dir, scene=scene, render=render,
                                        engine_args=engine_args, parent_pid=parent_pid)
        else:
            argv = _launcher.unity_argv(target, kind, session_dir, render=render,
                                        engine_args=engine_args, parent_pid=parent_pid)
        return cls._start(argv, session_dir, env=env, timeout=timeout,
                          ready_timeout=ready_timeout, owns_session=session is None)

    @classmethod
    def launch_command(cls, argv: Sequence[str], *, env: dict[str, str] | None = None,
                       session: str | None = None, timeout: float = DEFAULT_TIMEOUT,
                       ready_timeout: float = READY_TIMEOUT) -> AgentClient:
        """Start any bridge executable (a Unity player, a test host) with the bridge arguments
        appended to ``argv``, and connect to it."""
        session_dir = _launcher.new_session_dir(session)
        full = [*argv, *_launcher.bridge_args(session_dir, parent_pid=os.getpid())]
        return cls._start(full, session_dir, env=env, timeout=timeout,
                          ready_timeout=ready_timeout, owns_session=session is None)

    @classmethod
    def _start(cls, argv: list[str], session_dir: Path, *, env: dict[str, str] | None,
               timeout: float, ready_timeout: float, owns_session: bool) -> AgentClient:
        process = _launcher.GameProcess(argv, session_dir, env=env)
        try:
            process.wait_ready(ready_timeout)
        except BaseException:
            process.stop()
            raise
        return cls(session_dir, process=process, timeout=timeout, owns_session=owns_session)

    @classmethod
    def attach(cls, session_dir: str | os.PathLike[str], *,
               timeout: float = DEFAULT_TIMEOUT) -> AgentClient:
        """Connect to a session another process started; closing it leaves the game running."""
        return cls(Path(session_dir), timeout=timeout)

    # --- requests ------------------------------------------------------------------------------

    def _next_id(self) -> RequestId:
        number = next(self._ids)
        return number if self._id_prefix is None else f"{self._id_prefix}{number}"

    def send(self, cmd: str, args: dict[str, Any] | None = None, *,
             timeout: float | None = None) -> Response:
        """Send one command and return the whole response, failures included (not raised).

        Raises:
            GameExitedError: the game ended before answering.
            ResponseTimeoutError: no answer within the timeout (the game hangs).
        """
        request_id = self._next_id()
        return self.send_line(encode_request(request_id, cmd, args), request_id,
                              timeout=timeout, what=cmd)

    def send_line(self, line: bytes, request_id: RequestId, *, timeout: float | None = None,
                  what: str = "request") -> Response:
        """Send a raw line (for protocol tests) and wait for the response with ``request_id``."""
        if self._closed:
            raise InvalidRequestError("This client is closed.", code="INVALID_REQUEST")
        limit = self.timeout if timeout is None else timeout
        self.transport.send(line)
        response = self.transport.wait_for(request_id, time.monotonic() + limit,
                                           self._check_alive)
        if response is None:
            raise ResponseTimeoutError(
                f"No answer to {what} (id {request_id!r}) within {limit:g} s: the game seems "
                f"hung.{self._log_hint()}")
        self.last_frame = response.get("frame", self.last_frame)
        return response

    def request(self, cmd: str, args: dict[str, Any] | None = None, *,
                timeout: float | None = None) -> Any:
        """Send one command and return its ``data``.

        Raises:
            BridgeError: the bridge answered with an error (a subclass per error code).
            GameExitedError: the game ended before answering.
            ResponseTimeoutError: no answer within the timeout.
        """
        response = self.send(cmd, args, timeout=timeout)
        if not response.get("ok"):
            raise error_from_response(response)
        return response.get("data")

    def _check_alive(self) -> None:
        if self.process is not None:
            self.process.check_alive()
            return
        pid = self.info.get("pid")
        if isinstance(pid, int) and not _launcher._process.is_running(pid):
            raise GameExitedError(f"The game (pid {pid}) is no longer running.", exit_code=None,
                                  log_tail=_launcher.log_tail(self.session_dir / "engine.log"))

    def _log_hint(self) -> str:
        tail = _launcher.log_tail(self.session_dir / "engine.log", 15)
        return f"\n--- engine log (tail) ---\n{tail}" if tail else ""

    def _collect_events(self, events: list[Event]) -> None:
        self.event_log.extend(events)
        self._unread_events.extend(events)

    # --- the generic commands ------------------------------------------------------------------

    def hello(self) -> dict[str, Any]:
        """Protocol version, engine, game and every command with its argument schema."""
        return self.request("hello")

    def get_tree(self, root: str = "/root", *, max_depth: int | None = None) -> dict[str, Any]:
        """The live scene tree below ``root``, every node serialized."""
        args: dict[str, Any] = {"root": root}
        if max_depth is not None:
            args["max_depth"] = max_depth
        return self.request("get_tree", args)["tree"]

    def get_node(self, path: str) -> dict[str, Any]:
        return self.request("get_node", {"path": path})

    def get_property(self, path: str, prop: str) -> Any:
        return self.request("get_property", {"path": path, "property": prop})["value"]

    def set_property(self, path: str, prop: str, value: Any) -> Any:
        """Set a property (the value is converted to its type); returns the value now held."""
        return self.request("set_property",
                            {"path": path, "property": prop, "value": value})["value"]

    def call_method(self, path: str, method: str, *args: Any) -> Any:
        return self.request("call_method", {"path": path, "method": method,
                                            "args": list(args)})["result"]

    def get_signals(self, path: str) -> list[dict[str, Any]]:
        return self.request("get_signals", {"path": path})["signals"]

    def press(self, path: str) -> dict[str, Any]:
        """Press a button through its own input handling."""
        return self.request("press", {"path": path})

    def fill(self, path: str, value: str, *, submit: bool = False) -> dict[str, Any]:
        """Replace a text field's text as typing would (``text_changed`` fires)."""
        return self.request("fill", {"path": path, "value": value, "submit": submit})

    def get_events(self) -> list[Event]:
        """Events that fired since the last call, oldest first (all of them: also those that
        rode along on other responses)."""
        drained = self.request("get_events")
        self._collect_events(drained["events"])
        taken, self._unread_events = self._unread_events, []
        return taken

    def wait_frames(self, frames: int, *, timeout_ms: int = 5000) -> dict[str, Any]:
        return self.request("wait", {"frames": frames, "timeout_ms": timeout_ms},
                            timeout=timeout_ms / 1000 + WAIT_MARGIN)

    def wait_settled(self, *, quiet_frames: int = 2, timeout_ms: int = 5000) -> dict[str, Any]:
        """Wait until no Tween or animation runs and no scene change is pending."""
        return self.request("wait", {"settled": True, "quiet_frames": quiet_frames,
                                     "timeout_ms": timeout_ms},
                            timeout=timeout_ms / 1000 + WAIT_MARGIN)

    def get_state(self) -> Any:
        """The game's own state, as it registered it."""
        return self.request("get_state")

    def list_actions(self) -> dict[str, Any]:
        return self.request("list_actions")

    def change_scene(self, path: str) -> dict[str, Any]:
        return self.request("change_scene", {"path": path}, timeout=self.timeout + 10)

    def snapshot(self, *, interactive: bool = False, compact: bool = False,
                 max_depth: int | None = None, root: str = "/root") -> dict[str, Any]:
        """The accessibility snapshot: ``{"text", "refs", "snapshot"}``; refs (``e3``) work
        wherever a path does, until the next snapshot."""
        args: dict[str, Any] = {"interactive": interactive, "compact": compact, "root": root}
        if max_depth is not None:
            args["max_depth"] = max_depth
        return self.request("snapshot", args)

    def click(self, target: str | None = None, *, x: float | None = None, y: float | None = None,
              button: str = "left", double: bool = False, **options: Any) -> dict[str, Any]:
        """Click a node (a path or a ref such as ``"@e3"``) or a point, through real mouse
        input. ``options``: ``settled=True``, ``snapshot=True``."""
        args = {**_target_args(target, x, y), "button": button, "double": double, **options}
        return self.request("click", args, timeout=self._action_timeout(options))

    def hover(self, target: str | None = None, *, x: float | None = None,
              y: float | None = None, **options: Any) -> dict[str, Any]:
        return self.request("hover", {**_target_args(target, x, y), **options},
                            timeout=self._action_timeout(options))

    def drag(self, source: str | dict[str, float], dest: str | dict[str, float],
             **options: Any) -> dict[str, Any]:
        """Press on ``source``, move to ``dest`` and release (refs, paths or ``{"x","y"}``)."""
        return self.request("drag", {"from": source, "to": dest, **options},
                            timeout=self._action_timeout(options))

    def input(self, **args: Any) -> dict[str, Any]:
        """``action=``, ``key=`` (with ``modifiers=``), ``text=`` or ``wheel=``."""
        return self.request("input", args, timeout=self._action_timeout(args))

    def screenshot(self, target: str | None = None, *, annotate: bool = False,
                   name: str | None = None) -> dict[str, Any]:
        """Save a PNG into the session's artifacts (needs ``render=True``)."""
        args: dict[str, Any] = {"annotate": annotate}
        if target:
            args.update(_target_args(target, None, None))
        if name:
            args["name"] = name
        return self.request("screenshot", args, timeout=self.timeout + 20)

    def pause(self) -> dict[str, Any]:
        return self.request("pause")

    def resume(self) -> dict[str, Any]:
        return self.request("resume")

    def step(self, frames: int = 1) -> dict[str, Any]:
        """Advance a paused game by exactly ``frames`` process frames and physics ticks."""
        return self.request("step", {"frames": frames}, timeout=self.timeout + frames / 30)

    def set_time_scale(self, scale: float) -> dict[str, Any]:
        return self.request("set_time_scale", {"scale": scale})

    def _action_timeout(self, options: dict[str, Any]) -> float:
        if options.get("settled"):
            return options.get("timeout_ms", 5000) / 1000 + WAIT_MARGIN
        return self.timeout

    def command(self, name: str, /, **args: Any) -> Any:
        """Call a game-registered command: ``game.command("load_level", level_id="a1")``."""
        return self.request(name, args)

    # --- closing -------------------------------------------------------------------------------

    def quit(self, exit_code: int = 0, *, timeout: float = 5.0) -> int | None:
        """Ask the game to quit and wait for it to exit; returns its exit code."""
        try:
            self.request("quit", {"exit_code": exit_code}, timeout=timeout)
        except GameExitedError:
            pass
        return self.process.wait_exit(timeout) if self.process is not None else None

    def detach(self) -> None:
        """Let go of the session but leave the game running (a CLI's ``start``). The game is
        then stopped through another client's ``quit`` or ``AgentClient.attach(...).quit()``."""
        if self._closed:
            return
        self._closed = True
        self.transport.close()
        if self.process is not None:
            self._finalizer.detach()

    def close(self) -> None:
        """Quit the game this client started (terminate, then kill, if it does not) and release
        the session. A client that attached leaves the game running."""
        if self._closed:
            return
        try:
            if self.process is not None and self.process.exit_code() is None:
                try:
                    self.quit(timeout=2.0)
                except Exception:
                    pass  # hung or broken: stopped below
                self.process.stop()
        finally:
            self._closed = True
            self.transport.close()
            if self.process is not None:
                self._finalizer.detach()
            if self._owns_session:
                shutil.rmtree(self.session_dir, ignore_errors=True)

    def __enter__(self) -> AgentClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _target_args(target: str | None, x: float | None, y: float | None) -> dict[str, Any]:
    """``"/root/..."`` -> path, ``"@e3"``/``"e3"`` -> ref, else a point."""
    if target is not None:
        return {"path": target} if target.startswith("/") else {"ref": target}
    if x is None or y is None:
        raise ValueError("Give a target (a path or a ref) or both x and y.")
    return {"x": x, "y": y}


def _stop_quietly(process: _launcher.GameProcess) -> None:
    try:
        process.stop()
    except Exception:
        pass
