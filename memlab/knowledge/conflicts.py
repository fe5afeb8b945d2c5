"""Conflicts between a new fact and what memory already holds: candidates, verdict, resolution.

Candidates come from two places: active facts with the same ``fact_key`` (exact, indexed), and,
for facts without a key, a small hybrid search (FTS5 stems + vectors, fused by RRF) restricted
to active facts of the same type about the same entities. That search reads through the store
directly and never touches ``access_count``/``last_accessed``: conflict detection is not access.

Resolution is soft: the old fact stays in history (``valid_until`` = the new fact's
``valid_from``, reason ``superseded``) and a ``supersedes`` edge new -> old keeps the chain
walkable, so ``as_of`` queries still see the old value at its time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

import numpy as np

from memlab.lang.text import fts_query, stem_text
from memlab.retrieval.fusion import rrf
from memlab.store import store as st

if TYPE_CHECKING:
    from memlab.view import MemoryView

Verdict = Literal["duplicate", "supersedes", "compatible"]
ACTIVE = "n.valid_until IS NULL AND n.archived_at IS NULL"
FACT = "n.type != 'episodic'"


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


_COLS = "n.id, n.content, n.fact_key, n.attributes, n.valid_from, n.archived_at IS NOT NULL"


def keyed_candidates(
    con: Any, key: str, exclude: int | None = None, user_id: str | None = None
) -> list[Candidate]:
    """Facts with the same subject|attribute key (of the same user) that are still true, oldest
    first: archived ones too. Decay takes a fact out of active memory, not out of the world, so a
    new employer must still end the old one ("works at Soylent", unused for two months and
    archived, would otherwise stay current beside "works at Northwind")."""
    # "n.user_id = ?" spelled out when there is a user: the (user, key) index is then searched, not
    # scanned whole (every fact of every user, per new fact: quadratic in the facts at 1M episodes)
    user_sql, params = ("AND n.user_id = ?", (user_id,)) if user_id is not None else ("", ())
    rows = con.execute(
        f"SELECT {_COLS} FROM nodes n WHERE n.fact_key = ? AND n.valid_until IS NULL AND {FACT} AND n.id != ? "
        f"{user_sql} ORDER BY n.valid_from, n.id",
        (key, exclude if exclude is not None else -1, *params),
    ).fetchall()
    return _candidates(rows)


def same_content_candidates(
    con: Any, content: str, fact_type: str | None = None, user_id: str | None = None
) -> list[Candidate]:
    """Active facts (of the same user) whose normalised content equals ``content`` (the facts'
    stem index, ``m005_fact_stem_index``)."""
    stem = stem_text(content)
    if not stem:
        return []
    type_sql, params = ("AND n.type = ?", [fact_type]) if fact_type else ("", [])
    if user_id is not None:
        type_sql, params = type_sql + " AND n.user_id = ?", [*params, user_id]
    if not any(ch.isalnum() for ch in stem):  # no token: the FTS phrase lookup this replaced found nothing
        return []
    rows = con.execute(  # equal stems hold the same tokens: the FTS phrase test this had was implied
        f"SELECT {_COLS} FROM nodes n WHERE n.stem = ? AND {FACT} AND {ACTIVE} {type_sql} ORDER BY n.id",
        [stem, *params],
    ).fetchall()
    return _candidates(rows)


def search_candidates(
    memory: MemoryView,
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
    con = con if con is not None else memory.store.reader()
    where, params = _restriction(fact_type, entity_ids, user_id)
    rankings: dict[str, list[int]] = {}
    match = fts_query(content)
    if match:
        rows = con.execute(
            f"SELECT n.id FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid WHERE nodes_fts MATCH ? "
            f"AND {where} ORDER BY bm25(nodes_fts) LIMIT ?",
            [match, *params, limit * 2],
        ).fetchall()
        rankings["fts"] = [r[0] for r in rows]
    cosines: dict[int, float] = {}
    if vector is not None and memory.index is not None:
        hits = memory.index.search(con, vector, limit * 2, keep=_keeper(con, where, params))
        rankings["vector"] = [i for i, _ in hits]
        cosines = {i: c for i, c in hits}
    ids = [f.id for f in rrf(rankings)][:limit]
    if not ids:
        return []
    rows = con.execute(
        f"SELECT {_COLS} FROM nodes n WHERE n.id IN ({','.join('?' * len(ids))})", ids
    ).fetchall()
    by_id = {c.id: c for c in _candidates(rows, cosines)}
    return [by_id[i] for i in ids if i in by_id]


def _restriction(
    fact_type: str | None, entity_ids: Sequence[int], user_id: str | None = None
) -> tuple[str, list[Any]]:
    parts: list[str] = [ACTIVE, FACT]
    params: list[Any] = []
    if user_id is not None:
        parts.append("n.user_id = ?")
        params.append(user_id)
    if fact_type:
        parts.append("n.type = ?")
        params.append(fact_type)
    if entity_ids:
        parts.append(
            f"n.id IN (SELECT node_id FROM node_entities WHERE entity_id IN ({','.join('?' * len(entity_ids))}))"
        )
        params.extend(entity_ids)
    return " AND ".join(parts), params


def _keeper(con: Any, where: str, params: list[Any]) -> Any:
    def keep(ids: list[int]) -> set[int]:
        if not ids:
            return set()
        rows = con.execute(
            f"SELECT n.id FROM nodes n WHERE n.id IN ({','.join('?' * len(ids))}) AND {where}",
            [*ids, *params],
        ).fetchall()
        return {r[0] for r in rows}

    return keep


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
    row = con.execute("SELECT valid_from FROM nodes WHERE id = ?", (new_id,)).fetchone()
    old = con.execute("SELECT valid_until FROM nodes WHERE id = ?", (old_id,)).fetchone()
    if row is None or old is None or old[0] is not None or old_id == new_id:
        return False
    valid_until = float(row[0])
    con.execute(
        "UPDATE nodes SET confidence = ?, base_strength = min(base_strength, ?), decay_rate = ? WHERE id = ?",
        (confidence, confidence, decay_rate, old_id),
    )
    st.invalidate(con, old_id, valid_until, "superseded")
    st.insert_edge(con, new_id, old_id, "supersedes", created_at=now, valid_from=valid_until)
    return True


def chain(con: Any, node_id: int, depth: int = 20) -> dict[str, list[int]]:
    """The supersession chain around a fact: ``older`` (what it replaced) and ``newer`` (what replaced it)."""
    out: dict[str, list[int]] = {"older": [], "newer": []}
    for side, (here, there) in {"older": ("src", "dst"), "newer": ("dst", "src")}.items():
        seen, frontier = {node_id}, [node_id]
        for _ in range(depth):
            nxt: list[int] = []
            for nid in frontier:
                rows = con.execute(
                    f"SELECT {there} FROM edges WHERE {here} = ? AND type = 'supersedes' ORDER BY id", (nid,)
                ).fetchall()
                nxt.extend(r[0] for r in rows if r[0] not in seen)
            seen.update(nxt)
            out[side].extend(nxt)
            frontier = nxt
            if not frontier:
                break
    return out


def stale_episodes(con: Any, episode_ids: Sequence[int]) -> set[int]:
    """Episodes whose every derived fact has been superseded: their claim is history now.

    For read paths that should not put "I prefer Python" next to the fact that replaced it; an
    episode no fact was derived from is never stale (nothing says it is outdated).
    """
    ids = list(dict.fromkeys(int(i) for i in episode_ids))
    if not ids:
        return set()
    rows = con.execute(
        "SELECT e.dst, min(f.invalid_reason = 'superseded') FROM edges e JOIN nodes f ON f.id = e.src "
        f"WHERE e.type = 'derived_from' AND e.dst IN ({','.join('?' * len(ids))}) GROUP BY e.dst",
        ids,
    ).fetchall()
    return {r[0] for r in rows if r[1]}


def replaced_by(con: Any, episode_ids: Sequence[int]) -> dict[int, tuple[float, str]]:
    """For stale episodes: (valid_from, content) of the newest fact that superseded a fact derived
    from them (``supersedes`` edges run new -> old), so a reader sees what replaced the claim."""
    ids = list(dict.fromkeys(int(i) for i in episode_ids))
    if not ids:
        return {}
    rows = con.execute(
        "SELECT d.dst, n.valid_from, n.content FROM edges d JOIN edges s ON s.dst = d.src AND s.type = 'supersedes' "
        "JOIN nodes n ON n.id = s.src WHERE d.type = 'derived_from' "
        f"AND d.dst IN ({','.join('?' * len(ids))}) ORDER BY n.valid_from",
        ids,
    ).fetchall()
    return {int(r[0]): (float(r[1]), str(r[2])) for r in rows}
