"""The IntentClassifier contract: ``classify(query)`` returns one of ``memlab.types.INTENTS`` for
any text, English or Russian, and the same answer for the same query."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memlab.embed.hashing import HashingEmbedder
from memlab.retrieval.intent import (
    EmbeddingIntentClassifier,
    IntentClassifier,
    KeywordIntentClassifier,
    build_intent_classifier,
)
from memlab.types import INTENTS

QUERIES = [
    "Why did I move to Berlin?",
    "When did I start the new job?",
    "Who is my manager?",
    "What is my favourite language?",
    "Tell me about the trip",
    "Почему я переехал в Берлин?",
    "Когда я начал новую работу?",
    "Кто мой начальник?",
    "Что я люблю на завтрак?",
    "",
    "   ",
    "?!",
    "🐈 日本語",
]
def _keyword() -> IntentClassifier:
    return KeywordIntentClassifier()


def _embedding() -> IntentClassifier:
    return EmbeddingIntentClassifier(HashingEmbedder(256))


IMPLEMENTATIONS = [pytest.param(_keyword, id="keyword"), pytest.param(_embedding, id="embedding-hashing")]


@pytest.fixture(scope="module", params=IMPLEMENTATIONS)
def classifier(request: pytest.FixtureRequest) -> IntentClassifier:
    build: Callable[[], IntentClassifier] = request.param
    return build()


def test_is_an_intent_classifier(classifier: IntentClassifier) -> None:
    assert isinstance(classifier, IntentClassifier)


@pytest.mark.parametrize("query", QUERIES)
def test_returns_a_known_intent(classifier: IntentClassifier, query: str) -> None:
    assert classifier.classify(query) in INTENTS


def test_deterministic(classifier: IntentClassifier) -> None:
    assert [classifier.classify(q) for q in QUERIES] == [classifier.classify(q) for q in QUERIES]


def test_empty_query_is_general(classifier: IntentClassifier) -> None:
    assert classifier.classify("") == "general"


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=80))
def test_any_text_gets_a_known_intent(classifier: IntentClassifier, text: str) -> None:
    assert classifier.classify(text) in INTENTS


def test_the_registry_builds_each_by_name() -> None:
    assert isinstance(build_intent_classifier("keyword"), KeywordIntentClassifier)
    assert isinstance(build_intent_classifier("embedding", HashingEmbedder(32)), EmbeddingIntentClassifier)
