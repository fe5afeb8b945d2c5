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


def test_a_new_commute_replaces_the_old_one(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    live_mem.ingest("Someone stole my bike, so I take the tram to work now.", session_id="day-1")
    clock.advance(20 * DAY)
    live_mem.ingest("Got a new bike, so I cycle to work again.", session_id="day-21")
    clock.advance(DAY)
    live_mem.maintain()
    facts = facts_of(live_mem.context("How do I get to work?"))
    assert "commute is bike" in facts
    assert "tram" not in facts


def test_an_open_key_is_stored_superseded_and_shown(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    """No reader knows "volunteer at": the predicate is the key, and a new place replaces the old."""
    live_mem.ingest("I volunteer at the Hillside food bank on Saturdays.", session_id="day-1")
    clock.advance(30 * DAY)
    live_mem.ingest("These days I volunteer at the Riverside animal shelter.", session_id="day-31")
    clock.advance(DAY)
    live_mem.maintain()
    facts = facts_of(live_mem.context("Where do I volunteer?"))
    assert "Riverside" in facts
    assert "Hillside" not in facts


def test_a_russian_commute_replaces_the_old_one(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    live_mem.ingest("Машину продал, теперь езжу на работу на электричке.", session_id="day-1")
    clock.advance(15 * DAY)
    live_mem.ingest("Переехали ближе, на работу хожу пешком.", session_id="day-16")
    clock.advance(DAY)
    live_mem.maintain()
    facts = facts_of(live_mem.context("Как я добираюсь на работу?"))
    assert "пешком" in facts
    assert "электричка" not in facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Someone stole my bike, so I take the tram to work now.", ("speaker", "commute", "tram")),
        ("My brother commutes by train from Reading.", ("speaker's brother", "commute", "train")),
        ("Я хожу в зал три раза в неделю.", ("speaker", "gym_frequency", "три раза в неделю")),
        ("We named the cat Miso.", ("speaker", "pet_cat", "Miso")),
        ("I grow chillies on the balcony.", ("speaker", "grow", "chillies")),  # an open key
        ("Болею за «Зенит» с детства.", ("speaker", "болеть_за", "Зенит")),
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
