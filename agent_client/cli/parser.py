"""The ``agent-bridge`` argument grammar (docs/CLI.md)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

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


def _input_arguments(action: Any, name: str) -> None:
    """The arguments of ``action`` (an input action) and ``gamepad`` (a button or an axis)."""
    if name == "action":
        action.add_argument("name", help="an input action (see `agent-bridge actions`)")
        action.add_argument(
            "--strength", type=float, default=1.0, help="how far it is pushed, 0 to 1"
        )
    else:
        which = action.add_mutually_exclusive_group(required=True)
        which.add_argument("--button", help="a, b, x, y, start, back, dpad_up, ... or an index")
        which.add_argument(
            "--axis",
            help="left_x, left_y, right_x, right_y, trigger_left, trigger_right, or an index",
        )
        action.add_argument(
            "--value",
            type=float,
            default=1.0,
            help="where the axis is pushed, -1 to 1 (default 1; negative: --value=-1)",
        )
        action.add_argument("--device", type=int, default=0, help="the joypad (default 0)")
    phase = action.add_mutually_exclusive_group()
    phase.add_argument("--hold", action="store_true", help="press and keep it down")
    phase.add_argument("--release", action="store_true", help="let go of what --hold pressed")


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
    _replay_commands(command)

    snapshot = command("snapshot", "the accessibility snapshot, with refs (e1, e2, ...)")
    snapshot.add_argument(
        "-i", "--interactive", action="store_true", help="only what can be acted on"
    )
    snapshot.add_argument("-c", "--compact", action="store_true", help="drop unnamed wrappers")
    snapshot.add_argument("-d", "--depth", type=int, help="maximum depth")
    snapshot.add_argument("--root", help="a node path to start from")
    snapshot.add_argument(
        "-a",
        "--all",
        action="store_true",
        help="also what a player cannot see or act on (timers, collision shapes, ...)",
    )
    snapshot.add_argument(
        "--since",
        type=int,
        metavar="VERSION",
        help="a tree_version: print only 'unchanged' while the tree is still there",
    )

    target_help = "@eN or eN (a snapshot ref), /root/... (a node path) or a selector"
    command(
        "actions",
        "the game's controls (input actions and their bindings), what can be pressed or "
        "filled now, and the commands",
    )
    for name, text in (
        ("click", "click a node, or a point x,y, with the mouse"),
        ("press", "press a button"),
        ("fill", "replace a text field's text"),
        ("hover", "move the mouse over a node"),
        ("drag", "drag from one node (or x,y) to another"),
        ("select", "choose an entry of an option button, menu, list, tab bar or tree"),
        ("set-value", "set a slider, spin box or color picker"),
        ("key", "press a key (Enter, Escape, A, F5, ...) as a player would"),
        ("action", "trigger one of the game's input actions as its bound key or button would"),
        ("gamepad", "press a joypad button or push a stick or trigger, through the engine's input"),
    ):
        action = command(name, text)
        if name == "key":
            action.add_argument("key", help="the key's name")
            action.add_argument(
                "--modifiers",
                nargs="+",
                default=[],
                metavar="MODIFIER",
                help="held while the key is pressed: ctrl, shift, alt, meta (or ctrl,shift)",
            )
        elif name in ("action", "gamepad"):
            _input_arguments(action, name)
        else:
            action.add_argument(
                "target", help=target_help + (", or x,y" if name == "click" else "")
            )
        if name == "fill":
            action.add_argument("text", help="the new text")
            action.add_argument("--submit", action="store_true", help="then press Enter")
        if name == "drag":
            action.add_argument("to", help="where to drop: " + target_help + ", or x,y")
        if name == "click":
            action.add_argument("--button", default="left", choices=("left", "right", "middle"))
            action.add_argument("--double", action="store_true", help="double click")
        if name == "select":
            action.add_argument(
                "option", help="the entry's text (a tree row: its texts joined with /)"
            )
            action.add_argument(
                "--index", action="store_true", help="OPTION is the entry's index, not its text"
            )
        if name == "set-value":
            action.add_argument(
                "value",
                help='a number, a color "#rrggbb[aa]" or a JSON '
                'object such as \'{"r": 1, "g": 0, "b": 0}\'',
            )
        action.add_argument(
            "--settled", action="store_true", help="answer once the game has settled"
        )
        action.add_argument(
            "--settle", dest="settled", action="store_true", help=argparse.SUPPRESS
        )  # the old name
        action.add_argument(
            "--snapshot", action="store_true", help="print a fresh snapshot after the action"
        )

    point_help = "a world position x,y or x,y,z (negative first: --point=-5,2)"
    nearby = command("nearby", "the game entities near a node or a world point, nearest first")
    nearby.add_argument("target", nargs="?", help=target_help + ", or a world point x,y[,z]")
    nearby.add_argument("--point", help=point_help)
    nearby.add_argument("--radius", type=float, help="only entities this close (world units)")
    nearby.add_argument("--limit", type=int, default=20, help="at most this many (default 20)")
    raycast = command("raycast", "what a ray from a node or a world point hits first")
    raycast.add_argument("target", nargs="?", help=target_help + ", or a world point x,y[,z]")
    raycast.add_argument("--point", help=point_help)
    aim = raycast.add_mutually_exclusive_group(required=True)
    aim.add_argument("--direction", help="x,y or x,y,z (negative first: --direction=-1,0)")
    aim.add_argument("--to", help=target_help + ", or a world point x,y[,z]")
    raycast.add_argument(
        "--max-distance", type=float, help="the ray's length with --direction (default 10000)"
    )
    raycast.add_argument(
        "--bodies-only", action="store_true", help="areas do not stop the ray, bodies only"
    )

    get = command(
        "get",
        "read: text TARGET | property TARGET NAME | node TARGET | tree [PATH] | events | state",
    )
    get.add_argument("what", choices=("text", "property", "node", "tree", "events", "state"))
    get.add_argument("target", nargs="?", help=target_help + " (tree: a node path)")
    get.add_argument("name", nargs="?", help="property name (get property)")
    get.add_argument("-d", "--depth", type=int, help="maximum depth (tree)")
    get.add_argument(
        "--fields",
        help="tree --json: only these node fields, comma-separated (name,type,path,...)",
    )

    call = command("call", "call any command, such as one the game registered")
    call.add_argument("name", help="command name (see `agent-bridge call hello`)")
    call.add_argument("args", nargs="?", help="arguments as a JSON object")

    wait = command("wait", "wait until the game settles, an event comes or a text shows")
    condition = wait.add_mutually_exclusive_group(required=True)
    condition.add_argument("--settled", action="store_true", help="no Tween or animation runs")
    condition.add_argument("--event", help="an event of this type (not reported before)")
    condition.add_argument("--text", help="a node showing this text is visible")
    condition.add_argument("--node", help="a node matching this selector is visible")
    condition.add_argument("--frames", type=int, help="this many frames pass")

    command("pause", "hold the game between commands (a lockstep game always is)")
    command("resume", "let the game run by itself in real time until pause")
    step = command("step", "advance a held game by exactly N frames")
    step.add_argument("frames", nargs="?", type=int, default=1, help="how many (default 1)")
    hold = command("hold", "press an input action, key or mouse button for N frames")
    held = hold.add_mutually_exclusive_group(required=True)
    held.add_argument("action", nargs="?", help="an input action (see `agent-bridge actions`)")
    held.add_argument("--key", help="a key name: Space, A, Left")
    held.add_argument("--button", choices=("left", "right", "middle"), help="a mouse button")
    hold.add_argument("--frames", type=int, required=True, help="how many frames it is held")
    hold.add_argument("--strength", type=float, default=1.0, help="0 to 1 (default 1)")
    sequence = command("sequence", "run an input timeline frame-exactly (a JSON file of entries)")
    sequence.add_argument(
        "file",
        help='a JSON list (or JSON lines) of {"action"|"key"|"button", "start", "frames", '
        '"strength"}; - reads standard input',
    )
    reset = command("reset", "put the game back as it was launched, without relaunching it")
    reset.add_argument("--scene", help="a res:// scene to start on (default: the main scene)")
    digest = command("digest", "a hash of the game's state now, to compare runs frame by frame")
    digest.add_argument("--root", default="/root", help="only this subtree")
    digest.add_argument("--nodes", action="store_true", help="also each node's own hash")
    step_until = command("step-until", "advance a held game frame by frame until a condition holds")
    until = step_until.add_mutually_exclusive_group(required=True)
    until.add_argument("--event", help="an event of this type arrives")
    until.add_argument("--node", help="a node path is there (or gone, with --absent)")
    until.add_argument("--text", help="a shown label or button holds this text")
    step_until.add_argument("--absent", action="store_true", help="with --node: it is gone")
    step_until.add_argument("--property", help="with --node: compare this property")
    step_until.add_argument(
        "--op", default="==", choices=("==", "!=", "<", "<=", ">", ">="), help="the comparison"
    )
    step_until.add_argument("--value", help="with --property: a number, text or JSON value")
    step_until.add_argument(
        "--max-frames", type=int, default=600, help="stop after this many (default 600)"
    )

    screenshot = command("screenshot", "save a PNG of the game (needs --render at start)")
    screenshot.add_argument("out", help="where to write the PNG")
    screenshot.add_argument(
        "--annotate", action="store_true", help="draw the latest snapshot's refs"
    )
    screenshot.add_argument("--target", help="only this node: " + target_help)

    metrics = command("metrics", "the engine's monitors: nodes, orphan nodes, objects, memory")
    metrics.add_argument("--orphans", action="store_true", help="also list the orphan nodes")
    metrics.add_argument(
        "--limit", type=int, default=100, help="list at most this many orphans (default 100)"
    )
    measure = command("measure", "time the next N frames: process and physics time per frame")
    measure.add_argument(
        "frames", nargs="?", type=int, default=60, help="how many frames (default 60)"
    )

    command("sessions", "list the sessions started here")
    stop = command(
        "stop", "quit a session's game (default: the one started for this folder's project)"
    )
    stop.add_argument("--all", action="store_true", help="every session started here")

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
    if only is None:
        commands.add_parser(
            "install-godot", add_help=False, help="install Godot 4.6 into a private, cached prefix"
        )
    return parser
