"""Extractor families for unseen phrasing (memlab issue 10): precision causes (a past progressive,
a visit, a student, praise) and work news without a verb of employment. Sentences written for
these tests; each family keeps the non-facts around it."""

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
        # a past progressive is a past state; the perfect progressive still holds
        ("I was living in Porto when the pandemic hit", "en", set()),
        ("I was working at Oracle back then", "en", set()),
        ("I've been living in Porto for years", "en", {("speaker", "city", "Porto")}),
        # a visit is no home
        ("I'm in Tokyo for a conference this week", "en", set()),
        ("staying in Lyon for the weekend", "en", set()),
        ("я в Казани на пару дней", "ru", set()),
        ("я живу в Казани", "ru", {("speaker", "city", "Казань")}),
        # a student names a university, never a job title
        ("I'm a Michigan student now", "en", {("speaker", "university", "Michigan")}),
        ("I'm a grad student at UCLA", "en", {("speaker", "university", "UCLA")}),
        ("I'm a student at the University of Toronto", "en", {("speaker", "university", "University of Toronto")}),
        ("I'm a student", "en", set()),
        ("я студент МГУ", "ru", {("speaker", "university", "МГУ")}),
        # praise of how someone does a job is no job title
        ("my brother is a brilliant cook", "en", set()),
        ("she's a terrible driver", "en", set()),
        ("мой брат отличный повар", "ru", set()),
        ("my brother is a cook", "en", {("speaker's brother", "job_title", "cook")}),
        # a company is not a city too
        ("я бэкендер в Озоне", "ru", {("speaker", "job_title", "бэкендер"), ("speaker", "employer", "Озон")}),
        # a lower-case sentence after a stop is a sentence of its own (the question no longer silences)
        (
            "я бэкендер в Озоне, пишу на Go, дедлайн в четверг. как всё успеть?",
            "ru",
            {("speaker", "job_title", "бэкендер"), ("speaker", "employer", "Озон"), ("speaker", "programming_language", "Go")},
        ),
        ("живу в Казани, т.е. в Татарстане", "ru", {("speaker", "city", "Казань")}),
        # a nominative name after a kin noun is the relative's name; a genitive one is the owner
        ("брат Костя в Авито дизайнером работает", "ru", {("Костя", "employer", "Авито"), ("Костя", "job_title", "дизайнер")}),
        ("муж Ани работает в Сбере", "ru", {("Аня's husband", "employer", "Сбер")}),
        # plans to learn, quoted speech holding an apostrophe, a season ahead
        ("gonna start learning Korean after the move", "en", set()),
        ("I'm learning Korean", "en", {("speaker", "learning_language", "Korean")}),
        ("my friend wrote 'I'm in Lisbon!!' and I'm so jealous", "en", set()),
        ("we're moving to Tromsø in the spring", "en", set()),
    ],
)
def test_precision_causes(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # promotions: the title after "to" / "до", in the nominative
        ("got promoted to lead analyst", "en", {("speaker", "job_title", "lead analyst")}),
        ("I got promoted to senior engineer last week!", "en", {("speaker", "job_title", "senior engineer")}),
        ("Lena got promoted to lead analyst", "en", set()),
        ("hoping to get promoted to lead analyst", "en", set()),
        ("повысили до ведущего аналитика", "ru", {("speaker", "job_title", "ведущий аналитик")}),
        ("меня назначили тимлидом", "ru", {("speaker", "job_title", "тимлид")}),
        ("Лену повысили до ведущего аналитика", "ru", set()),
        # a first week somewhere, an offer followed by a start
        ("first week at Datadog done", "en", {("speaker", "employer", "Datadog")}),
        ("first week in Berlin done", "en", set()),
        ("my first day at Google is tomorrow", "en", set()),
        ("первая неделя в Тинькофф позади", "ru", {("speaker", "employer", "Тинькофф")}),
        ("got the offer from Datadog and started this monday", "en", {("speaker", "employer", "Datadog")}),
        ("got an offer from Datadog, not sure yet", "en", set()),
        ("accepted the offer from Canva, starting in May", "en", set()),
        ("получил оффер от Озона, вышел в понедельник", "ru", {("speaker", "employer", "Озон")}),
        # work done at a company, and the language it is "mostly" in
        ("I do backend work at Stripe, mostly in Go", "en", {("speaker", "employer", "Stripe"), ("speaker", "programming_language", "Go")}),
        ("I did some contract work for Stripe", "en", set()),
        ("работаю в Сбере, в основном на Python", "ru", {("speaker", "employer", "Сбер"), ("speaker", "programming_language", "Python")}),
        # a change of car in the past tense holds
        ("пересел на Kia Rio", "ru", {("speaker", "car", "Kia Rio")}),
    ],
)
def test_work_news(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected
