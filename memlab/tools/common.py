"""What the agent tools share: input checks, the error an agent reads, a fact's JSON shape, and
finding the one fact a command acts on (never a blind top-1 search hit: an id, or a query that
matches exactly one fact, else the candidates come back)."""

from __future__ import annotations

from typing import Any

import numpy as np

from memlab.clock import from_iso, iso
from memlab.knowledge import conflicts as cf
from memlab.knowledge.maintenance import build_policy
from memlab.lang.text import fts_query
from memlab.store import fact_rows
from memlab.types import FACT_TYPES, Node

MAX_FACT_CHARS = 2000  # the cap consolidation applies to facts; long text belongs in ingest
MAX_SEARCH_LIMIT = 100


def fact_text(text: Any, name: str) -> str:
    if not isinstance(text, str):
        raise ToolError(f"{name} must be a string, got {type(text).__name__}")
    clean = " ".join(text.split())
    if not clean:
        raise ToolError(f"{name} is empty")
    if len(clean) > MAX_FACT_CHARS:
        raise ToolError(
            f"{name} has {len(clean)} characters; a fact is one statement of at most {MAX_FACT_CHARS}. "
            "Store long text as a message (ingest) and remember the fact it states"
        )
    return clean


FACT_MATCH_COSINE = 0.75  # a vector-only candidate this close counts as naming the fact


class ToolError(ValueError):
    """Bad input for a tool; ``call_tool`` returns its message as ``{"error": ...}``."""


# -- helpers ----------------------------------------------------------------------------------------
def parse_time(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    try:
        return from_iso(str(value))
    except ValueError:
        raise ToolError(f"{name}: expected an ISO date/datetime or epoch seconds, got {value!r}") from None


def decay_policy(memory: Any) -> Any:
    """The decay policy the memory runs (its weights are what tools report as confidence)."""
    return build_policy(memory.knowledge)


def node_dict(memory: Any, n: Node, now: float | None = None) -> dict[str, Any]:
    now = memory.clock.now() if now is None else now
    status = "active" if n.active else (n.invalid_reason or "archived")
    return {
        "id": n.id,
        "type": n.type,
        "content": n.content,
        "status": status,
        "valid_from": iso(n.valid_from),
        "valid_until": iso(n.valid_until) if n.valid_until else None,
        "confidence": round(float(decay_policy(memory).weight(n, now)), 4),
        "session_id": n.session_id,
        "key": n.fact_key,
    }


def get_fact(memory: Any, fact_id: int, *, active: bool = True, user_id: str | None = None) -> Node:
    n: Node | None = memory.store.node(int(fact_id))
    if n is None or user_id is not None and n.user_id != user_id:  # another user's memory does not exist here
        raise ToolError(f"no memory with id {fact_id}")
    if active and n.valid_until is not None:
        raise ToolError(f"memory {fact_id} is no longer valid ({n.invalid_reason}); see explain_fact")
    return n


def embed_one(memory: Any, text: str) -> np.ndarray | None:
    if memory.embedder is None:
        return None
    try:
        return memory.embedder.embed_batch([text])[0]  # type: ignore[no-any-return]
    except Exception:
        return None


def find_facts(
    memory: Any, query: str, limit: int = 5, types: tuple[str, ...] = FACT_TYPES, user_id: str | None = None
) -> list[Node]:
    """Active facts that a query names: a lexical match or a close vector; no reinforcement."""
    vec = embed_one(memory, query)
    found: dict[int, cf.Candidate] = {}
    for t in types:
        for c in cf.search_candidates(memory.knowledge, query, vec, fact_type=t, limit=limit, user_id=user_id):
            found[c.id] = c

    match = fts_query(query)
    lexical: set[int] = set()
    if match and found:
        ids = list(found)
        lexical = fact_rows.matching_among(memory.store, match, ids)
    keep = [c for c in found.values() if c.id in lexical or (c.cosine or 0.0) >= FACT_MATCH_COSINE]
    keep.sort(key=lambda c: (c.id not in lexical, -(c.cosine or 0.0), c.id))
    return memory.store.nodes([c.id for c in keep[:limit]])  # type: ignore[no-any-return]


def pick(
    memory: Any, fact_id: int | None, query: str | None, action: str, user_id: str | None = None
) -> Node | dict[str, Any]:
    """The one fact to act on, or a reply listing candidates (never a blind top-1)."""
    if fact_id is not None:
        return get_fact(memory, fact_id, user_id=user_id)
    if not query or not query.strip():
        raise ToolError(f"{action}: give fact_id, or a query that names the fact")
    cands = find_facts(memory, query, user_id=user_id)
    if len(cands) == 1:
        return cands[0]
    status = "not_found" if not cands else "ambiguous"
    return {
        "status": status,
        "action": action,
        "message": f"{len(cands)} facts match; call again with fact_id",
        "candidates": [node_dict(memory, n) for n in cands],
    }
