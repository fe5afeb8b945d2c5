"""Consolidation prompt: episodes -> facts / procedures / opinions with keys and entities.

Conservative by instruction: only what the user states, no inference, keys that make updates
visible (an updated fact reuses the key of the fact it replaces), ids that must be cited.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memlab.knowledge.plan import FACT_TYPES, EpisodeRef
from memlab.llm.prompts import as_tool, render_episodes
from memlab.types import ENTITY_TYPES

ENTITY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "type"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "type": {"enum": list(ENTITY_TYPES)},
        "role": {"type": ["string", "null"]},
        "aliases": {"type": "array", "items": {"type": "string"}},
    },
}

FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["content", "type", "source_ids", "confidence"],
    "properties": {
        "content": {"type": "string", "minLength": 1},
        "type": {"enum": list(FACT_TYPES)},
        "key": {"type": ["string", "null"]},
        "value": {"type": ["string", "null"]},
        "source_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "entities": {"type": "array", "items": ENTITY_SCHEMA},
        "updates": {"type": "array", "items": {"type": "integer"}},
    },
}

SCHEMA: dict[str, Any] = {
    "title": "consolidation_plan",
    "type": "object",
    "required": ["facts"],
    "properties": {
        "facts": {"type": "array", "items": FACT_SCHEMA},
        "entities": {"type": "array", "items": ENTITY_SCHEMA},
        "ends": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["fact_id", "source_ids"],
                "properties": {
                    "fact_id": {"type": "integer"},
                    "source_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1},
                },
            },
        },
    },
}

TOOL = as_tool("emit_plan", "Record the facts, procedures, opinions and entities found.", SCHEMA)

SYSTEM = """You turn a conversation excerpt into long-term memory for an assistant.
Extract, conservatively:
- semantic: stable facts about the user or their world ("User lives in Vilnius.")
- procedural: how the user wants things done ("User wants code reviews as bullet lists.")
- opinion: the user's preferences and judgements ("User prefers Rust over Go.")
Rules:
- Only what a message states. Never infer, guess, or generalise. Fewer facts beat wrong ones.
- Facts come from the user's messages; the assistant's messages only give context.
- Ignore questions, hypotheticals ("if I ...", "should I ..."), negated or uncertain statements.
- Write each fact as one short third-person sentence about "User", in the language of the message.
- source_ids: the [id] of every message the fact comes from. Cite only ids shown below.
- key: "subject|attribute" in lower case (e.g. "user|city", "user|employer", "user|language",
  "user|manager", "project:atlas|status"); value: the attribute's value. Use null for facts
  that are not one value of one attribute.
- If a fact changes one of the existing facts, reuse that fact's key and list its id in "updates".
  Do not repeat an existing fact that is unchanged.
- ends: an existing fact that a message says is over with nothing in its place ("I quit tennis"):
  {"fact_id": its id, "source_ids": [the message]}. A fact with a replacement is an update instead.
- entities: people, organizations, places, projects, tools, concepts named in the fact, with their
  role in it ("city", "employer", "manager") and other surface forms as aliases.
- confidence: 0.9 for plain explicit statements, lower when the wording is vague.
Answer with JSON only: {"facts": [...], "entities": [...], "ends": [...]}."""


@dataclass(frozen=True)
class ConsolidatePrompt:
    episodes: Sequence[EpisodeRef]
    existing_facts: Sequence[tuple[int, str, str | None]] = ()
    page: int = 1
    pages: int = 1


def render_existing(facts: Sequence[tuple[int, str, str | None]]) -> str:
    if not facts:
        return "(none)"
    return "\n".join(f"#{fid} [{key or 'no key'}] {content}" for fid, content, key in facts)


def messages(ctx: ConsolidatePrompt) -> list[dict[str, str]]:
    part = f" (part {ctx.page} of {ctx.pages})" if ctx.pages > 1 else ""
    user = (
        f"Existing facts:\n{render_existing(ctx.existing_facts)}\n\n"
        f"Messages{part}:\n{render_episodes(ctx.episodes)}"
    )
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]
