"""Entity summary prompt: a short description of one entity from the facts that mention it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memlab.llm.prompts import as_tool

SCHEMA: dict[str, Any] = {
    "title": "entity_summary",
    "type": "object",
    "required": ["summary"],
    "properties": {"summary": {"type": "string", "minLength": 1}},
}

TOOL = as_tool("emit_summary", "Record the summary of the entity.", SCHEMA)

SYSTEM = """You write a one- or two-sentence summary of an entity for an assistant's memory.
Use only the facts given; do not add anything they do not say. Mention the entity's relation to
the user when the facts state it. Answer with JSON only: {"summary": "..."}."""


@dataclass(frozen=True)
class EntitySummaryPrompt:
    name: str
    facts: Sequence[str]
    type: str | None = None


def messages(ctx: EntitySummaryPrompt) -> list[dict[str, str]]:
    kind = f" ({ctx.type})" if ctx.type else ""
    facts = "\n".join(f"- {f}" for f in ctx.facts) or "- (no facts)"
    user = f"Entity: {ctx.name}{kind}\nFacts:\n{facts}"
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
