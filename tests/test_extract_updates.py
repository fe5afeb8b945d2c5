"""Updates read against a known fact (memlab issue 10): a later message of the same person with a
change cue and one other value of the known fact's kind gives the new value. Sentences written
for these tests; each family sits beside messages that must give nothing."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _new_values(attribute: str, old: str, text: str, lang: str) -> list[str]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return [f.value for f in updates(parse(text, lang), {"speaker": [(attribute, old)]}, text)]


@pytest.mark.parametrize(
    ("attribute", "old", "text", "lang", "expected"),
    [
        # a time counted since the change marks it
        ("city", "Bristol", "second week in Liverpool and I still get lost", "en", ["Liverpool"]),
        ("employer", "Яндекс", "уже три недели как в Ozon, пока нравится", "ru", ["Ozon"]),
        ("employer", "Яндекс", "с Ozon договорились, первый день через две недели", "ru", []),
        ("city", "Bristol", "spent a week in Cardiff with my aunt", "en", []),
        # a Russian verb of switching over (пере-) in the past, not an imperative
        ("editor", "Vim", "переползла на Sublime Text, глаза отдыхают", "ru", ["Sublime Text"]),
        ("city", "Самара", "Маша, перебирайся к нам в Тверь!", "ru", []),
        # a language one learns, the old one given up
        ("learning_language", "Italian", "gave up on Italian, doing Korean now", "en", ["Korean"]),
        ("learning_language", "итальянский", "переключился на корейский, итальянский потом", "ru", ["корейский"]),
        ("learning_language", "Italian", "my wife speaks Korean now, I'm still on Italian", "en", []),
        # natasha's LOC for a company a verb of joining takes; a town stays a town
        ("employer", "Тинькофф", "устроилась в Озон, уже вторая неделя", "ru", ["Озон"]),
        ("employer", "Тинькофф", "устроилась в Казани, уже вторая неделя", "ru", []),
    ],
)
def test_updates_against_a_known_fact(attribute: str, old: str, text: str, lang: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text, lang) == expected


def _facts(text: str, lang: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import extract

    return {(f.subject, f.attribute, f.value) for f in extract(text, lang)}


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # the first statement an update needs: "X dev here" names the language one writes
        ("Kotlin developer here, mostly Android apps", "en",
         {("speaker", "programming_language", "Kotlin"), ("speaker", "job_title", "Kotlin developer")}),
        ("Kotlin developers are impossible to hire", "en", set()),
        # a duration is a past state only beside a past verb
        ("Emacs user for a decade, my fingers know it by heart", "en", {("speaker", "editor", "Emacs")}),
        ("I used Emacs for a decade", "en", set()),
        # initials of a title spelled out
        ("I'm a PM at Figma", "en", {("speaker", "job_title", "product manager"), ("speaker", "employer", "Figma")}),
        ("I was a PM at Figma", "en", set()),
        # a Russian multi-word tool whose last word inflects; "++" tokenised apart
        ("сижу в Яндекс Браузере с работы", "ru", {("speaker", "browser", "Yandex Browser")}),
        ("брат сидит в Яндекс Браузере", "ru", {("speaker's brother", "browser", "Yandex Browser")}),
        ("пишу в Notepad++ и не стыжусь", "ru", {("speaker", "editor", "Notepad++")}),
        # the speaker's own machine named without "у меня"
        ("на домашнем ноуте Fedora", "ru", {("speaker", "operating_system", "Fedora")}),
        ("на ноуте у сестры Fedora", "ru", {("speaker's sister", "operating_system", "Fedora")}),
    ],
)
def test_first_statements_an_update_needs(text: str, lang: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text, lang) == expected
