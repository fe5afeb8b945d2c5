"""Conflicts between a new fact and what memory already holds: candidates, verdict, resolution.

Candidates come from two places: active facts with the same ``fact_key`` (exact, indexed), and,
for facts without a key, the Retriever's internal ``CANDIDATES`` recipe (FTS5 stems + vectors,
fused by RRF) restricted to active facts of the same type about the same entities. That search
never touches ``access_count``/``last_accessed``: conflict detection is not access.

Resolution is soft: the old fact stays in history (``valid_until`` = the new fact's
``valid_from``, reason ``superseded``) and a ``supersedes`` edge new -> old keeps the chain
walkable, so ``as_of`` queries still see the old value at its time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from memlab.lang.text import stem_text
from memlab.store import fact_rows

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

Verdict = Literal["duplicate", "supersedes", "compatible"]


@dataclass(frozen=True)
class Candidate:
    """An active fact that a new fact may repeat or contradict."""

    id: int
    content: str
    key: str | None
    value: str | None
    valid_from: float
    cosine: float | None = None
    archived: bool = False  # decayed out of active memory, still true in the world


def same_content(a: str, b: str) -> bool:
    """Equal after normalisation (case, punctuation, stemming): "User prefers Python." == "user prefer python"."""
    sa = stem_text(a)
    return bool(sa) and sa == stem_text(b)


def _value(attributes_json: str | None) -> str | None:
    import json

    try:
        v = json.loads(attributes_json or "{}").get("value")
    except ValueError:
        return None
    return str(v) if v is not None else None


def _candidates(rows: Sequence[Sequence[Any]], cosines: dict[int, float] | None = None) -> list[Candidate]:
    cos = cosines or {}
    return [Candidate(r[0], r[1], r[2], _value(r[3]), r[4], cos.get(r[0]), bool(r[5])) for r in rows]


def keyed_candidates(
    con: Any, key: str, exclude: int | None = None, user_id: str | None = None
) -> list[Candidate]:
    """Facts with the same subject|attribute key (of the same user) that are still true, oldest
    first: archived ones too. Decay takes a fact out of active memory, not out of the world, so a
    new employer must still end the old one ("works at Soylent", unused for two months and
    archived, would otherwise stay current beside "works at Northwind")."""
    return _candidates(fact_rows.keyed_candidates(con, key, exclude if exclude is not None else -1, user_id))


def same_content_candidates(
    con: Any, content: str, fact_type: str | None = None, user_id: str | None = None
) -> list[Candidate]:
    """Active facts (of the same user) whose normalised content equals ``content`` (the facts'
    stem index, ``m005_fact_stem_index``)."""
    stem = stem_text(content)
    if not stem:
        return []
    if not any(ch.isalnum() for ch in stem):  # no token: the FTS phrase lookup this replaced found nothing
        return []
    # equal stems hold the same tokens: the FTS phrase test this had was implied
    return _candidates(fact_rows.same_stem_candidates(con, stem, fact_type, user_id))


def search_candidates(
    knowledge: Knowledge,
    content: str,
    vector: np.ndarray | None = None,
    *,
    fact_type: str | None = None,
    entity_ids: Sequence[int] = (),
    limit: int = 10,
    con: Any = None,
    user_id: str | None = None,
) -> list[Candidate]:
    """Hybrid (FTS + vector, RRF) search over active facts; read-only, no reinforcement.

    Restricted to ``fact_type`` and, when given, to facts linked to one of ``entity_ids``. Each
    candidate carries its cosine to ``vector`` when both have vectors.
    """
    ids, cosines = knowledge.retriever.fact_candidates(
        content, vector, fact_type=fact_type, entity_ids=entity_ids, user_id=user_id, limit=limit, con=con
    )
    if not ids:
        return []
    con = con if con is not None else knowledge.store.reader()
    by_id = {c.id: c for c in _candidates(fact_rows.candidates_by_ids(con, ids), cosines)}
    return [by_id[i] for i in ids if i in by_id]


def verdict(
    content: str, key: str | None, value: str | None, cand: Candidate, dedup_cosine: float = 0.92
) -> Verdict:
    """How a new fact relates to one candidate.

    Same normalised content, same key and value, or (without keys) a cosine above the dedup
    threshold: a duplicate. Same key with another value: the new fact supersedes. Anything else
    is compatible: without a key the offline path cannot tell a contradiction from a neighbour,
    so it keeps both rather than guess.
    """
    if same_content(content, cand.content):
        return "duplicate"
    if key is not None and cand.key == key:
        if value is not None and cand.value is not None and stem_text(value) == stem_text(cand.value):
            return "duplicate"
        return "supersedes"
    if key is None and cand.key is None and cand.cosine is not None and cand.cosine > dedup_cosine:
        return "duplicate"
    return "compatible"


def resolve_conflict(
    con: Any,
    old_id: int,
    new_id: int,
    now: float,
    *,
    confidence: float = 0.3,
    decay_rate: float = 0.5,
) -> bool:
    """``new_id`` supersedes ``old_id``; False (and no change) if the old one is not active.

    The old fact's base strength drops with its confidence, so the computed decay never
    restores it; a faster decay rate lets it fade from history views.
    """
    return fact_rows.supersede(con, old_id, new_id, now, confidence, decay_rate)


def chain(con: Any, node_id: int, depth: int = 20) -> dict[str, list[int]]:
    """The supersession chain around a fact: ``older`` (what it replaced) and ``newer`` (what replaced it)."""
    out: dict[str, list[int]] = {"older": [], "newer": []}
    for side in ("older", "newer"):
        seen, frontier = {node_id}, [node_id]
        for _ in range(depth):
            nxt: list[int] = []
            for nid in frontier:
                nxt.extend(i for i in fact_rows.supersedes_step(con, nid, side) if i not in seen)
            seen.update(nxt)
            out[side].extend(nxt)
            frontier = nxt
            if not frontier:
                break
    return out
