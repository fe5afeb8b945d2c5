"""Graph channels on a hand-built graph (facts, entities and edges written through the writer):
why -> cause episode via fact -> derived_from -> episode -> causal; who resolves aliases to one
entity; when returns chronological neighbours."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.lang.names import normalize_name
from memlab.memory import Memory
from memlab.retrieval import channels as ch
from memlab.retrieval.engine import run, search
from memlab.store import store as st

T0 = 1_700_000_000.0

# hand-built graphs: no automatic consolidation behind the test's back
MANUAL = MemoryConfig().replace(consolidation={"auto": False})


@pytest.fixture
def mem(tmp_path: Path) -> Iterator[Memory]:
    # no embedder: seeds come from FTS alone, so every path below is deterministic
    with Memory.open(tmp_path / "g.db", MANUAL, clock=SimulatedClock(T0), embedder=None) as m:
        yield m


def ingest(m: Memory, texts: list[str], session: str = "s1", start: float = T0) -> list[int]:
    ids = [m.ingest(t, session_id=session, at=start + i * 60, wait=True) for i, t in enumerate(texts)]
    return [int(i) for i in ids if i is not None]


def add_fact(m: Memory, text: str, sources: list[int], at: float = T0) -> int:
    def fn(con: Any) -> int:
        fid = st.insert_node(con, type="semantic", content=text, event_time=at, created_at=at)
        for src in sources:
            st.insert_edge(con, fid, src, "derived_from", created_at=at)
        return fid

    return int(m.store.writer.call(fn))


def add_entity(m: Memory, name: str, aliases: list[str], nodes: list[int], etype: str = "person") -> int:
    def fn(con: Any) -> int:
        eid = con.execute(
            "INSERT INTO entities(canonical_name, type, created_at) VALUES (?, ?, ?)", (name, etype, T0)
        ).lastrowid
        for alias in [name, *aliases]:
            con.execute(
                "INSERT INTO entity_aliases(alias_norm, entity_id, alias) VALUES (?, ?, ?)",
                (normalize_name(alias), eid, alias),
            )
        con.executemany(
            "INSERT INTO node_entities(node_id, entity_id) VALUES (?, ?)", [(n, eid) for n in nodes]
        )
        return int(eid)

    return int(m.store.writer.call(fn))


def test_why_reaches_the_cause_through_fact_and_episode(mem: Memory) -> None:
    cause, effect, other = ingest(
        mem,
        [
            "the disk on the build box filled up overnight",
            "tuesday was a mess, nothing shipped",  # shares no word with the question
            "lunch was pizza again",
        ],
    )
    mem.store.writer.call(lambda con: st.insert_edge(con, cause, effect, "causal", created_at=T0))
    fact = add_fact(mem, "The deploy failed on Tuesday", [effect])
    ranked = ch.causal(mem.retriever, "Why did the deploy fail?", None, ch.Filters(), 10, 2)
    assert ranked[0] == cause
    assert fact not in ranked and other not in ranked
    trace = run(mem.retriever, "Why did the deploy fail?")
    assert trace.intent == "why" and "causal" in trace.channels
    hits = {h.node.id: h for h in search(mem.retriever, "Why did the deploy fail?", limit=5)}
    assert cause in hits and hits[cause].ranks.get("causal") == 1


def test_causal_depth_limits_the_chain(mem: Memory) -> None:
    a, b, c, d = ingest(mem, ["alpha root cause", "beta middle", "gamma next", "the outage happened"])
    for src, dst in ((a, b), (b, c), (c, d)):
        mem.store.writer.call(lambda con, s=src, t=dst: st.insert_edge(con, s, t, "causal", created_at=T0))
    assert ch.causal(mem.retriever, "why the outage", None, ch.Filters(), 10, 2)[:2] == [c, b]
    assert a not in ch.causal(mem.retriever, "why the outage", None, ch.Filters(), 10, 2)
    assert a in ch.causal(mem.retriever, "why the outage", None, ch.Filters(), 10, 4)


def test_who_resolves_every_alias_to_one_entity(mem: Memory) -> None:
    e1, e2, e3 = ingest(
        mem,
        ["Sasha approved my vacation", "Alex said the budget is frozen", "my boss prefers morning meetings"],
    )
    fact = add_fact(mem, "Alexander Petrov manages the platform team", [e1])
    decoy = ingest(mem, ["Alexandra from sales called"], session="s2", start=T0 + 9000)[0]
    eid = add_entity(mem, "Alexander Petrov", ["Sasha", "my boss", "Alex"], [e1, e2, e3, fact])
    for q in ("Who is Sasha?", "What did my boss say?", "who is alex", "Кто такой Sasha?"):
        assert ch.resolve_entities(mem.retriever, q, None) == [eid], q
    found = ch.entity(mem.retriever, "Who is Sasha?", None, ch.Filters(), 10)
    assert set(found) == {e1, e2, e3, fact} and decoy not in found
    assert found[0] == e1  # the member the text channels also found comes first
    hits = search(mem.retriever, "Who is my boss?", limit=10)
    assert {e1, e2, e3, fact} <= {h.node.id for h in hits}
    assert search(mem.retriever, "meetings", entity="Sasha", recipe="fts_only")[0].node.id == e3
    assert search(mem.retriever, "meetings", entity="Nobody Known") == []


def test_whole_question_is_never_a_name(mem: Memory) -> None:
    keys = ch.mention_keys("Who is my boss?")
    assert "my boss" in keys and "boss" in keys
    assert not any("who" in k.split() for k in keys)
    assert "is" not in keys and "my" not in keys


def test_merged_entity_resolves_to_the_survivor(mem: Memory) -> None:
    (e1,) = ingest(mem, ["Mia called about the rent"])
    keep = add_entity(mem, "Maria", ["Mia"], [e1])
    old = add_entity(mem, "Mary", ["Marie"], [])
    mem.store.writer.call(
        lambda con: con.execute("UPDATE entities SET merged_into = ? WHERE id = ?", (keep, old))
    )
    assert ch.resolve_entities(mem.retriever, "who is Marie", None) == [keep]


def test_when_returns_chronological_neighbours(mem: Memory) -> None:
    ids = ingest(
        mem,
        [
            "we looked at three flats",
            "the agent was late",
            "we signed the lease for the flat",
            "movers booked for May",
            "bought a new sofa",
        ],
    )
    ingest(mem, ["unrelated other session chat"], session="s2", start=T0 + 99_000)
    ranked = ch.temporal(mem.retriever, "When did we sign the lease?", None, ch.Filters(), 10, 2)
    assert set(ranked[:2]) == {ids[1], ids[3]} and set(ranked[2:4]) == {ids[0], ids[4]}
    assert ids[2] not in ranked  # the seed itself is the text channels' job
    trace = run(mem.retriever, "When did we sign the lease?")
    assert trace.intent == "when" and set(trace.channels["temporal"][:2]) == {ids[1], ids[3]}


def test_walk_from_a_fact_hops_to_its_episode_and_back(mem: Memory) -> None:
    ids = ingest(mem, ["quiet morning", "contract arrived by post", "coffee with Dana"])
    signed = add_fact(mem, "User signed the employment contract", [ids[1]])
    neighbour_fact = add_fact(mem, "User met Dana for coffee", [ids[2]])
    ranked = ch.temporal(mem.retriever, "employment contract", None, ch.Filters(), 10, 1)
    assert ids[0] in ranked and ids[2] in ranked and neighbour_fact in ranked
    assert ranked.index(neighbour_fact) == ranked.index(ids[2]) + 1
    assert signed not in ranked and ids[1] not in ranked
    expanded = ch.facts(mem.retriever, "employment contract", None, ch.Filters(), 10)
    assert expanded == [ids[1]]  # key expansion: the fact is a second key for its episode
