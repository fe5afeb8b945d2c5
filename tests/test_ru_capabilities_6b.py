"""Russian capabilities, session 6 (second round): the employer said with a job title in the
title's own stretch ("инженер-конструктор на «Уралмаше»", "бухгалтером в «Магните»", "в «Аэрофлоте»
бортпроводником", "кладовщиком на складе «Озона»"), whichever reader read the title. Sentences written
for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, "ru")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Я инженер-конструктор на «Уралмаше», восьмой год.", {("speaker", "employer", "Уралмаш")}),
        ("Я менеджер по продажам в «Уралхиме», и мне это нравится.", {("speaker", "employer", "Уралхим")}),
        ("Тружусь грузчиком на складе «Озона», смены по двенадцать часов.", {("speaker", "employer", "Озон")}),
        ("Брат у меня в «Аэрофлоте» бортпроводником.", {("speaker's brother", "employer", "Аэрофлот")}),
        ("Мой брат юрист в «Пепеляев Групп».", {("speaker's brother", "employer", "Пепеляев Групп")}),
        ("Я консультант в «Леруа Мерлен».", {("speaker", "employer", "Леруа Мерлен")}),
    ],
)
def test_employer_with_the_job_title(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Я водитель на «Газели».",  # a vehicle, not the employer
        "Я программист в Казани.",  # a town
        "Раньше я был бухгалтером в «Магните».",  # over
        "Я не тестировщик в «Контуре».",  # denied
        "Я программист и болею за «Зенит» на стадионе.",  # not the job's stretch
    ],
)
def test_no_employer_with_the_job_title(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "employer"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Сёма теперь в «Тинькофф», доволен.", {("Сёма", "employer", "Тинькофф")}),
        ("друг Паша теперь в Яндексе, важный стал.", {("Паша", "employer", "Яндекс")}),
    ],
)
def test_verbless_state_at_an_organisation(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Мама в «Пятёрочке», скоро придёт.",  # out shopping: no word of a state
        "Бабушка в «Магните», очередь большая.",
    ],
)
def test_verbless_place_of_the_moment_is_no_employer(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "employer"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Моя Веста опять не заводится на морозе.", {("speaker", "car", "Лада Веста")}),
        ("Солярис мой уже восемь лет бегает без ремонта.", {("speaker", "car", "Hyundai Solaris")}),
    ],
)
def test_my_car_model(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Моя Лада вчера опоздала на пару.",  # a brand that is also a woman's name
        "Моя старая Веста ушла за копейки.",  # a former car
        "Если бы моя Веста завелась, я бы успел.",
    ],
)
def test_no_car_of_mine(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "car"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Я в группе на басу, по пятницам концерты.", {("speaker", "instrument", "бас-гитара")}),
        ("Дочка в оркестре на флейте.", {("speaker's daughter", "instrument", "флейта")}),
    ],
)
def test_instrument_in_a_band(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


def test_band_without_an_instrument() -> None:
    assert not {f for f in _facts("Я в группе на вокале, поём каверы.") if f[1] == "instrument"}
