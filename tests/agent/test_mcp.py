"""The MCP server end to end: the SDK's own client talks to ``agent-bridge mcp`` over a real
stdio subprocess, which drives real Godot. Tools, a launched game, steps by ref, the game's own
commands as tools, screenshots as images, read-only mode, bad input, and a clean exit."""

from __future__ import annotations

import base64
import io
import os
import re
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import orjson
import psutil
import pytest
from PIL import Image

pytest.importorskip("mcp")
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "demos" / "crystal_vault"
WORLD_2D = "res://scenes/world_2d.tscn"
sys.path.insert(0, str(REPO / "demos"))

from vault_agent import read_vault, symmetries  # noqa: E402

Session = Any


@asynccontextmanager
async def server(*flags: str) -> AsyncIterator[tuple[Session, list[str]]]:
    """An MCP client session with ``agent-bridge mcp FLAGS`` (and the notifications seen)."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agent_client.cli", "mcp", *flags],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        cwd=str(REPO),
    )
    seen: list[str] = []

    async def on_message(message: Any) -> None:
        seen.append(str(getattr(message, "method", type(message).__name__)))

    async with (
        stdio_client(params) as (read, write),
        ClientSession(read, write, message_handler=on_message) as session,
    ):
        await session.initialize()
        yield session, seen


def run(test: Callable[[], Awaitable[None]]) -> None:
    anyio.run(test)


def text_of(result: Any) -> str:
    return "\n".join(item.text for item in result.content if getattr(item, "type", "") == "text")


async def call(session: Session, name: str, **arguments: Any) -> str:
    result = await session.call_tool(name, arguments)
    assert not result.is_error, text_of(result)
    return text_of(result)


async def tool_names(session: Session) -> set[str]:
    return {tool.name for tool in (await session.list_tools()).tools}


def engine_pid(screen: str) -> int:
    folder = screen.split("this server: ", 1)[1].splitlines()[0].strip()
    return int(orjson.loads((Path(folder) / "bridge.json").read_bytes())["pid"])


def test_an_agent_plays_a_level_through_mcp_tools_alone() -> None:
    async def play() -> None:
        async with server() as (session, seen):
            names = await tool_names(session)
            assert {"launch", "snapshot", "click", "select", "step_until", "set_property"} <= names
            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            assert tools["snapshot"].annotations.read_only_hint is True
            assert tools["set_property"].annotations.destructive_hint is True
            launched = await call(session, "launch", project=str(DEMO), install=True)
            assert "screen (tree_version" in launched and "ref=e" in launched
            await anyio.sleep(0.2)
            assert "notifications/tools/list_changed" in seen
            assert "game_submit_permutation" in await tool_names(session)
            cayley = next(line for line in launched.splitlines() if "Show Cayley Table" in line)
            ref = cayley.split("ref=")[1].rstrip("]")
            clicked = await call(session, "click", target=ref)
            assert "pressed from /root/LevelScene/HUDLayer/TopBar/CayleyButton" in clicked
            assert "screen" in clicked
            tree = orjson.loads(
                await call(session, "get_tree", root="/root/LevelScene", max_depth=20)
            )
            lean = orjson.loads(
                await call(session, "get_tree", root="/root/LevelScene", fields=["name", "role"])
            )
            assert set(lean) == {"name", "role", "children"} and lean["name"] == "LevelScene"
            for mapping in symmetries(read_vault(tree)):
                answer = await call(session, "game_submit_permutation", mapping=list(mapping))
                assert '"result"' in answer
            assert "level_completed" in await call(session, "get_events")
            pid = engine_pid(await call(session, "sessions"))
        deadline = time.monotonic() + 10
        while psutil.pid_exists(pid) and time.monotonic() < deadline:
            await anyio.sleep(0.1)
        assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == "zombie", (
            "the game went with the server when the client closed stdin"
        )

    run(play)


def test_bad_input_is_a_tool_error_and_the_server_stays_up() -> None:
    async def probe() -> None:
        async with server() as (session, _):
            early = await session.call_tool("snapshot", {})
            assert early.is_error and "NO_SESSION" in text_of(early)
            assert "Next: call launch" in text_of(early)
            unknown = await session.call_tool("teleport", {})
            assert unknown.is_error and "UNKNOWN_COMMAND" in text_of(unknown)
            wrong = await session.call_tool("step", {"frames": "many"})
            assert wrong.is_error and "INVALID_ARGS" in text_of(wrong)
            await call(session, "launch", project=str(DEMO), install=True)
            stale = await session.call_tool("click", {"target": "e99999"})
            assert stale.is_error and "STALE_REF" in text_of(stale)
            assert "Next: take a new snapshot" in text_of(stale)
            headless = await session.call_tool("screenshot", {})
            assert headless.is_error and "render: true" in text_of(headless)
            assert "ref=e" in await call(session, "snapshot"), "still serving"
            unchanged = await call(session, "snapshot", since=10**6)
            assert "screen (tree_version" in unchanged
            await call(session, "stop")

    run(probe)


def test_read_only_hides_the_tools_that_write_and_keeps_the_health_tools() -> None:
    async def look() -> None:
        async with server("--read-only") as (session, _):
            await call(session, "launch", project=str(DEMO), install=True)
            names = await tool_names(session)
            assert "click" in names and "snapshot" in names
            assert not names & {"set_property", "call_method", "change_scene"}
            assert not any(name.startswith("game_") for name in names)
            health = await call(session, "metrics", orphans=True)
            assert health.startswith("nodes ") and health.endswith("orphans: none")
            frames = await call(session, "measure", frames=10)
            assert frames.splitlines()[0] == "10 frames" and "process ms p50" in frames
            await call(session, "stop")

    run(look)


def test_screenshots_come_back_as_png_images() -> None:
    async def shoot() -> None:
        async with server() as (session, _):
            await call(session, "launch", project=str(DEMO), install=True, render=True)
            result = await session.call_tool("screenshot", {"annotate": True})
            assert not result.is_error, text_of(result)
            image = next(item for item in result.content if item.type == "image")
            assert image.mime_type == "image/png"
            with Image.open(io.BytesIO(base64.b64decode(image.data))) as picture:
                assert picture.format == "PNG" and picture.size[0] > 100
            await call(session, "stop")

    run(shoot)


def test_a_game_world_through_mcp_tools() -> None:
    """Controls, a pad, and spatial questions, on the fixture game's 2D world."""

    async def explore() -> None:
        async with server() as (session, _):
            names = await tool_names(session)
            assert {"list_actions", "gamepad", "nearby", "raycast"} <= names
            world = str(REPO / "tests" / "fixture_game")
            launched = await call(session, "launch", project=world, scene=WORLD_2D)
            assert "- controls: ui_cancel (Escape, pad B), move_left (A, Left" in launched
            controls = await call(session, "list_actions")
            assert "  fire: pad A\n" in controls and "  throttle: RT\n" in controls
            fired = await call(session, "gamepad", joy_button="a")
            assert fired.startswith("input joy_button=a (plays fire)") and "fired from" in fired, (
                fired
            )
            near = await call(session, "nearby", target="/root/World2D/Player", limit=2)
            assert near.splitlines()[:2] == [
                "5 near 200,300 (the nearest 2)",
                '  generic "Silver Coin" @e4  150 away toward 0,1  at=200,450  pos=200,450',
            ]
            ray = await call(session, "raycast", target="/root/World2D/Player", to=[600, 300])
            assert ray.startswith('hit generic "Wall" @e2 at 390,300 (190 away)')
            bad = await session.call_tool("gamepad", {"joy_button": "z"})
            assert bad.is_error and "INVALID_ARGS: Unknown joy_button" in text_of(bad)
            nowhere = await session.call_tool("nearby", {"target": "/root/World2D/Nobody"})
            assert nowhere.is_error and "NOT_FOUND" in text_of(nowhere)
            await call(session, "stop")

    run(explore)


def test_an_agent_sees_which_lines_its_play_reached() -> None:
    from tests.conftest import COVERAGE_GAME

    async def play() -> None:
        async with server() as (session, _seen):
            await call(session, "launch", project=str(COVERAGE_GAME), coverage=True)
            await call(session, "game_cast", element="fire")
            table = await call(session, "coverage")
            assert re.search(r"^scripts/spell\.gd\s+5\s+3\s+40%", table, re.M), table
            assert "scripts/Unused.cs" in table, "what is not counted is said"
            stopped = await call(session, "stop")
            assert re.match(r"stopped the game; coverage: \d+/\d+ lines", stopped), stopped
            await call(session, "launch", project=str(COVERAGE_GAME))
            result = await session.call_tool("coverage", {})
            assert result.is_error and "NO_COVERAGE" in text_of(result)

    run(play)
