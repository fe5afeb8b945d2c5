"""LLMConsolidator / LLMCausalDetector over real HTTP, and the offline causal cue detector."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from memlab.knowledge.causal_cues import CausalDetector, CueCausalDetector, self_explained
from memlab.knowledge.llm_consolidator import LLMCausalDetector, LLMConsolidator, summarize_entity
from memlab.llm.client import LLMRefusal, OpenAICompatChat, ScriptedChat
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply, estimate_tokens
from memlab.types import ConsolidationContext, ConsolidationError, Consolidator, EpisodeRef

EPISODES = [
    EpisodeRef(11, "I moved to Vilnius last week.", 1000.0, "user", "s1"),
    EpisodeRef(12, "Nice! How do you like it?", 1001.0, "assistant", "s1"),
    EpisodeRef(13, "Love it. I work at Wix now, my manager is Dana.", 1002.0, "user", "s1"),
]
CTX = ConsolidationContext("s1", existing_facts=[(5, "User lives in Berlin.", "user|city")])
PAGE1 = {
    "facts": [
        {
            "content": "User lives in Vilnius.",
            "type": "semantic",
            "key": "User|City",
            "value": "Vilnius",
            "source_ids": [11],
            "confidence": 0.9,
            "entities": [{"name": "Vilnius", "type": "place", "role": "city", "aliases": ["Vilna"]}],
            "updates": [5],
        },
        {"content": "User likes long walks.", "type": "opinion", "source_ids": [99], "confidence": 0.5},
    ]
}
PAGE2 = {
    "facts": [
        {
            "content": "User works at Wix.",
            "type": "semantic",
            "source_ids": [13, 13],
            "confidence": 0.9,
            "updates": [5, 77],
        }
    ],
    "entities": [
        {"name": "Dana", "type": "person", "role": "manager"},
        {"name": "Wix", "type": "organization"},
    ],
}


@pytest.fixture
def srv() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer(embed_dim=16) as server:
        yield server


def client(srv: OpenAICompatServer, **kw: Any) -> OpenAICompatChat:
    return OpenAICompatChat(srv.base_url, "m", backoff_s=0.001, **kw)


def chat_bodies(srv: OpenAICompatServer) -> list[dict[str, Any]]:
    """The chat requests (the consolidator also asks GET /props and /models for the window)."""
    return [body for path, body in srv.requests if path.endswith("/chat/completions")]


def sent_prompt_tokens(srv: OpenAICompatServer) -> int:
    texts = ["\n".join(m["content"] for m in body["messages"]) for body in chat_bodies(srv)]
    return sum(estimate_tokens(t) for t in texts)


def test_good_run_two_pages_validated_and_counted(srv: OpenAICompatServer) -> None:
    replies = [json.dumps(PAGE1), json.dumps(PAGE2)]
    srv.script(*[ScriptedReply(content=r) for r in replies])
    consolidator = LLMConsolidator(client(srv), page_size=2)
    assert isinstance(consolidator, Consolidator)
    plan = consolidator.consolidate(EPISODES, CTX)
    assert [(f.content, f.key, f.source_ids) for f in plan.facts] == [
        ("User lives in Vilnius.", "user|city", (11,)),
        ("User works at Wix.", "user|city", (13,)),  # keyless update takes the updated fact's key
    ]
    assert plan.llm_calls == srv.chat_calls == 2
    assert plan.completion_tokens == sum(estimate_tokens(r) for r in replies)
    assert plan.prompt_tokens == sent_prompt_tokens(srv) > 0
    assert any("unknown episodes [99]" in n for n in plan.notes) and any("#77" in n for n in plan.notes)
    assert {(e.name, e.type, e.role) for e in plan.entities} == {
        ("Vilnius", "place", "city"), ("Dana", "person", "manager"), ("Wix", "organization", None)
    }  # fmt: skip
    first_prompt = chat_bodies(srv)[0]["messages"][1]["content"]
    assert "#5 [user|city] User lives in Berlin." in first_prompt and "[13]" not in first_prompt


def test_malformed_json_then_good(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='{"facts": [{"content": "x"'), ScriptedReply(content=json.dumps(PAGE2)))
    plan = LLMConsolidator(client(srv)).consolidate(EPISODES, CTX)
    assert [f.content for f in plan.facts] == ["User works at Wix."]
    assert plan.llm_calls == 2


def test_think_block_is_ignored(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='<think>The user moved... {"facts": []}</think>\n' + json.dumps(PAGE2)))
    plan = LLMConsolidator(client(srv)).consolidate(EPISODES, CTX)
    assert [f.content for f in plan.facts] == ["User works at Wix."] and plan.llm_calls == 1


def test_timeouts_exhausted_raise_consolidation_error(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(delay_s=0.6, content="{}"), ScriptedReply(delay_s=0.6, content="{}"))
    with pytest.raises(ConsolidationError, match="session s1 page 1/1: timed out"):
        LLMConsolidator(client(srv, timeout_s=0.15, retries=1)).consolidate(EPISODES, CTX)
    assert srv.chat_calls == 2


def test_timeout_then_success(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(delay_s=0.6, content="{}"), ScriptedReply(content=json.dumps(PAGE2)))
    plan = LLMConsolidator(client(srv, timeout_s=0.15)).consolidate(EPISODES, CTX)
    assert len(plan.facts) == 1 and plan.llm_calls == 2


def test_refusal_raises_consolidation_error(srv: OpenAICompatServer) -> None:
    srv.script(*[ScriptedReply(refusal="I can't help with that")] * 2)
    with pytest.raises(ConsolidationError, match="refused") as info:
        LLMConsolidator(client(srv, retries=1)).consolidate(EPISODES, CTX)
    assert isinstance(info.value.__cause__, LLMRefusal)


def test_429_then_success(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(status=429, error="rate limited"), ScriptedReply(content=json.dumps(PAGE2)))
    plan = LLMConsolidator(client(srv)).consolidate(EPISODES, CTX)
    assert len(plan.facts) == 1 and plan.llm_calls == 2 == srv.chat_calls


def test_tool_call_answers(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(tool_calls=[{"name": "emit_plan", "arguments": PAGE2}]))
    plan = LLMConsolidator(client(srv), use_tools=True).consolidate(EPISODES, CTX)
    assert [f.content for f in plan.facts] == ["User works at Wix."]
    body = chat_bodies(srv)[0]
    assert body["tools"][0]["function"]["name"] == "emit_plan" and "response_format" not in body
    assert plan.completion_tokens > 0 and plan.prompt_tokens == sent_prompt_tokens(srv)


def test_schema_violation_from_a_fake_is_a_consolidation_error() -> None:
    bad = {"facts": [{"content": "x", "type": "belief", "source_ids": [11], "confidence": 0.5}]}
    with pytest.raises(ConsolidationError, match=r"\$\.facts\[0\]\.type"):
        LLMConsolidator(ScriptedChat([bad])).consolidate(EPISODES, CTX)


def test_no_episodes_no_calls() -> None:
    fake = ScriptedChat([])
    plan = LLMConsolidator(fake).consolidate([], CTX)
    assert plan.facts == () and plan.llm_calls == 0 and fake.requests == []


def ep(i: int, text: str, session: str = "s") -> EpisodeRef:
    return EpisodeRef(i, text, float(i), "user", session)


@pytest.mark.parametrize(
    ("first", "second", "link"),
    [
        ("The landlord raised the rent.", "So I moved to Vilnius.", (1, 2)),
        ("The client paused the budget.", "That's why the Atlas project is on hold.", (1, 2)),
        ("We missed the deadline.", "As a result, the launch slipped.", (1, 2)),
        ("I moved to Vilnius.", "Because the rent in Berlin got too high.", (2, 1)),
        ("Проект заморожен.", "Потому что клиент урезал бюджет.", (2, 1)),
        ("Клиент урезал бюджет.", "Поэтому проект заморожен.", (1, 2)),
        ("Сервер упал ночью.", "Из-за этого релиз перенесли.", (1, 2)),
        ("I moved to Vilnius.", "The weather is nice.", None),
        ("I moved to Vilnius.", "So far so good.", None),
        ("I moved to Vilnius.", "So why did I do that?", None),
        ("I moved to Vilnius because of the rent.", "I like it.", None),
    ],
)
def test_cue_detector(first: str, second: str, link: tuple[int, int] | None) -> None:
    plan = CueCausalDetector().detect([ep(1, first), ep(2, second)])
    got = [(c.cause_id, c.effect_id) for c in plan.causal]
    assert got == ([link] if link else [])
    assert all(c.confidence == 0.4 and c.evidence for c in plan.causal)


def test_cue_detector_pairs_only_within_a_session_and_flags_self_explained() -> None:
    eps = [
        ep(1, "The rent went up.", "a"),
        ep(2, "So I moved.", "b"),
        ep(3, "I left because it was loud.", "b"),
    ]
    detector = CueCausalDetector()
    assert isinstance(detector, CausalDetector)
    plan = detector.detect(eps)
    assert plan.causal == () and self_explained(eps) == (3,) and "[3]" in plan.notes[0]


def test_llm_causal_detector_validates_ids_and_counts() -> None:
    eps = [ep(1, "The rent went up."), ep(2, "So I moved."), ep(3, "I like trains.")]
    answer = {
        "links": [
            {"cause_id": 1, "effect_id": 2, "evidence": "so"},
            {"cause_id": 1, "effect_id": 3, "evidence": "invented"},
            {"cause_id": 2, "effect_id": 2, "evidence": "self"},
        ]
    }
    fake = ScriptedChat([json.dumps(answer), json.dumps({"links": []})])
    plan = LLMCausalDetector(fake, batch=1).detect(eps)
    assert [(c.cause_id, c.effect_id, c.confidence) for c in plan.causal] == [(1, 2, 0.7)]
    assert plan.llm_calls == 2 and len(plan.notes) == 2
    assert "[2]" in fake.requests[0][0][1]["content"] and "[3]" not in fake.requests[0][0][1]["content"]


def test_summarize_entity_over_http(srv: OpenAICompatServer) -> None:
    srv.script(ScriptedReply(content='```json\n{"summary": "Dana is  the user\'s manager at Wix."}\n```'))
    text = summarize_entity(client(srv), "Dana", ["User's manager is Dana.", "User works at Wix."], "person")
    assert text == "Dana is the user's manager at Wix."
    assert "Entity: Dana (person)" in srv.requests[0][1]["messages"][1]["content"]
