"""The tools an AI agent calls through the MCP server, one step of play each: what each takes
(a JSON schema), what it says about itself (one line, and honest read-only / destructive
hints), and what it does with the running game. Nothing here knows MCP's wire format; the
server (``_mcp_server``) turns :class:`Result` into MCP content and errors into tool errors.

Actions answer with what changed: their events, the nodes added and removed, and the screen
after (a compact interactive snapshot, or "unchanged" when the tree did not move since the
agent last saw it), so one call is one step.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from agent_client.client.client import AgentClient
from agent_client.presentation.effects import effects_text, events_text
from agent_client.presentation.errors import UsageError, error_code, sentence
from agent_client.presentation.health import describe_metrics
from agent_client.presentation.world import controls_text, nearby_text, ray_text
from agent_client.wire.protocol import target_args

if TYPE_CHECKING:
    from agent_client.wire.answers import CommandInfo

# What the screen looks like to an agent after each step (and in `snapshot` by default).
STEP_VIEW = {"interactive": True, "compact": True}

# Next steps for the codes an agent meets, appended to every error it gets.
NEXT_STEP = {
    "STALE_REF": "take a new snapshot and use the refs it shows.",
    "NOT_INTERACTABLE": "deal with what the sentence names: close the dialog or popup in the "
    "way (key Escape, or click its button), wait until it is enabled, or unpause the game as a "
    "player would (its pause menu).",
    "NOT_FOUND": "pick one of the names the sentence lists, or take a snapshot to see what "
    "is there.",
    "INVALID_ARGS": "fix the arguments the sentence names (the tool's schema lists them).",
    "TIMEOUT": "take a snapshot to see where the game is; wait longer if it is still busy.",
    "UNSUPPORTED": "this needs something else: screenshots need launch with render: true.",
    "UNKNOWN_COMMAND": "list the tools to see what exists.",
    "INTERNAL": "the game's own code failed: get_events shows the engine_error with its message.",
    "CANCELLED": "the request was cancelled; run it again if it is still wanted.",
    "NO_SESSION": "call launch with the game's project folder first.",
    "GAME_EXITED": "the game is gone: call launch again (the log tail above says why).",
}


@dataclass
class Result:
    """What a tool answers: text, and a PNG when it took a picture."""

    text: str
    png: bytes | None = None
    tools_changed: bool = False


@dataclass
class Tool:
    name: str
    description: str
    schema: dict[str, Any]
    run: Callable[[dict[str, Any]], Result]
    read_only: bool = False
    destructive: bool = False
    writes: bool = False  # left out with --read-only


def explain(error: Exception) -> tuple[str, str]:
    """(code, "CODE: sentence Next: ...") for an error a tool met."""
    code = error_code(error, default="INTERNAL")
    hint = NEXT_STEP.get(code)
    return code, f"{code}: {sentence(error)}" + (f"\nNext: {hint}" if hint else "")


def _schema(properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


TARGET = {
    "type": "string",
    "description": "a ref from the snapshot (e3 or @e3) or a node path (/root/...)",
}
SETTLED = {
    "type": "boolean",
    "default": False,
    "description": "answer only once animations and scene changes are done",
}
POINT = {"type": "number", "description": "screen x (instead of target), with y"}
WORLD_POINT = {
    "type": "array",
    "items": {"type": "number"},
    "minItems": 2,
    "maxItems": 3,
    "description": "a world position or vector [x, y] or [x, y, z]",
}
PRESSED = {
    "type": "boolean",
    "description": "hold (true) or release (false) only; left out: a tap",
}


@dataclass
class Play:
    """The game this server drives (launched here, or attached to a CLI session) and what
    the agent last saw of it."""

    read_only: bool = False
    game: AgentClient | None = None
    tree_version: int | None = None
    game_commands: list[CommandInfo] = field(default_factory=list)

    # --- the session ----------------------------------------------------------------------------

    def current(self) -> AgentClient:
        if self.game is None or self.game.closed:
            raise UsageError("NO_SESSION", "No game is running.")
        return self.game

    def close(self) -> None:
        """Quit a game this server launched (an attached one keeps running)."""
        if self.game is not None:
            self.game.close()
        self.game = None
        self.tree_version = None
        self.game_commands = []

    def launch(self, args: dict[str, Any]) -> Result:
        self.close()
        try:
            self.game = AgentClient.launch(
                Path(args["project"]).expanduser(),
                scene=args.get("scene"),
                render=args.get("render", False),
                realtime=args.get("realtime", False),
                fps=args.get("fps", args.get("fixed_fps", 60)),
                seed=args.get("seed", 0),
                install=args.get("install", False),
                user_data=args.get("user_data"),
                own_user_data=args.get("own_user_data", False),
            )
        except ValueError as error:  # options that do not go together
            raise UsageError("INVALID_ARGS", str(error)) from None
        return self._arrived("launched")

    def attach(self, args: dict[str, Any]) -> Result:
        from agent_client.engine.sessions import session_dir

        self.close()
        self.game = AgentClient.attach(session_dir(args["session"]))
        return self._arrived("attached to")

    def _arrived(self, how: str) -> Result:
        game = self.current()
        info = game.hello(schemas=True)
        self.game_commands = [c for c in info["commands"] if c.get("source", "bridge") == "game"]
        view = self._screen(game.snapshot(interactive=True, compact=True))
        return Result(
            f"{how} {info.get('game') or 'the game'} ({info['engine']} "
            f"{info['engine_version']}); its own commands are tools named game_*.\n{view}",
            tools_changed=True,
        )

    def doctor(self, args: dict[str, Any]) -> Result:
        """The invariants checked on a game (two launches of its own, not this server's)."""
        from agent_client.doctor import examine

        report = examine(
            Path(args["project"]).expanduser(),
            frames=args.get("frames", 300),
            seed=args.get("seed", 0),
            install=args.get("install", False),
        )
        return Result(report.text())

    def stop(self, _args: dict[str, Any]) -> Result:
        had = self.game is not None
        self.close()
        return Result("stopped the game" if had else "no game was running", tools_changed=had)

    def sessions(self, _args: dict[str, Any]) -> Result:
        from agent_client.engine.sessions import read_index

        lines = [f"this server: {self.game.session_dir}" if self.game else "this server: none"]
        for name, info in read_index()["sessions"].items():
            lines.append(f"{name}: {info.get('project')} ({info.get('dir')})")
        return Result("\n".join(lines))

    # --- seeing ---------------------------------------------------------------------------------

    def snapshot(self, args: dict[str, Any]) -> Result:
        options = {key: value for key, value in args.items() if value is not None}
        if "depth" in options:
            options["max_depth"] = options.pop("depth")
        options.setdefault("interactive", True)
        options.setdefault("compact", True)
        return Result(self._screen(self.current().snapshot(**options)))

    def get_tree(self, args: dict[str, Any]) -> Result:
        tree = self.current().get_tree(
            args.get("root", "/root"), max_depth=args.get("depth", 3), fields=args.get("fields")
        )
        return Result(orjson.dumps(tree, option=orjson.OPT_INDENT_2).decode())

    def get_node(self, args: dict[str, Any]) -> Result:
        return Result(_json(self.current().get_node(args["target"])))

    def get_property(self, args: dict[str, Any]) -> Result:
        return Result(_json(self.current().get_property(args["target"], args["property"])))

    def get_events(self, _args: dict[str, Any]) -> Result:
        events = self.current().get_events()
        return Result(events_text(events, "no events since the last look"))

    def actions(self, _args: dict[str, Any]) -> Result:
        return Result(controls_text(self.current().list_actions()))

    def nearby(self, args: dict[str, Any]) -> Result:
        found = self.current().nearby(
            args.get("target"),
            point=args.get("point"),
            radius=args.get("radius"),
            limit=args.get("limit", 20),
        )
        return Result(nearby_text(found))

    def raycast(self, args: dict[str, Any]) -> Result:
        ray = self.current().raycast(
            args.get("target"),
            point=args.get("point"),
            direction=args.get("direction"),
            to=args.get("to"),
            max_distance=args.get("max_distance"),
            areas=args.get("areas", True),
        )
        return Result(ray_text(ray))

    def screenshot(self, args: dict[str, Any]) -> Result:
        shot = self.current().screenshot(args.get("target"), annotate=args.get("annotate", False))
        picture = Path(shot["path"]).read_bytes()
        return Result(f"{shot['width']}x{shot['height']} PNG ({shot['path']})", png=picture)

    def metrics(self, args: dict[str, Any]) -> Result:
        data = self.current().metrics(orphans=bool(args.get("orphans", False)))
        return Result(describe_metrics(data))

    def measure(self, args: dict[str, Any]) -> Result:
        return Result(str(self.current().measure(int(args.get("frames", 60)))))

    # --- acting ---------------------------------------------------------------------------------

    def act(self, cmd: str, args: dict[str, Any]) -> Result:
        """Runs an action command and answers with its effects and the screen after it."""
        game = self.current()
        options: dict[str, Any] = {"snapshot": {**STEP_VIEW, **self._since()}}
        if args.pop("settled", False):
            options["settled"] = True
        wire = _wire_args(cmd, args)
        data = dict(game.request(cmd, {**wire, **options}, timeout=_timeout(game, options)))
        events = game.connection.take_unread_events()
        screen = self._screen(data.pop("snapshot", None))
        return Result(effects_text(cmd, wire, data, events, screen))

    def game_command(self, name: str, args: dict[str, Any]) -> Result:
        return Result(_json(self.current().request(name, args)))

    def call(self, cmd: str, args: dict[str, Any]) -> Result:
        """A command answered as JSON (targets may be refs)."""
        return Result(_json(self.current().request(cmd, _wire_args(cmd, args))))

    # --- waiting and time -----------------------------------------------------------------------

    def wait(self, args: dict[str, Any]) -> Result:
        game = self.current()
        seconds = float(args.get("timeout", 5))
        if args.get("event"):
            event = game.wait_for_event(args["event"], timeout=seconds)
            return Result(events_text([event], ""))
        if args.get("text") or args.get("node"):
            shown = args.get("text") or args["node"]
            locator = game.get_by_text(shown) if args.get("text") else game.locator(shown)
            locator.first.wait_for(state="visible", timeout=seconds)
            return Result(f"{shown!r} is on screen ({locator.first.path()})")
        condition: dict[str, Any] = (
            {"frames": args["frames"]} if args.get("frames") else {"settled": True}
        )
        data = game.request(
            "wait",
            {**condition, "timeout_ms": int(seconds * 1000)},
            timeout=game.connection.timeout_for_wait(seconds * 1000),
        )
        return Result(f"waited {data['frames_waited']} frames")

    def time(self, cmd: str, args: dict[str, Any]) -> Result:
        game = self.current()
        frames = int(args.get("frames", args.get("max_frames", 1)))
        data = game.request(
            cmd, args, timeout=game.connection.timeout_for_wait(frames * 1000 / game.fps)
        )
        state = "held" if data["held"] else "running"
        extra = ""
        if "met" in data:
            extra = f"; condition {'met' if data['met'] else 'not met'} after {data['frames']}"
        elif "stepped" in data:
            extra = f"; stepped {data['stepped']}"
        return Result(f"{state} at frame {data['frame']}{extra}")

    def hold(self, args: dict[str, Any]) -> Result:
        game = self.current()
        data = game.hold(**args)
        return Result(
            f"held {data['held']} for {data['frames']} frames, now at frame {game.last_frame}"
        )

    def input_sequence(self, args: dict[str, Any]) -> Result:
        game = self.current()
        data = game.input_sequence(args["entries"])
        return Result(
            f"ran {data['entries']} inputs over {data['frames']} frames, now at "
            f"frame {game.last_frame}"
        )

    def reset(self, args: dict[str, Any]) -> Result:
        data = self.current().reset_game(args.get("scene"))
        self.tree_version = None
        return self._arrived(f"reset to {data['scene']} at frame 0:")

    def digest(self, args: dict[str, Any]) -> Result:
        data = self.current().digest(args.get("root", "/root"), nodes=args.get("nodes", False))
        lines = [f"{data['digest']} at frame {data['frame']} ({data['count']} nodes)"]
        lines += [f"  {value} {path}" for path, value in (data.get("by_node") or {}).items()]
        return Result("\n".join(lines))

    # --- helpers --------------------------------------------------------------------------------

    def _since(self) -> dict[str, Any]:
        return {} if self.tree_version is None else {"since": self.tree_version}

    def _screen(self, snapshot: Mapping[str, Any] | None) -> str:
        if not snapshot:
            return ""
        version = snapshot.get("tree_version")
        if version is not None:
            self.tree_version = int(version)
        if snapshot.get("unchanged"):
            return f"screen: unchanged (tree_version {version})"
        return f"screen (tree_version {version}):\n{snapshot['text']}"


def _timeout(game: AgentClient, options: dict[str, Any]) -> float | None:
    return game.connection.timeout_for_wait(5000) if options.get("settled") else None


def _wire_args(cmd: str, args: dict[str, Any]) -> dict[str, Any]:
    """Tool arguments as the command's wire arguments: ``target`` becomes path or ref."""
    wire = {key: value for key, value in args.items() if value is not None}
    target = wire.pop("target", None)
    if target is not None:
        wire.update(target_args(str(target)))
    if cmd == "fill" and "text" in wire:
        wire["value"] = wire.pop("text")
    if cmd == "drag":
        wire = {key: _drag_end(value) for key, value in wire.items()}
    return wire


def _pad_args(args: dict[str, Any]) -> dict[str, Any]:
    """The gamepad tool's arguments as ``input``'s: ``joy_button`` or ``joy_axis`` (+ value)."""
    wire = {key: value for key, value in args.items() if key not in ("button", "axis", "value")}
    if "button" in args:
        wire["joy_button"] = args["button"]
    if "axis" in args:
        wire.update(joy_axis=args["axis"], value=args.get("value", 1))
    return wire


def _drag_end(value: Any) -> Any:
    """A drag end as the bridge takes it: a ref without @, a path, or {x, y}."""
    return value.removeprefix("@") if isinstance(value, str) else value


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


def png_base64(picture: bytes) -> str:
    return base64.b64encode(picture).decode()


def build_tools(play: Play) -> list[Tool]:
    """Every tool, the game's own commands included (``game_<name>``), minus the tools that
    change the game's state directly when ``play.read_only``."""

    def action(name: str, cmd: str, text: str, props: dict[str, Any], *req: str) -> Tool:
        return Tool(
            name,
            text + " Answers with the events, the changes and the screen after.",
            _schema({**props, "settled": SETTLED}, req),
            lambda a: play.act(cmd, dict(a)),
        )

    tools = [
        Tool(
            "launch",
            "Start a Godot game headless with its bridge (render: true for screenshots). "
            "Game time is yours (lockstep): the game runs only while a step needs it.",
            _schema(
                {
                    "project": {"type": "string", "description": "folder with project.godot"},
                    "scene": {"type": "string", "description": "a res:// scene to start in"},
                    "render": {"type": "boolean", "default": False},
                    "realtime": {
                        "type": "boolean",
                        "default": False,
                        "description": "let the game run by itself in real time",
                    },
                    "fixed_fps": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 60},
                    "seed": {"type": "integer", "default": 0},
                    "install": {
                        "type": "boolean",
                        "default": False,
                        "description": "copy the bridge addon into the project first",
                    },
                    "user_data": {
                        "type": "string",
                        "description": "a folder the game's user:// starts as a copy of "
                        "(default: empty; either way the launch's own, never the person's)",
                    },
                    "own_user_data": {
                        "type": "boolean",
                        "default": False,
                        "description": "let the game use the person's own user:// folder",
                    },
                },
                ("project",),
            ),
            play.launch,
        ),
        Tool(
            "attach",
            "Drive a game the command line started (agent-bridge start): a session name.",
            _schema({"session": {"type": "string"}}, ("session",)),
            play.attach,
        ),
        Tool(
            "stop", "Quit the game this server started.", _schema({}), play.stop, destructive=True
        ),
        Tool("sessions", "List the running games.", _schema({}), play.sessions, read_only=True),
        Tool(
            "doctor",
            "Check a Godot game: it answers, reading changes nothing, two launches repeat, a "
            "reset gives the launched game, errors arrive as events, stopping leaves nothing. "
            "One verdict a line; every difference with its node, field and likely cause.",
            _schema(
                {
                    "project": {"type": "string", "description": "folder with project.godot"},
                    "frames": {"type": "integer", "minimum": 1, "default": 300},
                    "seed": {"type": "integer", "default": 0},
                    "install": {
                        "type": "boolean",
                        "default": False,
                        "description": "copy the bridge addon into the project first",
                    },
                },
                ("project",),
            ),
            play.doctor,
            read_only=True,
        ),
        Tool(
            "snapshot",
            "What a player sees: one line per element, refs (e3) for what can be acted on.",
            _schema(
                {
                    "interactive": {"type": "boolean", "default": True},
                    "compact": {"type": "boolean", "default": True},
                    "all": {
                        "type": "boolean",
                        "default": False,
                        "description": "also timers, sounds, shapes, cameras",
                    },
                    "root": {"type": "string", "description": "a node path to start from"},
                    "depth": {"type": "integer", "minimum": 0},
                    "since": {"type": "integer", "description": "a tree_version seen before"},
                }
            ),
            play.snapshot,
            read_only=True,
        ),
        action(
            "click",
            "click",
            "Click a target (or a point x, y) with the mouse.",
            {
                "target": TARGET,
                "x": POINT,
                "y": POINT,
                "button": {"type": "string", "enum": ["left", "right", "middle"]},
                "double": {"type": "boolean"},
            },
        ),
        action(
            "hover",
            "hover",
            "Move the mouse over a target (or a point x, y).",
            {"target": TARGET, "x": POINT, "y": POINT},
        ),
        action(
            "fill",
            "fill",
            "Replace a text field's text, as typing would.",
            {
                "target": TARGET,
                "text": {"type": "string"},
                "submit": {"type": "boolean", "description": "then press Enter"},
            },
            "target",
            "text",
        ),
        action(
            "press",
            "press",
            "Press a button through its own logic (as Enter would).",
            {"target": TARGET},
            "target",
        ),
        action(
            "select",
            "select",
            "Choose an entry of an option button, list, tab bar, tree "
            "or menu by its text or index.",
            {"target": TARGET, "option": {"type": ["string", "integer"]}},
            "target",
            "option",
        ),
        action(
            "set_value",
            "set_value",
            "Set a slider or spin box (a number) or a color picker (#rrggbb).",
            {"target": TARGET, "value": {"type": ["number", "string"]}},
            "target",
            "value",
        ),
        action(
            "drag",
            "drag",
            "Drag from one target or point {x, y} to another.",
            {"from": {"type": ["string", "object"]}, "to": {"type": ["string", "object"]}},
            "from",
            "to",
        ),
        action(
            "key",
            "input",
            "Press a key (Enter, Escape, A, F5, Left, ...).",
            {
                "key": {"type": "string"},
                "modifiers": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["ctrl", "shift", "alt", "meta"]},
                },
                "pressed": PRESSED,
            },
            "key",
        ),
        action(
            "input_action",
            "input",
            "Trigger one of the game's input actions (as its bound key or button would).",
            {
                "action": {"type": "string"},
                "pressed": PRESSED,
                "strength": {"type": "number", "minimum": 0, "maximum": 1},
            },
            "action",
        ),
        Tool(
            "gamepad",
            "Press a joypad button or push a stick or trigger axis, as a pad would: for games "
            "(or actions) played with a pad. Answers with the events, the changes and the "
            "screen after.",
            _schema(
                {
                    "button": {
                        "type": ["string", "integer"],
                        "description": "a, b, x, y, start, back, left_shoulder, dpad_up, ... "
                        "or an index",
                    },
                    "axis": {
                        "type": ["string", "integer"],
                        "description": "left_x, left_y, right_x, right_y, trigger_left, "
                        "trigger_right, or an index",
                    },
                    "value": {"type": "number", "minimum": -1, "maximum": 1, "default": 1},
                    "device": {"type": "integer", "minimum": 0, "maximum": 15, "default": 0},
                    "pressed": PRESSED,
                    "settled": SETTLED,
                }
            ),
            lambda a: play.act("input", _pad_args(a)),
        ),
        Tool(
            "actions",
            "The game's controls (its input actions and what each is bound to: keys, mouse "
            "buttons, pad buttons and sticks), what can be pressed or filled now, and the "
            "game's commands.",
            _schema({}),
            play.actions,
            read_only=True,
        ),
        Tool(
            "nearby",
            "The game entities near a node or a world point, nearest first: distance, "
            "direction, where on screen (at, offscreen, behind) and in the world (pos), refs.",
            _schema(
                {
                    "target": TARGET,
                    "point": WORLD_POINT,
                    "radius": {"type": "number", "minimum": 0},
                    "limit": {"type": "integer", "minimum": 1, "maximum": 500, "default": 20},
                }
            ),
            play.nearby,
            read_only=True,
        ),
        Tool(
            "raycast",
            "What a ray from a node or a world point hits first, cast in a direction or to a "
            "node or point (then: whether that node is in sight).",
            _schema(
                {
                    "target": TARGET,
                    "point": WORLD_POINT,
                    "direction": WORLD_POINT,
                    "to": {
                        "type": ["string", "array"],
                        "items": {"type": "number"},
                        "description": "a ref, a node path, or a world position",
                    },
                    "max_distance": {"type": "number", "minimum": 0},
                    "areas": {"type": "boolean", "default": True},
                }
            ),
            play.raycast,
            read_only=True,
        ),
        Tool(
            "wait",
            "Wait until the game settles, N frames pass, an event comes or a text or node "
            "shows; the game runs meanwhile (timeout: game seconds).",
            _schema(
                {
                    "settled": {"type": "boolean"},
                    "frames": {"type": "integer", "minimum": 1},
                    "event": {"type": "string"},
                    "text": {"type": "string"},
                    "node": {"type": "string", "description": "a selector or path"},
                    "timeout": {
                        "type": "number",
                        "default": 5,
                        "description": "game seconds",
                    },
                }
            ),
            play.wait,
            read_only=True,
        ),
        Tool(
            "get_events",
            "The events (signals) that fired since the last look.",
            _schema({}),
            play.get_events,
            read_only=True,
        ),
        Tool(
            "screenshot",
            "A picture of the game (it must run with render: true); annotate marks the refs.",
            _schema({"target": TARGET, "annotate": {"type": "boolean", "default": False}}),
            play.screenshot,
            read_only=True,
        ),
        Tool(
            "get_tree",
            "The raw scene tree below a node, as JSON; `fields` keeps only those of each node "
            "(such as name, role, label, path) for a smaller answer.",
            _schema(
                {
                    "root": {"type": "string", "default": "/root"},
                    "depth": {"type": "integer", "minimum": 0, "default": 3},
                    "fields": {"type": "array", "items": {"type": "string"}},
                }
            ),
            play.get_tree,
            read_only=True,
        ),
        Tool(
            "get_node",
            "One node in detail: its fields, children and property types.",
            _schema({"target": TARGET}, ("target",)),
            play.get_node,
            read_only=True,
        ),
        Tool(
            "get_property",
            "Read any property of a node.",
            _schema({"target": TARGET, "property": {"type": "string"}}, ("target", "property")),
            play.get_property,
            read_only=True,
        ),
        Tool(
            "metrics",
            "The engine's monitors: nodes, orphan nodes (out of the tree, never freed: a leak), "
            "objects, resources, memory; `orphans` lists each leaked branch by type and path.",
            _schema({"orphans": {"type": "boolean", "default": False}}),
            play.metrics,
            read_only=True,
        ),
        Tool(
            "measure",
            "Time the next N frames one by one: the game's process and physics time per frame "
            "(p50, p95, max) and, when it renders, its draw calls.",
            _schema(
                {"frames": {"type": "integer", "minimum": 1, "maximum": 100000, "default": 60}}
            ),
            play.measure,
            read_only=True,
        ),
        Tool(
            "pause",
            "Hold the game between steps (a lockstep game, the default, always is held).",
            _schema({}),
            lambda a: play.time("pause", a),
        ),
        Tool(
            "resume",
            "Let the game run by itself in real time until pause.",
            _schema({}),
            lambda a: play.time("resume", a),
        ),
        Tool(
            "step",
            "Advance a held game by exactly N frames (each 1/60 s of game time).",
            _schema({"frames": {"type": "integer", "minimum": 1, "default": 1}}),
            lambda a: play.time("step", a),
        ),
        Tool(
            "hold",
            "Press an input action, a key or a mouse button for exactly N frames, then "
            "release it (how a player moves, jumps or fires).",
            _schema(
                {
                    "action": {"type": "string", "description": "an input action"},
                    "key": {"type": "string", "description": "a key name: Space, A, Left"},
                    "button": {"type": "string", "enum": ["left", "right", "middle"]},
                    "frames": {"type": "integer", "minimum": 1},
                    "strength": {"type": "number", "minimum": 0, "maximum": 1, "default": 1},
                },
                ("frames",),
            ),
            play.hold,
        ),
        Tool(
            "input_sequence",
            "Run an input timeline frame-exactly: entries of {action|key|button, start "
            "(frames from now), frames, strength}.",
            _schema({"entries": {"type": "array", "items": {"type": "object"}}}, ("entries",)),
            play.input_sequence,
        ),
        Tool(
            "digest",
            "A hash of the game's state now (transforms, visibility, velocities, script "
            "variables): compare two runs frame by frame; nodes: true hashes each node too.",
            _schema(
                {
                    "root": {"type": "string", "default": "/root"},
                    "nodes": {"type": "boolean", "default": False},
                }
            ),
            play.digest,
            read_only=True,
        ),
        Tool(
            "step_until",
            "Advance a held game frame by frame until an event comes, a node appears or "
            "goes, a property compares true or a text shows.",
            _schema(
                {
                    "event": {"type": "string"},
                    "node": {"type": "string"},
                    "present": {"type": "boolean"},
                    "property": {"type": "string"},
                    "op": {"type": "string", "enum": ["==", "!=", "<", "<=", ">", ">="]},
                    "value": {},
                    "text": {"type": "string"},
                    "max_frames": {"type": "integer", "minimum": 1, "default": 600},
                }
            ),
            lambda a: play.time("step_until", a),
        ),
    ]
    writes = [
        Tool(
            "set_property",
            "Set any property of a node (the value is converted to its type).",
            _schema(
                {"target": TARGET, "property": {"type": "string"}, "value": {}},
                ("target", "property", "value"),
            ),
            lambda a: play.call("set_property", dict(a)),
            destructive=True,
            writes=True,
        ),
        Tool(
            "call_method",
            "Call a method of a node.",
            _schema(
                {
                    "target": TARGET,
                    "method": {"type": "string"},
                    "args": {"type": "array", "default": []},
                },
                ("target", "method"),
            ),
            lambda a: play.call("call_method", dict(a)),
            destructive=True,
            writes=True,
        ),
        Tool(
            "reset",
            "Put the game back as it was launched (autoloads, statics, settings, the scene, "
            "input, time, seed) in milliseconds, without relaunching it.",
            _schema({"scene": {"type": "string", "description": "a res:// scene to start on"}}),
            play.reset,
            destructive=True,
            writes=True,
        ),
        Tool(
            "change_scene",
            "Switch to another scene (a res:// path).",
            _schema({"path": {"type": "string"}}, ("path",)),
            lambda a: play.call("change_scene", dict(a)),
            destructive=True,
            writes=True,
        ),
    ]
    writes += [_game_tool(play, command) for command in play.game_commands]
    return tools + ([] if play.read_only else writes)


def _game_tool(play: Play, command: CommandInfo) -> Tool:
    """A tool for a command the game registered, with the schema it published."""
    name = str(command["name"])

    def run(args: dict[str, Any]) -> Result:
        return play.game_command(name, dict(args))

    return Tool(
        f"game_{name}",
        (command.get("description") or f"The game's own command {name}.")
        + " (registered by the game)",
        dict(command.get("args_schema") or _schema({})),
        run,
        destructive=True,
        writes=True,
    )
