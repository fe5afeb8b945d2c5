"""Where someone lives, named through the work they do there or the home they rent (issue 10,
tenth round). New wordings, not evaluation rows."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _cities(text: str, lang: str) -> set[tuple[str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return {(s, v) for s, a, v in triples(text, lang) if a == "city"}


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("I drive a cab in Sheffield, nights mostly.", "en", ("speaker", "Sheffield")),
        ("I work in a hospital in Leeds.", "en", ("speaker", "Leeds")),
        ("we share a tiny flat in Cork with two cats", "en", ("speaker", "Cork")),
        ("I teach at a primary school in Derby.", "en", ("speaker", "Derby")),
        ("My dad drives a bus in Glasgow.", "en", ("speaker's father", "Glasgow")),
        ("Снимаю комнату в Туле, недорого.", "ru", ("speaker", "Тула")),
        ("Работаю кассиром в аптеке в Самаре.", "ru", ("speaker", "Самара")),
        ("Папа водит трамвай в Самаре.", "ru", ("speaker's father", "Самара")),
    ],
)
def test_the_town_of_ones_work_or_rented_home_is_ones_town(text: str, lang: str, expected: tuple[str, str]) -> None:
    assert expected in _cities(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I'm driving a van in Leeds today.", "en"),  # a progressive: today's errand
        ("I work for a firm in Berlin.", "en"),  # a company may be remote work
        ("I used to work in a hospital in Leeds.", "en"),
        ("I don't work in Leeds.", "en"),
        ("Do you still drive a cab in Sheffield?", "en"),
        ("I'd love to run a bookshop in Bath.", "en"),
        ("I work in a hospital in Spain.", "en"),  # a country is no town
        ("Работал в депо в Самаре.", "ru"),
        ("Буду работать в аптеке в Самаре.", "ru"),
    ],
)
def test_no_town_from_past_plans_questions_or_countries(text: str, lang: str) -> None:
    assert not _cities(text, lang)


def test_a_stated_home_wins_over_the_town_of_work() -> None:
    assert _cities("I work in a hospital in Leeds but live in Harrogate.", "en") == {("speaker", "Harrogate")}
