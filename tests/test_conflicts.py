"""Conflict candidates, verdicts and soft resolution (no reinforcement from internal searches)."""

from __future__ import annotations

import pytest

from memlab.clock import DAY
from memlab.knowledge import conflicts as cf
from memlab.memory import Memory
from memlab.store import store as st

T0 = 1_700_000_000.0


def fact(mem: Memory, content: str, at: float, key: str | None = None, value: str | None = None) -> int:
    def fn(con):  # noqa: ANN001, ANN202
        return st.insert_node(
            con,
            type="semantic",
            content=content,
            event_time=at,
            created_at=at,
            fact_key=key,
            attributes={"value": value} if value else None,
        )

    node_id = mem.store.writer.call(fn)
    mem.queue_embedding(node_id, content)
    mem.flush()
    return node_id


def cand(
    content: str, key: str | None = None, value: str | None = None, cosine: float | None = None
) -> cf.Candidate:
    return cf.Candidate(1, content, key, value, T0, cosine)


@pytest.mark.parametrize(
    ("content", "key", "value", "other", "expected"),
    [
        ("User prefers Python.", None, None, cand("user prefers   python"), "duplicate"),
        (
            "User lives in Riga.",
            "user|city",
            "Riga",
            cand("User moved to Riga.", "user|city", "riga"),
            "duplicate",
        ),
        (
            "User lives in Oslo.",
            "user|city",
            "Oslo",
            cand("User lives in Riga.", "user|city", "Riga"),
            "supersedes",
        ),
        ("User likes tea.", None, None, cand("User likes green tea.", cosine=0.95), "duplicate"),
        ("User likes tea.", None, None, cand("User likes coffee.", cosine=0.6), "compatible"),
        (
            "User lives in Oslo.",
            "user|city",
            "Oslo",
            cand("User works at Acme.", "user|employer", "Acme"),
            "compatible",
        ),
    ],
)
def test_verdict(
    content: str, key: str | None, value: str | None, other: cf.Candidate, expected: str
) -> None:
    assert cf.verdict(content, key, value, other) == expected


def test_resolve_conflict_soft_supersedes_and_keeps_chain(mem: Memory) -> None:
    a = fact(mem, "User lives in Riga.", T0, "user|city", "Riga")
    b = fact(mem, "User lives in Oslo.", T0 + DAY, "user|city", "Oslo")
    c = fact(mem, "User lives in Bergen.", T0 + 2 * DAY, "user|city", "Bergen")
    w = mem.store.writer
    assert w.call(lambda con: cf.resolve_conflict(con, a, b, T0 + 3 * DAY))
    assert w.call(lambda con: cf.resolve_conflict(con, b, c, T0 + 3 * DAY))
    assert not w.call(lambda con: cf.resolve_conflict(con, a, c, T0 + 3 * DAY))  # already superseded
    old = mem.store.node(a)
    assert (old.valid_until, old.invalid_reason, old.confidence, old.decay_rate) == (
        T0 + DAY,
        "superseded",
        0.3,
        0.5,
    )
    assert old.base_strength == pytest.approx(0.3)
    edges = mem.store.edges(types=["supersedes"])
    assert [(e.src, e.dst) for e in edges] == [(b, a), (c, b)]
    con = mem.store.reader()
    assert cf.chain(con, c) == {"older": [b, a], "newer": []}
    assert cf.chain(con, a) == {"older": [], "newer": [b, c]}
    assert [n.id for n in mem.store.find_nodes(fact_key="user|city", current=True)] == [c]


def test_keyed_candidates_only_active_same_key(mem: Memory) -> None:
    a = fact(mem, "User lives in Riga.", T0, "user|city", "Riga")
    fact(mem, "User works at Acme.", T0, "user|employer", "Acme")
    gone = fact(mem, "User lives in Pskov.", T0, "user|city", "Pskov")
    mem.store.writer.call(lambda con: st.invalidate(con, gone, T0 + 1, "forgotten"))
    assert [c.id for c in cf.keyed_candidates(mem.store.reader(), "user|city")] == [a]


def test_search_candidates_do_not_reinforce(mem: Memory) -> None:
    a = fact(mem, "User enjoys long walks in the forest.", T0)
    fact(mem, "User has a cat.", T0)
    vec = mem.embed_query("User enjoys long walks in the forest.")
    found = cf.search_candidates(mem.knowledge, "User enjoys long walks in the forest.", vec, fact_type="semantic")
    assert found[0].id == a and found[0].cosine == pytest.approx(1.0, abs=1e-5)
    mem.flush()
    n = mem.store.node(a)
    assert n.access_count == 0 and n.last_accessed is None


def test_search_candidates_restricted_to_entity(mem: Memory) -> None:
    a = fact(mem, "User visits Paris often.", T0)
    b = fact(mem, "User visits Rome often.", T0)

    def link(con):  # noqa: ANN001, ANN202
        con.execute("INSERT INTO entities(canonical_name, type, created_at) VALUES ('Rome', 'place', 0)")
        con.execute("INSERT INTO node_entities(node_id, entity_id) VALUES (?, 1)", (b,))

    mem.store.writer.call(link)
    found = cf.search_candidates(mem.knowledge, "User visits often", None, entity_ids=[1])
    assert [c.id for c in found] == [b] and a != b


def test_stale_episodes(mem: Memory, clock) -> None:  # noqa: ANN001
    from memlab.knowledge.consolidation import consolidate

    a = mem.ingest("I prefer Python.", session_id="w1", at=T0, wait=True)
    b = mem.ingest("I write Rust now.", session_id="w2", at=T0 + DAY, wait=True)
    c = mem.ingest("Nice weather.", session_id="w2", at=T0 + DAY + 1, wait=True)
    mem.end_session()
    consolidate(mem.knowledge)
    assert mem.store.stale_episodes([a, b, c]) == {a}
