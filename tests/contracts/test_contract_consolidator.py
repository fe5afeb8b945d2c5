"""The Consolidator contract: ``consolidate(episodes, context) -> Plan``, the same tests for the
phrase rules, the NLP extractor (when spaCy and natasha are installed) and the LLM consolidator
(over an in-process chat model and over HTTP to the local test server).

A consolidator only proposes: it gets no database and must not write one; it cites only the
episodes it was given; no episodes, no plan.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.consolidation import fetch_episodes
from memlab.knowledge.extract import nlp_available
from memlab.knowledge.llm_consolidator import LLMConsolidator
from memlab.knowledge.rules import RuleConsolidator
from memlab.llm.client import ChatResult, OpenAICompatChat
from memlab.memory import Memory
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply
from memlab.types import ENTITY_TYPES, FACT_TYPES, ConsolidationContext, Consolidator, EpisodeRef, Plan

T0 = 1_700_000_000.0
FOREIGN_ID = 999_999  # an id no test episode has: an echo model cites it, the consolidator must not
EPISODES = [
    EpisodeRef(11, "I live in Vilnius.", T0, "user", "s1"),
    EpisodeRef(12, "Nice! How do you like it?", T0 + 1, "assistant", "s1"),
    EpisodeRef(13, "I work at Wix as a data engineer.", T0 + 2, "user", "s1"),
    EpisodeRef(14, "Я живу в Вильнюсе.", T0 + 3, "user", "s1"),
    EpisodeRef(15, "Мой любимый язык программирования — Rust.", T0 + 4, "user", "s1"),
]
CTX = ConsolidationContext("s1", existing_facts=[(5, "User lives in Berlin.", "user|city")])
_LINE = re.compile(r"^\[(\d+)\] .*? user: (.*)$", re.M)  # memlab.llm.prompts.render_episode


def echo_answer(messages: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """What a careless model might say: every user line, as said, as a fact, citing an id it was not shown
    (grounding turns down a fact whose words are not in its sources, so the line is quoted as it stands)."""
    text = "\n".join(str(m.get("content") or "") for m in messages)
    facts = [
        {"content": said, "type": "semantic", "key": None, "value": None,
         "source_ids": [int(i), FOREIGN_ID], "confidence": 0.9}
        for i, said in _LINE.findall(text)
    ]  # fmt: skip
    return {"facts": facts, "entities": []}


class EchoChat:
    """An in-process ChatModel that answers ``echo_answer``."""

    name = "echo"

    def complete(
        self,
        messages: Sequence[Mapping[str, Any]],
        schema: Mapping[str, Any] | None = None,
        tools: Sequence[Mapping[str, Any]] | None = None,
    ) -> ChatResult:
        answer = echo_answer(messages)
        return ChatResult(json.dumps(answer), parsed=answer)


@pytest.fixture(scope="module")
def echo_server() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer(embed_dim=16) as srv:
        srv.responder = lambda request: ScriptedReply(content=json.dumps(echo_answer(request["messages"])))
        yield srv


def _rules(request: pytest.FixtureRequest) -> Consolidator:
    return RuleConsolidator()


def _nlp(request: pytest.FixtureRequest) -> Consolidator:
    from memlab.knowledge.extract.consolidator import NLPConsolidator

    return NLPConsolidator()


def _llm(request: pytest.FixtureRequest) -> Consolidator:
    return LLMConsolidator(EchoChat(), page_size=2)


def _llm_http(request: pytest.FixtureRequest) -> Consolidator:
    srv: OpenAICompatServer = request.getfixturevalue("echo_server")
    return LLMConsolidator(OpenAICompatChat(srv.base_url, "m", backoff_s=0.001), page_size=2)


IMPLEMENTATIONS = [
    pytest.param(_rules, id="rules"),
    pytest.param(_nlp, id="nlp", marks=pytest.mark.skipif(not nlp_available(), reason="spaCy/natasha missing")),
    pytest.param(_llm, id="llm"),
    pytest.param(_llm_http, id="llm-http"),
]


@pytest.fixture(params=IMPLEMENTATIONS)
def consolidator(request: pytest.FixtureRequest) -> Consolidator:
    build: Callable[[pytest.FixtureRequest], Consolidator] = request.param
    return build(request)


def test_is_a_consolidator(consolidator: Consolidator) -> None:
    assert isinstance(consolidator, Consolidator)


def test_returns_a_plan_for_the_session(consolidator: Consolidator) -> None:
    plan = consolidator.consolidate(EPISODES, CTX)
    assert isinstance(plan, Plan)
    assert plan.session_id == "s1"


def test_finds_a_plain_english_statement(consolidator: Consolidator) -> None:
    plan = consolidator.consolidate(EPISODES[:1], ConsolidationContext("s1"))
    assert plan.facts, "nothing from 'I live in Vilnius.'"


def test_proposals_are_well_formed(consolidator: Consolidator) -> None:
    plan = consolidator.consolidate(EPISODES, CTX)
    for f in plan.facts:
        assert f.content.strip()
        assert f.type in FACT_TYPES
        assert 0.0 <= f.confidence <= 1.0
        assert f.key is None or "|" in f.key
        assert all(e.type in ENTITY_TYPES for e in f.entities)
    assert all(e.type in ENTITY_TYPES and e.name.strip() for e in plan.entities)


def test_cites_only_the_episodes_it_was_given(consolidator: Consolidator) -> None:
    given = {e.id for e in EPISODES}
    plan = consolidator.consolidate(EPISODES, CTX)
    assert plan.facts
    for f in plan.facts:
        assert f.source_ids and set(f.source_ids) <= given, f
    for c in plan.causal:
        assert {c.cause_id, c.effect_id} <= given


def test_no_episodes_no_plan(consolidator: Consolidator) -> None:
    plan = consolidator.consolidate([], ConsolidationContext("empty"))
    assert (plan.facts, plan.entities, plan.causal, plan.llm_calls) == ((), (), (), 0)


def test_deterministic_for_the_same_input(consolidator: Consolidator) -> None:
    first = consolidator.consolidate(EPISODES, CTX)
    again = consolidator.consolidate(EPISODES, CTX)
    assert (first.facts, first.entities, first.causal) == (again.facts, again.entities, again.causal)


def test_never_writes_the_database(consolidator: Consolidator, tmp_path: Path) -> None:
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(tmp_path / "m.db", cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(16)) as mem:
        for e in EPISODES:
            mem.ingest(e.content, session_id="s1", role=e.role, at=e.time)
        mem.flush()
        episodes = fetch_episodes(mem.knowledge, "s1")
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    plan = consolidator.consolidate(episodes, ConsolidationContext("s1"))
    after = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in tmp_path.iterdir()}
    assert after == before
    assert {i for f in plan.facts for i in f.source_ids} <= {e.id for e in episodes}
