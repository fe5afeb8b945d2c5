"""One fact write path: consolidation and the agent tools write facts the same way, and what a
consolidator is shown of existing facts belongs to the speaker's user only."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.consolidation import wait_consolidated
from memlab.tools import call_tool
from memlab.types import ConsolidationContext, EpisodeRef, FactProposal, Plan

T0 = 1_714_550_400.0
LISBON = {"content": "User lives in Lisbon.", "key": "user|city", "value": "Lisbon"}


class Seeing:
    """Records the existing facts it is shown (with the session's user); proposes that the user
    lives in Porto."""

    name = "Seeing"

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        self.seen += [(episodes[0].user_id, content) for _, content, _ in context.existing_facts]
        fact = FactProposal("User lives in Porto.", "semantic", "user|city", "Porto", (episodes[0].id,), 0.8)
        return Plan(session_id=context.session_id, facts=(fact,))


def _open(tmp_path: Path, seeing: Seeing) -> Memory:
    return Memory.open(
        tmp_path / "m.db",
        MemoryConfig(),
        clock=SimulatedClock(T0),
        embedder=HashingEmbedder(64),
        consolidator=seeing,
    )


def test_a_consolidator_sees_only_its_speakers_facts(tmp_path: Path) -> None:
    seeing = Seeing()
    with _open(tmp_path, seeing) as m:
        call_tool(m, "remember_fact", LISBON, user_id="ann")
        m.ingest("Lisbon or Porto, I live in Porto now.", session_id="bob-1", user_id="bob", at=T0 + 60)
        m.ingest("Lisbon again: I live in Lisbon.", session_id="ann-1", user_id="ann", at=T0 + 60)
        m.end_session()
        wait_consolidated(m)
        assert {s.id: s.status for s in m.store.sessions()} == {
            "bob-1": "consolidated",
            "ann-1": "consolidated",
        }
    # Ann's Lisbon fact shares words with Bob's message, but it is not his to update
    assert seeing.seen == [("ann", "User lives in Lisbon.")]


def test_tool_and_consolidation_facts_are_written_alike(tmp_path: Path) -> None:
    with _open(tmp_path, Seeing()) as m:
        told = call_tool(m, "remember_fact", LISBON)
        m.ingest("I live in Porto now.", session_id="s1", at=T0 + 3600)
        m.end_session()
        wait_consolidated(m)
        old = m.store.node(told["id"])
        new = m.store.find_nodes(fact_key="user|city", current=True)[0]
        assert (old.attributes["value"], new.attributes["value"]) == ("Lisbon", "Porto")
        assert old.invalid_reason == "superseded" and old.valid_until == new.valid_from == T0 + 3600
        assert old.decay_rate == m.config.consolidation.superseded_decay_rate  # the one supersede path
        keyed_rate = m.config.decay.lambda_ * m.config.decay.keyed_factor  # a keyed fact fades slower
        assert new.decay_rate == pytest.approx(keyed_rate) and new.source_type == "consolidation:Seeing"
        assert [e.dst for e in m.store.edges(new.id, ["derived_from"], "out")]  # provenance
        m.flush()
        rows = m.store.execute_read(
            "SELECT node_id FROM node_vectors WHERE node_id IN (?, ?)", (old.id, new.id)
        )
        assert len(rows) == 2  # both embedded inside their own write
