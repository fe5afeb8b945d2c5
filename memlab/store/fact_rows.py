"""SQL of the fact write path (consolidation and the agent tools) and of the tools' reads.

Reads take the ``Store``; writes take the writer's connection, so each caller keeps its own
transaction (a consolidation plan is applied in one, a tool call in another).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from memlab.store import queries as q
from memlab.store.store import Store, insert_edge, invalidate, row_to_node
from memlab.types import Node


# -- sessions under consolidation ------------------------------------------------------------------
def session_episode_page(
    store: Store, session_id: str, after: tuple[float, int], limit: int
) -> list[tuple[int, str, float, str, str | None, str]]:
    """(id, content, time, role, speaker, user) of a session's episodes after ``after`` = (time, id)."""
    rows = store.execute_read(
        "SELECT id, content, event_time, coalesce(source_role, 'user'), speaker, user_id FROM nodes "
        "WHERE session_id = ? AND +type = 'episodic' AND (event_time, id) > (?, ?) "
        "ORDER BY event_time, id LIMIT ?",
        (session_id, after[0], after[1], limit),
    )
    return [(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]


def facts_matching(store: Store, match: str, user_id: str, limit: int) -> list[tuple[int, str, str | None]]:
    """(id, content, key) of one user's active facts that match an FTS query, best first."""
    rows = store.execute_read(
        "SELECT n.id, n.content, n.fact_key FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid "
        "WHERE nodes_fts MATCH ? AND n.type != 'episodic' AND n.valid_until IS NULL AND n.archived_at IS NULL "
        "AND n.user_id = ? ORDER BY bm25(nodes_fts) LIMIT ?",
        (match, user_id, limit),
    )
    return [(r[0], r[1], r[2]) for r in rows]


CHECKPOINT = "session_checkpoint:"  # meta key prefix: the last episode an open session's checkpoint consolidated
START: tuple[float, int] = (float("-inf"), -1)


def checkpoint_of(reader: Any, session_id: str) -> tuple[float, int]:
    """(time, id) of the last episode of ``session_id`` already consolidated while it was open
    (``START`` when none was)."""
    row = reader.execute("SELECT value FROM meta WHERE key = ?", (CHECKPOINT + session_id,)).fetchone()
    if row is None:
        return START
    t, i = row[0].split(",")
    return float(t), int(i)


EpisodeRow = tuple[int, str, float, str, str | None, str]


def sessions_episodes(store: Store, session_ids: Sequence[str]) -> dict[str, list[EpisodeRow]]:
    """Every episode of each session, ``session_episode_page`` order, for many sessions in one query
    (consolidation reads a group of sessions at once: at 1M episodes, 250K sessions of ~4)."""
    if not session_ids:
        return {}
    marks = ",".join("?" * len(session_ids))
    rows = store.execute_read(
        "SELECT session_id, id, content, event_time, coalesce(source_role, 'user'), speaker, user_id FROM nodes "
        f"WHERE session_id IN ({marks}) AND +type = 'episodic' AND (event_time, id) > (?, ?) "
        "ORDER BY session_id, event_time, id",
        (*session_ids, *START),
    )
    out: dict[str, list[EpisodeRow]] = {sid: [] for sid in session_ids}
    for r in rows:
        out[r[0]].append((r[1], r[2], r[3], r[4], r[5], r[6]))
    return out


def checkpoints_of(reader: Any, session_ids: Sequence[str]) -> dict[str, tuple[float, int]]:
    """``checkpoint_of`` of many sessions in one query; the sessions without one are left out."""
    if not session_ids:
        return {}
    marks = ",".join("?" * len(session_ids))
    rows = reader.execute(
        f"SELECT key, value FROM meta WHERE key IN ({marks})", [CHECKPOINT + sid for sid in session_ids]
    ).fetchall()
    out = {}
    for key, value in rows:
        t, i = value.split(",")
        out[key[len(CHECKPOINT) :]] = (float(t), int(i))
    return out


def set_checkpoint(con: Any, session_id: str, after: tuple[float, int] | None) -> None:
    """Record how far an open session is consolidated; None forgets it (the session is done)."""
    if after is None:
        con.execute("DELETE FROM meta WHERE key = ?", (CHECKPOINT + session_id,))
    else:
        con.execute(
            "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (CHECKPOINT + session_id, f"{after[0]!r},{after[1]}"),
        )


def is_open(con: Any, session_id: str) -> bool:
    row = con.execute("SELECT status FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return row is not None and row[0] == "open"


def mark_consolidated(con: Any, session_id: str, now: float) -> bool:
    """Close a pending/failed session as consolidated; False when someone else already did."""
    cur = con.execute(
        "UPDATE sessions SET status = 'consolidated', consolidated_at = ?, last_error = NULL "
        "WHERE id = ? AND status IN ('pending', 'failed')",
        (now, session_id),
    )
    return bool(cur.rowcount)


def record_failure(con: Any, session_id: str, error: str, max_attempts: int | None) -> str:
    """Store the error; with ``max_attempts`` also spend an attempt (``failed`` once they run out).

    Returns the session's status afterwards."""
    if max_attempts is None:
        con.execute("UPDATE sessions SET last_error = ? WHERE id = ?", (error[:2000], session_id))
    else:
        con.execute(
            "UPDATE sessions SET attempts = attempts + 1, last_error = ?, "
            "status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END "
            "WHERE id = ? AND status IN ('pending', 'failed')",
            (error[:2000], max_attempts, session_id),
        )
    row = con.execute("SELECT status FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return str(row[0]) if row else "unknown"


def add_causal_edge(
    con: Any, cause: int, effect: int, confidence: float, valid_from: float, evidence: str, now: float
) -> int:
    """A ``caused`` edge between two episodes (kept once per pair); 1 if new, else 0."""
    cur = con.execute(
        "INSERT INTO edges(src, dst, type, predicate, confidence, valid_from, evidence, created_at) "
        "VALUES (?, ?, 'causal', 'caused', ?, ?, ?, ?) ON CONFLICT(src, dst, type) DO NOTHING",
        (cause, effect, confidence, valid_from, evidence[:500], now),
    )
    return int(cur.rowcount)


# -- facts -----------------------------------------------------------------------------------------
def is_active(con: Any, node_id: int) -> bool:
    """Neither superseded/forgotten nor archived (read on the caller's connection)."""
    row = con.execute(
        "SELECT valid_until IS NULL AND archived_at IS NULL FROM nodes WHERE id = ?", (node_id,)
    ).fetchone()
    return bool(row and row[0])


def is_current(con: Any, node_id: int) -> bool:
    """Not superseded or forgotten: still true in the world, archived or not."""
    row = con.execute("SELECT valid_until IS NULL FROM nodes WHERE id = ?", (node_id,)).fetchone()
    return bool(row and row[0])


def restore(con: Any, node_id: int, strength: float, now: float) -> None:
    """An archived fact said again: back in active memory, at least as strong as the new
    statement, its decay counted from now (a restatement is the strongest access)."""
    con.execute(
        "UPDATE nodes SET archived_at = NULL, base_strength = max(base_strength, ?), "
        "confidence = max(base_strength, ?), last_accessed = ? WHERE id = ?",
        (strength, strength, now, node_id),
    )


def copy_entity_links(con: Any, src: int, dst: int) -> None:
    """Give node ``dst`` every entity link (and role) that ``src`` has."""
    con.execute(
        "INSERT INTO node_entities(node_id, entity_id, role) SELECT ?, entity_id, role FROM node_entities "
        "WHERE node_id = ? ON CONFLICT DO NOTHING",
        (dst, src),
    )


def pin(con: Any, node_id: int) -> None:
    """Full strength, no decay, not archived: what a user's confirmation means."""
    con.execute(
        "UPDATE nodes SET decay_rate = 0, base_strength = 1.0, confidence = 1.0, archived_at = NULL WHERE id = ?",
        (node_id,),
    )


def matching_among(store: Store, match: str, ids: Sequence[int]) -> set[int]:
    """Which of ``ids`` the FTS query matches."""
    if not ids:
        return set()
    rows = store.execute_read(
        f"SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH ? AND rowid IN ({','.join('?' * len(ids))})",
        [match, *ids],
    )
    return {r[0] for r in rows}


def active_fact_page(store: Store, after_id: int, user_id: str | None, limit: int = 5000) -> list[Node]:
    """Active facts (all users, or one) with id > ``after_id``, in id order: a keyset page."""
    rows = store.execute_read(
        f"SELECT {q.NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND valid_until IS NULL "
        "AND archived_at IS NULL AND id > ? AND (? IS NULL OR user_id = ?) ORDER BY id LIMIT ?",
        (after_id, user_id, user_id, limit),
    )
    return [row_to_node(r) for r in rows]


def orphan_fact_count(store: Store) -> int:
    """Facts with no edge and no entity link: nothing says where they came from."""
    rows = store.execute_read(
        "SELECT count(*) FROM nodes n WHERE n.type != 'episodic' AND NOT EXISTS "
        "(SELECT 1 FROM edges e WHERE e.src = n.id OR e.dst = n.id) AND NOT EXISTS "
        "(SELECT 1 FROM node_entities x WHERE x.node_id = n.id)"
    )
    return int(rows[0][0])


def node_entity_roles(store: Store, node_id: int) -> list[tuple[int, str, str, str | None]]:
    """(entity id, name, type, role) of each entity a node is linked to."""
    rows = store.execute_read(
        "SELECT e.id, e.canonical_name, e.type, ne.role FROM node_entities ne JOIN entities e ON e.id = ne.entity_id "
        "WHERE ne.node_id = ? ORDER BY e.id",
        (node_id,),
    )
    return [(r[0], r[1], r[2], r[3]) for r in rows]


def entity_episodes(store: Store, entity_id: int, limit: int) -> list[tuple[int, str, float]]:
    """(id, content, time) of the newest episodes linked to an entity."""
    rows = store.execute_read(
        "SELECT n.id, n.content, n.event_time FROM node_entities ne JOIN nodes n ON n.id = ne.node_id "
        "WHERE ne.entity_id = ? AND n.type = 'episodic' ORDER BY n.event_time DESC LIMIT ?",
        (entity_id, limit),
    )
    return [(r[0], r[1], r[2]) for r in rows]


def entity_texts(con: Any, ids: Sequence[int]) -> list[tuple[int, str, str | None]]:
    """(id, canonical name, summary) of entities, on ``con`` (inside a write transaction)."""
    rows = con.execute(
        f"SELECT id, canonical_name, summary FROM entities WHERE id IN ({','.join('?' * len(ids))})",
        [int(i) for i in ids],
    ).fetchall()
    return [(int(r[0]), str(r[1]), r[2]) for r in rows]


# -- conflicts ---------------------------------------------------------------------------------------
CandidateRow = tuple[int, str, str | None, str | None, float, int]  # q.CANDIDATE_COLUMNS


def keyed_candidates(con: Any, key: str, exclude: int, user_id: str | None) -> list[CandidateRow]:
    sql, params = q.keyed_candidates(key, exclude, user_id)
    return con.execute(sql, params).fetchall()  # type: ignore[no-any-return]


def same_stem_candidates(con: Any, stem: str, fact_type: str | None, user_id: str | None) -> list[CandidateRow]:
    sql, params = q.same_stem_candidates(stem, fact_type, user_id)
    return con.execute(sql, params).fetchall()  # type: ignore[no-any-return]


def fts_ids(con: Any, match: str, where: str, params: q.Params, limit: int) -> list[int]:
    sql, p = q.fts_ids(match, where, params, limit)
    return [r[0] for r in con.execute(sql, p).fetchall()]


def candidates_by_ids(con: Any, ids: Sequence[int]) -> list[CandidateRow]:
    sql, params = q.candidates_by_ids(ids)
    return con.execute(sql, params).fetchall()  # type: ignore[no-any-return]


def keep_ids(con: Any, ids: Sequence[int], where: str, params: q.Params) -> set[int]:
    """Which of ``ids`` pass ``where`` (alias ``n``)."""
    sql, p = q.keep_ids(ids, where, params)
    return {r[0] for r in con.execute(sql, p).fetchall()}


def supersede(con: Any, old_id: int, new_id: int, now: float, confidence: float, decay_rate: float) -> bool:
    """``new_id`` supersedes ``old_id``: the old one weakens, leaves active memory at the new one's
    ``valid_from`` and gains a ``supersedes`` edge from it; False (no change) if it was not current."""
    row = con.execute("SELECT valid_from FROM nodes WHERE id = ?", (new_id,)).fetchone()
    old = con.execute("SELECT valid_until FROM nodes WHERE id = ?", (old_id,)).fetchone()
    if row is None or old is None or old[0] is not None or old_id == new_id:
        return False
    valid_until = float(row[0])
    con.execute(
        "UPDATE nodes SET confidence = ?, base_strength = min(base_strength, ?), decay_rate = ? WHERE id = ?",
        (confidence, confidence, decay_rate, old_id),
    )
    invalidate(con, old_id, valid_until, "superseded")
    insert_edge(con, new_id, old_id, "supersedes", created_at=now, valid_from=valid_until)
    return True


def supersedes_step(con: Any, node_id: int, side: str) -> list[int]:
    return [r[0] for r in con.execute(q.supersedes_step(side), (node_id,)).fetchall()]


# -- causal links between episodes ---------------------------------------------------------------
PairRow = tuple[int, tuple[int, str, float, str, str], tuple[int, str, float, str, str]]


def temporal_pairs(store: Store, cursor: int, limit: int) -> list[PairRow]:
    """(temporal edge id, (id, content, time, role, session) of the earlier episode, same of the
    later) of the temporal edges after ``cursor``, oldest edge first."""
    rows = store.execute_read(
        "SELECT e.id, a.id, a.content, a.event_time, coalesce(a.source_role, 'user'), a.session_id, "
        "b.id, b.content, b.event_time, coalesce(b.source_role, 'user'), b.session_id "
        "FROM edges e JOIN nodes a ON a.id = e.src JOIN nodes b ON b.id = e.dst "
        "WHERE e.type = 'temporal' AND e.id > ? ORDER BY e.id LIMIT ?",
        (cursor, limit),
    )
    return [(r[0], tuple(r[1:6]), tuple(r[6:11])) for r in rows]  # type: ignore[misc]


def link_cause(con: Any, cause: int, effect: int, confidence: float, evidence: str, now: float) -> int:
    """A ``caused`` edge valid from the later of the two episodes (kept once per pair); 1 if new."""
    cur = con.execute(
        "INSERT INTO edges(src, dst, type, predicate, confidence, valid_from, evidence, created_at) "
        "SELECT ?, ?, 'causal', 'caused', ?, max(a.event_time, b.event_time), ?, ? "
        "FROM nodes a, nodes b WHERE a.id = ? AND b.id = ? ON CONFLICT(src, dst, type) DO NOTHING",
        (cause, effect, confidence, evidence, now, cause, effect),
    )
    return int(cur.rowcount)
