"""Active view, as-of (world time) and history: Berlin (March) superseded by Vilnius (June)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.retrieval.engine import format_hits, search
from memlab.store import store as st

# hand-built graphs: no automatic consolidation behind the test's back
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


def ts(month: int, day: int = 1) -> float:
    return datetime(2024, month, day, tzinfo=UTC).timestamp()


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(
        tmp_path / "a.db", MANUAL, clock=SimulatedClock(ts(7)), embedder=HashingEmbedder(64)
    ) as m:
        yield m


def build(m: Memory) -> tuple[int, int]:
    march = m.ingest("I live in Berlin", session_id="s1", at=ts(3, 5), wait=True)
    june = m.ingest("I moved to Vilnius", session_id="s2", at=ts(6, 10), wait=True)

    def fn(con: Any) -> tuple[int, int]:
        berlin = st.insert_node(
            con,
            type="semantic",
            content="User lives in Berlin",
            event_time=ts(3, 5),
            created_at=ts(3, 6),
            fact_key="user|city",
        )
        vilnius = st.insert_node(
            con,
            type="semantic",
            content="User lives in Vilnius",
            event_time=ts(6, 10),
            created_at=ts(6, 11),
            fact_key="user|city",
        )
        st.insert_edge(con, berlin, march, "derived_from", created_at=ts(3, 6))
        st.insert_edge(con, vilnius, june, "derived_from", created_at=ts(6, 11))
        st.invalidate(con, berlin, ts(6, 10), "superseded")
        st.insert_edge(con, vilnius, berlin, "supersedes", created_at=ts(6, 11))
        return berlin, vilnius

    out = m.store.writer.call(fn)
    m.flush()
    return out


FACTS = ("semantic",)


def test_default_view_returns_the_current_fact_only(mem: Memory) -> None:
    berlin, vilnius = build(mem)
    hits = search(mem.retriever, "Where does the user live?", types=FACTS)
    assert [h.node.id for h in hits] == [vilnius]


def test_as_of_answers_from_what_memory_held_then(mem: Memory) -> None:
    berlin, vilnius = build(mem)
    april = search(mem.retriever, "Where does the user live?", types=FACTS, as_of=ts(4))
    assert [h.node.id for h in april] == [berlin]
    feb = search(mem.retriever, "Where does the user live?", types=FACTS, as_of=ts(2))
    assert feb == []
    july = search(mem.retriever, "Where does the user live?", types=FACTS, as_of=ts(7))
    assert [h.node.id for h in july] == [vilnius]


def test_history_marks_superseded_facts_with_successors(mem: Memory) -> None:
    berlin, vilnius = build(mem)
    hits = {h.node.id: h for h in search(mem.retriever, "user lives Berlin Vilnius", types=FACTS, include_history=True)}
    assert set(hits) == {berlin, vilnius}
    assert hits[berlin].superseded_by == (vilnius,) and hits[vilnius].superseded_by == ()
    assert not hits[berlin].node.active
    assert f"superseded by {vilnius}" in format_hits(list(hits.values()))


def test_archived_nodes_leave_the_active_view(mem: Memory) -> None:
    berlin, vilnius = build(mem)
    mem.store.writer.call(
        lambda con: con.execute("UPDATE nodes SET archived_at = ? WHERE id = ?", (ts(6, 20), vilnius))
    )
    assert search(mem.retriever, "Where does the user live?", types=FACTS) == []
    assert [h.node.id for h in search(mem.retriever, "user live", types=FACTS, as_of=ts(6, 15))] == [vilnius]


def test_graph_channels_respect_the_view(mem: Memory) -> None:
    berlin, vilnius = build(mem)
    ids = {h.node.id for h in search(mem.retriever, "When did the user move to Vilnius?", limit=20)}
    assert berlin not in ids and vilnius in ids
