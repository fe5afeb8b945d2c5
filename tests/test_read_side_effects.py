"""The read path reads: reinforcement and in-session consolidation are queued side effects whose
cost is not inside search() / context(), and what a read must see is still there."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.rules import RuleConsolidator

T0 = 1_714_550_400.0
RULES = MemoryConfig().replace(consolidation={"consolidator": "rules"})
NO_IN_SESSION = MemoryConfig().replace(consolidation={"consolidator": "rules", "in_session": False})


class ThreadSpy(RuleConsolidator):
    """The phrase rules, noting the thread each consolidation ran on."""

    def __init__(self) -> None:
        super().__init__()
        self.threads: list[str] = []

    def consolidate(self, episodes: Sequence[Any], context: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        return super().consolidate(episodes, context)


def test_a_fact_said_in_the_open_conversation_is_in_the_next_context_without_the_read_extracting(
    tmp_path: Path,
) -> None:
    spy = ThreadSpy()
    clock = SimulatedClock(T0)
    with Memory.open(tmp_path / "m.db", RULES, clock=clock, embedder=HashingEmbedder(64), consolidator=spy) as m:
        m.ingest("I live in Berlin.", session_id="chat-1")
        clock.advance(60)
        first = m.context("Where do I live?")
        m.ingest("I live in Lisbon now.", session_id="chat-1")
        clock.advance(60)
        second = m.context("Where do I live?")
        assert m.store.session("chat-1").status == "open"
    assert first.startswith("## Facts") and "Berlin" in first.split("\n\n")[0]
    assert "Lisbon" in second.split("\n\n")[0]
    assert spy.threads and set(spy.threads) == {"memlab-checkpoint"}  # never the reader's thread


def test_a_read_does_not_wait_for_queued_reinforcement_but_does_for_a_queued_message(tmp_path: Path) -> None:
    # in-session consolidation off: its checkpoint writes through the writer held below
    with Memory.open(tmp_path / "m.db", NO_IN_SESSION, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        m.ingest("The heron nests by the old mill.", session_id="s1", wait=True)
        gate = threading.Event()
        m.store.writer.submit_nowait(lambda con: gate.wait(10), background=True)  # the writer is busy
        t0 = time.perf_counter()
        assert m.search("heron mill", recipe="fts_only")
        assert time.perf_counter() - t0 < 5  # not held behind the side effect
        threading.Timer(0.2, gate.set).start()
        m.ingest("A kingfisher dives at the weir.", session_id="s1")  # queued behind it
        found = [h.node.content for h in m.search("kingfisher weir", recipe="fts_only")]
    assert found and "kingfisher" in found[0]


def test_reinforcement_queued_by_a_read_is_written_by_close(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with Memory.open(path, RULES, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        m.ingest("The heron nests by the old mill.", session_id="s1", wait=True)
        hits = m.search("heron mill", recipe="fts_only")
    with Memory.open(path, RULES, clock=SimulatedClock(T0), embedder=HashingEmbedder(64)) as m:
        assert m.store.node(hits[0].node.id).access_count == 1
