"""Self-corrections inside one message (issue 10, ninth round): the retracted value is never a
fact, and the corrected one is read where its shape allows. New wordings, not evaluation rows."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.repairs import repaired


@pytest.mark.parametrize(
    ("text", "fixed"),
    [
        ("I work at Asda no sorry Tesco now", "I work at Tesco now"),
        ("moved to Derby um no not Derby Nottingham last spring", "moved to Nottingham last spring"),
        ("my phone's a galaxy s22 no wait it's the s23", "my phone's a galaxy s23"),
        ("I'm forty one sorry forty two since June", "I'm forty two since June"),
        ("работаю в Магните ой нет в Пятёрочке с осени", "работаю в Пятёрочке с осени"),
        ("мне двадцать пять тьфу двадцать шесть уже", "мне двадцать шесть уже"),
        ("пишу Оле тьфу не Оле а Наташе, она теперь главная", "пишу Наташе, она теперь главная"),
    ],
)
def test_the_repair_replaces_what_it_corrects(text: str, fixed: str) -> None:
    assert repaired(text) == fixed


def test_a_correction_without_a_repair_drops_the_retracted_stretch() -> None:
    assert repaired("my browser is firefox no sorry what am I on about, it's Brave") == "what am I on about, it's Brave"


@pytest.mark.parametrize(
    "text",
    [
        "I live in Leeds, sorry about the noise earlier",
        "Sorry for the late reply, I moved to Leeds",
        "I'm so sorry to hear that. I live in Paris",
        "I'm not sorry at all, I use Vim",
        "Vim is my favourite - I mean, who doesn't love modal editing",
        "it's my big hobby now, sailing I mean. every weekend",
        "long story sorry. anyway I work at Aldi",
        "I run arch btw (sorry)",
        "машина пока на ходу, тьфу-тьфу",
        "Ой, я теперь в Казани живу",
    ],
)
def test_apologies_and_asides_are_no_corrections(text: str) -> None:
    assert repaired(text) == text


@pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")
@pytest.mark.parametrize(
    ("text", "lang", "wrong", "right"),
    [
        ("I work at Asda no sorry Tesco now", "en", "Asda", "Tesco"),
        ("I'm in Sheffield no wait Rotherham these days, moved in March", "en", "Sheffield", None),
        ("мне сорок ой сорок один уже", "ru", "40", "41"),
    ],
)
def test_the_retracted_value_is_never_a_fact(text: str, lang: str, wrong: str, right: str | None) -> None:
    from memlab.knowledge.extract.clauses import triples

    values = {v for _, _, v in triples(text, lang)}
    assert wrong not in values
    if right is not None:
        assert right in values
