"""A Russian job said by its noun in the instrumental (memlab issue 10): with no verb, or with a
verb of being taken on or of working now. Sentences written for these tests; each family sits
beside messages that must give nothing."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _jobs(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return {f for f in triples(text, "ru") if f[1] in ("job_title", "employer")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("пятнадцать лет сварщиком, руки уже не те", {("speaker", "job_title", "сварщик")}),
        ("с марта меня взяли в Сбербанк аналитиком", {("speaker", "job_title", "аналитик"), ("speaker", "employer", "Сбербанк")}),
        ("вернулась из отпуска уже старшим бухгалтером", {("speaker", "job_title", "старший бухгалтер")}),
        ("Артём по выходным подрабатывает курьером", {("Артём", "job_title", "курьер")}),
    ],
)
def test_job_in_the_instrumental(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _jobs(text)


@pytest.mark.parametrize(
    "text",
    [
        "в молодости работала медсестрой",  # over
        "мечтаю когда-нибудь работать пилотом",  # a wish
        "вчера долго говорила с юристом",  # with whom
        "кем ты работаешь? курьером?",  # a question
        "не сварщиком же мне идти",  # denied
    ],
)
def test_no_job_in_the_instrumental(text: str) -> None:
    assert not {f for f in _jobs(text) if f[0] == "speaker"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a gift from a relative is the speaker's; a gift the speaker gives is not
        ("папа подарил Pixel 8 на выпускной", {("speaker", "phone", "Pixel 8")}),
        ("подарила свой старый Honor 90", set()),
        # a neighbour's pet staying a while is not the speaker's
        ("на выходных у нас гостил соседский пёс Граф", set()),
        ("у нас живёт пёс Граф", {("speaker", "pet_dog", "Граф")}),
    ],
)
def test_gifts_and_guests(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert {f for f in triples(text, "ru") if f[1] in ("phone", "pet_dog")} == expected


def test_a_stay_is_no_move() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    def new(text: str, lang: str, old: str) -> list[str]:
        return [f.value for f in updates(parse(text, lang), {"speaker": [("city", old)]}, text)]

    assert new("две недели отдыхали в Сочи, а теперь снова домой", "ru", "Норильск") == []
    assert new("на прошлой неделе переехали в Сочи, теперь море рядом", "ru", "Норильск") == ["Сочи"]
    assert new("back from ten days in Crete, now home in the drizzle", "en", "Leeds") == []
    assert new("moved to Crete last week, still unpacking", "en", "Leeds") == ["Crete"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Гошу взяли в депо машинистом", {("Гоша", "job_title", "машинист")}),
        ("дочку взяли в Сбер аналитиком", {("speaker's daughter", "job_title", "аналитик"), ("speaker's daughter", "employer", "Сбер")}),
    ],
)
def test_someone_taken_on(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _jobs(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a move into a team; the team's name is its adjective or its genitive
        ("перевелась в команду поиска", {("speaker", "team", "поиск")}),
        ("перешёл в мобильную команду", {("speaker", "team", "мобильный")}),
        ("после Нового года переведусь в команду поиска", set()),  # ahead
        # an instrument one bought; a car one took
        ("купила себе виолончель", {("speaker", "instrument", "виолончель")}),
        ("хочу купить виолончель", set()),
        ("взял Geely Coolray в кредит", {("speaker", "car", "Geely Coolray")}),
        # a verb and a subject that differ in number are no pair; a car is nobody
        ("виолончель продал, купил укулеле, соседи в шоке", set()),
        ("продал Логан, взял Geely Coolray", set()),
    ],
)
def test_moves_and_buys(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert {f for f in triples(text, "ru") if f[1] in ("team", "instrument", "car")} == expected


def test_old_thing_given_away_is_no_update() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    def new(text: str, lang: str, old: str) -> list[str]:
        return [f.value for f in updates(parse(text, lang), {"speaker": [("phone", old)]}, text)]

    assert new("старый Xiaomi отдала маме, она теперь в телеграме сидит", "ru", "iPhone 15") == []
    assert new("my old Pixel went to my mum, I'm on an iPhone 15 now", "en", "Pixel 7") == ["iPhone 15"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("пилю бэкенд на Kotlin", {("speaker", "programming_language", "Kotlin")}),
        ("Тимур пилит мобилку на Kotlin", {("Тимур", "programming_language", "Kotlin")}),
        ("пилю дрова на даче", set()),
    ],
)
def test_colloquial_coding_verbs(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert {f for f in triples(text, "ru") if f[1] == "programming_language"} == expected


def test_leaving_for_a_team_keeps_the_new_language() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    text = "теперь в основном Kotlin, ушла в мобилку"
    assert [f.value for f in updates(parse(text, "ru"), {"speaker": [("programming_language", "Java")]}, text)] == ["Kotlin"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a team named by a genitive plural keeps its plural
        ("в Сбере я в команде переводов, релизы каждую неделю", {("speaker", "team", "переводы")}),
        ("работаю в команде поиска", {("speaker", "team", "поиск")}),
        # the genitive after "в команде" names the team, not a job
        ("Карина теперь в команде аналитики", set()),
    ],
)
def test_team_names(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import triples

    assert {f for f in triples(text, "ru") if f[1] in ("team", "job_title")} == expected
