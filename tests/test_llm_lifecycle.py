"""The LLM consolidation path against a local OpenAI-compatible server on 127.0.0.1.

Every failure mode leaves the session unconsolidated with its episodes intact; a later good
answer consolidates it exactly once.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.consolidation import consolidate
from memlab.llm.client import OpenAICompatChat
from memlab.memory import Memory
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

T0 = 1_700_000_000.0


@pytest.fixture
def srv() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer() as s:
        yield s


def open_memory(path: Path, srv: OpenAICompatServer, retries: int = 1, timeout_s: float = 5.0) -> Memory:
    cfg = MemoryConfig().replace(consolidation={"auto": False, "consolidator": "llm"})
    chat = OpenAICompatChat(srv.base_url, "memlab-test", timeout_s=timeout_s, retries=retries, backoff_s=0.01)
    return Memory.open(path, cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(64), chat=chat)


def plan_json(episode_id: int, city: str = "Vilnius") -> str:
    fact = {
        "content": f"User lives in {city}.",
        "type": "semantic",
        "key": "user|city",
        "value": city,
        "source_ids": [episode_id],
        "confidence": 0.9,
        "entities": [{"name": city, "type": "place", "role": "city"}],
    }
    return json.dumps({"facts": [fact], "entities": []})


def session(mem: Memory) -> int:
    eid = mem.ingest("I live in Vilnius these days.", session_id="s", at=T0, wait=True)
    mem.end_session()
    mem.flush()
    assert eid is not None
    return eid


def assert_consolidated_once(mem: Memory) -> None:
    assert mem.store.session("s").status == "consolidated"
    again = consolidate(mem.knowledge, "s")
    assert again["skipped"] == {"s": "status consolidated"} and again["llm_calls"] == 0
    facts = mem.store.find_nodes(facts=True)
    assert [f.content for f in facts] == ["User lives in Vilnius."]
    assert facts[0].source_type == "consolidation:llm"
    assert mem.store.counts()["nodes"]["episodic"] == 1


def assert_nothing_lost(mem: Memory, report: dict, attempts: int = 1) -> None:
    assert "s" in report["failed"]
    s = mem.store.session("s")
    assert s.status == "pending" and s.attempts == attempts and s.last_error
    assert mem.store.find_nodes(facts=True) == []
    assert [n.content for n in mem.store.find_nodes(facts=False)] == [
        "I live in Vilnius these days."
    ]


def test_good_run(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        eid = session(mem)
        srv.script(ScriptedReply(content=plan_json(eid)))
        r = consolidate(mem.knowledge)
        assert r["consolidator"] == "llm" and r["facts_created"] == 1 and r["llm_calls"] == 1
        assert r["prompt_tokens"] > 0 and r["completion_tokens"] > 0
        assert_consolidated_once(mem)
        place = mem.store.execute_read("SELECT canonical_name, type FROM entities")
        assert place == [("Vilnius", "place")]


def test_malformed_json_then_recovery(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        eid = session(mem)
        srv.script(
            ScriptedReply(content='{"facts": [ {"content": '), ScriptedReply(content="not json at all")
        )
        assert_nothing_lost(mem, consolidate(mem.knowledge))
        srv.script(ScriptedReply(content=plan_json(eid)))
        assert consolidate(mem.knowledge)["consolidated"] == ["s"]
        assert_consolidated_once(mem)


def test_think_block_and_code_fence(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        eid = session(mem)
        srv.script(
            ScriptedReply(content=f"<think>the user said a city</think>\n```json\n{plan_json(eid)}\n```")
        )
        assert consolidate(mem.knowledge)["facts_created"] == 1
        assert_consolidated_once(mem)


def test_timeout(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv, retries=0, timeout_s=0.3) as mem:
        eid = session(mem)
        srv.script(ScriptedReply(content=plan_json(eid), delay_s=1.0))
        assert_nothing_lost(mem, consolidate(mem.knowledge))
        srv.script(ScriptedReply(content=plan_json(eid)))
        consolidate(mem.knowledge)
        assert_consolidated_once(mem)


def test_refusal(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv, retries=0) as mem:
        eid = session(mem)
        srv.script(ScriptedReply(refusal="I can't help with that."))
        r = consolidate(mem.knowledge)
        assert_nothing_lost(mem, r)
        srv.script(ScriptedReply(content=plan_json(eid)))
        consolidate(mem.knowledge)
        assert_consolidated_once(mem)


def test_rate_limited_then_success(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        eid = session(mem)
        srv.script(ScriptedReply(status=429, error="slow down"), ScriptedReply(content=plan_json(eid)))
        r = consolidate(mem.knowledge)
        assert r["consolidated"] == ["s"] and r["llm_calls"] == 2
        assert_consolidated_once(mem)


def test_hallucinated_source_ids_are_dropped(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        session(mem)
        srv.script(ScriptedReply(content=plan_json(424242)))
        r = consolidate(mem.knowledge)
        assert r["consolidated"] == ["s"] and r["facts_created"] == 0
        assert mem.store.find_nodes(facts=True) == []


def test_llm_supersedes_an_older_fact(tmp_path: Path, srv: OpenAICompatServer) -> None:
    with open_memory(tmp_path / "m.db", srv) as mem:
        eid = session(mem)
        srv.script(ScriptedReply(content=plan_json(eid)))
        consolidate(mem.knowledge)
        e2 = mem.ingest("I moved to Kaunas.", session_id="t", at=T0 + 86400, wait=True)
        mem.end_session()
        srv.script(ScriptedReply(content=plan_json(e2, "Kaunas")))
        r = consolidate(mem.knowledge)
        assert r["superseded"] == 1
        sent = json.dumps(srv.requests[-1][1]["messages"])
        assert "User lives in Vilnius." in sent  # the existing fact was shown to the model


def test_an_llm_plan_can_end_a_fact(tmp_path: Path, srv: OpenAICompatServer) -> None:
    """"I quit tennis": the model names the existing fact by id; only that fact ends, when said."""
    with open_memory(tmp_path / "m.db", srv) as mem:
        first = mem.ingest("I play tennis and chess.", session_id="a", at=T0, wait=True)
        mem.end_session()
        facts = [
            {"content": f"User plays {s}.", "type": "semantic", "key": f"user|sport:{s}", "value": s,
             "source_ids": [first], "confidence": 0.9}
            for s in ("tennis", "chess")
        ]  # fmt: skip
        srv.script(ScriptedReply(content=json.dumps({"facts": facts})))
        assert consolidate(mem.knowledge, "a")["facts_created"] == 2
        tennis = mem.store.find_nodes(fact_key="user|sport:tennis")[0]
        said = mem.ingest("Quit tennis, my knee is done.", session_id="b", at=T0 + 86400, wait=True)
        mem.end_session()
        ends = [{"fact_id": tennis.id, "source_ids": [said]}, {"fact_id": 999, "source_ids": [said]}]
        srv.script(ScriptedReply(content=json.dumps({"facts": [], "ends": ends})))
        report = consolidate(mem.knowledge, "b")
        assert report["ended"] == 1 and any("#999" in n for n in report["notes"])
        active = {n.fact_key for n in mem.store.find_nodes(facts=True, current=True)}
        assert active == {"user|sport:chess"}
        assert mem.store.node(tennis.id).valid_until == T0 + 86400
