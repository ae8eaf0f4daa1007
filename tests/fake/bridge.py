"""A bridge written in Python: the protocol of docs/PROTOCOL.md over a synthetic scene, so the
client, locators, expectations, the command line and the pytest plugin are tested without an
engine. It passes the golden fixtures (tests/unit/test_fake_bridge.py), which keeps it honest
to the contract the real bridges implement.

It is a model, not an engine: game time is lockstep (frames pass only for a request that
needs them: ``wait``, ``step``, ``hold``, settling, and one for each action), the mouse hits
the top-most control under the pointer, and the game's script reactions are the few the
fixture game has (the Play button counts plays and emits ``played``).
"""

from __future__ import annotations

import difflib
import re
import threading
from collections.abc import Callable
from typing import Any

import orjson

from agent_client.wire.protocol import ID_AT_START
from tests.fake import snapshot, world
from tests.fake.scene import MAIN_SCENE, MOUSE_IGNORED, SCENES, FakeNode

GAME_NAME = "AgentBridge fixture"
Data = dict[str, Any]


class Failure(Exception):
    """A command's failure: becomes ``{"ok": false, "code", "error"}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --- argument schemas (the subset of JSON Schema the bridges use) -----------------------------

# The caps of docs/PROTOCOL.md: the longest line read, the longest wait, the most frames.
MAX_LINE_BYTES = 1_048_576
MAX_DEPTH = 64
MAX_TIMEOUT_MS = 600_000
MAX_FRAMES = 1_000_000
FAR = 1e6

TARGET = {"path": {"type": "string"}, "ref": {"type": "string"}}
POINT = {
    "x": {"type": "number", "minimum": -FAR, "maximum": FAR},
    "y": {"type": "number", "minimum": -FAR, "maximum": FAR},
}
CONDITION = {
    "event": {"type": "string"},
    "after": {"type": "integer", "minimum": 0},
    "node": {"type": "string"},
    "present": {"type": "boolean"},
    "property": {"type": "string"},
    "op": {"type": "string"},
    "value": {},
    "text": {"type": "string"},
}
INPUT = {
    "action": {"type": "string"},
    "key": {"type": "string"},
    "button": {"type": "string"},
    "strength": {"type": "number", "minimum": 0, "maximum": 1},
}
FPS = 60
# The input actions of the fake game's InputMap: none (only the engine's ui_* ones).
ACTIONS: tuple[str, ...] = ()
ACTION = {
    "settled": {"type": "boolean"},
    "snapshot": {},
    "timeout_ms": {"type": "integer", "minimum": 0, "maximum": MAX_TIMEOUT_MS},
}


def schema(properties: dict[str, Any], *required: str) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
    }


SCHEMAS: dict[str, dict[str, Any]] = {
    "hello": schema({"schemas": {"type": "boolean"}}),
    "get_tree": schema(
        {"root": {"type": "string"}, "max_depth": {"type": "integer"}, "fields": {"type": "array"}}
    ),
    "get_node": schema(TARGET),
    "get_property": schema({**TARGET, "property": {"type": "string"}}, "property"),
    "set_property": schema(
        {**TARGET, "property": {"type": "string"}, "value": {}}, "property", "value"
    ),
    "call_method": schema(
        {**TARGET, "method": {"type": "string"}, "args": {"type": "array"}}, "method"
    ),
    "press": schema({**TARGET, **ACTION}),
    "fill": schema(
        {**TARGET, "value": {"type": "string"}, "submit": {"type": "boolean"}, **ACTION}, "value"
    ),
    "click": schema(
        {**TARGET, **POINT, "button": {"type": "string"}, "double": {"type": "boolean"}, **ACTION}
    ),
    "hover": schema({**TARGET, **POINT, **ACTION}),
    "drag": schema({"from": {}, "to": {}, "button": {"type": "string"}, **ACTION}, "from", "to"),
    "wait": schema(
        {
            **CONDITION,
            "frames": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES},
            "settled": {"type": "boolean"},
            "quiet_frames": {"type": "integer", "minimum": 1, "maximum": 1000},
            "timeout_ms": {"type": "integer", "minimum": 0, "maximum": MAX_TIMEOUT_MS},
        }
    ),
    "cancel": schema({"id": {}}, "id"),
    "pause": schema({}),
    "resume": schema({}),
    "step": schema({"frames": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES}}),
    "step_until": schema(
        {**CONDITION, "max_frames": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES}}
    ),
    "hold": schema({**INPUT, "frames": {"type": "integer", "minimum": 1, "maximum": MAX_FRAMES}}),
    "input_sequence": schema({"entries": {"type": "array"}}, "entries"),
    "digest": schema({"root": {"type": "string"}, "nodes": {"type": "boolean"}}),
    "get_events": schema({}),
    "list_actions": schema({}),
    "get_state": schema({}),
    "change_scene": schema({"path": {"type": "string"}}, "path"),
    "snapshot": schema(
        {
            "interactive": {"type": "boolean"},
            "compact": {"type": "boolean"},
            "max_depth": {"type": "integer"},
            "root": {"type": "string"},
            "all": {"type": "boolean"},
            "since": {"type": "integer", "minimum": 0},
        }
    ),
    "screenshot": schema({**TARGET, "annotate": {"type": "boolean"}, "name": {"type": "string"}}),
    "quit": schema({"exit_code": {"type": "integer"}}),
    "metrics": schema({"orphans": {"type": "boolean"}, "limit": {"type": "integer", "minimum": 0}}),
    "measure": schema(
        {
            "frames": {"type": "integer", "minimum": 1, "maximum": 100_000},
            "timeout_ms": {"type": "integer", "minimum": 0, "maximum": MAX_TIMEOUT_MS},
        },
        "frames",
    ),
    "measure_start": schema({}),
    "measure_stop": schema({}),
    "select": schema({**TARGET, "option": {}, **ACTION}),
    "input": schema(
        {
            "action": {"type": "string"},
            "key": {"type": "string"},
            "modifiers": {"type": "array"},
            "button": {"type": "string"},
            "joy_button": {},
            "joy_axis": {},
            "value": {"type": "number", "minimum": -1, "maximum": 1},
            "device": {"type": "integer", "minimum": 0, "maximum": 15},
            "strength": {"type": "number", "minimum": 0, "maximum": 1},
            "text": {"type": "string"},
            "wheel": {"type": "integer"},
            "pressed": {"type": "boolean"},
            **POINT,
            **ACTION,
        }
    ),
    "nearby": schema(
        {
            **TARGET,
            "point": {},
            "radius": {"type": "number", "minimum": 0},
            "limit": {"type": "integer", "minimum": 1, "maximum": 500},
        }
    ),
    "raycast": schema(
        {
            **TARGET,
            "point": {},
            "direction": {},
            "to": {},
            "max_distance": {"type": "number", "minimum": 0},
            "areas": {"type": "boolean"},
            "mask": {"type": "integer", "minimum": 0},
        }
    ),
    "set_value": schema({**TARGET, "value": {}, **ACTION}, "value"),
}
RANGES = ("HSlider", "VSlider", "SpinBox", "HScrollBar", "VScrollBar")
GAME_SCHEMAS = {
    "spawn": schema({"name": {"type": "string"}}, "name"),
    "animate": schema({"frames": {"type": "integer"}}, "frames"),
}
JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda value: isinstance(value, str),
    "integer": lambda value: (
        (isinstance(value, int) and not isinstance(value, bool))
        or (isinstance(value, float) and value.is_integer())
    ),
    "number": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "boolean": lambda value: isinstance(value, bool),
    "array": lambda value: isinstance(value, list),
    "object": lambda value: isinstance(value, dict),
}


def validate(cmd: str, args: Data, rules: dict[str, Any]) -> None:
    """Raises:
    Failure: INVALID_ARGS for an unknown, missing or wrongly typed argument.
    """
    properties = rules["properties"]
    for key, value in args.items():
        if key not in properties:
            raise Failure(
                "INVALID_ARGS",
                f"{cmd}: unknown argument '{key}' (takes: {', '.join(properties) or 'none'}).",
            )
        wanted = properties[key].get("type")
        if wanted and not JSON_TYPES[wanted](value):
            raise Failure(
                "INVALID_ARGS",
                f"{cmd}: argument '{key}' must be {wanted}, got {type(value).__name__}.",
            )
        low, high = properties[key].get("minimum"), properties[key].get("maximum")
        if JSON_TYPES["number"](value) and (
            (low is not None and value < low) or (high is not None and value > high)
        ):
            raise Failure("INVALID_ARGS", f"{cmd}: argument '{key}' is out of its range.")
    for key in rules["required"]:
        if key not in args:
            raise Failure("INVALID_ARGS", f"{cmd}: argument '{key}' is required.")


# --- the bridge ---------------------------------------------------------------------------------


class FakeBridge:
    """Answers request lines as a bridge would; thread-safe, so several clients may share it.

    ``lines`` is the response file: every response line in order, read by every client.
    """

    def __init__(self, scene: str = MAIN_SCENE, *, realtime: bool = False) -> None:
        self.realtime = realtime
        self.frame = 0
        # (frame, change): what happens in the game at a frame, in lockstep (see schedule).
        self._scheduled: list[tuple[int, Callable[[], object]]] = []
        self.seq = 0
        self.busy_frames = 0
        self.held = not realtime
        self.exit_code: int | None = None
        self.lines: list[bytes] = []
        self.changed = threading.Condition()
        self.refs = snapshot.Refs()
        self.tree_version = 0
        self._seen_tree = ""
        self._queue: list[Data] = []
        self._root = FakeNode(
            "root", "Window", "application", GAME_NAME, {"visible": True, "title": GAME_NAME}
        )
        self._root.add(FakeNode("AgentBridge", "Node"))
        self._scene_path = scene
        self._root.add(SCENES[scene]())
        self._handlers: dict[str, Callable[[Data], Data]] = {
            name: getattr(self, f"_cmd_{name}") for name in SCHEMAS
        }
        self._handlers.update(spawn=self._game_spawn, animate=self._game_animate)
        # Health: the orphan nodes metrics lists (tests set them) and each frame's timings.
        self.orphans: list[Data] = []
        self.frame_timings: tuple[float, float] = (1.0, 0.25)  # process, physics ms
        self._measuring_since: int | None = None

    @property
    def info(self) -> Data:
        """What a bridge writes into ``bridge.json`` once ready."""
        return {
            "protocol": "agentbridge/1",
            "engine": "fake",
            "engine_version": "0",
            "pid": 0,
            "game": GAME_NAME,
            "frame": self.frame,
            "time": self._clock(),
        }

    # --- the envelope ---------------------------------------------------------------------------

    def handle(self, line: bytes) -> None:
        """Answer one request line (blank lines get no answer), appending to ``lines``."""
        if not line.strip() or self.exit_code is not None:
            return
        with self.changed:
            response = self._answer(line)
            if self.realtime:
                self.run_frames(1)  # the game runs by itself: a frame passes per request
            response["events"], self._queue = self._queue, []
            response["frame"] = self.frame
            self.lines.append(orjson.dumps(response))
            self.changed.notify_all()

    def _answer(self, line: bytes) -> Data:
        if len(line.rstrip(b"\r\n")) > MAX_LINE_BYTES:
            return _refused(line, "INVALID_REQUEST", "The line is too long to be read.")
        if b"\x00" in line:
            return _refused(line, "PARSE_ERROR", "The line holds a NUL byte.")
        try:
            request = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            deep = "recursion" in str(error).lower() or line.count(b"[") > MAX_DEPTH
            if deep and ID_AT_START.match(line):
                return _refused(line, "INVALID_ARGS", "The request nests too deep.")
            return _refused(line, "PARSE_ERROR", "The line is not valid JSON.")
        if _depth(request) > MAX_DEPTH:
            return _refused(line, "INVALID_ARGS", "The request nests too deep.")
        if not isinstance(request, dict):
            return failure(None, "INVALID_REQUEST", "A request must be a JSON object.")
        request_id = request.get("id")
        if isinstance(request_id, float) and request_id.is_integer():
            request_id = int(request_id)
        if isinstance(request_id, bool) or not isinstance(request_id, (int, str)):
            return failure(None, "INVALID_REQUEST", '"id" must be an integer or a string.')
        cmd, args = request.get("cmd"), request.get("args")
        if not isinstance(cmd, str):
            return failure(request_id, "INVALID_REQUEST", '"cmd" must be a string.')
        args = {} if args is None else args
        if not isinstance(args, dict):
            return failure(request_id, "INVALID_REQUEST", '"args" must be a JSON object.')
        handler = self._handlers.get(cmd)
        if handler is None:
            close = difflib.get_close_matches(cmd, list(self._handlers), n=3)
            hint = f" Did you mean: {', '.join(close)}?" if close else ""
            return failure(request_id, "UNKNOWN_COMMAND", f"Unknown command '{cmd}'.{hint}")
        try:
            validate(cmd, args, SCHEMAS.get(cmd) or GAME_SCHEMAS[cmd])
            data = handler(args)
        except Failure as failed:
            return failure(request_id, failed.code, str(failed))
        return {"id": request_id, "ok": True, "data": data}

    def emit(self, event_type: str, source: FakeNode, args: list[Any]) -> None:
        self.seq += 1
        self._queue.append(
            {
                "type": event_type,
                "seq": self.seq,
                "frame": self.frame,
                "source": source.path,
                "args": args,
            }
        )

    # --- finding nodes --------------------------------------------------------------------------

    @property
    def scene(self) -> FakeNode:
        return self._root.children[-1]

    def node_at(self, path: str) -> FakeNode:
        for node in self._root.walk():
            if node.path == path:
                return node
        names = ", ".join(child.name for child in self._root.children)
        raise Failure("NOT_FOUND", f"No node at {path} (/root has children: {names}).")

    def _alive(self, node: FakeNode) -> bool:
        return any(candidate is node for candidate in self._root.walk())

    def target(self, args: Data) -> FakeNode:
        """The node a command names by ``path`` or ``ref`` (exactly one)."""
        if ("path" in args) == ("ref" in args):
            raise Failure("INVALID_ARGS", "Give exactly one of 'path' and 'ref'.")
        if "path" in args:
            return self.node_at(args["path"])
        ref = str(args["ref"]).lstrip("@")
        if not re.fullmatch(r"e\d+", ref):
            raise Failure("INVALID_ARGS", f"'{ref}' is not a ref: refs look like e3.")
        node = self.refs.node_of(ref)
        if node is None or not self._alive(node):
            raise Failure(
                "STALE_REF",
                f"No snapshot gave out {ref}: take a new snapshot."
                if node is None
                else f"Ref {ref} named {node.path}, which is gone: take a new snapshot.",
            )
        return node

    def _end(self, value: Any) -> FakeNode | None:
        """A drag end: a ref, a path, or a point (None)."""
        if isinstance(value, dict):
            return None
        if not isinstance(value, str):
            raise Failure("INVALID_ARGS", "A drag end is a ref, a node path or {x, y}.")
        return self.target({"ref": value} if not value.startswith("/") else {"path": value})

    # --- acting like a player -------------------------------------------------------------------

    def hit(self, x: float, y: float) -> FakeNode | None:
        """The top-most visible control under a point (later in document order is on top)."""
        hit = None
        for node in self._root.walk():
            if node.is_visible() and node.type not in MOUSE_IGNORED and node.contains(x, y):
                hit = node
        return hit

    def reach(self, node: FakeNode) -> dict[str, float]:
        """The point a mouse action aims at, once the node can be reached there.

        Raises:
            Failure: NOT_INTERACTABLE, naming what is in the way.
        """
        if not node.is_visible():
            raise Failure("NOT_INTERACTABLE", f"Cannot reach it: {node.path} is hidden.")
        if node.props.get("disabled"):
            raise Failure("NOT_INTERACTABLE", f"Cannot reach it: {node.path} is disabled.")
        if node.rect() is None:
            raise Failure("NOT_INTERACTABLE", f"Cannot reach it: {node.path} has no rect.")
        point = node.center()
        on_top = self.hit(point["x"], point["y"])
        if on_top is not None and on_top is not node and node not in _ancestors(on_top):
            raise Failure(
                "NOT_INTERACTABLE", f"Cannot reach it: {node.path} is covered by {on_top.path}."
            )
        return point

    def press(self, node: FakeNode) -> Data:
        if "press" not in node.actions():
            raise Failure("INVALID_ARGS", f"{node.path} is no button: it cannot be pressed.")
        if not node.is_visible() or node.props.get("disabled"):
            state = "hidden" if not node.is_visible() else "disabled"
            raise Failure("NOT_INTERACTABLE", f"{node.path} is {state}.")
        data: Data = {"pressed": node.path}
        if node.props.get("toggle_mode"):
            node.props["button_pressed"] = not node.props.get("button_pressed")
            data["toggled"] = node.props["button_pressed"]
            self.emit("toggled", node, [node.props["button_pressed"]])
        self.emit("pressed", node, [])
        if node.path == "/root/Conformance/PlayButton":
            self.scene.props["play_count"] += 1
            self.emit("played", self.scene, [self.scene.props["play_count"]])
        return data

    def _acting(self, args: Data, act: Callable[[], Data]) -> Data:
        """Run an action with the action options: ``changes``, ``settled``, ``snapshot``."""
        before = {id(node): node for node in self._root.walk()}
        data = act()
        self.run_frames(1)  # the input reaches the game with the next frame
        after = {id(node): node for node in self._root.walk()}
        added = _topmost([after[key] for key in after.keys() - before.keys()])
        removed = _topmost([before[key] for key in before.keys() - after.keys()])
        data["changes"] = {
            "added": [node.path for node in added],
            "added_count": len(added),
            "removed": [node.path for node in removed],
            "removed_count": len(removed),
        }
        if args.get("settled"):
            self._settle(args.get("timeout_ms", 5000), 2)
        asked = args.get("snapshot", False)
        if asked is True or isinstance(asked, dict):
            data["snapshot"] = self._cmd_snapshot(
                asked if isinstance(asked, dict) else {"compact": True}
            )
        elif asked is not False:
            raise Failure("INVALID_ARGS", "snapshot is true, false or snapshot options.")
        return data

    def _settle(self, timeout_ms: int, quiet_frames: int) -> int:
        """Frames until nothing animates for ``quiet_frames`` frames (game time)."""
        needed = self.busy_frames + quiet_frames
        if needed * 1000 > timeout_ms * FPS:
            self.run_frames(-(-timeout_ms * FPS // 1000))
            raise Failure("TIMEOUT", f"The game did not settle within {timeout_ms} ms.")
        self.run_frames(needed)
        return needed

    # --- commands -------------------------------------------------------------------------------

    def _cmd_hello(self, args: Data) -> Data:
        """Small by default (names and sources); descriptions and schemas on request."""
        listed = [(name, rules, "bridge") for name, rules in SCHEMAS.items()]
        listed += [(name, rules, "game") for name, rules in GAME_SCHEMAS.items()]
        if args.get("schemas"):
            commands = [
                {
                    "name": name,
                    "description": name.replace("_", " "),
                    "args_schema": rules,
                    "source": source,
                }
                for name, rules, source in listed
            ]
        else:
            commands = [
                {"name": name, **({"source": source} if source != "bridge" else {})}
                for name, _, source in listed
            ]
        return {
            **self.info,
            "agent_mode": True,
            "commands": commands,
            "controls": world.summaries(),
        }

    def _cmd_get_tree(self, args: Data) -> Data:
        top = self.node_at(args.get("root", "/root"))
        depth = args.get("max_depth")
        if depth is not None and depth < 0:
            raise Failure("INVALID_ARGS", "get_tree: max_depth must be >= 0.")
        tree = top.serialize(None if depth is None else int(depth))
        count = sum(1 for _ in _wire_nodes(tree))
        if args.get("fields") is not None:
            tree = _only_fields(tree, set(args["fields"]) | {"children", "truncated", "internal"})
        return {"tree": tree, "count": count}

    def _cmd_get_node(self, args: Data) -> Data:
        node = self.target(args)
        wire = node.serialize(0)
        wire.pop("children")
        wire.pop("truncated", None)
        return {
            "node": wire,
            "children": [child.name for child in node.children],
            "properties": {key: _engine_type(value) for key, value in node.props.items()},
        }

    def _cmd_get_property(self, args: Data) -> Data:
        node = self.target(args)
        value = _read(node, args["property"])
        return {"value": value, "type": _engine_type(value)}

    def _cmd_set_property(self, args: Data) -> Data:
        node = self.target(args)
        key = args["property"]
        current = _read(node, key)
        value = _convert(key, current, args["value"])
        node.props[key] = value
        return {"value": value, "type": _engine_type(value)}

    def _cmd_call_method(self, args: Data) -> Data:
        node = self.target(args)
        method, call_args = args["method"], args.get("args", [])
        if method == "add_to_group" and len(call_args) == 1:
            node.groups.append(str(call_args[0]))
            return {"result": None}
        if method == "report_error" and node.name == "Lab" and len(call_args) == 1:
            stack = [{"file": "res://scripts/lab.gd", "line": 86, "function": "report_error"}]
            self.emit("engine_error", node, ["error", call_args[0], "", stack])
            return {"result": None}
        if method == "set_count" and node.name == "Lab" and len(call_args) == 1:
            old, node.props["count"] = node.props["count"], call_args[0]
            self.emit("value_changed", node, [old, call_args[0]])
            return {"result": None}
        raise Failure(
            "INVALID_ARGS",
            f"{node.path} has no method '{method}' taking {len(call_args)} arguments.",
        )

    def _cmd_press(self, args: Data) -> Data:
        node = self.target(args)
        return self._acting(args, lambda: self.press(node))

    def _cmd_fill(self, args: Data) -> Data:
        node = self.target(args)
        if "fill" not in node.actions():
            raise Failure("INVALID_ARGS", f"{node.path} is no text field.")
        if not node.is_visible() or node.props.get("editable") is False:
            raise Failure("NOT_INTERACTABLE", f"{node.path} is not editable.")

        def fill() -> Data:
            node.props["text"] = args["value"]
            if args.get("submit"):
                self.emit("text_submitted", node, [args["value"]])
            return {"path": node.path, "text": args["value"]}

        return self._acting(args, fill)

    def _cmd_click(self, args: Data) -> Data:
        def click() -> Data:
            if "x" in args and "y" in args and "path" not in args and "ref" not in args:
                point = {"x": float(args["x"]), "y": float(args["y"])}
                on_top = self.hit(point["x"], point["y"])
                data: Data = {"position": point}
            else:
                on_top = self.target(args)
                point = self.reach(on_top)
                data = {"position": point, "target": on_top.path}
            if (
                on_top is not None
                and args.get("button", "left") == "left"
                and "press" in on_top.actions()
                and not on_top.props.get("disabled")
            ):
                self.press(on_top)
            return data

        return self._acting(args, click)

    def _cmd_hover(self, args: Data) -> Data:
        node = self.target(args)
        return self._acting(args, lambda: {"position": self.reach(node), "target": node.path})

    def _cmd_drag(self, args: Data) -> Data:
        def end(value: Any) -> Data:
            node = self._end(value)
            if node is None:
                return {"position": {"x": float(value["x"]), "y": float(value["y"])}}
            return {"position": self.reach(node), "target": node.path}

        return self._acting(args, lambda: {"from": end(args["from"]), "to": end(args["to"])})

    def _cmd_wait(self, args: Data) -> Data:
        kinds = [k for k in ("frames", "settled", "event", "node", "text") if args.get(k)]
        if len(kinds) != 1:
            raise Failure(
                "INVALID_ARGS",
                "wait takes exactly one of frames, settled: true, event, node or text.",
            )
        if "frames" in args:
            self.run_frames(int(args["frames"]))
            return {"frames_waited": int(args["frames"])}
        if args.get("settled"):
            return {
                "frames_waited": self._settle(
                    args.get("timeout_ms", 5000), args.get("quiet_frames", 2)
                )
            }
        if self._condition_met(args):
            return {"frames_waited": 0}
        budget = -(-args.get("timeout_ms", 5000) * FPS // 1000)
        ran = self.run_frames(budget, until=lambda: self._condition_met(args))
        if ran < budget or self._condition_met(args):
            return {"frames_waited": ran}
        raise Failure("TIMEOUT", f"Not met within {args.get('timeout_ms', 5000)} ms.")

    def run_frames(self, frames: int, until: Callable[[], bool] | None = None) -> int:
        """Let the game run ``frames`` frames (or until ``until()`` holds): animations (busy
        frames) go on and scheduled changes happen. Returns the frames that ran."""
        for ran in range(1, frames + 1):
            if not self._scheduled and until is None:
                self.frame += frames - ran + 1
                self.busy_frames = max(0, self.busy_frames - (frames - ran + 1))
                return frames
            self.frame += 1
            self.busy_frames = max(0, self.busy_frames - 1)
            for due in [item for item in self._scheduled if item[0] <= self.frame]:
                self._scheduled.remove(due)
                due[1]()
            if until is not None and until():
                return ran
        return frames

    def schedule(self, frames: int, change: Callable[[], object]) -> None:
        """Make ``change()`` happen ``frames`` frames from now (as the game itself would
        change things over game time)."""
        self._scheduled.append((self.frame + frames, change))

    def _cmd_get_events(self, _args: Data) -> Data:
        drained, self._queue = self._queue, []
        return {"events": drained, "dropped": 0}

    def _cmd_list_actions(self, _args: Data) -> Data:
        actions = [
            {"path": node.path, "action": action, "name": node.accessible_name()}
            for node in self._root.walk()
            if node.is_visible()
            for action in node.actions()
        ]
        return {"actions": actions, "controls": world.CONTROLS, "commands": sorted(self._handlers)}

    def _cmd_get_state(self, _args: Data) -> Data:
        if self.scene.name != "Lab":
            raise Failure(
                "UNSUPPORTED", "The game registered no state (AgentBridge.register_state)."
            )
        return {"count": self.scene.props["count"], "mode": self.scene.props["mode"]}

    def _cmd_change_scene(self, args: Data) -> Data:
        build = SCENES.get(args["path"])
        if build is None:
            raise Failure("NOT_FOUND", f"There is no scene file {args['path']}.")
        self._root.children[-1] = build()
        self._root.children[-1].parent = self._root
        self._scene_path = args["path"]
        self.emit("scene_changed", self._root, [args["path"]])
        return {"scene": args["path"], "root": self.scene.path}

    def _cmd_snapshot(self, args: Data) -> Data:
        # A new tree version whenever what the whole tree shows changed (docs/PROTOCOL.md).
        whole = snapshot.take(
            snapshot.Refs(), self._root, interactive=False, compact=False, max_depth=None
        )["text"]
        if whole != self._seen_tree:
            self._seen_tree, self.tree_version = whole, self.tree_version + 1
        if args.get("since") == self.tree_version:
            self.refs.snapshots += 1
            return {
                "unchanged": True,
                "snapshot": self.refs.snapshots,
                "tree_version": self.tree_version,
            }
        return {"tree_version": self.tree_version} | snapshot.take(
            self.refs,
            self.node_at(args.get("root", "/root")),
            interactive=bool(args.get("interactive")),
            compact=bool(args.get("compact")),
            max_depth=args.get("max_depth"),
        )

    def _cmd_cancel(self, args: Data) -> Data:
        # Every fake command answers at once: nothing is ever still running.
        raise Failure("NOT_FOUND", f"No request with id {args['id']!r} is running.")

    def _cmd_pause(self, _args: Data) -> Data:
        self.held = True
        return self._clock()

    def _cmd_resume(self, _args: Data) -> Data:
        self.held = False
        return self._clock()

    def _cmd_step(self, args: Data) -> Data:
        if not self.held:
            raise Failure("INVALID_ARGS", "step works on a held game: send pause first.")
        self.run_frames(args.get("frames", 1))
        return {**self._clock(), "stepped": args.get("frames", 1), "physics_ticks": 0}

    def _cmd_step_until(self, args: Data) -> Data:
        if not self.held:
            raise Failure("INVALID_ARGS", "step_until works on a held game: send pause first.")
        if self._condition_met(args):
            return {**self._clock(), "met": True, "frames": 0}
        frames = self.run_frames(
            args.get("max_frames", 600), until=lambda: self._condition_met(args)
        )
        return {**self._clock(), "met": self._condition_met(args), "frames": frames}

    def _condition_met(self, args: Data) -> bool:
        """Whether the one condition ``args`` names holds now (the fake's scene changes only
        through requests, so what does not hold now never will)."""
        if sum(key in args for key in ("event", "node", "text")) != 1:
            raise Failure("INVALID_ARGS", "Name exactly one condition: event, node or text.")
        if "event" in args:
            after = args.get("after", self.seq)
            return any(e["type"] == args["event"] and e["seq"] > after for e in self._queue)
        if "node" in args:
            return self._exists(args["node"]) == args.get("present", True)
        return False

    def _cmd_hold(self, args: Data) -> Data:
        self._input_name(args, "")
        self.run_frames(args["frames"])
        return {"held": self._input_name(args, ""), "frames": args["frames"], "frame": self.frame}

    def _cmd_input_sequence(self, args: Data) -> Data:
        entries = args["entries"]
        if not 1 <= len(entries) <= 10_000:
            raise Failure("INVALID_ARGS", "entries holds 1 to 10000 inputs.")
        length = 0
        for index, entry in enumerate(entries):
            where = f"entries[{index}]"
            if not isinstance(entry, dict):
                raise Failure("INVALID_ARGS", f"{where} is an object {{action|key|button, ...}}.")
            start, frames = entry.get("start", 0), entry.get("frames")
            if not isinstance(start, int) or start < 0:
                raise Failure("INVALID_ARGS", f"{where}.start is a whole number of frames >= 0.")
            if not isinstance(frames, int) or frames < 1:
                raise Failure("INVALID_ARGS", f"{where}.frames is a whole number of frames >= 1.")
            self._input_name(entry, where + ": ")
            length = max(length, start + frames)
        self.run_frames(length)
        return {"frames": length, "entries": len(entries), "frame": self.frame}

    def _input_name(self, args: Data, prefix: str) -> str:
        given = [key for key in ("action", "key", "button") if args.get(key) is not None]
        if len(given) != 1:
            raise Failure("INVALID_ARGS", prefix + "name exactly one of action, key or button.")
        name = str(args[given[0]])
        if given[0] == "action" and name not in ACTIONS:
            raise Failure("NOT_FOUND", prefix + f"no input action '{name}'.")
        return name

    def _cmd_digest(self, args: Data) -> Data:
        import hashlib

        root = self.node_at(args.get("root", "/root"))
        by_node = {
            node.path: hashlib.sha256(
                orjson.dumps([node.path, node.props], default=str)
            ).hexdigest()[:16]
            for node in root.walk()
        }
        whole = hashlib.sha256("".join(by_node.values()).encode()).hexdigest()[:16]
        answer: Data = {"digest": whole, "count": len(by_node), "frame": self.frame}
        if args.get("nodes"):
            answer["by_node"] = by_node
        return answer

    def _exists(self, path: str) -> bool:
        try:
            self.node_at(path)
        except Failure:
            return False
        return True

    def _clock(self) -> Data:
        return {
            "mode": "realtime" if self.realtime else "lockstep",
            "fps": FPS,
            "seed": 0,
            "held": self.held,
            "frame": self.frame,
            "time_scale": 1.0,
        }

    def _cmd_screenshot(self, _args: Data) -> Data:
        raise Failure("UNSUPPORTED", "Screenshots need rendering, and this game runs --headless.")

    def _cmd_metrics(self, args: Data) -> Data:
        data: Data = {
            "frame": self.frame,
            "nodes": sum(1 for _node in self._root.walk()),
            "orphan_nodes": len(self.orphans),
            "objects": 1000,
            "resources": 10,
            "static_memory": 20_000_000,
            "static_memory_max": 25_000_000,
            "fps": 60.0,
            "process_ms": self.frame_timings[0],
            "physics_ms": self.frame_timings[1],
        }
        if args.get("orphans"):
            data["orphans"] = self.orphans[: args.get("limit", 100)]
        return data

    def _timed(self, frames: int) -> Data:
        process, physics = self.frame_timings
        return {
            "frames": frames,
            "process_ms": [process] * frames,
            "physics_ms": [physics] * frames,
            "rendering": False,
        }

    def _cmd_measure(self, args: Data) -> Data:
        self.frame += args["frames"]
        return self._timed(args["frames"])

    def _cmd_measure_start(self, _args: Data) -> Data:
        self._measuring_since = self.frame
        return {"started": True, "frame": self.frame}

    def _cmd_measure_stop(self, _args: Data) -> Data:
        if self._measuring_since is None:
            raise Failure("NOT_FOUND", "No measurement is running: send measure_start first.")
        frames, self._measuring_since = self.frame - self._measuring_since, None
        return self._timed(frames)

    def _cmd_quit(self, args: Data) -> Data:
        self.exit_code = int(args.get("exit_code", 0))
        return {"quitting": True}

    def _cmd_input(self, args: Data) -> Data:
        kind = world.check_input(args, Failure)
        unknown = set(args.get("modifiers", [])) - {"ctrl", "shift", "alt", "meta"}
        if unknown:
            raise Failure("INVALID_ARGS", f"input: unknown modifiers {sorted(unknown)}.")
        return self._acting(args, lambda: world.played(kind, args[kind]))

    def _origin(self, args: Data) -> tuple[FakeNode | None, tuple[float, float]]:
        """``nearby``'s and ``raycast``'s start: a node (path or ref) or a ``point``."""
        if ("point" in args) == ("path" in args or "ref" in args):
            raise Failure("INVALID_ARGS", "Give exactly one of path, ref (a node) or point.")
        node = self.target(args) if "point" not in args else None
        return node, world.origin(node if node is not None else args["point"], Failure)

    def _cmd_nearby(self, args: Data) -> Data:
        node, start = self._origin(args)
        return world.nearby(start, world.placed(self._root, node), self.refs.ref_of, args)

    def _cmd_raycast(self, args: Data) -> Data:
        node, start = self._origin(args)
        if ("direction" in args) == ("to" in args):
            raise Failure("INVALID_ARGS", "raycast takes exactly one of direction or to.")
        target = None
        if "direction" in args:
            end = world.ray_end(start, args["direction"], args.get("max_distance", 1e4), Failure)
        elif isinstance(args["to"], str):
            key = "path" if args["to"].startswith("/") else "ref"
            target = self.target({key: args["to"]})
            end = world.origin(target, Failure)
        else:
            end = world.origin(args["to"], Failure)
        return world.raycast(start, end, world.placed(self._root, node), self.refs.ref_of, target)

    def _cmd_select(self, args: Data) -> Data:
        node = self.target(args)
        items = node.props.get("items")
        if not isinstance(items, list):
            raise Failure(
                "INVALID_ARGS",
                "select works on option buttons, menu buttons, popup "
                f"menus, item lists, tab bars, tab containers and trees; {node.path} "
                f"is a {node.type}.",
            )
        if "option" not in args:
            raise Failure("INVALID_ARGS", "select needs an 'option': the entry's text or index.")
        index = _option_index(items, args["option"])
        if index is None:
            listed = ", ".join(f"'{item}'" for item in items)
            raise Failure(
                "NOT_FOUND",
                f"{node.path} has no option "
                f"{orjson.dumps(args['option']).decode()}. Its options: {listed}.",
            )
        self.reach(node)

        def select() -> Data:
            node.props["selected"] = index
            if node.type == "OptionButton":
                node.props["text"] = items[index]
            self.emit("item_selected", node, [index])
            return {"target": node.path, "selected": {"item": index, "text": items[index]}}

        return self._acting(args, select)

    def _cmd_set_value(self, args: Data) -> Data:
        node = self.target(args)
        if not node.is_visible() or node.props.get("disabled"):
            raise Failure("NOT_INTERACTABLE", f"Cannot set it: {node.path} is hidden or disabled.")
        value = args["value"]
        if node.type in RANGES:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise Failure(
                    "INVALID_ARGS",
                    f"{node.path} is a {node.type}: its value is a "
                    f"number, got {orjson.dumps(value).decode()}.",
                )
            return self._acting(args, lambda: self._set_range(node, float(value)))
        if node.type == "ColorPickerButton":
            color = _color(value)
            if color is None:
                raise Failure(
                    "INVALID_ARGS",
                    f'{node.path} takes a color as "#rrggbb", '
                    f'"#rrggbbaa" or {{r, g, b, a}}; got '
                    f"{orjson.dumps(value).decode()}.",
                )

            def pick() -> Data:
                node.props["color"] = color
                self.emit("color_changed", node, [color])
                return {"target": node.path, "value": color["html"], "clamped": False}

            return self._acting(args, pick)
        raise Failure(
            "INVALID_ARGS",
            "set_value works on sliders, spin boxes, scroll bars and "
            f"color pickers; {node.path} is a {node.type}.",
        )

    def _set_range(self, node: FakeNode, asked: float) -> Data:
        low, high, step = node.props["min"], node.props["max"], node.props["step"]
        now = float(min(max(round(asked / step) * step if step else asked, low), high))
        if now != node.props["value"]:
            node.props["value"] = now
            self.emit("value_changed", node, [now])
        data: Data = {
            "target": node.path,
            "value": now,
            "clamped": now != asked,
            "min": low,
            "max": high,
            "step": step,
        }
        if data["clamped"]:
            data["asked"] = asked
        return data

    # --- the lab's own commands (registered by the game) --------------------------------------

    def _game_spawn(self, args: Data) -> Data:
        thing = FakeNode(args["name"], "Node2D", props={"visible": True})
        self.scene.add(thing)
        return {"path": thing.path}

    def _game_animate(self, args: Data) -> Data:
        self.busy_frames = int(args["frames"])
        return {"started": True}


def _refused(line: bytes, code: str, message: str) -> Data:
    """The answer to a line that cannot run: with its id when its start names one, and its
    first bytes (``head``) so its writer knows the answer is its own."""
    found = ID_AT_START.match(line)
    request_id = orjson.loads(found[1]) if found else None
    answer = failure(request_id, code, message)
    answer["head"] = line.rstrip(b"\r\n")[:32].hex()
    return answer


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(item) for item in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


def failure(request_id: Any, code: str, message: str) -> Data:
    return {"id": request_id, "ok": False, "error": message, "code": code}


def _ancestors(node: FakeNode) -> list[FakeNode]:
    found = []
    while node.parent is not None:
        node = node.parent
        found.append(node)
    return found


def _topmost(nodes: list[FakeNode]) -> list[FakeNode]:
    chosen = {id(node) for node in nodes}
    return [node for node in nodes if not any(id(up) in chosen for up in _ancestors(node))]


def _wire_nodes(tree: Data) -> Any:
    yield tree
    for child in tree["children"]:
        yield from _wire_nodes(child)


def _read(node: FakeNode, key: str) -> Any:
    """A property, or a part of one (``position:x``)."""
    name, _, part = key.partition(":")
    if name not in node.props:
        raise Failure("INVALID_ARGS", f"{node.path} has no property '{name}'.")
    value = node.props[name]
    if part:
        if not isinstance(value, dict) or part not in value:
            raise Failure("INVALID_ARGS", f"{node.path}.{name} has no part '{part}'.")
        return value[part]
    return value


def _convert(key: str, current: Any, value: Any) -> Any:
    """The JSON value in the property's type, or INVALID_ARGS."""
    if isinstance(current, bool):
        ok = isinstance(value, bool)
    elif isinstance(current, (int, float)):
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok and isinstance(current, float) else value
    elif isinstance(current, str):
        ok = isinstance(value, str)
    elif isinstance(current, dict):
        if isinstance(value, list) and len(value) == len(current):
            value = dict(zip(current, value, strict=True))
        ok = isinstance(value, dict) and set(value) == set(current)
    else:
        ok = True
    if not ok:
        raise Failure(
            "INVALID_ARGS",
            f"Cannot set '{key}' ({_engine_type(current)}) to {orjson.dumps(value).decode()}.",
        )
    return value


def _option_index(items: list[Any], option: Any) -> int | None:
    """The index an option names: its text, or its index."""
    if isinstance(option, float) and option.is_integer():
        option = int(option)
    if isinstance(option, int) and not isinstance(option, bool):
        return option if 0 <= option < len(items) else None
    return items.index(option) if option in items else None


def _color(value: Any) -> Data | None:
    """A color from "#rrggbb[aa]" or {r, g, b[, a]}, in its wire form; None if it is none."""
    if isinstance(value, str) and value.startswith("#") and len(value) in (7, 9):
        try:
            parts = [int(value[i : i + 2], 16) / 255 for i in range(1, len(value), 2)]
        except ValueError:
            return None
        value = dict(zip("rgba", parts, strict=False))
    if (
        not isinstance(value, dict)
        or not {"r", "g", "b"} <= set(value)
        or not all(isinstance(part, (int, float)) for part in value.values())
    ):
        return None
    rgba = [float(value.get(key, 1.0)) for key in "rgba"]
    html = "#" + "".join(f"{round(part * 255):02x}" for part in rgba)
    return {**dict(zip("rgba", rgba, strict=True)), "html": html}


def _engine_type(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "String"
    if isinstance(value, dict):
        return "Vector2"
    return "Variant"


def _only_fields(node: Data, kept: set[str]) -> Data:
    """get_tree's ``fields``: those keys of each node, and the structure."""
    lean = {key: value for key, value in node.items() if key in kept}
    lean["children"] = [_only_fields(child, kept) for child in node.get("children", [])]
    return lean
