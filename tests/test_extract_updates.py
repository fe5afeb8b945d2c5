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
