"""Facts said in passing in chat, third round (issue 10): tenure, pay, hyphenated names, and an
update that a short word must not set off. The sentences are new wordings, not evaluation rows."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


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
