"""Finding the engine, preparing a project, and starting a game with its bridge active."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from agent_client.engine import process
from agent_client.engine.paths import (
    installed_godot,
    on_windows,
    private_dir,
    private_file,
    private_sessions_root,
)
from agent_client.wire.errors import EngineNotFoundError, GameExitedError, LaunchError
from agent_client.wire.protocol import (
    ARTIFACTS_DIR,
    LOG_FILE,
    READY_FILE,
    SESSION_MARK,
    USER_DATA_DIR,
    USER_SEED_DIR,
)

GODOT_ENV = "GODOT_BIN"
UNITY_EDITOR_ENV = "UNITY_EDITOR"
UNITY_BATCH_METHOD = "AgentBridgeUnity.Editor.BatchEntry.Run"
# What each engine means by an exit code of its own (a game may also quit with any code).
UNITY_EXIT_CODES = {
    2: "Unity: the scene -agentScene names is not in the project",
    3: "Unity: the project's scripts do not compile",
}
GODOT_EXIT_CODES = {
    1: "Godot: the engine could not run the project (no project.godot, a missing main scene), "
    "or the game called quit(1)",
    255: "Godot: the engine failed while starting",
}
LOG_TAIL_LINES = 40
# Seconds a stopped game may take to be reaped before it is killed outright.
STOP_WAIT = 5.0
# Game frames a second unless told otherwise; the bridge takes 1 to MAX_FPS.
DEFAULT_FPS = 60
MAX_FPS = 1000
LOG_TAIL_BYTES = 16384
# Signals that mean the process crashed rather than was stopped.
CRASH_SIGNALS = frozenset({4, 6, 7, 8, 11})  # SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGSEGV
# The first line of the engine's crash report ("handle_crash: Program crashed with signal 4").
CRASH_MARK = "handle_crash:"
# Engine log lines that mean the bridge will never get ready: no point waiting out the timeout.
BRIDGE_BROKEN_MARKS = (
    "Failed to instantiate an autoload",
    'Failed to load script "res://addons/agent_bridge/',
)


def exit_meaning(code: int, engine_codes: Mapping[int, str]) -> str:
    """``code 3``, with what the engine means by it, or the signal that ended the process
    (POSIX reports a process killed by signal N as -N)."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        crashed = -code in CRASH_SIGNALS
        return f"code {code} (killed by {name}{': the engine crashed' if crashed else ''})"
    meaning = engine_codes.get(code)
    return f"code {code} ({meaning})" if meaning else f"code {code}"


def find_godot(explicit: str | os.PathLike[str] | None = None) -> Path:
    """The engine to run: ``explicit``, then ``$GODOT_BIN``, then ``godot`` on PATH, then the
    copy ``agent-bridge install-godot`` installed.

    Raises:
        EngineNotFoundError: none of them exists.
    """
    candidates: list[tuple[str, str | None]] = [
        ("the godot option", str(explicit) if explicit else None),
        (f"${GODOT_ENV}", os.environ.get(GODOT_ENV)),
        ("PATH", shutil.which("godot") or shutil.which("godot4")),
        ("the installed copy", str(installed_godot()) if installed_godot() else None),
    ]
    for origin, candidate in candidates:
        if not candidate:
            continue
        path = Path(candidate)
        if path.is_file():
            return path
        if origin != "PATH":
            raise EngineNotFoundError(f"{origin} names {candidate}, which is not a file.")
    raise EngineNotFoundError(
        "No Godot 4 engine found: pass godot=..., set GODOT_BIN, put godot on PATH, or run "
        "`agent-bridge install-godot`."
    )


def log_tail(log_path: Path, lines: int = LOG_TAIL_LINES) -> str:
    """The last ``lines`` lines of the engine log (empty when there is none yet); when the
    engine crashed, from its crash header on, however long the backtrace below it is."""
    try:
        text = log_path.read_bytes()[-LOG_TAIL_BYTES:].decode("utf-8", errors="replace")
    except FileNotFoundError:
        return ""
    kept = text.splitlines()
    start = max(0, len(kept) - lines)
    crashes = [number for number, line in enumerate(kept) if CRASH_MARK in line]
    if crashes and crashes[-1] < start:
        start = crashes[-1]
    return "\n".join(kept[start:])


def ensure_addon(project: Path, *, install: bool) -> None:
    """Install the bridge addon into a Godot project, or check that it is there.

    Raises:
        LaunchError: it is missing and ``install`` is off: the message says how to add it.
    """
    from agent_client.engine import (
        addon as _addon,  # only launching needs it, not the CLI's attached steps
    )

    if install:
        _addon.install(project)
    elif not _addon.is_installed(project):
        raise LaunchError(
            f"{project} does not have the AgentBridge addon (or its autoload): "
            f"run `agent-bridge install {project}`, or launch with install=True "
            "(`agent-bridge start --install`)."
        )


def hang_hint(session_dir: Path) -> str:
    """The engine log's tail, for a "no answer" error."""
    tail = log_tail(session_dir / LOG_FILE, 15)
    return f"\n--- engine log (tail) ---\n{tail}" if tail else ""


def pid_watch(pid: int | None, session_dir: Path) -> Callable[[], None]:
    """A check that raises GameExitedError once the game with ``pid`` is gone (for a client
    that attached to a game another process started)."""

    def check() -> None:
        if pid is not None and not process.is_running(pid):
            raise GameExitedError(
                f"The game (pid {pid}) is no longer running.",
                exit_code=None,
                log_tail=log_tail(session_dir / LOG_FILE),
            )

    return check


SESSION_NAME = re.compile(r"\w[\w.-]{0,63}")


def new_session_dir(name: str | None = None) -> Path:
    """A fresh, private session directory (an existing one of that name is emptied).

    Raises:
        LaunchError: ``name`` is not a plain name (letters, digits, ``_.-``), which could
            reach outside the sessions folder.
    """
    if name is not None and not SESSION_NAME.fullmatch(name):
        raise LaunchError(
            f"Bad session name {name!r}: use letters, digits, '_', '.' and '-' "
            "(at most 64, not starting with '.' or '-')."
        )
    root = private_sessions_root()
    session = root / (name or uuid.uuid4().hex[:12])
    if session.exists():
        if not (session / SESSION_MARK).is_file():
            raise LaunchError(
                f"{session} exists and was not made by agent-bridge: refusing to empty it. "
                "Choose another session name."
            )
        shutil.rmtree(session)
    session.mkdir(mode=0o700)
    private_file(session / SESSION_MARK)
    (session / ARTIFACTS_DIR).mkdir(mode=0o700)
    return session


# What points an engine's per-user data folder elsewhere: Godot reads XDG_DATA_HOME on Linux,
# the BSDs and macOS, and APPDATA on Windows; user:// is a folder inside it.
DATA_HOME_VARIABLES = ("XDG_DATA_HOME", "APPDATA")


def user_data_seed(seed: str | os.PathLike[str]) -> Path:
    """``seed`` as a folder a launch may copy into user:// (:func:`user_data_home`).

    Raises:
        LaunchError: it is not a folder, or holds a link (a copied link could lead the game's
            writes out of the session).
    """
    source = Path(seed).expanduser().resolve()
    if not source.is_dir():
        raise LaunchError(f"user_data names {source}, which is not a folder.")
    for folder, folders, files in os.walk(source):
        for name in [*folders, *files]:
            if (Path(folder) / name).is_symlink():
                raise LaunchError(
                    f"The user data folder {source} holds a link, {Path(folder) / name}: "
                    "put the file itself there (a seed is copied, and links are not)."
                )
    return source


def user_data_home(session_dir: Path, seed: Path | None = None) -> Path:
    """The launch's own data folder in ``session_dir``, empty, that the game's environment
    names as its data folder (:func:`user_data_env`), so user:// is a folder inside it. With
    ``seed`` (checked by :func:`user_data_seed`), that folder is copied beside it
    (``user_seed/``): the bridge copies it into user:// as the game starts and again at each
    reset, and nothing is ever written back to ``seed``."""
    home = private_dir(session_dir / USER_DATA_DIR)
    if seed is not None:
        shutil.copytree(seed, session_dir / USER_SEED_DIR)
        private_dir(session_dir / USER_SEED_DIR)
    return home


def user_data_env(home: Path, env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's environment) with the engine's data folder pointed
    at ``home``."""
    return {**(os.environ if env is None else env), **dict.fromkeys(DATA_HOME_VARIABLES, str(home))}


def user_data_problem(info: Mapping[str, Any], home: Path) -> str | None:
    """Why the game's user:// is not inside ``home`` as ``bridge.json`` (``info``) reports it,
    or None when it is (or the bridge is too old to report it)."""
    reported = info.get("user_data")
    if not isinstance(reported, dict) or reported.get("isolated", True):
        return None
    return (
        f"The game's user:// folder is {reported.get('path')}, not inside the launch's own "
        f"{home}: the engine ignored {' and '.join(DATA_HOME_VARIABLES)} here, so the game "
        "would read and write that folder. Launch with own_user_data=True (`--own-user-data`) "
        "to use it on purpose."
    )


@dataclass(frozen=True)
class GameTime:
    """How the game's time runs (docs/PROTOCOL.md, "Time"): lockstep (the game runs only
    while a request needs it) unless ``realtime``; ``fps`` frames a game second, each with the
    same delta; the engine's random generator seeded with ``seed``.

    Raises:
        ValueError: ``fps`` is not a whole number from 1 to 1000, or ``seed`` not an integer.
    """

    realtime: bool = False
    fps: int = DEFAULT_FPS
    seed: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.fps, int) or isinstance(self.fps, bool):
            raise ValueError(f"fps is a whole number of frames a second, not {self.fps!r}.")
        if not 1 <= self.fps <= MAX_FPS:
            raise ValueError(f"fps is 1 to {MAX_FPS} frames a second, not {self.fps}.")
        if not isinstance(self.seed, int) or isinstance(self.seed, bool):
            raise ValueError(f"seed is an integer, not {self.seed!r}.")

    def bridge_args(self) -> list[str]:
        return [
            f"--agent-time={'realtime' if self.realtime else 'lockstep'}",
            f"--agent-fps={self.fps}",
            f"--agent-seed={self.seed}",
        ]


def bridge_args(
    session_dir: Path,
    *,
    parent_pid: int | None,
    game_time: GameTime | None = None,
    record: bool = False,
    user_dir: Path | None = None,
    coverage: Path | None = None,
) -> list[str]:
    """The bridge's user arguments (they go after the engine's own ``--``): the session
    folder, how game time runs, the parent process whose end ends the game, whether it
    records a replay file from frame 0 (docs/REPLAY.md), the data folder the game was
    given (:func:`user_data_home`), which the bridge checks user:// is in, and the folder of
    the game's instrumented scripts (docs/COVERAGE.md)."""
    args = ["--agent-mode", f"--agent-dir={session_dir}", *(game_time or GameTime()).bridge_args()]
    if parent_pid:
        args.append(f"--agent-parent-pid={parent_pid}")
    if record:
        args.append("--agent-record")
    if user_dir is not None:
        args.append(f"--agent-user-dir={user_dir}")
    if coverage is not None:
        args.append(f"--agent-coverage={coverage}")
    return args


# Files the engine's Movie Maker mode writes: MJPEG in an AVI container, or numbered PNGs.
VIDEO_SUFFIXES = (".avi", ".png")


def movie_args(video: str | os.PathLike[str]) -> list[str]:
    """The engine arguments that write every rendered frame to ``video`` (Godot's Movie Maker
    mode, at the ``--fixed-fps`` frame rate: the video shows game time).

    Raises:
        LaunchError: the folder does not exist, or the file is neither ``.avi`` nor ``.png``.
    """
    path = Path(video).absolute()
    if path.suffix.lower() not in VIDEO_SUFFIXES:
        raise LaunchError(
            f"A video is an .avi file (MJPEG) or .png (one numbered picture a frame), not "
            f"{path.name}."
        )
    if not path.parent.is_dir():
        raise LaunchError(
            f"Cannot write the video {path}: the folder {path.parent} does not exist."
        )
    return ["--write-movie", str(path)]


def virtual_display_prefix() -> list[str]:
    """What to run a rendering game under when there is no display: Xvfb via xvfb-run.

    Raises:
        LaunchError: no display and no xvfb-run to make one.
    """
    if sys.platform != "linux" or os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return []
    if not shutil.which("xvfb-run"):
        raise LaunchError(
            "Rendering needs a display: none is set and xvfb-run is missing. "
            "Run `agent-bridge install-godot --render`, or set DISPLAY."
        )
    return ["xvfb-run", "--auto-servernum", "--server-args=-screen 0 1280x720x24"]


def godot_argv(
    godot: Path,
    project: Path,
    session_dir: Path,
    *,
    scene: str | None = None,
    render: bool = False,
    engine_args: Sequence[str] = (),
    parent_pid: int | None = None,
    game_time: GameTime | None = None,
    record: bool = False,
    video: str | os.PathLike[str] | None = None,
    user_dir: Path | None = None,
    coverage: Path | None = None,
) -> list[str]:
    """The engine command line: headless by default; ``render`` draws frames (with the
    OpenGL renderer, under a virtual display when there is no real one) for screenshots.
    Every frame gets the fixed delta 1/fps (``--fixed-fps``), in lockstep and realtime alike,
    so the same inputs give the same frames. ``record``: the bridge records a replay file from
    frame 0; ``video``: every frame that runs is written there (rendering; see movie_args);
    ``user_dir``: the launch's own data folder (:func:`user_data_home`); ``coverage``: the
    folder of the game's instrumented scripts (:func:`agent_client.coverage.prepare`)."""
    game_time = game_time or GameTime()
    if video is not None:
        engine_args = [*movie_args(video), *engine_args]
        render = True
    if render:
        argv = [
            *virtual_display_prefix(),
            str(godot),
            "--rendering-driver",
            "opengl3",
            "--audio-driver",
            "Dummy",
        ]
    else:
        argv = [str(godot), "--headless"]
    bridge = bridge_args(
        session_dir,
        parent_pid=parent_pid,
        game_time=game_time,
        record=record,
        user_dir=user_dir,
        coverage=coverage,
    )
    argv += ["--path", str(project), "--fixed-fps", str(game_time.fps), *engine_args]
    if scene:
        argv.append(scene)
    return [*argv, "--", *bridge]


def project_kind(target: Path) -> str:
    """What ``target`` is: ``"godot"`` (a folder with project.godot), ``"unity-project"`` (a
    folder with Assets/ and ProjectSettings/, run in the editor) or ``"unity-player"`` (a built
    player: an executable file, or a macOS .app).

    Raises:
        LaunchError: it is none of these.
    """
    if (target / "project.godot").is_file():
        return "godot"
    if (target / "Assets").is_dir() and (target / "ProjectSettings").is_dir():
        return "unity-project"
    # Windows has no executable bit: a player build there is an .exe.
    runnable = target.suffix.lower() == ".exe" if on_windows() else os.access(target, os.X_OK)
    if (target.is_file() and runnable) or target.suffix == ".app":
        return "unity-player"
    raise LaunchError(
        f"{target} is neither a Godot project (no project.godot), a Unity project "
        "(no Assets/ and ProjectSettings/) nor an executable game build."
    )


def find_unity_editor() -> Path:
    """The Unity editor: ``$UNITY_EDITOR``, then ``Unity`` or ``unity-editor`` on PATH.

    Raises:
        EngineNotFoundError: none found.
    """
    candidate = (
        os.environ.get(UNITY_EDITOR_ENV) or shutil.which("Unity") or shutil.which("unity-editor")
    )
    if candidate and Path(candidate).is_file():
        return Path(candidate)
    raise EngineNotFoundError(
        f"No Unity editor found to open this project: set {UNITY_EDITOR_ENV} to the editor "
        "binary, or launch a built player instead."
    )


def unity_argv(
    target: Path,
    kind: str,
    session_dir: Path,
    *,
    render: bool = False,
    engine_args: Sequence[str] = (),
    parent_pid: int | None = None,
    scene: str | None = None,
    game_time: GameTime | None = None,
    record: bool = False,
) -> list[str]:
    """A Unity player, or the editor in batch mode entering play mode, with the bridge on.
    ``scene`` (a scene name or its Build Settings path) is the scene the batch-mode editor
    opens; a player starts in its first scene (``change_scene`` goes elsewhere). The bridge
    fixes the frame delta itself (Time.captureFramerate). ``record`` as for Godot."""
    bridge = bridge_args(session_dir, parent_pid=parent_pid, game_time=game_time, record=record)
    if kind == "unity-player":
        player = target / "Contents" / "MacOS" / target.stem if target.suffix == ".app" else target
        graphics = [] if render else ["-nographics"]
        return [str(player), "-batchmode", *graphics, *engine_args, *bridge]
    return [
        str(find_unity_editor()),
        "-batchmode",
        "-projectPath",
        str(target),
        "-executeMethod",
        UNITY_BATCH_METHOD,
        "-logFile",
        "-",
        *(["-agentScene", scene] if scene else []),
        *engine_args,
        *bridge,
    ]


class GameProcess:
    """A running game: its process, session directory and log."""

    def __init__(
        self,
        argv: list[str],
        session_dir: Path,
        *,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        exit_codes: Mapping[int, str] | None = None,
    ) -> None:
        self.argv = argv
        self.session_dir = session_dir
        self.log_path = session_dir / LOG_FILE
        # What the engine means by its own exit codes (GODOT_EXIT_CODES, UNITY_EXIT_CODES).
        self.exit_codes = exit_codes or {}
        self.ready = False
        self.popen = process.spawn(argv, log_path=self.log_path, cwd=cwd, env=env)

    @property
    def pid(self) -> int:
        return self.popen.pid

    def exit_code(self) -> int | None:
        return self.popen.poll()

    def check_alive(self) -> None:
        """Raise GameExitedError if the game has ended."""
        code = self.popen.poll()
        if code is not None:
            when = "" if self.ready else " before its bridge was ready (in its first frame)"
            raise GameExitedError(
                f"The game exited{when} with {exit_meaning(code, self.exit_codes)}.",
                exit_code=code,
                log_tail=log_tail(self.log_path),
            )

    def wait_ready(self, timeout: float) -> dict[str, Any]:
        """Block until the bridge writes bridge.json; return its content.

        Raises:
            GameExitedError: the game ended first.
            LaunchError: it did not get ready within ``timeout`` seconds.
        """
        ready = self.session_dir / READY_FILE
        deadline = time.monotonic() + timeout
        next_log_check = 0.0
        while time.monotonic() < deadline:
            if ready.exists():
                self.ready = True
                return dict(orjson.loads(ready.read_bytes()))
            self.check_alive()
            if time.monotonic() > next_log_check:
                next_log_check = time.monotonic() + 0.1
                tail = log_tail(self.log_path)
                if any(mark in tail for mark in BRIDGE_BROKEN_MARKS):
                    self.stop()
                    raise LaunchError(
                        "The AgentBridge autoload failed to load.\n"
                        f"--- engine log (tail) ---\n{tail}"
                    )
            time.sleep(0.001)  # a stat per millisecond: ready is noticed at once
        tail = log_tail(self.log_path)
        self.stop()
        raise LaunchError(
            f"The bridge did not get ready within {timeout:.0f} s (is the AgentBridge "
            f"autoload enabled in the project?).\n--- engine log (tail) ---\n{tail}"
        )

    def wait_exit(self, timeout: float) -> int | None:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        """Terminate the game and anything it started; kill what does not stop. Never raises
        for a process that is slow to go (a loaded machine): it is killed and reaped."""
        if self.popen.poll() is None:
            process.stop_tree(self.popen.pid)
        try:
            self.popen.wait(timeout=STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            self.popen.wait()
