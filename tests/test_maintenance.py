"""maintain(): consolidate -> decay + archive -> enrichment -> causal, recorded and resumable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from memlab.clock import DAY, SimulatedClock
from memlab.config import MemoryConfig
from memlab.knowledge.decay import EbbinghausDecay
from memlab.knowledge.maintenance import maintain, step_decay
from memlab.memory import Memory
from memlab.store import store as st

T0 = 1_700_000_000.0
CFG = MemoryConfig().replace(consolidation={"auto": False})


def open_mem(path: Path, clock: SimulatedClock) -> Memory:
    return Memory.open(path, CFG, clock=clock, embedder=None)


def add_fact(mem: Memory, base: float = 1.0, lam: float = 0.1, at: float = T0) -> int:
    return mem.store.writer.call(
        lambda con: st.insert_node(
            con,
            type="semantic",
            content=f"fact {base} {lam}",
            event_time=at,
            created_at=at,
            confidence=base,
            base_strength=base,
            decay_rate=lam,
        )
    )


def test_full_pipeline_report_and_record(mem: Memory, clock: SimulatedClock) -> None:
    mem.ingest("I moved to Berlin.", session_id="s", at=T0)
    mem.ingest("So I sold my car.", session_id="s", at=T0 + 60)
    mem.end_session()
    r = maintain(mem.knowledge)
    steps = r["steps"]
    assert list(steps) == ["consolidate", "decay", "enrich", "causal", "embed"]
    assert steps["consolidate"]["consolidated"] == 1 and steps["consolidate"]["facts_created"] == 1
    assert steps["decay"]["checked"] == 1
    assert steps["enrich"]["candidates"] == 0
    assert steps["causal"]["detector"] == "cues" and steps["causal"]["edges"] == 1
    causal = mem.store.edges(types=["causal"])
    assert len(causal) == 1 and causal[0].confidence < 0.7
    row = mem.store.execute_read("SELECT finished_at, report FROM maintenance_runs")
    assert len(row) == 1 and row[0][0] is not None and json.loads(row[0][1])["steps"]["causal"]["edges"] == 1
    again = maintain(mem.knowledge)  # idempotent: nothing new to do
    assert again["steps"]["consolidate"]["sessions"] == 0 and again["steps"]["causal"]["pairs"] == 0
    assert len(mem.store.edges(types=["causal"])) == 1


def test_decay_is_computed_not_compounded(tmp_path: Path) -> None:
    daily_clock, once_clock = SimulatedClock(T0), SimulatedClock(T0)
    with (
        open_mem(tmp_path / "daily.db", daily_clock) as daily,
        open_mem(tmp_path / "once.db", once_clock) as once,
    ):
        ids = [add_fact(m) for m in (daily, once)]
        for day in range(1, 65):
            daily_clock.set(T0 + day * DAY)
            maintain(daily.knowledge, steps=["decay"])
        once_clock.set(T0 + 64 * DAY)
        maintain(once.knowledge, steps=["decay"])
        a, b = daily.store.node(ids[0]), once.store.node(ids[1])
        expected = EbbinghausDecay().weight(a, T0 + 64 * DAY)
        assert a.confidence == pytest.approx(b.confidence, rel=1e-12) == pytest.approx(expected)
        assert a.base_strength == 1.0  # the stored base never changes


def test_archive_below_threshold_protect_lambda_zero_and_episodes(mem: Memory, clock: SimulatedClock) -> None:
    weak = add_fact(mem, base=0.5)
    protected = add_fact(mem, base=0.5, lam=0.0)
    ep = mem.ingest("an old message", session_id="s", at=T0, wait=True)
    clock.set(T0 + 365 * DAY)
    r = maintain(mem.knowledge, steps=["decay"])["steps"]["decay"]
    assert r["archived"] == 1
    w, p, e = mem.store.nodes([weak, protected, ep])
    assert w.archived_at == T0 + 365 * DAY and w.valid_until is None  # archived, not invalidated
    assert p.archived_at is None and p.confidence == 0.5
    assert e.archived_at is None and e.confidence == 1.0


def test_archive_skips_a_node_reinforced_meanwhile(mem: Memory, clock: SimulatedClock) -> None:
    node_id = add_fact(mem, base=0.5)
    clock.set(T0 + 365 * DAY)

    class Policy:  # reads "weak", then a reader reinforces before the archive write
        def weight(self, node, now):  # noqa: ANN001, ANN202
            mem.store.writer.call(
                lambda con: con.execute(
                    "UPDATE nodes SET last_accessed = ?, base_strength = 1.0 WHERE id = ?", (now, node.id)
                )
            )
            return 0.0

    r = step_decay(mem.knowledge, T0 + 365 * DAY, policy=Policy())
    assert r["archived"] == 0 and mem.store.node(node_id).archived_at is None


def test_interrupted_run_resumes(mem: Memory, clock: SimulatedClock) -> None:
    mem.ingest("I live in Oslo.", session_id="s", at=T0)
    mem.end_session()
    calls: list[str] = []

    def boom(memory: Memory, now: float) -> dict:
        calls.append("enrich")
        raise KeyboardInterrupt  # like a killed cron job: not caught as a step error

    with pytest.raises(KeyboardInterrupt):
        maintain(mem.knowledge, runners={"enrich": boom})
    row = mem.store.execute_read("SELECT finished_at, step FROM maintenance_runs")
    assert row == [(None, "decay")]
    r = maintain(mem.knowledge, runners={"consolidate": lambda m, n: pytest.fail("redone")})  # type: ignore[dict-item]
    assert r["resumed"] == ["consolidate", "decay"] and "enrich" in r["steps"] and "causal" in r["steps"]
    assert (
        mem.store.execute_read("SELECT count(*) FROM maintenance_runs WHERE finished_at IS NULL")[0][0] == 0
    )


def test_failing_step_is_reported_and_the_run_goes_on(mem: Memory) -> None:
    def bad(memory: Memory, now: float) -> dict:
        raise RuntimeError("nope")

    r = maintain(mem.knowledge, runners={"decay": bad})
    assert r["errors"] == {"decay": "RuntimeError: nope"} and "causal" in r["steps"]


def test_unknown_step_rejected(mem: Memory) -> None:
    with pytest.raises(ValueError, match="unknown maintenance step"):
        maintain(mem.knowledge, steps=["vacuum"])


@settings(max_examples=25, deadline=None)
@given(days=hs.lists(hs.floats(0, 400), min_size=1, max_size=6), base=hs.floats(0.06, 1.0))
def test_decay_cache_matches_policy_and_is_monotone(
    tmp_path_factory: pytest.TempPathFactory, days: list[float], base: float
) -> None:
    clock = SimulatedClock(T0)
    with open_mem(tmp_path_factory.mktemp("h") / "m.db", clock) as mem:
        node_id = add_fact(mem, base=base)
        last = base
        for d in sorted(days):
            clock.set(T0 + d * DAY)
            step_decay(mem.knowledge, clock.now())
            n = mem.store.node(node_id)
            if n.archived_at is not None:
                assert EbbinghausDecay().weight(n, clock.now()) < 0.05
                break
            assert n.confidence == pytest.approx(EbbinghausDecay().weight(n, clock.now()))
            assert n.confidence <= last + 1e-12
            last = n.confidence


def test_the_cue_scan_reads_many_pairs_a_call_and_finds_what_fifty_a_call_found(tmp_path: Path) -> None:
    """The causal step's batch is the detector's (a thousand pairs for the cue scan, fifty for an
    LLM prompt): the same edges either way, across batch and session boundaries."""
    from memlab.knowledge.causal import infer_causal

    found = []
    for batch in (50, None, 7):
        with open_mem(tmp_path / f"c{batch}.db", SimulatedClock(T0)) as m:
            for s in range(40):
                for text in ("The build server crashed again.", "So we shipped a day late.", "Lunch was fine.",
                             "Because the disk was full, backups stopped.", "I rebooted it."):
                    m.ingest(text, session_id=f"s{s}")
            m.flush()
            report = infer_causal(m.knowledge, batch=batch)
            found.append(set(m.store.execute_read("SELECT src, dst, evidence FROM edges WHERE type = 'causal'")))
            assert report["pairs"] == 40 * 4
    assert found[0] == found[1] == found[2] and len(found[0]) == 80
