"""SQL of entities: aliases, merges, mention counts, vectors and summaries.

Functions taking ``con`` run on the caller's connection (a writer transaction, or a reader for
the lookups); those taking the ``Store`` read on this thread's reader.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from memlab.store import queries as q
from memlab.store.store import Store

AliasRow = tuple[str, int, int | None, str]  # (alias_norm, entity_id, its merged_into, its type)


# -- lookups (any connection) ------------------------------------------------------------------------
def merged_into(con: Any, entity_id: int) -> int | None:
    """The entity ``entity_id`` was merged into (None when it survives or does not exist)."""
    row = con.execute("SELECT merged_into FROM entities WHERE id = ?", (entity_id,)).fetchone()
    return None if row is None else row[0]


def root(con: Any, entity_id: int) -> int:
    """Follow ``merged_into`` to the surviving entity (merges may chain)."""
    seen = {entity_id}
    while True:
        nxt = merged_into(con, entity_id)
        if nxt is None or nxt in seen:
            return entity_id
        entity_id = nxt
        seen.add(entity_id)


def entity_type(con: Any, entity_id: int) -> str | None:
    row = con.execute("SELECT type FROM entities WHERE id = ?", (entity_id,)).fetchone()
    return None if row is None else str(row[0])


def alias_rows(con: Any, keys: Sequence[str], user_id: str | None) -> list[AliasRow]:
    """(alias, entity, its merged_into, its type) of each alias among ``keys`` (of one user's entities)."""
    sql, params = q.alias_rows(keys, user_id)
    return con.execute(sql, params).fetchall()  # type: ignore[no-any-return]


def vectors_of_type(con: Any, etype: str, user_id: str | None) -> list[tuple[int, bytes]]:
    """(entity id, vector blob) of the surviving entities of one type (and user)."""
    rows = con.execute(
        "SELECT v.entity_id, v.vec FROM entity_vectors v JOIN entities e ON e.id = v.entity_id "
        "WHERE e.type = ? AND e.merged_into IS NULL AND (? IS NULL OR e.user_id = ?)",
        (etype, user_id, user_id),
    ).fetchall()
    return [(r[0], r[1]) for r in rows]


def owned_id(con: Any, entity_id: int, user_id: str | None) -> int | None:
    """``entity_id`` if it exists (and belongs to ``user_id`` when one is given)."""
    row = con.execute(
        "SELECT id FROM entities WHERE id = ? AND (? IS NULL OR user_id = ?)", (entity_id, user_id, user_id)
    ).fetchone()
    return row[0] if row else None


# -- writes (the writer's connection) -------------------------------------------------------------
def add_alias(con: Any, entity_id: int, key: str, name: str) -> None:
    con.execute(
        "INSERT INTO entity_aliases(alias_norm, entity_id, alias) VALUES (?, ?, ?) "
        "ON CONFLICT(alias_norm, entity_id) DO NOTHING",
        (key, entity_id, name),
    )


def create(con: Any, name: str, etype: str, now: float, user_id: str) -> int:
    cur = con.execute(
        "INSERT INTO entities(canonical_name, type, created_at, first_seen, last_seen, user_id) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (name, etype, now, None, None, user_id),
    )
    return int(cur.lastrowid)


def retype_concept(con: Any, entity_id: int, etype: str) -> None:
    """A cue-typed "concept" learns its real type (an entity of any other type keeps its own)."""
    con.execute("UPDATE entities SET type = ? WHERE id = ? AND type = 'concept'", (etype, entity_id))


def count_mentions(con: Any, entity_id: int, count: int, first: float, last: float) -> None:
    con.execute(
        "UPDATE entities SET mention_count = mention_count + ?, "
        "first_seen = min(coalesce(first_seen, ?), ?), last_seen = max(coalesce(last_seen, ?), ?) WHERE id = ?",
        (count, first, first, last, last, entity_id),
    )


def link(con: Any, node_id: int, entity_id: int, role: str | None) -> None:
    con.execute(
        "INSERT INTO node_entities(node_id, entity_id, role) VALUES (?, ?, ?) "
        "ON CONFLICT(node_id, entity_id) DO NOTHING",
        (node_id, entity_id, role),
    )


def store_vectors(con: Any, rows: Sequence[tuple[int, bytes]]) -> None:
    con.executemany(
        "INSERT INTO entity_vectors(entity_id, vec) VALUES (?, ?) "
        "ON CONFLICT(entity_id) DO UPDATE SET vec = excluded.vec",
        rows,
    )


def exists(con: Any, entity_id: int) -> bool:
    return con.execute("SELECT 1 FROM entities WHERE id = ?", (entity_id,)).fetchone() is not None


def canonical_name(con: Any, entity_id: int) -> str:
    return str(con.execute("SELECT canonical_name FROM entities WHERE id = ?", (entity_id,)).fetchone()[0])


def fold(con: Any, keep: int, drop: int) -> int:
    """Copy ``drop``'s aliases and node links onto ``keep``; returns the number of links moved."""
    con.execute(
        "INSERT INTO entity_aliases(alias_norm, entity_id, alias) SELECT alias_norm, ?, alias "
        "FROM entity_aliases WHERE entity_id = ? ON CONFLICT(alias_norm, entity_id) DO NOTHING",
        (keep, drop),
    )
    return int(
        con.execute(
            "INSERT INTO node_entities(node_id, entity_id, role) SELECT node_id, ?, role FROM node_entities "
            "WHERE entity_id = ? ON CONFLICT(node_id, entity_id) DO NOTHING",
            (keep, drop),
        ).rowcount
    )


def retire(con: Any, keep: int, drop: int) -> None:
    """After ``fold``: ``drop``'s links and vector go, its counts add to ``keep``, it points at ``keep``."""
    con.execute("DELETE FROM node_entities WHERE entity_id = ?", (drop,))
    con.execute(
        "UPDATE entities SET mention_count = mention_count + (SELECT mention_count FROM entities WHERE id = ?), "
        "first_seen = min(coalesce(first_seen, 1e18), coalesce((SELECT first_seen FROM entities WHERE id = ?), 1e18)), "
        "last_seen = max(coalesce(last_seen, 0), coalesce((SELECT last_seen FROM entities WHERE id = ?), 0)) "
        "WHERE id = ?",
        (drop, drop, drop, keep),
    )
    con.execute("UPDATE entities SET merged_into = ?, mention_count = 0 WHERE id = ?", (keep, drop))
    con.execute("DELETE FROM entity_vectors WHERE entity_id = ?", (drop,))


def fill_summary(con: Any, summary: str, entity_id: int) -> None:
    con.execute("UPDATE entities SET summary = ? WHERE id = ? AND summary IS NULL", (summary, entity_id))


# -- reads on the store ----------------------------------------------------------------------------
def unsummarised(store: Store, min_mentions: int, limit: int) -> list[tuple[int, str, str]]:
    """(id, name, type) of surviving entities without a summary, most mentioned first."""
    rows = store.execute_read(
        "SELECT id, canonical_name, type FROM entities WHERE merged_into IS NULL AND summary IS NULL "
        "AND mention_count >= ? ORDER BY mention_count DESC, id LIMIT ?",
        (min_mentions, limit),
    )
    return [(r[0], r[1], r[2]) for r in rows]


def linked_facts(
    store: Store, entity_id: int, limit: int, include_history: bool = False
) -> list[tuple[int, str, str, float, float | None, str | None, str | None]]:
    """(id, type, content, valid_from, valid_until, invalid_reason, role) of the facts linked to an
    entity, newest first."""
    sql, params = q.entity_facts(entity_id, limit, include_history)
    return [tuple(r) for r in store.execute_read(sql, params)]  # type: ignore[misc]


def alias_entity(store: Store, alias_norm: str, user_id: str | None) -> int | None:
    """The lowest entity id (of one user's) with this normalised alias."""
    rows = store.execute_read(
        "SELECT a.entity_id FROM entity_aliases a JOIN entities e ON e.id = a.entity_id "
        "WHERE a.alias_norm = ? AND (? IS NULL OR e.user_id = ?) ORDER BY a.entity_id LIMIT 1",
        (alias_norm, user_id, user_id),
    )
    return int(rows[0][0]) if rows else None


def alias_hits(store: Store, keys: Sequence[str]) -> list[tuple[str, int]]:
    """(alias, entity id) of every alias among ``keys`` (one JSON parameter, any user)."""
    rows = store.execute_read(
        "SELECT a.alias_norm, a.entity_id FROM entity_aliases a "
        "WHERE a.alias_norm IN (SELECT value FROM json_each(?))",
        [json.dumps(list(keys))],
    )
    return [(r[0], r[1]) for r in rows]


def all_vectors(store: Store) -> list[tuple[int, bytes]]:
    return [(r[0], r[1]) for r in store.execute_read("SELECT entity_id, vec FROM entity_vectors", [])]


def node_links(store: Store, entity_ids: Sequence[int], where: str, params: q.Params, per_entity: int, limit: int) -> list[int]:
    """Nodes linked to ``entity_ids`` that pass ``where`` (see ``queries.entity_links``)."""
    sql, p = q.entity_links(entity_ids, where, params, per_entity, limit)
    return [r[0] for r in store.execute_read(sql, p)]


def of_nodes(store: Store, node_ids_json: str) -> list[tuple[int, str, str, str | None]]:
    """(id, name, type, summary) of the surviving entities linked to the nodes of a JSON array,
    in the order of their first node, then most mentioned; at most 20."""
    rows = store.execute_read(
        "SELECT e.id, e.canonical_name, e.type, e.summary FROM json_each(?) pos "
        "JOIN node_entities ne ON ne.node_id = pos.value JOIN entities e ON e.id = ne.entity_id "
        "WHERE e.merged_into IS NULL GROUP BY e.id ORDER BY min(pos.key), e.mention_count DESC LIMIT 20",
        [node_ids_json],
    )
    return [(r[0], r[1], r[2], r[3]) for r in rows]


def first_aliases(store: Store, entity_id: int, limit: int = 6) -> list[str]:
    rows = store.execute_read(
        "SELECT alias FROM entity_aliases WHERE entity_id = ? ORDER BY alias LIMIT ?", (entity_id, limit)
    )
    return [r[0] for r in rows]
