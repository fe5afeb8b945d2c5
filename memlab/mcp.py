"""The agent tools of ``memlab.tools`` over MCP (stdio), with the official ``mcp`` SDK (2.x).

``memlab mcp DB`` runs ``serve(memory)``. The low-level ``Server`` is used rather than the
decorator API because the tools already carry hand-written JSON schemas: MCP lists exactly the
schemas that function calling uses, and ``call_tool`` validates against them in one place.
Tool calls run in a worker thread (``anyio.to_thread``) so the event loop never blocks on
SQLite or on the single writer.
"""

from __future__ import annotations

import json
from typing import Any


def build_server(memory: Any, name: str = "memlab", user_id: str | None = None) -> Any:
    """An ``mcp.server.lowlevel.Server`` exposing every tool in ``memlab.tools.TOOLS``."""
    import anyio.to_thread
    import mcp_types as types
    from mcp.server.lowlevel import Server

    from memlab import __version__
    from memlab.tools import TOOLS, call_tool

    tools = [
        types.Tool(name=n, description=s["description"], input_schema=s["parameters"])
        for n, (_, s) in TOOLS.items()
    ]

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=tools)

    async def call(ctx: Any, params: Any) -> Any:
        args = dict(params.arguments or {})
        result = await anyio.to_thread.run_sync(lambda: call_tool(memory, params.name, args, user_id=user_id))
        is_error = isinstance(result, dict) and "error" in result and len(result) == 1
        text = json.dumps(result, ensure_ascii=False, indent=1)
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)],
            structured_content=result if isinstance(result, dict) else {"result": result},
            is_error=is_error,
        )

    return Server(
        name,
        version=__version__,
        instructions="Long-term memory: search it, remember and correct facts, explain where a fact came from.",
        on_list_tools=list_tools,
        on_call_tool=call,
    )


def serve(memory: Any, user_id: str | None = None) -> None:
    """Serve the tools over stdin/stdout until the client disconnects (scoped to ``user_id``)."""
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(memory, user_id=user_id)

    async def main() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(main)
