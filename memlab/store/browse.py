"""Read-only views for the graph viewer, the walkthrough and the benchmark reports."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from memlab.store.store import EDGE_COLUMNS, Store, row_to_edge
from memlab.types import Edge

ENTITY_COLUMNS = (
    "id, canonical_name, type, summary, mention_count, first_seen, last_seen, merged_into, attributes"
)


# -- viewer and walkthrough reads ------------------------------------------------------------------
def fact_key_versions(store: Store, min_versions: int = 1) -> list[tuple[str, int]]:
    """Fact keys with their number of versions, most-changed first."""
    rows = store.execute_read(
        "SELECT fact_key, count(*) AS c FROM nodes WHERE fact_key IS NOT NULL AND type != 'episodic' "
        "GROUP BY fact_key HAVING c >= ? ORDER BY c DESC, fact_key",
        (min_versions,),
    )
    return [(str(k), int(c)) for k, c in rows]


def supersedes_component(store: Store, node_id: int) -> list[int]:
    """Every node joined to ``node_id`` by ``supersedes`` edges, either way (itself included)."""
    sql = (
        "WITH RECURSIVE c(id) AS (SELECT ? UNION SELECT CASE WHEN e.src = c.id THEN e.dst ELSE e.src END "
        "FROM edges e JOIN c ON (e.src = c.id OR e.dst = c.id) WHERE e.type = 'supersedes') SELECT id FROM c"
    )
    return [int(r[0]) for r in store.execute_read(sql, (node_id,))]


def edges_among(store: Store, ids: Sequence[int]) -> list[Edge]:
    """The edges both of whose ends are among ``ids``, in id order."""
    sql = (f"SELECT {EDGE_COLUMNS} FROM edges WHERE src IN (SELECT value FROM json_each(?1)) "
           "AND dst IN (SELECT value FROM json_each(?1)) ORDER BY id")  # fmt: skip
    return [row_to_edge(r) for r in store.execute_read(sql, (json.dumps(list(ids)),))]


def node_entity_pairs(store: Store, ids: Sequence[int] | None = None) -> list[tuple[int, int]]:
    """(node, entity) links, of every node or of ``ids``."""
    if ids is None:
        rows = store.execute_read("SELECT node_id, entity_id FROM node_entities ORDER BY node_id, entity_id")
    else:
        rows = store.execute_read(
            "SELECT node_id, entity_id FROM node_entities WHERE node_id IN (SELECT value FROM json_each(?)) "
            "ORDER BY node_id, entity_id",
            (json.dumps(list(ids)),),
        )
    return [(int(a), int(b)) for a, b in rows]


def entity_table(store: Store, user_id: str | None = None) -> list[Any]:
    """Every entity row (``ENTITY_COLUMNS``) of one user (or all), merged ones too, in id order."""
    where, params = ("WHERE user_id = ?", (user_id,)) if user_id is not None else ("", ())
    return store.execute_read(f"SELECT {ENTITY_COLUMNS} FROM entities {where} ORDER BY id", params)


def all_aliases(store: Store) -> list[tuple[int, str]]:
    """(entity id, alias) of every alias, alphabetical."""
    return [(int(e), str(a)) for e, a in store.execute_read("SELECT entity_id, alias FROM entity_aliases ORDER BY alias")]


def derived_counts(store: Store, by: str) -> dict[int, int]:
    """``derived_from`` edges per fact (``by="fact"``) or per episode (``by="episode"``)."""
    if by == "fact":
        rows = store.execute_read("SELECT src, count(*) FROM edges WHERE type = 'derived_from' GROUP BY src")
    elif by == "episode":
        rows = store.execute_read("SELECT dst, count(*) FROM edges WHERE type = 'derived_from' GROUP BY dst")
    else:
        raise ValueError(by)
    return {int(a): int(b) for a, b in rows}


def entity_mentions(store: Store, limit: int) -> list[tuple[str, str, int, int]]:
    """(name, type, mentions, facts linked) of the surviving entities, most mentioned first."""
    rows = store.execute_read(
        "SELECT e.canonical_name, e.type, e.mention_count, "
        "(SELECT count(*) FROM node_entities ne JOIN nodes n ON n.id = ne.node_id "
        " WHERE ne.entity_id = e.id AND n.type != 'episodic') "
        "FROM entities e WHERE e.merged_into IS NULL ORDER BY e.mention_count DESC, e.canonical_name LIMIT ?",
        (limit,),
    )
    return [(r[0], r[1], r[2], r[3]) for r in rows]


# -- benchmark reads --------------------------------------------------------------------------------
def archived_count(store: Store) -> int:
    return int(store.execute_read("SELECT count(*) FROM nodes WHERE archived_at IS NOT NULL")[0][0])


def all_stems(store: Store) -> list[tuple[int, str]]:
    """(id, stem) of every node, in id order."""
    return [(r[0], r[1]) for r in store.execute_read("SELECT id, stem FROM nodes ORDER BY id")]


def derived_turns(store: Store, fact_ids: Sequence[int]) -> dict[int, list[str]]:
    """For each fact, the ``turn_id`` of the episodes it was derived from, newest first."""
    sql = (
        "SELECT e.src, json_extract(n.attributes, '$.turn_id') FROM edges e JOIN nodes n ON n.id = e.dst "
        "WHERE e.type = 'derived_from' AND e.src IN (SELECT value FROM json_each(?)) "
        "AND json_extract(n.attributes, '$.turn_id') IS NOT NULL ORDER BY e.src, n.event_time DESC"
    )
    out: dict[int, list[str]] = {}
    for src, tid in store.execute_read(sql, (json.dumps(list(fact_ids)),)):
        out.setdefault(int(src), []).append(str(tid))
    return out
