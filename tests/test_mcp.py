"""A real MCP client from the SDK starts `memlab mcp DB` over stdio, lists tools, calls them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")

from mcp import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402

from memlab.mcp import build_server  # noqa: E402
from memlab.memory import Memory  # noqa: E402
from memlab.tools import TOOLS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _text(result) -> dict:  # noqa: ANN001
    return json.loads(result.content[0].text)


def test_stdio_server_lists_and_calls_tools(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    Memory.open(db, embedder=None).close()  # `memlab mcp` serves a database, never creates one
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "memlab.cli", "mcp", str(db), "--embedder", "hashing"],
        cwd=str(ROOT),
    )

    async def session() -> None:
        with anyio.fail_after(60):
            async with Client(params) as c:
                listed = await c.list_tools()
                assert {t.name for t in listed.tools} == set(TOOLS)
                stored = await c.call_tool(
                    "remember_fact", {"content": "User lives in Vilnius.", "key": "user|city"}
                )
                assert not stored.is_error and _text(stored)["status"] == "stored"
                found = await c.call_tool("search_memory", {"query": "Vilnius"})
                assert not found.is_error
                assert [r["content"] for r in _text(found)["results"]] == ["User lives in Vilnius."]
                bad = await c.call_tool("search_memory", {"limit": 2})
                assert bad.is_error and "query" in _text(bad)["error"]

    anyio.run(session)
    with Memory.open(db, embedder=None) as m:  # the server committed to the file
        assert m.store.counts()["nodes"]["semantic"] == 1


def test_in_process_server_matches_call_tool(mem: Memory) -> None:
    async def session() -> None:
        async with Client(build_server(mem)) as c:
            r = await c.call_tool("memory_stats", {})
            assert not r.is_error and _text(r)["nodes_total"] == 0
            assert r.structured_content["nodes_total"] == 0

    anyio.run(session)
