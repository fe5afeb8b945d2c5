"""Causal prompt: pairs of consecutive episodes; a link needs explicit causal language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memlab.llm.prompts import as_tool, render_episode
from memlab.types import EpisodeRef

SCHEMA: dict[str, Any] = {
    "title": "causal_links",
    "type": "object",
    "required": ["links"],
    "properties": {
        "links": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["cause_id", "effect_id", "evidence"],
                "properties": {
                    "cause_id": {"type": "integer"},
                    "effect_id": {"type": "integer"},
                    "evidence": {"type": "string", "minLength": 1},
                },
            },
        }
    },
}

TOOL = as_tool("emit_links", "Record cause -> effect links between messages.", SCHEMA)

SYSTEM = """You find cause -> effect links between consecutive messages of a conversation.
A link needs explicit causal language connecting the two messages ("because", "so", "that's why",
"as a result", "which led to", "due to", "из-за", "поэтому", "потому что", "в результате", "так как").
Temporal order alone is not causation; topical similarity is not causation.
For each pair below decide whether one message states the cause of the other.
Use only the ids of that pair. evidence: the causal words, quoted from the message.
Answer with JSON only: {"links": [{"cause_id": 1, "effect_id": 2, "evidence": "..."}]}; an empty
list is a good answer."""


@dataclass(frozen=True)
class CausalPrompt:
    pairs: Sequence[tuple[EpisodeRef, EpisodeRef]]


def messages(ctx: CausalPrompt) -> list[dict[str, str]]:
    blocks = [f"Pair {i}:\n{render_episode(a)}\n{render_episode(b)}" for i, (a, b) in enumerate(ctx.pairs, 1)]
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": "\n\n".join(blocks)}]
