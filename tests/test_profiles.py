"""Profile lists (issue 10, tenth round): a verbless run of bare items between commas says who
someone is ("44, paramedic, Cardiff"); each item is typed by its own shape. New wordings, not
evaluation rows."""

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
        ("Background: 52, welder, vegan, Aberdeen.", "en",
         {("speaker", "age", "52"), ("speaker", "job_title", "welder"), ("speaker", "diet", "vegan"),
          ("speaker", "city", "Aberdeen")}),
        ("Me? 27, barista at Costa, Leeds.", "en",
         {("speaker", "age", "27"), ("speaker", "job_title", "barista"), ("speaker", "employer", "Costa"),
          ("speaker", "city", "Leeds")}),
        ("About me - 27, barista at Costa, Leeds.", "en",
         {("speaker", "age", "27"), ("speaker", "city", "Leeds")}),
        ("quick intro: 44, paramedic, Cardiff.", "en",
         {("speaker", "age", "44"), ("speaker", "job_title", "paramedic"), ("speaker", "city", "Cardiff")}),
        ("My brother: 38, plumber, Hull.", "en",
         {("speaker's brother", "age", "38"), ("speaker's brother", "job_title", "plumber"),
          ("speaker's brother", "city", "Hull")}),
        ("Коротко о себе: 41 год, электрик, Тверь.", "ru",
         {("speaker", "age", "41"), ("speaker", "job_title", "электрик"), ("speaker", "city", "Тверь")}),
        ("Я? 41 год, электрик, Тверь.", "ru", {("speaker", "age", "41"), ("speaker", "city", "Тверь")}),
        ("Брат: 35 лет, сварщик, Омск.", "ru",
         {("speaker's brother", "age", "35"), ("speaker's brother", "job_title", "сварщик"),
          ("speaker's brother", "city", "Омск")}),
        ("Мама: 60 лет, на пенсии, Сочи.", "ru", {("speaker's mother", "age", "60"), ("speaker's mother", "city", "Сочи")}),
    ],
)
def test_a_profile_list_gives_each_item(text: str, lang: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Paris, London, Rome - 3 cities in 5 days, exhausted.", "en"),  # no age, no job: a trip
        ("Ages: 5, 7 and 9.", "en"),
        ("Is she 40, a doctor, from Leeds?", "en"),  # a question
        ("if I were 25, a chef, in Rome", "en"),  # unreal
        ("Me? I'd rather not say.", "en"),
        ("Москва, Питер, Казань — три города за неделю.", "ru"),
        ("Если бы мне было 25, программист, Сочи...", "ru"),
    ],
)
def test_what_is_no_profile_gives_no_town_or_age(text: str, lang: str) -> None:
    assert not {f for f in _facts(text, lang) if f[1] in ("city", "age", "job_title")}


def test_a_name_that_is_also_a_town_is_no_town() -> None:
    # GeoNames has a town called Farah; after "I'm" it is the speaker's name
    facts = _facts("I'm Farah, a nurse at the Royal Infirmary in Leeds, and I need a card idea.", "en")
    assert ("speaker", "city", "Farah") not in facts


@pytest.mark.parametrize(
    ("text", "value"),
    [("Я кассир во ВкусВилле.", "ВкусВилл"), ("Работаю в СберМаркете.", "СберМаркет"), ("Работаю в ЛитРесе.", "ЛитРес")],
)
def test_a_russian_name_with_inner_capitals_keeps_them_in_the_nominative(text: str, value: str) -> None:
    assert ("speaker", "employer", value) in _facts(text, "ru")


def test_a_profile_update_replaces_the_town_in_memory(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    """As a user lives it: a profile, ten days later a new one, one nightly maintain."""
    live_mem.ingest("quick intro: 44, paramedic, Cardiff. Need help with a rota spreadsheet.", session_id="s1")
    clock.advance(10 * 86400)
    live_mem.ingest("45 now, still a paramedic, Swansea these days.", session_id="s2")
    live_mem.ingest("anyway, what's a good Sunday walk near me?", session_id="s2")
    clock.advance(86400)
    live_mem.maintain()
    facts = facts_of(live_mem.context("Where do I live now?"))
    assert "Swansea" in facts
    assert "Cardiff" not in facts


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Брат, Коля, 35 лет.", "ru", ("Коля", "age", "35")),
        ("Света, сестра моя, медсестра в областной.", "ru", ("Света", "job_title", "медсестра")),
        ("Kate, my sister, 34, nurse.", "en", ("Kate", "job_title", "nurse")),
    ],
)
def test_a_list_that_opens_with_a_relative_and_a_name_is_that_persons(
        text: str, lang: str, expected: tuple[str, str, str]) -> None:
    facts = _facts(text, lang)
    assert expected in facts
    assert not {f for f in facts if f[0] == "speaker" and f[1] in ("age", "job_title")}


def test_two_names_and_a_relative_give_no_one_the_age() -> None:
    assert not {f for f in _facts("Коля, Петя, брат мой, 35 лет.", "ru") if f[1] == "age"}


def test_a_name_before_a_russian_job_noun_is_no_part_of_the_title() -> None:
    facts = _facts("Муж мой Заур стоматолог.", "ru")
    assert {v for _, a, v in facts if a == "job_title"} == {"стоматолог"}


def test_a_year_of_study_is_no_job_and_its_place_is_the_university() -> None:
    facts = _facts("19, first-year vet student at Bristol Uni, veggie, Clifton.", "en")
    assert not {f for f in facts if f[1] in ("job_title", "employer")}
    facts = _facts("22, final-year medic at UCL, vegan.", "en")
    assert ("speaker", "university", "UCL") in facts
    assert not {f for f in facts if f[1] in ("job_title", "employer")}


def test_a_list_after_a_clause_about_someone_else_is_not_the_speakers() -> None:
    text = "For the toast: the bride is my friend Chloe, a vet in Reading; her dad is a pilot, and I'm at Barclays."
    facts = _facts(text, "en")
    assert not {f for f in facts if f[0] == "speaker" and f[1] in ("job_title", "city")}
