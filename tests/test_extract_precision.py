"""Precision families of the offline extractor (memlab issue 10): a question that ends in a
phrase of its own, someone unnamed, a past or future state with no verb of use, a partner in
business, a duration read as an age, a wedding ahead, emoji inside a name. Sentences written for
these tests; each family keeps the fact beside its non-facts."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

Triple = tuple[str, str, str]


def _facts(text: str, lang: str) -> set[Triple]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a question whose last phrase belongs to it is no tag after a statement
        ("на Kotlin кто-нибудь пишет, кроме андроидщиков?", "ru", set()),
        ("на Kotlin пишу, есть вопросы?", "ru", {("speaker", "programming_language", "Kotlin")}),
        # someone unnamed: whose state it is, is unknown
        ("кто-то ещё сидит на Debian?", "ru", set()),
        ("anyone here still on Debian?", "en", set()),
        # a past state without a verb of use; the present one stays
        ("my first laptop was a ThinkPad", "en", set()),
        ("у меня была Lada Granta", "ru", set()),
        ("у меня Lada Granta", "ru", {("speaker", "car", "Lada Granta")}),
        # a state ahead
        ("collecting my new car, a Volvo XC40, next month", "en", set()),
        # a partner in business, a lab, a sport is no life partner
        ("Priya is my business partner", "en", set()),
        ("Omar's my tennis partner", "en", set()),
        ("Оля — мой партнёр по бизнесу", "ru", set()),
        ("Priya is my partner", "en", {("speaker", "partner", "Priya")}),
        # a duration is no age
        ("my husband Tom and I have been together 12 years", "en", {("speaker", "spouse", "Tom")}),
        ("I'm 41 years old", "en", {("speaker", "age", "41")}),
        # a wedding ahead is no spouse; one behind is, and emoji are no part of a name
        ("летом выхожу замуж за Руслана", "ru", set()),
        ("вышла замуж за Руслана 💍", "ru", {("speaker", "spouse", "Руслан")}),
    ],
)
def test_precision_families(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a city's nickname in lower case is the city on the map; a common word is no city
        ("обосновался в питере, тут сыро", "ru", {("speaker", "city", "Санкт-Петербург")}),
        ("три года как живу в новосибе", "ru", {("speaker", "city", "Новосибирск")}),
        ("перевезла кота в екб", "ru", set()),
        ("I live in nyc, the rent is insane", "en", {("speaker", "city", "New York")}),
        ("я на нижний этаж переехал", "ru", set()),
    ],
)
def test_city_nicknames(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a job title with its adjectives after "я теперь" (the parse may leave "я" a root of its own)
        ("я теперь ведущий инженер", "ru", {("speaker", "job_title", "ведущий инженер")}),
        ("я теперь главный бухгалтер", "ru", {("speaker", "job_title", "главный бухгалтер")}),
        ("я теперь счастливый человек", "ru", set()),
        ("я теперь ведущий инженер?", "ru", set()),
    ],
)
def test_russian_job_title_with_adjectives(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a forum self-introduction: a job noun phrase, then "here"
        ("radiographer here, happy to answer questions", {("speaker", "job_title", "radiographer")}),
        ("data analyst here", {("speaker", "job_title", "data analyst")}),
        ("the radiographer here was lovely", set()),
        ("radiographer here?", set()),
    ],
)
def test_job_noun_here(text: str, expected: set[Triple]) -> None:
    assert _facts(text, "en") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name the small model calls NORP is no nationality unless it is shaped like one
        ("my daily driver is Neovim now", {("speaker", "editor", "Neovim")}),
        ("I'm Portuguese", {("speaker", "nationality", "Portuguese")}),
    ],
)
def test_nationality_needs_a_demonym(text: str, expected: set[Triple]) -> None:
    assert _facts(text, "en") == expected
