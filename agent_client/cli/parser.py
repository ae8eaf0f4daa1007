"""The ``agent-bridge`` argument grammar (docs/CLI.md): the command line's own subcommands
(start, stop, record, ...) are written here; those of the bridge's commands come from the
command table through :mod:`agent_client.cli.grammar`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from agent_client.cli import grammar

if TYPE_CHECKING:
    from agent_client.engine.launcher import GameTime

DEFAULT_TIMEOUT = 10.0


def _common() -> argparse.ArgumentParser:
    """Options every subcommand takes, before or after its name."""
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--session",
        default=argparse.SUPPRESS,
        help="session name or folder (default: the one started for the project this folder "
        "is in, else the only one running)",
    )
    common.add_argument(
        "--json", action="store_true", default=argparse.SUPPRESS, help="print the raw response"
    )
    common.add_argument(
        "--timeout",
        type=float,
        default=argparse.SUPPRESS,
        help=f"seconds to wait (default {DEFAULT_TIMEOUT:g})",
    )
    return common


class _Unused:
    """Stands in for the subcommands a call does not name: building all of them is most of
    the parser's cost, paid by every call of a one-shot process."""

    def add_argument(self, *args: Any, **kwargs: Any) -> None:
        pass

    def add_mutually_exclusive_group(self, **kwargs: Any) -> _Unused:
        return self

    def add_subparsers(self, **kwargs: Any) -> _Unused:
        return self

    def add_parser(self, *args: Any, **kwargs: Any) -> _Unused:
        return self


def named_command(argv: list[str], names: Iterable[str]) -> str | None:
    """The subcommand ``argv`` names (None when it names none of ``names``), skipping the
    values of the options that take one."""
    known = set(names)
    after_option = False
    for token in argv:
        if after_option:
            after_option = False
        elif token in ("--session", "--timeout"):
            after_option = True
        elif token in known:
            return token
        elif not token.startswith("-"):
            return None
    return None


def game_time(args: argparse.Namespace, *, realtime: bool) -> GameTime:
    """The game time ``--fps`` and ``--seed`` ask for (start, record, codegen).

    Raises:
        UsageError: BAD_ARGS, naming the option, when it is out of range.
    """
    from agent_client.engine.launcher import GameTime
    from agent_client.presentation.errors import UsageError

    try:
        return GameTime(realtime=realtime, fps=args.fps, seed=args.seed)
    except ValueError as error:
        raise UsageError("BAD_ARGS", str(error).replace("fps is", "--fps is", 1)) from None


def _game_options(parser: Any) -> None:
    """What launching a game for record and codegen takes."""
    parser.add_argument("project", help="the folder holding project.godot")
    parser.add_argument("-o", "--out", required=True, help="the file to write")
    parser.add_argument("--scene", help="a res:// scene instead of the main scene")
    parser.add_argument("--godot", help="the engine binary")
    parser.add_argument("--install", action="store_true", help="copy the bridge addon in first")
    parser.add_argument("--fps", type=int, default=60, help="frames a game second (60)")
    parser.add_argument("--seed", type=int, default=0, help="the random generator's seed (0)")


def _replay_commands(command: Callable[[str, str], Any]) -> None:
    """record, replay and codegen (docs/REPLAY.md)."""
    record = command(
        "record", "play the game in a window; its inputs go to a replay file when it closes"
    )
    _game_options(record)
    replay = command("replay", "play a replay file again and compare the game's digests")
    replay.add_argument("file", help="a .replay.jsonl file")
    replay.add_argument(
        "--check",
        action="store_true",
        help="stop at the first checkpoint that differs, naming the frame, node and property",
    )
    shown = replay.add_mutually_exclusive_group()
    shown.add_argument("--render", action="store_true", help="render (default: as recorded)")
    shown.add_argument("--headless", action="store_true", help="do not render")
    replay.add_argument("--project", help="the game's folder (default: the one recorded)")
    replay.add_argument("--godot", help="the engine binary")
    replay.add_argument(
        "--allow-other-engine",
        action="store_true",
        help="replay a file recorded with another engine version",
    )
    codegen = command(
        "codegen", "play the game in a window; what you did becomes a pytest test when it closes"
    )
    _game_options(codegen)
    codegen.add_argument(
        "--from-replay",
        metavar="FILE",
        help="write the test of an annotated recording instead of playing (PROJECT unused)",
    )
    codegen.add_argument("--keep-replay", metavar="FILE", help="also keep the recording there")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole grammar, or (``only``) the part one subcommand needs."""
    common = _common()
    parser = argparse.ArgumentParser(
        prog="agent-bridge",
        parents=[common],
        description="Drive a running game through its bridge, one command per step.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, text: str) -> Any:
        if only is not None and name != only:
            return _Unused()
        return commands.add_parser(name, parents=[common], help=text, description=text)

    _session_commands(command)
    _replay_commands(command)
    call = command("call", "call any command, such as one the game registered")
    call.add_argument("name", help="command name (see `agent-bridge call hello`)")
    call.add_argument("args", nargs="?", help="arguments as a JSON object")
    grammar.add_verbs(commands, common, only)
    _project_commands(command)
    _file_commands(command, common)
    _mcp_command(command)
    if only is None:
        commands.add_parser(
            "install-godot", add_help=False, help="install Godot 4.6 into a private, cached prefix"
        )
    return parser


def _session_commands(command: Callable[[str, str], Any]) -> None:
    """start, sessions and stop."""
    start = command(
        "start", "launch a game that keeps running; prints the session name for --session"
    )
    start.add_argument("project", help="the folder holding project.godot")
    start.add_argument(
        "--render", action="store_true", help="render (not --headless): screenshots work"
    )
    start.add_argument("--scene", help="a res:// scene instead of the main scene")
    start.add_argument("--godot", help="the engine binary")
    start.add_argument(
        "--install",
        action="store_true",
        help="copy the bridge addon into the project first (as `agent-bridge install`)",
    )
    start.add_argument(
        "--trace",
        action="store_true",
        help="record every step of the session (`agent-bridge trace stop` writes trace.zip)",
    )
    start.add_argument(
        "--realtime",
        action="store_true",
        help="let the game run by itself in real time (default: lockstep, where it runs only "
        "while a command needs it)",
    )
    start.add_argument(
        "--fps", type=int, default=60, help="frames a game second, each of fixed length (60)"
    )
    start.add_argument(
        "--seed", type=int, default=0, help="seed of the engine's random generator (0)"
    )
    start.add_argument(
        "--video",
        metavar="FILE",
        help="write every frame that runs to FILE.avi (Movie Maker, MJPEG, at --fps: game "
        "time); renders; complete once `stop` quits the game",
    )
    start.add_argument(
        "--coverage",
        action="store_true",
        help="count which lines and branches of the game's GDScript run (`agent-bridge "
        "coverage` reports them; `stop` saves the final counts)",
    )
    saves = start.add_mutually_exclusive_group()
    saves.add_argument(
        "--user-data",
        metavar="DIR",
        help="the game's user:// starts as a copy of DIR (default: empty); either way it is a "
        "folder of the session's own, and DIR is never written to",
    )
    saves.add_argument(
        "--own-user-data",
        action="store_true",
        help="let the game use your own user:// folder (its real saves, settings and logs)",
    )
    command("sessions", "list the sessions started here")
    stop = command(
        "stop", "quit a session's game (default: the one started for this folder's project)"
    )
    stop.add_argument("--all", action="store_true", help="every session started here")


def _project_commands(command: Callable[[str, str], Any]) -> None:
    """install and doctor: a game's folder, no session."""
    install = command(
        "install", "copy the bridge addon into a Godot project and register its autoload"
    )
    install.add_argument("project", help="the folder holding project.godot")
    install.add_argument(
        "--skills",
        action="store_true",
        help="also write an Agent Skill (.claude/skills/agent-bridge/SKILL.md) and an "
        "AGENTS.md section that teach coding agents the loop",
    )
    doctor = command(
        "doctor",
        "check that a game answers, repeats, resets to the launched game and leaves nothing "
        "behind; for every difference the node, the field and the likely cause",
    )
    doctor.add_argument(
        "project", nargs="?", default=".", help="the folder holding project.godot (default .)"
    )
    doctor.add_argument(
        "--frames", type=int, default=300, help="frames each game runs before the second look"
    )
    doctor.add_argument("--seed", type=int, default=0, help="the seed both launches get")
    doctor.add_argument("--godot", help="the engine (default: $GODOT_BIN, PATH, installed)")
    doctor.add_argument("--install", action="store_true", help="copy the bridge addon in first")


def _file_commands(command: Callable[[str, str], Any], common: argparse.ArgumentParser) -> None:
    """trace and report: files a session or a test run left."""
    trace = command("trace", "traces: stop recording a session, or open a trace.zip")
    trace_commands = trace.add_subparsers(dest="trace_command", required=True, metavar="ACTION")
    stop_trace = trace_commands.add_parser(
        "stop", parents=[common], help="write the session's trace.zip and stop recording"
    )
    stop_trace.add_argument("--out", default="trace.zip", help="where (default ./trace.zip)")
    show_trace = trace_commands.add_parser(
        "show", parents=[common], help="write a trace as one offline HTML page and open it"
    )
    show_trace.add_argument("zip", help="a trace.zip")
    show_trace.add_argument("--out", help="the HTML file (default: beside the zip)")
    show_trace.add_argument(
        "--no-open", action="store_true", help="write the page only, do not open a browser"
    )
    coverage = command(
        "coverage",
        "the GDScript coverage of a session started with --coverage, or of saved counts: a "
        "terminal table, an lcov file, HTML pages",
    )
    coverage.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="saved counts (*.agent-coverage.json, from stop or pytest --agent-coverage) "
        "instead of the session's",
    )
    coverage.add_argument(
        "--report", default="term", help="term, lcov and html, comma-separated (default term)"
    )
    coverage.add_argument(
        "--out",
        default="agent-coverage",
        help="where the reports (and the session's counts) go (default ./agent-coverage)",
    )
    report = command("report", "test reports: join the results blobs of a run's shards")
    report_commands = report.add_subparsers(dest="report_command", required=True, metavar="ACTION")
    merge = report_commands.add_parser(
        "merge",
        parents=[common],
        help="join results blobs (pytest --agent-shard / --agent-blob) into one HTML report",
        description="Join the results blobs of a run's shards (pytest --agent-shard, "
        "--agent-blob) into one static HTML report: every test with its outcome, duration, "
        "failure and links to its trace (as viewer pages), replays, screenshots and files.",
    )
    merge.add_argument(
        "blobs",
        nargs="+",
        metavar="DIR",
        help="a blob folder, or a folder of blob folders (a CI matrix's downloaded artifacts)",
    )
    merge.add_argument("-o", "--out", default="report", help="the report folder (default ./report)")
    merge.add_argument(
        "--durations",
        metavar="FILE",
        help="also write the tests' durations into this file (such as .agent-durations.json, "
        "which --agent-shard balances by)",
    )
    merge.add_argument(
        "--open", action="store_true", help="open the report in a browser once written"
    )


def _mcp_command(command: Callable[[str, str], Any]) -> None:
    mcp = command("mcp", "serve AI agents over the Model Context Protocol (stdio)")
    mcp.add_argument(
        "--read-only",
        action="store_true",
        help="leave out the tools that change the game's state directly (set_property, "
        "call_method, change_scene, the game's own commands)",
    )
    mcp.add_argument(
        "--print-config", action="store_true", help="print the JSON an MCP client needs, and exit"
    )
