"""vector_speaker and vector_session. vector_speaker: the dense hits (vector_window's ranking) spoken by a person the question names,
shared with vector_window within one search; nothing when nobody, or everybody, is named.
vector_session: sessions ranked by their best dense hits, then all their episodes, nearest first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval import engine
from memlab.retrieval.recipes import HYBRID

T0 = 1_700_000_000.0
MANUAL = MemoryConfig().replace(consolidation={"auto": False}, retrieval={"reinforce_on_access": False})
TURNS = [
    ("Melanie", "I went camping with the kids by the lake."),
    ("Caroline", "I went camping once, by a lake too."),
    ("Melanie", "Pottery class was fun, I made a bowl."),
    ("Caroline", "I joined a support group this week."),
    ("Melanie", "We painted a sunrise over the lake."),
    ("Caroline", "The lake was cold when I went swimming."),
]


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(tmp_path / "v.db", MANUAL, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        for i, (who, text) in enumerate(TURNS):
            m.ingest(f"{who}: {text}", session_id="s1", at=T0 + i, speaker=who, wait=True)
        m.flush()
        yield m


def _speaker(m: Memory, node_id: int) -> str:
    return str(m.store.execute_read("SELECT speaker FROM nodes WHERE id = ?", (node_id,))[0][0])


def test_only_the_named_speakers_turns_in_dense_order(mem: Memory) -> None:
    query = "What did Melanie do at the lake?"
    qvec = mem.embed_query(query)
    got = ch.vector_speaker(mem.retriever, query, qvec, ch.Filters(), 10)
    assert got and {_speaker(mem, i) for i in got} == {"Melanie"}
    dense = ch.vector_window(mem.retriever, query, qvec, ch.Filters(), 10)
    assert got == [i for i in dense if _speaker(mem, i) == "Melanie"]


def test_nothing_when_nobody_or_everybody_is_named(mem: Memory) -> None:
    for query in ("What happened at the lake?", "What did Melanie and Caroline do at the lake?"):
        assert ch.vector_speaker(mem.retriever, query, mem.embed_query(query), ch.Filters(), 10) == []
    assert ch.vector_speaker(mem.retriever, "Melanie lake", None, ch.Filters(), 10) == []  # no query vector


def test_filters_apply_and_the_engine_runs_it(mem: Memory) -> None:
    query = "What did Melanie do at the lake?"
    qvec = mem.embed_query(query)
    assert ch.vector_speaker(mem.retriever, query, qvec, ch.Filters(user_id="nobody"), 10) == []
    recipe = HYBRID.with_weights({"vector_speaker": 1.0})
    trace = engine.run(mem.retriever, query, limit=5, recipe=recipe)
    assert trace.channels["vector_speaker"] and {_speaker(mem, i) for i in trace.channels["vector_speaker"]} == {
        "Melanie"
    }


def test_vector_session_lists_whole_sessions_best_first(tmp_path: Path) -> None:
    cfg = MANUAL
    with Memory.open(tmp_path / "s.db", cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        lake = [m.ingest(t, session_id="lake", at=T0 + i, wait=True)
                for i, t in enumerate(["camping by the lake", "the lake was cold", "we packed the tent"])]  # fmt: skip
        city = [m.ingest(t, session_id="city", at=T0 + 100 + i, wait=True)
                for i, t in enumerate(["traffic in the city", "a new cafe downtown"])]  # fmt: skip
        m.flush()
        query = "camping at the lake"
        got = ch.vector_session(m.retriever, query, m.embed_query(query), ch.Filters(), 10)
        assert set(got[:3]) == set(lake) and set(got[3:]) == set(city)  # "tent" comes with its session
        assert got[0] in lake[:2]
        assert ch.vector_session(m.retriever, query, m.embed_query(query), ch.Filters(), 2) == got[:2]
        assert ch.vector_session(m.retriever, query, m.embed_query(query), ch.Filters(user_id="nobody"), 10) == []
        assert ch.vector_session(m.retriever, query, None, ch.Filters(), 10) == []


def test_keyed_outranks_every_text_channel_agreeing() -> None:
    from memlab.retrieval.channels import TEXT
    from memlab.retrieval.recipes import KEYED_WEIGHT

    assert KEYED_WEIGHT > sum(HYBRID.weights[c] for c in TEXT if c != "keyed")
