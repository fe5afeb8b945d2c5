"""Job moves and purchases in new wordings (issue 10, tenth round): a named organisation someone
leaves for is their employer; a thing bought is the buyer's, whatever natasha takes for the subject."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return set(triples(text, lang))


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Priya left Deloitte for KPMG in the spring.", "en", ("Priya", "employer", "KPMG")),
        ("I jumped ship to Starling, better pension.", "en", ("speaker", "employer", "Starling")),
        ("Сестра ушла в Тинькофф, довольна.", "ru", ("speaker's sister", "employer", "Тинькофф")),
        ("Рената ушла из Сбера в Авито.", "ru", ("Рената", "employer", "Авито")),
        ("Купил Xiaomi 13, доволен.", "ru", ("speaker", "phone", "Xiaomi 13")),
        ("Вчера купила Pixel 8.", "ru", ("speaker", "phone", "Pixel 8")),
    ],
)
def test_a_move_or_a_purchase_gives_the_new_value(text: str, lang: str, expected: tuple[str, str, str]) -> None:
    assert expected in _facts(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Рената ушла в декрет.", "ru"),
        ("Рената ушла в магазин за хлебом.", "ru"),
        ("Рената ушла в Казань пешком.", "ru"),  # a town is no employer
        ("Рената не ушла в Авито.", "ru"),
        ("Рената уйдёт в Авито.", "ru"),
        ("Priya went to Lidl for milk.", "en"),
        ("I'd never leave Tesco for Lidl.", "en"),
        ("Priya left Tesco for good.", "en"),
        ("I left London for Leeds.", "en"),  # a town: no employer
    ],
)
def test_no_employer_from_errands_leave_plans_or_towns(text: str, lang: str) -> None:
    assert not {f for f in _facts(text, lang) if f[1] == "employer"}


def test_a_later_clauses_name_is_not_who_left() -> None:
    assert not {f for f in _facts("ушёл из Озона в Lamoda, Никита сосватал", "ru") if f[0] == "Никита"}


@pytest.mark.parametrize(
    "text",
    ["my cousin reckons Kotlin is actually decent now", "Go is pretty nice now, apparently", "Windows 11 is fine now tbh"],
)
def test_an_opinion_of_a_tool_is_no_use_of_it(text: str) -> None:
    assert not {f for f in _facts(text, "en") if f[0] == "speaker"}


def test_an_opinion_beside_ones_own_use_keeps_the_use() -> None:
    assert ("speaker", "editor", "Helix") in _facts("Helix is so good now, I do all my editing in it.", "en")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("I'm dating a lad called Kieran.", ("speaker", "partner", "Kieran")),
     ("Been seeing a girl named Bea since March.", ("speaker", "partner", "Bea"))],
)
def test_a_person_noun_with_its_name_is_the_partner(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in _facts(text, "en")


def test_seeing_a_professional_is_no_partner() -> None:
    assert not {f for f in _facts("I'm seeing a physio called Dean about my knee.", "en") if f[1] == "partner"}
