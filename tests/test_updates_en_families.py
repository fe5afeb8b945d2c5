"""English knowledge updates without a CHANGE_CUES word (memlab issue 10): the old value said to be
over ("keto's done", "RIP Goldie"), a return ("back to"), a phrasal change ("took up", "ended
up with"), a drink named as a usual order, and the first statements such updates need. Sentences
written for these tests; each family sits beside messages that must give nothing."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _new_values(attribute: str, old: str, text: str) -> list[str]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return [f.value for f in updates(parse(text, "en"), {"speaker": [(attribute, old)]}, text)]


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import extract

    return {(f.subject, f.attribute, f.value) for f in extract(text, "en")}


@pytest.mark.parametrize(
    ("attribute", "old", "text", "expected"),
    [
        # the old value is over
        ("diet", "paleo", "paleo is done for me. strictly vegetarian since the 3rd", ["vegetarian"]),
        ("diet", "paleo", "paleo's over, I'm keto", ["keto"]),
        ("diet", "paleo", "paleo was over the top for my brother, he went keto", []),
        # a return, a phrasal change
        ("diet", "keto", "bread won. back to vegan", ["vegan"]),
        ("diet", "keto", "my sister went back to vegan", []),
        ("sport", "tennis", "my elbow is wrecked so I've taken up fencing", ["fencing"]),
        ("sport", "tennis", "thinking I might take up fencing", []),
        # a predicative diet adjective is no modifier
        ("diet", "vegan", "eating eggs again, so vegetarian I suppose", ["vegetarian"]),
        ("diet", "vegan", "found a vegetarian place again", []),
        # "a Go shop": the place one works uses it
        ("programming_language", "Java", "we've been a Go shop since march", ["Go"]),
    ],
)
def test_english_change_cues(attribute: str, old: str, text: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text) == expected


@pytest.mark.parametrize(
    ("old", "text", "expected"),
    [
        ("flat white", "gave up milk, so it's a black americano these days", ["black americano"]),
        ("flat white", "hooked on chai lattes these days", ["chai latte"]),
        ("flat white", "my boss said to try cortados but nah", []),
        ("flat white", "these days I mostly read on the train", []),
    ],
)
def test_drink_names_a_usual_order(old: str, text: str, expected: list[str]) -> None:
    assert _new_values("usual_order", old, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my doctor put me on a paleo diet", {("speaker", "diet", "paleo")}),
        ("I put my dad on a low-carb diet", set()),
        ("doing paleo, week three", {("speaker", "diet", "paleo")}),
        ("I play squash most weekends", {("speaker", "sport", "squash")}),
        ("we ended up with a puppy, Pepper", {("speaker", "pet_dog", "Pepper")}),
        ("we've got a puppy now, Biscuit.", {("speaker", "pet_dog", "Biscuit")}),
        ("we ended up with a flat in town", set()),
        ("I'm a violin person now", {("speaker", "instrument", "violin")}),
        ("I'm a dog person", set()),
    ],
)
def test_first_statements(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_sold_instrument_in_a_loose_clause_ends_it() -> None:
    from memlab.knowledge.extract.clauses import ended
    from memlab.knowledge.extract.nlp import parse

    text = "I'm a drums person now, sold the guitar last year"
    assert [(f.attribute, f.value) for f in ended(text, parse(text, "en"))] == [("instrument", "guitar")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ok Neovim has won me over, bye emacs", ["Neovim"]),
        ("Zed has won me over", ["Zed"]),
        ("my coworker says Zed would win me over", []),
    ],
)
def test_won_over(text: str, expected: list[str]) -> None:
    assert _new_values("editor", "Emacs", text) == expected


@pytest.mark.parametrize(
    ("attribute", "old", "text", "expected"),
    [
        # a word of a longer value is no mention of it ("extra comfort" is not "comfort meal")
        ("favorite_recipe", "comfort meal", "I got some new cushions for the cats, extra comfort now that winter is here", []),
        ("favorite_recipe", "comfort meal", "picked up fresh towels for the guest room, more comfort now the in-laws visit", []),
        ("favorite_food", "Chicken Pot Pie", "the new chicken coop is up now, the hens love it", []),
        # the head of the old value is: the change is read
        ("favorite_food", "Chicken Pot Pie", "enough pot pie for a lifetime, these days my favourite food is ramen", ["ramen"]),
        ("favorite_recipe", "comfort meal", "this stew is easy and it's my favorite winter meal now", ["stew"]),
        # the noun after "favourite" is the kind of favourite, not its value
        ("favorite_food", "Chicken Pot Pie", "it's a quick one to cook and now it's my favorite weeknight dinner", []),
    ],
)
def test_old_value_named_by_its_head(attribute: str, old: str, text: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a team the speaker is in: on / in it, joined, "our"
        ("I'm on the data team now", ["data"]),
        ("I joined the payments team this month", ["payments"]),
        ("our growth team is all I think about these days", ["growth"]),
        # an opponent, a team in a photo, a team described: not the speaker's team
        ("Been having some wild games lately, we played a top team and it was tough", []),
        ("we won't quit now [shares a photo of a soccer team posing with a trophy]", []),
        # "new" is no team's name
        ("my new team is great, it's the search team now", []),
    ],
)
def test_team_the_speaker_is_in(text: str, expected: list[str]) -> None:
    assert _new_values("team", "Minnesota Wolves", text) == expected


def test_russian_team_after_new() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    text = "я теперь в новой команде поиска"
    assert [f.value for f in updates(parse(text, "ru"), {"speaker": [("team", "платежи")]}, text)] == ["поиск"]
