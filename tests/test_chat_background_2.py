"""More facts said in passing in chat (issue 10, second round).

The sentences are new wordings, not rows of the evaluation sets."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.nlp import split_question_tail

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


def test_a_dash_or_a_joined_question_ends_the_statement() -> None:
    text = "vegetarian here, lentils bore me — dinner ideas for a week of night shifts?"
    out = split_question_tail(text, "en")
    assert len(out) == len(text) and out.count(".") == 1 and out.index(".") == text.index("—")
    joined = "I teach in Leeds, and is it normal that the kids call me by my first name?"
    assert split_question_tail(joined, "en").startswith("I teach in Leeds. and is it")
    # a sentence that opens as a question stays one
    assert split_question_tail("is it odd — moving twice in a year?", "en") == "is it odd — moving twice in a year?"


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("vegetarian here, lentils bore me — dinner ideas for a week of night shifts?", ("speaker", "diet", "vegetarian")),
        ("I live in Tallinn, and does anyone know a decent barber there?", ("speaker", "city", "Tallinn")),
    ],
)
def test_the_statement_before_a_dash_question_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["I'm not vegan, I just skip meat on mondays", "I'm hardly a vegetarian, bacon is my weakness", "I'm not keto anymore"],
)
def test_a_negation_hung_from_the_auxiliary_still_negates(text: str) -> None:
    # the parse hangs the "not" of "I'm not vegan" from "'m", not from "vegan"
    assert not {f for f in _facts(text) if f[1] == "diet"}


def test_a_relative_clause_is_about_the_noun_it_hangs_from() -> None:
    facts = _facts("My cousin Ravi, who lives in Pune, is a doctor")
    assert ("Ravi", "city", "Pune") in facts and ("Ravi", "job_title", "doctor") in facts
    assert not any(f[0].startswith("cousin") for f in facts)  # the relation is no part of the name
    assert ("speaker's brother", "employer", "Google") in _facts("my brother, who works at Google, just bought a Tesla")
    assert ("speaker's brother", "city", "Казань") in _facts("брат, который живёт в Казани, работает врачом", "ru")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("the clutch on my 2012 Ford Focus is slipping again", ("speaker", "car", "Ford Focus")),
        ("the camera on my Pixel 6 fogs up in the cold", ("speaker", "phone", "Pixel 6")),
        ("my mum's iPhone 11 keeps logging her out of email", ("speaker's mother", "phone", "iPhone 11")),
    ],
)
def test_a_phone_or_car_said_with_its_owner_is_the_owners(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text", ["I sold my Ford Focus to a neighbour", "I borrowed my sister's Ford Focus"]
)
def test_a_device_the_clause_parts_with_is_not_the_owners(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("car", "phone") and f[0] == "speaker"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Elixir is what I spend most of my week writing", ("speaker", "programming_language", "Elixir")),
        ("Helsinki is where we live these days, and the winters are long", ("speaker", "city", "Helsinki")),
        ("What I drive to work is a Kia Ceed", ("speaker", "car", "Kia Ceed")),
        ("The person I report to is a man called Anselm", ("speaker", "manager", "Anselm")),
        ("Sublime Text is what I use for everything, it just works", ("speaker", "editor", "Sublime Text")),
    ],
)
def test_a_pseudo_cleft_is_read_the_plain_way_round(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["Helsinki is not where I live", "Helsinki is where I would live if I could", "is Helsinki where you live?",
     "'Helsinki is where I live', she said"],
)
def test_a_pseudo_cleft_under_negation_condition_question_or_quote_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "city"}


def test_grew_up_speaking_is_the_native_language() -> None:
    assert ("speaker's wife", "native_language", "Welsh") in _facts("my wife grew up speaking Welsh with her gran")
    assert not _facts("I didn't grow up speaking Welsh, I learnt it at school")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm working towards a master's in linguistics at the University of York", ("speaker", "university", "University of York")),
        ("my thesis at TU Delft is on bridge corrosion", ("speaker", "university", "TU Delft")),
        ("my brother Ade is in the final year of his doctorate at Imperial College",
         ("Ade", "university", "Imperial College")),
        ("I started my PhD at Leeds in September", ("speaker", "university", "Leeds")),
    ],
)
def test_a_school_in_a_sentence_about_studying_is_the_university(text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(text)
    assert fact in facts and (fact[0], "employer", fact[2]) not in facts


@pytest.mark.parametrize(
    "text", ["I finished my PhD at Oxford in 2019", "I applied for a master's at Imperial College", "if I did a PhD at Oxford I'd starve"]
)
def test_a_degree_finished_applied_for_or_imagined_gives_no_university(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "university"}


@pytest.mark.parametrize(
    ("text", "fact", "lang"),
    [
        ("we relocated to Malmö three years ago and never looked back", ("speaker", "city", "Malmö"), "en"),
        ("переехала в Тулу пять лет назад", ("speaker", "city", "Тула"), "ru"),
        ("my aunt is employed by the Met Office", ("speaker's aunt", "employer", "Met Office"), "en"),
        ("these days I call Tromsø home", ("speaker", "city", "Tromsø"), "en"),
    ],
)
def test_changes_long_ago_passive_employers_and_calling_a_city_home(text: str, fact: tuple[str, str, str], lang: str) -> None:
    assert fact in _facts(text, lang)


@pytest.mark.parametrize(
    "text", ["I lived in Malmö three years ago", "I used to call Tromsø home", "I could never call Tromsø home",
             "I was employed by the Met Office for a decade"],
)
def test_past_states_and_modals_of_these_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("city", "employer")}


@pytest.mark.parametrize(
    "text",
    ["my Tesla Model 3 order got delayed again", "I teach master's students at UCL", "I supervise PhD students at Imperial College",
     "I moved to Lisbon two years ago but came back to Porto last year"],
)
def test_orders_teaching_and_later_moves_give_no_car_university_or_old_city(text: str) -> None:
    facts = _facts(text)
    assert not {f for f in facts if f[1] in ("car", "university")} and ("speaker", "city", "Lisbon") not in facts


def test_a_pseudo_cleft_keeps_the_preposition_of_its_clause() -> None:
    from memlab.knowledge.extract.clefts import plain

    assert plain("Rust is what I'm learning on weekends") == "I'm learning Rust on weekends."
    assert plain("honestly Rust is what I write everything in these days") == "I write everything in Rust these days."


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kotlin became my main language after the rewrite", ("speaker", "programming_language", "Kotlin")),
        ("my uncle swapped his Pixel for an iPhone 15", ("speaker's uncle", "phone", "iPhone 15")),
        ("I finally left macOS for Ubuntu", ("speaker", "operating_system", "Ubuntu")),
        ("we left Leeds for Bristol in the spring", ("speaker", "city", "Bristol")),
        ("it's pouring again here in Leeds", ("speaker", "city", "Leeds")),
    ],
)
def test_become_swaps_and_here_in_a_city(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text", ["I'd never swap my Pixel for an iPhone 15", "I'm here in Zurich for a conference", "we're here in Lisbon for the weekend",
             "I left London for a week"],
)
def test_no_swap_or_city_from_a_wish_or_a_trip(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("phone", "city")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("the light is different now that I've relocated to Truro", ("speaker", "city", "Truro")),
        ("I picked up a Pixel 8 in the sale and love it", ("speaker", "phone", "Pixel 8")),
        ("we moved the app off MySQL and onto PostgreSQL", ("speaker", "database", "PostgreSQL")),
        ("my daughter joined a fencing club this term", ("speaker's daughter", "sport", "fencing")),
        ("Life in Dundee is slow, but I like it", ("speaker", "city", "Dundee")),
        ("Mira transferred to the University of Exeter after first year", ("Mira", "university", "University of Exeter")),
    ],
)
def test_moves_purchases_migrations_clubs_and_schools_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text", ["I might join a fencing club", "Life in Dundee must be lovely, I'd love it", "I might transfer to the University of Exeter",
             "Life in Dundee was slow, but I liked it"],
)
def test_wishes_and_past_lives_give_nothing(text: str) -> None:
    assert not _facts(text)


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("I'm a paramedic with the London Ambulance Service", {("speaker", "employer", "London Ambulance Service")}),
        ("I sit on the payments team at Monzo", {("speaker", "team", "payments"), ("speaker", "employer", "Monzo")}),
        ("I'm on the search team at Zalando", {("speaker", "team", "search"), ("speaker", "employer", "Zalando")}),
    ],
)
def test_an_employer_said_with_a_job_or_a_team(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= _facts(text)
    assert not {f for f in _facts("I'm a nurse with two kids and a dog") if f[1] == "employer"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my trusty 2011 Yaris just passed its MOT again", ("speaker", "car", "Yaris")),
        ("I drive a Qashqai these days", ("speaker", "car", "Qashqai")),
        ("everyone left for Warsaw and I'm still stuck in Łódź", ("speaker", "city", "Łódź")),
    ],
)
def test_car_models_without_a_brand_and_being_stuck_in_a_city(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["I got stuck in Paris for a night because of the strike", "we were stuck in Lyon overnight",
                                  "Golf is my favourite sport"])
def test_a_night_stuck_somewhere_or_the_sport_gives_no_city_or_car(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("city", "car")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("goodbye Perl, hello Python, the scripts finally make sense", ("speaker", "programming_language", "Python")),
        ("happy Fedora user here, ask me anything", ("speaker", "operating_system", "Fedora")),
        ("I'm a long-time Emacs user", ("speaker", "editor", "Emacs")),
        ("I swear by Zed these days", ("speaker", "editor", "Zed")),
        ("week one at Canva done and dusted", ("speaker", "employer", "Canva")),
    ],
)
def test_greetings_users_and_first_weeks(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["I'm not a Vim user", "former Emacs user, tried everything since", "if I were a Fedora user I'd know"])
def test_no_tool_from_a_former_or_negated_user(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("editor", "operating_system")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Priya uses PyCharm, she says Visual Studio is bloated", ("Priya", "editor", "PyCharm")),
        ("my brother lives in Tromsø, he says the dark is fine", ("speaker's brother", "city", "Tromsø")),
        ("our app runs on PostgreSQL these days", ("speaker", "database", "PostgreSQL")),
    ],
)
def test_a_report_after_a_comma_reports_its_own_clause(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["I live in Paris, she said", "she lives in Oslo, I think", "their backend runs on MySQL"])
def test_a_reported_or_someone_elses_statement_is_not_the_speakers(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_relayed_message_or_a_hedge_stays_unread() -> None:
    assert not _facts("I'm a nurse, tell her I said hi")
    assert ("speaker", "diet", "vegetarian") in _facts("my brother Joe and I are both vegetarian, dad thinks it's a phase")
    assert split_question_tail("моя начальница — Вера, ясно?", "ru") == "моя начальница — Вера, ясно?"


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Весной я перебралась из Перми в Казань, здесь теперь и работаю.", ("speaker", "job_title", "и")),
        ("Мама водит автобус в Твери.", ("speaker's mother", "car", "Мама")),
    ],
)
def test_a_conjunction_or_a_relation_word_is_no_value(text: str, bad: tuple[str, str, str]) -> None:
    assert bad not in _facts(text, "ru")


def test_a_car_is_no_person_and_keeps_its_glued_model() -> None:
    facts = _facts("I drive a Toyota RAV4 and love it")
    assert ("speaker", "car", "Toyota RAV4") in facts
    assert not any(f[0].startswith("Toyota") for f in _facts("Наша Toyota Camry ездит со мной повсюду.", "ru"))


def test_russian_names_beside_relations_and_a_negated_joined_oblique() -> None:
    assert ("Стас", "programming_language", "Python") in _facts("Двоюродный брат Стас пишет на Python.", "ru")
    assert ("Нино", "nationality", "грузинка") in _facts("Подруга Нино — грузинка.", "ru")
    facts = _facts("Давно сижу на Fedora и на винду возвращаться не собираюсь.", "ru")
    assert ("speaker", "operating_system", "Fedora") in facts
    assert ("speaker", "operating_system", "Windows") not in facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("our rabbit's name is Clover", ("speaker", "pet_rabbit", "Clover")),
        ("my aunt's dog's name is Pepper", ("speaker's aunt", "pet_dog", "Pepper")),
        ("the kitten's name is Soot, she's tiny", ("speaker", "pet_cat", "Soot")),
        ("the new phone is a Pixel 8 and I love it", ("speaker", "phone", "Pixel 8")),
    ],
)
def test_a_pets_name_and_the_new_phone(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", ["my old dog's name was Rex", "the neighbour's cat's name is Tom", "the new car will be a Tesla"])
def test_an_old_pet_someone_elses_or_a_future_car_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_car_brand_that_is_an_everyday_word_needs_its_capital() -> None:
    assert not {f for f in _facts("Tim drives a seat to work, the bus is full") if f[1] == "car"}
    assert ("speaker", "car", "Seat Ibiza") in _facts("I drive a Seat Ibiza")


@pytest.mark.parametrize(
    ("text", "fact", "lang"),
    [
        ("I'm forty-two and still can't cook", ("speaker", "age", "42"), "en"),
        ("I turned thirty-one on Sunday", ("speaker", "age", "31"), "en"),
        ("Мне тридцать девять, и я впервые на сноуборде.", ("speaker", "age", "39"), "ru"),
    ],
)
def test_an_age_said_in_words(text: str, fact: tuple[str, str, str], lang: str) -> None:
    assert fact in _facts(text, lang)


@pytest.mark.parametrize("text", ["I'm one of the organisers", "we are two in the team", "I'm five minutes away"])
def test_a_count_in_words_is_no_age(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "age"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Last week a tiny black kitten called Soot moved in.", ("speaker", "pet_cat", "Soot")),
        ("A puppy named Biscuit joined the family in May.", ("speaker", "pet_dog", "Biscuit")),
        ("since March a rescue kitten called Pudding has been running the house", ("speaker", "pet_cat", "Pudding")),
    ],
)
def test_a_pet_that_arrives_in_the_home_is_the_speakers(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "A kitten called Soot moved in next door.",
        "My sister's puppy named Biscuit joined the family.",
        "If a kitten called Soot moved in, I'd be thrilled.",
        "A puppy named Biscuit might join the family next spring.",
        "A kitten called Soot did not move in after all.",
        "A stray cat called Tom keeps visiting the garden.",
        "Is a kitten called Soot moving in?",
    ],
)
def test_a_pet_next_door_imagined_or_someone_elses_is_not(text: str) -> None:
    assert not {f for f in _facts(text) if f[1].startswith("pet_")}


def test_a_pet_lost_and_a_new_one_in_one_message_leaves_the_new_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The end of the old pet must not take the new one of the same message with it."""
    from memlab.bench.statements import DAY, START
    from memlab.clock import SimulatedClock
    from memlab.embed.hashing import HashingEmbedder
    from memlab.memory import Memory

    clock = SimulatedClock(START)
    with Memory.open(tmp_path / "m.db", clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("Our tabby cat, Marmalade, sleeps on the radiator all day.", session_id="a")
        clock.advance(14 * DAY)
        m.ingest("We lost Marmalade in the spring, and now a kitten called Pudding has been running the house.", session_id="b")
        clock.advance(DAY)
        m.maintain()
        facts = m.context("What is my cat called?").split("\n\n")[0]
    assert "Pudding" in facts and "Marmalade" not in facts


@pytest.mark.parametrize(
    "text", ["Emacs is awful.", "Postgres is slow today.", "Atom is dead so I finally moved to VS Code.", "Java is fine but I write Kotlin."]
)
def test_what_is_said_of_a_tool_is_no_use_of_it(text: str) -> None:
    """A tool as the subject of its own clause ("Emacs is awful") is talked about, not used."""
    assert not {f for f in _facts(text) if f[2] in ("Emacs", "PostgreSQL", "Atom", "Java")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Atom is dead so I finally moved to VS Code.", ("speaker", "editor", "VS Code")),
        ("Rust is what all my stuff is in now.", ("speaker", "programming_language", "Rust")),
        ("Python is my main language and I love it.", ("speaker", "programming_language", "Python")),
        ("Galaxy S21 here, still works fine.", ("speaker", "phone", "Samsung Galaxy S21")),
    ],
)
def test_a_tool_first_still_reads_when_the_speaker_has_it(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I switched to Emacs, don't tell my team lead.", ("speaker", "editor", "Emacs")),
        ("don't laugh, but I switched to Emacs.", ("speaker", "editor", "Emacs")),
        ("ok Atom is dead so I finally moved to VS Code, don't tell anyone", ("speaker", "editor", "VS Code")),
    ],
)
def test_a_negated_request_beside_a_statement_does_not_deny_it(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text", ["I don't live in Berlin, don't worry.", "I don't live in Berlin but I work there.", "I'm vegan, she told me."]
)
def test_a_denial_or_a_report_still_holds_beside_a_request(text: str) -> None:
    assert not {f for f in _facts(text) if f[2] in ("Berlin", "vegan")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Tobias is who I report to as of this sprint.", ("speaker", "manager", "Tobias")),
        ("Who I report to now is Tobias.", ("speaker", "manager", "Tobias")),
        ("Clara is who I'm dating these days.", ("speaker", "partner", "Clara")),
    ],
)
def test_a_who_cleft_puts_the_person_back_beside_the_verb(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text", ["Tobias is who I used to report to.", "Tobias is who I would report to.", "Is Tobias who I report to?",
             "Tobias is who my sister reports to."],
)
def test_a_who_cleft_past_modal_asked_or_someone_elses_gives_no_manager(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] == "manager"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("My job title is Senior Copywriter now.", ("speaker", "job_title", "Senior Copywriter")),
        ("My email signature now reads Senior Copywriter.", ("speaker", "job_title", "Senior Copywriter")),
        ("they moved me over to automation and the badge says SDET now", ("speaker", "job_title", "SDET")),
        ("My role is product manager.", ("speaker", "job_title", "product manager")),
        ("They promoted me to staff engineer last week.", ("speaker", "job_title", "staff engineer")),
    ],
)
def test_a_job_title_read_off_a_title_badge_or_signature(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "My title is not Senior Engineer.", "My title will be Staff Engineer next year.", "Her title is Senior Copywriter.",
        "The badge says Visitor.", "My role is a mouthful.", "My dad's title is Director.",
        "If my title were Principal Engineer I'd be happier.", "They promoted Anna to staff engineer.",
        "They might promote me to staff engineer.", "The badge said Intern back then.",
    ],
)
def test_a_title_denied_ahead_imagined_past_or_someone_elses_is_none(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] == "job_title"}


def test_a_bare_title_in_chat_is_the_speakers() -> None:
    assert ("speaker", "job_title", "Test Automation Lead") in _facts("title is officially Test Automation Lead as of this sprint")
    assert not {f for f in _facts("Title is Dune, by Frank Herbert.") if f[1] == "job_title"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Arjun has gone all in on Elixir", ("Arjun", "programming_language", "Elixir")),
        ("I've gone all in on bouldering", ("speaker", "sport", "bouldering")),
        ("all my free time goes into pottery", ("speaker", "hobby", "pottery")),
        ("woodworking has taken over my weekends", ("speaker", "hobby", "woodworking")),
        ("the binoculars gather dust; woodworking has taken over, and I'm building a table", ("speaker", "hobby", "woodworking")),
        ("I'm with a guy called Rafael now", ("speaker", "partner", "Rafael")),
    ],
)
def test_what_takes_up_the_time_is_the_current_pastime_or_tool(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I haven't gone all in on Rust",
        "I might go all in on Rust",
        "Woodworking has taken over, my brother says",
        "My free time doesn't go into pottery anymore",
        "All his free time goes into pottery",
        "I'm with Vodafone now",
        "I'm with Rafael now",  # may say where the speaker is, not whom they date
        "I'm not with a guy called Rafael now",
    ],
)
def test_denied_ahead_anothers_or_unclear_time_and_company_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}
