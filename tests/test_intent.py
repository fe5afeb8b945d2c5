"""Intent classifiers (keyword, embedding exemplars), their evaluation, and query complexity."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from memlab.config import RetrievalConfig
from memlab.embed.base import EmbedderBase
from memlab.embed.hashing import HashingEmbedder
from memlab.retrieval.complexity import QueryPlan, is_complex, plan_query
from memlab.retrieval.intent import (
    DEFAULT_EXEMPLARS,
    EmbeddingIntentClassifier,
    IntentClassifier,
    KeywordIntentClassifier,
    build_intent_classifier,
    evaluate_intents,
)
from memlab.types import INTENTS

DATASET = Path(__file__).resolve().parent.parent / "datasets" / "intent_queries.jsonl"


class CountingEmbedder(EmbedderBase):
    """Hashing embedder that counts the texts it embeds (to observe the exemplar cache)."""

    def __init__(self, dim: int = 64) -> None:
        self.inner = HashingEmbedder(dim)
        self.name, self.dim = self.inner.name, dim
        self.embedded = 0

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        self.embedded += len(texts)
        return self.inner.embed_batch(texts)


def _rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in DATASET.read_text(encoding="utf-8").splitlines() if line]


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("Why did Bob move to Berlin?", "why"),
        ("Why did Bob say what he said?", "why"),
        ("What caused the outage?", "why"),
        ("What was the reason she left?", "why"),
        ("Почему он ушёл?", "why"),
        ("Из-за чего упал сервер?", "why"),
        ("When did Alice start?", "when"),
        ("What date is the wedding?", "when"),
        ("How long ago did we meet?", "when"),
        ("В каком году он родился?", "when"),
        ("Когда он сказал, почему ушёл?", "when"),
        ("Who told you why the deploy failed?", "who"),
        ("Whose laptop is this?", "who"),
        ("With whom did she travel?", "who"),
        ("С кем она ездила?", "who"),
        ("Кого позвали?", "who"),
        ("What does Bob do for work?", "what"),
        ("Which hotel did we book?", "what"),
        ("Where does Alice live?", "what"),
        ("Какой телефон я купил?", "what"),
        ("Где он живёт?", "what"),
        ("tell me about Berlin", "general"),
        ("What do you know about Oleg?", "general"),
        ("расскажи про отпуск", "general"),
        ("hmm, the thing with the deploy?", "general"),
        ("", "general"),
    ],
)
def test_keyword_classifier(query: str, intent: str) -> None:
    assert KeywordIntentClassifier().classify(query) == intent


def test_keyword_classifier_does_not_match_inside_words() -> None:
    clf = KeywordIntentClassifier()
    assert clf.classify("the whole whatever somewhere nowhere") == "general"
    assert clf.classify("комната кошка") == "general"  # "ком", "кто" inside words


def test_classifiers_satisfy_protocol() -> None:
    assert isinstance(KeywordIntentClassifier(), IntentClassifier)
    assert isinstance(EmbeddingIntentClassifier(HashingEmbedder(32)), IntentClassifier)


def test_embedding_classifier_recognises_exemplar_phrasing() -> None:
    clf = EmbeddingIntentClassifier(HashingEmbedder(256), threshold=0.0)
    for intent, texts in DEFAULT_EXEMPLARS.items():
        assert clf.classify(texts[0]) == intent


def test_classify_vector_reuses_query_embedding() -> None:
    embedder = HashingEmbedder(128)
    clf = EmbeddingIntentClassifier(embedder, threshold=0.0)
    query = "Why was the release delayed again?"
    assert clf.classify_vector(embedder.embed_batch([query])[0]) == clf.classify(query) == "why"


def test_threshold_falls_back_to_general() -> None:
    exemplars = {"why": ["why did it break"], "when": ["when did it break"]}
    low = EmbeddingIntentClassifier(HashingEmbedder(64), exemplars, threshold=0.0)
    high = EmbeddingIntentClassifier(HashingEmbedder(64), exemplars, threshold=1.01)
    assert low.classify("why did it break") == "why"
    assert high.classify("why did it break") == "general"
    assert low.classify("   ") == "general"


def test_exemplar_cache_is_reused_and_keyed(tmp_path: Path) -> None:
    first = CountingEmbedder()
    EmbeddingIntentClassifier(first, cache_dir=tmp_path).classify("why?")
    n_exemplars = sum(len(v) for v in DEFAULT_EXEMPLARS.values())
    assert first.embedded == n_exemplars + 1
    files = list(tmp_path.glob("*.npz"))
    assert len(files) == 1 and "hashing-64-64" in files[0].name

    second = CountingEmbedder()
    EmbeddingIntentClassifier(second, cache_dir=tmp_path).classify("why?")
    assert second.embedded == 1  # only the query

    other = CountingEmbedder()
    EmbeddingIntentClassifier(other, {"why": ["why"]}, cache_dir=tmp_path).classify("why?")
    assert other.embedded == 2 and len(list(tmp_path.glob("*.npz"))) == 2


def test_corrupt_cache_is_recomputed(tmp_path: Path) -> None:
    clf = EmbeddingIntentClassifier(HashingEmbedder(64), threshold=0.0, cache_dir=tmp_path)
    assert clf.cache_path is not None
    clf.cache_path.write_bytes(b"not an npz")
    assert clf.classify("Why did she quit?") == "why"
    with np.load(clf.cache_path) as data:
        assert data["vectors"].shape == (sum(len(v) for v in DEFAULT_EXEMPLARS.values()), 64)


def test_unknown_exemplar_intent_is_rejected() -> None:
    with pytest.raises(ValueError, match="unknown intent"):
        EmbeddingIntentClassifier(HashingEmbedder(8), {"where": ["where is it"]})


def test_factory() -> None:
    assert isinstance(build_intent_classifier("keyword"), KeywordIntentClassifier)
    clf = build_intent_classifier("embedding", HashingEmbedder(16), threshold=0.2)
    assert isinstance(clf, EmbeddingIntentClassifier) and clf.threshold == 0.2
    with pytest.raises(ValueError, match="needs an embedder"):
        build_intent_classifier("embedding")
    with pytest.raises(ValueError, match="unknown intent classifier"):
        build_intent_classifier("llm")


def test_evaluate_intents_counts() -> None:
    rows = [
        {"query": "why?", "intent": "why", "lang": "en"},
        {"query": "когда?", "intent": "when", "lang": "ru"},
        {"query": "who?", "intent": "what", "lang": "en"},
    ]
    result = evaluate_intents(KeywordIntentClassifier(), rows)
    assert result["n"] == 3 and result["accuracy"] == pytest.approx(2 / 3)
    assert result["confusion"]["what"]["who"] == 1
    assert result["per_lang"] == {"en": {"n": 2, "accuracy": 0.5}, "ru": {"n": 1, "accuracy": 1.0}}
    assert result["errors"] == [{"query": "who?", "intent": "what", "predicted": "who"}]
    assert result["us_per_query"] > 0


def test_dataset_is_large_balanced_and_bilingual() -> None:
    rows = _rows()
    assert len(rows) >= 240
    assert len({r["query"] for r in rows}) == len(rows)
    by_intent = Counter(r["intent"] for r in rows)
    assert set(by_intent) == set(INTENTS)
    assert max(by_intent.values()) <= 1.5 * min(by_intent.values())
    assert {r["lang"] for r in rows} == {"en", "ru"}
    assert not set(r["query"] for r in rows) & {t for v in DEFAULT_EXEMPLARS.values() for t in v}


def test_keyword_accuracy_on_dataset_is_useful_but_not_trivial() -> None:
    accuracy = evaluate_intents(KeywordIntentClassifier(), _rows())["accuracy"]
    assert 0.75 <= accuracy < 1.0


@pytest.mark.parametrize(
    ("query", "complex_"),
    [
        ("Where does Bob live?", False),
        ("List the places Alice visited", True),
        ("Compare the two offers", True),
        ("how many times did we meet", True),
        ("Сколько раз мы ездили в Ригу?", True),
        ("Перечисли мои поездки", True),
        ("Всё про деплой", True),
        ("one two three four five six seven eight nine ten", True),
        ("one two three four five six seven eight nine", False),
        ("Everyone likes the callback", False),  # "every" only as a whole word
    ],
)
def test_is_complex(query: str, complex_: bool) -> None:
    assert is_complex(query) is complex_


def test_plan_query_uses_config() -> None:
    cfg = RetrievalConfig(simple_limit=3, complex_limit=30, simple_budget_tokens=100, simple_max_words=4)
    assert plan_query("who is Bob", cfg) == QueryPlan(False, 3, cfg.simple_depth, 100)
    long = plan_query("who is Bob and where does he live", cfg)
    assert long == QueryPlan(True, 30, cfg.complex_depth, cfg.complex_budget_tokens)
