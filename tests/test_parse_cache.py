"""A text parsed lately is served from the parse cache, in one batch or across calls, and the cache keeps its bound."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp, nlp_available
from memlab.knowledge.extract.clauses import triples

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def test_a_text_parsed_again_is_the_same_parse_and_reads_the_same() -> None:
    text = "I live in Oslo and work at Opera."
    first = nlp.parse_many([text], "en")[0]
    again, twin = nlp.parse_many([text, text], "en")
    assert again is first and twin is first
    read = triples(text, "en")
    assert ("speaker", "city", "Oslo") in read and triples(text, "en") == read


def test_the_bound_evicts_the_oldest_and_zero_keeps_none() -> None:
    before = nlp.keep_parses(1)
    try:
        a = nlp.parse_many(["Я живу в Казани."], "ru")[0]
        nlp.parse_many(["Я работаю в Яндексе."], "ru")
        assert nlp.parse_many(["Я живу в Казани."], "ru")[0] is not a  # evicted by the newer one
        nlp.keep_parses(0)
        b = nlp.parse_many(["Я живу в Казани."], "ru")[0]
        assert nlp.parse_many(["Я живу в Казани."], "ru")[0] is not b
        assert [t.text for t in b[0].toks] == [t.text for t in a[0].toks]
    finally:
        nlp.keep_parses(before)
