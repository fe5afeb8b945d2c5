"""Pure SQL builders: each returns ``(sql, params)``; ``store.py`` executes them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

Params = list[Any]

NODE_COLUMNS = (
    "id, type, content, event_time, created_at, valid_from, valid_until, invalid_reason, "
    "archived_at, confidence, base_strength, decay_rate, access_count, last_accessed, "
    "source_type, source_role, session_id, fact_key, attributes, user_id, speaker"
)


def visibility(
    as_of: float | None = None, include_history: bool = False, alias: str = "n"
) -> tuple[str, Params]:
    """Which nodes a read sees: active now (default), valid at world time ``as_of``, or all."""
    a = alias
    if include_history:
        return "1", []
    if as_of is None:
        return f"{a}.valid_until IS NULL AND {a}.archived_at IS NULL", []
    return (
        f"{a}.valid_from <= ? AND ({a}.valid_until IS NULL OR {a}.valid_until > ?) "
        f"AND ({a}.archived_at IS NULL OR {a}.archived_at > ?)",
        [as_of, as_of, as_of],
    )


def node_filter(
    *,
    types: Sequence[str] | None = None,
    since: float | None = None,
    until: float | None = None,
    as_of: float | None = None,
    include_history: bool = False,
    entity_id: int | None = None,
    session_id: str | None = None,
    user_id: str | None = None,
    alias: str = "n",
) -> tuple[str, Params]:
    """A WHERE clause (without the keyword) combining every read filter memlab knows."""
    a = alias
    clause, params = visibility(as_of, include_history, a)
    parts, out = [clause], list(params)
    if types:
        parts.append(f"{a}.type IN ({','.join('?' * len(types))})")
        out.extend(types)
    if since is not None:
        parts.append(f"{a}.event_time >= ?")
        out.append(since)
    if until is not None:
        parts.append(f"{a}.event_time <= ?")
        out.append(until)
    if entity_id is not None:
        parts.append(f"{a}.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)")
        out.append(entity_id)
    if session_id is not None:
        parts.append(f"{a}.session_id = ?")
        out.append(session_id)
    if user_id is not None:
        parts.append(f"{a}.user_id = ?")
        out.append(user_id)
    return " AND ".join(parts), out


def fts_search(match: str, where: str, params: Params, limit: int) -> tuple[str, Params]:
    """BM25-ranked FTS5 search joined to nodes; ``where`` filters the node alias ``n``."""
    sql = (
        f"SELECT n.id, bm25(nodes_fts) AS score FROM nodes_fts "
        f"JOIN nodes n ON n.id = nodes_fts.rowid "
        f"WHERE nodes_fts MATCH ? AND {where} ORDER BY score LIMIT ?"
    )
    return sql, [match, *params, limit]


def keep_ids(ids: Sequence[int], where: str, params: Params) -> tuple[str, Params]:
    """Which of ``ids`` pass a node filter (used to post-filter vector candidates)."""
    marks = ",".join("?" * len(ids))
    return f"SELECT n.id FROM nodes n WHERE n.id IN ({marks}) AND {where}", [*ids, *params]


def nodes_by_ids(ids: Sequence[int]) -> tuple[str, Params]:
    marks = ",".join("?" * len(ids))
    return f"SELECT {NODE_COLUMNS} FROM nodes WHERE id IN ({marks})", list(ids)


def insert_node() -> str:
    return (
        "INSERT INTO nodes(type, content, stem, event_time, created_at, valid_from, confidence, "
        "base_strength, decay_rate, source_type, source_role, session_id, fact_key, attributes, "
        "user_id, speaker) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
    )


def insert_edge() -> str:
    return (
        "INSERT INTO edges(src, dst, type, predicate, weight, confidence, valid_from, evidence, created_at) "
        "VALUES (?,?,?,?,?,?,?,?,?) ON CONFLICT(src, dst, type) DO NOTHING"
    )


def walk(edge_type: str, direction: str, depth: int) -> str:
    """Recursive CTE: nodes reachable from seed ids (one JSON array parameter) along ``edge_type``.

    ``direction`` 'out' follows src->dst, 'in' follows dst->src, 'both' follows either way.
    Returns (id, hops), each id at its smallest hop count.
    """
    if direction not in ("out", "in", "both"):
        raise ValueError(direction)
    steps = {
        "out": "SELECT e.dst, w.hops + 1 FROM edges e JOIN walk w ON e.src = w.id",
        "in": "SELECT e.src, w.hops + 1 FROM edges e JOIN walk w ON e.dst = w.id",
    }
    chosen = [steps["out"], steps["in"]] if direction == "both" else [steps[direction]]
    union = " UNION ".join(f"{s} WHERE e.type = '{edge_type}' AND w.hops < {int(depth)}" for s in chosen)
    return (
        f"WITH RECURSIVE walk(id, hops) AS (SELECT value, 0 FROM json_each(?) UNION {union}) "
        "SELECT id, min(hops) FROM walk GROUP BY id"
    )
