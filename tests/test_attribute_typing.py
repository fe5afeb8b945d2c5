"""The typing table of the generic clause reader: every row's examples give their fact through
the whole extractor (wherever the sentence embeds the clause) and its non_examples give no fact
under the row's key; the table validates; open keys read as sentences in the Facts section."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.attribute_typing import table

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

ROWS = table()[0]
EXAMPLES = [(r.key, x[0], tuple(x[1])) for r in ROWS for x in r.examples]
NON_EXAMPLES = [(r.key, text) for r in ROWS for text in r.non_examples]


def _triples(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text)


def test_every_row_carries_examples() -> None:
    assert ROWS
    assert all(r.examples and r.non_examples for r in ROWS), [r.key for r in ROWS if not r.examples or not r.non_examples]


@pytest.mark.parametrize(("key", "text", "fact"), EXAMPLES, ids=[f"{k}:{t[:30]}" for k, t, _ in EXAMPLES])
def test_a_row_types_its_examples(key: str, text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _triples(text), _triples(text)


@pytest.mark.parametrize(("key", "text"), NON_EXAMPLES, ids=[f"{k}:{t[:30]}" for k, t in NON_EXAMPLES])
def test_a_row_leaves_its_non_examples(key: str, text: str) -> None:
    assert not [f for f in _triples(text) if f[1] == key]


@pytest.mark.parametrize(
    ("subject", "key", "value", "lang", "line"),
    [
        ("User", "volunteer_at", "Hillside food bank", "en", "User volunteers at Hillside food bank."),
        ("User", "take_to_work", "tram", "en", "User takes tram to work."),
        ("User's sister", "study", "law", "en", "User's sister studies law."),
        ("Пользователь", "болеть_за", "Зенит", "ru", "Пользователь болеет за: Зенит."),
    ],
)
def test_an_open_key_reads_as_its_predicate(subject: str, key: str, value: str, lang: str, line: str) -> None:
    from memlab.knowledge.extract.open_clauses import open_line

    assert open_line(subject, key, value, lang) == line
