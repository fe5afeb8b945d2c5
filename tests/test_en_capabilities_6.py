"""English extraction capabilities, round 6: a name the small model tags a common word after a
preposition, a relative's or pet's "'s" that is "is" or "has", a participial clause after a
present copula, languages one speaks (and a verb said once for two objects). Sentences written
for these tests."""

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
        # a capitalised word after a preposition the tagger read as an adverb or a verb is a name
        ("I work at Nationwide, in the savings team.", {("speaker", "employer", "Nationwide"), ("speaker", "team", "savings")}),
        ("We moved to Worthing last spring and love it.", {("speaker", "city", "Worthing")}),
        # an everyday noun, capitalised, keeps its tag: a field is no employer
        ("I work in Finance these days.", set()),
        # the name of a town and its region stays the town
        ("I live in London, Ontario, not the other one.", {("speaker", "city", "London")}),
    ],
)
def test_a_name_the_tagger_read_as_a_common_word(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "'s" before a participle of naming is "is"
        ("Our hamster's called Biscuit.", {("speaker", "pet_hamster", "Biscuit")}),
        ("My cat's named Pickle, she's a menace.", {("speaker", "pet_cat", "Pickle")}),
        # "the" pet opening its clause is the household's own; one with more words is someone else's
        ("The rabbit's called Clover and he bites.", {("speaker", "pet_rabbit", "Clover")}),
        ("The dog next door is called Rex.", set()),
        # before another participle it is "has"
        ("My sister's moved to Glasgow.", {("speaker's sister", "city", "Glasgow")}),
        # before an article or a number it is "is"
        ("My brother's a plumber.", {("speaker's brother", "job_title", "plumber")}),
        # a possessive it stays: the phrase is the subject of a later verb, or an object
        ("My dad's fried rice is the best.", set()),
        ("My mum's old car broke down again.", set()),
        ("I went to my brother's wedding in June.", set()),
    ],
)
def test_a_relatives_or_pets_s_that_is_a_verb(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_a_whole_word_after_s_decides_is() -> None:
    from memlab.knowledge.extract.nlp import normalize_en

    # "'s a", "'s in" are "is"; "'s apartment", "'s office" are possessives
    assert normalize_en("my brother's apartment is in Hull") == "my brother's apartment is in Hull"
    assert normalize_en("my mum's office moved") == "my mom's office moved"
    assert normalize_en("my brother's in Hull") == "my brother is in Hull"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the participle's arguments are the present copula's subject's
        ("I'm Welsh, living in Bristol, and I miss the hills.",
         {("speaker", "nationality", "Welsh"), ("speaker", "city", "Bristol")}),
        ("I'm 41, living in Derby with two cats.", {("speaker", "age", "41"), ("speaker", "city", "Derby")}),
        ("My cousin's a chef, living in Lyon.",
         {("speaker's cousin", "job_title", "chef"), ("speaker's cousin", "city", "Lyon")}),
        # a past copula: the clause is as past as it
        ("I was a teacher, living in Derby.", set()),
    ],
)
def test_a_participial_clause_after_a_copula(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I speak Urdu at home and English at work.",
         {("speaker", "spoken_language", "Urdu"), ("speaker", "spoken_language", "English")}),
        ("My grandma speaks Welsh and Spanish.",
         {("speaker's grandmother", "spoken_language", "Welsh"), ("speaker's grandmother", "spoken_language", "Spanish")}),
        ("I don't speak French at all.", set()),
        ("Do you speak Italian?", set()),
        ("I'd like to speak Korean one day.", set()),
    ],
)
def test_languages_one_speaks(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the speaker's relative one lives with lives there too
        ("I live in Leeds with my brother and two cats.",
         {("speaker", "city", "Leeds"), ("speaker's brother", "city", "Leeds")}),
        # a stay at a relative's: the relative's home, not the one staying
        ("My son stays with my dad in Galway every August.", {("speaker's father", "city", "Galway")}),
        # the place the parse hung on the companion is the subject's new home; a relative's partner gets none
        ("My cousin has moved in with her girlfriend in Margate.", {("speaker's cousin", "city", "Margate")}),
        # a past or a plan states no home
        ("I used to live with my brother in Leeds.", set()),
        ("I might move in with my sister in Leeds.", set()),
    ],
)
def test_living_with_a_relative(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare kin word of chat is the speaker's own relative
        ("Gran lives in Whitby and still swims in the sea.",
         {("speaker's grandmother", "city", "Whitby"), ("speaker's grandmother", "sport", "swimming")}),
        ("Mam works at Greggs now.", {("speaker's mother", "employer", "Greggs")}),
        ("I visited Gran in Whitby.", set()),
        # a tortoise is its own species, not a turtle
        ("Our tortoise is called Shelly.", {("speaker", "pet_tortoise", "Shelly")}),
    ],
)
def test_kin_words_and_species(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a shop or a hospital named by a possessive keeps its "'s", even before "now" or "in"
        ("I work at Sainsbury's now.", {("speaker", "employer", "Sainsbury's")}),
        ("She's a porter at St Luke's.", set()),
        # "I" joined to a name in apposition is the noun's conjunct: both work there
        ("My boyfriend Sami and I both work at McDonald's.",
         {("speaker", "partner", "Sami"), ("speaker", "employer", "McDonald's"), ("Sami", "employer", "McDonald's")}),
        # "Anna's in Hamburg" is still "is"
        ("Anna's in Hamburg these days.", {("Anna", "city", "Hamburg")}),
    ],
)
def test_possessive_names_and_me_beside_a_name(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # where one works as something is where one works
        ("My uncle Dev works as a plumber in Leicester.",
         {("Dev", "job_title", "plumber"), ("Dev", "city", "Leicester")}),
        ("I worked as a plumber in Leicester for years.", set()),
    ],
)
def test_where_one_works_as(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # British "in the X team", like "on the X team": the team, and the firm it is at
        ("I'm in the claims team at Aviva and it's quiet today.",
         {("speaker", "team", "claims"), ("speaker", "employer", "Aviva")}),
        ("I work at Barclays, in the fraud team.", {("speaker", "employer", "Barclays"), ("speaker", "team", "fraud")}),
        # a team that is no name
        ("I work in a small team.", set()),
        ("I'm in the new team now.", set()),
    ],
)
def test_in_the_team(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # where one ended up working holds now, as "ended up in Tbilisi" does for a town
        ("My cousin Priya and I both ended up at Deloitte.",
         {("Priya", "employer", "Deloitte"), ("speaker", "employer", "Deloitte")}),
        ("We ended up at a party in Leeds.", set()),
        ("I might end up at Google.", set()),
    ],
)
def test_ended_up_at_a_firm(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a thing of the speaker's working day "at" a firm names the employer
        ("The weekly standup at Revolut drags on and I zone out every time.", {("speaker", "employer", "Revolut")}),
        ("ugh, payroll at Deloitte has lost my expenses claim twice now.", {("speaker", "employer", "Deloitte")}),
        # no first person: whose standup?
        ("The weekly standup at Revolut drags on forever.", set()),
        # someone else's, a town, a question
        ("My sister says the standup at Revolut drags on and she zones out.", set()),
        ("I loved the office at Leeds.", set()),
        ("Is the standup at Revolut long? I might apply.", set()),
    ],
)
def test_a_thing_of_the_working_day_at_a_firm(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a verbless "so nothing ..." after the statement negates nothing of it
        ("I cycle to work most days, so nothing after six, please.", {("speaker", "commute", "bike")}),
        ("I swim before work, so nothing before nine.", {("speaker", "sport", "swimming")}),
        # a negation of the statement itself still counts
        ("I don't swim, so nothing by the pool.", set()),
    ],
)
def test_a_loose_fragment_negates_nothing(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected
