"""The pytest plugin (entry point ``pytest11: agent_bridge``): game fixtures, options, and
failure reports that explain themselves.

Fixtures (each link of the chain can be overridden in a ``conftest.py``)::

    agent_launch_options (session)  keyword arguments for AgentClient.launch, from options/ini
    agent_launcher (session)        starts a game from those options (AgentClient.launch)
    agent_timeout (session)         default seconds for actions, expectations and event waits
    game                            a fresh game per test, closed after it
    shared_game                     one game per session (per xdist worker), reset before
                                    each test that uses it

Options, each also an ini setting without the dashes (``godot_project = game``)::

    --godot-project PATH   --godot-bin PATH   --godot-scene res://...   --agent-render
    --agent-timeout S      --agent-launch-timeout S   --agent-artifacts DIR
    --agent-fail-on-engine-error   --agent-trace on|off|retain-on-failure

Markers: ``agent_scene("res://...")`` runs a test on another scene; ``agent_strict_errors``
fails a test during which the engine logged an error.

On failure the report gets the last snapshot, the event log, the engine log's tail, engine
errors and, when the game renders, a screenshot; the same files go to
``<artifacts>/<test id>/``, with the test's ``trace.zip`` (docs/TRACE.md) and the command that
opens it. See docs/PYTEST.md.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

try:
    import pytest
except ImportError as missing:  # the client works without pytest; only this plugin needs it
    raise ImportError(
        "The AgentBridge pytest plugin needs pytest: pip install 'agent-bridge[pytest]'."
    ) from missing

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

Launcher = Callable[[dict[str, Any]], "AgentClient"]

DEFAULTS: dict[str, Any] = {
    "godot_project": None,
    "godot_bin": None,
    "godot_scene": None,
    "agent_render": False,
    "agent_timeout": 5.0,
    "agent_launch_timeout": 30.0,
    "agent_artifacts": "agent-artifacts",
    "agent_fail_on_engine_error": False,
    "agent_trace": "retain-on-failure",
    "agent_realtime": False,
    "agent_fps": 60,
    "agent_seed": 0,
}
TRACE_MODES = ("on", "off", "retain-on-failure")
PATH_SETTINGS = ("godot_project", "godot_bin", "agent_artifacts")
START_SEQ = pytest.StashKey[dict[int, int]]()
NO_PROJECT = (
    "No game to launch: pass --godot-project PATH (the folder holding project.godot), "
    "set godot_project in the pytest ini file, or override the agent_launch_options "
    "fixture in conftest.py."
)


# --- options ----------------------------------------------------------------------------------


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("agent-bridge", "AgentBridge: drive a game from tests")
    options = [
        (
            "--godot-project",
            "godot_project",
            "the Godot project (folder with project.godot) the game fixtures launch",
        ),
        (
            "--godot-bin",
            "godot_bin",
            "the engine binary (default: $GODOT_BIN, PATH, then the "
            "copy `agent-bridge install-godot` installed)",
        ),
        ("--godot-scene", "godot_scene", "a res:// scene to run instead of the main scene"),
        (
            "--agent-timeout",
            "agent_timeout",
            "seconds actions, expectations and event waits wait (default 5)",
        ),
        (
            "--agent-launch-timeout",
            "agent_launch_timeout",
            "seconds to wait for the bridge to get ready (default 30)",
        ),
        (
            "--agent-artifacts",
            "agent_artifacts",
            "folder for failure artifacts, one subfolder per test (default agent-artifacts)",
        ),
        (
            "--agent-trace",
            "agent_trace",
            "record a trace of each test's game: on, off or retain-on-failure (the default: "
            "recorded always, kept for failed tests)",
        ),
        ("--agent-fps", "agent_fps", "frames a game second, each of fixed length (default 60)"),
        (
            "--agent-seed",
            "agent_seed",
            "seed of the engine's random generator (default 0): the same seed, the same run",
        ),
    ]
    for flag, name, text in options:
        group.addoption(
            flag, dest=name, default=None, metavar=name.split("_")[-1].upper(), help=text
        )
        parser.addini(name, help=text, default="")
    # The same game option for any engine: a Unity player or project works too.
    group.addoption(
        "--agent-project",
        dest="godot_project",
        default=None,
        metavar="PATH",
        help="the game the fixtures launch: a Godot project, a Unity project or a Unity "
        "player build (the same as --godot-project)",
    )
    flags = [
        (
            "--agent-render",
            "agent_render",
            "run the game with rendering instead of --headless "
            "(needs a display; enables screenshots)",
        ),
        (
            "--agent-fail-on-engine-error",
            "agent_fail_on_engine_error",
            "fail a test during which the engine logged an error",
        ),
        (
            "--agent-realtime",
            "agent_realtime",
            "let games run by themselves in real time (default: lockstep, where a game runs "
            "only while a test's request needs it and timeouts count game time)",
        ),
    ]
    for flag, name, text in flags:
        group.addoption(flag, dest=name, action="store_true", default=None, help=text)
        parser.addini(name, help=text, type="bool", default=False)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "agent_scene(path): launch (or reset) the game on this res:// scene for this test",
    )
    config.addinivalue_line(
        "markers",
        "agent_strict_errors: fail the test if the engine "
        "logged an error (script error, push_error) during it",
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


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def agent_launch_options(pytestconfig: pytest.Config) -> dict[str, Any]:
    """Keyword arguments for ``AgentClient.launch`` (``project`` included). Override it in a
    conftest.py to point the fixtures at a game without command-line options."""
    return {
        "project": setting(pytestconfig, "godot_project"),
        "godot": setting(pytestconfig, "godot_bin"),
        "scene": setting(pytestconfig, "godot_scene"),
        "render": setting(pytestconfig, "agent_render"),
        "ready_timeout": setting(pytestconfig, "agent_launch_timeout"),
        "realtime": setting(pytestconfig, "agent_realtime"),
        "fixed_fps": setting(pytestconfig, "agent_fps"),
        "seed": setting(pytestconfig, "agent_seed"),
    }


@pytest.fixture(scope="session")
def agent_timeout(pytestconfig: pytest.Config) -> float:
    """Default seconds for locator actions, expectations and ``wait_for_event`` (game seconds
    in lockstep)."""
    return float(setting(pytestconfig, "agent_timeout"))


def _scene_for(request: pytest.FixtureRequest) -> str | None:
    marker = request.node.get_closest_marker("agent_scene")
    return str(marker.args[0]) if marker and marker.args else None


def launch_project(options: dict[str, Any]) -> AgentClient:
    """The default :func:`agent_launcher`: ``AgentClient.launch(**options)``."""
    from agent_client.client.client import AgentClient

    settings = dict(options)
    project = settings.pop("project", None)
    if not project:
        pytest.fail(NO_PROJECT, pytrace=False)
    return AgentClient.launch(project, **settings)


@pytest.fixture(scope="session")
def agent_launcher() -> Launcher:
    """How the game fixtures start a game: a callable taking ``agent_launch_options`` (with
    the test's scene set) and returning a connected client. Override it to start something
    else, such as a built Unity player through ``AgentClient.launch_command``."""
    return launch_project


def _launch(
    launcher: Launcher, options: dict[str, Any], timeout: float, scene: str | None
) -> AgentClient:
    from agent_client.wire.errors import GameExitedError, LaunchError

    settings = {**options, **({"scene": scene} if scene else {})}
    try:
        client = launcher(settings)
    except (LaunchError, GameExitedError) as error:
        pytest.fail(f"Could not launch {settings.get('project')}: {error}", pytrace=False)
    client.set_default_timeout(timeout)
    return client


@pytest.fixture
def game(
    agent_launcher: Launcher,
    agent_launch_options: dict[str, Any],
    agent_timeout: float,
    request: pytest.FixtureRequest,
) -> Iterator[AgentClient]:
    """A fresh game for this test, quit (and its processes stopped) after it."""
    client = _launch(agent_launcher, agent_launch_options, agent_timeout, _scene_for(request))
    _start_trace(client, request)
    try:
        yield client
    finally:
        client.close()


def _trace_mode(config: pytest.Config) -> str:
    mode = str(setting(config, "agent_trace"))
    if mode not in TRACE_MODES:
        raise pytest.UsageError(f"--agent-trace is one of {', '.join(TRACE_MODES)}, not {mode!r}.")
    return mode


def _start_trace(client: AgentClient, request: pytest.FixtureRequest) -> None:
    if _trace_mode(request.config) != "off" and client.session_dir is not None:
        client.start_trace(title=request.node.nodeid)


class SharedGame:
    """One game for many tests. Before each test after the first, it is reset with
    ``change_scene`` to the test's scene (the ``agent_scene`` marker, ``--godot-scene`` or the
    project's main scene); when that fails, or the game died, it is launched again.
    Autoload singletons keep their state across a reset: use ``game`` for full isolation."""

    def __init__(self, launcher: Launcher, options: dict[str, Any], timeout: float) -> None:
        self.launcher = launcher
        self.options = options
        self.timeout = timeout
        self.client: AgentClient | None = None

    def checkout(self, scene: str | None) -> AgentClient:
        if self.client is not None and not self._reset(scene):
            self.close()
        if self.client is None:
            self.client = _launch(self.launcher, self.options, self.timeout, scene)
        return self.client

    def _reset(self, scene: str | None) -> bool:
        from agent_client.wire.errors import AgentBridgeError

        assert self.client is not None
        target = scene or self.options.get("scene") or main_scene(self.options.get("project"))
        if not target:
            return False
        try:
            self.client.change_scene(target)
        except AgentBridgeError:
            return False
        self.client.set_default_timeout(self.timeout)
        return True

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None


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


@pytest.fixture(scope="session")
def agent_shared_session(
    agent_launcher: Launcher, agent_launch_options: dict[str, Any], agent_timeout: float
) -> Iterator[SharedGame]:
    """The holder of ``shared_game``'s game for the whole session."""
    shared = SharedGame(agent_launcher, agent_launch_options, agent_timeout)
    try:
        yield shared
    finally:
        shared.close()


@pytest.fixture
def shared_game(agent_shared_session: SharedGame, request: pytest.FixtureRequest) -> AgentClient:
    """The session's game, reset to the test's scene; faster than ``game``, less isolated."""
    from agent_client.connection import events

    client = agent_shared_session.checkout(_scene_for(request))
    request.node.stash.setdefault(START_SEQ, {})[id(client)] = events.skip_to_latest(
        client.connection
    )
    _start_trace(client, request)
    return client


# --- reports ----------------------------------------------------------------------------------


def _clients(item: pytest.Item) -> list[tuple[str, AgentClient]]:
    """The live game clients a test used, by fixture name (any fixture, not only ours)."""
    module = sys.modules.get("agent_client.client.client")
    if module is None:
        return []  # nothing imported the client: no game in this test
    funcargs = getattr(item, "funcargs", {})
    return [
        (name, value)
        for name, value in funcargs.items()
        if isinstance(value, module.AgentClient) and not value.closed
    ]


def _artifacts_folder(config: pytest.Config, nodeid: str, fixture: str, several: bool) -> Path:
    slug = re.sub(r"[^\w.-]+", "-", nodeid).strip("-")[:150]
    folder = Path(setting(config, "agent_artifacts")) / slug
    return folder / fixture if several else folder


def _strict(item: pytest.Item) -> bool:
    return bool(
        item.get_closest_marker("agent_strict_errors")
        or setting(item.config, "agent_fail_on_engine_error")
    )


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item,
    call: pytest.CallInfo[None],
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keeps the call report; on failure, adds the game's evidence to it."""
    report = yield
    if report.when != "call" or report.skipped:
        return report
    clients = _clients(item)
    if not clients:
        return report
    from agent_client.pytest_plugin import artifacts

    starts = item.stash.get(START_SEQ, {})
    if report.passed and _strict(item):
        errors = [
            (name, event)
            for name, client in clients
            for event in artifacts.engine_errors(client, starts.get(id(client), 0))
        ]
        if errors:
            report.outcome = "failed"
            report.longrepr = "The engine logged errors during the test:\n" + "\n".join(
                f"  [{name}] {artifacts.format_engine_error(event)}" for name, event in errors
            )
    if report.failed:
        for name, client in clients:
            folder = _artifacts_folder(item.config, item.nodeid, name, len(clients) > 1)
            evidence = artifacts.collect(client, folder, since_seq=starts.get(id(client), 0))
            for title, text in evidence.sections:
                report.sections.append((f"agent-bridge {name}: {title}", text))
            report.sections.append((f"agent-bridge {name}: artifacts", str(folder)))
            item.user_properties.append((f"agent_artifacts_{name}", str(folder)))
    if report.failed or _trace_mode(item.config) == "on":
        for name, client in clients:
            _keep_trace(item, report, name, client, len(clients) > 1)
    return report


def _keep_trace(
    item: pytest.Item, report: pytest.TestReport, name: str, client: AgentClient, several: bool
) -> None:
    """Writes the test's trace.zip beside its artifacts and says how to open it."""
    from agent_client.wire.errors import AgentBridgeError

    if client.trace is None:
        return
    folder = _artifacts_folder(item.config, item.nodeid, name, several)
    try:
        saved = client.save_trace(
            folder / "trace.zip", reason="failed" if report.failed else "closed"
        )
    except (AgentBridgeError, OSError) as error:
        report.sections.append((f"agent-bridge {name}: trace", f"not saved: {error}"))
        return
    report.sections.append(
        (f"agent-bridge {name}: trace", f"{saved}\nopen it: agent-bridge trace show {saved}")
    )
    item.user_properties.append((f"agent_trace_{name}", str(saved)))
