"""The agent tools that change memory: remember, correct, confirm and forget a fact.

They write through the same path as consolidation (``memlab.knowledge.facts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.knowledge import facts as fw
from memlab.knowledge.decay import initial_rate
from memlab.store import fact_rows
from memlab.store import store as st
from memlab.tools.common import ToolError, embed_one, fact_text, get_fact, pick
from memlab.types import DEFAULT_USER, ENTITY_TYPES, EntityMention


def remember_fact(
    memory: Any,
    content: str,
    type: str = "semantic",
    key: str | None = None,
    value: str | None = None,
    entities: list[dict[str, Any]] | None = None,
    confidence: float = 0.9,
    user_id: str | None = None,
) -> dict[str, Any]:
    """Store a fact the agent was told; skips duplicates (same normalised content or cosine > 0.92).

    With a ``key`` ("user|city"), an active fact with that key and another value is superseded.
    """
    content = fact_text(content, "content")
    vec = embed_one(memory, content)
    dup = _duplicate(memory, content, type, vec, user_id or DEFAULT_USER)
    if dup is not None:
        return {
            "status": "duplicate",
            "id": dup[0],
            "similarity": dup[1],
            "message": "already known; not stored",
        }
    mentions = [_mention(e) for e in entities or ()]
    now = memory.clock.now()
    cfg = memory.config
    user = user_id or DEFAULT_USER

    def fn(con: Any) -> dict[str, Any]:
        linked = []
        for m in mentions:
            r = ent.resolve(con, m, now, user_id=user)
            ent.count_mentions(con, r.entity_id, 1, now, now)
            linked.append((r.entity_id, m.role))
        fact = fw.NewFact(type, content, user, now, confidence, "tool:remember_fact", key=key, value=value)
        node_id = fw.write_fact(
            con, fact, now=now, decay_rate=initial_rate(cfg.decay.lambda_, cfg.decay.keyed_factor, key),
            vector=vec, index=memory.index, entities=linked,
        )
        superseded = (
            fw.supersede_keyed(con, node_id, content, key, value, user, now, cfg.consolidation) if key else []
        )
        return {"status": "stored", "id": node_id, "superseded": superseded}

    out: dict[str, Any] = memory.store.writer.call(fn)
    if vec is None:
        memory.queue_embedding(out["id"], content)
    return out


def _duplicate(
    memory: Any, content: str, fact_type: str, vec: np.ndarray | None, user_id: str
) -> tuple[int, float] | None:
    con = memory.store.reader()
    same = cf.same_content_candidates(con, content, user_id=user_id)
    if same:
        return same[0].id, 1.0
    threshold = memory.config.consolidation.dedup_cosine
    for c in cf.search_candidates(memory.knowledge, content, vec, limit=5, user_id=user_id):
        if c.cosine is not None and c.cosine > threshold:
            return c.id, round(c.cosine, 4)
    return None


def _mention(raw: Any) -> EntityMention:
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping) or not str(raw.get("name", "")).strip():
        raise ToolError("each entity needs a non-empty name")
    etype = raw.get("type") or "concept"
    if etype not in ENTITY_TYPES:
        raise ToolError(f"entity type {etype!r} is not one of {list(ENTITY_TYPES)}")
    return EntityMention(str(raw["name"]).strip(), etype, raw.get("role"))


def correct_fact(
    memory: Any,
    correction: str,
    fact_id: int | None = None,
    query: str | None = None,
    user_id: str | None = None,
) -> dict[str, Any]:
    """Replace a fact with a corrected one (the old one is superseded, kept in history).

    Without ``fact_id`` the ``query`` must match exactly one active fact; otherwise the candidates
    come back and nothing changes.
    """
    correction = fact_text(correction, "correction")
    picked = pick(memory, fact_id, query, "correct_fact", user_id)
    if isinstance(picked, dict):
        return picked
    old = picked
    if old.type == "episodic":
        raise ToolError(f"memory {old.id} is an episode (a record of what was said); correct a fact instead")
    now = memory.clock.now()
    vec = embed_one(memory, correction)
    cfg = memory.config

    def fn(con: Any) -> int:
        fact = fw.NewFact(
            old.type, correction, old.user_id, now, 0.9, "tool:correct_fact", key=old.fact_key,
            extra={"corrects": old.id},
        )  # fmt: skip
        new_id = fw.write_fact(
            con, fact, now=now, decay_rate=initial_rate(cfg.decay.lambda_, cfg.decay.keyed_factor, old.fact_key),
            vector=vec, index=memory.index,
        )
        fact_rows.copy_entity_links(con, old.id, new_id)
        if not fw.supersede(con, old.id, new_id, now, cfg.consolidation):
            raise ToolError(f"memory {old.id} changed meanwhile; nothing corrected")
        return new_id

    new_id = memory.store.writer.call(fn)
    return {"status": "corrected", "old_id": old.id, "new_id": new_id, "content": correction}


def confirm_fact(memory: Any, fact_id: int, user_id: str | None = None) -> dict[str, Any]:
    """The user confirmed a fact: full strength and no decay (λ = 0); un-archives it."""
    n = get_fact(memory, fact_id, user_id=user_id)
    if n.type == "episodic":
        raise ToolError(f"memory {fact_id} is an episode; episodes never decay")
    memory.store.writer.call(lambda con: fact_rows.pin(con, n.id))
    return {"status": "confirmed", "id": n.id, "content": n.content}


def forget_fact(
    memory: Any, fact_id: int | None = None, query: str | None = None, user_id: str | None = None
) -> dict[str, Any]:
    """Soft-delete (reason ``forgotten``): gone from search, still in history for ``as_of``."""
    picked = pick(memory, fact_id, query, "forget_fact", user_id)
    if isinstance(picked, dict):
        return picked
    if picked.type == "episodic":  # as correct_fact and confirm_fact: episodes are the record
        raise ToolError(
            f"memory {picked.id} is an episode (a record of what was said); forget the facts derived from it"
        )
    now = memory.clock.now()
    memory.store.writer.call(
        lambda con: st.invalidate(con, picked.id, max(now, picked.valid_from), "forgotten")
    )
    return {"status": "forgotten", "id": picked.id, "content": picked.content}
