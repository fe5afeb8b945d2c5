"""The one way a fact enters memory and the one way it replaces another.

Consolidation (a plan applied in one transaction) and the agent tools (``remember_fact``,
``correct_fact``) both call ``write_fact`` and ``supersede`` on the writer's connection, so a
fact always gets the same columns, its vector in the same transaction when one is at hand, its
entity links and provenance edges, and a replaced fact always loses strength the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from memlab.config import ConsolidationConfig
from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.store import fact_rows
from memlab.store import store as st
from memlab.store.vectors import VectorIndex


@dataclass(frozen=True)
class NewFact:
    """A fact to write: what it says, whose it is, since when, and where it came from."""

    type: str
    content: str
    user_id: str
    valid_from: float
    confidence: float
    source_type: str  # "consolidation:<name>", "tool:remember_fact", ...
    key: str | None = None  # "subject|attribute"
    value: str | None = None
    session_id: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # more attributes ("corrects": id, ...)

    def attributes(self) -> dict[str, Any] | None:
        attrs = {**({"value": self.value} if self.value is not None else {}), **self.extra}
        return attrs or None


def write_fact(
    con: Any,
    fact: NewFact,
    *,
    now: float,
    decay_rate: float,
    vector: np.ndarray | None = None,
    index: VectorIndex | None = None,
    entities: Iterable[tuple[int, str | None]] = (),
    sources: Sequence[tuple[int, float]] = (),
) -> int:
    """Insert the fact node, its vector (when given), entity links and ``derived_from`` edges to
    its source episodes ``(id, time)``; returns the new node's id."""
    node_id = st.insert_node(
        con,
        type=fact.type,
        content=fact.content,
        event_time=fact.valid_from,
        created_at=now,
        valid_from=fact.valid_from,
        confidence=fact.confidence,
        base_strength=fact.confidence,
        decay_rate=decay_rate,
        source_type=fact.source_type,
        session_id=fact.session_id,
        fact_key=fact.key,
        attributes=fact.attributes(),
        user_id=fact.user_id,
    )
    if vector is not None and index is not None:
        index.add(con, [node_id], np.asarray(vector, dtype=np.float32)[None, :])
    for entity_id, role in entities:
        ent.link(con, node_id, entity_id, role)
    derive(con, node_id, sources, now)
    return node_id


def derive(con: Any, fact_id: int, sources: Sequence[tuple[int, float]], now: float) -> None:
    """``derived_from`` edges from a fact to the episodes ``(id, time)`` that state it."""
    for episode_id, time in sources:
        st.insert_edge(con, fact_id, episode_id, "derived_from", created_at=now, valid_from=time)


def supersede(con: Any, old_id: int, new_id: int, now: float, cfg: ConsolidationConfig) -> bool:
    """``new_id`` replaces ``old_id`` (kept in history, weakened as configured); False and no
    change when the old fact is no longer active."""
    return cf.resolve_conflict(
        con, old_id, new_id, now, confidence=cfg.superseded_confidence, decay_rate=cfg.superseded_decay_rate
    )


def end(con: Any, fact_id: int, until: float) -> bool:
    """The fact stopped being true at ``until`` with no successor ("I quit tennis"); it stays in
    history (archived or not). False when it already ended.

    Its reason is "superseded" (by the statement that ended it, which has no node of its own): the
    schema's CHECK allows two reasons, and a third would mean rebuilding the nodes table."""
    if not fact_rows.is_current(con, fact_id):
        return False
    st.invalidate(con, fact_id, until, "superseded")
    return True


def supersede_keyed(
    con: Any,
    new_id: int,
    content: str,
    key: str,
    value: str | None,
    user_id: str,
    now: float,
    cfg: ConsolidationConfig,
) -> list[int]:
    """Supersede the user's other active facts with this key and another value; their ids."""
    out = []
    for c in cf.keyed_candidates(con, key, exclude=new_id, user_id=user_id):
        if cf.verdict(content, key, value, c) == "supersedes" and supersede(con, c.id, new_id, now, cfg):
            out.append(c.id)
    return out
