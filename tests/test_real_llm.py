"""The LLM path against a REAL llama-server with the tiny model (memlab[local-llm]; issue 38).

One server for the whole session (``real_llm`` in conftest). The model is the BASE Gemma 3 270M:
a protocol peer, not an extractor, so these tests check what memlab does with a real server's
answers (bounded, grammar-constrained, paged, grounded, survived), not that the model is right.
They skip when llama-server or the model is not installed.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from memlab.bench.metrics import stale_as_current
from memlab.clock import DAY, SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.grounding import mentions
from memlab.knowledge.llm_consolidator import LLMConsolidator
from memlab.llm.client import ChatResult, OpenAICompatChat
from memlab.llm.serve import MODEL_ID
from memlab.memory import Memory
from memlab.types import ConsolidationContext, EpisodeRef

T0 = 1_700_000_000.0
pytestmark = pytest.mark.real_llm


def llm_config(base_url: str, **consolidation: Any) -> MemoryConfig:
    options = {"consolidator": "llm", "base_url": base_url, "model": MODEL_ID, "max_tokens": 200,
               "retries": 1, "timeout_s": 30.0, "deadline_s": 60.0, **consolidation}  # fmt: skip
    return MemoryConfig().replace(consolidation=options)


def active_facts(m: Memory) -> list[Any]:
    return m.store.find_nodes(facts=True, current=True)


def episodes_of(m: Memory, sid: str) -> list[str]:
    return [n.content for n in m.store.find_nodes(facts=False, session_id=sid)]


def test_client_reads_the_window_and_gets_schema_json(real_llm: Any) -> None:
    chat: OpenAICompatChat = real_llm.chat(max_tokens=24)
    assert chat.context_window() == real_llm.CTX
    schema = {"type": "object", "required": ["answer"], "additionalProperties": False,
              "properties": {"answer": {"type": "string", "maxLength": 20}}}  # fmt: skip
    r = chat.complete([{"role": "user", "content": "User: I prefer Python. Which language?"}], schema=schema)
    assert isinstance(r.parsed, dict) and isinstance(r.parsed["answer"], str)
    assert 0 < r.completion_tokens <= 24 and r.prompt_tokens > 0 and r.calls == 1


def test_seed_case_through_the_llm_path(real_llm: Any, tmp_path: Path) -> None:
    """Two sessions ten days apart, one maintain(): within 60 s, nothing ungrounded, Python not current."""
    clock = SimulatedClock(T0)
    t0 = time.perf_counter()
    with Memory.open(tmp_path / "m.db", llm_config(real_llm.base_url, auto=False), clock=clock,
                     embedder=HashingEmbedder(64)) as m:  # fmt: skip
        m.ingest("I prefer Python.", session_id="s1", at=T0)
        clock.set(T0 + 10 * DAY)
        m.ingest("I'm writing in Rust now.", session_id="s2", at=T0 + 10 * DAY)
        clock.set(T0 + 10 * DAY + 3600)
        report = m.maintain().steps["consolidate"]
        context = m.context("Which language should I use for a CLI tool?")
        values = [f.attributes.get("value") for f in active_facts(m)]
    elapsed = time.perf_counter() - t0
    print(f"\nseed case: {elapsed:.1f} s, {report}\n{context}")
    assert elapsed < 60 and report["consolidated"] == 2 and not report["failed"]
    assert not stale_as_current(context, ["Python"], ["Rust"])
    for v in values:
        assert v is None or v in ("Python", "Rust"), values


def test_grounding_rejects_what_was_not_stated(real_llm: Any, tmp_path: Path) -> None:
    """A question, another person's fact, a plan and the assistant's suggestion: nothing is written,
    and what the model proposed is counted and kept in the report."""
    with Memory.open(tmp_path / "m.db", llm_config(real_llm.base_url, auto=False), clock=SimulatedClock(T0),
                     embedder=HashingEmbedder(64)) as m:  # fmt: skip
        for i, (role, text) in enumerate([("user", "Should I learn Go?"), ("assistant", "You could try Haskell."),
                                          ("user", "My sister lives in Paris."),
                                          ("user", "I'm going to move to Oslo next year.")]):  # fmt: skip
            m.ingest(text, session_id="s", role=role, at=T0 + i)
        m.end_session()
        report = m.consolidate()
        facts = active_facts(m)
    print(f"\nrejected: {report['rejected']}")
    assert report["consolidated"] == ["s"] and report["facts_created"] == 0
    assert report["rejected_ungrounded"] == len(report["rejected"]) >= 1
    assert facts == []


class Recording:
    """A ChatModel wrapper that keeps every result (one per page)."""

    def __init__(self, inner: OpenAICompatChat) -> None:
        self.inner = inner
        self.max_tokens = inner.max_tokens
        self.results: list[ChatResult] = []

    def complete(self, messages: Any, schema: Any = None, tools: Any = None) -> ChatResult:
        r = self.inner.complete(messages, schema=schema, tools=tools)
        self.results.append(r)
        return r


def test_a_long_session_is_paged_to_fit_the_window(real_llm: Any) -> None:
    said = [f"Note {i}: the weather today was grey and we talked about the garden for a while, nothing more."
            for i in range(14)]  # fmt: skip
    episodes = [EpisodeRef(100 + i, t, T0 + i, "user", "long") for i, t in enumerate(said)]
    chat = Recording(real_llm.chat(max_tokens=100))
    window = 700
    plan = LLMConsolidator(chat, page_size=50, context_tokens=window).consolidate(episodes, ConsolidationContext("long"))
    assert len(chat.results) >= 2 and plan.llm_calls == len(chat.results)
    assert sum(r.prompt_tokens for r in chat.results) + 100 > window  # one page could not have held it
    assert all(r.prompt_tokens + 100 <= window for r in chat.results), [r.prompt_tokens for r in chat.results]
    assert all(mentions(" ".join(said), f.value or "") for f in plan.facts)


def test_a_server_that_dies_mid_answer_loses_nothing(real_llm: Any, tmp_path: Path) -> None:
    clock = SimulatedClock(T0)
    cfg = llm_config(real_llm.base_url, auto=False, max_tokens=300, retries=1)
    with Memory.open(tmp_path / "m.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("I work at Spotify as a data engineer.", session_id="s", at=T0)
        m.end_session()
        killer = threading.Timer(1.0, real_llm.kill)
        killer.start()
        try:
            report = m.consolidate()
        finally:
            killer.join()
            real_llm.restart()
        assert report["consolidated"] == [] and "s" in report["failed"]
        assert m.store.session("s").status in ("pending", "failed")
        assert episodes_of(m, "s") == ["I work at Spotify as a data engineer."]
        clock.advance(DAY)
        again = m.maintain().steps["consolidate"]
        assert again["consolidated"] == 1 and not again["failed"]


def test_bench_with_a_reader_scores_answers(real_llm: Any, tmp_path: Path) -> None:
    """One suite run with the tiny model as the reader: F1 / EM per method beside the baselines."""
    from concurrent.futures import ThreadPoolExecutor

    from memlab.bench import report
    from memlab.bench.suite import parse_suite, run_suite
    from memlab.datasets.schema import Dataset, Question, Turn, save_jsonl

    said = ["I live in Vilnius now.", "My cat is called Miso.", "I work at Wix as a designer."]
    turns = tuple(Turn(f"t{i}", f"s{i}", "user", "user", t, T0 + i * DAY) for i, t in enumerate(said))
    questions = (
        Question("q1", "Which city do I live in?", T0 + 5 * DAY, answers=("Vilnius",), evidence=("t0",)),
        Question("q2", "What is my cat called?", T0 + 5 * DAY, answers=("Miso",), evidence=("t1",)),
    )
    path = save_jsonl(Dataset("tiny", turns, questions), tmp_path / "tiny.jsonl")
    suite = parse_suite({
        "suite": {"name": "reader", "ks": [1, 5]},
        "config": {"embedder": {"name": "hashing", "dim": 64}, "consolidation": {"consolidator": "rules"}},
        "datasets": [{"name": "tiny", "kind": "jsonl", "path": str(path)}],
        "methods": [{"name": "memlab"}, {"name": "bm25", "kind": "bm25"}, {"name": "full", "kind": "full_history"}],
        "reader": {"base_url": real_llm.base_url, "model": MODEL_ID, "max_tokens": 16},
    })  # fmt: skip
    with ThreadPoolExecutor(max_workers=1) as ex:
        records, _ = run_suite(suite, executor=ex, progress=False)
    text = report.markdown_report(records)
    print("\n" + report.summary_table(records))
    assert [r["method"] for r in records] == ["memlab", "bm25", "full"] and not any(r["errors"] for r in records)
    for r in records:
        assert r["reader"]["reader"]["model"] == MODEL_ID and r["reader"]["prompt"]
        assert report.get(r, "overall.n_answer_f1") == 2 and 0 <= report.get(r, "overall.answer_f1") <= 1
        assert report.get(r, "overall.reader_failed") == 0
    assert "## Answer accuracy" in text and "Answer with exact words" in text and "| F1 | EM |" in text
