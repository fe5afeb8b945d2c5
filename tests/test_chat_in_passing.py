"""Facts said in passing in chat: statements before a question, owners of devices, tenure and pay,
hyphenated names, projects, and the look-alikes that must give nothing. The sentences are new
wordings, not rows of the evaluation sets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.nlp import split_question_tail

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

CASES: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "chat_in_passing.json").read_text(encoding="utf-8"))


def _rows(name: str) -> list[Any]:
    """The rows of table ``name`` in the data file (a row of several values, and a fact in it, as a tuple)."""
    return [tuple(tuple(v) if isinstance(v, list) else v for v in r) if isinstance(r, list) else r for r in CASES[name]["rows"]]


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


@pytest.mark.parametrize(("text", "fact"), _rows("test_the_statement_before_a_dash_question_is_read"))
def test_the_statement_before_a_dash_question_is_read(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_negation_hung_from_the_auxiliary_still_negates"))
def test_a_negation_hung_from_the_auxiliary_still_negates(text: str) -> None:
    # the parse hangs the "not" of "I'm not vegan" from "'m", not from "vegan"
    assert not {f for f in _facts(text) if f[1] == "diet"}


def test_a_relative_clause_is_about_the_noun_it_hangs_from() -> None:
    facts = _facts("My cousin Ravi, who lives in Pune, is a doctor")
    assert ("Ravi", "city", "Pune") in facts and ("Ravi", "job_title", "doctor") in facts
    assert not any(f[0].startswith("cousin") for f in facts)  # the relation is no part of the name
    assert ("speaker's brother", "employer", "Google") in _facts("my brother, who works at Google, just bought a Tesla")
    assert ("speaker's brother", "city", "Казань") in _facts("брат, который живёт в Казани, работает врачом", "ru")


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_phone_or_car_said_with_its_owner_is_the_owners"))
def test_a_phone_or_car_said_with_its_owner_is_the_owners(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_device_the_clause_parts_with_is_not_the_owners"))
def test_a_device_the_clause_parts_with_is_not_the_owners(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("car", "phone") and f[0] == "speaker"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_pseudo_cleft_is_read_the_plain_way_round"))
def test_a_pseudo_cleft_is_read_the_plain_way_round(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_pseudo_cleft_under_negation_condition_question_or_quote_gives_nothing"))
def test_a_pseudo_cleft_under_negation_condition_question_or_quote_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "city"}


def test_grew_up_speaking_is_the_native_language() -> None:
    assert ("speaker's wife", "native_language", "Welsh") in _facts("my wife grew up speaking Welsh with her gran")
    assert not _facts("I didn't grow up speaking Welsh, I learnt it at school")


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_school_in_a_sentence_about_studying_is_the_university"))
def test_a_school_in_a_sentence_about_studying_is_the_university(text: str, fact: tuple[str, str, str]) -> None:
    facts = _facts(text)
    assert fact in facts and (fact[0], "employer", fact[2]) not in facts


@pytest.mark.parametrize("text", _rows("test_a_degree_finished_applied_for_or_imagined_gives_no_university"))
def test_a_degree_finished_applied_for_or_imagined_gives_no_university(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "university"}


@pytest.mark.parametrize(("text", "fact", "lang"), _rows("test_changes_long_ago_passive_employers_and_calling_a_city_home"))
def test_changes_long_ago_passive_employers_and_calling_a_city_home(text: str, fact: tuple[str, str, str], lang: str) -> None:
    assert fact in _facts(text, lang)


@pytest.mark.parametrize("text", _rows("test_past_states_and_modals_of_these_give_nothing"))
def test_past_states_and_modals_of_these_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("city", "employer")}


@pytest.mark.parametrize("text", _rows("test_orders_teaching_and_later_moves_give_no_car_university_or_old_city"))
def test_orders_teaching_and_later_moves_give_no_car_university_or_old_city(text: str) -> None:
    facts = _facts(text)
    assert not {f for f in facts if f[1] in ("car", "university")} and ("speaker", "city", "Lisbon") not in facts


def test_a_pseudo_cleft_keeps_the_preposition_of_its_clause() -> None:
    from memlab.knowledge.extract.clefts import plain

    assert plain("Rust is what I'm learning on weekends") == "I'm learning Rust on weekends."
    assert plain("honestly Rust is what I write everything in these days") == "I write everything in Rust these days."


@pytest.mark.parametrize(("text", "fact"), _rows("test_become_swaps_and_here_in_a_city"))
def test_become_swaps_and_here_in_a_city(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_no_swap_or_city_from_a_wish_or_a_trip"))
def test_no_swap_or_city_from_a_wish_or_a_trip(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("phone", "city")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_moves_purchases_migrations_clubs_and_schools_said_in_passing"))
def test_moves_purchases_migrations_clubs_and_schools_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_wishes_and_past_lives_give_nothing"))
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


@pytest.mark.parametrize(("text", "fact"), _rows("test_car_models_without_a_brand_and_being_stuck_in_a_city"))
def test_car_models_without_a_brand_and_being_stuck_in_a_city(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_night_stuck_somewhere_or_the_sport_gives_no_city_or_car"))
def test_a_night_stuck_somewhere_or_the_sport_gives_no_city_or_car(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("city", "car")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_greetings_users_and_first_weeks"))
def test_greetings_users_and_first_weeks(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_no_tool_from_a_former_or_negated_user"))
def test_no_tool_from_a_former_or_negated_user(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("editor", "operating_system")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_report_after_a_comma_reports_its_own_clause"))
def test_a_report_after_a_comma_reports_its_own_clause(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_reported_or_someone_elses_statement_is_not_the_speakers"))
def test_a_reported_or_someone_elses_statement_is_not_the_speakers(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_relayed_message_or_a_hedge_stays_unread() -> None:
    assert not _facts("I'm a nurse, tell her I said hi")
    assert ("speaker", "diet", "vegetarian") in _facts("my brother Joe and I are both vegetarian, dad thinks it's a phase")
    assert split_question_tail("моя начальница — Вера, ясно?", "ru") == "моя начальница — Вера, ясно?"


@pytest.mark.parametrize(("text", "bad"), _rows("test_a_conjunction_or_a_relation_word_is_no_value"))
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


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_pets_name_and_the_new_phone"))
def test_a_pets_name_and_the_new_phone(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_an_old_pet_someone_elses_or_a_future_car_gives_nothing"))
def test_an_old_pet_someone_elses_or_a_future_car_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_car_brand_that_is_an_everyday_word_needs_its_capital() -> None:
    assert not {f for f in _facts("Tim drives a seat to work, the bus is full") if f[1] == "car"}
    assert ("speaker", "car", "Seat Ibiza") in _facts("I drive a Seat Ibiza")


@pytest.mark.parametrize(("text", "fact", "lang"), _rows("test_an_age_said_in_words"))
def test_an_age_said_in_words(text: str, fact: tuple[str, str, str], lang: str) -> None:
    assert fact in _facts(text, lang)


@pytest.mark.parametrize("text", _rows("test_a_count_in_words_is_no_age"))
def test_a_count_in_words_is_no_age(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] == "age"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_pet_that_arrives_in_the_home_is_the_speakers"))
def test_a_pet_that_arrives_in_the_home_is_the_speakers(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_pet_next_door_imagined_or_someone_elses_is_not"))
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


@pytest.mark.parametrize("text", _rows("test_what_is_said_of_a_tool_is_no_use_of_it"))
def test_what_is_said_of_a_tool_is_no_use_of_it(text: str) -> None:
    """A tool as the subject of its own clause ("Emacs is awful") is talked about, not used."""
    assert not {f for f in _facts(text) if f[2] in ("Emacs", "PostgreSQL", "Atom", "Java")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_tool_first_still_reads_when_the_speaker_has_it"))
def test_a_tool_first_still_reads_when_the_speaker_has_it(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_negated_request_beside_a_statement_does_not_deny_it"))
def test_a_negated_request_beside_a_statement_does_not_deny_it(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_denial_or_a_report_still_holds_beside_a_request"))
def test_a_denial_or_a_report_still_holds_beside_a_request(text: str) -> None:
    assert not {f for f in _facts(text) if f[2] in ("Berlin", "vegan")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_who_cleft_puts_the_person_back_beside_the_verb"))
def test_a_who_cleft_puts_the_person_back_beside_the_verb(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_who_cleft_past_modal_asked_or_someone_elses_gives_no_manager"))
def test_a_who_cleft_past_modal_asked_or_someone_elses_gives_no_manager(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] == "manager"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_job_title_read_off_a_title_badge_or_signature"))
def test_a_job_title_read_off_a_title_badge_or_signature(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_title_denied_ahead_imagined_past_or_someone_elses_is_none"))
def test_a_title_denied_ahead_imagined_past_or_someone_elses_is_none(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] == "job_title"}


def test_a_bare_title_in_chat_is_the_speakers() -> None:
    assert ("speaker", "job_title", "Test Automation Lead") in _facts("title is officially Test Automation Lead as of this sprint")
    assert not {f for f in _facts("Title is Dune, by Frank Herbert.") if f[1] == "job_title"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_what_takes_up_the_time_is_the_current_pastime_or_tool"))
def test_what_takes_up_the_time_is_the_current_pastime_or_tool(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_denied_ahead_anothers_or_unclear_time_and_company_give_nothing"))
def test_denied_ahead_anothers_or_unclear_time_and_company_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def _updates(text: str, attribute: str, old: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return {(e.subject, e.attribute, e.value) for e in updates(parse(text, lang), {"speaker": [(attribute, old)]}, text)}


@pytest.mark.parametrize(("text", "fact"), _rows("test_time_served_pay_and_hyphenated_names_give_the_employer"))
def test_time_served_pay_and_hyphenated_names_give_the_employer(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_past_school_anothers_or_asked_tenure_gives_no_employer"))
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


@pytest.mark.parametrize(("text", "fact"), _rows("test_what_one_gets_used_to_or_a_new_machine_came_with_is_in_use"))
def test_what_one_gets_used_to_or_a_new_machine_came_with_is_in_use(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_anyones_past_denied_or_conditional_adoption_gives_nothing"))
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


@pytest.mark.parametrize(("text", "lang", "value"), _rows("test_the_named_project_one_works_on_or_is_moved_onto"))
def test_the_named_project_one_works_on_or_is_moved_onto(text: str, lang: str, value: str) -> None:
    assert ("speaker", "project", value) in _facts(text, lang)


@pytest.mark.parametrize(("text", "lang"), _rows("test_past_denied_anothers_or_asked_projects_are_not_the_speakers"))
def test_past_denied_anothers_or_asked_projects_are_not_the_speakers(text: str, lang: str) -> None:
    assert not {f for f in _facts(text, lang) if f[0] == "speaker" and f[1] == "project"}


def test_the_scorer_names_an_activity_by_its_forms() -> None:
    from memlab.bench.statements import names_value

    assert names_value("- User does swimming.", "swim") and names_value("- User likes hiking.", "hike")
    assert not names_value("- User uses Swimlane.", "swim") and not names_value("- User is a swimmer.", "swim")


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_pastime_that_is_ones_life_a_title_given_and_chat_fillers"))
def test_a_pastime_that_is_ones_life_a_title_given_and_chat_fillers(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_not_ones_own_denied_asked_or_hoped_gives_nothing"))
def test_not_ones_own_denied_asked_or_hoped_gives_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("hobby", "sport", "instrument", "job_title")}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_name_set_off_by_where_it_is_from_and_code_as_a_verb"))
def test_a_name_set_off_by_where_it_is_from_and_code_as_a_verb(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_what_everything_sat_in_before_is_no_current_database() -> None:
    assert not {f for f in _facts("everything sat in postgres until we moved") if f[1] == "database"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_lessons_taken_and_the_team_worked_on_at_a_company"))
def test_lessons_taken_and_the_team_worked_on_at_a_company(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_lessons_or_work_past_denied_wished_given_or_asked_give_nothing"))
def test_lessons_or_work_past_denied_wished_given_or_asked_give_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker"}


def test_a_sport_given_up_for_a_hobby_is_an_update() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    text = "climbing's done for me after the knee thing, it's all pottery now"
    assert [(e.attribute, e.value) for e in updates(parse(text, "en"), {"speaker": [("sport", "climbing")]}, text)] == [("hobby", "pottery")]
    text = "climbing's done for me, my brother does pottery now"
    assert not updates(parse(text, "en"), {"speaker": [("sport", "climbing")]}, text)


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_year_of_study_names_the_university"))
def test_a_year_of_study_names_the_university(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_year_not_of_study_or_not_now_gives_no_university"))
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


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_possessive_inside_a_name_a_gym_joined_and_a_car_collected"))
def test_a_possessive_inside_a_name_a_gym_joined_and_a_car_collected(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_a_car_to_be_collected_on_a_date_is_not_yet_had() -> None:
    assert not {f for f in _facts("collecting the new car — a Kia Niro — on the 3rd") if f[1] == "car"}


@pytest.mark.parametrize(("text", "fact"), _rows("test_a_degree_held_an_age_as_news_and_a_resigned_guess"))
def test_a_degree_held_an_age_as_news_and_a_resigned_guess(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", _rows("test_a_degree_wished_or_denied_a_count_and_a_guess_at_another_give_nothing"))
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
