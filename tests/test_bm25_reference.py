"""The FTS channel's BM25 ranking against an independent implementation (rank_bm25) on the same
corpus and the same stems, as bm25s checks itself against rank_bm25."""

from __future__ import annotations

import random
from pathlib import Path

from memlab.bench.perf_retrieval import fts_vs_bm25
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.retrieval import channels as ch

WORDS = (
    "garden tomato basil fence rain morning coffee office deploy server disk budget report meeting "
    "sister brother lisbon berlin vilnius flight hotel museum concert guitar piano painting running "
    "marathon knee doctor dentist cat dog shelter adoption novel library recipe pasta bread oven"
).split()

# hand-built graphs: no automatic consolidation behind the test's back
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


def _corpus(n: int, seed: int = 3) -> list[str]:
    rnd = random.Random(seed)
    # Zipf-like: early words are much more common, as in real text
    weights = [1 / (i + 1) for i in range(len(WORDS))]
    return [" ".join(rnd.choices(WORDS, weights, k=rnd.randint(4, 14))) for _ in range(n)]


def test_fts_top10_agrees_with_rank_bm25(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "b.db", MANUAL, clock=SimulatedClock(0.0), embedder=None) as m:
        for text in _corpus(300):
            m.ingest(text, session_id="s")
        m.flush()
        rnd = random.Random(5)
        queries = [" ".join(rnd.sample(WORDS, 3)) for _ in range(40)]
        overlap = fts_vs_bm25(m, queries, k=10)
    assert overlap >= 80.0, overlap


def test_posting_budget_keeps_the_rarest_terms(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "p.db", MANUAL, clock=SimulatedClock(0.0), embedder=None) as m:
        for i in range(60):
            m.ingest(f"common filler {i}" + (" zebra" if i == 7 else ""), session_id="s")
        m.flush()
        assert ch.affordable_terms(m.retriever, ["common", "zebra"], budget=10) == ["zebra"]
        assert ch.affordable_terms(m.retriever, ["common", "zebra"], budget=1000) == ["common", "zebra"]
        top = ch.fts(m.retriever, "common zebra", None, ch.Filters(), 5)
        assert m.store.node(top[0]).content.endswith("zebra")
