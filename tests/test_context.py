"""Context assembly: per-section budgets, priority order, de-duplication, dates and confidence,
stale facts never in the default context, pluggable token counter."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memlab.bench.metrics import outside_history
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.lang.names import normalize_name
from memlab.memory import Memory
from memlab.retrieval.context import SECTIONS, ContextProvider, build_context
from memlab.retrieval.tokens import ApproxTokenCounter
from memlab.store import store as st

# hand-built graphs: no automatic consolidation behind the test's back
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


def ts(month: int, day: int = 1) -> float:
    return datetime(2024, month, day, tzinfo=UTC).timestamp()


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    with Memory.open(
        tmp_path / "c.db", MANUAL, clock=SimulatedClock(ts(7)), embedder=HashingEmbedder(64)
    ) as m:
        yield m


def fill_memory(m: Memory, n: int = 30) -> None:
    eps = [
        m.ingest(
            f"Talked about the garden project, step {i}: planting tomatoes and basil near the fence",
            session_id="s1",
            at=ts(5) + i * 60,
            wait=True,
        )
        for i in range(n)
    ]

    def fn(con: Any) -> None:
        eid = con.execute(
            "INSERT INTO entities(canonical_name, type, summary, created_at) VALUES (?,?,?,?)",
            ("Garden project", "project", "The user's vegetable garden behind the house", ts(5)),
        ).lastrowid
        con.execute("INSERT INTO entity_aliases VALUES (?, ?, ?)", (normalize_name("garden"), eid, "garden"))
        for i, ep in enumerate(eps):
            fid = st.insert_node(
                con,
                type="semantic",
                content=f"User plants tomatoes variety {i} in the garden",
                event_time=ts(5) + i * 60,
                created_at=ts(5),
                confidence=0.9,
                base_strength=0.9,
            )
            st.insert_edge(con, fid, ep, "derived_from", created_at=ts(5))
            con.execute("INSERT INTO node_entities VALUES (?, ?, NULL)", (fid, eid))
            con.execute("INSERT INTO node_entities VALUES (?, ?, NULL)", (ep, eid))

    m.store.writer.call(fn)
    m.flush()


def test_each_section_stays_within_its_share(mem: Memory) -> None:
    fill_memory(mem)
    counter = ApproxTokenCounter()
    provider = ContextProvider(mem.retriever, budget=400, carry_over=False, limit=40)
    sections = provider.sections("tell me about tomatoes in the garden")
    assert [s.title for s in sections] == [t for t, _ in SECTIONS]
    for sec, (_, share) in zip(sections, SECTIONS, strict=True):
        text = f"## {sec.title}\n" + "\n".join(sec.lines) + "\n" if sec.lines else ""
        assert counter.count(text) <= sec.used + len(sec.lines) + 1  # rendering adds no hidden cost
        assert sec.used <= int(400 * share)
    # every section with material got some (nothing here was superseded: History stays empty; the
    # prompt names nobody, so no fact is set apart as Related)
    assert all(sec.lines for sec in sections if sec.title not in ("History", "Related facts"))
    assert not sections[-1].lines
    assert sum(len(s.lines) for s in sections) < 4 * 40  # overflow was dropped


def test_total_budget_with_carry_over(mem: Memory) -> None:
    fill_memory(mem)
    for budget in (120, 400, 1000):
        text = build_context(mem.retriever, "tomatoes garden", budget=budget, limit=40)
        assert text is not None and ApproxTokenCounter().count(text) <= budget + 8  # joins between sections
    assert "## Facts" in text and "## Entity profiles" in text and "**Garden project**" in text


def test_priority_order_and_fact_dates_and_confidence(mem: Memory) -> None:
    fill_memory(mem, n=5)
    text = build_context(mem.retriever, "tomatoes garden", budget=1000)
    assert text.index("## Facts") < text.index("## Entity profiles") < text.index("## Temporal context")
    fact_lines = [line for line in text.splitlines() if line.startswith("- User plants")]
    # 61 days of decay (λ 0.1, β 0.8) of the base 0.9, computed at read time; the stored
    # confidence (maintenance's cache of the same value) is never multiplied in again
    assert fact_lines and all("since 2024-05-01" in line and "confidence 0.06" in line for line in fact_lines)
    assert "## Evidence" in text and "<- 2024-05-01" in text


def test_protected_fact_keeps_its_confidence(mem: Memory) -> None:
    mem.store.writer.call(
        lambda con: st.insert_node(
            con,
            type="semantic",
            content="User is allergic to peanuts",
            event_time=ts(1),
            created_at=ts(1),
            confidence=0.9,
            base_strength=0.9,
            decay_rate=0.0,
        )
    )
    text = build_context(mem.retriever, "peanuts allergy")
    assert text is not None and "User is allergic to peanuts (since 2024-01-01, confidence 0.90)" in text


def test_duplicates_appear_once(mem: Memory) -> None:
    def fn(con: Any) -> None:
        for text in ("User drinks green tea every morning.", "user drinks GREEN tea, every morning"):
            st.insert_node(con, type="semantic", content=text, event_time=ts(6), created_at=ts(6))

    mem.store.writer.call(fn)
    mem.flush()
    text = build_context(mem.retriever, "green tea morning")
    assert text is not None and text.lower().count("green tea") == 1


def test_stale_facts_never_in_default_context(mem: Memory) -> None:
    said = mem.ingest("I live in Berlin", session_id="s1", at=ts(3), wait=True)

    def fn(con: Any) -> None:
        old = st.insert_node(
            con, type="semantic", content="User lives in Berlin", event_time=ts(3), created_at=ts(3)
        )
        st.insert_edge(con, old, said, "derived_from", created_at=ts(3))  # its episode is stale too
        new = st.insert_node(
            con, type="semantic", content="User lives in Vilnius", event_time=ts(6), created_at=ts(6)
        )
        gone = st.insert_node(
            con, type="semantic", content="User lives with a roommate", event_time=ts(3), created_at=ts(3)
        )
        dusty = st.insert_node(
            con, type="semantic", content="User lives near a bakery", event_time=ts(1), created_at=ts(1)
        )
        st.invalidate(con, old, ts(6), "superseded")
        st.insert_edge(con, new, old, "supersedes", created_at=ts(6))
        st.invalidate(con, gone, ts(6), "forgotten")
        con.execute("UPDATE nodes SET archived_at = ? WHERE id = ?", (ts(6), dusty))

    mem.store.writer.call(fn)
    mem.flush()
    text = build_context(mem.retriever, "Where does the user live?")
    assert text is not None and "Vilnius" in text
    current = outside_history(text)
    for stale in ("Berlin", "roommate", "bakery"):
        assert stale not in current  # never presented as current
    # the superseded statement is shown only as history, with what replaced it
    history = text.split("## History\n", 1)[1]
    assert "I live in Berlin" in history and "replaced" in history and "User lives in Vilnius" in history
    assert "roommate" not in text and "bakery" not in text  # forgotten and archived facts stay out


def test_nothing_relevant_gives_none(mem: Memory) -> None:
    assert build_context(mem.retriever, "anything at all?") is None
    assert mem.context("") == ""  # the facade always returns a string


class CharCounter:
    def count(self, text: str) -> int:
        return len(text)


def test_token_counter_is_pluggable(mem: Memory) -> None:
    fill_memory(mem, n=10)
    text = ContextProvider(mem.retriever, budget=400, counter=CharCounter()).get_context("tomatoes garden")
    assert text is not None and len(text) <= 400 + 8


def test_a_replaced_value_is_recognised_in_any_form_the_gazetteers_know() -> None:
    from memlab.lang.values import mentions

    assert mentions("Сейчас у меня пескетарианская диета.", "pescatarian")  # the Russian adjective
    assert mentions("Пишу в основном на питоне.", "Python")  # a Russian name of the language
    assert mentions("Гуляли вчера по Питеру.", "Санкт-Петербург")  # a city's nickname, inflected
    assert not mentions("Dinner was pasta again.", "pescatarian")
    assert not mentions("Let's go for a walk.", "Go")  # forms under three letters never count
    assert not mentions("I'm getting rusty at this.", "Rust") and mentions("Wrote it in Rust.", "Rust")
    assert mentions("Moved to Berlin's Mitte.", "Berlin")
    # a one-word name in the other alphabet, as a bilingual chat writes it
    assert mentions("Saw a dog named Rex today.", "Рекс") and mentions("Гуляли с Бисквитом.", "Biskvit")
    assert mentions("Charlie chewed my charger.", "Чарли") and not mentions("Saw Simon today.", "Симба")
    assert not mentions("these rexes are cute", "Рекс")  # a name starts with a capital


def test_an_assistants_acknowledgements_take_no_context(tmp_path: Path) -> None:
    with Memory.open(tmp_path / "m.db", MemoryConfig(), embedder=HashingEmbedder(64)) as m:
        m.ingest("The Lisbon trip is booked for June.", session_id="s", wait=True)
        m.ingest("Got it, Lisbon!", session_id="s", role="assistant", wait=True)
        m.ingest("Lisbon in June is hot: pack for 30 degrees.", session_id="s", role="assistant", wait=True)
        ctx = m.context("When is the Lisbon trip?")
    assert "booked for June" in ctx and "30 degrees" in ctx and "Got it" not in ctx


def test_an_entity_with_nothing_to_say_is_not_listed(tmp_path: Path) -> None:
    """A bare "**Luna** (person)" line tells the reader nothing (and may name a value that was
    replaced); an entity with a summary or aliases is a profile and is listed."""
    clock = SimulatedClock(1_714_550_400.0)
    with Memory.open(tmp_path / "m.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("Saw a cat named Luna at the park, so cute.", session_id="s1")
        m.ingest("Konstantin (Kostya) is my manager.", session_id="s1")
        m.end_session()
        m.maintain()
        names = {row[0] for row in m.store.execute_read("SELECT canonical_name FROM entities")}
        ctx = m.context("Tell me about Luna and Kostya at the park")
    profiles = ctx.split("## Entity profiles")[1].split("\n\n")[0] if "## Entity profiles" in ctx else ""
    assert "Luna" in names and "**Luna**" not in ctx and "Luna" in ctx  # the episode still says it
    if "Konstantin" in names:  # nlp consolidator: the alias makes a profile
        assert "**Konstantin** (person; aka Kostya)" in profiles


def test_context_reinforces_what_it_returned_once_after_it_is_built(mem: Memory) -> None:
    fill_memory(mem, n=5)
    seen: list[list[int]] = []

    def record(ids: Sequence[int]) -> None:
        seen.append(list(ids))
        mem.record_access(ids)

    part = dataclasses.replace(mem.retriever, record_access=record)
    assert ContextProvider(part, limit=10).get_context("tell me about tomatoes in the garden")
    mem.flush()
    assert len(seen) == 1 and seen[0]  # one queued side effect per context, not one inside its search
    assert {n.id for n in mem.store.find_nodes() if n.access_count} == set(seen[0])
