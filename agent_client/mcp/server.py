"""``agent-bridge mcp``: AgentBridge as a Model Context Protocol server over stdio, on the
official ``mcp`` SDK (``pip install "agent-bridge[mcp]"``). The tools are in ``tools``;
this module lists them (the game's own commands appear once a game is launched, announced with
``tools/list_changed``), checks each call's arguments against the tool's schema, runs the tool
off the event loop, and turns its result into MCP content (text, and a PNG for screenshots) and
every failure into a tool error that says what to do next. When the client closes stdin, the
game this server started is stopped with it.
"""

from __future__ import annotations

import sys
from typing import Any

from agent_client.mcp.play import Play, Result
from agent_client.mcp.tools import Tool, build_tools, explain
from agent_client.presentation.errors import UsageError


def run(*, read_only: bool = False) -> None:
    """Serves on stdin/stdout until the client goes (``agent-bridge mcp``); ``read_only``
    leaves out the tools that change the game's state directly."""
    try:
        import anyio
    except ImportError:  # pragma: no cover - anyio comes with mcp
        raise UsageError(
            "MISSING", 'The MCP server needs: pip install "agent-bridge[mcp]"'
        ) from None
    anyio.run(serve, Play(read_only=read_only))


async def serve(play: Play) -> None:
    """Answers MCP requests on stdin/stdout until the client goes; then stops the game."""
    try:
        import anyio
        import mcp.types as types
        from mcp.server import NotificationOptions, Server
        from mcp.server.stdio import stdio_server
    except ImportError:
        raise UsageError(
            "MISSING", 'The MCP server needs the mcp package: pip install "agent-bridge[mcp]"'
        ) from None
    from agent_client import __version__

    lock = anyio.Lock()  # one game, one step at a time
    built: list[Any] = [None, {}]  # the game's commands the tools were built for, the tools

    def tools() -> dict[str, Tool]:
        """The tools, built again only when the game's own commands are others (a game
        launched, attached, reset or gone)."""
        if built[0] is not play.game_commands:
            built[:] = [play.game_commands, {tool.name: tool for tool in build_tools(play)}]
        tools_now: dict[str, Tool] = built[1]
        return tools_now

    async def list_tools(_ctx: Any, _params: Any) -> Any:
        return types.ListToolsResult(tools=[_describe(types, tool) for tool in tools().values()])

    async def call_tool(ctx: Any, params: Any) -> Any:
        known = tools()
        tool = known.get(params.name)
        arguments = dict(params.arguments or {})
        if tool is None:
            return _error(
                types,
                f"UNKNOWN_COMMAND: There is no tool {params.name!r}.\n"
                "Next: list the tools to see what exists.",
            )
        problem = _argument_problem(tool, arguments)
        if problem:
            return _error(
                types,
                f"INVALID_ARGS: {problem}\nNext: fix the arguments (the tool's schema lists them).",
            )
        async with lock:
            try:
                result: Result = await anyio.to_thread.run_sync(tool.run, arguments)
            except Exception as error:  # every failure is the agent's to read, never a crash
                return _error(types, explain(error)[1])
        if result.tools_changed:
            await ctx.session.send_tool_list_changed()
        content: list[Any] = [types.TextContent(type="text", text=result.text)]
        if result.png is not None:
            from agent_client.mcp.tools import png_base64

            content.append(
                types.ImageContent(type="image", data=png_base64(result.png), mime_type="image/png")
            )
        return types.CallToolResult(content=content)

    server = Server(
        "agent-bridge",
        version=__version__,
        instructions="Drive a running game as a player: launch it, take a snapshot (refs such "
        "as e3 name what can be acted on), act by ref (click, fill, select, key), read what "
        "changed in each answer, and stop it when done.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    try:
        async with stdio_server() as (read_stream, write_stream):
            await server.run(
                read_stream,
                write_stream,
                server.create_initialization_options(NotificationOptions(tools_changed=True)),
            )
    finally:
        await anyio.to_thread.run_sync(play.close)


def _describe(types: Any, tool: Tool) -> Any:
    return types.Tool(
        name=tool.name,
        description=tool.description,
        input_schema=tool.schema,
        annotations=types.ToolAnnotations(
            read_only_hint=tool.read_only,
            destructive_hint=tool.destructive,
            open_world_hint=False,
        ),
    )


def _error(types: Any, text: str) -> Any:
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=True)


def _argument_problem(tool: Tool, arguments: dict[str, Any]) -> str:
    """What is wrong with the arguments for the tool's schema, as one sentence, or ""."""
    import jsonschema

    errors = sorted(
        jsonschema.Draft202012Validator(tool.schema).iter_errors(arguments),
        key=lambda error: list(error.path),
    )
    if not errors:
        return ""
    first = errors[0]
    where = "/".join(str(part) for part in first.path) or "the arguments"
    return f"{tool.name}: {where}: {first.message}."


if __name__ == "__main__":  # pragma: no cover
    run(read_only="--read-only" in sys.argv[1:])
