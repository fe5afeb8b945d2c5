"""FTS and the search API: natural questions match, FTS syntax never raises, RU/EN inflections,
reinforcement on access (and none for internal searches), the CLI table."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlab.clock import DAY, SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval.engine import format_hits, search
from memlab.store import store as st

T0 = 1_700_000_000.0
CORPUS = [
    "I adopted a small grey cat from the animal shelter last weekend",
    "My sister lives in Lisbon and works as an architect",
    "The quarterly report is due on Friday, the finance team reminded me",
    "Он живёт в Вильнюсе уже три года",
    "She is living with her parents in Porto",
    "We went hiking in the Alps and the weather was terrible",
]

# hand-built graphs: no automatic consolidation behind the test's back
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


@pytest.fixture
def mem(tmp_path: Path) -> Memory:
    m = Memory.open(tmp_path / "m.db", MANUAL, clock=SimulatedClock(T0), embedder=HashingEmbedder(64))
    for i, text in enumerate(CORPUS):
        m.ingest(text, session_id="s1", at=T0 + i * 60)
    m.flush()
    yield m
    m.close()


def _texts(hits: list) -> list[str]:
    return [h.node.content for h in hits]


def test_natural_question_finds_fact_through_other_words(mem: Memory) -> None:
    # "pet" and "get" are not in the text; "cat" and "shelter" are.
    ids = ch.fts(mem.retriever, "Where did I get my cat, was it a shelter?", None, ch.Filters(), 10)
    assert ids and mem.store.node(ids[0]).content.startswith("I adopted a small grey cat")


@pytest.mark.parametrize(
    "query",
    [
        '"unbalanced quote',
        "cat AND dog",
        "NEAR(cat shelter)",
        "cat*",
        "content:cat",
        "((cat",
        ")",
        "-cat",
        "^cat",
        "cat OR",
        "NOT",
        "",
        "   ",
        "!!!",
        "a:b:c",
        '""',
        "\x00cat",
        "{cat}",
    ],
)
def test_fts_syntax_never_raises(mem: Memory, query: str) -> None:
    hits = search(mem.retriever, query, recipe="fts_only")
    assert isinstance(hits, list)
    if "cat" in query:
        assert any("cat" in h.node.content for h in hits)


def test_inflections_match_in_russian_and_english(mem: Memory) -> None:
    ru = ch.fts(mem.retriever, "Вильнюс", None, ch.Filters(), 5)
    assert [mem.store.node(i).content for i in ru] == [CORPUS[3]]
    en = ch.fts(mem.retriever, "who lives in Porto?", None, ch.Filters(), 5)
    assert mem.store.node(en[0]).content == CORPUS[4]  # "lives" finds "living"
    live = {mem.store.node(i).content for i in ch.fts(mem.retriever, "live", None, ch.Filters(), 5)}
    assert {CORPUS[1], CORPUS[4]} <= live


def test_hits_carry_ranks_of_every_channel(mem: Memory) -> None:
    hits = search(mem.retriever, "cat from the shelter", recipe="hybrid_no_graph", limit=3)
    top = hits[0]
    assert top.node.content == CORPUS[0]
    assert set(top.ranks) == {"fts", "vector"} and top.ranks["fts"] == 1
    assert all(hits[i].score >= hits[i + 1].score for i in range(len(hits) - 1))


def test_filters_types_time_and_cut(mem: Memory) -> None:
    assert search(mem.retriever, "cat shelter", types=["semantic"]) == []
    late = search(mem.retriever, "cat sister report", since=T0 + 90, recipe="fts_only")
    assert late and all(h.node.event_time >= T0 + 90 for h in late)
    cut = search(mem.retriever, "cat shelter", recipe="hybrid_no_graph", min_score_fraction=0.9)
    assert [h.node.content for h in cut] == [CORPUS[0]]


def test_access_reinforces_returned_hits_once_per_search(mem: Memory) -> None:
    mem.clock.set(T0 + DAY)
    hits = search(mem.retriever, "Lisbon architect", limit=2, recipe="fts_only")
    mem.flush()
    node = mem.store.node(hits[0].node.id)
    assert node.access_count == 1 and node.last_accessed == T0 + DAY
    untouched = [n for n in mem.store.find_nodes() if n.id not in {h.node.id for h in hits}]
    assert all(n.access_count == 0 for n in untouched)


def test_internal_search_does_not_count_as_access(mem: Memory) -> None:
    hits = search(mem.retriever, "Lisbon architect", internal=True)
    hits += search(mem.retriever, "Lisbon architect", reinforce=False)
    mem.flush()
    assert hits and all(n.access_count == 0 and n.last_accessed is None for n in mem.store.find_nodes())


def test_reinforcement_raises_base_strength_capped(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "r.db", MANUAL, clock=SimulatedClock(T0), embedder=None) as m:
        fid = m.store.writer.call(
            lambda con: st.insert_node(
                con,
                type="semantic",
                content="User's favourite tea is oolong",
                event_time=T0,
                created_at=T0,
                base_strength=0.5,
            )
        )
        for _ in range(3):
            search(m.retriever, "favourite tea")
        m.flush()
        assert m.store.node(fid).base_strength == pytest.approx(0.8)
        for _ in range(5):
            search(m.retriever, "favourite tea")
        m.flush()
        assert m.store.node(fid).base_strength == pytest.approx(1.0)


def test_format_hits_table(mem: Memory) -> None:
    table = format_hits(search(mem.retriever, "cat shelter", recipe="hybrid_no_graph", limit=2))
    lines = table.splitlines()
    assert lines[0].split(" | ")[:5] == ["id", "type", "score", "ranks", "date"] or lines[0].startswith("id")
    assert "fts:1" in lines[1] and "cat" in lines[1]
    assert format_hits([]) == "(no hits)"


def test_search_through_memory_facade(mem: Memory) -> None:
    hits = mem.search("sister Lisbon", limit=1)
    assert hits[0].node.content == CORPUS[1]
