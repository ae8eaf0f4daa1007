"""Every command of the wire protocol, in one table: its parameters (the wire's name, JSON type,
default, what it means, whether it is required, its bounds or choices) and the shape of its
answer (a typed dict of :mod:`agent_client.wire.answers`). The command line's subcommands and
options, the MCP server's tools and docs/COMMANDS.md are made from it, and a test holds every
front end to its names (tests/unit/test_command_names.py).

The table is written here rather than read from the bridge's ``hello`` schemas because the front
ends need it before any game runs (``agent-bridge --help``, an MCP client listing the tools,
the docs build) and it says what a bridge cannot (the answer's shape, a target as one value, what
changes the game); the engine tests hold it to the real bridge's schemas.

Names are the wire's. A front end spells them its own way only as its language must: the command
line in kebab case (``--max-depth``), Python with a trailing ``_`` for a keyword (``from_``).
A node is named by one ``target`` (a path or a ref), which goes on the wire as ``path`` or ``ref``.
Imported by every step of the command line, so it builds plain objects (no dataclasses).
"""

from __future__ import annotations

from typing import Literal, get_args

JsonType = Literal["string", "integer", "number", "boolean", "array", "object"]
# What changes when a command runs: nothing (``reads``), the game as a player changes it or the
# game's time (``plays``), or the game's state directly (``writes``: left out of a read-only
# MCP server).
Effect = Literal["reads", "plays", "writes"]

# The closed sets of values, as the types of the client's parameters and as the table's choices.
MouseButton = Literal["left", "right", "middle"]
InputButton = Literal["left", "right", "middle", "back", "forward"]
Modifier = Literal["ctrl", "shift", "alt", "meta"]
Comparison = Literal["==", "!=", "<", "<=", ">", ">="]
ImageFormat = Literal["png", "rgba"]
JoyAxis = Literal["left_x", "left_y", "right_x", "right_y", "trigger_left", "trigger_right"]
TimeMode = Literal["lockstep", "realtime"]
# The fields of a serialized node get_tree can be asked for (docs/PROTOCOL.md, "Node shape").
NODE_FIELDS = (
    "name",
    "type",
    "class",
    "path",
    "role",
    "label",
    "script",
    "groups",
    "props",
    "visible",
    "rect",
    "position",
    "global_position",
    "screen",
    "title",
    "layer",
    "text",
    "placeholder",
    "editable",
    "disabled",
    "toggle_mode",
    "button_pressed",
    "value",
    "min",
    "max",
    "step",
    "items",
    "selected",
    "playing",
    "current_animation",
    "actions",
)

# A parameter the bridge gives a default of its own (or none): front ends leave it out unless
# it is given.
NOT_SET: object = type("NotSet", (), {"__repr__": lambda self: "NOT_SET"})()
TARGET = "target"  # on the wire: "path" or "ref"


class Param:
    """One parameter of a command, as the wire names it."""

    __slots__ = (
        "default",
        "doc",
        "enum",
        "items",
        "maximum",
        "minimum",
        "name",
        "required",
        "type",
    )

    def __init__(
        self,
        name: str,
        type: JsonType | tuple[JsonType, ...] | None,
        doc: str,
        *,
        default: object = NOT_SET,
        required: bool = False,
        minimum: float | None = None,
        maximum: float | None = None,
        enum: tuple[str, ...] | None = None,
        items: JsonType | None = None,
    ) -> None:
        self.name = name
        self.type = type  # None: any JSON value
        self.doc = doc
        self.default = default
        self.required = required
        self.minimum = minimum
        self.maximum = maximum
        self.enum = enum
        self.items = items  # an array's item type

    @property
    def types(self) -> tuple[JsonType, ...]:
        """The JSON types it takes (empty: any)."""
        if self.type is None:
            return ()
        return self.type if isinstance(self.type, tuple) else (self.type,)

    def __repr__(self) -> str:
        return f"Param({self.name!r})"


class Command:
    """One wire command: what it does, its parameters and the shape of its answer."""

    __slots__ = ("answer", "doc", "effect", "name", "offered", "params")

    def __init__(
        self,
        name: str,
        doc: str,
        params: tuple[Param, ...],
        *,
        answer: str,
        effect: Effect,
        offered: bool = True,
    ) -> None:
        self.name = name
        self.doc = doc
        self.params = params
        self.answer = answer  # a typed dict of agent_client.wire.answers, by name
        self.effect = effect
        # Whether the command line and the MCP server offer it as a subcommand and a tool of
        # its own; False: they reach it through verbs of theirs (hello: call hello, launch;
        # quit: stop; a recording and a replay's chunks: record, replay; measure_start and
        # measure_stop: measure; coverage: coverage, which reads its counters into a
        # report), or it belongs to a client waiting on its own request
        # (cancel).
        self.offered = offered

    def param(self, name: str) -> Param:
        return next(param for param in self.params if param.name == name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(param.name for param in self.params)

    @property
    def is_action(self) -> bool:
        """Whether it takes the action options (``settled``, ``snapshot``, ``timeout_ms``) and
        answers ``changes``."""
        return "settled" in self.names and "snapshot" in self.names

    def __repr__(self) -> str:
        return f"Command({self.name!r})"


def target(doc: str = "", *, required: bool = True) -> Param:
    return Param(
        TARGET,
        "string",
        doc or "a ref from a snapshot (@e3, e3) or a node path (/root/...)",
        required=required,
    )


def _point(axis: str) -> Param:
    return Param(
        axis,
        "number",
        f"viewport {axis}, instead of a target",
        minimum=-1_000_000,
        maximum=1_000_000,
    )


# Every action also takes these, and answers ``changes`` (docs/PROTOCOL.md, "Action options").
ACTION_OPTIONS = (
    Param("settled", "boolean", "answer only once the game is settled", default=False),
    Param(
        "snapshot",
        ("boolean", "object"),
        "answer with a snapshot of the new state (true, or the snapshot's options: "
        "{interactive, compact, since, ...})",
        default=False,
    ),
    Param(
        "timeout_ms",
        "integer",
        "how long settling may take (game time in lockstep)",
        default=5000,
        minimum=0,
        maximum=600_000,
    ),
)
WORLD_ORIGIN = (
    target("the origin: a ref or a node path (a Node2D or Node3D)", required=False),
    Param("point", "array", "the origin: a world position [x, y] or [x, y, z]", items="number"),
)
JOY_BUTTON = Param(
    "joy_button",
    ("string", "integer"),
    "a joypad button: a name (a, b, x, y, start, back, dpad_up, left_shoulder, ...) or an index",
)
JOY_AXIS = Param(
    "joy_axis",
    ("string", "integer"),
    "a joypad axis: a name (" + ", ".join(get_args(JoyAxis)) + ") or an index",
)
AXIS_VALUE = Param("value", "number", "where joy_axis is pushed", minimum=-1, maximum=1)
DEVICE = Param("device", "integer", "the joypad", default=0, minimum=0, maximum=15)
STRENGTH = Param(
    "strength",
    "number",
    "how far an action is pushed (a pad button's pressure)",
    default=1.0,
    minimum=0,
    maximum=1,
)
MODIFIERS = Param(
    "modifiers",
    "array",
    "held while the key is pressed",
    default=[],
    items="string",
    enum=get_args(Modifier),
)
INPUT_BUTTON = Param(
    "button", "string", "a mouse button, at the pointer (or at x, y)", enum=get_args(InputButton)
)
CONDITION = (
    Param("event", "string", "an event of this type arrives"),
    Param("after", "integer", "with event: only an event whose seq is larger counts", minimum=0),
    Param("node", "string", "a node path: it is there (or gone, with present false)"),
    Param("present", "boolean", "with node: whether it is there", default=True),
    Param("property", "string", "with node: this property compares true to value"),
    Param("op", "string", "the comparison", default="==", enum=get_args(Comparison)),
    Param("value", None, "with property: what it is compared to"),
    Param("text", "string", "a shown label, button or 3D label holds this text"),
)

COMMANDS: tuple[Command, ...] = (
    # --- the session and the tree ---
    Command(
        "hello",
        "Protocol version, engine, game, time and the commands (with schemas on request).",
        (
            Param(
                "schemas",
                "boolean",
                "also every command's description and argument schema",
                default=False,
            ),
        ),
        answer="HelloAnswer",
        effect="reads",
        offered=False,
    ),
    Command(
        "get_tree",
        "The live scene tree below a node, every node serialized.",
        (
            Param("root", "string", "the node to start from", default="/root"),
            Param("max_depth", "integer", "levels below root", minimum=0),
            Param(
                "fields",
                "array",
                "only these fields of each node (children always), for a leaner tree",
                items="string",
                enum=NODE_FIELDS,
            ),
        ),
        answer="TreeAnswer",
        effect="reads",
    ),
    Command(
        "get_node",
        "One node in detail: its fields, its children's names and its properties' types.",
        (target(),),
        answer="NodeDetail",
        effect="reads",
    ),
    Command(
        "get_property",
        "Read any property of a node, in its wire form.",
        (
            target(),
            Param("property", "string", "a name, or a sub-path: position:x", required=True),
        ),
        answer="PropertyAnswer",
        effect="reads",
    ),
    Command(
        "set_property",
        "Set a property of a node; the value is converted to its type.",
        (
            target(),
            Param("property", "string", "a name, or a sub-path: position:x", required=True),
            Param("value", None, "converted to the property's type", required=True),
        ),
        answer="PropertyAnswer",
        effect="writes",
    ),
    Command(
        "call_method",
        "Call a method of a node; answers its result.",
        (
            target(),
            Param("method", "string", "the method's name", required=True),
            Param("args", "array", "its arguments, converted to its parameters' types", default=[]),
        ),
        answer="MethodAnswer",
        effect="writes",
    ),
    Command(
        "get_signals",
        "A node's signals and what is connected to them.",
        (target(),),
        answer="SignalsAnswer",
        effect="reads",
    ),
    Command(
        "get_state",
        "The game's own state, as the game registered it.",
        (),
        answer="Any",
        effect="reads",
    ),
    Command(
        "get_setting",
        "A project setting as the running game sees it, and whether the game changed it since "
        "launch.",
        (
            Param(
                "name",
                "string",
                "the setting's path, such as display/window/size/viewport_width",
                required=True,
            ),
        ),
        answer="SettingAnswer",
        effect="reads",
    ),
    Command(
        "get_events",
        "The events (signals) that fired since the last look.",
        (),
        answer="EventsAnswer",
        effect="reads",
    ),
    Command(
        "list_actions",
        "The game's controls (its input actions and their bindings), what can be pressed or "
        "filled now, and the commands.",
        (),
        answer="ListActionsAnswer",
        effect="reads",
    ),
    Command(
        "snapshot",
        "What a player sees: one line per element, a ref (e3) on what can be acted on, kept for "
        "as long as its node lives.",
        (
            Param(
                "interactive",
                "boolean",
                "only what can be acted on (and its ancestors unless compact)",
                default=False,
            ),
            Param("compact", "boolean", "leave out unnamed wrappers", default=False),
            Param(
                "all",
                "boolean",
                "also what a player cannot see or act on (timers, sounds, shapes, cameras)",
                default=False,
            ),
            Param("max_depth", "integer", "levels below root", minimum=0),
            Param("root", "string", "the node to start from", default="/root"),
            Param(
                "since",
                "integer",
                "a tree_version seen before: answer only 'unchanged' while the tree is there",
                minimum=0,
            ),
        ),
        answer="SnapshotAnswer",
        effect="reads",
    ),
    # --- acting as a player ---
    Command(
        "click",
        "Click a target (or a point x, y) with the mouse, through the engine's input.",
        (
            target(required=False),
            _point("x"),
            _point("y"),
            Param(
                "button", "string", "the mouse button", default="left", enum=get_args(MouseButton)
            ),
            Param("double", "boolean", "a double click", default=False),
            *ACTION_OPTIONS,
        ),
        answer="ClickAnswer",
        effect="plays",
    ),
    Command(
        "hover",
        "Move the mouse over a target (or a point x, y).",
        (target(required=False), _point("x"), _point("y"), *ACTION_OPTIONS),
        answer="ClickAnswer",
        effect="plays",
    ),
    Command(
        "press",
        "Press a button through its own input handling, as the keyboard's accept key would.",
        (target(), *ACTION_OPTIONS),
        answer="PressAnswer",
        effect="plays",
    ),
    Command(
        "fill",
        "Replace a text field's text, as typing would.",
        (
            target(),
            Param("value", "string", "the new text", required=True),
            Param("submit", "boolean", "then submit it, as Enter would", default=False),
            *ACTION_OPTIONS,
        ),
        answer="FillAnswer",
        effect="plays",
    ),
    Command(
        "select",
        "Choose an entry of an option button, menu, item list, tab bar or tree by clicking it.",
        (
            target(),
            Param(
                "option",
                ("string", "integer"),
                "the entry's text (a tree row: its texts joined with /) or its index; left out "
                "when the target is the entry's own ref",
            ),
            *ACTION_OPTIONS,
        ),
        answer="SelectAnswer",
        effect="plays",
    ),
    Command(
        "set_value",
        "Set a slider, spin box or scroll bar (a number) or a color picker (a color), as a "
        "player's input would.",
        (
            target(),
            Param(
                "value",
                ("number", "string", "object"),
                'a number, or a color "#rrggbb[aa]" or {r, g, b, a}',
                required=True,
            ),
            *ACTION_OPTIONS,
        ),
        answer="SetValueAnswer",
        effect="plays",
    ),
    Command(
        "drag",
        "Press on one target or point, move to another and release there.",
        (
            Param("from", ("string", "object"), "a ref, a node path or {x, y}", required=True),
            Param("to", ("string", "object"), "a ref, a node path or {x, y}", required=True),
            Param(
                "button", "string", "the mouse button", default="left", enum=get_args(MouseButton)
            ),
            *ACTION_OPTIONS,
        ),
        answer="DragAnswer",
        effect="plays",
    ),
    Command(
        "input",
        "Send one input through the engine's input path: one of the game's input actions, a "
        "key, a mouse button, a joypad button or axis, typed text or wheel steps.",
        (
            Param("action", "string", "one of the game's input actions"),
            Param("key", "string", "a key's name: Enter, Escape, A, F5, Left"),
            MODIFIERS,
            INPUT_BUTTON,
            JOY_BUTTON,
            JOY_AXIS,
            AXIS_VALUE,
            Param("text", "string", "typed into the focused control"),
            Param("wheel", "integer", "wheel steps: + up, - down"),
            _point("x"),
            _point("y"),
            DEVICE,
            Param(
                "pressed",
                "boolean",
                "press (true) or release (false) only; left out: a tap",
            ),
            STRENGTH,
            *ACTION_OPTIONS,
        ),
        answer="InputAnswer",
        effect="plays",
    ),
    Command(
        "hold",
        "Press an input action, a key, a mouse button or a pad's button or axis for exactly N "
        "frames, then release it.",
        (
            Param("action", "string", "one of the game's input actions"),
            Param("key", "string", "a key's name: Space, A, Left"),
            MODIFIERS,
            INPUT_BUTTON,
            JOY_BUTTON,
            JOY_AXIS,
            AXIS_VALUE,
            DEVICE,
            Param(
                "frames",
                "integer",
                "how many frames the game sees it pressed",
                required=True,
                minimum=1,
                maximum=1_000_000,
            ),
            STRENGTH,
        ),
        answer="HoldAnswer",
        effect="plays",
    ),
    Command(
        "input_sequence",
        "Run an input timeline frame-exactly: each entry is pressed from its start frame for "
        "its frames; answers once the last is released.",
        (
            Param(
                "entries",
                "array",
                "{action|key|button|joy_button|joy_axis, start (frames from now), frames, "
                "strength, value, device}",
                required=True,
                items="object",
            ),
        ),
        answer="SequenceAnswer",
        effect="plays",
    ),
    # --- time ---
    Command(
        "wait",
        "Let the game run until N frames pass, it settles, or a condition holds.",
        (
            Param("frames", "integer", "this many frames", minimum=1, maximum=1_000_000),
            Param("settled", "boolean", "until nothing animates for quiet_frames frames"),
            Param(
                "quiet_frames",
                "integer",
                "frames in a row without animation that make it settled",
                default=2,
                minimum=1,
                maximum=1000,
            ),
            *CONDITION,
            Param(
                "timeout_ms",
                "integer",
                "game time in lockstep, wall time in realtime",
                default=5000,
                minimum=0,
                maximum=600_000,
            ),
        ),
        answer="WaitAnswer",
        effect="reads",
    ),
    Command(
        "pause",
        "Hold the game between requests (a lockstep game always is held).",
        (),
        answer="TimeInfo",
        effect="plays",
    ),
    Command(
        "resume",
        "Let the game run by itself, in real time, until pause.",
        (),
        answer="TimeInfo",
        effect="plays",
    ),
    Command(
        "step",
        "Advance a held game by exactly N frames (each 1/fps s of game time).",
        (Param("frames", "integer", "how many", default=1, minimum=1, maximum=1_000_000),),
        answer="StepAnswer",
        effect="plays",
    ),
    Command(
        "step_until",
        "Advance a held game frame by frame until a condition holds or max_frames pass.",
        (
            *CONDITION,
            Param(
                "max_frames",
                "integer",
                "stop after this many",
                default=600,
                minimum=1,
                maximum=1_000_000,
            ),
        ),
        answer="StepUntilAnswer",
        effect="plays",
    ),
    Command(
        "set_time_scale",
        "Speed game time up (> 1) or down (< 1).",
        (Param("scale", "number", "1 is normal speed", required=True, maximum=1000),),
        answer="TimeScaleAnswer",
        effect="writes",
    ),
    Command(
        "cancel",
        "Stop a request of this session that is still running (a long wait).",
        (Param("id", ("integer", "string"), "the running request's id", required=True),),
        answer="CancelAnswer",
        effect="plays",
        offered=False,
    ),
    Command(
        "change_scene",
        "Switch the current scene; answers once the new one is in the tree.",
        (Param("path", "string", "a res:// (or uid://) scene file", required=True),),
        answer="SceneAnswer",
        effect="writes",
    ),
    Command(
        "reset_game",
        "Put the game back as it was launched (autoloads, statics, settings, input map, the "
        "scene, input, time and seed) in milliseconds, without relaunching it.",
        (
            Param(
                "scene",
                "string",
                "a res:// scene to start on (default: the project's main scene)",
            ),
        ),
        answer="ResetAnswer",
        effect="writes",
    ),
    Command(
        "quit",
        "Quit the game once this is answered.",
        (Param("exit_code", "integer", "the game's exit code", default=0),),
        answer="QuitAnswer",
        effect="writes",
        offered=False,
    ),
    # --- the game world ---
    Command(
        "nearby",
        "The game entities near a node or a world point, nearest first: distance, direction, "
        "where on screen and in the world, refs.",
        (
            *WORLD_ORIGIN,
            Param("radius", "number", "only entities this close (world units)", minimum=0),
            Param("limit", "integer", "at most this many", default=20, minimum=1, maximum=500),
        ),
        answer="NearbyAnswer",
        effect="reads",
    ),
    Command(
        "raycast",
        "What a ray from a node or a world point hits first, cast in a direction or to a node "
        "or point.",
        (
            *WORLD_ORIGIN,
            Param("direction", "array", "[x, y] or [x, y, z]", items="number"),
            Param(
                "to", ("string", "array"), "a ref, a node path or a world position", items="number"
            ),
            Param("max_distance", "number", "the ray's length with direction", minimum=0),
            Param("areas", "boolean", "areas stop the ray too, not only bodies", default=True),
            Param("mask", "integer", "the collision layers it sees", minimum=0, maximum=2**32 - 1),
        ),
        answer="RaycastAnswer",
        effect="reads",
    ),
    Command(
        "digest",
        "A hash of the game's state (transforms, visibility, velocities, script variables), to "
        "compare two runs frame by frame.",
        (
            Param("root", "string", "only this subtree", default="/root"),
            Param("nodes", "boolean", "also each node's own hash (by_node)", default=False),
            Param("state", "boolean", "also what was hashed of each node (state)", default=False),
        ),
        answer="DigestAnswer",
        effect="reads",
    ),
    # --- health and pictures ---
    Command(
        "screenshot",
        "A PNG of the game (or of one node's rect) in the session's artifacts; needs rendering.",
        (
            target("only this node: a ref or a node path", required=False),
            Param("annotate", "boolean", "draw the latest snapshot's refs", default=False),
            Param("name", "string", "the file's name"),
            Param(
                "format",
                "string",
                "png, or rgba: the raw pixels, row by row",
                default="png",
                enum=get_args(ImageFormat),
            ),
            Param("hide_caret", "boolean", "draw text fields without their caret", default=False),
        ),
        answer="ScreenshotAnswer",
        effect="reads",
    ),
    Command(
        "metrics",
        "The engine's monitors: nodes, orphan nodes, objects, resources, memory, frame times.",
        (
            Param("orphans", "boolean", "also list the orphan nodes (leaks)", default=False),
            Param(
                "limit", "integer", "list at most this many", default=100, minimum=0, maximum=1000
            ),
        ),
        answer="MetricsAnswer",
        effect="reads",
    ),
    Command(
        "measure",
        "Time the next N frames one by one: process and physics time (and draw calls when "
        "rendering) per frame.",
        (
            Param("frames", "integer", "how many", required=True, minimum=1, maximum=100_000),
            Param(
                "timeout_ms",
                "integer",
                "how long they may take",
                default=60_000,
                minimum=0,
                maximum=600_000,
            ),
        ),
        answer="MeasureAnswer",
        effect="reads",
    ),
    Command(
        "measure_start",
        "Time every frame from now until measure_stop.",
        (),
        answer="MeasureStartAnswer",
        effect="reads",
        offered=False,
    ),
    Command(
        "measure_stop",
        "Stop timing: answers every frame since measure_start, as measure does.",
        (),
        answer="MeasureAnswer",
        effect="reads",
        offered=False,
    ),
    Command(
        "coverage",
        "The game's line and branch counters since launch, per script (launched with "
        "coverage; UNSUPPORTED otherwise).",
        (),
        answer="CoverageAnswer",
        effect="reads",
        offered=False,
    ),
    # --- replays (docs/REPLAY.md) ---
    Command(
        "record_start",
        "Record every input and request that acts on the game into a replay file.",
        (
            Param(
                "checkpoint_every",
                "integer",
                "frames between the digests written",
                default=30,
                minimum=1,
                maximum=100_000,
            ),
            Param(
                "annotate",
                "boolean",
                "also note what each click and key landed on (for codegen)",
                default=False,
            ),
        ),
        answer="RecordStartAnswer",
        effect="reads",
        offered=False,
    ),
    Command(
        "record_stop",
        "End the recording: the final digest is written; answers the file.",
        (),
        answer="RecordStopAnswer",
        effect="reads",
        offered=False,
    ),
    Command(
        "replay",
        "Play a chunk of a replay file into a held game, frame by frame, comparing digests.",
        (
            Param(
                "lines",
                "array",
                "the file's lines of the frames up to until",
                required=True,
                items="object",
            ),
            Param(
                "until",
                "integer",
                "the frame the chunk ends at",
                required=True,
                minimum=0,
                maximum=2**40,
            ),
            Param("final", "boolean", "the last chunk: frame until is played too", default=False),
            Param("check", "boolean", "stop at the first checkpoint that differs", default=False),
            Param("window", "array", "the recorded window size [w, h] (first chunk)"),
        ),
        answer="ReplayChunkAnswer",
        effect="plays",
        offered=False,
    ),
)

BY_NAME: dict[str, Command] = {command.name: command for command in COMMANDS}


def command(name: str) -> Command:
    return BY_NAME[name]


class Shortcut:
    """A front-end verb that is one command with some of its parameters (the same names):
    ``key`` is ``input`` with a key. Every front end that has one calls it the same."""

    __slots__ = ("command", "doc", "name", "params")

    def __init__(self, name: str, command: str, params: tuple[str, ...], doc: str) -> None:
        self.name = name
        self.command = command
        self.params = params
        self.doc = doc


SHORTCUTS: tuple[Shortcut, ...] = (
    Shortcut(
        "key",
        "input",
        ("key", "modifiers", "pressed", "settled", "snapshot", "timeout_ms"),
        "Press a key (Enter, Escape, A, F5, Left, ...) through the engine's input.",
    ),
    Shortcut(
        "gamepad",
        "input",
        (
            "joy_button",
            "joy_axis",
            "value",
            "device",
            "pressed",
            "strength",
            "settled",
            "snapshot",
            "timeout_ms",
        ),
        "Press a joypad button or push a stick or trigger, as a pad would.",
    ),
)
