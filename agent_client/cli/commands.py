"""The ``agent-bridge`` commands that talk to a running game, one bridge request (or wait) each.

Targets: ``@e3`` (a ref from the latest snapshot), ``/root/...`` (a node path), or else a
selector (``'Button[text="Play"]'``, docs/LOCATORS.md) resolved to one node's path.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from agent_client.cli.cursor import load_cursor, save_cursor
from agent_client.cli.output import show, show_json
from agent_client.presentation.errors import UsageError
from agent_client.wire.errors import UnknownCommandError, error_from_response
from agent_client.wire.protocol import Response, is_ref
from agent_client.wire.protocol import target_args as wire_target

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

TREE_LINES = 5000


def history_start(args: argparse.Namespace, folder: Path) -> int | None:
    """Where in ``resp.jsonl`` the connection starts reading: the event commands resume at
    the cursor; the others read only what comes after their own request (None)."""
    if (args.command == "wait" and args.event) or (args.command == "get" and args.what == "events"):
        return load_cursor(folder)[1]
    return None


BARE_WORD = re.compile(r"[A-Za-z_][\w-]*")


def target_args(client: AgentClient, target: str, timeout: float) -> dict[str, Any]:
    """``{"ref": ...}``, ``{"path": ...}``, or the path of the one node a selector matches.

    Raises:
        UsageError: NOT_FOUND at once for a bare word that names no type but names nodes (a
            person meant ``#PlayButton``, not the type ``PlayButton``).
        StrictModeError: the selector matched several nodes.
        WaitTimeoutError: no node matched within the timeout.
    """
    if is_ref(target) or target.startswith("/root"):
        return wire_target(target)
    locator = client.locator(target)  # a selector that does not parse fails here
    if BARE_WORD.fullmatch(target):
        hint = _name_hint(client, target)
        if hint:
            raise UsageError(
                "NOT_FOUND",
                f"No node is of type {target!r} (a bare word is a type): did you mean {hint}?",
            )
    return {"path": locator.path(timeout=timeout)}


def _name_hint(client: AgentClient, word: str) -> str:
    """The selectors of nodes named (or labelled) ``word`` when no node has that type; ""
    when some node has that type, or none has that name."""
    from agent_client.model.nodes import TreeIndex, label_of

    nodes = TreeIndex(client.get_tree()).nodes
    if any(word in (node.get("type"), node.get("class")) for node in nodes):
        return ""
    wanted = word.casefold()
    names = [
        str(node.get("name", ""))
        for node in nodes
        if str(node.get("name", "")).casefold() == wanted or label_of(node).casefold() == wanted
    ]
    shown = [
        f"#{name}" if BARE_WORD.fullmatch(name) else f'#"{name}"' for name in dict.fromkeys(names)
    ]
    return " or ".join(shown[:5])


def _send(
    client: AgentClient, args: argparse.Namespace, cmd: str, cmd_args: dict[str, Any] | None = None
) -> Response | None:
    """Send one command. With --json, print the raw response and return None; otherwise
    return the successful response or raise its error."""
    response = client.send(cmd, cmd_args, timeout=args.timeout + 5)
    if args.json:
        show_json(response)
        if not response.get("ok"):
            raise error_from_response(dict(response))
        return None
    if not response.get("ok"):
        raise error_from_response(dict(response))
    return response


# --- seeing -----------------------------------------------------------------------------------


def snapshot(args: argparse.Namespace, client: AgentClient) -> int:
    options: dict[str, Any] = {"interactive": args.interactive, "compact": args.compact}
    if args.depth is not None:
        options["max_depth"] = args.depth
    if args.root:
        options["root"] = args.root
    if args.all:
        options["all"] = True
    if args.since is not None:
        options["since"] = args.since
    try:
        response = _send(client, args, "snapshot", options)
    except UnknownCommandError:
        return _tree_outline(
            client,
            args.root or "/root",
            args.depth,
            note="# this bridge has no snapshot: tree outline, no refs",
        )
    if response is not None:
        data = response["data"]
        show(
            f"unchanged (tree_version {data['tree_version']})"
            if data.get("unchanged")
            else data["text"]
        )
    return 0


def _tree_outline(client: AgentClient, root: str, depth: int | None, note: str = "") -> int:
    from agent_client.model.nodes import TreeIndex
    from agent_client.model.outline import outline

    index = TreeIndex(client.get_tree(root, max_depth=depth))
    show((note + "\n" if note else "") + outline(index, index.root, max_lines=TREE_LINES))
    return 0


def get(args: argparse.Namespace, client: AgentClient) -> int:
    what = args.what
    if what == "tree":
        if args.json:
            tree_args: dict[str, Any] = {"root": args.target or "/root"}
            if args.depth is not None:
                tree_args["max_depth"] = args.depth
            if args.fields:
                tree_args["fields"] = [field for field in args.fields.split(",") if field]
            _send(client, args, "get_tree", tree_args)
            return 0
        return _tree_outline(client, args.target or "/root", args.depth)
    if what == "events":
        return _events(args, client)
    if what == "state":
        response = _send(client, args, "get_state")
        if response is not None:
            show_json(response["data"])
        return 0
    if not args.target:
        raise UsageError("BAD_ARGS", f"get {what} needs a target: @eN, /root/... or a selector.")
    target = target_args(client, args.target, args.timeout)
    if what == "node":
        response = _send(client, args, "get_node", target)
        if response is not None:
            show_json(response["data"])
        return 0
    prop = "text" if what == "text" else args.name
    if not prop:
        raise UsageError(
            "BAD_ARGS", "get property needs a property name: get property @e3 position"
        )
    response = _send(client, args, "get_property", {**target, "property": prop})
    if response is not None:
        value = response["data"]["value"]
        show(value if isinstance(value, str) else orjson.dumps(value).decode())
    return 0


def _events(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.connection.events import format_event

    assert client.session_dir is not None
    seq = load_cursor(client.session_dir)[0]
    client.request("wait", {"frames": 1})  # brings in what the game queued
    fresh = client.connection.events_after(seq)
    if args.json:
        show_json(fresh)
    else:
        show("\n".join(format_event(event) for event in fresh) or "(no new events)")
    newest = max([seq] + [event["seq"] for event in fresh])
    save_cursor(client.session_dir, newest, client.connection.resume_position(newest))
    return 0


# --- acting -----------------------------------------------------------------------------------


# The bridge command of each action the command line offers.
WIRE_COMMANDS = {"set-value": "set_value", "key": "input", "action": "input", "gamepad": "input"}
POINT = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")
WORLD_POINT = re.compile(r"-?\d+(?:\.\d+)?(?:,-?\d+(?:\.\d+)?){1,2}")


def act(args: argparse.Namespace, client: AgentClient) -> int:
    """click, press, fill, hover, drag, select, set-value, key."""
    verb = WIRE_COMMANDS.get(args.command, args.command)
    cmd_args = _action_args(args, client)
    if args.settled:
        cmd_args.update(settled=True, timeout_ms=int(args.timeout * 1000))
    if args.snapshot:
        cmd_args["snapshot"] = True
    try:
        response = _send(client, args, verb, cmd_args)
    except UnknownCommandError:
        if verb != "click" or "path" not in cmd_args or args.button != "left" or args.double:
            raise
        response = _send(client, args, "press", {"path": cmd_args["path"]})
        verb = "press"
    if response is not None:
        show(_describe_action(verb, response))
    return 0


def _action_args(args: argparse.Namespace, client: AgentClient) -> dict[str, Any]:
    """The bridge arguments of an action, from its command-line arguments."""
    command = args.command
    if command == "key":
        modifiers = [part for item in args.modifiers for part in item.split(",") if part]
        return {"key": args.key, **({"modifiers": modifiers} if modifiers else {})}
    if command in ("action", "gamepad"):
        return _input_args(args)
    if command == "drag":
        return {
            "from": _drag_end(client, args.target, args.timeout),
            "to": _drag_end(client, args.to, args.timeout),
        }
    point = POINT.fullmatch(args.target) if command == "click" else None
    cmd_args = (
        {"x": float(point[1]), "y": float(point[2])}
        if point
        else target_args(client, args.target, args.timeout)
    )
    if command == "fill":
        cmd_args.update(value=args.text, submit=args.submit)
    elif command == "click":
        cmd_args.update(button=args.button, double=args.double)
    elif command == "select":
        cmd_args["option"] = _index(args.option) if args.index else args.option
    elif command == "set-value":
        cmd_args["value"] = _value(args.value)
    return cmd_args


def _input_args(args: argparse.Namespace) -> dict[str, Any]:
    """``input`` arguments of ``action NAME`` and ``gamepad --button B | --axis A``."""
    if args.command == "action":
        wire: dict[str, Any] = {"action": args.name, "strength": args.strength}
    elif args.button is not None:
        wire = {"joy_button": _name_or_index(args.button), "device": args.device}
    else:
        wire = {"joy_axis": _name_or_index(args.axis), "value": args.value, "device": args.device}
    if args.hold or args.release:
        wire["pressed"] = bool(args.hold)
    return wire


def _name_or_index(text: str) -> str | int:
    return int(text) if text.isdigit() else text


def _index(text: str) -> int:
    if not text.isdigit():
        raise UsageError("BAD_ARGS", f"--index needs a whole number, not {text!r}.")
    return int(text)


def _value(text: str) -> Any:
    """A set-value VALUE: a number, a "#rrggbb[aa]" color, or a JSON object."""
    if text.startswith("#"):
        return text
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        value = None
    if isinstance(value, (int, float, dict)) and not isinstance(value, bool):
        return value
    raise UsageError(
        "BAD_ARGS",
        f"{text!r} is no value: give a number, a color such as "
        '#ff8800, or a JSON object such as \'{"r": 1, "g": 0.5, '
        '"b": 0}\'.',
    )


def _json_or_text(text: str | None) -> Any:
    """A step-until VALUE: JSON when it reads as JSON (5, true, "a b"), else the text."""
    if text is None:
        raise UsageError("BAD_ARGS", "--property needs --value.")
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return text


def _drag_end(client: AgentClient, target: str, timeout: float) -> Any:
    point = POINT.fullmatch(target)
    if point:
        return {"x": float(point[1]), "y": float(point[2])}
    return _target_text(client, target, timeout)


def _describe_action(verb: str, response: Response) -> str:
    from agent_client.connection.events import format_event

    data = response.get("data") or {}
    where = data.get("target") or data.get("pressed") or data.get("path") or ""
    lines = [f"ok {verb} {where}".rstrip()]
    if "toggled" in data:
        lines[0] += f" toggled={str(data['toggled']).lower()}"
    if verb == "input" and "key" in data:
        lines[0] += f" key={data['key']}"
    elif verb == "input" and "event" in data:
        lines[0] += f" {data['event']}"
    if verb == "input" and data.get("actions"):
        lines[0] += f" (plays {', '.join(data['actions'])})"
    selected = data.get("selected")
    if isinstance(selected, dict):
        item = orjson.dumps(selected.get("item")).decode()
        lines[0] += f" selected={item} {orjson.dumps(selected.get('text', '')).decode()}"
    if "value" in data and verb == "set_value":
        lines[0] += f" value={orjson.dumps(data['value']).decode()}"
        if data.get("clamped"):
            asked = data.get("asked")
            lines[0] += " (clamped" + (f" from {asked:g}" if isinstance(asked, float) else "") + ")"
    changes = data.get("changes") or {}
    for kind in ("added", "removed"):
        if changes.get(kind):
            lines.append(f"{kind}: {', '.join(changes[kind])}")
    lines += [f"event {format_event(event)}" for event in response.get("events") or []]
    snapshot_data = data.get("snapshot")
    if isinstance(snapshot_data, dict) and snapshot_data.get("text"):
        lines.append(snapshot_data["text"])
    return "\n".join(lines)


def call(args: argparse.Namespace, client: AgentClient) -> int:
    try:
        cmd_args = orjson.loads(args.args) if args.args else {}
    except orjson.JSONDecodeError as error:
        raise UsageError("BAD_ARGS", f"The arguments are not JSON: {error}.") from None
    if not isinstance(cmd_args, dict):
        raise UsageError("BAD_ARGS", "The arguments must be a JSON object: '{\"from\": 0}'.")
    response = _send(client, args, args.name, cmd_args)
    if response is not None:
        show_json(response["data"])
    return 0


# --- the game world ---------------------------------------------------------------------------


def actions(args: argparse.Namespace, client: AgentClient) -> int:
    """The game's controls, what can be acted on now, and the commands."""
    return _show_world(args, client, "list_actions", {})


def nearby(args: argparse.Namespace, client: AgentClient) -> int:
    cmd_args: dict[str, Any] = {"limit": args.limit, **_world_origin(args, client)}
    if args.radius is not None:
        cmd_args["radius"] = args.radius
    return _show_world(args, client, "nearby", cmd_args)


def raycast(args: argparse.Namespace, client: AgentClient) -> int:
    cmd_args: dict[str, Any] = {"areas": not args.bodies_only, **_world_origin(args, client)}
    if args.direction is not None:
        cmd_args["direction"] = _world_point(args.direction, "--direction")
    else:
        cmd_args["to"] = (
            _world_point(args.to, "--to")
            if WORLD_POINT.fullmatch(args.to)
            else _target_text(client, args.to, args.timeout)
        )
    if args.max_distance is not None:
        cmd_args["max_distance"] = args.max_distance
    return _show_world(args, client, "raycast", cmd_args)


def _show_world(
    args: argparse.Namespace, client: AgentClient, cmd: str, cmd_args: dict[str, Any]
) -> int:
    """Sends ``list_actions``, ``nearby`` or ``raycast`` and prints its answer as text."""
    from agent_client.presentation import world as world_text

    response = _send(client, args, cmd, cmd_args)
    if response is not None:
        as_text = {
            "list_actions": world_text.controls_text,
            "nearby": world_text.nearby_text,
            "raycast": world_text.ray_text,
        }[cmd]
        show(as_text(response["data"]))
    return 0


def _world_origin(args: argparse.Namespace, client: AgentClient) -> dict[str, Any]:
    """``nearby``'s and ``raycast``'s origin: a target, or a world point (TARGET or --point).

    Raises:
        UsageError: BAD_ARGS for neither or both.
    """
    given = [value for value in (args.target, args.point) if value is not None]
    if len(given) != 1:
        raise UsageError("BAD_ARGS", "Give a target (@e3, /root/..., a selector) or --point.")
    if args.point is not None or WORLD_POINT.fullmatch(given[0]):
        return {"point": _world_point(given[0], "--point")}
    return target_args(client, given[0], args.timeout)


def _world_point(text: str, what: str) -> list[float]:
    if not WORLD_POINT.fullmatch(text):
        raise UsageError("BAD_ARGS", f"{what} takes x,y or x,y,z (numbers), not {text!r}.")
    return [float(part) for part in text.split(",")]


def _target_text(client: AgentClient, target: str, timeout: float) -> str:
    """A target as one string: a path, or a ref (``@e3``)."""
    found = target_args(client, target, timeout)
    return str(found.get("path") or "@" + found["ref"])


# --- waiting ----------------------------------------------------------------------------------


def wait(args: argparse.Namespace, client: AgentClient) -> int:
    timeout_ms = int(args.timeout * 1000)
    if args.settled or args.frames:
        condition = {"settled": True} if args.settled else {"frames": args.frames}
        response = _send(client, args, "wait", {**condition, "timeout_ms": timeout_ms})
        if response is not None:
            show(f"ok after {response['data'].get('frames_waited', '?')} frames")
        return 0
    if args.event:
        return _wait_event(args, client)
    locator = client.get_by_text(args.text) if args.text else client.locator(args.node)
    locator.first.wait_for(state="visible", timeout=args.timeout)
    show(f"ok {locator.first.path()}")
    return 0


def time_control(args: argparse.Namespace, client: AgentClient) -> int:
    """pause, resume and step: one line with the clock after it."""
    cmd_args = {"frames": args.frames} if args.command == "step" else {}
    response = _send(client, args, args.command, cmd_args)
    if response is not None:
        data = response["data"]
        show(
            f"{'held' if data['held'] else 'running'} at frame {data['frame']}"
            + (f" (stepped {data['stepped']})" if "stepped" in data else "")
        )
    return 0


def hold(args: argparse.Namespace, client: AgentClient) -> int:
    cmd_args: dict[str, Any] = {"frames": args.frames, "strength": args.strength}
    for key in ("action", "key", "button"):
        if getattr(args, key) is not None:
            cmd_args[key] = getattr(args, key)
    response = _send(client, args, "hold", cmd_args)
    if response is not None:
        data = response["data"]
        show(f"held {data['held']} for {data['frames']} frames, now at frame {data['frame']}")
    return 0


def sequence(args: argparse.Namespace, client: AgentClient) -> int:
    entries = _timeline(args.file)
    response = _send(client, args, "input_sequence", {"entries": entries})
    if response is not None:
        data = response["data"]
        show(
            f"ran {data['entries']} inputs over {data['frames']} frames, now at frame "
            f"{data['frame']}"
        )
    return 0


def _timeline(source: str) -> list[Any]:
    """The entries of a timeline file: a JSON list, or one JSON object a line."""
    import sys

    try:
        text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
    except OSError as error:
        raise UsageError("BAD_ARGS", f"Cannot read {source}: {error.strerror}.") from None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        try:
            data = [orjson.loads(line) for line in text.splitlines() if line.strip()]
        except orjson.JSONDecodeError as error:
            raise UsageError(
                "BAD_ARGS", f"{source} is neither a JSON list nor JSON lines: {error}."
            ) from None
    if not isinstance(data, list):
        raise UsageError("BAD_ARGS", f"{source} holds no list of timeline entries.")
    return data


def reset(args: argparse.Namespace, client: AgentClient) -> int:
    if args.json:
        _send(client, args, "reset_game", {"scene": args.scene} if args.scene else {})
        return 0
    data = client.reset_game(args.scene)
    show(
        f"reset to {data['scene']} at frame {data['frame']}: autoloads "
        f"{', '.join(data['autoloads']) or 'none'}; {data['statics']} scripts' statics, "
        f"{data['settings_restored']} settings, {data['inputs_released']} inputs, "
        f"{data['orphans_freed']} orphans put back"
    )
    return 0


def digest(args: argparse.Namespace, client: AgentClient) -> int:
    response = _send(client, args, "digest", {"root": args.root, "nodes": args.nodes})
    if response is not None:
        data = response["data"]
        show(f"{data['digest']} at frame {data['frame']} ({data['count']} nodes)")
        for path, node_hash in (data.get("by_node") or {}).items():
            show(f"  {node_hash} {path}")
    return 0


def step_until(args: argparse.Namespace, client: AgentClient) -> int:
    cmd_args: dict[str, Any] = {"max_frames": args.max_frames}
    for key in ("event", "node", "text"):
        if getattr(args, key) is not None:
            cmd_args[key] = getattr(args, key)
    if args.node is not None:
        cmd_args["present"] = not args.absent
    if args.property is not None:
        cmd_args.update(property=args.property, op=args.op, value=_json_or_text(args.value))
    response = _send(client, args, "step_until", cmd_args)
    if response is not None:
        data = response["data"]
        show(f"{'met' if data['met'] else 'not met'} after {data['frames']} frames")
        return 0 if data["met"] else 1
    return 0


def _wait_event(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.connection.events import wait_for_event

    assert client.session_dir is not None
    connection = client.connection
    connection.poll()  # every response since the cursor's offset
    connection.event_cursor = load_cursor(client.session_dir)[0]
    event = wait_for_event(connection, args.event, timeout=args.timeout)
    save_cursor(client.session_dir, event["seq"], connection.resume_position(event["seq"]))
    return _show_event(args, event)


def _show_event(args: argparse.Namespace, event: Any) -> int:
    from agent_client.connection.events import format_event

    if args.json:
        show_json(event)
    else:
        show(format_event(event))
    return 0


def screenshot(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.client.screenshot import save_screenshot

    target = target_args(client, args.target, args.timeout) if args.target else None
    saved = save_screenshot(
        client,
        Path(args.out).resolve(),
        annotate=args.annotate,
        target=target,
        timeout=args.timeout + 5,
    )
    show(str(saved))
    return 0


# --- health -----------------------------------------------------------------------------------


def metrics(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.presentation.health import describe_metrics

    response = _send(client, args, "metrics", {"orphans": args.orphans, "limit": args.limit})
    if response is not None:
        show(describe_metrics(response["data"]))
    return 0


def measure(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.client.metrics import Measurement

    if args.frames < 1:
        raise UsageError("BAD_ARGS", f"Measure at least one frame, not {args.frames}.")
    timeout_ms = int(args.timeout * 1000)
    response = _send(client, args, "measure", {"frames": args.frames, "timeout_ms": timeout_ms})
    if response is not None:
        show(str(Measurement.of(response["data"])))
    return 0
