"""Issue 11, the network side: nothing hangs past its deadline, outages degrade and get repaired."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.openai import OpenAICompatibleEmbedder, OpenAIEmbedder
from memlab.knowledge.consolidation import consolidate, wait_consolidated
from memlab.llm.client import LLMUnavailable, OpenAICompatChat
from memlab.memory import Memory
from memlab.retry import CircuitBreaker, DeadlineExceeded, RetryPolicy, retry_call
from memlab.testing.dead_servers import SilentServer, refused_url
from memlab.testing.openai_server import OpenAICompatServer

T0 = 1_700_000_000.0
NO_AUTO = MemoryConfig().replace(consolidation={"auto": False})


@pytest.fixture
def silent() -> Iterator[SilentServer]:
    with SilentServer() as srv:
        yield srv


# -- memlab.retry ------------------------------------------------------------------------------------
def test_attempts_count_every_try_and_delays_double() -> None:
    calls, sleeps = [], []

    def flaky() -> str:
        calls.append(1)
        if len(calls) < 3:
            raise ConnectionError("down")
        return "ok"

    assert retry_call(flaky, RetryPolicy(attempts=3, backoff_s=0.1), sleep=sleeps.append) == "ok"
    assert len(calls) == 3 and sleeps == [0.1, 0.2]
    with pytest.raises(ConnectionError):
        retry_call(lambda: (_ for _ in ()).throw(ConnectionError("x")), RetryPolicy(attempts=1), sleep=sleeps.append)
    with pytest.raises(ValueError, match="attempts"):
        RetryPolicy(attempts=0)


def test_retry_never_sleeps_past_the_deadline() -> None:
    now = [0.0]
    sleeps: list[float] = []

    def sleep(s: float) -> None:
        sleeps.append(s)
        now[0] += s

    def fail() -> None:
        now[0] += 1.0  # each try takes a second
        raise TimeoutError("silent server")

    with pytest.raises(DeadlineExceeded) as info:
        retry_call(fail, RetryPolicy(attempts=10, backoff_s=1.0), deadline=4.0, sleep=sleep, now=lambda: now[0])
    assert now[0] <= 4.0 and isinstance(info.value.__cause__, TimeoutError)


def test_circuit_breaker_opens_and_cools_down() -> None:
    now = [0.0]
    b = CircuitBreaker(cooldown_s=10, now=lambda: now[0])
    assert b.allow() and b.failure(RuntimeError("x")) and not b.failure(RuntimeError("y"))
    assert b.state == "open" and not b.allow()
    now[0] = 11.0
    assert b.allow()
    b.success()
    assert b.state == "closed"


def test_sdk_retries_are_off_by_default() -> None:
    assert OpenAIEmbedder(dim=16, api_key="k").max_retries == 0
    assert OpenAICompatibleEmbedder("http://127.0.0.1:1/v1", "m", 16).max_retries == 0


# -- 3. a hung embedding server ----------------------------------------------------------------------
def hung_memory(path: Path, url: str, **cfg: object) -> Memory:
    config = NO_AUTO.replace(
        embedder={"query_timeout_s": 0.3, **cfg},
        ingest={"embed_retries": 2, "embed_backoff_s": 0.01},
    )
    return Memory.open(path, config, embedder=OpenAICompatibleEmbedder(url, "m", 32, timeout_s=1.0))


def test_hung_embedder_search_degrades_to_fts_and_breaker_skips_it(tmp_path: Path, silent: SilentServer) -> None:
    with hung_memory(tmp_path / "m.db", silent.base_url) as m:
        m.ingest("I moved to Vilnius in May", session_id="s", wait=True)
        hits = m.search("Vilnius")
        assert hits and "Vilnius" in hits[0].node.content
        assert m.stats()["layers"]["query_vectors"] == "open"
        before = len(silent._held)
        assert m.search("May") and len(silent._held) == before  # skipped during the cool-down
        assert m.flush(timeout=0.2) is False  # never waits on the dead server's retries
        m.close(timeout=0.2)


def test_outage_then_maintain_repairs_every_unembedded_node(tmp_path: Path, silent: SilentServer) -> None:
    db = tmp_path / "m.db"
    m = hung_memory(db, silent.base_url)
    for i in range(10):
        m.ingest(f"note number {i}", session_id="s")
    m.end_session()
    stats = m.stats()  # never blocks on the embedder
    assert stats["nodes_total"] <= 10
    m.close(timeout=0.5)
    with OpenAICompatServer(embed_dim=32) as good:
        cfg = NO_AUTO
        emb = OpenAICompatibleEmbedder(good.base_url, "m", 32, timeout_s=5.0)
        with Memory.open(db, cfg, embedder=emb) as m2:
            assert m2.stats()["unembedded"] == 10
            report = m2.maintain()
            assert report["steps"]["embed"]["queued"] == 10 and report["steps"]["embed"]["missing"] == 0
            assert m2.stats()["unembedded"] == 0


# -- 7. an LLM outage ----------------------------------------------------------------------------------
def pending_sessions(db: Path, n: int) -> None:
    clock = SimulatedClock(T0)
    with Memory.open(db, NO_AUTO, clock=clock, embedder=None) as m:
        for i in range(n):
            m.ingest(f"I live in city number {i}", session_id=f"chat-{i}")
        m.end_session()


def llm_memory(db: Path, url: str, timeout_s: float = 5.0) -> Memory:
    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": True})
    chat = OpenAICompatChat(url, "m", timeout_s=timeout_s, retries=2, backoff_s=0.01)
    return Memory.open(db, cfg, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)


def test_opening_with_an_unreachable_llm_spends_no_attempt(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    pending_sessions(db, 3)
    for _ in range(3):  # three opens used to fail every session for good
        m = llm_memory(db, refused_url())
        wait_consolidated(m)
        m.close()
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        sessions = m.store.sessions()
        assert [s.status for s in sessions] == ["pending"] * 3
        assert all(s.attempts == 0 and "attempt" in (s.last_error or "") for s in sessions)


def test_close_leaves_queued_sessions_pending_instead_of_running_llm_retries(
    tmp_path: Path, silent: SilentServer
) -> None:
    db = tmp_path / "m.db"
    pending_sessions(db, 5)
    m = llm_memory(db, silent.base_url, timeout_s=30.0)
    m.close(timeout=0.3)
    with Memory.open(db, NO_AUTO, embedder=None) as m2:
        assert {s.status for s in m2.store.sessions()} == {"pending"}
        assert all(s.attempts == 0 for s in m2.store.sessions())


def test_llm_client_deadline_cuts_a_silent_server_short(silent: SilentServer) -> None:
    chat = OpenAICompatChat(silent.base_url, "m", timeout_s=30.0, retries=3, deadline_s=0.3)
    with pytest.raises(LLMUnavailable, match="deadline") as info:
        chat.complete([{"role": "user", "content": "hi"}])
    assert info.value.calls == 1


def test_failed_sessions_are_retried_by_maintain_after_backoff(tmp_path: Path) -> None:
    from memlab.types import ConsolidationError

    class Broken:
        name = "broken"

        def consolidate(self, episodes: object, ctx: object) -> object:
            raise ConsolidationError("model unavailable")

    clock = SimulatedClock(T0)
    with Memory.open(tmp_path / "m.db", NO_AUTO, clock=clock, embedder=None) as m:
        m.ingest("I live in Berlin", session_id="s")
        m.end_session()
        for _ in range(3):
            consolidate(m.knowledge, consolidator=Broken())  # type: ignore[arg-type]
        assert m.store.session("s").status == "failed"  # type: ignore[union-attr]
        assert m.maintain(steps=["consolidate"])["steps"]["consolidate"]["sessions"] == 0  # backing off
        clock.advance(m.config.consolidation.retry_backoff_s + 1)
        m.maintain(steps=["consolidate"])
        assert m.store.session("s").status == "consolidated"  # type: ignore[union-attr]


def test_a_read_that_closes_a_conversation_waits_for_a_silent_llm_only_read_wait_s(
    tmp_path: Path, silent: SilentServer
) -> None:
    import time

    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "read_wait_s": 0.5})
    clock = SimulatedClock(T0)
    chat = OpenAICompatChat(silent.base_url, "m", timeout_s=30.0, retries=1)
    m = Memory.open(tmp_path / "m.db", cfg, clock=clock, embedder=None, chat=chat)
    try:
        m.ingest("I moved to Porto.", session_id="s1")
        clock.advance(3600)  # idle past the timeout: the next read closes s1
        t0 = time.perf_counter()
        assert m.search("Porto")  # answered from the episode, without the facts
        waited = time.perf_counter() - t0
        assert 0.4 < waited < 5.0
        assert m.store.session("s1").status == "pending"  # type: ignore[union-attr]
    finally:
        m.close(timeout=0.5)
