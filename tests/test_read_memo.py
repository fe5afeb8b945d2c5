"""Reads of the same query with no write between share their work: ``search(q)`` then
``context(q)`` (or either twice) runs retrieval once. The memo is keyed on the query, the read's
options (user, as-of, filters, limit) and the store's generation, which every committed write
bumps (reinforcement on access excepted: it moves no ranking); what it returns is what a fresh
read returns."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.embed.hashing import HashingEmbedder
from memlab.retrieval import channels as ch
from memlab.types import Hit

T0 = 1_714_550_400.0
DAY = 86_400.0
QUIET = MemoryConfig().replace(
    consolidation={"consolidator": "rules", "in_session": False}, retrieval={"reinforce_on_access": False}
)
LINES = (
    "My sister Ines keeps bees on a rooftop in Porto.",
    "The heron nests by the old mill every spring.",
    "I fixed the bike's rear brake on Sunday.",
    "Ines sent me a jar of her rooftop honey.",
    "We walked along the river to the old mill.",
    "I think the brake pads need replacing again.",
)
QUESTIONS = ("Who keeps bees?", "Where does the heron nest?", "What did I fix on the bike?", "honey from Porto")


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(tmp_path / "m.db", QUIET, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        for i, line in enumerate(LINES):
            m.ingest(line, session_id=f"s{i // 3}", at=T0 - (len(LINES) - i) * 3600)
        m.maintain()
        yield m


def shown(hits: list[Hit]) -> list[tuple[int, float, dict[str, int], str]]:
    return [(h.node.id, h.score, h.ranks, h.node.content) for h in hits]


@contextmanager
def statements(m: Memory) -> Iterator[list[str]]:
    """Every statement this thread's reader runs inside the block (FTS5's own reads included)."""
    seen: list[str] = []
    con = m.store.reader()
    con.set_trace_callback(seen.append)
    try:
        yield seen
    finally:
        con.set_trace_callback(None)


@contextmanager
def channel_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The names of the channels run inside the block."""
    ran: list[str] = []

    def spy(name: str, fn: Callable[..., list[int]]) -> Callable[..., list[int]]:
        def run(*a: Any, **kw: Any) -> list[int]:
            ran.append(name)
            return fn(*a, **kw)

        return run

    with monkeypatch.context() as mp:
        for name, fn in list(ch.CHANNEL_FUNCS.items()):
            mp.setitem(ch.CHANNEL_FUNCS, name, spy(name, fn))
        yield ran


def retrieval(sql: list[str]) -> list[str]:
    """The statements that rank: FTS, vectors, graph walks."""
    return [s for s in sql if " MATCH " in s or "node_vectors" in s or "WITH RECURSIVE" in s.upper()]


def test_memoised_reads_equal_fresh_ones(mem: Memory) -> None:
    fresh = {}
    mem.retriever.reuse_reads = False
    for q in QUESTIONS:
        fresh[q] = (shown(mem.search(q, limit=10)), mem.context(q), shown(mem.search(q, limit=3)))
    mem.retriever.reuse_reads = True
    for _ in range(2):  # the first round fills the memo, the second reads it
        for q in QUESTIONS:
            assert (shown(mem.search(q, limit=10)), mem.context(q), shown(mem.search(q, limit=3))) == fresh[q]


def test_a_second_read_of_the_same_question_runs_no_retrieval(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    first = mem.search("Who keeps bees?", limit=10)
    with statements(mem) as sql, channel_calls(monkeypatch) as ran:
        again = mem.search("Who keeps bees?", limit=10)
    assert shown(again) == shown(first)
    assert ran == [] and retrieval(sql) == []
    assert len(sql) <= 2  # the generation, then the hits' nodes read afresh

    mem.context("Who keeps bees?")
    with statements(mem) as sql, channel_calls(monkeypatch) as ran:
        mem.context("Who keeps bees?")
    assert ran == [] and retrieval(sql) == []


def test_context_after_search_reuses_the_searchs_text_channels(mem: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    mem.search("Where does the heron nest?", limit=10)
    with statements(mem) as sql:
        text = mem.context("Where does the heron nest?")
    assert "heron" in text
    assert [s for s in sql if " MATCH " in s or "node_vectors" in s] == []  # no FTS ranking, no vector read


def test_a_write_between_two_reads_gives_fresh_results(mem: Memory) -> None:
    before = mem.search("kingfisher by the mill", limit=10)
    assert not any("kingfisher" in h.node.content for h in before)
    generation = mem.store.generation()
    mem.ingest("A kingfisher dived from the bridge by the mill.", session_id="s9", wait=True)
    assert mem.store.generation() > generation
    after = mem.search("kingfisher by the mill", limit=10)
    assert any("kingfisher" in h.node.content for h in after)
    assert "kingfisher" in mem.context("kingfisher by the mill")


def test_a_write_on_the_writer_thread_invalidates_the_memo(mem: Memory) -> None:
    hits = mem.search("heron nests", limit=10)
    heron = next(h.node.id for h in hits if "heron" in h.node.content)
    mem.store.writer.submit(
        lambda con: con.execute("UPDATE nodes SET archived_at = ? WHERE id = ?", (T0, heron))
    ).result()
    assert heron not in [h.node.id for h in mem.search("heron nests", limit=10)]


def test_reinforcement_keeps_the_memo_and_the_nodes_are_read_fresh(tmp_path: Path) -> None:
    cfg = QUIET.replace(retrieval={"reinforce_on_access": True})
    with Memory.open(tmp_path / "r.db", cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        m.ingest("The heron nests by the old mill every spring.", session_id="s1", wait=True)
        m.flush()  # its vector too
        generation = m.store.generation()
        first = m.search("heron mill", limit=5)
        m.flush()  # the reinforcement is committed
        assert m.store.generation() == generation  # it moves no ranking
        with statements(m) as sql:
            again = m.search("heron mill", limit=5)
        assert retrieval(sql) == []
        assert [h.node.id for h in again] == [h.node.id for h in first]
        assert again[0].node.access_count == first[0].node.access_count + 1  # read afresh


def test_as_of_reads_are_keyed_apart(tmp_path: Path) -> None:
    clock = SimulatedClock(T0)
    cfg = QUIET.replace(consolidation={"auto": True})
    with Memory.open(tmp_path / "a.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("I live in Berlin.", session_id="s1", at=T0)
        m.maintain()
        clock.set(T0 + 30 * DAY)
        m.ingest("I moved to Lisbon, I live in Lisbon now.", session_id="s2", at=T0 + 30 * DAY)
        m.maintain()
        q, then = "Where do I live?", T0 + DAY
        reads = [
            (shown(m.search(q, limit=10)), shown(m.search(q, limit=10, as_of=then)), m.context(q), m.context(q, as_of=then))
            for _ in range(2)
        ]
        m.retriever.reuse_reads = False
        fresh = (shown(m.search(q, limit=10)), shown(m.search(q, limit=10, as_of=then)), m.context(q), m.context(q, as_of=then))
    assert reads[0] == reads[1] == fresh
    now_ids, then_ids = [h[0] for h in fresh[0]], [h[0] for h in fresh[1]]
    assert now_ids != then_ids  # the as-of read saw another memory, not the memoised current one
    assert "Lisbon" in fresh[2] and "Lisbon" not in fresh[3]


def test_other_users_reads_are_keyed_apart(mem: Memory) -> None:
    mem.ingest("The heron is my favourite bird.", session_id="u2", user_id="ana", wait=True)
    mine = [h.node.id for h in mem.search("heron", limit=10)]
    hers = [h.node.id for h in mem.search("heron", limit=10, user_id="ana")]
    assert mine and hers and not set(mine) & set(hers)
    assert [h.node.id for h in mem.search("heron", limit=10)] == mine


def test_a_read_only_memory_sees_another_writers_commit(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    with Memory.open(db, QUIET, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as writer:
        writer.ingest("The heron nests by the old mill.", session_id="s1", wait=True)
        writer.flush()
        with Memory.open(db, QUIET, clock=SimulatedClock(T0), embedder=HashingEmbedder(64), read_only=True) as reader:
            before = reader.search("kingfisher mill", limit=10)
            assert not any("kingfisher" in h.node.content for h in before)
            writer.ingest("A kingfisher dived by the mill.", session_id="s1", wait=True)
            writer.flush()
            assert any("kingfisher" in h.node.content for h in reader.search("kingfisher mill", limit=10))


def test_writes_move_the_generation_and_reinforcement_does_not(tmp_path: Path) -> None:
    cfg = QUIET.replace(retrieval={"reinforce_on_access": True})
    with Memory.open(tmp_path / "g.db", cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        start = m.store.generation()
        m.ingest("Rain all week in Bergen.", session_id="s1", wait=True)
        m.flush()
        written = m.store.generation()
        assert written > start
        for _ in range(3):
            assert m.search("rain in Bergen", limit=5)
            m.context("rain in Bergen")
        m.flush()
        assert m.store.generation() == written
        m.ingest("The rain stopped on Friday.", session_id="s1", wait=True)
        assert m.store.generation() > written
