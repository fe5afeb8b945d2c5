"""A Russian job said by its noun in the instrumental (memlab issue 10): with no verb, or with a
verb of being taken on or of working now. Sentences written for these tests; each family sits
beside messages that must give nothing."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _jobs(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return {f for f in triples(text, "ru") if f[1] in ("job_title", "employer")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("пятнадцать лет сварщиком, руки уже не те", {("speaker", "job_title", "сварщик")}),
        ("с марта меня взяли в Сбербанк аналитиком", {("speaker", "job_title", "аналитик"), ("speaker", "employer", "Сбербанк")}),
        ("вернулась из отпуска уже старшим бухгалтером", {("speaker", "job_title", "старший бухгалтер")}),
        ("Артём по выходным подрабатывает курьером", {("Артём", "job_title", "курьер")}),
    ],
)
def test_job_in_the_instrumental(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _jobs(text)


@pytest.mark.parametrize(
    "text",
    [
        "в молодости работала медсестрой",  # over
        "мечтаю когда-нибудь работать пилотом",  # a wish
        "вчера долго говорила с юристом",  # with whom
        "кем ты работаешь? курьером?",  # a question
        "не сварщиком же мне идти",  # denied
    ],
)
def test_no_job_in_the_instrumental(text: str) -> None:
    assert not {f for f in _jobs(text) if f[0] == "speaker"}
