"""Pure SQL builders: each returns ``(sql, params)``; ``store.py`` executes them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from memlab.types import EDGE_TYPES

Params = list[Any]

NODE_COLUMNS = (
    "id, type, content, event_time, created_at, valid_from, valid_until, invalid_reason, "
    "archived_at, confidence, base_strength, decay_rate, access_count, last_accessed, "
    "source_type, source_role, session_id, fact_key, attributes, user_id, speaker"
)
NODE_COLUMNS_N = ", ".join(f"n.{c.strip()}" for c in NODE_COLUMNS.split(","))  # the same, on alias n


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


@dataclass(frozen=True)
class NodeFilter:
    """What ``Store.find_nodes`` reads: each field given narrows the nodes (None: no condition)."""

    types: Sequence[str] | None = None
    facts: bool | None = None  # True: every type but episodic; False: episodes only
    fact_key: str | None = None
    session_id: str | None = None
    user_id: str | None = None
    content: str | None = None  # the exact text
    current: bool | None = None  # True: not superseded or forgotten (valid_until unset); False: ended
    archived: bool | None = None  # True: decayed out of active memory; False: not
    valid_by: float | None = None  # valid from this world time or earlier
    since: float | None = None  # event time at or after
    until: float | None = None  # event time at or before
    entity_id: int | None = None  # linked to this entity


NodeOrder = Literal["time", "recent", "valid_from", "latest_valid"]
NODE_ORDERS: dict[str, str] = {
    "time": "n.event_time, n.id",  # world time, oldest first
    "recent": "n.event_time DESC, n.id DESC",
    "valid_from": "n.valid_from, n.id",
    "latest_valid": "n.valid_from DESC, n.id DESC",
}


def _is(column: str, flag: bool | None) -> list[str]:
    return [] if flag is None else [f"n.{column} IS {'NOT ' if flag else ''}NULL"]


def filter_where(f: NodeFilter) -> tuple[str, Params]:
    """``f`` as a WHERE clause on ``n`` (without the keyword); "1" when it narrows nothing."""
    parts: list[str] = []
    params: Params = []
    if f.types:
        parts.append(f"n.type IN ({','.join('?' * len(f.types))})")
        params.extend(f.types)
    if f.facts is not None:
        parts.append(FACT if f.facts else "n.type = 'episodic'")
    parts += _is("valid_until", None if f.current is None else not f.current)
    parts += _is("archived_at", f.archived)
    conditions: tuple[tuple[str, Any], ...] = (
        ("n.fact_key = ?", f.fact_key),
        ("n.session_id = ?", f.session_id),
        ("n.user_id = ?", f.user_id),
        ("n.content = ?", f.content),
        ("n.valid_from <= ?", f.valid_by),
        ("n.event_time >= ?", f.since),
        ("n.event_time <= ?", f.until),
        ("n.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)", f.entity_id),
    )
    for cond, value in conditions:
        if value is not None:
            parts.append(cond)
            params.append(value)
    return " AND ".join(parts) or "1", params


def find_nodes(where: str, params: Params, order: NodeOrder = "time", limit: int | None = None) -> tuple[str, Params]:
    """Nodes passing ``where`` (alias ``n``: ``filter_where``, ``node_filter`` or ``subject_facts``),
    in a named order, at most ``limit``."""
    sql = f"SELECT {NODE_COLUMNS_N} FROM nodes n WHERE {where} ORDER BY {NODE_ORDERS[order]}"
    return (sql, list(params)) if limit is None else (f"{sql} LIMIT ?", [*params, int(limit)])


def subject_facts(
    user_id: str, subjects: Sequence[str], relatives: bool, vis: str, vis_params: Params
) -> tuple[str, Params]:
    """One user's keyed facts about ``subjects`` (and, with ``relatives``, about their relatives:
    "anna's sister|city"), visible by ``vis``: a WHERE clause on ``n``."""
    # keys sort as "subject|..." so each subject is one index range: [subject|, subject})
    spans = [(f"{s}|", f"{s}}}") for s in subjects]
    if relatives:
        spans += [(f"{s}'s ", f"{s}'s!") for s in subjects]  # "!" sorts right after " "
    ranges = " OR ".join("(n.fact_key >= ? AND n.fact_key < ?)" for _ in spans)
    bounds = [b for span in spans for b in span]
    where = f"n.user_id = ? AND n.fact_key IS NOT NULL AND {FACT} AND ({ranges}) AND {vis}"
    return where, [user_id, *bounds, *vis_params]


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
    filter then sees ``head`` rows, not every posting), and each row carries a fifth column: how
    many rows the head held. Exact whenever at least ``limit`` rows pass or the head held fewer
    than ``head`` (every match was seen), which the caller checks (else: ask again with 0)."""
    if table not in FTS_TABLES:
        raise ValueError(f"unknown FTS table {table!r}")
    if head <= 0:
        sql = (
            f"SELECT n.id, bm25({table}) AS score, n.session_id, n.speaker FROM {table} JOIN nodes n ON n.id = {table}.rowid "
            f"WHERE {table} MATCH ? AND {where} ORDER BY score LIMIT ?"
        )
        return sql, [match, *params, limit]
    sql = (
        f"WITH h AS MATERIALIZED (SELECT rowid AS id, bm25({table}) AS score FROM {table} "
        f"WHERE {table} MATCH ? ORDER BY score LIMIT ?) "
        f"SELECT n.id, h.score, n.session_id, n.speaker, (SELECT count(*) FROM h) FROM h CROSS JOIN nodes n ON n.id = h.id "
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


# -- graph and entity reads --------------------------------------------------------------------------
def hop(edge_type: str, direction: str) -> str:
    """One hop along ``edge_type`` from a JSON array of ids: (from_id, to_id) pairs."""
    if edge_type not in EDGE_TYPES:  # spliced into the text: only a known type may be
        raise ValueError(f"unknown edge type {edge_type!r}")
    if direction == "out":
        return f"SELECT e.src, e.dst FROM edges e WHERE e.type = '{edge_type}' AND e.src IN (SELECT value FROM json_each(?))"
    return f"SELECT e.dst, e.src FROM edges e WHERE e.type = '{edge_type}' AND e.dst IN (SELECT value FROM json_each(?))"


def alias_rows(keys: Sequence[str], user_id: str | None) -> tuple[str, Params]:
    """(alias, entity, its merged_into, its type) of each alias among ``keys``; of one user's
    entities when ``user_id`` is given."""
    marks = ",".join("?" * len(keys))
    sql = (
        "SELECT a.alias_norm, a.entity_id, e.merged_into, e.type FROM entity_aliases a JOIN entities e "
        f"ON e.id = a.entity_id WHERE a.alias_norm IN ({marks}) AND (? IS NULL OR e.user_id = ?)"
    )
    return sql, [*keys, user_id, user_id]


def entity_facts(entity_id: int, limit: int, include_history: bool = False) -> tuple[str, Params]:
    """Facts (non-episodic nodes) linked to an entity, newest first."""
    active = "" if include_history else "AND n.valid_until IS NULL AND n.archived_at IS NULL"
    sql = (
        "SELECT n.id, n.type, n.content, n.valid_from, n.valid_until, n.invalid_reason, ne.role "
        "FROM node_entities ne JOIN nodes n ON n.id = ne.node_id "
        f"WHERE ne.entity_id = ? AND n.type != 'episodic' {active} ORDER BY n.valid_from DESC, n.id DESC LIMIT ?"
    )
    return sql, [entity_id, limit]


def entity_links(
    entity_ids: Sequence[int], where: str, params: Params, per_entity: int, limit: int
) -> tuple[str, Params]:
    """Nodes linked to ``entity_ids`` that pass ``where`` (alias ``n``), most matched entities first,
    then facts before episodes, newest first: each entity contributes its newest ``per_entity``
    links (read from the (entity, node) index), so a conversation partner linked to half a
    million episodes costs what one with a few thousand does."""
    arm = "SELECT node_id FROM (SELECT node_id FROM node_entities WHERE entity_id = ? ORDER BY node_id DESC LIMIT ?)"
    links = " UNION ALL ".join([arm] * len(entity_ids))
    sql = (
        # CROSS JOIN keeps the links outermost: left to itself the planner walks every node of the
        # user by the (user, type, time) index and probes the links (215 ms at 1M, 0.3 ms this way)
        f"SELECT n.id FROM ({links}) ne CROSS JOIN nodes n ON n.id = ne.node_id WHERE {where} "
        "GROUP BY n.id ORDER BY count(*) DESC, n.type = 'episodic', n.event_time DESC, n.id DESC LIMIT ?"
    )
    arms = [x for e in entity_ids for x in (e, per_entity)]
    return sql, [*arms, *params, limit]


# -- conflict candidates (facts a new fact may repeat or contradict) ---------------------------------
ACTIVE = "n.valid_until IS NULL AND n.archived_at IS NULL"
FACT = "n.type != 'episodic'"
CANDIDATE_COLUMNS = "n.id, n.content, n.fact_key, n.attributes, n.valid_from, n.archived_at IS NOT NULL"


def keyed_candidates(key: str, exclude: int, user_id: str | None) -> tuple[str, Params]:
    """Facts under ``key`` (of one user) still true in the world, archived too, oldest first."""
    # "n.user_id = ?" spelled out when there is a user: the (user, key) index is then searched, not
    # scanned whole (every fact of every user, per new fact: quadratic in the facts at 1M episodes)
    user_sql, params = ("AND n.user_id = ?", [user_id]) if user_id is not None else ("", [])
    sql = (
        f"SELECT {CANDIDATE_COLUMNS} FROM nodes n WHERE n.fact_key = ? AND n.valid_until IS NULL AND {FACT} "
        f"AND n.id != ? {user_sql} ORDER BY n.valid_from, n.id"
    )
    return sql, [key, exclude, *params]


def same_stem_candidates(stem: str, fact_type: str | None, user_id: str | None) -> tuple[str, Params]:
    """Active facts (of a type, of a user) whose stem is ``stem`` (the ``m005_fact_stem_index``)."""
    type_sql, params = ("AND n.type = ?", [fact_type]) if fact_type else ("", [])
    if user_id is not None:
        type_sql, params = type_sql + " AND n.user_id = ?", [*params, user_id]
    sql = f"SELECT {CANDIDATE_COLUMNS} FROM nodes n WHERE n.stem = ? AND {FACT} AND {ACTIVE} {type_sql} ORDER BY n.id"
    return sql, [stem, *params]


def candidate_filter(
    fact_type: str | None, entity_ids: Sequence[int], user_id: str | None = None
) -> tuple[str, Params]:
    """Active facts (of a user, of a type, linked to one of ``entity_ids``): a WHERE clause on ``n``."""
    parts: list[str] = [ACTIVE, FACT]
    params: Params = []
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


def fts_ids(match: str, where: str, params: Params, limit: int) -> tuple[str, Params]:
    """Ids of the nodes that match an FTS query and pass ``where`` (alias ``n``), best first."""
    sql = (
        "SELECT n.id FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid WHERE nodes_fts MATCH ? "
        f"AND {where} ORDER BY bm25(nodes_fts) LIMIT ?"
    )
    return sql, [match, *params, limit]


def candidates_by_ids(ids: Sequence[int]) -> tuple[str, Params]:
    return f"SELECT {CANDIDATE_COLUMNS} FROM nodes n WHERE n.id IN ({','.join('?' * len(ids))})", list(ids)


def supersedes_step(side: str) -> str:
    """The other ends of a node's ``supersedes`` edges: ``older`` (what it replaced) or ``newer``."""
    here, there = {"older": ("src", "dst"), "newer": ("dst", "src")}[side]
    return f"SELECT {there} FROM edges WHERE {here} = ? AND type = 'supersedes' ORDER BY id"
