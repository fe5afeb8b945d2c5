"""Russian extraction families, second round: precision fixes (an object in the instrumental is no
job, a street is no city, a digit glued to a name stays), clipped cities, conversational "если",
the town one comes from and lives in, relatives' jobs with "у меня". Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, "ru")


def _updates(known: dict[str, list[tuple[str, str]]], text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return {(f.subject, f.attribute, f.value) for f in updates(parse(text, "ru"), known, text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a noun after a preposition is whom one deals with, not what one is
        ("я с юристом посоветовался вчера", set()),
        ("я юрист", {("speaker", "job_title", "юрист")}),
        # a street or a district after "на" beside the city after "в"
        ("мы в Казани живём, прямо на Баумана", {("speaker", "city", "Казань")}),
        # a number glued to the name is part of it
        ("работаю в 2ГИС уже год", {("speaker", "employer", "2ГИС")}),
        # a clipped city name the parser reads as an adjective, and "если кому интересно"
        ("я в Нижнем живу, если кому интересно", {("speaker", "city", "Нижний Новгород")}),
        ("если честно, живу в Омске", {("speaker", "city", "Омск")}),
        ("если переедем в Омск, будет весело", set()),
        # "если что" hung on the verb as its own clause conditions nothing (the advcl check)
        ("Я живу в Орске, если что.", {("speaker", "city", "Орск")}),
        ("Если переедем, я буду жить в Курске.", set()),
        # where one comes from is where one lives when "тут" points at it
        ("я из Иркутска, тут и живу", {("speaker", "city", "Иркутск")}),
        ("я из Иркутска, но живу не тут", set()),
        ("папа из Иркутска, а я тут живу", set()),
        # a relative's job with "у меня" between
        ("папа у меня электрик", {("speaker's father", "job_title", "электрик")}),
        # pets: a name after a comma, a breed after the species, "есть" with no owner, a list of names
        ("теперь у нас ёжик, Колючка", {("speaker", "pet_hedgehog", "Колючка")}),
        ("есть кошка, мейн-кун Зефир", {("speaker", "pet_cat", "Зефир")}),
        ("у тёти Гали три кошки, Жужа, Буся и Тошка",
         {("Галя", "pet_cat", "Жужа"), ("Галя", "pet_cat", "Буся"), ("Галя", "pet_cat", "Тошка")}),
        ("у нас есть идея, Маша", set()),
        # "зовут" of a pet: by a possessive, by the owner's genitive, or after a comma
        ("нашу черепаху зовут Тортилла", {("speaker", "pet_tortoise", "Тортилла")}),
        ("кота бабушки зовут Мурзик", {("speaker's grandmother", "pet_cat", "Мурзик")}),
        ("у дяди попугай, зовут Кеша", {("speaker's uncle", "pet_parrot", "Кеша")}),
        # a foreign name the dictionary lacks keeps its form after "у"
        ("у Юки шиншилла Моко", {("Юки", "pet_chinchilla", "Моко")}),
        # a team after "в команде", whoever the clause is about; an organisation after it
        ("сижу в команде логистики, всё горит", {("speaker", "team", "логистика")}),
        ("я в Сбере, в команде Онлайна", {("speaker", "employer", "Сбер"), ("speaker", "team", "Онлайн")}),
        ("я в команде поддержки в Авито", {("speaker", "team", "поддержка"), ("speaker", "employer", "Авито")}),
        ("сын играет в команде школы", set()),
        # employers: a big Russian company natasha calls LOC, time counted at a company, the
        # company after the role, a second oblique after a comma; an unknown LOC stays neither
        ("я в Ростелекоме, жена в Магните", {("speaker", "employer", "Ростелеком"), ("speaker's wife", "employer", "Магнит")}),
        ("я в Лимассоле", set()),
        ("в Альфа-Банке уже пятый год", {("speaker", "employer", "Альфа-Банк")}),
        ("в Казани уже пятый год", {("speaker", "city", "Казань")}),  # years counted in a town: no employer, the city
        ("сестра работает юристом в Т-Банке", {("speaker's sister", "job_title", "юрист"), ("speaker's sister", "employer", "Т-Банк")}),
        ("работаю на удалёнке, в Яндексе", {("speaker", "employer", "Яндекс")}),
        # tools: a verbless "X на винде", "а я в VS Code", "у нас прод на постгресе", "пишу на го"
        ("Гоша на линуксе, бедолага", {("Гоша", "operating_system", "Linux")}),
        ("брат сидит в Emacs, а я в Vim", {("speaker's brother", "editor", "Emacs"), ("speaker", "editor", "Vim")}),
        ("у нас бэкенд на постгресе", {("speaker", "database", "PostgreSQL")}),
        ("пишу на го второй год", {("speaker", "programming_language", "Go")}),
        ("го гулять", set()),
        ("у меня Linux, Pixel 8", {("speaker", "operating_system", "Linux"), ("speaker", "phone", "Pixel 8")}),
        ("работаю на маке и на линуксе", {("speaker", "operating_system", "macOS"), ("speaker", "operating_system", "Linux")}),
        ("храним логи в ClickHouse", {("speaker", "database", "ClickHouse")}),
        # a verbless stretch with a diet noun or a town
        ("муж мясоед, а моя подруга Вера — строгая веганка", {("Вера", "diet", "vegan")}),
        ("сосед по комнате вегетарианец", {("speaker's roommate", "diet", "vegetarian")}),
        ("дядя сейчас в Мурманске", {("speaker's uncle", "city", "Мурманск")}),
        # cars by a Russian model or brand in any case form, with or without a verb
        ("езжу на стареньком Логане", {("speaker", "car", "Renault Logan")}),
        ("брат на Тойоте, а я на Калине", {("speaker's brother", "car", "Toyota"), ("speaker", "car", "Лада Калина")}),
        ("я на Шкоде Рапиде", {("speaker", "car", "Skoda Rapid")}),
        ("я на поле", set()),
        # a spouse or partner named in apposition, or married with "мы с X"
        ("мужу Коле 45, а мне 40", {("speaker", "spouse", "Коля"), ("Коля", "age", "45"), ("speaker", "age", "40")}),
        ("с женой, Олесей, живём в Твери", {("speaker", "spouse", "Олеся"), ("speaker", "city", "Тверь")}),
        ("бывшая жена Олеся звонила", set()),
        ("мы с Никитой поженились весной", {("speaker", "spouse", "Никита")}),
        ("мы с Никитой не женаты", set()),
        # a feminine job noun; "подсадили на X" hooks the speaker
        ("теперь я бэкенд-разработчица", {("speaker", "job_title", "бэкенд-разработчица")}),
        ("друзья подсадили на Neovim", {("speaker", "editor", "Neovim")}),
        ("я подсадил брата на Neovim", set()),
        # a possessive adjective of a name or a relative owns its noun
        ("Димин пёс Граф лает ночами", {("Дима", "pet_dog", "Граф")}),
        ("папин кот Васька спит", {("speaker's father", "pet_cat", "Васька")}),
        ("с подругой моей, Алиной, снимаем квартиру", set()),
        # a car after "у X"
        ("у Кости теперь Киа Рио", {("Костя", "car", "Kia Rio")}),
        ("у брата Шкода, а у меня Нива", {("speaker's brother", "car", "Skoda"), ("speaker", "car", "Лада Нива")}),
        # "X — моё всё": a pastime
        ("сальса теперь моё всё", {("speaker", "hobby", "сальса")}),
        ("дочка — моё всё", set()),
        # a name, "у нас", a manager noun; "я его админ" is no job
        ("Тамара Петровна у нас начальница, добрая", {("speaker", "manager", "Тамара Петровна")}),
        ("у нас Redis, я его админ", {("speaker", "database", "Redis")}),
        # a university by its nickname in lower case
        ("учусь в плешке на менеджменте", {("speaker", "university", "Плешка")}),
        # colloquial verbs of playing; a first-person singular verb is the speaker's whatever the parse
        ("бренчу на укулеле, соседи терпят", {("speaker", "instrument", "укулеле")}),
        # a town after the country it is in
        ("я сейчас в Армении, в Гюмри", {("speaker", "country", "Армения"), ("speaker", "city", "Гюмри")}),
        # staying in a town
        ("я остаюсь в Вологде", {("speaker", "city", "Вологда")}),
        ("дядя сейчас в Норвегии", {("speaker's uncle", "country", "Норвегия")}),
        # "в школе" is a time of life only with a past verb: a teacher works there now
        ("я учительница химии в школе", {("speaker", "job_title", "учительница химии")}),  # the genitive completes the title
        ("в школе занималась гимнастикой", set()),
        # a verb of a pastime, "X затянула"
        ("по вечерам вышиваю, очень успокаивает", {("speaker", "hobby", "вышивка")}),
        ("рисую гуашью, пока без уроков", {("speaker", "hobby", "гуашь")}),
        ("Лена вяжет шарфы на продажу", {("Лена", "hobby", "вязание")}),
        ("не вышиваю, терпения нет", set()),
        ("керамика затянула, хожу в студию", {("speaker", "hobby", "керамика")}),
        ("работа затянула", set()),
        # a dish loved or got hooked on, with eating said
        ("обожаю сырники, готова есть их на завтрак всегда", set()),
        ("обожаю манты, могу есть хоть неделю подряд", {("speaker", "favorite_food", "манты")}),
        ("подсела на рамен, ем через день", {("speaker", "favorite_food", "рамен")}),
        ("обожаю Олю, ем каждый день", set()),
    ],
)
def test_statements(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_an_emoji_between_clauses_ends_a_sentence() -> None:
    from memlab.knowledge.extract.nlp import parse

    assert [s.text for s in parse("Бублика больше нет 😢 вчера взяли щенка, Тоффи", "ru")] == [
        "Бублика больше нет 😢", "вчера взяли щенка, Тоффи"
    ]


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Кеша улетел в окно, искали весь день", True),
        ("Луны больше нет", True),
        ("Кеша опять улетел на шкаф", False),
        ("Кеша пропал, но к вечеру нашёлся", False),
    ],
)
def test_a_pet_that_flew_off_or_ran_away_is_gone(text: str, gone: bool) -> None:
    from memlab.knowledge.extract.consolidator import _departed_pets

    known = {"user": {"pet_parrot": "Кеша", "pet_dog": "Луна"}}
    assert bool(_departed_pets(text, "user", known)) is gone


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("перевёлся в биллинг, начальник тот же", {("speaker", "team", "биллинг")}),
        ("перевели в офис на Садовой", set()),
        ("ушла в декрет", set()),
    ],
)
def test_a_team_moved_to_within_the_company(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _updates({"speaker": [("team", "поиск")]}, text) == expected


@pytest.mark.parametrize(
    ("text", "lang"),
    [("у меня Linux, Galaxy S23", "ru"), ("my flatmate Дима is from Omsk", "en"), ("I'm on Fedora", "en")],
)
def test_language_by_words_when_latin_names_outweigh_the_letters(text: str, lang: str) -> None:
    from memlab.knowledge.extract.nlp import language

    assert language(text) == lang


def test_the_users_spouse_is_written_by_the_names_gender() -> None:
    from memlab.knowledge.extract.consolidator import USER, render

    assert render(USER, "spouse", "Оксана", "ru") == "Жена пользователя — Оксана."
    assert render(USER, "spouse", "Тимур", "ru") == "Муж пользователя — Тимур."
    assert render(USER, "spouse", "Саша", "ru") == "Пользователь: супруг(а) — Саша."


def test_everything_on_a_tool_in_the_speakers_own_sentence() -> None:
    assert ("speaker", "programming_language", "Kotlin") in _facts("я андроид-разработчик, всё на Kotlin")
    assert _facts("всё на Kotlin") == set()


def test_an_offer_taken_up_from_a_company_ner_missed() -> None:
    known = {"speaker": [("employer", "Авито")]}
    assert _updates(known, "ушёл из Авито, принял оффер от Т-Банка и уже месяц там работаю") == {("speaker", "employer", "Т-Банк")}
    assert _updates(known, "ушёл из Авито, получил оффер от Т-Банка, но отказался") == set()


def test_a_pet_given_away_by_its_species_and_a_relatives_pet() -> None:
    from memlab.knowledge.extract.consolidator import _departed_pets

    known = {"user's son": {"pet_hamster": "Бублик"}, "user": {"pet_cat": "Мурка"}}
    assert _departed_pets("хомячка отдали бабушке, а сыну купили рыбок", "user", known) == ["user's son|pet_hamster"]
    assert _departed_pets("кошку отдали на передержку", "user", known) == ["user|pet_cat"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("я пью капучино без сиропа", {("speaker", "usual_order", "капучино")}),
        ("по утрам латте, с корицей", {("speaker", "usual_order", "латте")}),
        ("я не пью латте", set()),
    ],
)
def test_a_usual_drink_said_in_the_present(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


def test_a_two_word_drink_in_an_update() -> None:
    assert _updates({"speaker": [("usual_order", "латте")]}, "латте надоел, так что теперь флэт уайт") == {
        ("speaker", "usual_order", "флэт уайт")
    }
