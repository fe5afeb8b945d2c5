"""Consolidation prompt: episodes -> facts / procedures / opinions with keys and entities.

Conservative by instruction: only what the user states, no inference, keys that make updates
visible (an updated fact reuses the key of the fact it replaces), ids that must be cited.

The schema is one a small model can finish (issue 38): every array and string is bounded, so a
server that turns it into a grammar (llama.cpp) cannot let a model repeat ``source_ids`` until
``max_tokens`` runs out. ``SYSTEM_SHORT`` is the prompt for small context windows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memlab.llm.prompts import as_tool, render_episodes
from memlab.types import ENTITY_TYPES, FACT_TYPES, EpisodeRef

MAX_FACTS = 12  # per page; a page holds a few dozen messages at most
MAX_SOURCES = 6
MAX_CONTENT = 200
MAX_NAME = 80

ENTITY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["name", "type"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
        "type": {"enum": list(ENTITY_TYPES)},
        "role": {"type": ["string", "null"], "maxLength": MAX_NAME},
        "aliases": {"type": "array", "items": {"type": "string", "maxLength": MAX_NAME}, "maxItems": 4},
    },
}

FACT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["content", "type", "source_ids", "confidence"],
    "properties": {
        "content": {"type": "string", "minLength": 1, "maxLength": MAX_CONTENT},
        "type": {"enum": list(FACT_TYPES)},
        "key": {"type": ["string", "null"], "maxLength": MAX_NAME},
        "value": {"type": ["string", "null"], "maxLength": MAX_NAME},
        "source_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": MAX_SOURCES},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        "entities": {"type": "array", "items": ENTITY_SCHEMA, "maxItems": 4},
        "updates": {"type": "array", "items": {"type": "integer"}, "maxItems": 4},
    },
}

SCHEMA: dict[str, Any] = {
    "title": "consolidation_plan",
    "type": "object",
    "required": ["facts"],
    "properties": {
        "facts": {"type": "array", "items": FACT_SCHEMA, "maxItems": MAX_FACTS},
        "entities": {"type": "array", "items": ENTITY_SCHEMA, "maxItems": MAX_FACTS},
        "ends": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["fact_id", "source_ids"],
                "properties": {
                    "fact_id": {"type": "integer"},
                    "source_ids": {"type": "array", "items": {"type": "integer"}, "minItems": 1, "maxItems": MAX_SOURCES},
                },
            },
            "maxItems": 4,
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


# The small plan, for small context windows (a 2K-token local model): key, value and one source
# id per fact, every string short and the fact count sized so that the longest answer the
# grammar allows fits max_tokens; no example values (a base model copies them).
SYSTEM_SHORT = """Turn the user's messages into memory facts. Only what a user message states; never guess.
Skip questions, plans, wishes, "if"/"should I" and negated statements. Fewer facts beat wrong ones.
key: "user|attribute" (user|city, user|employer, user|programming_language, user|pet).
value: the exact words of the message. source_id: the [id] of that message.
If a message changes an existing fact, use that fact's key.
Answer JSON only: {"facts": [{"key": "user|...", "value": "...", "source_id": ...}]}, or {"facts": []}."""
SMALL_STRING = 32
SMALL_FACT_TOKENS = 90  # the longest fact the small grammar allows, in tokens (one a character at worst)


def small_schema(ids: Sequence[int], max_tokens: int, values: Sequence[str] | None = None) -> dict[str, Any]:
    """The small plan for a page showing ``ids``: it cannot run past ``max_tokens``. ``values``:
    the only values it may give (phrases of the messages); none at all: no fact."""
    value: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": SMALL_STRING}
    if values:
        value = {"enum": [v[:SMALL_STRING] for v in values]}
    fact = {
        "type": "object",
        "required": ["key", "value", "source_id"],
        "additionalProperties": False,
        "properties": {
            "key": {"type": "string", "minLength": 1, "maxLength": SMALL_STRING},
            "value": value,
            "source_id": {"enum": sorted(set(ids))},
        },
    }
    most = max(1, min(4, (max_tokens - 12) // SMALL_FACT_TOKENS)) if values is None or values else 0
    return {
        "title": "small_plan",
        "type": "object",
        "required": ["facts"],
        "additionalProperties": False,
        "properties": {"facts": {"type": "array", "items": fact, "maxItems": most}},
    }


@dataclass(frozen=True)
class ConsolidatePrompt:
    episodes: Sequence[EpisodeRef]
    existing_facts: Sequence[tuple[int, str, str | None]] = ()
    page: int = 1
    pages: int = 1
    short: bool = False  # SYSTEM_SHORT: the server's context window is small


def system(short: bool) -> str:
    return SYSTEM_SHORT if short else SYSTEM


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
    return [{"role": "system", "content": system(ctx.short)}, {"role": "user", "content": user}]
