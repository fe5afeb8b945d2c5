"""Facts said as the background of a question or as a forum self-introduction (issue 10).

The sentences are new wordings, not rows of the evaluation sets."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.nlp import normalize_en, split_question_tail

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


def test_a_trailing_question_becomes_its_own_sentence_at_the_same_length() -> None:
    text = "we keep two ferrets at home, what bedding is safe for them?"
    out = split_question_tail(text, "en")
    assert out == "we keep two ferrets at home. what bedding is safe for them?" and len(out) == len(text)
    assert split_question_tail("Should I learn Rust, or stick with Go?", "en") == "Should I learn Rust, or stick with Go?"
    assert split_question_tail("живу в Самаре, где тут нормальный сервис?", "ru") == "живу в Самаре. где тут нормальный сервис?"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my partner Ines and I are hosting friends saturday, what cheese goes with a dry riesling?", ("speaker", "partner", "Ines")),
        ("I work at Ocado — how do I ask for a transfer without burning bridges?", ("speaker", "employer", "Ocado")),
        ("my spaniel Pickle ate a whole bar of soap 😬 is that an emergency??", ("speaker", "pet_dog", "Pickle")),
        ("живу в Самаре, где тут нормальный сервис?", ("speaker", "city", "Самара")),
    ],
)
def test_the_statement_before_a_question_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, "ru" if any("а" <= ch <= "я" for ch in text) else "en")


def test_the_question_itself_still_states_nothing() -> None:
    assert _facts("I'm on Fedora, should I switch to Arch?") == {("speaker", "operating_system", "Fedora")}
    assert _facts("what's the best editor, Helix or Zed?") == set()


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("vegetarian here, what do I order at a steakhouse", ("speaker", "diet", "vegetarian")),
        ("Tomasz here, backend developer, long time lurker", ("speaker", "job_title", "backend developer")),
        ("longtime Neovim user here", ("speaker", "editor", "Neovim")),
        ("Leeds-based physio here, happy to answer questions", ("speaker", "city", "Leeds")),
        ("Leeds-based physio here, happy to answer questions", ("speaker", "job_title", "physio")),
    ],
)
def test_a_self_introduction_with_here(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_here_after_a_pronoun_a_thing_or_a_place_is_no_self_introduction() -> None:
    assert normalize_en("anyone here tried Zed?") == "anyone here tried Zed?"
    assert normalize_en("the coffee here is awful") == "the coffee here is awful"
    assert ("speaker", "name", "Pixel 8") not in _facts("Pixel 8 here, battery is fine")


def test_a_breed_before_the_name_is_the_species() -> None:
    assert ("speaker", "pet_dog", "Nacho") in _facts("my dachshund Nacho hates the rain")
    assert not any(f[2] == "Nacho" for f in _facts("her dachshund Nacho hates the rain"))


def test_a_parse_whose_heads_form_a_cycle_reads_without_crashing() -> None:
    """A parser may hang two conjoined verbs on each other; reading such a sentence must end
    (it recursed until RecursionError, which failed the whole consolidation batch)."""
    from memlab.knowledge.extract.clauses import read
    from memlab.knowledge.extract.nlp import Sent, Tok

    text = "cooking and cleaning"
    toks = [
        Tok(0, "cooking", "cook", "VERB", "conj", 2, tag="VBG"),
        Tok(1, "and", "and", "CCONJ", "cc", 2),
        Tok(2, "cleaning", "clean", "VERB", "conj", 0, tag="VBG"),
    ]
    facts, _ = read(text, [Sent(text, "en", toks)], learned=False)
    assert facts == []


def test_one_message_the_reader_trips_over_costs_only_its_own_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page of episodes goes on past a message whose reading raises: the other messages of
    the page still become facts (before, the error failed the page's whole consolidation)."""
    from memlab.knowledge.extract import clauses
    from memlab.knowledge.extract.consolidator import NLPConsolidator
    from memlab.types import ConsolidationContext, EpisodeRef

    real = clauses.read_with_readers

    def flaky(text: str, sents: list) -> object:  # type: ignore[type-arg]
        if "cursed" in text:
            raise RecursionError("maximum recursion depth exceeded")
        return real(text, sents)

    monkeypatch.setattr(clauses, "read_with_readers", flaky)
    episodes = [
        EpisodeRef(1, "this cursed sentence breaks the parser", 0.0, "user", "s1"),
        EpisodeRef(2, "I live in Bergen", 1.0, "user", "s1"),
    ]
    plan = NLPConsolidator().consolidate(episodes, ConsolidationContext("s1"))
    assert [f.value for f in plan.facts if (f.key or "").endswith("|city")] == ["Bergen"]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm married to Tobias, he does the cooking", ("speaker", "spouse", "Tobias")),
        ("married to a quiet guy named Arjun, we met at uni", ("speaker", "spouse", "Arjun")),
        ("working under Margit on the billing rewrite this quarter", ("speaker", "manager", "Margit")),
        ("Ines (girlfriend) has taken over the spare room", ("speaker", "partner", "Ines")),
        ("Milo (the husband) insists on a dog", ("speaker", "spouse", "Milo")),
        ("my nan lives in Whitby and still drives", ("speaker's grandmother", "city", "Whitby")),
        ("my sister-in-law lives in Galway", ("speaker's sister-in-law", "city", "Galway")),
        ("my uncle's been at Siemens for twenty years", ("speaker's uncle", "employer", "Siemens")),
        ("Ulla's on a Mac and hates it", ("Ulla", "operating_system", "macOS")),
        ("my aunt is a headteacher in Derby", ("speaker's aunt", "job_title", "headteacher")),
    ],
)
def test_spouses_managers_and_kin_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["I was married to Tobias for ten years", "getting married to Tobias in June!", "I'd love a mac and cheese"],
)
def test_no_spouse_or_system_from_a_past_a_plan_or_a_dish(text: str) -> None:
    assert not any(f[1] in ("spouse", "operating_system") for f in _facts(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("took up the violin last winter and the neighbours are being very patient", ("speaker", "instrument", "violin")),
        ("my cousin Lars plays keys and I'm on bass", ("speaker", "instrument", "bass")),
        ("drummer in a wedding band on weekends, accountant during the week", ("speaker", "instrument", "drums")),
        ("native Polish speaker here, still mixing up articles", ("speaker", "native_language", "Polish")),
        ("my flatmate teaches in Bristol and marks essays every night", ("speaker's flatmate", "city", "Bristol")),
        ("Rosa (my wife) works at Ikea these days", ("Rosa", "employer", "Ikea")),
        ("Rosa (my wife) works at Ikea these days", ("speaker", "spouse", "Rosa")),
    ],
)
def test_pastimes_languages_and_work_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "if I had more time I'd take up the violin",
        "I used to teach in Bristol",
        "I picked up the kids from school",
        "my old teacher was a drummer",
    ],
)
def test_nothing_taken_up_or_taught_from_a_wish_the_past_or_an_errand(text: str) -> None:
    assert not any(f[1] in ("instrument", "sport", "job_title", "city") and f[0] == "speaker" for f in _facts(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("spent all weekend painting the hallway of our new flat in Lyon", ("speaker", "city", "Lyon")),
        ("my work laptop runs Ubuntu and the VPN client hates it", ("speaker", "operating_system", "Ubuntu")),
    ],
)
def test_home_and_machine_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_a_home_looked_at_or_someone_elses_gives_no_city() -> None:
    assert not any(f[1] == "city" for f in _facts("we viewed a flat in Lyon yesterday, tiny kitchen"))
    assert not any(f[1] == "city" and f[0] == "speaker" for f in _facts("my parents' house in Lyon has a pool"))


def test_what_someone_does_for_work_asks_for_the_job() -> None:
    from memlab.retrieval.focus import attributes_asked

    assert "job_title" in attributes_asked("What does my wife do for work these days?")
    assert attributes_asked("What does my husband do for a living?") == ("job_title", "spouse")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("на прошлой неделе стукнуло 41, торт был огромный", ("speaker", "age", "41")),
        ("дедушке в субботу исполнилось 88", ("speaker's grandfather", "age", "88")),
        ("тётя в свои 60 ходит в горы", ("speaker's aunt", "age", "60")),
        ("жена у меня стоматолог, так что сладкое под запретом", ("speaker's wife", "job_title", "стоматолог")),
        ("тёща живёт в Самаре и звонит каждый вечер", ("speaker's mother-in-law", "city", "Самара")),
        ("пиликаю на скрипке по вечерам", ("speaker", "instrument", "скрипка")),
    ],
)
def test_russian_ages_kin_and_instruments_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, "ru")


def test_a_russian_age_to_come_or_someone_elses_is_not_the_speakers() -> None:
    assert _facts("в марте мне исполнится 40", "ru") == set()
    assert not any(f[1] == "age" for f in _facts("его дедушке исполнилось 88", "ru"))


def test_the_russian_rewrite_keeps_the_length() -> None:
    from memlab.knowledge.extract.nlp import normalize_ru

    for text in ("муж у меня хирург", "а сестра у меня в Казани", "машина у меня старая"):
        assert len(normalize_ru(text)) == len(text)
    assert normalize_ru("машина у меня старая") == "машина у меня старая"


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("третий месяц в Сбере и всё ещё путаюсь в пропусках", "ru", ("speaker", "employer", "Сбер")),
        ("second week at Miro and my calendar is already full", "en", ("speaker", "employer", "Miro")),
        ("two months into Wolt and I finally know where the coffee is", "en", ("speaker", "employer", "Wolt")),
    ],
)
def test_time_counted_at_a_company_is_working_there(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, lang)


def test_time_counted_in_a_city_or_a_language_is_no_employer() -> None:
    assert not any(f[1] == "employer" for f in _facts("two weeks into Lisbon and I love the light"))
    assert not any(f[1] == "employer" for f in _facts("3 months into Korean and hangul finally clicks"))


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("sold the bike, I'm all in on climbing now", "en", ("speaker", "sport", "climbing")),
        ("dropped the guitar lessons, it's all piano now", "en", ("speaker", "instrument", "piano")),
        ("everything runs on CockroachDB now, the migration took a month", "en", ("speaker", "database", "CockroachDB")),
        ("начальник пересадил нас на Kotlin, переписываем сервисы", "ru", ("speaker", "programming_language", "Kotlin")),
        ("бег забросил, теперь плавание по утрам", "ru", ("speaker", "sport", "плавание")),
    ],
)
def test_what_the_speaker_does_now_said_without_a_verb_of_doing(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, lang)


def test_a_familiar_russian_diminutive_updates_the_person_memory_knows(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """"Светка" is the Света memory already keys: her move supersedes Света's city."""
    from memlab import Memory, MemoryConfig, SimulatedClock
    from memlab.embed.hashing import HashingEmbedder

    clock = SimulatedClock(1_714_550_400.0)
    with Memory.open(tmp_path / "m.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("моя сестра Света живёт в Туле", session_id="d0")
        clock.advance(12 * 86400.0)
        m.ingest("Светка переехала в Казань, снимает там квартиру", session_id="d12")
        clock.advance(86400.0)
        m.maintain()
        facts = m.context("Где сейчас живёт моя сестра?").split("\n\n")[0]
        assert "Казань" in facts and "Тула" not in facts, facts


def test_a_self_introduction_list_after_an_age() -> None:
    got = _facts("some context: 44, school librarian, Dundee. how do I get teens reading again")
    assert {("speaker", "age", "44"), ("speaker", "job_title", "school librarian")} <= got
    assert ("speaker", "city", "Glasgow") in _facts("I'm 44, school librarian, Glasgow")  # not when the NER calls it an ORG (Leeds, Dundee)
    assert _facts("context: the build server runs Debian") == set()


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my team lead Oskar reviews everything in Vim", ("speaker", "manager", "Oskar")),
        ("got bumped up to tech lead in march", ("speaker", "job_title", "tech lead")),
        ("I'm a team lead at Klarna", ("speaker", "job_title", "team lead")),
    ],
)
def test_team_lead_is_a_noun(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I go climbing twice a week with my flatmate", ("speaker", "sport", "climbing")),
        ("my Emacs setup is 20 years old and I refuse to touch it", ("speaker", "editor", "Emacs")),
        ("ive been in Zed all week and honestly it's fast", ("speaker", "editor", "Zed")),
    ],
)
def test_a_sport_gone_to_and_a_tool_lived_in(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_someone_elses_setup_or_a_wish_to_go_is_not_the_speakers() -> None:
    assert not any(f[0] == "speaker" for f in _facts("my brother's Emacs setup is insane"))
    assert _facts("I'd go climbing if my knee let me") == set()


@pytest.mark.parametrize(
    "text",
    [
        "got a text saying 'your Volvo XC40 is ready for collection' and I don't even drive",
        "I'm 51 and only now learning to ski, send help",
    ],
)
def test_a_car_in_a_quote_or_a_sport_being_learnt_is_no_fact(text: str) -> None:
    assert not any(f[1] in ("car", "sport") for f in _facts(text))


def test_a_farewell_names_the_old_value() -> None:
    assert _facts("switched to a Fairphone 5, bye bye iphone") == {("speaker", "phone", "Fairphone 5")}


@pytest.mark.parametrize(
    "text",
    [
        "Looky here, I brought snacks for everyone!",
        "Patience and long evenings got me here, worth it",
        "My sister, Rex and I went hiking.",
        "Dogs teach us a lot about patience",
    ],
)
def test_no_name_relative_or_job_from_chat_filler(text: str) -> None:
    got = _facts(text)
    assert not any(f[1] in ("name", "job_title") for f in got), got
    from memlab.knowledge.extract.kin import named_relatives
    from memlab.knowledge.extract.nlp import parse

    assert named_relatives(parse(text, "en")) == []


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("жена работает в Тинькофф, а я в Авито", ("speaker", "employer", "Авито")),
        ("брат живёт в Омске, а я в Томске", ("speaker", "city", "Томск")),
    ],
)
def test_a_russian_gapped_i_after_someone_elses_fact(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, "ru")


def test_owned_counted_pets_named_in_apposition() -> None:
    got = _facts("our two dogs, Pepper and Rolo, have eaten the sofa")
    assert {("speaker", "pet_dog", "Pepper"), ("speaker", "pet_dog", "Rolo")} <= got
    assert not any(f[1].startswith("pet") for f in _facts("her two dogs, Pepper and Rolo, are loud"))


def test_a_russian_system_said_with_the_speakers_place() -> None:
    assert ("speaker", "operating_system", "Ubuntu") in _facts("на работе убунта, дома мак", "ru")
    assert _facts("у сестры дома винда", "ru") == set()


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("finally moved to lisbon, the light is unreal", "Lisbon"),
        ("nurse in manchester here, any tips for night shifts", "Manchester"),
        ("we just moved to new york and everything costs double", "New York"),
    ],
)
def test_a_lower_case_city_after_a_preposition(text: str, city: str) -> None:
    assert ("speaker", "city", city) in _facts(text)


def test_lower_case_everyday_words_are_no_city() -> None:
    assert not any(f[1] == "city" for f in _facts("I'm in reading mode tonight"))
    assert not any(f[1] == "city" for f in _facts("that was nice of you"))
