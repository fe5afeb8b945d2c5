"""Attributes the lexicon has no reader for, as a user meets them: a commute typed by the pattern
table, a predicate no table knows kept under its own open key, both stored, superseded by a later
session's new value for the same (subject, key) after the nightly maintenance, and shown by
context(); and look-alikes (questions, conditions, the past, negations, chit-chat) that give no
fact. The sentences are new wordings, not rows of the evaluation sets."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

DAY = 86400.0


def _triples(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text)


@pytest.mark.parametrize(
    ("old", "new", "days", "question", "current", "stale"),
    [
        ("Someone stole my bike, so I take the tram to work now.", "Got a new bike, so I cycle to work again.", 20,
         "How do I get to work?", "commute is bike", "tram"),
        # no reader knows "volunteer at": the predicate is the key, and a new place replaces the old
        ("I volunteer at the Hillside food bank on Saturdays.", "These days I volunteer at the Riverside animal shelter.",
         30, "Where do I volunteer?", "Riverside", "Hillside"),
        ("Машину продал, теперь езжу на работу на электричке.", "Переехали ближе, на работу хожу пешком.", 15,
         "Как я добираюсь на работу?", "пешком", "электричка"),
    ],
    ids=["commute", "open-key", "ru-commute"],
)
def test_a_new_value_replaces_the_old_one(  # type: ignore[no-untyped-def]
    live_mem, clock, facts_of, old: str, new: str, days: int, question: str, current: str, stale: str
) -> None:
    live_mem.ingest(old, session_id="day-1")
    clock.advance(days * DAY)
    live_mem.ingest(new, session_id=f"day-{days + 1}")
    clock.advance(DAY)
    live_mem.maintain()
    facts = facts_of(live_mem.context(question))
    assert current in facts
    assert stale not in facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Someone stole my bike, so I take the tram to work now.", ("speaker", "commute", "tram")),
        ("My brother commutes by train from Reading.", ("speaker's brother", "commute", "train")),
        ("Я хожу в зал три раза в неделю.", ("speaker", "gym_frequency", "три раза в неделю")),
        ("We named the cat Miso.", ("speaker", "pet_cat", "Miso")),
        ("I grow chillies on the balcony.", ("speaker", "grow", "chillies")),  # an open key
        ("Болею за «Зенит» с детства.", ("speaker", "football_team", "Зенит")),  # typed by the table
    ],
)
def test_a_plain_present_statement_gives_its_fact(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _triples(text)


@pytest.mark.parametrize(
    "text",
    [
        "Should I take the tram to work?",  # a question
        "If I lived closer I'd walk to work.",  # a condition
        "I took the tram to work yesterday because of the rain.",  # one past occasion
        "I don't take the bus to work any more.",  # negated
        "I take a break at noon.",  # chit-chat: a light verb
        "I'm taking the bus to work today, the car's in the garage.",  # one day, not a habit
        "My friend said she grows chillies.",  # reported, and nobody named
        "Может, буду ездить на работу на самокате.",  # a maybe and a future
        "Should I grow chillies on the balcony?",
        "I read a book on the train.",  # a generic object
    ],
)
def test_look_alikes_give_no_fact(text: str) -> None:
    assert not _triples(text), _triples(text)
