"""Facts said aside or in passing: shapes found on the blind sets dev15 and dev16, each tested
here in new wordings, with the look-alikes each reader must not fire on."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str, lang: str | None = None) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang or ("ru" if any("а" <= ch <= "я" for ch in text.lower()) else "en"))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Forty-four and my knees sound like bubble wrap on the stairs.", ("speaker", "age", "44")),
        ("Sixty years old and still doing the parkrun every Saturday.", ("speaker", "age", "60")),
        ("В свои тридцать шесть я впервые встала на лыжи.", ("speaker", "age", "36")),
        ("На той неделе стукнуло пятьдесят, гуляли всей роднёй.", ("speaker", "age", "50")),
        ("Бабушка наша в свои восемьдесят пять сама копает огород.", ("speaker's grandmother", "age", "85")),
    ],
)
def test_an_age_thrown_in(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Two and a half hours on hold to the council this morning.",
        "Thirty and forty are the sizes they had left.",
        "Сыну стукнуло двадцать, а ведёт себя как в десять.",
    ],
)
def test_numbers_that_are_no_speaker_age(text: str) -> None:
    assert not any(s == "speaker" and a == "age" for s, a, _ in _facts(text))


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Eleven years married to Priya next month and she still hides the good biscuits.", ("speaker", "spouse", "Priya")),
        ("Two years since me and Kasim got together and he still can't fold a fitted sheet.", ("speaker", "partner", "Kasim")),
        ("Пятнадцать лет с Ольгой в браке, и ни одной ссоры из-за денег.", ("speaker", "spouse", "Ольга")),
        ("Третий год с Тимуром вместе, а он так и не выучил, что я не ем лук.", ("speaker", "partner", "Тимур")),
        ("Ashwin, who I report to, only reads the first line of any email.", ("speaker", "manager", "Ashwin")),
        ("Marguerite, the woman I answer to, keeps a spreadsheet of our spreadsheets.", ("speaker", "manager", "Marguerite")),
        ("Отчитываюсь перед Русланом Ильдаровичем каждую пятницу.", ("speaker", "manager", "Руслан Ильдарович")),
        ("Начальник наш, Олег Петрович, опять ушёл в отпуск посреди сдачи.", ("speaker", "manager", "Олег Петрович")),
        ("My lot at Yorkshire Water have banned hot desking again.", ("speaker", "employer", "Yorkshire Water")),
    ],
)
def test_couples_and_bosses_said_aside(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "Rafe, who I sit next to, has a standing desk.",
        "My sister and Kasim got together at a wedding.",
        "Ten years married to Priya would have been this June.",
        "Did you know Ashwin, who I report to, is leaving?",
    ],
)
def test_look_alikes_give_no_partner_or_manager(text: str) -> None:
    assert not any(s == "speaker" and a in ("manager", "partner", "spouse") for s, a, _ in _facts(text))


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Мы, новосибирцы, морозами не удивляемся.", "Новосибирск"),
        ("Коренная омичка, между прочим, и никуда переезжать не хочу.", "Омск"),
    ],
)
def test_a_town_said_by_its_people(text: str, town: str) -> None:
    assert ("speaker", "city", town) in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["Собака у нас — такса, Грета.", "Я не москвичка, я из Твери приехала учиться.", "Мы, пенсионеры, народ терпеливый."],
)
def test_no_town_from_words_that_only_look_like_its_people(text: str) -> None:
    facts = _facts(text)
    assert not any(s == "speaker" and a == "city" and v in ("Соба", "Москва", "Пенсионер") for s, a, v in facts)


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("Four years veggie and my dad still asks if I eat chicken.", "vegetarian"),
        ("Keto since the summer, but I miss toast.", "keto"),
        ("Второй год веганка, и родня уже смирилась.", "vegan"),
        ("Мы с тобой не знакомы, но мы веганы, так что без сыра, пожалуйста.", "vegan"),
    ],
)
def test_a_diet_with_how_long_it_has_held(text: str, diet: str) -> None:
    assert ("speaker", "diet", diet) in _facts(text)


@pytest.mark.parametrize(
    "text",
    ["Vegan food round here is dire.", "Кето — это не моё, я пробовала.", "Vegan since she moved in, apparently."],
)
def test_a_diet_named_as_a_topic_is_nobodys(text: str) -> None:
    assert not any(s == "speaker" and a == "diet" for s, a, _ in _facts(text))


def test_a_profile_list_for_a_dating_profile_with_pets_in_brackets() -> None:
    facts = _facts("For my Hinge profile: 36, occupational therapist, Exeter, two dogs (Pickle and Bramble). Make it warmer?")
    assert {("speaker", "age", "36"), ("speaker", "city", "Exeter"), ("speaker", "pet_dog", "Pickle"),
            ("speaker", "pet_dog", "Bramble")} <= facts
    ru = _facts("Для анкеты: 41 год, Самара, электрик, кот Персик. Сократи.")
    assert {("speaker", "age", "41"), ("speaker", "city", "Самара"), ("speaker", "pet_cat", "Персик")} <= ru


def test_a_profile_list_for_someone_else_is_not_the_speakers() -> None:
    facts = _facts("For my sister's profile: 29, nurse, Leeds, one cat (Olive).")
    assert not any(s == "speaker" for s, _, _ in facts)


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("I'm in PyCharm if it matters, and the debugger won't attach.", ("speaker", "editor", "PyCharm")),
        ("Вкалываю на «Магните» грузчиком, смены два через два.", ("speaker", "employer", "Магнит")),
        ("Сижу на манжаро, обновления ломают звук.", ("speaker", "operating_system", "Manjaro")),
        ("Второй год хожу на самбо, колени ноют.", ("speaker", "sport", "самбо")),
    ],
)
def test_tools_and_work_said_in_passing(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_an_if_that_conditions_the_fact_still_blocks_it() -> None:
    assert not any(a == "editor" for _, a, _ in _facts("I'm in PyCharm if the licence gets renewed."))
    assert not any(a == "employer" for _, a, _ in _facts("Работаю в «Магните», через месяц ухожу в «Ленту».")) or (
        ("speaker", "employer", "Лента") not in _facts("Работаю в «Магните», через месяц ухожу в «Ленту»."))
