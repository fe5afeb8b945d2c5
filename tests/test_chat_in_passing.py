"""Facts said in passing in chat: statements before a question, owners of devices, tenure and pay,
hyphenated names, projects, and the look-alikes that must give nothing. The sentences are new
wordings, not rows of the evaluation sets."""

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


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm getting used to Neovim", ("speaker", "editor", "Neovim")),
        ("still getting used to the Pixel 8", ("speaker", "phone", "Pixel 8")),
        ("this iPhone 15 is taking some getting used to, where is the back button??", ("speaker", "phone", "iPhone 15")),
        ("finally got used to Neovim", ("speaker", "editor", "Neovim")),
        ("my sister is getting used to her new iPhone 15", ("speaker's sister", "phone", "iPhone 15")),
        ("my new laptop came with Fedora", ("speaker", "operating_system", "Fedora")),
        ("The replacement laptop IT handed out came with Ubuntu preinstalled, and I'm thrilled.", ("speaker", "operating_system", "Ubuntu")),
        ("My son Omar started at Leeds University this autumn", ("Omar", "university", "Leeds University")),
    ],
)
def test_what_one_gets_used_to_or_a_new_machine_came_with_is_in_use(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Vim takes some getting used to",  # said of anyone
        "the Pixel 8 takes some getting used to, my dad says",
        "I used to write Perl",
        "I used to use Vim",
        "I'll never get used to Vim",
        "I'm not getting used to Emacs at all",
        "I got used to Vim years ago",
        "if I get used to Emacs I'll switch",
        "my old laptop came with Windows Vista",
        "does the new laptop come with Ubuntu?",
        "a laptop came with Windows 11",
        "the new laptop my boss got came with Windows 11",
    ],
)
def test_anyones_past_denied_or_conditional_adoption_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_starting_at_a_university_is_studying_and_working_at_one_is_a_job() -> None:
    assert ("speaker", "employer", "Google") in _facts("I started at Google this week")
    assert ("speaker", "employer", "Durham University") in _facts("I work at Durham University")


def test_joy_at_the_news_does_not_deny_it() -> None:
    text = "got promoted!!! title is officially Test Automation Lead as of this sprint, still can't believe it"
    assert ("speaker", "job_title", "Test Automation Lead") in _facts(text)
    assert not {f for f in _facts("title is not Test Automation Lead, can't believe it") if f[1] == "job_title"}
    assert not {f for f in _facts("title is officially Test Automation Lead, I don't believe that I'm worth it") if f[1] == "job_title"}


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("Falcon shipped!! they moved me onto Project Heron, it's the new billing system", "en", "Heron"),
        ("I'm on Project Heron now", "en", "Heron"),
        ("I'm working on Project Falcon, the mobile rewrite", "en", "Falcon"),
        ("Меня перевели на проект Heron", "ru", "Heron"),
        ("Работаю над проектом Atlas", "ru", "Atlas"),
    ],
)
def test_the_named_project_one_works_on_or_is_moved_onto(text: str, lang: str, value: str) -> None:
    assert ("speaker", "project", value) in _facts(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("I worked on Project Falcon for years", "en"),
        ("I'm not on Project Heron anymore", "en"),
        ("they moved Dana onto Project Heron", "en"),
        ("will they move me onto Project Heron?", "en"),
        ("I might join Project Heron", "en"),
        ("Не работаю над проектом Atlas", "ru"),
        ("Брат работает над проектом Atlas", "ru"),
    ],
)
def test_past_denied_anothers_or_asked_projects_are_not_the_speakers(text: str, lang: str) -> None:
    assert not {f for f in _facts(text, lang) if f[0] == "speaker" and f[1] == "project"}


def test_the_scorer_names_an_activity_by_its_forms() -> None:
    from memlab.bench.statements import names_value

    assert names_value("- User does swimming.", "swim") and names_value("- User likes hiking.", "hike")
    assert not names_value("- User uses Swimlane.", "swim") and not names_value("- User is a swimmer.", "swim")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("honestly crocheting is my whole personality now", ("speaker", "hobby", "crocheting")),
        ("knitting is what's keeping me sane", ("speaker", "hobby", "knitting")),
        ("cello is my entire personality", ("speaker", "instrument", "cello")),
        ("Kenji just got promoted to head of data, so proud of him", ("Kenji", "job_title", "head of data")),
        ("My brother was made head chef.", ("speaker's brother", "job_title", "head chef")),
        ("I run arch btw (sorry).", ("speaker", "operating_system", "Arch Linux")),
        ("doing my masters at Imperial rn, thesis is on battery chemistry", ("speaker", "university", "Imperial")),
    ],
)
def test_a_pastime_that_is_ones_life_a_title_given_and_chat_fillers(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "my job is my entire personality",
        "running is not what keeps me sane",
        "my brother says running is his whole personality",
        "coffee is what keeps me sane",
        "Running is my brother's whole personality",
        "is climbing my entire personality?",
        "Kenji wasn't promoted to head of data",
        "will Kenji be promoted to head of data?",
        "Kenji hopes to be made head chef",
    ],
)
def test_not_ones_own_denied_asked_or_hoped_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("hobby", "sport", "instrument", "job_title")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Kwame from uni lives out in Accra these days", ("Kwame", "city", "Accra")),
        ("Maya from accounting is my manager", ("speaker", "manager", "Maya")),
        ("Aleksandra codes in Elixir.", ("Aleksandra", "programming_language", "Elixir")),
        ("Tariq from the third floor codes mostly in Kotlin", ("Tariq", "programming_language", "Kotlin")),
        ("everything we have sits in postgres", ("speaker", "database", "PostgreSQL")),
    ],
)
def test_a_name_set_off_by_where_it_is_from_and_code_as_a_verb(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_what_everything_sat_in_before_is_no_current_database() -> None:
    assert not {f for f in _facts("everything sat in postgres until we moved") if f[1] == "database"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm taking French lessons", ("speaker", "learning_language", "French")),
        ("they moved me to the Paris office so it's French lessons now", ("speaker", "learning_language", "French")),
        ("I started Spanish classes", ("speaker", "learning_language", "Spanish")),
        ("my son is taking French lessons", ("speaker's son", "learning_language", "French")),
        ("I work on search at Google", ("speaker", "team", "search")),
        ("I work on search at Google", ("speaker", "employer", "Google")),
    ],
)
def test_lessons_taken_and_the_team_worked_on_at_a_company(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I took French lessons at school",
        "I'm not taking French lessons",
        "I might take French lessons",
        "I give French lessons",
        "do you take French lessons?",
        "I worked on payments at Revolut",
        "I don't work on payments at Revolut",
    ],
)
def test_lessons_or_work_past_denied_wished_given_or_asked_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_sport_given_up_for_a_hobby_is_an_update() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    text = "climbing's done for me after the knee thing, it's all pottery now"
    assert [(e.attribute, e.value) for e in updates(parse(text, "en"), {"speaker": [("sport", "climbing")]}, text)] == [("hobby", "pottery")]
    text = "climbing's done for me, my brother does pottery now"
    assert not updates(parse(text, "en"), {"speaker": [("sport", "climbing")]}, text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("my son Leo's first year at Exeter is going well, he even cooks now", ("Leo", "university", "Exeter")),
        ("my second year at Leeds uni is brutal", ("speaker", "university", "Leeds")),
        ("my first year at Bristol is going well, the lectures are great", ("speaker", "university", "Bristol")),
    ],
)
def test_a_year_of_study_names_the_university(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "my first year at Google has been wild",  # a company
        "my first year at Bristol is going well",  # nothing says it is study
        "my first year at Exeter was great, my son says",
        "my son's first year at Exeter starts in september",
        "his first year at Exeter is going well, the lectures are great",
    ],
)
def test_a_year_not_of_study_or_not_now_gives_no_university(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "university"}


def test_a_relative_named_with_a_possessive_is_the_speakers() -> None:
    from memlab.knowledge.extract.kin import named_relatives
    from memlab.knowledge.extract.nlp import parse

    assert named_relatives(parse("my son Leo's first year at Exeter is going well", "en")) == [("Leo", "son")]
    assert named_relatives(parse("Anna's son Leo's car broke down", "en")) == []


def test_a_person_the_tagger_misses_still_has_his_facts_updated(tmp_path: object) -> None:
    # "Ravi moved ...": the tagger calls Ravi a noun; the reader's subject still finds his known language
    from memlab.bench.statements import run_scenario

    scenario = {
        "id": "ravi", "lang": "en", "asker": "user", "question": "Which language does Ravi use these days?",
        "current": "Scala", "stale": ["Java"],
        "turns": [
            {"speaker": "user", "text": "my teammate Ravi writes Java and swears by it", "day": 0},
            {"speaker": "user", "text": "Ravi joined the platform team and now it's all Scala for him", "day": 12},
        ],
    }  # fmt: skip
    r = run_scenario(scenario, workdir=str(tmp_path))
    assert r["ok"], r["facts"]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("we both work at St Thomas' Hospital", ("speaker", "employer", "St Thomas' Hospital")),
        ("I work at St. Mary's Hospital", ("speaker", "employer", "St. Mary's Hospital")),
        ("Anna's Mazda is red", ("Anna", "car", "Mazda")),  # the owner is no part of a car's name
        ("joined Fitness First in the spring, the sauna alone is worth it", ("speaker", "gym", "Fitness First")),
        ("I joined Google, the gym at the office is great", ("speaker", "employer", "Google")),
        ("I picked up the new car — a Kia Niro — on the 15th", ("speaker", "car", "Kia Niro")),
    ],
)
def test_a_possessive_inside_a_name_a_gym_joined_and_a_car_collected(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_a_car_to_be_collected_on_a_date_is_not_yet_had() -> None:
    assert not {f for f in _facts("collecting the new car — a Kia Niro — on the 3rd") if f[1] == "car"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I have a PhD in linguistics", ("speaker", "degree", "PhD in linguistics")),
        ("got an MA in history but I've been in sales for years", ("speaker", "degree", "MA in history")),
        ("my sister has an MSc in data science", ("speaker's sister", "degree", "MSc in data science")),
        ("40 today! feeling ancient", ("speaker", "age", "40")),
        ("27 as of yesterday 🎂", ("speaker", "age", "27")),
        ("I guess I live in Leeds now", ("speaker", "city", "Leeds")),
        ("guess I'm a Glaswegian now", ("speaker", "city", "Glasgow")),
    ],
)
def test_a_degree_held_an_age_as_news_and_a_resigned_guess(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm doing a PhD in linguistics",  # under way
        "I want an MBA in finance",
        "I don't have a BSc in chemistry",
        "3 days to go",
        "I guess she lives in Oslo",
    ],
)
def test_a_degree_wished_or_denied_a_count_and_a_guess_at_another_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_demonym_is_no_name() -> None:
    facts = _facts("my wife is a Londoner now")
    assert ("speaker's wife", "city", "London") in facts and not {f for f in facts if f[1] in ("spouse", "name")}


def test_go_the_language_read_as_a_verb_by_the_parse() -> None:
    assert ("speaker", "programming_language", "Go") in _facts("Go is my main language, been writing it since 1.4")
    assert ("speaker", "programming_language", "Go") in _facts("my main language is Go")
    assert not {f for f in _facts("Go for it, the language course is great") if f[2] == "Go"}
    assert not {f for f in _facts("Go home and write some code") if f[2] == "Go"}


def test_an_age_turned_in_a_clause_of_time_is_no_current_age() -> None:
    assert not {f for f in _facts("When I turned ten, my mum signed me up for a swim club") if f[1] == "age"}
    assert not {f for f in _facts("after I turned 40 I started running") if f[1] == "age"}
    assert ("speaker's sister", "age", "30") in _facts("my sister turned 30 last week")
