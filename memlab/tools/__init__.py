"""Agent-facing tools: plain functions ``fn(memory, **arguments) -> JSON-able`` plus JSON schemas.

``TOOLS`` maps each name to ``(function, schema)``; the schema is in OpenAI function-calling
form (``{"name", "description", "parameters"}``) and is what MCP lists too. ``call_tool``
validates arguments against the schema and turns every bad input into ``{"error": ...}``.

``reads`` holds the tools that only read, ``commands`` the ones that change memory (through the
same fact write path as consolidation), ``schemas`` and ``dispatch`` what an agent sees.
"""

from memlab.tools.commands import confirm_fact, correct_fact, forget_fact, remember_fact
from memlab.tools.common import ToolError, find_facts, node_dict
from memlab.tools.dispatch import TOOLS, USER_SCOPED, call_tool, openai_tools
from memlab.tools.reads import (
    explain_fact,
    get_entity_profile,
    get_timeline,
    memory_stats,
    search_memory,
    weak_facts,
)
from memlab.tools.schemas import SCHEMAS

__all__ = [
    "SCHEMAS",
    "TOOLS",
    "USER_SCOPED",
    "ToolError",
    "call_tool",
    "confirm_fact",
    "correct_fact",
    "explain_fact",
    "find_facts",
    "forget_fact",
    "get_entity_profile",
    "get_timeline",
    "memory_stats",
    "node_dict",
    "openai_tools",
    "remember_fact",
    "search_memory",
    "weak_facts",
]
