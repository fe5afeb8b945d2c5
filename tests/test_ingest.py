"""Hot path, sessions, slow path and bad input."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as stt

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.base import EmbedderBase
from memlab.embed.hashing import HashingEmbedder
from memlab.ingest import InvalidMessage
from memlab.lang.text import stem_text, tokenize
from memlab.memory import Memory
from memlab.store import store as st

T0 = 1_700_000_000.0
MIN = 60.0


def test_temporal_edges_link_each_session_in_order(mem: Memory) -> None:
    a = [mem.ingest(f"a{i}", session_id="a", at=T0 + i, wait=True) for i in range(3)]
    b = [mem.ingest(f"b{i}", session_id="b", at=T0 + 10 + i, wait=True) for i in range(2)]
    pairs = {(e.src, e.dst) for e in mem.store.edges(types=["temporal"])}
    assert pairs == {(a[0], a[1]), (a[1], a[2]), (b[0], b[1])}


def test_sessions_rotate_on_new_id_and_on_idle(mem: Memory, clock: SimulatedClock) -> None:
    done: list[str] = []
    mem.on_session_complete(done.append)
    mem.ingest("hello", session_id="chat", at=T0)
    mem.ingest("still here", session_id="chat", at=T0 + 29 * MIN)
    mem.ingest("back after lunch", session_id="chat", at=T0 + 90 * MIN)  # > 30 min idle
    mem.ingest("other conversation", session_id="other", at=T0 + 91 * MIN)
    mem.flush()
    assert done == ["chat", "chat#2"]
    s = mem.store.session("chat")
    assert s.status == "pending" and s.episode_count == 2 and s.last_event_at == T0 + 29 * MIN
    assert mem.store.session("chat#2").episode_count == 1
    assert mem.store.session("other").status == "open"
    clock.set(T0 + 200 * MIN)
    assert mem.tick() == ["other"]
    mem.flush()
    assert done[-1] == "other"


def test_auto_sessions_without_an_id(mem: Memory) -> None:
    mem.ingest("one", at=T0)
    mem.ingest("two", at=T0 + MIN)
    mem.ingest("three", at=T0 + 2 * 3600)
    mem.flush()
    ids = [s.id for s in mem.store.sessions()]
    assert len(ids) == 2 and all(i.startswith("auto-") for i in ids)


def test_reopening_continues_the_open_session_and_never_reuses_a_closed_id(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    clock = SimulatedClock(T0)
    with Memory.open(path, cfg, clock=clock, embedder=HashingEmbedder(16)) as m:
        m.ingest("x1", session_id="x", at=T0)
        m.ingest("y1", session_id="y", at=T0 + MIN)  # completes x
    with Memory.open(path, cfg, clock=clock, embedder=HashingEmbedder(16)) as m:
        m.ingest("y2", session_id="y", at=T0 + 2 * MIN)  # continues y, with a temporal edge
        m.ingest("x again", session_id="x", at=T0 + 3 * MIN)  # x is closed: a new segment
        m.flush()
        assert m.store.session("y").episode_count == 2
        assert m.store.session("x#2") is not None
        ys = [n.id for n in m.store.find_nodes(session_id="y")]
        assert {(e.src, e.dst) for e in m.store.edges(types=["temporal"])} >= {(ys[0], ys[1])}


def test_world_time_and_system_time_are_kept_apart(mem: Memory, clock: SimulatedClock) -> None:
    clock.set(T0 + 1000)
    nid = mem.ingest("it happened earlier", session_id="s", at=T0, wait=True)
    node = mem.store.node(nid)
    assert node.event_time == T0 and node.valid_from == T0 and node.created_at == T0 + 1000
    assert node.decay_rate == 0.0  # episodes never decay


@pytest.mark.parametrize("text", ["", "   ", "\n\t "])
def test_empty_messages_are_refused_clearly(mem: Memory, text: str) -> None:
    with pytest.raises(InvalidMessage, match="empty"):
        mem.ingest(text, session_id="s")
    assert mem.stats()["nodes_total"] == 0


def test_big_and_strange_messages_are_stored_verbatim(mem: Memory) -> None:
    big = ("word " * 200_000)[:1_000_000]
    cases = [big, "nul\x00byte inside", "emoji 🙂 and Вильнюс", "quotes \" ' AND OR NEAR * : ( )"]
    ids = [mem.ingest(t, session_id="s", wait=True) for t in cases]
    mem.flush()
    assert [n.content for n in mem.store.nodes(ids)] == cases
    assert mem.stats()["unembedded"] == 0


def test_lone_surrogates_and_invalid_utf8_are_repaired_and_flagged(mem: Memory) -> None:
    a = mem.ingest("broken \ud800 text", session_id="s", wait=True)
    b = mem.ingest(b"bytes \xff\xfe here", session_id="s", wait=True)
    na, nb = mem.store.nodes([a, b])
    assert na.content == "broken \ufffd text" and "surrogates" in na.attributes["repaired"]
    assert nb.content == "bytes \ufffd\ufffd here" and "UTF-8" in nb.attributes["repaired"]


def test_oversized_message_is_refused(tmp_path: Path) -> None:
    cfg = MemoryConfig().replace(ingest={"max_message_chars": 100}, consolidation={"auto": False})
    with Memory.open(tmp_path / "m.db", cfg, embedder=None) as m:
        with pytest.raises(InvalidMessage, match="max_message_chars"):
            m.ingest("x" * 101)
        m.ingest("x" * 100, wait=True)


class FlakyEmbedder(EmbedderBase):
    name, dim = "flaky", 8

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.calls = 0
        self.lock = threading.Lock()

    def embed_batch(self, texts):
        with self.lock:
            self.calls += 1
            if self.failures > 0:
                self.failures -= 1
                raise ConnectionError("embedding server down")
        return np.ones((len(texts), self.dim), np.float32) / np.sqrt(self.dim)


def _flaky_memory(tmp_path: Path, failures: int) -> tuple[Memory, FlakyEmbedder]:
    cfg = MemoryConfig().replace(ingest={"embed_backoff_s": 0.001}, consolidation={"auto": False})
    emb = FlakyEmbedder(failures)
    return Memory.open(tmp_path / "m.db", cfg, embedder=emb), emb


def test_embedder_retries_with_backoff_then_succeeds(tmp_path: Path) -> None:
    m, emb = _flaky_memory(tmp_path, failures=2)
    with m:
        m.ingest("hello", session_id="s", wait=True)
        m.flush()
        s = m.stats()
        assert s["vectors"] == 1 and s["embedding"]["retries"] == 2 and emb.calls == 3


def test_failing_embedder_never_blocks_or_loses_ingest(tmp_path: Path) -> None:
    m, emb = _flaky_memory(tmp_path, failures=10**9)
    with m:
        for i in range(20):
            m.ingest(f"message {i}", session_id="s")
        m.flush()
        s = m.stats()
        assert s["nodes_total"] == 20 and s["unembedded"] == 20 and s["embedding"]["failed"] == 20
        emb.failures = 0  # the server comes back: maintenance re-queues what is missing
        assert m.embed_missing() == 20
        m.flush()
        assert m.stats()["unembedded"] == 0


def test_async_ingest(mem: Memory) -> None:
    import asyncio

    node_id = asyncio.run(mem.ingest_async("from asyncio", session_id="s"))
    assert mem.store.node(node_id).content == "from asyncio"


# -- FTS stays in step with the nodes table (Hypothesis) -------------------------------------
WORDS = ["berlin", "vilnius", "python", "rust", "deploy", "table", "boss", "sasha", "cat", "dog"]
ops = stt.lists(
    stt.one_of(
        stt.tuples(stt.just("insert"), stt.lists(stt.sampled_from(WORDS), min_size=1, max_size=5)),
        stt.tuples(
            stt.just("update"),
            stt.integers(0, 30),
            stt.lists(stt.sampled_from(WORDS), min_size=1, max_size=5),
        ),
        stt.tuples(stt.just("forget"), stt.integers(0, 30)),
    ),
    max_size=25,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops)
def test_fts_matches_brute_force_over_active_rows(tmp_path_factory, ops) -> None:
    path = tmp_path_factory.mktemp("fts") / "m.db"
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(path, cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(8)) as m:
        ids: list[int] = []
        for op in ops:
            if op[0] == "insert":
                ids.append(m.ingest(" ".join(op[1]), session_id="s", wait=True))
            elif op[0] == "update" and ids:
                nid, text = ids[op[1] % len(ids)], " ".join(op[2])
                m.store.writer.call(
                    lambda con, nid=nid, text=text: con.execute(
                        "UPDATE nodes SET content = ?, stem = ? WHERE id = ?", (text, stem_text(text), nid)
                    )
                )
            elif op[0] == "forget" and ids:
                nid = ids[op[1] % len(ids)]
                m.store.writer.call(lambda con, nid=nid: st.invalidate(con, nid, T0, "forgotten"))
        m.flush()
        active = m.store.find_nodes(current=True)
        for word in WORDS:
            expected = {n.id for n in active if word in tokenize(n.content)}
            got = {
                r[0]
                for r in m.store.execute_read(
                    "SELECT n.id FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid "
                    "WHERE nodes_fts MATCH ? AND n.valid_until IS NULL",
                    (f'"{stem_text(word)}"',),
                )
            }
            assert got == expected, word
        m.store.writer.call(
            lambda con: con.execute("INSERT INTO nodes_fts(nodes_fts, rank) VALUES ('integrity-check', 1)")
        )
        vec_ids = {r[0] for r in m.store.execute_read("SELECT node_id FROM node_vectors")}
        assert vec_ids == {r[0] for r in m.store.execute_read("SELECT id FROM nodes")}
