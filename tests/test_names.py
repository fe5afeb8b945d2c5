from __future__ import annotations

import pytest

from memlab.lang.names import normalize_name, russian_nominative_phrase


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Émile", "emile"),
        ("Zoë  Smith", "zoe smith"),
        ("New-York City!", "new york city"),
        ("Вильнюсе", "Вильнюс"),
        ("Сашей", "Саша"),
        ("Москве", "Москва"),
        ("Ёлка", "елка"),
    ],
)
def test_same_thing_same_key(a: str, b: str) -> None:
    assert normalize_name(a) == normalize_name(b)


@pytest.mark.parametrize(("a", "b"), [("Anna", "Anne"), ("Berlin", "Bern"), ("Йошкар-Ола", "Иошкар-Ола")])
def test_different_things_stay_apart(a: str, b: str) -> None:
    assert normalize_name(a) != normalize_name(b)


def test_no_letters_is_empty() -> None:
    assert normalize_name(" -- ! ") == ""


@pytest.mark.parametrize(
    ("surface", "case", "nominative"),
    [
        ("Берлине", "prep", "Берлин"),
        ("Вильнюсе", "prep", "Вильнюс"),
        ("Москве", "prep", "Москва"),
        ("Москву", "acc", "Москва"),
        ("Казани", "prep", "Казань"),
        ("Германии", "prep", "Германия"),
        ("Сочи", "prep", "Сочи"),
        ("Санкт-Петербурге", "prep", "Санкт-Петербург"),
        ("Google", "prep", "Google"),
        ("Берлин", "nom", "Берлин"),
    ],
)
def test_russian_nominative(surface: str, case: str, nominative: str) -> None:
    assert russian_nominative_phrase(surface, case) == nominative
