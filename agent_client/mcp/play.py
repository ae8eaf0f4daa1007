"""The game an MCP server drives (launched here, or attached to a command-line session), what
the agent last saw of it, and what each tool does with it. Every tool answers a
:class:`Result`; nothing here knows MCP's wire format (the server turns results into content).

Actions answer with what changed: their events, the nodes added and removed, and the screen
after (a compact interactive snapshot, or "unchanged" when the tree did not move since the
agent last saw it), so one call is one step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson

from agent_client.client.client import AgentClient
from agent_client.presentation.effects import effects_text, events_text
from agent_client.presentation.errors import UsageError
from agent_client.presentation.health import describe_metrics
from agent_client.presentation.world import controls_text, nearby_text, ray_text
from agent_client.wire.protocol import target_args

if TYPE_CHECKING:
    from agent_client.wire.answers import CommandInfo

# What the screen looks like to an agent after each step (and in `snapshot` by default).
STEP_VIEW = {"interactive": True, "compact": True}


@dataclass
class Result:
    """What a tool answers: text, and a PNG when it took a picture; ``tools_changed`` when
    the list of tools is another now (a game launched or gone: its own commands)."""

    text: str
    png: bytes | None = None
    tools_changed: bool = False


@dataclass
class Play:
    """The game this server drives and what the agent last saw of it."""

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
                fps=args.get("fps", 60),
                seed=args.get("seed", 0),
                install=args.get("install", False),
                user_data=args.get("user_data"),
                own_user_data=args.get("own_user_data", False),
                coverage=args.get("coverage", False),
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
        game = self.game
        self.close()
        if game is None:
            return Result("no game was running")
        return Result("stopped the game" + _final_coverage(game), tools_changed=True)

    def coverage(self, _args: dict[str, Any]) -> Result:
        """The terminal table of the game's coverage so far (launched with coverage)."""
        return Result(self.current().coverage().summary())

    def sessions(self, _args: dict[str, Any]) -> Result:
        from agent_client.engine.sessions import read_index

        lines = [f"this server: {self.game.session_dir}" if self.game else "this server: none"]
        for name, info in read_index()["sessions"].items():
            lines.append(f"{name}: {info.get('project')} ({info.get('dir')})")
        return Result("\n".join(lines))

    # --- seeing ---------------------------------------------------------------------------------

    def snapshot(self, args: dict[str, Any]) -> Result:
        options = {**STEP_VIEW, **args}
        return Result(self._screen(self.current().snapshot(**options)))

    def get_tree(self, args: dict[str, Any]) -> Result:
        tree = self.current().get_tree(
            args.get("root", "/root"), max_depth=args.get("max_depth", 3), fields=args.get("fields")
        )
        return Result(_json(tree))

    def get_events(self, _args: dict[str, Any]) -> Result:
        events = self.current().get_events()
        return Result(events_text(events, "no events since the last look"))

    def list_actions(self, _args: dict[str, Any]) -> Result:
        return Result(controls_text(self.current().list_actions()))

    def nearby(self, args: dict[str, Any]) -> Result:
        return Result(nearby_text(self.current().nearby(**args)))

    def raycast(self, args: dict[str, Any]) -> Result:
        return Result(ray_text(self.current().raycast(**args)))

    def screenshot(self, args: dict[str, Any]) -> Result:
        shot = self.current().screenshot(**args)
        picture = Path(shot["path"]).read_bytes()
        return Result(f"{shot['width']}x{shot['height']} PNG ({shot['path']})", png=picture)

    def metrics(self, args: dict[str, Any]) -> Result:
        return Result(describe_metrics(self.current().metrics(**args)))

    def measure(self, args: dict[str, Any]) -> Result:
        return Result(str(self.current().measure(**{"frames": 60, **args})))

    # --- acting ---------------------------------------------------------------------------------

    def act(self, cmd: str, args: dict[str, Any]) -> Result:
        """Runs an action command and answers with its effects and the screen after it."""
        game = self.current()
        wire = _wire_args(cmd, args)
        settled = bool(wire.pop("settled", False))
        options: dict[str, Any] = {"snapshot": {**STEP_VIEW, **self._since()}}
        if settled:
            options["settled"] = True
        wait = game.connection.timeout_for_wait(5000) if settled else None
        data = dict(game.request(cmd, {**wire, **options}, timeout=wait))
        events = game.connection.take_unread_events()
        screen = self._screen(data.pop("snapshot", None))
        return Result(effects_text(cmd, wire, data, events, screen))

    def call(self, cmd: str, args: dict[str, Any]) -> Result:
        """A command answered as JSON (targets may be refs); a game's own command too."""
        return Result(_json(self.current().request(cmd, _wire_args(cmd, args))))

    # --- waiting and time -----------------------------------------------------------------------

    def wait(self, args: dict[str, Any]) -> Result:
        """Frames and settling are the bridge's waits; an event, a text and a node the
        client's (a node by selector, as everywhere an agent names one)."""
        game = self.current()
        timeout_ms = int(args.get("timeout_ms", 5000))
        seconds = timeout_ms / 1000
        if args.get("event"):
            event = game.wait_for_event(args["event"], timeout=seconds)
            return Result(events_text([event], ""))
        if args.get("text") or args.get("node"):
            shown = args.get("text") or args["node"]
            locator = game.get_by_text(shown) if args.get("text") else game.locator(shown)
            locator.first.wait_for(state="visible", timeout=seconds)
            return Result(f"{shown!r} is on screen ({locator.first.path()})")
        if args.get("frames"):
            data = game.wait_frames(int(args["frames"]), timeout_ms=timeout_ms)
        else:
            data = game.wait_settled(
                quiet_frames=int(args.get("quiet_frames", 2)), timeout_ms=timeout_ms
            )
        return Result(f"waited {data['frames_waited']} frames")

    def time(self, cmd: str, args: dict[str, Any]) -> Result:
        """pause, resume, step and step_until: the clock after it."""
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

    def reset_game(self, args: dict[str, Any]) -> Result:
        data = self.current().reset_game(args.get("scene"))
        self.tree_version = None
        return self._arrived(f"reset to {data['scene']} at frame 0:")

    def digest(self, args: dict[str, Any]) -> Result:
        data = self.current().digest(**args)
        lines = [f"{data['digest']} at frame {data['frame']} ({data['count']} nodes)"]
        lines += [f"  {value} {path}" for path, value in (data.get("by_node") or {}).items()]
        return Result("\n".join(lines))

    # --- what the agent saw ---------------------------------------------------------------------

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


def _wire_args(cmd: str, args: dict[str, Any]) -> dict[str, Any]:
    """Tool arguments as the command's wire arguments: ``target`` becomes path or ref, and a
    drag's ends lose the ``@`` of a ref."""
    wire = {key: value for key, value in args.items() if value is not None}
    target = wire.pop("target", None)
    if target is not None:
        wire.update(target_args(str(target)))
    if cmd == "drag":
        wire = {key: _drag_end(value) for key, value in wire.items()}
    return wire


def _drag_end(value: Any) -> Any:
    """A drag end as the bridge takes it: a ref without @, a path, or {x, y}."""
    return value.removeprefix("@") if isinstance(value, str) else value


def _json(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


def _final_coverage(game: AgentClient) -> str:
    """A stopped game's coverage totals, as it ended ("" when it was not counted)."""
    from agent_client.wire.errors import CoverageError

    try:
        data = game.coverage()
    except (CoverageError, OSError, ValueError):
        return ""
    return f"; coverage: {data.totals()}"
