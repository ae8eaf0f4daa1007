"""An agent that plays Crystal Vault through MCP tools alone, as an AI assistant would: it
starts `agent-bridge mcp` as its MCP server, launches the game with the `launch` tool, reads
the vault from `get_tree`, works out every symmetry, submits each with the game's own
`game_submit_permutation` tool, and watches `get_events` for the level's completion.

Run: python demos/demo_mcp_agent.py   (needs the mcp extra: pip install "agent-bridge[mcp]")
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import anyio
import orjson
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from vault_agent import read_vault, symmetries  # noqa: E402

GAME = HERE / "crystal_vault"


class Agent:
    """Counts the calls it makes and the bytes it reads."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.calls = 0
        self.bytes_read = 0

    async def use(self, tool: str, **arguments: Any) -> str:
        self.calls += 1
        result = await self.session.call_tool(tool, arguments)
        text = "\n".join(item.text for item in result.content if item.type == "text")
        self.bytes_read += len(text.encode())
        if result.is_error:
            raise RuntimeError(f"{tool} failed: {text}")
        return text


async def play() -> int:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agent_client.cli", "mcp"],
        env={**os.environ, "PYTHONPATH": str(HERE.parent)},
    )
    started = time.perf_counter()
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        agent = Agent(session)
        launched = await agent.use("launch", project=str(GAME), install=True)
        print(launched.splitlines()[0])
        print("\n".join(launched.splitlines()[1:8]) + "\n  ...")
        tree = orjson.loads(await agent.use("get_tree", root="/root/LevelScene", max_depth=20))
        vault = read_vault(tree)
        print(f"\nThe agent sees: {vault.describe()}")
        found = symmetries(vault)
        print(f"It works out {len(found)} symmetries and submits each one:")
        for mapping in found:
            answer = orjson.loads(await agent.use("game_submit_permutation", mapping=mapping))
            print(f"  {list(mapping)} -> {answer.get('result')}")
        events = await agent.use("get_events")
        solved = "level_completed" in events
        print(f"\nlevel_completed: {'yes' if solved else 'no'}")
        await agent.use("stop")
    took = time.perf_counter() - started
    print(
        f"{agent.calls} MCP tool calls, {agent.bytes_read:,} bytes read, {took:.2f} s "
        "(server start and game launch included)"
    )
    return 0 if solved else 1


if __name__ == "__main__":
    sys.exit(anyio.run(play))
