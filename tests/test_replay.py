"""The replay engine: event order on a simulated clock, scoring, and memlab's Memory as a subject."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from typing import Any

import pytest

from memlab.bench.replay import (
    MemlabSubject,
    ReplayResult,
    Retrieved,
    Subject,
    hit_turn_ids,
    question_metrics,
    replay,
    summarize,
)
from memlab.clock import DAY, SimulatedClock
from memlab.datasets.schema import Dataset, Question, Turn
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.store import store as st
from memlab.types import Hit

T0 = 1_700_000_000.0 - (1_700_000_000.0 % DAY) + 9 * 3600  # 09:00 UTC on some day
HAS_ENGINE = importlib.util.find_spec("memlab.retrieval.engine") is not None


def _turn(tid: str, sid: str, text: str, t: float, speaker: str = "Ann") -> Turn:
    return Turn(id=tid, session_id=sid, speaker=speaker, role="user", text=text, time=t)


def tiny() -> Dataset:
    turns = [
        _turn("a1", "s1", "I live in Berlin now.", T0),
        _turn("a2", "s1", "The weather is grey.", T0 + 60),
        _turn("b1", "s2", "I moved to Vilnius last week.", T0 + 2 * DAY),
        _turn("b2", "s2", "Vilnius has nice coffee.", T0 + 2 * DAY + 60),
    ]
    questions = [
        Question(id="q-early", text="Where does Ann live?", time=T0 + DAY, answers=("Berlin",), evidence=("a1",)),
        Question(id="q-late", text="Where does Ann live now?", time=T0 + 3 * DAY, answers=("Vilnius",),
                 stale_answers=("Berlin",), evidence=("b1",), intent="what", category="knowledge-update"),
        Question(id="q-same", text="Where does Ann live?", time=T0 + 2 * DAY, answers=("Berlin",), evidence=("a1",)),
    ]  # fmt: skip
    return Dataset(name="tiny", turns=tuple(turns), questions=tuple(questions))


class Recorder(Subject):
    """A subject that logs what the replay asked of it, and answers with every turn seen so far."""

    name = "recorder"

    def __init__(self, clock: SimulatedClock) -> None:
        self.clock = clock
        self.log: list[tuple[str, Any, float]] = []
        self.seen: list[Turn] = []
        self.closed = False

    def ingest(self, turn: Turn) -> None:
        self.log.append(("ingest", turn.id, self.clock.now()))
        self.seen.append(turn)

    def end_session(self) -> None:
        self.log.append(("end", None, self.clock.now()))

    def nightly(self, now: float) -> dict[str, Any] | None:
        self.log.append(("nightly", None, now))
        return {"ran": True}

    def settle(self) -> None:
        self.log.append(("settle", None, self.clock.now()))

    def retrieve(self, question: Question, limit: int) -> Retrieved:
        self.log.append(("question", question.id, self.clock.now()))
        newest = sorted(self.seen, key=lambda t: -t.time)
        return Retrieved(tuple(t.id for t in newest), tuple(t.text for t in newest),
                         "\n".join(t.text for t in newest[:1]), 0.001, 0.002)  # fmt: skip

    def close(self) -> None:
        self.closed = True


def test_events_run_in_world_time_order_with_sessions_and_midnights() -> None:
    made: list[Recorder] = []

    def factory(clock: SimulatedClock) -> Recorder:
        made.append(Recorder(clock))
        return made[-1]

    result = replay(tiny(), factory, progress=False, speaker_prefix=False)
    log = made[0].log
    kinds = [k for k, _, _ in log]
    # every turn is ingested at its own time
    assert [(i, t) for k, i, t in log if k == "ingest"] == [(t.id, t.time) for t in tiny().turns]
    # a question sees exactly the turns before it; at the same instant the question goes first
    order = [i for k, i, _ in log if k in ("ingest", "question")]
    assert order == ["a1", "a2", "q-early", "q-same", "b1", "b2", "q-late"]
    # the session change ends the session before the next one's first turn, and the data's end ends the last
    assert kinds[kinds.index("ingest", kinds.index("question")) - 1] == "end"
    assert kinds.count("end") == 2
    # one maintenance run per simulated midnight, at midnight
    nights = [t for k, _, t in log if k == "nightly"]
    assert nights and all(t % DAY == 0 for t in nights) and len(nights) == 3
    assert result.maintenance[0]["ran"] is True
    # the subject settles before every question and is closed at the end
    for i, (k, _, _) in enumerate(log):
        if k == "question":
            assert log[i - 1][0] == "settle"
    assert made[0].closed
    assert result.n_turns == 4 and len(result.questions) == 3


def test_speaker_prefix_names_who_said_it() -> None:
    made: list[Recorder] = []
    replay(tiny(), lambda c: made.append(Recorder(c)) or made[-1], progress=False)
    assert made[0].seen[0].text == "Ann: I live in Berlin now."


def test_questions_are_scored_on_the_spot() -> None:
    result = replay(tiny(), Recorder, progress=False, speaker_prefix=False)
    late = next(r for r in result.questions if r["question_id"] == "q-late")
    # the recorder ranks newest first: b2, b1, a2, a1
    assert late["recall@1"] == 0.0 and late["recall@5"] == 1.0
    assert late["mrr"] == pytest.approx(0.5)
    assert late["current_over_stale"] is True  # Vilnius (rank 1) above Berlin (rank 4)
    assert late["stale_in_context"] is False and late["answer_in_context"] is True
    assert late["category"] == "knowledge-update" and late["intent"] == "what"
    early = next(r for r in result.questions if r["question_id"] == "q-early")
    assert early["current_over_stale"] is None  # no stale answers: not a knowledge-update question
    assert result.latencies["search"] == (0.001, 0.001, 0.001)


def test_question_metrics_skip_abstentions_and_questions_without_evidence() -> None:
    r = Retrieved(("x",), ("nothing",), "nothing", 0.0, 0.0)
    abstain = Question(id="q", text="?", time=0.0, answers=("A",), evidence=("x",), abstain=True)
    rec = question_metrics(abstain, r)
    assert rec["recall@10"] is None and rec["answer_in_context"] is None and rec["mrr"] is None
    no_evidence = Question(id="q2", text="?", time=0.0, answers=("nothing",))
    rec = question_metrics(no_evidence, r)
    assert rec["recall@1"] is None and rec["answer_in_context"] is True


def test_summarize_merges_replays() -> None:
    a = replay(tiny(), Recorder, progress=False)
    b = replay(tiny(), Recorder, progress=False)
    s = summarize([a, b])
    assert s["overall"]["n"] == 6
    assert s["ingest"]["turns"] == 8
    assert s["latency"]["context"]["p95_ms"] == pytest.approx(2.0)
    assert s["footprint"]["replays"] == 2
    assert math.isnan(s["footprint"]["bytes_per_node"])  # the recorder reports no nodes
    assert set(s["by_category"]) == {"-", "knowledge-update"}


def test_replay_closes_the_subject_when_it_fails() -> None:
    made: list[Recorder] = []

    class Broken(Recorder):
        def retrieve(self, question: Question, limit: int) -> Retrieved:
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        replay(tiny(), lambda c: made.append(Broken(c)) or made[-1], progress=False)
    assert made[0].closed


# -- memlab's Memory as the subject ---------------------------------------------------------------


def _memory(tmp_path: Any, clock: SimulatedClock) -> Memory:
    return Memory.open(tmp_path / "m.db", clock=clock, embedder=HashingEmbedder(64))


def test_hit_turn_ids_maps_episodes_and_facts_through_derived_from(tmp_path: Any) -> None:
    clock = SimulatedClock(T0)
    mem = _memory(tmp_path, clock)
    try:
        e1 = mem.ingest("I live in Berlin", session_id="s", at=T0, wait=True, attributes={"turn_id": "t1"})
        e2 = mem.ingest("Berlin is grey", session_id="s", at=T0 + 1, wait=True, attributes={"turn_id": "t2"})
        assert e1 is not None and e2 is not None

        def add_fact(con: Any) -> int:
            fid = st.insert_node(con, type="semantic", content="Ann lives in Berlin", event_time=T0 + 1,
                                 created_at=T0 + 1)  # fmt: skip
            st.insert_edge(con, fid, e1, "derived_from", created_at=T0 + 1)
            return fid

        fact = mem.store.writer.call(add_fact)
        nodes = {n.id: n for n in mem.store.nodes([fact, e1, e2])}
        hits = [Hit(nodes[fact], 1.0), Hit(nodes[e2], 0.9), Hit(nodes[e1], 0.8)]
        # the fact stands for its source turn at the fact's rank; repeats are dropped
        assert hit_turn_ids(mem, hits) == ["t1", "t2"]
    finally:
        mem.close()


@pytest.mark.skipif(not HAS_ENGINE, reason="memlab.retrieval.engine (helper-6) not installed yet")
def test_memlab_replay_end_to_end(tmp_path: Any) -> None:
    result = replay(tiny(), lambda clock: _memory(tmp_path, clock), progress=False)
    assert isinstance(result, ReplayResult)
    assert result.method == "memlab-hybrid"
    assert len(result.questions) == 3
    late = next(r for r in result.questions if r["question_id"] == "q-late")
    assert late["recall@5"] == 1.0  # "moved to Vilnius" is found for "where does Ann live now"
    assert result.footprint["nodes"] >= 4
    assert result.footprint["db_bytes"] > 0
    assert len(result.maintenance) == 3  # maintain() ran at each simulated midnight
    assert all(len(result.latencies[k]) == n for k, n in (("ingest", 4), ("search", 3), ("context", 3)))


@pytest.mark.skipif(not HAS_ENGINE, reason="memlab.retrieval.engine (helper-6) not installed yet")
def test_memlab_subject_consolidates_completed_sessions_before_questions(tmp_path: Any) -> None:
    clock = SimulatedClock(T0)
    subject = MemlabSubject(_memory(tmp_path, clock))
    try:
        subject.ingest(_turn("a1", "s1", "I live in Berlin now.", T0))
        subject.end_session()
        subject.settle()
        sessions = subject.memory.store.sessions()
        assert [s.status for s in sessions] == ["consolidated"] or "consolidation" in subject.missing
    finally:
        subject.close()


def test_llm_calls_and_tokens_are_counted_from_consolidation(tmp_path: Any) -> None:
    from memlab.config import MemoryConfig
    from memlab.llm.client import ScriptedChat

    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": False})
    chat = ScriptedChat([{"facts": [], "entities": [], "links": []}] * 20)

    def factory(clock: SimulatedClock) -> Memory:
        return Memory.open(tmp_path / "llm.db", cfg, clock=clock, embedder=HashingEmbedder(64), chat=chat)

    result = replay(tiny(), factory, progress=False)
    llm = result.footprint["llm"]
    assert llm["calls"] >= 2  # one call per consolidated session at least
    assert llm["prompt_tokens"] > 0 and llm["completion_tokens"] > 0
    assert summarize([result])["llm"]["calls"] == llm["calls"]


def test_a_deterministic_replay_consolidates_idle_conversations_before_a_question(tmp_path: Path) -> None:
    """With consolidation.auto off, settle() does what the question's read does with auto on: the
    conversation idle past the timeout is closed and consolidated before the question."""
    from memlab import Memory, MemoryConfig, SimulatedClock
    from memlab.bench.subjects import MemlabSubject
    from memlab.datasets.schema import Turn
    from memlab.embed.hashing import HashingEmbedder

    clock = SimulatedClock(1_714_550_400.0)
    cfg = MemoryConfig().replace(consolidation={"auto": False, "consolidator": "rules"})
    subject = MemlabSubject(Memory.open(tmp_path / "m.db", cfg, clock=clock, embedder=HashingEmbedder(64)))
    try:
        subject.ingest(Turn(id="t1", session_id="s1", role="user", speaker="user", text="I live in Porto.", time=clock.now()))
        clock.advance(2 * 3600)
        subject.settle()
        assert subject.memory.store.session("s1").status == "consolidated"
    finally:
        subject.close()
