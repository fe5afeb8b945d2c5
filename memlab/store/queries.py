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


def keep_json(where: str, params: Params) -> tuple[str, Params]:
    """Which ids of one JSON-array parameter pass a node filter ``where`` (alias ``n``); one
    parameter whatever the count (a plain ``IN (?, ?, ...)`` list overflows SQLite's variable
    limit). The CROSS JOIN drives the read from the ids (a rowid lookup each): with ``n.id IN
    (...)`` the planner preferred ``nodes_user_type_time`` for the user filter and scanned the
    user's every node (17 ms at 100K nodes, against 0.6 ms)."""
    sql = f"SELECT n.id FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value WHERE {where}"
    return sql, params


WINDOW_TABLES: tuple[str, ...] = ("window_fts_pair", "window_fts_window")
FTS_TABLES: tuple[str, ...] = ("nodes_fts", *WINDOW_TABLES)


def best_matches(table: str, match: str, where: str, params: Params, limit: int, head: int = 0) -> tuple[str, Params]:
    """BM25 over one FTS table (``nodes_fts`` or an episode-window table; rowid = node id) joined
    to nodes for the filters: (node id, bm25 score (lower is better), session id, speaker), best first.

    ``head`` > 0 ranks inside the FTS table first and joins only its best ``head`` rows (a
    filter then sees ``head`` rows, not every posting): exact whenever at least ``limit`` of
    them pass, which the caller checks (fewer rows than ``limit`` back: ask again with 0)."""
    if table not in FTS_TABLES:
        raise ValueError(f"unknown FTS table {table!r}")
    if head <= 0:
        sql = (
            f"SELECT n.id, bm25({table}) AS score, n.session_id, n.speaker FROM {table} JOIN nodes n ON n.id = {table}.rowid "
            f"WHERE {table} MATCH ? AND {where} ORDER BY score LIMIT ?"
        )
        return sql, [match, *params, limit]
    sql = (
        f"SELECT n.id, h.score, n.session_id, n.speaker FROM (SELECT rowid AS id, bm25({table}) AS score FROM {table} "
        f"WHERE {table} MATCH ? ORDER BY score LIMIT ?) h CROSS JOIN nodes n ON n.id = h.id "
        f"WHERE {where} ORDER BY h.score LIMIT ?"
    )
    return sql, [match, head, *params, limit]


def temporal_neighbours() -> str:
    """(src, dst) of the temporal edges that touch any id of a JSON array (given twice)."""
    return (
        "SELECT src, dst FROM edges WHERE type = 'temporal' AND src IN (SELECT value FROM json_each(?)) "
        "UNION SELECT src, dst FROM edges WHERE type = 'temporal' AND dst IN (SELECT value FROM json_each(?))"
    )


def vectors_json() -> str:
    """(node id, vector blob) of the ids of a JSON array that have a stored vector."""
    return "SELECT node_id, vec FROM node_vectors WHERE node_id IN (SELECT value FROM json_each(?))"


def sessions_speakers_json() -> str:
    """(node id, session id, speaker) of the ids of a JSON array (rowid lookups, in no order)."""
    return "SELECT n.id, n.session_id, n.speaker FROM json_each(?) j CROSS JOIN nodes n ON n.id = j.value"


def session_episodes_json() -> str:
    """(node id, session id) of the episodes of the sessions of a JSON array, through the
    nodes_session index (``+n.type``: the planner otherwise scans every episode by type)."""
    return (
        "SELECT n.id, n.session_id FROM json_each(?) j CROSS JOIN nodes n ON n.session_id = j.value "
        "WHERE +n.type = 'episodic'"
    )


def fts_doc_freq(table: str = "nodes_fts") -> str:
    """Rows of one FTS table matching a MATCH expression."""
    if table not in FTS_TABLES:
        raise ValueError(f"unknown FTS table {table!r}")
    return f"SELECT count(*) FROM {table} WHERE {table} MATCH ?"


def window_stems(table: str = "window_fts_window") -> str:
    """(episode id, window text) of the ids of a JSON array."""
    if table not in WINDOW_TABLES:
        raise ValueError(f"unknown window table {table!r}")
    return f"SELECT rowid, stem FROM {table} WHERE rowid IN (SELECT value FROM json_each(?))"


def max_node_id() -> str:
    return "SELECT coalesce(max(id), 0) FROM nodes"
