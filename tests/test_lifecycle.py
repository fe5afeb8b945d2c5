"""Consolidation end to end through the rule-based consolidator, on real SQLite files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from memlab.clock import DAY, SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.consolidation import consolidate, enable_auto, stop_auto, wait_consolidated
from memlab.memory import Memory
from memlab.tools import explain_fact
from memlab.types import (
    ConsolidationContext,
    ConsolidationError,
    EpisodeRef,
    FactProposal,
    Plan,
)

T0 = 1_700_000_000.0  # same as conftest.T0 (the clock fixture starts there)
WEEK = 7 * DAY
FACTS = ["semantic", "procedural", "opinion"]


def say(mem: Memory, clock: SimulatedClock, text: str, session: str, at: float) -> None:
    clock.set(at)
    mem.ingest(text, session_id=session, at=at)


def facts(mem: Memory, containing: str = "", **fields: object) -> list:
    """Facts (every type but episodic) whose content contains ``containing``."""
    return [n for n in mem.store.find_nodes(facts=True, **fields) if containing in n.content]


def active_fact(mem: Memory, word: str):
    found = [n for n in facts(mem, current=True) if word in n.content]
    assert len(found) == 1, [n.content for n in facts(mem)]
    return found[0]


def three_weeks(mem: Memory, clock: SimulatedClock, first: str, second: str) -> None:
    say(mem, clock, first, "w1", T0)
    say(mem, clock, second, "w2", T0 + WEEK)
    mem.end_session()
    mem.flush()
    clock.set(T0 + 2 * WEEK)


def test_seed_failure_case_rust_replaces_python(mem: Memory, clock: SimulatedClock) -> None:
    three_weeks(mem, clock, "I prefer Python.", "I write Rust now.")
    report = consolidate(mem.knowledge)
    assert report["consolidated"] == ["w1", "w2"] and report["superseded"] == 1

    say(mem, clock, "Which language should my CLI use?", "w3", T0 + 2 * WEEK)
    hits = mem.search("Which language should my CLI use?", types=FACTS, reinforce=False)
    texts = " ".join(h.node.content for h in hits)
    assert "Rust" in texts and "Python" not in texts

    rust, python = active_fact(mem, "Rust"), facts(mem, "Python")[0]
    assert rust.valid_from == T0 + WEEK  # world time of the source episode, not of consolidation
    assert python.invalid_reason == "superseded" and python.valid_until == T0 + WEEK
    assert python.confidence == pytest.approx(0.3) and python.decay_rate == pytest.approx(0.5)

    why = explain_fact(mem, rust.id)
    assert [e["content"] for e in why["derived_from"]] == ["I write Rust now."]
    assert [f["id"] for f in why["supersedes"]] == [python.id]
    assert [f["id"] for f in explain_fact(mem, python.id)["superseded_by"]] == [rust.id]

    then = mem.search("programming language", types=FACTS, as_of=T0 + DAY, reinforce=False)
    assert [h.node.id for h in then] == [python.id]


def test_seed_context_holds_rust_not_python(mem: Memory, clock: SimulatedClock) -> None:
    pytest.importorskip("memlab.retrieval.context")
    three_weeks(mem, clock, "I prefer Python.", "I write Rust now.")
    consolidate(mem.knowledge)
    ctx = mem.context("Which language should my CLI use?") or ""
    current = ctx.split("## History")[0]  # a replaced statement may appear only as history
    assert "Rust" in current and "Python" not in current


def test_employer_change(mem: Memory, clock: SimulatedClock) -> None:
    three_weeks(mem, clock, "I work at Acme.", "I joined Globex last week.")
    consolidate(mem.knowledge)
    new = active_fact(mem, "Globex")
    assert new.fact_key == "user|employer"
    old = facts(mem, "Acme")[0]
    assert old.invalid_reason == "superseded" and old.valid_until == new.valid_from
    as_of = mem.search("works at", types=FACTS, as_of=T0 + DAY, reinforce=False)
    assert [h.node.content for h in as_of] == [old.content]


def test_russian_city_change_resolves_one_entity_per_city(mem: Memory, clock: SimulatedClock) -> None:
    three_weeks(mem, clock, "Я живу в Москве.", "Я переехал в Вильнюс.")
    say(mem, clock, "Я живу в Вильнюсе, тут тихо.", "w3", T0 + 2 * WEEK)
    mem.end_session()
    consolidate(mem.knowledge)
    now = active_fact(mem, "Вильнюс")
    assert now.fact_key == "user|city"
    assert facts(mem, "Москва")[0].invalid_reason == "superseded"
    rows = mem.store.execute_read(
        "SELECT canonical_name, mention_count FROM entities WHERE type = 'place' ORDER BY id"
    )
    assert [r[0] for r in rows] == ["Москва", "Вильнюс"]  # "Вильнюсе" resolved to the same entity
    assert rows[1][1] == 2


def test_idempotent_and_content_dedup(mem: Memory, clock: SimulatedClock) -> None:
    say(mem, clock, "I live in Vilnius.", "a", T0)
    say(mem, clock, "I live in Vilnius.", "b", T0 + DAY)
    mem.end_session()
    first = consolidate(mem.knowledge)
    again = consolidate(mem.knowledge)
    one = consolidate(mem.knowledge, "a")
    assert first["facts_created"] == 1 and first["facts_deduplicated"] == 1
    assert again["sessions"] == 0 and one["skipped"] == {"a": "status consolidated"}
    (fact,) = facts(mem)
    sources = mem.store.edges(fact.id, ["derived_from"], "out")
    assert len(sources) == 2  # the repeat added provenance, not a node
    assert mem.store.counts()["unembedded"] == 0


def test_open_session_is_not_consolidated(mem: Memory, clock: SimulatedClock) -> None:
    say(mem, clock, "I live in Oslo.", "live", T0)
    mem.flush()
    report = consolidate(mem.knowledge, "live")
    assert report["skipped"] == {"live": "status open"} and not facts(mem)


def test_late_older_claim_does_not_win(mem: Memory, clock: SimulatedClock) -> None:
    say(mem, clock, "I live in Riga.", "old", T0)
    say(mem, clock, "I moved to Tallinn.", "new", T0 + WEEK)
    mem.end_session()
    mem.flush()
    consolidate(mem.knowledge, "new")
    consolidate(mem.knowledge, "old")  # consolidated last, but said first
    assert active_fact(mem, "Tallinn").valid_from == T0 + WEEK
    riga = facts(mem, "Riga")[0]
    assert riga.invalid_reason == "superseded" and riga.valid_until == T0 + WEEK


class Failing:
    name = "failing"

    def __init__(self, times: int) -> None:
        self.left = times

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        if self.left > 0:
            self.left -= 1
            raise ConsolidationError("model unavailable")
        from memlab.knowledge.rules import RuleConsolidator

        return RuleConsolidator().consolidate(episodes, context)


def test_failure_keeps_session_pending_then_failed_and_loses_nothing(
    mem: Memory, clock: SimulatedClock
) -> None:
    say(mem, clock, "I live in Porto.", "s", T0)
    mem.end_session()
    bad = Failing(3)
    r1 = consolidate(mem.knowledge, consolidator=bad)
    assert r1["failed"]["s"]["status"] == "pending" and "model unavailable" in r1["failed"]["s"]["error"]
    s = mem.store.session("s")
    assert s.attempts == 1 and s.status == "pending" and "model unavailable" in s.last_error
    consolidate(mem.knowledge, consolidator=bad)
    consolidate(mem.knowledge, consolidator=bad)
    assert mem.store.session("s").status == "failed" and mem.store.session("s").attempts == 3
    assert consolidate(mem.knowledge, consolidator=bad)["sessions"] == 0  # failed sessions wait for an explicit retry
    assert not facts(mem) and mem.store.counts()["nodes"]["episodic"] == 1
    ok = consolidate(mem.knowledge, "s", consolidator=bad)
    assert ok["consolidated"] == ["s"] and mem.store.session("s").last_error is None
    assert active_fact(mem, "Porto")


class Garbage:
    name = "garbage"

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        e = episodes[0]
        return Plan(
            context.session_id,
            facts=(
                FactProposal("User likes tea.", "semantic", None, None, (e.id,), 3.0),
                FactProposal("Invented.", "semantic", None, None, (99999,), 0.9),
                FactProposal("Bad type.", "belief", None, None, (e.id,), 0.9),
                FactProposal("   ", "semantic", None, None, (e.id,), 0.9),
            ),
        )


def test_untrusted_plan_is_validated(mem: Memory, clock: SimulatedClock) -> None:
    say(mem, clock, "Some chat.", "s", T0)
    mem.end_session()
    r = consolidate(mem.knowledge, consolidator=Garbage())
    assert r["facts_created"] == 1 and r["dropped_proposals"] == 3
    (tea,) = facts(mem)
    assert tea.confidence == 1.0  # clamped


def test_returning_not_a_plan_fails_cleanly(mem: Memory, clock: SimulatedClock) -> None:
    class Wrong:
        name = "wrong"

        def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> object:
            return {"facts": []}

    say(mem, clock, "Hello there.", "s", T0)
    mem.end_session()
    r = consolidate(mem.knowledge, consolidator=Wrong())  # type: ignore[arg-type]
    assert "not a Plan" in r["failed"]["s"]["error"]


def test_pagination_covers_every_episode(tmp_path: Path, clock: SimulatedClock) -> None:
    cfg = MemoryConfig().replace(consolidation={"auto": False, "page_size": 3})
    seen: list[int] = []

    class Spy:
        name = "spy"

        def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
            seen.extend(e.id for e in episodes)
            assert len(episodes) <= 3
            return Plan(context.session_id)

    with Memory.open(tmp_path / "p.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        for i in range(10):
            m.ingest(f"message {i}", session_id="s", at=T0 + i)
        m.end_session()
        consolidate(m.knowledge, consolidator=Spy())
        assert len(seen) == 10 and len(set(seen)) == 10


def test_auto_mode_consolidates_in_background_on_new_session(tmp_path: Path, clock: SimulatedClock) -> None:
    import threading

    cfg = MemoryConfig().replace(consolidation={"auto": False})  # the test installs its own worker
    with Memory.open(tmp_path / "a.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        threads: list[str] = []

        class Recording:
            name = "recording"

            def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
                threads.append(threading.current_thread().name)
                from memlab.knowledge.rules import RuleConsolidator

                return RuleConsolidator().consolidate(episodes, context)

        from memlab.knowledge import consolidation as lifecycle

        auto = lifecycle.AutoConsolidation(m, lambda sid: consolidate(m.knowledge, sid, Recording())).start()
        m.extensions[lifecycle.EXT_AUTO] = auto
        m.on_session_complete(auto.enqueue)
        m.ingest("I live in Lima.", session_id="one", at=T0)
        m.ingest("Hello again.", session_id="two", at=T0 + 60)  # a new id completes "one"
        wait_consolidated(m)
        assert m.store.session("one").status == "consolidated"
        assert m.store.session("two").status == "open"
        assert threads == ["memlab-consolidate"]
        stop_auto(m)


def test_enable_auto_picks_up_pending_sessions(tmp_path: Path, clock: SimulatedClock) -> None:
    path = tmp_path / "b.db"
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(path, cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("I work at Initech.", session_id="x", at=T0)
        m.end_session()
    with Memory.open(path, clock=clock, embedder=HashingEmbedder(64)) as m:
        assert enable_auto(m) is enable_auto(m)
        wait_consolidated(m)
        assert m.store.session("x").status == "consolidated"
        stop_auto(m)
