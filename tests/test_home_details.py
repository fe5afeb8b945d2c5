"""The speaker's town named through the home and its running costs, a bare town that opens a
message, a move whose town comes in the next sentence, and Russian time counted in a town (issue
10, eleventh round). New wordings, not evaluation rows; tried as a user would at the end."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _cities(text: str, lang: str) -> set[tuple[str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return {(s, v) for s, a, v in triples(text, lang) if a == "city"}


@pytest.mark.parametrize(
    ("text", "lang", "town"),
    [
        ("Our water bill for the maisonette in Sunderland went up by £20.", "en", "Sunderland"),
        ("Council tax in Wakefield is £130 a month now, is that a lot?", "en", "Wakefield"),
        ("My landlord in Swindon finally fixed the boiler.", "en", "Swindon"),
        ("Being based in Carlisle means nothing is open after six.", "en", "Carlisle"),
        ("Квартплата за однушку в Рязани опять выросла.", "ru", "Рязань"),
        ("Хозяйка в Пскове разрешила кота.", "ru", "Псков"),
        ("Снега навалило — у нас в Кирове так каждый ноябрь.", "ru", "Киров"),
    ],
)
def test_a_home_or_its_costs_in_a_town_give_the_speakers_town(text: str, lang: str, town: str) -> None:
    assert ("speaker", town) in _cities(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("My cousin's flat in Swindon has damp.", "en"),  # someone else's home
        ("Looking at flats in Swindon this weekend.", "en"),  # flats looked for
        ("The rent in Brighton was bleeding me dry back then.", "en"),  # a past state
        ("We pick up the keys to the house in Ludlow on the 14th.", "en"),  # dated: not yet
        ("Is council tax in Wakefield high?", "en"),
        ("If the rent in Bath were lower I'd move.", "en"),
        ("У нас в «Магните» опять очереди.", "ru"),  # a shop, not a town
        ("Студенткой снимала комнату в Пскове.", "ru"),  # an imperfective past is over
        ("Квартира в Рязани у сестры маленькая.", "ru"),  # the sister's
        ("We're at my parents' until the flat in Ludlow is finished.", "en"),  # not yet one's home
        ("Продали дачу и квартиру в Рязани, теперь ищем дом.", "ru"),  # given up
    ],
)
def test_no_town_from_other_peoples_homes_plans_pasts_or_questions(text: str, lang: str) -> None:
    assert ("speaker", "Swindon") not in _cities(text, lang)
    assert not {c for c in _cities(text, lang) if c[0] == "speaker"}


@pytest.mark.parametrize(
    ("text", "lang", "town"),
    [
        ("Exeter. Heavitree, near the park.", "en", "Exeter"),
        ("Псков, Завеличье. Тихо, зелено.", "ru", "Псков"),
        ("Откуда я? Ёбург, ВИЗ.", "ru", "Екатеринбург"),
    ],
)
def test_a_message_that_opens_with_a_bare_town_gives_it(text: str, lang: str, town: str) -> None:
    assert ("speaker", town) in _cities(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Exeter, 2009. That's where we met.", "en"),  # a date: a memory, not a home
        ("I love this song. Exeter, Heavitree, all of it.", "en"),  # not the message's opening
        ("Exeter?", "en"),
        ("Nice! Did the kids like the museum?", "en"),  # LoCoMo's replies: "Nice" is a town too
        ("Same! Can't wait for the weekend.", "en"),
    ],
)
def test_a_bare_town_later_in_the_message_or_with_a_date_gives_nothing(text: str, lang: str) -> None:
    assert not _cities(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Finally moved out of mum's. It's in Preston, small but quiet.", "en", ("speaker", "Preston")),
        ("Переехали всё-таки. Теперь Вологда, зато рядом с родителями.", "ru", ("speaker", "Вологда")),
        ("Сам из Орла, но в Воронеже уже лет шесть.", "ru", ("speaker", "Воронеж")),
        ("Дочка в Томске третий год, привыкла.", "ru", ("speaker's daughter", "Томск")),
    ],
)
def test_a_move_then_where_and_years_counted_in_a_town(text: str, lang: str, expected: tuple[str, str]) -> None:
    assert expected in _cities(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("My neighbour moved last week. It's in Preston, apparently.", "en"),  # the neighbour's move
        ("We're moving in spring. It's in Preston.", "en"),  # not yet
        ("В Воронеже две недели были в отпуске.", "ru"),  # a stay
        ("В Воронеже уже год не была.", "ru"),  # negated
    ],
)
def test_no_town_from_someone_elses_move_a_plan_or_a_stay(text: str, lang: str) -> None:
    assert not {c for c in _cities(text, lang) if c[0] == "speaker"}


def test_council_tax_then_a_move_leaves_the_new_town_current(live_mem, clock, facts_of) -> None:  # type: ignore[no-untyped-def]
    """As a user: the old town comes through the bills, the new one through a move two weeks
    later; after the nightly maintenance the Facts say only the new one."""
    live_mem.ingest("Council tax in Wakefield went up again, brilliant.", session_id="a")
    clock.advance(14 * 86400)
    live_mem.ingest("Moved at the weekend. It's in Harrogate, much quieter.", session_id="b")
    clock.advance(86400)
    live_mem.maintain()
    facts = facts_of(live_mem.context("Any good walks near where I live?"))
    assert "Harrogate" in facts
    assert "Wakefield" not in facts
