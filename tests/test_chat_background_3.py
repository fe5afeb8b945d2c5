"""Facts said in passing in chat, third round (issue 10): tenure, pay, hyphenated names, and an
update that a short word must not set off. The sentences are new wordings, not evaluation rows."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import extract

    return {(e.subject, e.attribute, e.value) for e in extract(text, lang)}


def _updates(text: str, attribute: str, old: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return {(e.subject, e.attribute, e.value) for e in updates(parse(text, lang), {"speaker": [(attribute, old)]}, text)}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Ten years at Rolls-Royce this month.", ("speaker", "employer", "Rolls-Royce")),
        ("5 years at Shopify today!", ("speaker", "employer", "Shopify")),
        ("My first payslip from Tesco arrived, and the numbers look a lot better.", ("speaker", "employer", "Tesco")),
        ("two weeks into GitLab and everything is an issue here, even lunch plans", ("speaker", "employer", "GitLab")),
        ("I work at Hewlett-Packard now", ("speaker", "employer", "Hewlett-Packard")),
    ],
)
def test_time_served_pay_and_hyphenated_names_give_the_employer(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I spent ten years at IBM.",  # the past
        "Ten years at Rolls-Royce? No way.",
        "Two years at Exeter University!",  # a school
        "My last payslip from Unilever was a mess.",  # the old employer
        "My sister's first payslip from Tesco arrived.",
        "Will my first payslip from Tesco arrive on Friday?",
        "two weeks into GitLab? I'd never survive",
    ],
)
def test_past_school_anothers_or_asked_tenure_gives_no_employer(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] == "employer"}


def test_a_short_word_is_no_part_of_the_old_value() -> None:
    # "a" after "from" once read as giving up "Aberdeen": the offer's city became the speaker's
    assert not _updates("I got an offer from a firm in London and turned it down.", "city", "Aberdeen")
    assert not _updates("I heard from a friend in Lisbon today.", "city", "Aberdeen")
    assert ("speaker", "city", "London") in _updates("I moved from Aberdeen to London.", "city", "Aberdeen")


def test_a_kind_of_plans_is_no_intention() -> None:
    assert ("speaker", "city", "Leeds") in _facts("I live in Leeds, weekend plans are all football")
    assert not {f for f in _facts("I plan to move to Leeds") if f[1] == "city"}
