"""Jobs said outside "I am a ...": a name with its title in apposition ("Orla, our ward sister,
...", «Наш бухгалтер Лариса ...») and the trade a vehicle one drives names ("drives buses",
«вожу автобус», with natasha's past-tagged "вожу" repaired). Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _jobs(text: str, lang: str) -> set[tuple[str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return {(s, v) for s, a, v in triples(text, lang) if a == "job_title"}


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("My colleague Dan, our data engineer, lives in Leeds.", "en", {("Dan", "data engineer")}),
        ("Our accountant Priya is off today.", "en", {("Priya", "accountant")}),
        ("Our CTO, Raj, writes Zig.", "en", {("Raj", "CTO")}),
        ("Лариса, наш бухгалтер, уходит в декрет.", "ru", {("Лариса", "бухгалтер")}),
        ("Наш бухгалтер Лариса уходит в декрет.", "ru", {("Лариса", "бухгалтер")}),
        ("My cousin Tomasz drives buses in Coventry these days.", "en", {("Tomasz", "bus driver")}),
        ("Я вожу автобус в Твери.", "ru", {("speaker", "водитель автобуса")}),
    ],
)
def test_jobs_said_in_passing(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert _jobs(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("My manager Deepa does everything in Vim.", "en"),  # a relation, not a job title
        ("Наш тимлид Саша фанат емакса.", "ru"),
        ("Тимлид наш, Вадик, фанат Rider.", "ru"),  # natasha's lemma of a capitalised relation noun
        ("Priya, my old accountant, lives in Leeds.", "en"),  # what she was
        ("Benedikt, data engineer, Stuttgart.", "en"),  # the speaker introduced, no one's aside
        ("Would our accountant Priya sign it?", "en"),
        ("I drive my car to work.", "en"),  # one's own vehicle is no trade
        ("Раньше я водил автобус.", "ru"),
        ("Вожу детей в школу.", "ru"),
    ],
)
def test_no_job_from_these(text: str, lang: str) -> None:
    assert not {(s, v) for s, v in _jobs(text, lang) if s != "speaker" or "вод" in v or "driver" in v}


def test_first_person_verb_natasha_tags_past_is_present() -> None:
    from memlab.knowledge.extract.nlp import parse

    verb = next(t for t in parse("Я вожу автобус.", "ru")[0].toks if t.lower == "вожу")
    assert (
        verb.feats.get("Tense") == "Pres" and verb.feats.get("Person") == "1" and "Gender" not in verb.feats
    )
    past = next(t for t in parse("Я водил автобус.", "ru")[0].toks if t.lower == "водил")
    assert past.feats.get("Tense") == "Past"


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "My sister is a nurse practitioner.",
            "en",
            {("speaker's sister", "nurse practitioner")},
        ),  # occupations.txt
        ("I'm a claims handler.", "en", {("speaker", "claims handler")}),  # occupation_phrases.txt
        ("My mum's a dinner lady at the local primary.", "en", {("speaker's mother", "dinner lady")}),
        ("I'm a huge fan of Arsenal.", "en", set()),
        ("I'm a member of the gym.", "en", set()),
    ],
)
def test_occupation_gazetteer(text: str, lang: str, expected: set[tuple[str, str]]) -> None:
    assert _jobs(text, lang) == expected


def test_a_pet_may_have_a_job_word_for_a_name() -> None:
    from memlab.knowledge.extract.clauses import triples

    assert ("Gabe", "pet_cat", "Sergeant") in triples(
        "Gabe's cat is named Sergeant, the boss of that house.", "en"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Я крупье в казино.", {("speaker", "крупье")}),  # ru/occupations.txt
        (
            "Работаю мастером маникюра в салоне.",
            {("speaker", "мастер маникюра")},
        ),  # ru/occupation_phrases.txt
        ("Я фанат Спартака.", set()),
    ],
)
def test_russian_occupation_gazetteer(text: str, expected: set[tuple[str, str]]) -> None:
    assert _jobs(text, "ru") == expected


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("Deirdre called. She's my manager.", "en", ("speaker", "manager", "Deirdre")),
        (
            "Can you help me word an email to Deirdre? She's my manager.",
            "en",
            ("speaker", "manager", "Deirdre"),
        ),
        ("Римма Анатольевна звонила. Она моя начальница.", "ru", ("speaker", "manager", "Римма Анатольевна")),
        ("Встретила Лену. Она вегетарианка.", "ru", ("Лена", "diet", "vegetarian")),
    ],
)
def test_a_pronoun_predicate_is_the_one_named_before(
    text: str, lang: str, fact: tuple[str, str, str]
) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert fact in triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("She's my manager.", "en"),
        ("Deirdre and Sam called. She's my manager.", "en"),
        ("Она моя начальница.", "ru"),
    ],
)
def test_no_one_named_before_no_relation(text: str, lang: str) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert not {f for f in triples(text, lang) if f[1] == "manager"}


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        (
            "Benedikt, data engineer, Stuttgart.",
            "en",
            {("speaker", "name", "Benedikt"), ("speaker", "job_title", "data engineer")},
        ),
        (
            "Полина, 27, UX-дизайнер из Самары. Поможешь с письмом?",
            "ru",
            {("speaker", "name", "Полина"), ("speaker", "age", "27")},
        ),
    ],
)
def test_a_message_that_opens_with_a_name_and_a_profile_introduces_the_speaker(
    text: str, lang: str, expected: set[tuple[str, str, str]]
) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert expected <= triples(text, lang)


@pytest.mark.parametrize(
    "text",
    [
        "Ben, plumber, rang about the boiler.",
        "Tuesday: physio. Wednesday: physio.",
        "Priya, 34, nurse, Leeds - my sister's new flatmate.",
    ],
)
def test_a_name_list_that_is_someone_elses_is_no_introduction(text: str) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert not {f for f in triples(text, "en") if f[0] == "speaker" and f[1] == "name"}
