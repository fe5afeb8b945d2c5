"""An instrument or sport said by its practice ("has drum lessons", «занимаюсь гитарой», "I swim
three mornings a week"), a pattern's ``value_names`` table, and the scope of a negation the parse
left unattached after a comma. Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


def test_value_names_give_the_name_an_instrument_goes_by() -> None:
    assert ("speaker", "instrument", "drums") in _facts("I take drum lessons on Mondays.")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I swim three mornings a week, so nothing before nine please.", ("speaker", "sport", "swimming")),
        ("My sister swims every morning, so nothing early.", ("speaker's sister", "sport", "swimming")),
    ],
)
def test_a_negation_after_a_comma_opens_its_own_clause(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["I don't swim every day.", "I never swim in the mornings.", "I used to swim every day."],
)
def test_a_negation_in_the_clause_still_denies(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "sport"}


def test_russian_practice() -> None:
    assert ("speaker", "instrument", "гитара") in _facts("По субботам занимаюсь гитарой.", "ru")
    assert not {f for f in _facts("В детстве занимался гитарой.", "ru") if f[1] == "instrument"}
