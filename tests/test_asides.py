"""Facts said aside or in passing: shapes found on the blind sets dev15 and dev16, each tested
here in new wordings, with the look-alikes each reader must not fire on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

CASES: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "asides.json").read_text(encoding="utf-8"))


def _rows(name: str) -> list[Any]:
    """The rows of table ``name`` in the data file (a row of several values, and a fact in it, as a tuple)."""
    return [tuple(tuple(v) if isinstance(v, list) else v for v in r) if isinstance(r, list) else r for r in CASES[name]["rows"]]


def _facts(text: str, lang: str | None = None) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang or ("ru" if any("а" <= ch <= "я" for ch in text.lower()) else "en"))


@pytest.mark.parametrize(("text", "fact"), _rows("test_an_age_thrown_in"))
def test_an_age_thrown_in(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_numbers_that_are_no_speaker_age"))
def test_numbers_that_are_no_speaker_age(text: str) -> None:
    assert not any(s == "speaker" and a == "age" for s, a, _ in _facts(text))


@pytest.mark.parametrize(("text", "fact"), _rows("test_couples_and_bosses_said_aside"))
def test_couples_and_bosses_said_aside(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_look_alikes_give_no_partner_or_manager"))
def test_look_alikes_give_no_partner_or_manager(text: str) -> None:
    assert not any(s == "speaker" and a in ("manager", "partner", "spouse") for s, a, _ in _facts(text))


@pytest.mark.parametrize(("text", "town"), _rows("test_a_town_said_by_its_people"))
def test_a_town_said_by_its_people(text: str, town: str) -> None:
    assert ("speaker", "city", town) in _facts(text)


@pytest.mark.parametrize("text", _rows("test_no_town_from_words_that_only_look_like_its_people"))
def test_no_town_from_words_that_only_look_like_its_people(text: str) -> None:
    facts = _facts(text)
    assert not any(s == "speaker" and a == "city" and v in ("Соба", "Москва", "Пенсионер") for s, a, v in facts)


@pytest.mark.parametrize(("text", "diet"), _rows("test_a_diet_with_how_long_it_has_held"))
def test_a_diet_with_how_long_it_has_held(text: str, diet: str) -> None:
    assert ("speaker", "diet", diet) in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_diet_named_as_a_topic_is_nobodys"))
def test_a_diet_named_as_a_topic_is_nobodys(text: str) -> None:
    assert not any(s == "speaker" and a == "diet" for s, a, _ in _facts(text))


def test_a_profile_list_for_a_dating_profile_with_pets_in_brackets() -> None:
    facts = _facts("For my Hinge profile: 36, occupational therapist, Exeter, two dogs (Pickle and Bramble). Make it warmer?")
    assert {("speaker", "age", "36"), ("speaker", "city", "Exeter"), ("speaker", "pet_dog", "Pickle"),
            ("speaker", "pet_dog", "Bramble")} <= facts
    ru = _facts("Для анкеты: 41 год, Самара, электрик, кот Персик. Сократи.")
    assert {("speaker", "age", "41"), ("speaker", "city", "Самара"), ("speaker", "pet_cat", "Персик")} <= ru


def test_a_profile_list_for_someone_else_is_not_the_speakers() -> None:
    facts = _facts("For my sister's profile: 29, nurse, Leeds, one cat (Olive).")
    assert not any(s == "speaker" for s, _, _ in facts)


@pytest.mark.parametrize(("text", "fact"), _rows("test_tools_and_work_said_in_passing"))
def test_tools_and_work_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_an_if_that_conditions_the_fact_still_blocks_it() -> None:
    assert not any(a == "editor" for _, a, _ in _facts("I'm in PyCharm if the licence gets renewed."))
    assert not any(a == "employer" for _, a, _ in _facts("Работаю в «Магните», через месяц ухожу в «Ленту».")) or (
        ("speaker", "employer", "Лента") not in _facts("Работаю в «Магните», через месяц ухожу в «Ленту»."))
