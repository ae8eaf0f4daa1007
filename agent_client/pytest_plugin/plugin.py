"""The pytest plugin (entry point ``pytest11: agent_bridge``): game fixtures, options, and
failure reports that explain themselves.

Fixtures (each link of the chain can be overridden in a ``conftest.py``)::

    agent_launch_options (session)  keyword arguments for AgentClient.launch, from options/ini
    agent_launcher (session)        starts a game from those options (AgentClient.launch)
    agent_timeout (session)         default seconds for actions, expectations and event waits
    agent_warm_game (session)       the worker's engine behind ``game``, reset between tests
    game                            a fresh game per test: the warm engine reset (or launched)
    shared_game                     one game per session (per xdist worker), reset before
                                    each test that uses it

Options, each also an ini setting without the dashes (``godot_project = game``)::

    --godot-project PATH   --godot-bin PATH   --godot-scene res://...   --agent-render
    --agent-timeout S      --agent-launch-timeout S   --agent-artifacts DIR
    --[no-]agent-fail-on-engine-error   --agent-trace on|off|retain-on-failure
    --agent-replay on|off|retain-on-failure   --agent-video on|off|retain-on-failure
    --agent-update-snapshots   --agent-fail-on-orphans   --agent-user-data DIR
    --agent-coverage   --agent-coverage-report term,lcov,html   --agent-coverage-dir DIR

A test fails when its game logged an engine error (a script error, ``push_error``) during it,
unless it declared the error (``game.expect_engine_errors(...)``, the ``agent_expect_errors``
marker) or turned the check off (``agent_ignore_errors``, ``--no-agent-fail-on-engine-error``).

Markers: ``agent_scene("res://...")`` runs a test on another scene; ``agent_relaunch`` gives a
test a newly launched game instead of a reset one; ``agent_expect_errors``,
``agent_ignore_errors`` and ``agent_strict_errors`` as above; ``agent_check_orphans`` fails a
test after which its game has more orphan nodes than before it (as ``--agent-fail-on-orphans``
does for every test).

On failure the report gets the last snapshot, the event log, the engine log's tail, engine
errors and, when the game renders, a screenshot; the same files go to
``<artifacts>/<test id>/``, with the test's ``trace.zip`` (docs/TRACE.md) and the command that
opens it. See docs/PYTEST.md.
"""

from __future__ import annotations

import contextlib
import functools
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

from agent_client.pytest_plugin import coverage
from agent_client.pytest_plugin.settings import DEFAULTS, setting
from agent_client.pytest_plugin.warm import SharedGame, WarmGame

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient
    from agent_client.wire.answers import MetricsAnswer

Launcher = Callable[[dict[str, Any]], "AgentClient"]

TRACE_MODES = ("on", "off", "retain-on-failure")
FAILED = pytest.StashKey[bool]()
RECORDING = pytest.StashKey[set[int]]()
REPLAY_FILE = "game.replay.jsonl"
VIDEO_FILE = "video.avi"
START_SEQ = pytest.StashKey[dict[int, int]]()
ORPHANS_BEFORE = pytest.StashKey[dict[int, "MetricsAnswer"]]()
SNAPSHOT_PLACE = pytest.StashKey[Any]()
ORPHANS_LISTED = 1000
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
        (
            "--agent-replay",
            "agent_replay",
            "record each test's game as a replay file (docs/REPLAY.md): on, off or "
            "retain-on-failure (the default: recorded always, kept for failed tests)",
        ),
        (
            "--agent-video",
            "agent_video",
            "film each test's game (rendering, Movie Maker): on, off (the default) or "
            "retain-on-failure",
        ),
        ("--agent-fps", "agent_fps", "frames a game second, each of fixed length (default 60)"),
        (
            "--agent-seed",
            "agent_seed",
            "seed of the engine's random generator (default 0): the same seed, the same run",
        ),
        (
            "--agent-user-data",
            "agent_user_data",
            "a folder each game's user:// starts as a copy of, again at every reset (default: "
            "empty; either way a folder of the launch's own, never your saved data)",
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
            "fail a test during which the game logged an engine error it did not declare "
            "(the default; --no-agent-fail-on-engine-error turns it off)",
        ),
        (
            "--agent-update-snapshots",
            "agent_update_snapshots",
            "write the pictures of to_have_screenshot that differ from their baselines as the "
            "new baselines",
        ),
        (
            "--agent-fail-on-orphans",
            "agent_fail_on_orphans",
            "fail a test after which its game has more orphan nodes than before it",
        ),
        (
            "--agent-relaunch",
            "agent_relaunch",
            "launch a new game for every test instead of resetting the worker's warm one",
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
        parser.addini(name, help=text, type="bool", default=DEFAULTS[name])
    group.addoption(
        "--no-agent-fail-on-engine-error",
        dest="agent_fail_on_engine_error",
        action="store_false",
        default=None,
        help="let tests pass whatever engine errors their game logged",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "agent_scene(path): launch (or reset) the game on this res:// scene for this test",
    )
    config.addinivalue_line(
        "markers",
        "agent_relaunch: launch a new game for this test instead of resetting the warm one",
    )
    config.addinivalue_line(
        "markers",
        "agent_strict_errors: fail the test if the engine "
        "logged an error (script error, push_error) during it, whatever the options say",
    )
    config.addinivalue_line(
        "markers",
        "agent_expect_errors(*patterns): the game must log, during the test, an engine error "
        "whose message matches each regular expression; those errors do not fail it",
    )
    config.addinivalue_line(
        "markers",
        "agent_ignore_errors: engine errors the game logs during the test do not fail it",
    )
    config.addinivalue_line(
        "markers",
        "agent_check_orphans: fail the test if its game has more orphan nodes after it "
        "than before it",
    )


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
        "fps": setting(pytestconfig, "agent_fps"),
        "seed": setting(pytestconfig, "agent_seed"),
        "user_data": setting(pytestconfig, "agent_user_data"),
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


def _failing_launch(launcher: Launcher) -> Launcher:
    """``launcher``, with a game that cannot start failing the test in one readable line."""
    from agent_client.wire.errors import GameExitedError, LaunchError

    @functools.wraps(launcher)
    def launch(settings: dict[str, Any]) -> AgentClient:
        try:
            return launcher(settings)
        except (LaunchError, GameExitedError) as error:
            pytest.fail(f"Could not launch {settings.get('project')}: {error}", pytrace=False)

    return launch


def _checkout(
    holder: WarmGame,
    request: pytest.FixtureRequest,
    *,
    relaunch: bool = False,
    video: Path | None = None,
) -> AgentClient:
    """The test's game from ``holder``, for the launch this test's fixtures name (a
    ``conftest.py`` may override them per folder)."""
    launcher: Launcher = request.getfixturevalue("agent_launcher")
    options: dict[str, Any] = request.getfixturevalue("agent_launch_options")
    if coverage.enabled(request.config):
        options = {**options, "coverage": True}
    client = holder.checkout(
        _failing_launch(launcher), options, _scene_for(request), relaunch=relaunch, video=video
    )
    client.set_default_timeout(request.getfixturevalue("agent_timeout"))
    return client


@pytest.fixture(scope="session")
def agent_warm_game(pytestconfig: pytest.Config) -> Iterator[WarmGame]:
    """The worker's warm engine behind ``game`` (closed when the session ends)."""
    yield from _kept(WarmGame(), pytestconfig)


def _kept(holder: WarmGame, config: pytest.Config) -> Iterator[Any]:
    """A session fixture's game holder, its game quit when the session ends (and its
    coverage counted, when the run counts it)."""
    run = coverage.counting(config)
    if run is not None:
        holder.on_closed = run.add
    try:
        yield holder
    finally:
        holder.close()


@pytest.fixture
def game(agent_warm_game: WarmGame, request: pytest.FixtureRequest) -> Iterator[AgentClient]:
    """A fresh game for this test: the worker's warm engine reset to the test's scene, when it
    was launched the same way and its resets give the launched game (else a new launch; see
    :class:`~agent_client.pytest_plugin.warm.WarmGame`). A filmed test (``--agent-video``)
    gets a game of its own, quit after it: its film ends with it."""
    video = _video_file(request)
    relaunch = bool(
        request.node.get_closest_marker("agent_relaunch")
        or setting(request.config, "agent_relaunch")
    )
    client = _checkout(agent_warm_game, request, relaunch=relaunch, video=video)
    # The recording starts before the trace, so the trace holds only the test's own calls.
    if _mode(request.config, "agent_replay") != "off" and _can_record(client):
        client.start_recording()
        request.node.stash.setdefault(RECORDING, set()).add(id(client))
    _start_trace(client, request)
    try:
        yield client
    finally:
        if video is not None:
            agent_warm_game.close()
            _drop_passed_video(request, video)
        elif not client.closed:
            from agent_client.wire.errors import AgentBridgeError

            client.stop_trace()
            if id(client) in request.node.stash.get(RECORDING, set()):
                with contextlib.suppress(AgentBridgeError):
                    client.discard_recording()  # kept only when it failed (saved already)


def _can_record(client: AgentClient) -> bool:
    """Whether the game's bridge records replays (a fake bridge or an older one may not)."""
    return client.session_dir is not None and client.connection.has_command("record_start")


def _video_file(request: pytest.FixtureRequest) -> Path | None:
    """Where the test's game films itself (the test's artifacts folder), when it does."""
    if _mode(request.config, "agent_video") == "off":
        return None
    folder = _test_folder(request.node)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / VIDEO_FILE


def _drop_passed_video(request: pytest.FixtureRequest, video: Path | None) -> None:
    """retain-on-failure: a passed test's video goes (it is complete only now, once the
    game quit)."""
    if video is None or _mode(request.config, "agent_video") != "retain-on-failure":
        return
    if not request.node.stash.get(FAILED, False):
        video.unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            video.parent.rmdir()  # only when empty


def _trace_mode(config: pytest.Config) -> str:
    return _mode(config, "agent_trace")


def _mode(config: pytest.Config, name: str) -> str:
    """An on/off/retain-on-failure setting (--agent-trace, --agent-replay, --agent-video)."""
    mode = str(setting(config, name))
    if mode not in TRACE_MODES:
        flag = "--" + name.replace("_", "-")
        raise pytest.UsageError(f"{flag} is one of {', '.join(TRACE_MODES)}, not {mode!r}.")
    return mode


def _start_trace(client: AgentClient, request: pytest.FixtureRequest) -> None:
    if _trace_mode(request.config) != "off" and client.session_dir is not None:
        client.start_trace(title=request.node.nodeid)


@pytest.fixture(scope="session")
def agent_shared_session(pytestconfig: pytest.Config) -> Iterator[SharedGame]:
    """The holder of ``shared_game``'s game for the whole session."""
    yield from _kept(SharedGame(), pytestconfig)


@pytest.fixture
def shared_game(agent_shared_session: SharedGame, request: pytest.FixtureRequest) -> AgentClient:
    """The session's game, moved to the test's scene; faster than ``game``, less isolated."""
    from agent_client.connection import events

    client = _checkout(agent_shared_session, request)
    request.node.stash.setdefault(START_SEQ, {})[id(client)] = events.skip_to_latest(
        client.connection
    )
    _start_trace(client, request)
    return client


@pytest.fixture
def agent_replay(
    agent_launch_options: dict[str, Any],
) -> Callable[..., Any]:
    """A replay file as a test: ``agent_replay("replays/bug.replay.jsonl")`` plays it into
    the configured project (``--godot-project``, else the folder the file names) and fails
    the test when it parts from its recording or the game logs an engine error."""
    from agent_client.client.replay_check import check_replay

    def run(path: str | Path, **options: Any) -> Any:
        return check_replay(
            path,
            project=options.pop("project", agent_launch_options.get("project")),
            godot=options.pop("godot", agent_launch_options.get("godot")),
            **options,
        )

    return run


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
    if item.get_closest_marker("agent_strict_errors"):
        return True
    if item.get_closest_marker("agent_ignore_errors"):
        return False
    return bool(setting(item.config, "agent_fail_on_engine_error"))


def _checks_orphans(item: pytest.Item) -> bool:
    return bool(
        item.get_closest_marker("agent_check_orphans")
        or setting(item.config, "agent_fail_on_orphans")
    )


def _test_folder(item: pytest.Item) -> Path:
    """The test's artifacts folder, whatever fixtures it used."""
    return _artifacts_folder(item.config, item.nodeid, "", several=False)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Around the test's body: where its screenshot baselines live, and the orphan nodes its
    games had before it (when orphans are checked)."""
    if _checks_orphans(item):
        before = item.stash.setdefault(ORPHANS_BEFORE, {})
        for _name, client in _clients(item):
            metrics = _orphan_metrics(client)
            if metrics is not None:
                before[id(client)] = metrics
    if "agent_client.client.visual" not in sys.modules:
        return (yield)  # nothing can compare pictures: no test of ours runs here
    from agent_client.client import visual

    place = visual.SnapshotPlace(
        visual.test_folder(Path(item.path), item.name),
        _test_folder(item),
        update=bool(setting(item.config, "agent_update_snapshots")),
    )
    item.stash[SNAPSHOT_PLACE] = place
    with visual.snapshot_place(place):
        return (yield)


def _orphan_metrics(client: AgentClient) -> MetricsAnswer | None:
    """``metrics`` with the orphans listed, or None when the bridge cannot tell."""
    from agent_client.wire.errors import AgentBridgeError

    try:
        if not client.connection.has_command("metrics"):
            return None
        return client.metrics(orphans=True, limit=ORPHANS_LISTED)
    except AgentBridgeError:
        return None


def _undeclared_errors(item: pytest.Item, clients: list[tuple[str, AgentClient]]) -> list[str]:
    """Why the test fails for the engine errors its games logged: errors it did not declare,
    and patterns of ``agent_expect_errors`` no error matched. Empty when nothing is wrong."""
    from agent_client.connection.engine_errors import engine_errors

    starts = item.stash.get(START_SEQ, {})
    patterns = [
        pattern for marker in item.iter_markers("agent_expect_errors") for pattern in marker.args
    ]
    strict = _strict(item)
    problems: list[str] = []
    logged = []
    for name, client in clients:
        for error in engine_errors(client.event_log, starts.get(id(client), 0)):
            logged.append(error)
            excused = client.expected_errors.excuses(error) or any(
                error.matches(pattern) for pattern in patterns
            )
            if strict and not excused:
                problems.append(_indented(f"[{name}] {error}"))
    if problems:
        problems.insert(0, "The game logged engine errors during the test:")
        problems.append(
            "Declare errors a test expects with `with game.expect_engine_errors(pattern):` or "
            "@pytest.mark.agent_expect_errors(pattern); @pytest.mark.agent_ignore_errors or "
            "--no-agent-fail-on-engine-error let them pass."
        )
    for pattern in patterns:
        if not any(error.matches(pattern) for error in logged):
            problems.append(
                f"agent_expect_errors: no engine error matching {pattern!r} was logged during "
                "the test."
            )
    return problems


def _indented(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def _new_orphans(item: pytest.Item, clients: list[tuple[str, AgentClient]]) -> list[str]:
    """The games that have more orphan nodes than before the test, with the new ones."""
    from agent_client.client.metrics import describe_orphans, new_orphans
    from agent_client.wire.errors import AgentBridgeError

    befores = item.stash.get(ORPHANS_BEFORE, {})
    problems = []
    for name, client in clients:
        before = befores.get(id(client))
        if before is None:
            continue
        try:  # a node queued to be freed goes at the end of the frame
            client.wait_frames(2, timeout_ms=1000)
        except AgentBridgeError:
            continue
        after = _orphan_metrics(client)
        if after is None or after["orphan_nodes"] <= before["orphan_nodes"]:
            continue
        listed = describe_orphans(new_orphans(after, before)) or "(not listed)"
        problems.append(
            f"[{name}] {after['orphan_nodes'] - before['orphan_nodes']} more orphan nodes "
            f"than before the test ({before['orphan_nodes']} -> {after['orphan_nodes']}): "
            f"nodes taken out of the tree and never freed:\n{_indented(listed)}"
        )
    return problems


def _fail(report: pytest.TestReport, problems: list[str]) -> None:
    report.outcome = "failed"
    report.longrepr = "\n".join(problems)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item,
    call: pytest.CallInfo[None],
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keeps the call report; fails a passed test for undeclared engine errors and new
    orphans; on failure, adds the game's evidence to it."""
    report = yield
    if report.when != "call" or report.skipped:
        return report
    place = item.stash.get(SNAPSHOT_PLACE, None)
    if place is not None and place.written:
        report.sections.append(
            ("agent-bridge: screenshots", "\n".join(str(path) for path in place.written))
        )
    clients = _clients(item)
    if not clients:
        return report
    from agent_client.pytest_plugin import artifacts

    starts = item.stash.get(START_SEQ, {})
    if report.passed:
        with _report_step(clients, "after the test: its checks (engine errors, orphans)"):
            _bring_in_events(clients)
            problems = _undeclared_errors(item, clients)
            if _checks_orphans(item):
                problems += _new_orphans(item, clients)
        if problems:
            _fail(report, problems)
    if report.failed:
        for name, client in clients:
            folder = _artifacts_folder(item.config, item.nodeid, name, len(clients) > 1)
            with _report_step([(name, client)], "after the failure: the failure report"):
                evidence = artifacts.collect(client, folder, since_seq=starts.get(id(client), 0))
            for title, text in evidence.sections:
                report.sections.append((f"agent-bridge {name}: {title}", text))
            report.sections.append((f"agent-bridge {name}: artifacts", str(folder)))
            item.user_properties.append((f"agent_artifacts_{name}", str(folder)))
    if report.failed or _trace_mode(item.config) == "on":
        for name, client in clients:
            _keep_trace(item, report, name, client, len(clients) > 1)
    item.stash[FAILED] = report.failed
    if report.failed or _mode(item.config, "agent_replay") == "on":
        for name, client in clients:
            _keep_replay(item, report, name, client, len(clients) > 1)
    for name, client in clients:
        if client.video is not None and (
            report.failed or _mode(item.config, "agent_video") == "on"
        ):
            report.sections.append(
                (f"agent-bridge {name}: video", f"{client.video} (complete once the game quit)")
            )
            item.user_properties.append((f"agent_video_{name}", str(client.video)))
    return report


@contextlib.contextmanager
def _report_step(clients: list[tuple[str, AgentClient]], title: str) -> Iterator[None]:
    """The calls of the block go into each game's trace as a step of their own, apart from
    the test's steps (the viewer never takes them for the failure)."""
    from agent_client.connection.connection import REPORT_STEP

    with contextlib.ExitStack() as steps:
        for _name, client in clients:
            steps.enter_context(client.connection.trace_step(title, kind=REPORT_STEP))
        yield


def _keep_replay(
    item: pytest.Item, report: pytest.TestReport, name: str, client: AgentClient, several: bool
) -> None:
    """Writes the test's replay file beside its trace and says how to play it again."""
    from agent_client.wire.errors import AgentBridgeError

    if id(client) not in item.stash.get(RECORDING, set()):
        return  # not recorded: shared_game, --agent-replay off, a bridge without replays
    folder = _artifacts_folder(item.config, item.nodeid, name, several)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        saved = client.stop_recording(folder / REPLAY_FILE).path
    except (AgentBridgeError, OSError) as error:
        report.sections.append((f"agent-bridge {name}: replay", f"not saved: {error}"))
        return
    report.sections.append(
        (
            f"agent-bridge {name}: replay",
            f"{saved}\nplay it again: agent-bridge replay {saved} --check",
        )
    )
    item.user_properties.append((f"agent_replay_{name}", str(saved)))


def _bring_in_events(clients: list[tuple[str, AgentClient]]) -> None:
    """One frame of each game, so an error it logged just after the test's last call is seen."""
    from agent_client.pytest_plugin import artifacts

    for _name, client in clients:
        artifacts.responsive(client)


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
