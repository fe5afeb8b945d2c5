"""Russian capabilities, session 6: a relative or a pet named between commas after its noun ("Муж,
Тихон, ...", "Кот наш, Бублик, ...": the name is the noun's apposition and the clause's predicate
is said of that relative), and car names said in Cyrillic given in their Latin form. Sentences
written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, "ru")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the name between commas after a spouse noun: the relation and the predicate, by the name
        ("Жена, Олеся, бухгалтером работает.", {("speaker", "spouse", "Олеся"), ("Олеся", "job_title", "бухгалтер")}),
        ("Муж у меня, Ринат, возит детей на тренировки.", {("speaker", "spouse", "Ринат")}),
        ("Я повар, а жена моя, Камила, парикмахер, так что выходные у нас разные.",
         {("speaker", "job_title", "повар"), ("speaker", "spouse", "Камила"), ("Камила", "job_title", "парикмахер")}),
        ("Парень мой, Глеб, веган, а я ем всё.", {("speaker", "partner", "Глеб"), ("Глеб", "diet", "vegan")}),
        # a relative without a relation fact: the predicate keyed by the name
        ("Мой начальник, Аркадий, пишет только на Котлине.",
         {("speaker", "manager", "Аркадий"), ("Аркадий", "programming_language", "Kotlin")}),
        ("Сосед по квартире, Егор, на саксофоне играет по ночам.", {("Егор", "instrument", "саксофон")}),
        ("У меня сестра, Алина, живёт в Перми.", {("Алина", "city", "Пермь")}),
        # a pet noun: the pet's name; the capitalised pet noun itself is no one's name
        ("Пёс наш, Тузик, спит на диване.", {("speaker", "pet_dog", "Тузик")}),
        ("Кошка наша, Муся, пока живёт у бабушки в Сочи.", {("speaker", "pet_cat", "Муся")}),
        ("Такса моя, Ириска, уверена, что она тут главная.", {("speaker", "pet_dog", "Ириска")}),
        # a dative relative named between commas, then an age
        ("Сыну моему, Мирону, девять, а он уже выше меня.", {("Мирон", "age", "9")}),
        ("Брату, Олегу, звонил вчера 2 раза.", set()),
        # non-examples: a list of people, someone else's relative, no name between the commas
        ("Мама, Оля, Петя — все приехали на дачу.", set()),
        ("Муж, как всегда, на работе.", set()),
        ("Его жена, Лариса, работает врачом.", {("Лариса", "job_title", "врач")}),
    ],
)
def test_relative_named_between_commas(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a foreign brand or model in any case form: its Latin name, the model after the brand kept
        ("Тесть ездит на Шкоде Кодиак.", {("speaker's father-in-law", "car", "Skoda Kodiaq")}),
        ("Сестра купила Тойоту Ярис.", {("speaker's sister", "car", "Toyota Yaris")}),
        ("Подруга ездит на Омоде.", {("speaker's friend", "car", "Omoda")}),
        ("Брат купил Фольксваген Джетта.", {("speaker's brother", "car", "Volkswagen Jetta")}),
        ("Дядя Вова ездит на Кашкае.", {("Вова", "car", "Nissan Qashqai")}),
        ("Сосед гоняет на Хавейле.", {("speaker's neighbour", "car", "Haval")}),
        # a Russian maker's car keeps its name
        ("Отец ездит на Весте.", {("speaker's father", "car", "Лада Веста")}),
        # non-examples: a model's name that is a common word after a verb of buying, a plan
        ("Купила Атлас мира для дочки.", set()),
        ("Хочу купить Шкоду Йети.", set()),
    ],
)
def test_car_in_cyrillic_by_its_latin_name(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a town alone (or "из" / "г." before it) in a list that introduces the speaker
        ("Олег, 40, прораб, Сочи.", {("speaker", "name", "Олег"), ("speaker", "age", "40"), ("speaker", "city", "Сочи"), ("speaker", "job_title", "прораб")}),
        ("Вероника, медсестра, Кострома.", {("speaker", "name", "Вероника"), ("speaker", "city", "Кострома"), ("speaker", "job_title", "медсестра")}),
        ("Инженер-технолог, Тула.", {("speaker", "city", "Тула")}),
        ("Марина, 35, из Твери.", {("speaker", "name", "Марина"), ("speaker", "age", "35"), ("speaker", "city", "Тверь")}),
        ("Бухгалтер, г. Киров.", {("speaker", "city", "Киров")}),
        # a job stretch ending in "из" / "в" + the town
        ("Денис, 31, сантехник из Вологды.", {("speaker", "name", "Денис"), ("speaker", "age", "31"), ("speaker", "city", "Вологда"), ("speaker", "job_title", "сантехник")}),
        # non-examples: a name and a town only, a relative's list, a question, someone else's verb
        ("Маша, Москва.", set()),
        ("Двоюродная сестра — 25 лет, Самара.", set()),
        ("Стоматолог, Казань?", set()),
        ("Олег, 40, прораб, уехал в Сочи.", {("speaker", "name", "Олег"), ("speaker", "age", "40")}),
    ],
)
def test_town_in_a_self_introduction(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_a_russian_fact_line_names_a_latin_brand_in_russian_too() -> None:
    from memlab.knowledge.extract.consolidator import USER, render

    line = render(USER, "car", "Mazda", "ru")
    assert "Mazda" in line and "Мазда" in line  # a Russian question about «Мазду» finds it
    assert "(" not in render(USER, "car", "Лада Веста", "ru")  # a Russian maker keeps its own name
