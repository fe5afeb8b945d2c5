"""Baselines: naive vector RAG and BM25 rank as their definitions say, behind the replay interface."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memlab.bench.baselines import BM25, MethodSpec, NaiveRAG, SubjectFactory, bm25_tokens
from memlab.bench.replay import replay
from memlab.bench.subjects import MemlabSubject
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.datasets.schema import Dataset, Question, Turn
from memlab.embed.hashing import HashingEmbedder

TEXTS = [
    "I live in Berlin now.",
    "The deploy failed because the migration locked the table.",
    "My cat is called Miso.",
    "I moved to Vilnius last week.",
    "Coffee in Vilnius is great.",
    "",
]


def _turns(texts: list[str]) -> list[Turn]:
    return [Turn(id=f"t{i}", session_id="s", speaker="Ann", role="user", text=t or ".", time=float(i))
            for i, t in enumerate(texts)]  # fmt: skip


def _q(text: str) -> Question:
    return Question(id="q", text=text, time=100.0)


def test_naive_rag_is_exact_cosine_top_k() -> None:
    emb = HashingEmbedder(64)
    rag = NaiveRAG(emb, context_k=2, batch=2)  # batch 2: the matrix is built from several blocks
    for t in _turns(TEXTS):
        rag.ingest(t)
    rag.settle()
    query = "where did the migration lock the table"
    got = rag.retrieve(_q(query), limit=4)
    matrix = emb.embed_batch([t or "." for t in TEXTS])
    expected = np.argsort(-(matrix @ emb.embed_batch([query])[0]), kind="stable")[:4]
    assert list(got.ranked_ids) == [f"t{i}" for i in expected]
    assert got.ranked_ids[0] == "t1"
    assert got.context.count("\n") == 1  # context_k = 2 messages
    assert got.context_s >= got.search_s


def test_naive_rag_knows_no_time_so_the_stale_fact_stays() -> None:
    rag = NaiveRAG(HashingEmbedder(64))
    for t in _turns(["I live in Berlin.", "I live in Vilnius."]):
        rag.ingest(t)
    rag.settle()
    got = rag.retrieve(_q("where do I live"), limit=10)
    assert set(got.ranked_ids) == {"t0", "t1"}
    assert "Berlin" in got.context  # nothing supersedes the old message


def test_bm25_matches_rank_bm25_on_stemmed_tokens() -> None:
    from rank_bm25 import BM25Okapi

    bm = BM25(context_k=3)
    for t in _turns(TEXTS):
        bm.ingest(t)
    got = bm.retrieve(_q("Vilnius coffee moving"), limit=3)
    ref = BM25Okapi([bm25_tokens(t) or ["\u2205"] for t in TEXTS]).get_scores(
        bm25_tokens("Vilnius coffee moving")
    )
    assert got.ranked_ids[0] == f"t{int(np.argmax(ref))}" == "t4"
    assert "t3" in got.ranked_ids  # "moved" and "moving" share a stem
    assert bm25_tokens("I moved") == bm25_tokens("moving")


def test_bm25_with_nothing_ingested_returns_nothing() -> None:
    got = BM25().retrieve(_q("anything"), limit=5)
    assert got.ranked_ids == () and got.context == ""


def test_method_spec_validates_kind_and_config() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        MethodSpec("x", kind="magic")
    spec = MethodSpec("m", config={"retrieval": {"recipe": "fts_only"}})
    assert spec.memory_config(MemoryConfig()).retrieval.recipe == "fts_only"
    with pytest.raises(ValueError):
        MethodSpec("m", config={"retrieval": {"no_such_knob": 1}}).memory_config(MemoryConfig())


def test_factory_builds_each_kind(tmp_path: Path) -> None:
    base = MemoryConfig().replace(embedder={"name": "hashing", "dim": 64})
    clock = SimulatedClock(0.0)
    assert isinstance(SubjectFactory(MethodSpec("n", kind="naive_rag"), base, tmp_path)(clock), NaiveRAG)
    assert isinstance(SubjectFactory(MethodSpec("b", kind="bm25"), base, tmp_path)(clock), BM25)
    factory = SubjectFactory(
        MethodSpec("m[k=1]", config={"retrieval": {"recipe": "fts_only"}}), base, tmp_path
    )
    first, second = factory(clock), factory(clock)
    try:
        assert isinstance(first, MemlabSubject) and first.memory.config.retrieval.recipe == "fts_only"
        assert first.memory.config.consolidation.auto is False  # consolidation on the replay thread
        assert first.memory.path != second.memory.path  # a fresh file per replay
        assert first.memory.path.parent == tmp_path
    finally:
        first.close()
        second.close()
    none = MemoryConfig().replace(embedder={"name": "none"})
    with pytest.raises(ValueError, match="needs an embedder"):
        SubjectFactory(MethodSpec("n", kind="naive_rag"), none, tmp_path)(clock)


def test_baselines_replay_through_the_same_metrics() -> None:
    turns = _turns(["I live in Berlin.", "Weather chat.", "I moved to Vilnius."])
    q = Question(id="q", text="Where did I move to, Vilnius?", time=10.0, answers=("Vilnius",),
                 stale_answers=("Berlin",), evidence=("t2",))  # fmt: skip
    ds = Dataset(name="d", turns=tuple(turns), questions=(q,))
    emb = HashingEmbedder(64)
    for make in (lambda c: NaiveRAG(emb), lambda c: BM25()):
        result = replay(ds, make, progress=False)
        rec = result.questions[0]
        assert rec["recall@1"] == 1.0
        assert rec["answer_in_context"] is True
        assert rec["stale_in_context"] is True  # the flat baselines keep the stale message in context
        assert result.footprint["nodes"] == 3
