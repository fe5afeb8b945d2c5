"""Russian chat without capitals (memlab issue 10): "живу в казани" read like "живу в Казани".
natasha's NER needs capitals; ``nlp._restore_ru_capitals`` gives a lower-case word its capital back
when pymorphy3's dictionary reads it as a name. Sentences written for these tests."""

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
        ("уже полгода живу в самаре", ("speaker", "city", "Самара")),
        ("я теперь программист в сбербанке", ("speaker", "employer", "Сбербанк")),
        ("перебрался в новосибирск прошлой весной", ("speaker", "city", "Новосибирск")),
        ("моя подруга оля живёт в ярославле", ("Оля", "city", "Ярославль")),
    ],
)
def test_lower_case_names_are_read(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "хочу когда-нибудь переехать в самару",  # a wish
        "в самаре я не живу, я там только родилась",  # denied
        "оля живёт в ярославле?",  # a question
    ],
)
def test_lower_case_names_keep_the_modality_checks(text: str) -> None:
    assert not {f for f in _facts(text) if f[2] in ("Самара", "Ярославль")}


def test_common_nouns_keep_their_case() -> None:
    from memlab.knowledge.extract.nlp import normalize_ru

    text = "роман про надежду и веру, лев на обложке, живу в твери"
    out = normalize_ru(text)
    assert len(out) == len(text)
    assert "роман" in out and "надежду" in out and "веру" in out and "лев" in out
    assert "Твери" in out


def test_gazetteer_words_stay_lower_case() -> None:
    """A tool or a drink the gazetteers read in lower case is no name ("федоре" is Fedora, not Фёдор)."""
    assert ("Вадик", "operating_system", "Fedora") in _facts("Вадик из бухгалтерии сидит на федоре")
    from memlab.knowledge.extract.nlp import normalize_ru

    assert "флэт уайт" in normalize_ru("беру флэт уайт")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # colloquial kin words name the relation like the standard ones
        ("бабуля живёт в Костроме", ("speaker's grandmother", "city", "Кострома")),
        ("батя у меня дальнобойщик", ("speaker's father", "job_title", "дальнобойщик")),
        ("сестрёнка переехала в Тулу", ("speaker's sister", "city", "Тула")),
    ],
)
def test_colloquial_kin(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in _facts(text)


def test_colloquial_kin_keeps_the_modality_checks() -> None:
    assert not _facts("бабуля хочет переехать в Кострому")
