"""Consolidation applies several sessions' plans in one writer transaction (``group_sessions``):
the same knowledge as one transaction per session, fewer transactions, and a failing session
still rolls back alone."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.base import EmbedderBase
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.consolidation import consolidate
from memlab.memory import Memory
from memlab.types import ConsolidationContext, EpisodeRef, FactProposal, Plan

T0 = 1_700_000_000.0
HOUR = 3600.0
LINES = [
    "I live in Porto.", "I work at Acme with Dana.", "My sister Rita lives in Lisbon.",
    "I moved to Vilnius.", "I use Python at work.", "I switched to Rust.", "I met Dana in Vilnius.",
    "I have a cat named Tom.", "I work at Globex now.", "I live in Riga.",
]  # fmt: skip
TABLES = {
    "nodes": "SELECT id, type, content, fact_key, valid_from, valid_until, confidence, archived_at, "
    "session_id, attributes FROM nodes ORDER BY id",
    "edges": "SELECT * FROM edges ORDER BY 1, 2, 3",
    "entities": "SELECT * FROM entities ORDER BY id",
    "node_entities": "SELECT * FROM node_entities ORDER BY 1, 2",
    "entity_vectors": "SELECT * FROM entity_vectors ORDER BY 1",
    "node_vectors": "SELECT node_id, vec FROM node_vectors ORDER BY 1",
    "sessions": "SELECT id, status, attempts, last_error FROM sessions ORDER BY id",
}


class SameVector(EmbedderBase):
    """Every text is the same direction: a keyless fact is found as a duplicate by its vector only."""

    name, dim = "same-vector", 8

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return np.tile(np.eye(1, self.dim, dtype=np.float32), (len(texts), 1))


def build(
    path: Path, group: int, consolidator: object = None, sessions: int = 30, embedder: object = None
) -> tuple[Memory, dict]:
    clock = SimulatedClock(T0)
    cfg = MemoryConfig().replace(consolidation={"auto": False, "consolidator": "rules", "group_sessions": group})
    mem = Memory.open(path, cfg, clock=clock, embedder=embedder or HashingEmbedder(64))
    for i in range(sessions):
        at = T0 + i * 2 * HOUR
        clock.set(at)
        mem.ingest(LINES[i % len(LINES)], session_id=f"s{i:02d}", at=at)
        mem.ingest(LINES[(i * 3 + 1) % len(LINES)], session_id=f"s{i:02d}", at=at + 60)
    mem.end_session()
    mem.close_idle_sessions()
    mem.flush()
    report = consolidate(mem.knowledge, consolidator=consolidator) if consolidator else consolidate(mem.knowledge)
    mem.flush()
    return mem, report


def dump(path: Path) -> dict[str, list]:
    con = sqlite3.connect(path)
    try:
        return {t: con.execute(q).fetchall() for t, q in TABLES.items()}
    finally:
        con.close()


def test_grouped_sessions_write_what_one_transaction_each_writes(tmp_path: Path) -> None:
    one, r1 = build(tmp_path / "one.db", group=1)
    t1 = one.stats()["writer"]["transactions"]
    one.close()
    many, r64 = build(tmp_path / "many.db", group=64)
    t64 = many.stats()["writer"]["transactions"]
    many.close()
    assert r1["consolidated"] == r64["consolidated"] and len(r64["consolidated"]) == 30
    for k in ("facts_created", "facts_deduplicated", "superseded", "entities_created", "entity_links"):
        assert r1[k] == r64[k], k
    assert r64["superseded"] >= 1 and r64["facts_deduplicated"] >= 1  # later sessions saw earlier ones
    a, b = dump(tmp_path / "one.db"), dump(tmp_path / "many.db")
    for table in TABLES:
        assert a[table] == b[table], table
    assert t64 < t1 - 20  # ~30 session transactions became one


class KeylessThenBroken:
    """Keyless facts (they read dedup candidates: the group commits first), and one session whose
    plan cites an episode twice in a way apply rejects."""

    name = "test"

    def __init__(self, broken: str) -> None:
        self.broken = broken

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        if context.session_id == self.broken:
            raise RuntimeError("bad plan")
        ids = tuple(e.id for e in episodes)
        text = f"The user enjoys long walks, number {context.session_id[1:]}."  # never the same text
        fact = FactProposal(text, "semantic", None, None, ids, 0.8)
        return Plan(session_id=context.session_id, facts=(fact,))


def test_a_failing_session_fails_alone_and_keyless_facts_deduplicate_across_a_group(tmp_path: Path) -> None:
    mem, report = build(
        tmp_path / "k.db", group=64, consolidator=KeylessThenBroken("s03"), sessions=8, embedder=SameVector()
    )
    try:
        assert set(report["failed"]) == {"s03"} and "bad plan" in report["failed"]["s03"]["error"]
        assert report["failed"]["s03"]["status"] == "pending"
        assert len(report["consolidated"]) == 7
        # a keyless statement in 7 sessions, the same by its vector: one fact, six duplicates found
        # by the candidate lookup, which must see the earlier sessions of its own group
        assert report["facts_created"] == 1 and report["facts_deduplicated"] == 6
        s = mem.store.session("s03")
        assert s.status == "pending" and s.attempts == 1 and "bad plan" in (s.last_error or "")
    finally:
        mem.close()


def test_groups_in_flight_write_what_one_session_at_a_time_writes(tmp_path: Path) -> None:
    """Groups of 7: the next group is read and planned while the writer applies the last."""
    one, _ = build(tmp_path / "one.db", group=1)
    one.close()
    seven, r7 = build(tmp_path / "seven.db", group=7)
    seven.close()
    assert len(r7["consolidated"]) == 30
    a, b = dump(tmp_path / "one.db"), dump(tmp_path / "seven.db")
    for table in TABLES:
        assert a[table] == b[table], table


def test_a_chunk_read_at_once_is_what_each_session_reads(tmp_path: Path) -> None:
    from memlab.knowledge.consolidation.run import fetch_episodes
    from memlab.store import fact_rows

    mem, _ = build(tmp_path / "r.db", group=64, sessions=6)
    try:
        ids = [s.id for s in mem.store.sessions()] + ["no-such-session"]
        batch = fact_rows.sessions_episodes(mem.store, ids)
        for sid in ids:
            one = fetch_episodes(mem.knowledge, sid, page_size=1)  # pages of one: the keyset walk
            assert [(e.id, e.content, e.time, e.role, e.speaker, e.user_id) for e in one] == batch[sid]
        assert batch["s01"] and batch["no-such-session"] == []
        assert set(mem.store.sessions_by_id(ids)) == set(ids) - {"no-such-session"}
        mem.store.writer.call(lambda con: fact_rows.set_checkpoint(con, "s02", (T0 + 5.0, 7)))
        assert fact_rows.checkpoints_of(mem.store.reader(), ids) == {"s02": (T0 + 5.0, 7)}
    finally:
        mem.close()


def test_fact_lookups_search_their_indexes(tmp_path: Path) -> None:
    """Duplicate and keyed lookups of the write path must not scan every fact or every episode."""
    from memlab.knowledge import conflicts as cf

    mem, _ = build(tmp_path / "q.db", group=64, sessions=4)
    try:
        con = mem.store.reader()
        seen: list[str] = []
        con.set_trace_callback(seen.append)
        assert cf.same_content_candidates(con, "User lives in Porto.", "semantic", user_id="default")
        cf.keyed_candidates(con, "user|city", user_id="default")
        con.set_trace_callback(None)
        plans = [str(con.execute("EXPLAIN QUERY PLAN " + sql).fetchall()) for sql in seen]
        assert len(plans) == 2 and "nodes_fts" not in plans[0], plans
        assert "SEARCH n USING INDEX nodes_fact_stem" in plans[0], plans
        assert "SEARCH n USING INDEX nodes_user_fact_key (user_id=? AND fact_key=?)" in plans[1], plans
    finally:
        mem.close()


def test_a_checkpointed_session_forgets_its_checkpoint_when_consolidated(tmp_path: Path) -> None:
    from memlab.knowledge.consolidation.run import checkpoint
    from memlab.store import fact_rows

    clock = SimulatedClock(T0)
    cfg = MemoryConfig().replace(consolidation={"auto": False, "consolidator": "rules"})
    with Memory.open(tmp_path / "c.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as mem:
        mem.ingest("I live in Porto.", session_id="open-1", at=T0)
        mem.flush()
        assert checkpoint(mem.knowledge, ["open-1"])["sessions"] == 1
        assert fact_rows.checkpoint_of(mem.store.reader(), "open-1") != fact_rows.START
        mem.ingest("I work at Acme.", session_id="open-1", at=T0 + 60)
        mem.end_session()
        mem.close_idle_sessions()
        mem.flush()
        assert consolidate(mem.knowledge)["consolidated"] == ["open-1"]
        assert fact_rows.checkpoint_of(mem.store.reader(), "open-1") == fact_rows.START
        assert len(mem.store.execute_read("SELECT 1 FROM nodes WHERE fact_key IS NOT NULL")) == 2
