"""Grounding of LLM proposals (memlab.knowledge.grounding): value, subject, modality; and the small plan."""

from __future__ import annotations

import pytest

from memlab.knowledge.grounding import _rules_check, canonical_key, ground, said_values
from memlab.knowledge.llm_consolidator import LLMConsolidator, ProposeAndDispose, pages, small_fact
from memlab.knowledge.rules import RuleConsolidator
from memlab.llm.client import ScriptedChat
from memlab.llm.parse import first_error
from memlab.llm.prompts import consolidate
from memlab.types import ConsolidationContext, EpisodeRef, FactProposal, Plan

EPISODES = [
    EpisodeRef(1, "I prefer Python.", 0, "user", "s"),
    EpisodeRef(2, "Should I use Go for this?", 1, "user", "s"),
    EpisodeRef(3, "You could try Haskell.", 2, "assistant", "s"),
    EpisodeRef(4, "I don't like Java.", 3, "user", "s"),
    EpisodeRef(5, "Я живу в Москве.", 4, "user", "s"),
    EpisodeRef(6, "My sister lives in Paris.", 5, "user", "s"),
    EpisodeRef(7, "If I had the money I would live in Lisbon.", 6, "user", "s"),
    EpisodeRef(8, "Note 10: the weather was grey.", 7, "user", "s"),
    EpisodeRef(9, "my wife Elena makes fun of my old laptop", 8, "user", "s"),
    EpisodeRef(10, "ok so I live in Austin now. yes, Texas.", 9, "user", "s"),
]


def fact(key: str | None, value: str | None, source: int, content: str = "User fact.") -> FactProposal:
    return FactProposal(content, "semantic", key, value, (source,), 0.9)


CASES = [
    (fact("user|language", "Python", 1), None),
    (fact("user|city", "Москва", 5), None),  # a known form: the same stem
    (fact("user|language", "Rust", 1), "not in its sources"),
    (fact("user|language", "Go", 2), "question"),
    (fact("user|language", "Haskell", 3), "assistant"),
    (fact("user|language", "Java", 4), "negated"),
    (fact("user|city", "Paris", 6), "someone else"),
    (fact("user|city", "Lisbon", 7), ""),  # hypothetical: some reason, whichever reader
    (fact("bob|city", "Paris", 1), "subject"),
    (fact("user|attribute", "10", 8), "names nothing"),
    (fact("user|weather", "grey", 8), "first person"),
    (fact("user|my wife elena makes fun of", "Elena", 9), "piece of the message"),
    (fact(None, None, 1, "User prefers Python."), None),
    (fact(None, None, 1, "User adores Kotlin and Scala."), "words"),
]


@pytest.mark.parametrize("proposal,why", CASES, ids=[f"{c[0].key}={c[0].value}" for c in CASES])
@pytest.mark.parametrize("reader", ["offline", "rules"])
def test_each_check(proposal: FactProposal, why: str | None, reader: str) -> None:
    kept, rejected = ground([proposal], EPISODES, None if reader == "offline" else _rules_check)
    if why is None:
        assert len(kept) == 1 and not rejected
    else:
        assert not kept and why in rejected[0].reason and rejected[0].note().startswith("ungrounded")


def test_the_parse_tags_a_place_that_is_called_an_employer() -> None:
    from memlab.knowledge.extract import nlp_available

    if not nlp_available():
        pytest.skip("the offline reader (memlab[nlp]) is not installed")
    kept, rejected = ground([fact("user|employer", "Austin", 10), fact("user|my city", "Austin", 10)], EPISODES)
    assert [(f.key, f.value) for f in kept] == [("user|city", "Austin")] and "LOC" in rejected[0].reason


def test_lexicon_gives_the_known_attribute() -> None:
    assert canonical_key("user|1", "Python") == "user|programming_language"
    assert canonical_key("user|city", "Vilnius") == "user|city"
    assert small_fact({"key": "editor", "value": "Neovim", "source_id": 3}) == FactProposal(
        "User's editor: Neovim.", "semantic", "user|editor", "Neovim", (3,), 0.6)


def test_said_values_are_the_speakers_phrases() -> None:
    eps = [EpisodeRef(1, "I'm writing in Rust now. My sister lives in Paris, since 2019.", 0, "user", "s"),
           EpisodeRef(2, "Try Haskell.", 1, "assistant", "s")]  # fmt: skip
    assert said_values(eps) == ["Rust", "Paris", "2019"]


def test_small_schema_fits_max_tokens_and_allows_only_what_was_said() -> None:
    schema = consolidate.small_schema([4, 5], 200, ["Rust"])
    assert schema["properties"]["facts"]["maxItems"] * consolidate.SMALL_FACT_TOKENS <= 200
    ok = {"facts": [{"key": "user|language", "value": "Rust", "source_id": 4}]}
    assert first_error(ok, schema) is None
    assert first_error({"facts": [{**ok["facts"][0], "value": "Go"}]}, schema) is not None
    assert first_error({"facts": [{**ok["facts"][0], "source_id": 9}]}, schema) is not None
    assert consolidate.small_schema([4], 200, [])["properties"]["facts"]["maxItems"] == 0


def test_pages_fit_the_budget_and_clip_what_cannot() -> None:
    eps = [EpisodeRef(i, "word " * 60, float(i), "user", "s") for i in range(6)] + [
        EpisodeRef(9, "long " * 2000, 9.0, "user", "s")]  # fmt: skip
    got = pages(eps, 50, 250)
    assert len(got) >= 4 and [e.id for p in got for e in p] == [0, 1, 2, 3, 4, 5, 9]
    assert got[-1][0].content.endswith("[...]") and len(got[-1][0].content) < 800


def test_small_window_uses_the_small_plan_and_grounds_it() -> None:
    answer = {"facts": [{"key": "user|city", "value": "Python", "source_id": 1},
                        {"key": "user|city", "value": "Go", "source_id": 2}]}  # fmt: skip
    chat = ScriptedChat([answer])
    plan = LLMConsolidator(chat, context_tokens=1024, max_tokens=200).consolidate(EPISODES[:2], ConsolidationContext("s"))
    messages, schema, _tools = chat.requests[0]
    assert messages[0]["content"] == consolidate.SYSTEM_SHORT and schema["title"] == "small_plan"
    assert [(f.key, f.value) for f in plan.facts] == [("user|programming_language", "Python")]
    assert len(plan.rejected) == 1 and "question" in plan.rejected[0] and plan.rejected[0] in plan.notes


def test_propose_and_dispose_keeps_the_offline_reading() -> None:
    eps = [EpisodeRef(1, "I live in Vilnius. I work at Wix.", 0, "user", "s")]
    llm_answer = {"facts": [{"content": "User lives in Vilna.", "type": "semantic", "key": "user|city",
                             "value": "Vilnius", "source_ids": [1], "confidence": 0.9},
                            {"content": "User works at Wix.", "type": "semantic", "key": "user|employer",
                             "value": "Wix", "source_ids": [1], "confidence": 0.9}]}  # fmt: skip
    offline = RuleConsolidator()
    base = offline.consolidate(eps, ConsolidationContext("s"))
    combined = ProposeAndDispose(LLMConsolidator(ScriptedChat([llm_answer])), offline)
    plan = combined.consolidate(eps, ConsolidationContext("s"))
    assert isinstance(plan, Plan) and plan.llm_calls == 1
    keys = [f.key for f in plan.facts]
    assert keys.count("user|city") == 1 and plan.facts[: len(base.facts)] == base.facts
    assert "user|employer" in keys
