"""The ``agent-bridge`` commands that talk to a running game, one bridge request (or wait) each.
Their arguments come under the command table's names (:mod:`agent_client.cli.grammar`);
:func:`wire_args` turns them into the command's arguments, and each handler prints the answer.

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
from agent_client.cli.grammar import option
from agent_client.cli.output import show, show_json
from agent_client.presentation.errors import UsageError
from agent_client.wire.commands import BY_NAME, TARGET, Param
from agent_client.wire.errors import UnknownCommandError, error_from_response
from agent_client.wire.protocol import Response, is_ref
from agent_client.wire.protocol import target_args as wire_target

if TYPE_CHECKING:
    from agent_client.client.client import AgentClient

TREE_LINES = 5000
BARE_WORD = re.compile(r"[A-Za-z_][\w-]*")
POINT = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")
WORLD_POINT = re.compile(r"-?\d+(?:\.\d+)?(?:,-?\d+(?:\.\d+)?){1,2}")


def history_start(args: argparse.Namespace, folder: Path) -> int | None:
    """Where in ``resp.jsonl`` the connection starts reading: the event commands resume at
    the cursor; the others read only what comes after their own request (None)."""
    command = getattr(getattr(args, "verb", None), "command", "")
    if (command == "wait" and args.event) or command == "get_events":
        return load_cursor(folder)[1]
    return None


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


# --- the command's arguments ------------------------------------------------------------------


def wire_args(args: argparse.Namespace, client: AgentClient) -> dict[str, Any]:
    """The command's arguments from the command line's: each parameter given, converted from
    its text (a target resolved, a point read, a JSON value parsed)."""
    wire: dict[str, Any] = {}
    for param in args.verb.params:
        value = getattr(args, param.name, None)
        if value is not None:
            wire.update(_converted(args, param, value, client))
    if wire.get("settled") and BY_NAME[args.verb.command].is_action:
        wire["timeout_ms"] = int(args.timeout * 1000)  # settling may take --timeout
    return wire


def _converted(
    args: argparse.Namespace, param: Param, value: Any, client: AgentClient
) -> dict[str, Any]:
    """One parameter as the command takes it."""
    command, name = args.verb.command, param.name
    if name == TARGET:
        point = POINT.fullmatch(value) if command in ("click", "hover") else None
        if point:
            return {"x": float(point[1]), "y": float(point[2])}
        if command in ("nearby", "raycast") and WORLD_POINT.fullmatch(value):
            return {"point": _world_point(value, "the origin")}
        return target_args(client, value, args.timeout)
    if name in ("from", "to") and command == "drag":
        return {name: _drag_end(client, value, args.timeout)}
    if name == "to" and command == "raycast":
        world = WORLD_POINT.fullmatch(value)
        return {name: _world_point(value, "--to") if world else _target_text(client, value, args)}
    if name in ("point", "direction"):
        return {name: _world_point(value, option(name))}
    if name == "value" and command == "set_value":
        return {name: _value(value)}
    if isinstance(value, str) and (not param.types or param.types in (("array",), ("object",))):
        return {name: _json_or_text(value)}  # any JSON value: 5, true, [1, 2], {"x": 1}, or text
    if name == "option" and getattr(args, "index", False):
        return {name: _index(value)}
    if name in ("joy_button", "joy_axis"):
        return {name: int(value) if value.isdigit() else value}
    if param.items == "string":
        return {name: [part for item in value for part in item.split(",") if part]}
    if name == "snapshot":
        return {name: True} if value else {}
    return {name: value}


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


def _json_or_text(text: str) -> Any:
    """A step-until VALUE: JSON when it reads as JSON (5, true, "a b"), else the text."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return text


def _drag_end(client: AgentClient, target: str, timeout: float) -> Any:
    point = POINT.fullmatch(target)
    if point:
        return {"x": float(point[1]), "y": float(point[2])}
    found = target_args(client, target, timeout)
    return str(found.get("path") or "@" + found["ref"])


def _world_point(text: str, what: str) -> list[float]:
    if not WORLD_POINT.fullmatch(text):
        raise UsageError("BAD_ARGS", f"{what} takes x,y or x,y,z (numbers), not {text!r}.")
    return [float(part) for part in text.split(",")]


def _target_text(client: AgentClient, target: str, args: argparse.Namespace) -> str:
    """A target as one string: a path, or a ref (``@e3``)."""
    found = target_args(client, target, args.timeout)
    return str(found.get("path") or "@" + found["ref"])


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


def _data(client: AgentClient, args: argparse.Namespace, cmd_args: dict[str, Any]) -> Any:
    """Sends the verb's command; its data, or None once --json printed the response."""
    response = _send(client, args, args.verb.command, cmd_args)
    return None if response is None else response["data"]


# --- seeing -----------------------------------------------------------------------------------


def snapshot(args: argparse.Namespace, client: AgentClient) -> int:
    try:
        data = _data(client, args, wire_args(args, client))
    except UnknownCommandError:
        return _tree_outline(
            client,
            args.root or "/root",
            args.max_depth,
            note="# this bridge has no snapshot: tree outline, no refs",
        )
    if data is not None:
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


def get_tree(args: argparse.Namespace, client: AgentClient) -> int:
    """The raw tree with --json, else an outline."""
    if args.json:
        _data(client, args, {"root": "/root", **wire_args(args, client)})
        return 0
    return _tree_outline(client, args.root or "/root", args.max_depth)


def get_property(args: argparse.Namespace, client: AgentClient) -> int:
    """``get property TARGET NAME``, and ``get text TARGET`` (the property ``text``)."""
    prop = "text" if args.what == "text" else args.property
    if not prop:
        raise UsageError(
            "BAD_ARGS", "get property needs a property name: get property @e3 position"
        )
    data = _data(client, args, {**wire_args(args, client), "property": prop})
    if data is not None:
        value = data["value"]
        show(value if isinstance(value, str) else orjson.dumps(value).decode())
    return 0


def show_data(args: argparse.Namespace, client: AgentClient) -> int:
    """``get node``, ``get state``: the answer as JSON."""
    data = _data(client, args, wire_args(args, client))
    if data is not None:
        show_json(data)
    return 0


def get_events(args: argparse.Namespace, client: AgentClient) -> int:
    """Events not reported by an earlier invocation, each once."""
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


def act(args: argparse.Namespace, client: AgentClient) -> int:
    """The actions (click, press, fill, select, set-value, hover, drag, input, key, gamepad):
    what they hit, the nodes they added or removed, and the events that came with them."""
    from agent_client.presentation.effects import action_text

    verb = args.verb.command
    cmd_args = wire_args(args, client)
    try:
        response = _send(client, args, verb, cmd_args)
    except UnknownCommandError:
        if verb != "click" or "path" not in cmd_args or args.button not in (None, "left"):
            raise
        if args.double:
            raise
        response = _send(client, args, "press", {"path": cmd_args["path"]})
        verb = "press"
    if response is not None:
        show(action_text(verb, response))
    return 0


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


def world(args: argparse.Namespace, client: AgentClient) -> int:
    """``list-actions``, ``nearby`` and ``raycast``: their answers as text."""
    from agent_client.presentation import world as world_text

    command = args.verb.command
    if command in ("nearby", "raycast") and (args.target is None) == (args.point is None):
        raise UsageError("BAD_ARGS", "Give a target (@e3, /root/..., a selector) or --point.")
    data = _data(client, args, wire_args(args, client))
    if data is not None:
        as_text = {
            "list_actions": world_text.controls_text,
            "nearby": world_text.nearby_text,
            "raycast": world_text.ray_text,
        }[command]
        show(as_text(data))
    return 0


# --- waiting ----------------------------------------------------------------------------------


def wait(args: argparse.Namespace, client: AgentClient) -> int:
    """Frames and settling are the bridge's waits; an event, a text and a node are the
    client's (an event seen by another invocation still counts)."""
    if args.settled or args.frames:
        cmd_args = {**wire_args(args, client), "timeout_ms": int(args.timeout * 1000)}
        data = _data(client, args, cmd_args)
        if data is not None:
            show(f"ok after {data.get('frames_waited', '?')} frames")
        return 0
    if args.event:
        return _wait_event(args, client)
    locator = client.get_by_text(args.text) if args.text else client.locator(args.node)
    locator.first.wait_for(state="visible", timeout=args.timeout)
    show(f"ok {locator.first.path()}")
    return 0


def _wait_event(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.connection.events import format_event, wait_for_event

    assert client.session_dir is not None
    connection = client.connection
    connection.poll()  # every response since the cursor's offset
    connection.event_cursor = load_cursor(client.session_dir)[0]
    event = wait_for_event(connection, args.event, timeout=args.timeout)
    save_cursor(client.session_dir, event["seq"], connection.resume_position(event["seq"]))
    if args.json:
        show_json(event)
    else:
        show(format_event(event))
    return 0


def time_control(args: argparse.Namespace, client: AgentClient) -> int:
    """pause, resume and step: one line with the clock after it."""
    data = _data(client, args, wire_args(args, client))
    if data is not None:
        show(
            f"{'held' if data['held'] else 'running'} at frame {data['frame']}"
            + (f" (stepped {data['stepped']})" if "stepped" in data else "")
        )
    return 0


def step_until(args: argparse.Namespace, client: AgentClient) -> int:
    cmd_args = wire_args(args, client)
    if "property" in cmd_args and "value" not in cmd_args:
        raise UsageError("BAD_ARGS", "--property needs --value.")
    data = _data(client, args, cmd_args)
    if data is None:
        return 0
    show(f"{'met' if data['met'] else 'not met'} after {data['frames']} frames")
    return 0 if data["met"] else 1


def hold(args: argparse.Namespace, client: AgentClient) -> int:
    data = _data(client, args, wire_args(args, client))
    if data is not None:
        show(f"held {data['held']} for {data['frames']} frames, now at frame {data['frame']}")
    return 0


def input_sequence(args: argparse.Namespace, client: AgentClient) -> int:
    data = _data(client, args, {"entries": _timeline(args.file)})
    if data is not None:
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


def reset_game(args: argparse.Namespace, client: AgentClient) -> int:
    if args.json:
        _data(client, args, wire_args(args, client))
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
    data = _data(client, args, wire_args(args, client))
    if data is not None:
        show(f"{data['digest']} at frame {data['frame']} ({data['count']} nodes)")
        for path, node_hash in (data.get("by_node") or {}).items():
            show(f"  {node_hash} {path}")
    return 0


def screenshot(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.client.screenshot import save_screenshot

    target = target_args(client, args.target, args.timeout) if args.target else None
    saved = save_screenshot(
        client,
        Path(args.out).resolve(),
        annotate=bool(args.annotate),
        target=target,
        timeout=args.timeout + 5,
    )
    show(str(saved))
    return 0


# --- health -----------------------------------------------------------------------------------


def metrics(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.presentation.health import describe_metrics

    data = _data(client, args, wire_args(args, client))
    if data is not None:
        show(describe_metrics(data))
    return 0


def measure(args: argparse.Namespace, client: AgentClient) -> int:
    from agent_client.client.metrics import Measurement

    if args.frames < 1:
        raise UsageError("BAD_ARGS", f"Measure at least one frame, not {args.frames}.")
    cmd_args = {**wire_args(args, client), "timeout_ms": int(args.timeout * 1000)}
    data = _data(client, args, cmd_args)
    if data is not None:
        show(str(Measurement.of(data)))
    return 0
