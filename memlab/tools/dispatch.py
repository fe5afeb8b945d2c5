"""``call_tool``: validate an agent's arguments against the tool's schema, scope it to a user, run it,
and turn every bad input into ``{"error": ...}`` that the agent can read and act on."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from memlab.tools.commands import confirm_fact, correct_fact, forget_fact, remember_fact
from memlab.tools.common import ToolError
from memlab.tools.reads import (
    explain_fact,
    get_entity_profile,
    get_timeline,
    memory_stats,
    search_memory,
    weak_facts,
)
from memlab.tools.schemas import SCHEMAS

_FUNCS: dict[str, Callable[..., Any]] = {
    "search_memory": search_memory,
    "remember_fact": remember_fact,
    "correct_fact": correct_fact,
    "confirm_fact": confirm_fact,
    "forget_fact": forget_fact,
    "get_entity_profile": get_entity_profile,
    "get_timeline": get_timeline,
    "memory_stats": memory_stats,
    "explain_fact": explain_fact,
    "weak_facts": weak_facts,
}
TOOLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {k: (_FUNCS[k], SCHEMAS[k]) for k in _FUNCS}


def openai_tools() -> list[dict[str, Any]]:
    """The ``tools=`` list for OpenAI-style chat completions."""
    return [{"type": "function", "function": schema} for _, schema in TOOLS.values()]


def call_tool(
    memory: Any, name: str, arguments: str | Mapping[str, Any] | None = None, *, user_id: str | None = None
) -> Any:
    """Validate and run one tool; bad input (or an unknown tool) gives ``{"error": ...}``.

    ``user_id`` scopes every tool to one user's memory: another user's facts, entities and
    episodes are not found, and memory_stats counts only theirs."""
    from memlab.llm.parse import first_error

    if name not in TOOLS:
        return {"error": f"unknown tool {name!r}; available: {sorted(TOOLS)}"}
    fn, schema = TOOLS[name]
    if arguments is None or arguments == "":
        args: Any = {}
    elif isinstance(arguments, str):
        try:
            args = json.loads(arguments)
        except json.JSONDecodeError as exc:
            return {"error": f"{name}: arguments are not valid JSON ({exc})"}
    else:
        args = dict(arguments)
    if not isinstance(args, dict):
        return {"error": f"{name}: arguments must be a JSON object"}
    problem = first_error(args, schema["parameters"], "arguments")
    if problem is not None:
        return {"error": f"{name}: {problem}"}
    if user_id is not None and name in USER_SCOPED:
        args["user_id"] = user_id
    try:
        return _jsonable(fn(memory, **args))
    except ToolError as exc:
        return {"error": f"{name}: {exc}"}


USER_SCOPED = frozenset(
    {"search_memory", "remember_fact", "correct_fact", "confirm_fact", "forget_fact", "get_entity_profile",
     "get_timeline", "explain_fact", "weak_facts", "memory_stats"}
)  # fmt: skip


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str, ensure_ascii=False))
