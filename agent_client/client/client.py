"""AgentClient: drive a running game through its bridge."""

from __future__ import annotations

import os
import re
import shutil
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from agent_client.client import expected_errors
from agent_client.client.commands import Commands
from agent_client.client.locators import Locators
from agent_client.client.renamed import renamed
from agent_client.connection.connection import DEFAULT_TIMEOUT, Connection, Step
from agent_client.engine import launcher
from agent_client.trace.recorder import TraceRecorder
from agent_client.transport.base import Transport
from agent_client.transport.files import FileTransport
from agent_client.wire.errors import (
    AgentBridgeError,
    CoverageError,
    GameExitedError,
    LaunchError,
)
from agent_client.wire.protocol import COVERAGE_DIR, READY_FILE, Event

if TYPE_CHECKING:
    from agent_client.connection.engine_errors import EngineErrorEvent
    from agent_client.coverage.data import CoverageData
    from agent_client.replay.play import ReplayResult

READY_TIMEOUT = 30.0
VIDEO_QUIT_TIMEOUT = 60.0


class AgentClient(Commands, Locators):
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
        # The coverage of a game launched with it, read as the game ended (see coverage()).
        self._final_coverage: CoverageData | None = None
        if session_dir is not None:
            # A trace another client of this session started records this one's calls too.
            self.trace = TraceRecorder.resume(session_dir, connection)
        if process is not None:
            # However this interpreter ends (short of being killed), its game goes with it;
            # the bridge's parent-pid check covers the rest.
            self._finalizer = weakref.finalize(self, _stop_quietly, process)

    # --- creating ------------------------------------------------------------------------------

    @classmethod
    @renamed(fixed_fps="fps")
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
        fps: int = launcher.DEFAULT_FPS,
        seed: int = 0,
        install: bool = False,
        import_progress: Callable[[str], None] | None = None,
        record: bool = False,
        video: str | os.PathLike[str] | None = None,
        user_data: str | os.PathLike[str] | None = None,
        own_user_data: bool = False,
        coverage: bool = False,
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
            fps: Frames a game second; every frame is exactly 1/fps s of game time, in both
                modes (``fixed_fps``, the old name, still works for one release).
            seed: Seeds the engine's random generator before the game's first ``_ready``:
                the same seed and inputs give the same frames (docs/PROTOCOL.md, "Time").
            install: Copy the bridge addon into the Godot project first (as
                ``agent-bridge install``); without it, a project lacking the addon is refused.
            import_progress: Called with a line per step of the engine's one-time import of
                a Godot project (when it was never imported, or its sources changed since).
            record: Record a replay file from frame 0 (docs/REPLAY.md), before a realtime
                game's first frame runs; :meth:`stop_recording` writes it.
            video: Write every frame that runs to this ``.avi`` file (MJPEG, at ``fps``:
                the video shows game time; a held game writes no frames). Renders (implies
                ``render``); the file is complete once the game quits.
            user_data: What the game finds in its user:// folder, which is a folder of this
                launch's own in the session folder (Godot): None, the default, for an empty
                one; a folder's path for a copy of that folder (never written back). The
                game's saved data then never reaches the person's own, and ``reset()`` empties
                (and seeds) it again.
            own_user_data: Let the game use the person's own user:// folder (its saved
                data, settings and logs) instead; not with ``user_data``.
            coverage: Count which lines and branches of the game's GDScript run (Godot;
                docs/COVERAGE.md): the game runs from counting copies of its scripts, the
                same lines, and :meth:`coverage` reads the counts, until the game ended too.

        Raises:
            EngineNotFoundError: no engine found.
            LaunchError: the project has no bridge addon (and ``install`` is off), the import
                failed, the bridge did not get ready, ``user_data`` is no folder (or holds a
                link), the engine did not take the launch's own user:// folder, or
                ``user_data`` was given for a Unity game (whose persistentDataPath cannot be
                moved), or ``coverage`` for a Unity game.
            GameExitedError: the game ended while starting.
            ValueError: both ``user_data`` and ``own_user_data``.
            CoverageError: (``MISSING``) ``coverage`` without the GDScript parser installed.
        """
        from agent_client.engine.godot_import import ensure_imported  # launching only

        game_time = launcher.GameTime(realtime=realtime, fps=fps, seed=seed)
        if user_data is not None and own_user_data:
            raise ValueError("Give user_data (a folder to copy) or own_user_data, not both.")
        target = Path(project).resolve()
        kind = launcher.project_kind(target)
        if kind != "godot" and user_data is not None:
            raise LaunchError(
                "user_data works for Godot games only: a Unity game keeps its data in "
                "Application.persistentDataPath, which a launcher cannot move."
            )
        if kind != "godot" and coverage:
            raise LaunchError("coverage counts GDScript: it works for Godot games only.")
        seed_folder = launcher.user_data_seed(user_data) if user_data is not None else None
        session_dir = launcher.new_session_dir(session)
        parent_pid = os.getpid() if tie_to_parent else None
        home: Path | None = None
        counting: Path | None = None
        if kind == "godot":
            launcher.ensure_addon(target, install=install)
            engine = launcher.find_godot(godot)
            ensure_imported(target, engine, progress=import_progress)
            if coverage:
                from agent_client.coverage.session import prepare
                from agent_client.engine.paths import data_home

                cache = data_home() / "coverage"
                counting = prepare(target, session_dir / COVERAGE_DIR, cache=cache).folder
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
                coverage=counting,
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
    @renamed(fixed_fps="fps")
    def launch_command(
        cls,
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        session: str | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        ready_timeout: float = READY_TIMEOUT,
        realtime: bool = False,
        fps: int = launcher.DEFAULT_FPS,
        seed: int = 0,
        record: bool = False,
    ) -> AgentClient:
        """Start any bridge executable (a Unity player, a test host) with the bridge arguments
        appended to ``argv``, and connect to it. ``realtime``, ``fps``, ``seed`` and
        ``record`` (a replay file from frame 0, :meth:`stop_recording`) are as for
        :meth:`launch`; a Godot engine started this way needs ``--fixed-fps`` in ``argv`` for
        frames of a fixed delta."""
        session_dir = launcher.new_session_dir(session)
        game_time = launcher.GameTime(realtime=realtime, fps=fps, seed=seed)
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

    # --- the session -------------------------------------------------------------------------

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

    # --- health: errors the game logs ---------------------------------------------------------

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

    # --- replays --------------------------------------------------------------------------------

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
        from agent_client.replay.play import command_launch, play  # replaying only

        return play(
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

    def coverage(self) -> CoverageData:
        """Which lines, branches and functions of the game's GDScript ran so far, and how
        often (a game launched with ``coverage=True``; docs/COVERAGE.md): asked of the game
        while it runs, and after :meth:`close` the counts the game left as it ended.

        Raises:
            CoverageError: (``NO_COVERAGE``) the game was not launched with coverage.
            FileNotFoundError: this client attached to the game, which ended without writing
                its counts (killed).
        """
        from agent_client.coverage.data import CoverageData
        from agent_client.coverage.session import read

        if self._final_coverage is not None:
            return CoverageData().merge(self._final_coverage)
        folder = self._coverage_folder()
        if folder is None:
            raise CoverageError(
                "NO_COVERAGE", "This game was not launched with coverage (coverage=True)."
            )
        if self.closed:
            return read(folder)
        return read(folder, self.request("coverage"))

    def _coverage_folder(self) -> Path | None:
        if self.session_dir is None or not (self.session_dir / COVERAGE_DIR).is_dir():
            return None
        return self.session_dir / COVERAGE_DIR

    def _keep_final_coverage(self, live: dict[str, Any] | None) -> None:
        """The counts as the game ended (it writes them as it quits), else the last ones it
        answered: kept before the session folder goes."""
        from agent_client.coverage.session import read

        folder = self._coverage_folder()
        if folder is None:
            return
        try:
            self._final_coverage = read(folder)
        except (OSError, ValueError):
            if live is not None:
                self._final_coverage = read(folder, live)

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
        counted = self._coverage_folder() is not None and self.process is not None
        live: dict[str, Any] | None = None
        try:
            if self.process is not None and self.process.exit_code() is None:
                if counted:  # kept in case the game cannot write its own as it ends
                    with suppress(Exception):
                        live = self.request("coverage", timeout=2.0)
                try:
                    # A video is finished (its index written) only when the engine exits.
                    self.quit(timeout=2.0 if self.video is None else VIDEO_QUIT_TIMEOUT)
                except Exception:
                    pass  # hung or broken: stopped below
                self.process.stop()
        finally:
            if counted:
                self._keep_final_coverage(live)
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


def _stop_quietly(process: launcher.GameProcess) -> None:
    try:
        process.stop()
    except Exception:
        pass
