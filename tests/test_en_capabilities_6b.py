"""English extraction capabilities, round 6b: a fact said once of people joined as one subject is
each one's (with "both", a verb of sharing, people joined without the speaker, and the parse that
reads "my brother work" as one noun). Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, "en")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "both" with two people and no speaker
        ("Anna and Ben both started at Unilever last week.", {("Anna", "employer", "Unilever"), ("Ben", "employer", "Unilever")}),
        ("My aunt and my uncle both live in Derby.", {("speaker's aunt", "city", "Derby"), ("speaker's uncle", "city", "Derby")}),
        # sharing a home says "both" by itself
        ("Anna and I share a house in Derby.", {("Anna", "city", "Derby"), ("speaker", "city", "Derby")}),
        ("I share a flat in Derby with two students.", {("speaker", "city", "Derby")}),
        # the tagger's "cousin work" is a subject and its verb
        (
            "Both me and my cousin work at Unilever, so lunch is easy.",
            {("speaker", "employer", "Unilever"), ("speaker's cousin", "employer", "Unilever")},
        ),
        # nothing to share: no fact
        ("Anna and I share a car.", set()),
        ("Both me and my cousin love our work.", set()),
        ("Anna and Ben both love Derby.", set()),
    ],
)
def test_a_fact_of_a_joint_subject_is_each_ones(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the office one works in names one's town
        ("I work for Unilever, Leeds office, mostly tax.", {("speaker", "employer", "Unilever"), ("speaker", "city", "Leeds")}),
        ("Backend dev, Amsterdam office.", {("speaker", "city", "Amsterdam")}),
        ("I'm stuck in an office in Aberdeen.", {("speaker", "city", "Aberdeen")}),
        # someone else's office, a past or imagined one, or nobody's: no town
        ("My sister is stuck in an office in Aberdeen.", set()),
        ("For years I worked in Unilever's Madrid office.", set()),
        ("If they opened an office in Leamington I'd move there.", set()),
        ("Priya runs our Leeds office.", set()),
        ("The Leeds office is closing.", set()),
    ],
)
def test_the_office_one_works_in_names_the_town(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an abbreviation's stop ends nothing
        ("I like tea, coffee etc. and I live in Derby.", {("speaker", "city", "Derby")}),
    ],
)
def test_a_sentence_written_on_in_lower_case(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_a_profile_followed_by_a_lower_case_sentence_keeps_its_town() -> None:
    facts = _facts("Tomasz, data analyst, Leeds. keep it short please")
    assert {("speaker", "city", "Leeds"), ("speaker", "job_title", "data analyst")} <= facts
    assert _facts("Tomasz, data analyst, Leeds. Keep it short please") == facts
