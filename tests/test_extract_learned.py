"""The learned fallback beside the offline extractor's rules (issue 10): it loads from the package
without a network, adds a fact the rules miss, and the modality checks veto negated, hypothetical,
questioned and third-party mentions. Sentences written for these tests (not dataset rows)."""

from __future__ import annotations

import socket

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _learned(text: str, lang: str) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, float]]]:
    from memlab.knowledge.extract import learned as L
    from memlab.knowledge.extract.clauses import read_with_readers
    from memlab.knowledge.extract.nlp import parse

    (facts, _), readers = read_with_readers(text, parse(text, lang))
    m = L.model()
    assert m is not None
    props = [(f.attribute, f.value, p) for f, p in L.proposals(readers, facts, m)]
    return [(f.subject, f.attribute, f.value) for f in facts], props


def test_model_loads_from_the_package_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    from memlab.knowledge.extract import learned as L

    def no_network(*a: object, **k: object) -> None:
        raise AssertionError("the fallback model must not touch the network")

    monkeypatch.setattr(socket, "socket", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    assert L.MODEL_PATH.parent.name == "data" and L.MODEL_PATH.parent.parent.name == "memlab"
    assert L.MODEL_PATH.stat().st_size < 5_000_000
    m = L.Model.load()
    for lang in ("en", "ru"):
        spec = m.langs[lang]
        assert spec["classes"][0] == L.NONE and "city" in spec["classes"]
        assert 0.0 < spec["threshold"] <= 1.01
        assert spec["w"].shape == (len(spec["rows"]), len(spec["classes"]))


def test_fallback_finds_a_fact_the_rules_miss() -> None:
    from memlab.knowledge.extract.clauses import analyze_many

    text = "весь день на Котлине, бэкенд и андроид"
    rules, props = _learned(text, "ru")
    assert not any(a == "programming_language" for _, a, _ in rules)
    assert ("programming_language", "Kotlin") in [(a, v) for a, v, _ in props]
    (off, _), = analyze_many([text], "ru", learned=False)
    (on, _), = analyze_many([text], "ru", learned=True)
    assert off == [f for f in on if f.attribute != "programming_language"]
    assert [(f.subject, f.attribute, f.value) for f in on if f.attribute == "programming_language"] == [
        ("speaker", "programming_language", "Kotlin")
    ]
    # English: the rules read nothing here; the model ranks the language first (below its threshold)
    rules, props = _learned("mostly Elixir at the day job, loving it", "en")
    assert rules == [] and props[0][:2] == ("programming_language", "Elixir")


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("не пишу на Котлине, весь день на Java", "ru"),  # negated
        ("если весь день на Котлине, то бэкенд и андроид", "ru"),  # a condition
        ("весь день на Котлине? бэкенд и андроид?", "ru"),  # a question
        ("mostly Elixir at the day job? no way", "en"),  # a question
        ("I would never write Elixir at the day job", "en"),  # modal and negated
        ("if I ever get mostly Elixir at the day job, I'd be happy", "en"),  # hypothetical
        ("my friend Lena writes Elixir at her day job", "en"),  # someone else
    ],
)
def test_vetoed_mentions_give_no_learned_fact(text: str, lang: str) -> None:
    from memlab.knowledge.extract.clauses import analyze_many

    (off, _), = analyze_many([text], lang, learned=False)
    (on, _), = analyze_many([text], lang, learned=True)
    assert on == off
    _, props = _learned(text, lang)
    assert not any(a == "programming_language" for a, _, _ in props)


def test_switch_defaults_off_and_reaches_the_consolidator() -> None:
    from memlab.compose import build_consolidator
    from memlab.config import MemoryConfig
    from memlab.knowledge.extract import clauses

    assert clauses.LEARNED_DEFAULT is False
    cfg = MemoryConfig()
    assert cfg.consolidation.learned_fallback is False
    off, _ = build_consolidator(cfg.consolidation, None)
    on, _ = build_consolidator(cfg.replace(consolidation={"learned_fallback": True}).consolidation, None)
    assert vars(off)["learned"] is False and vars(on)["learned"] is True
