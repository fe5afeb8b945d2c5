"""The SQL builders of ``memlab/store/queries.py`` as text: a change to a statement shows up here
(as sqlite-utils tests ``search_sql``), and each one runs against a real database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.store import queries as q

T0 = 1_700_000_000.0


def test_hop_is_one_edge_type_one_direction() -> None:
    assert q.hop("derived_from", "out") == (
        "SELECT e.src, e.dst FROM edges e WHERE e.type = 'derived_from' "
        "AND e.src IN (SELECT value FROM json_each(?))"
    )
    assert q.hop("supersedes", "in") == (
        "SELECT e.dst, e.src FROM edges e WHERE e.type = 'supersedes' "
        "AND e.dst IN (SELECT value FROM json_each(?))"
    )


def test_hop_refuses_an_edge_type_it_would_splice_into_the_text() -> None:
    with pytest.raises(ValueError, match="unknown edge type"):
        q.hop("x' OR '1'='1", "out")


def test_alias_rows() -> None:
    assert q.alias_rows(["mark", "kostya"], "u1") == (
        "SELECT a.alias_norm, a.entity_id, e.merged_into, e.type FROM entity_aliases a JOIN entities e "
        "ON e.id = a.entity_id WHERE a.alias_norm IN (?,?) AND (? IS NULL OR e.user_id = ?)",
        ["mark", "kostya", "u1", "u1"],
    )


def test_entity_facts_with_and_without_history() -> None:
    sql, params = q.entity_facts(7, 30)
    assert sql == (
        "SELECT n.id, n.type, n.content, n.valid_from, n.valid_until, n.invalid_reason, ne.role "
        "FROM node_entities ne JOIN nodes n ON n.id = ne.node_id WHERE ne.entity_id = ? AND n.type != 'episodic' "
        "AND n.valid_until IS NULL AND n.archived_at IS NULL ORDER BY n.valid_from DESC, n.id DESC LIMIT ?"
    )
    assert params == [7, 30]
    assert "valid_until IS NULL" not in q.entity_facts(7, 30, include_history=True)[0]


def test_entity_links_takes_a_bounded_arm_per_entity() -> None:
    sql, params = q.entity_links([3, 5], "n.user_id = ?", ["u"], per_entity=100, limit=40)
    arm = "SELECT node_id FROM (SELECT node_id FROM node_entities WHERE entity_id = ? ORDER BY node_id DESC LIMIT ?)"
    assert sql == (
        f"SELECT n.id FROM ({arm} UNION ALL {arm}) ne CROSS JOIN nodes n ON n.id = ne.node_id WHERE n.user_id = ? "
        "GROUP BY n.id ORDER BY count(*) DESC, n.type = 'episodic', n.event_time DESC, n.id DESC LIMIT ?"
    )
    assert params == [3, 100, 5, 100, "u", 40]


def test_keyed_candidates_spell_out_the_user() -> None:
    cols = q.CANDIDATE_COLUMNS
    assert q.keyed_candidates("mark|city", 9, "u1") == (
        f"SELECT {cols} FROM nodes n WHERE n.fact_key = ? AND n.valid_until IS NULL AND n.type != 'episodic' "
        "AND n.id != ? AND n.user_id = ? ORDER BY n.valid_from, n.id",
        ["mark|city", 9, "u1"],
    )
    assert q.keyed_candidates("k", -1, None)[1] == ["k", -1]


def test_same_stem_candidates() -> None:
    sql, params = q.same_stem_candidates("user prefer python", "semantic", "u1")
    assert sql == (
        f"SELECT {q.CANDIDATE_COLUMNS} FROM nodes n WHERE n.stem = ? AND n.type != 'episodic' "
        "AND n.valid_until IS NULL AND n.archived_at IS NULL AND n.type = ? AND n.user_id = ? ORDER BY n.id"
    )
    assert params == ["user prefer python", "semantic", "u1"]


def test_candidate_filter_and_fts_ids() -> None:
    where, params = q.candidate_filter("semantic", [1, 2], "u1")
    assert where == (
        "n.valid_until IS NULL AND n.archived_at IS NULL AND n.type != 'episodic' AND n.user_id = ? "
        "AND n.type = ? AND n.id IN (SELECT node_id FROM node_entities WHERE entity_id IN (?,?))"
    )
    assert params == ["u1", "semantic", 1, 2]
    assert q.fts_ids('"python"', where, params, 20) == (
        "SELECT n.id FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid WHERE nodes_fts MATCH ? "
        f"AND {where} ORDER BY bm25(nodes_fts) LIMIT ?",
        ['"python"', *params, 20],
    )


def test_node_filter_fields_become_one_where_clause() -> None:
    assert q.filter_where(q.NodeFilter()) == ("1", [])
    f = q.NodeFilter(types=["semantic"], facts=True, fact_key="user|city", current=True, archived=False, since=5.0)
    assert q.filter_where(f) == (
        "n.type IN (?) AND n.type != 'episodic' AND n.valid_until IS NULL AND n.archived_at IS NULL "
        "AND n.fact_key = ? AND n.event_time >= ?",
        ["semantic", "user|city", 5.0],
    )
    ended = q.NodeFilter(facts=False, current=False, archived=True, user_id="u1", entity_id=3)
    assert q.filter_where(ended) == (
        "n.type = 'episodic' AND n.valid_until IS NOT NULL AND n.archived_at IS NOT NULL AND n.user_id = ? "
        "AND n.id IN (SELECT node_id FROM node_entities WHERE entity_id = ?)",
        ["u1", 3],
    )


def test_find_nodes_orders_by_name_and_binds_the_limit() -> None:
    sql, params = q.find_nodes("n.user_id = ?", ["u1"], "recent", 5)
    assert sql == (
        f"SELECT {q.NODE_COLUMNS_N} FROM nodes n WHERE n.user_id = ? ORDER BY n.event_time DESC, n.id DESC LIMIT ?"
    )
    assert params == ["u1", 5]
    assert q.find_nodes("1", [])[0].endswith("WHERE 1 ORDER BY n.event_time, n.id")
    with pytest.raises(KeyError):
        q.find_nodes("1", [], "n.id; DROP TABLE nodes")  # type: ignore[arg-type]


def test_subject_facts_are_key_ranges() -> None:
    where, params = q.subject_facts("u1", ["mark"], True, "1", [])
    assert where == (
        "n.user_id = ? AND n.fact_key IS NOT NULL AND n.type != 'episodic' AND "
        "((n.fact_key >= ? AND n.fact_key < ?) OR (n.fact_key >= ? AND n.fact_key < ?)) AND 1"
    )
    assert params == ["u1", "mark|", "mark}", "mark's ", "mark's!"]


def test_supersedes_step_walks_either_way() -> None:
    assert q.supersedes_step("older") == "SELECT dst FROM edges WHERE src = ? AND type = 'supersedes' ORDER BY id"
    assert q.supersedes_step("newer") == "SELECT src FROM edges WHERE dst = ? AND type = 'supersedes' ORDER BY id"


def test_every_builder_runs_on_a_real_database(tmp_path: Path) -> None:
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(tmp_path / "m.db", cfg, clock=SimulatedClock(T0), embedder=None) as m:
        a = m.ingest("I live in Vilnius.", session_id="s1", at=T0, wait=True)
        b = m.ingest("I moved to Kaunas.", session_id="s1", at=T0 + 60, wait=True)
        read = m.store.execute_read
        assert read(q.hop("temporal", "out"), [json.dumps([a])]) == [(a, b)]
        assert read(q.hop("temporal", "in"), [json.dumps([b])]) == [(b, a)]
        assert read(*q.alias_rows(["vilnius"], None)) == []
        assert read(*q.entity_facts(1, 5)) == []
        assert read(*q.entity_links([1], "1", [], 10, 10)) == []
        assert read(*q.keyed_candidates("user|city", -1, "default")) == []
        assert read(*q.same_stem_candidates("i live in vilnius", None, None)) == []
        where, params = q.candidate_filter(None, [], None)
        assert read(*q.fts_ids('"vilnius"', where, params, 5)) == []
        assert [r[0] for r in read(*q.candidates_by_ids([a]))] == [a]  # by id: whatever the node is
        where, params = q.filter_where(q.NodeFilter(facts=False, session_id="s1", current=True))
        assert [r[0] for r in read(*q.find_nodes(where, params, "recent", 1))] == [b]
        assert [n.id for n in m.store.find_nodes(facts=False, order="time")] == [a, b]
