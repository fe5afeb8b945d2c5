"""Russian extraction families, fourth round: a running count of weeks or years "в" a place or an
organisation ("вторая неделя в Иркутске", "восьмой год в «Аэрофлоте»"); "по образованию" with
the subject between or the degree before it; the town one works in ("работаю в Перми", "служит
механиком в Мурманске"). Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _facts(text: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, "ru")


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # an ordinal week counts a stay; a quoted organisation after "в"
        ("третья неделя в Казани, пока привыкаю", {("speaker", "city", "Казань")}, set()),
        ("Пятый год в «Ростелекоме» инженером связи.", {("speaker", "employer", "Ростелеком")}, set()),
        ("вторая неделя в «Озоне», коллеги отличные", {("speaker", "employer", "Озон")}, set()),
        # a plain count of weeks is a trip, not a home; a question or someone else's: nothing
        ("Две недели в Сочи, море тёплое.", set(), {("speaker", "city", "Сочи")}),
        ("Третья неделя в Казани?", set(), {("speaker", "city", "Казань")}),
        ("Брат третий год в «Магните».", set(), {("speaker", "employer", "Магнит")}),
    ],
)
def test_running_count(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("По образованию я биолог, а работаю сейчас бухгалтером.",
         {("speaker", "degree", "биолог"), ("speaker", "job_title", "бухгалтер")}, {("speaker", "job_title", "биолог")}),
        ("Я физик по образованию, пишу код.", {("speaker", "degree", "физик")}, {("speaker", "job_title", "физик")}),
        ("По образованию брат архитектор.", {("speaker's brother", "degree", "архитектор")}, set()),
        ("По образованию я не химик.", set(), {("speaker", "degree", "химик"), ("speaker", "job_title", "химик")}),
        ("По образованию он юрист.", set(), {("speaker", "degree", "юрист")}),
    ],
)
def test_by_training(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("Сейчас работаю в Перми, живу рядом с офисом.", {("speaker", "city", "Пермь")}, set()),
        ("Моя тётя Зоя трудится швеёй в Иваново.", {("Зоя", "city", "Иваново")}, set()),
        ("Племянник служит механиком в Мурманске.", {("speaker's nephew", "city", "Мурманск")}, set()),
        # the past, the future, a want, a denial, a question, a country: no town
        ("Раньше работал в Перми.", set(), {("speaker", "city", "Пермь")}),
        ("Буду работать в Перми.", set(), {("speaker", "city", "Пермь")}),
        ("Мечтаю работать в Перми.", set(), {("speaker", "city", "Пермь")}),
        ("Я не работаю в Перми.", set(), {("speaker", "city", "Пермь")}),
        ("Ты работаешь в Перми?", set(), {("speaker", "city", "Пермь")}),
        ("Работаю в Германии.", set(), {("speaker", "city", "Германия")}),
    ],
)
def test_work_town(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a tool after a preposition of aversion or exclusion is not the one used
        ("Сижу на Linux, от винды меня тошнит.", {("speaker", "operating_system", "Linux")}, {("speaker", "operating_system", "Windows")}),
        ("Использую любые браузеры, кроме Сафари.", set(), {("speaker", "browser", "Safari")}),
        # "без" may name a diet
        ("без лактозы уже год", {("speaker", "diet", "lactose-free")}, set()),
    ],
)
def test_against(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a third-person conjunct hung on a first-person verb: the named subject before it
        ("Марк, мой муж, играет на скрипке, а джаз мы оба любим.",
         {("Марк", "instrument", "скрипка")}, {("speaker", "instrument", "скрипка")}),
        ("Вера, моя соседка, бегает по утрам, а по вечерам мы гуляем.", set(), {("speaker", "sport", "бег")}),
        ("Играю на скрипке и пою.", {("speaker", "instrument", "скрипка")}, set()),
    ],
)
def test_conjunct_agreement(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a genitive common noun completes the job noun; a workplace named beside it is the employer
        ("Работаю администратором ресторана «Пушкин».",
         {("speaker", "job_title", "администратор ресторана"), ("speaker", "employer", "Пушкин")}, set()),
        ("Сестра работает учителем музыки.", {("speaker's sister", "job_title", "учитель музыки")}, set()),
        ("Работаю аналитиком данных в Озоне.",
         {("speaker", "job_title", "аналитик данных"), ("speaker", "employer", "Озон")}, {("speaker", "city", "Озон")}),
        # a company natasha calls a place is no town
        ("Работаю курьером в Яндексе.", {("speaker", "employer", "Яндекс")}, {("speaker", "city", "Яндекс")}),
        # a person or a time word after the job noun is not part of the title
        ("Работаю помощником мамы.", set(), {("speaker", "job_title", "помощник мамы")}),
        ("Работаю курьером года два.", {("speaker", "job_title", "курьер")}, {("speaker", "job_title", "курьер года")}),
        ("Раньше работал директором магазина.", set(), {("speaker", "job_title", "директор магазина")}),
    ],
)
def test_job_of(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a name with no genitive reading is the relative's own name, whatever natasha tags it
        ("сестра Айгуль переехала в Пермь", {("Айгуль", "city", "Пермь")}, {("speaker's sister", "city", "Пермь")}),
        ("брат Тагир живёт в Омске", {("Тагир", "city", "Омск")}, set()),
        # a genitive name is the owner
        ("брат Тимура живёт в Омске", {("Тимур's brother", "city", "Омск")}, {("Тимур", "city", "Омск")}),
        # "у тёти Гали": both in the genitive, side by side: the aunt by her name
        ("У дяди Вити живёт кот Маркиз.", {("Витя", "pet_cat", "Маркиз")}, {("speaker's uncle", "pet_cat", "Маркиз")}),
        ("У дяди Вити жил кот Маркиз.", set(), {("Витя", "pet_cat", "Маркиз")}),
    ],
)
def test_relative_by_name(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a past-time phrase inside a relative clause dates that clause, not the main one
        ("Дома у нас живёт серая кошка Муся, которую мы когда-то взяли из приюта.", {("speaker", "pet_cat", "Муся")}, set()),
        ("У меня попугай Гоша, которого я в детстве выпросил у родителей.", {("speaker", "pet_parrot", "Гоша")}, set()),
        # a past-time phrase of the main clause still blocks
        ("Когда-то у меня жила кошка Муся.", set(), {("speaker", "pet_cat", "Муся")}),
        ("Раньше у меня был попугай Гоша, которого я очень любил.", set(), {("speaker", "pet_parrot", "Гоша")}),
    ],
)
def test_past_in_relative_clause(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # "на" hung on the adjective before the car; the car's name stops where the phrase breaks
        ("Брат ездит на чёрной Toyota Camry.", {("speaker's brother", "car", "Toyota Camry")}, set()),
        ("Катаюсь на синей Kia Ceed, которой уже семь лет, и продавать её пока не собираюсь.",
         {("speaker", "car", "Kia Ceed")}, {("speaker", "car", "Kia Ceed семь")}),
        ("Брат ездил на чёрной Toyota Camry.", set(), {("speaker's brother", "car", "Toyota Camry")}),
        ("Не езжу на старой Toyota Camry.", set(), {("speaker", "car", "Toyota Camry")}),
    ],
)
def test_car_after_adjective(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a verb of moving the speaker into a line of work: the team
        ("С понедельника меня перевели в поддержку, отвечаю клиентам.", {("speaker", "team", "поддержка")}, set()),
        ("Нас перекинули к маркетингу, пока привыкаем.", {("speaker", "team", "маркетинг")}, set()),
        ("Меня обещают забрать в аналитику.", set(), {("speaker", "team", "аналитика")}),
        ("Меня не перевели в поддержку.", set(), {("speaker", "team", "поддержка")}),
        ("Меня забрали в больницу.", set(), {("speaker", "team", "больница")}),
        ("Коллегу перевели в поддержку.", set(), {("speaker", "team", "поддержка")}),
    ],
)
def test_moved_to_team(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        ("Племянница поступила в МГУ на химфак.", {("speaker's niece", "university", "МГУ")}, set()),
        ("Дима перевёлся в УрФУ и доволен.", {("Дима", "university", "УрФУ")}, set()),
        ("Сын поступил в Бауманку.", {("speaker's son", "university", "Бауманка")}, set()),
        # a job, a wish, the future, a denial, a question: no university
        ("Поступил в Яндекс на стажировку.", set(), {("speaker", "university", "Яндекс")}),
        ("Дочь мечтает поступить в МГУ.", set(), {("speaker's daughter", "university", "МГУ")}),
        ("Сын не поступил в МГУ.", set(), {("speaker's son", "university", "МГУ")}),
        ("Сын поступит в МГУ?", set(), {("speaker's son", "university", "МГУ")}),
        ("Коля перевёлся в Озон.", set(), {("Коля", "university", "Озон")}),
    ],
)
def test_enrolled(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a counted year of study hangs the school on "курсе"
        ("Учусь на втором курсе в МИФИ, прикладная математика.", {("speaker", "university", "МИФИ")}, set()),
        ("Брат учится на четвёртом курсе Томского политехнического университета.",
         {("speaker's brother", "university", "Томский политехнический университет")}, set()),
        ("Дочь учится на первом курсе МГУ.", {("speaker's daughter", "university", "МГУ")}, set()),
        # a class, the past, a question: no university
        ("Учусь на курсе в Skyeng.", set(), {("speaker", "university", "Skyeng")}),
        ("Учился на третьем курсе в МИФИ.", set(), {("speaker", "university", "МИФИ")}),
        ("Ты учишься на втором курсе в МИФИ?", set(), {("speaker", "university", "МИФИ")}),
    ],
)
def test_year_of_study(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a verbless "noun — value" stretch is not negated by a later clause's verb past a comma
        ("Мой любимый фильм — «Брат», и спорить не буду.", {("speaker", "favorite_movie", "Брат")}, set()),
        ("Моя любимая группа — «Сплин», и я не знаю почему.", {("speaker", "favorite_band", "Сплин")}, set()),
        # its own negation or hedge still counts
        ("Моя любимая группа — не «Сплин», и это важно.", set(), {("speaker", "favorite_band", "Сплин")}),
        ("Моя любимая группа, наверное, — «Сплин».", set(), {("speaker", "favorite_band", "Сплин")}),
    ],
)
def test_verbless_before_later_clause(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a later stretch with a subject that names nobody keeps its oblique from the first subject
        ("Марина пишет на Swift, а все остальные, включая меня, — на Kotlin.",
         {("Марина", "programming_language", "Swift")}, {("Марина", "programming_language", "Kotlin")}),
        ("Брат сидит на маке, а остальные на винде.",
         {("speaker's brother", "operating_system", "macOS")}, {("speaker's brother", "operating_system", "Windows")}),
        # a subject of its own still takes it
        ("Марина пишет на Swift, а я на Kotlin.", {("speaker", "programming_language", "Kotlin")}, {("Марина", "programming_language", "Kotlin")}),
    ],
)
def test_gap_with_others(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a verb hung on a nominal clause ("X больше не Y — ...") takes that clause's named subject
        ("Миша больше не курьер — устроился поваром в кафе.", {("Миша", "job_title", "повар")}, set()),
        # the verb must agree with the name; a plan is not a job
        ("Миша больше не курьер — устроилась поваром.", set(), {("Миша", "job_title", "повар")}),
        ("Миша больше не курьер — устроюсь поваром.", set(), {("Миша", "job_title", "повар")}),
    ],
)
def test_nominal_clause_subject(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # an unnamed giver: the one given to has it now
        ("На Новый год мне подарили Pixel 8, очень доволен.", {("speaker", "phone", "Pixel 8")}, set()),
        ("Сестре подарили iPhone 15.", {("speaker's sister", "phone", "iPhone 15")}, set()),
        # not given, ahead, asked
        ("Мне так и не подарили Pixel 8.", set(), {("speaker", "phone", "Pixel 8")}),
        ("Мне подарят Pixel 8.", set(), {("speaker", "phone", "Pixel 8")}),
        ("Тебе подарили Pixel 8?", set(), {("speaker", "phone", "Pixel 8")}),
    ],
)
def test_given_to(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # verbs of settling in name the town one lives in
        ("Потихоньку осваиваюсь в Твери, соседи приятные.", {("speaker", "city", "Тверь")}, set()),
        ("Никак не обживусь в Твери.", set(), {("speaker", "city", "Тверь")}),
        ("Осваиваюсь в новой команде.", set(), {("speaker", "city", "команда")}),
    ],
)
def test_settling_in(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # a job noun joined to its speciality by a hyphen
        ("Сестра врач-терапевт, принимает в поликлинике.", {("speaker's sister", "job_title", "врач-терапевт")}, set()),
        ("Я не врач-терапевт.", set(), {("speaker", "job_title", "врач-терапевт")}),
        ("Я человек-оркестр.", set(), {("speaker", "job_title", "человек-оркестр")}),
        # "служить" + an instrumental role is a job; "служит примером" is not
        ("Племянник служит штурманом в Мурманске.", {("speaker's nephew", "job_title", "штурман")}, set()),
        ("Брат служит мне примером.", set(), {("speaker's brother", "job_title", "пример")}),
    ],
)
def test_compound_and_service_jobs(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # feminine student nouns and a school's nickname in the genitive
        ("Я магистрантка МГУ, пишу диплом.", {("speaker", "university", "МГУ")}, set()),
        ("Сестра теперь студентка Плешки.", {("speaker's sister", "university", "Плешка")}, set()),
        ("Я не студентка Плешки.", set(), {("speaker", "university", "Плешка")}),
    ],
)
def test_student_of_nickname(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # an adjective between "у X" and the car
        ("у брата новая Тойота Камри.", {("speaker's brother", "car", "Toyota Camry")}, set()),
        ("у нас старенькая Шкода Октавия, но бегает бодро.", {("speaker", "car", "Skoda Octavia")}, set()),
        ("у нас была старенькая Шкода Октавия.", set(), {("speaker", "car", "Skoda Octavia")}),
    ],
)
def test_owned_car_after_adjective(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # an instrumental role natasha tags a second subject of a verb of work
        ("Дядя Коля уже тридцать лет работает токарем.", {("Коля", "job_title", "токарь")}, set()),
        ("Дядя Коля не работает токарем.", set(), {("Коля", "job_title", "токарь")}),
        ("Дядя Коля раньше работал токарем.", set(), {("Коля", "job_title", "токарь")}),
    ],
)
def test_role_tagged_subject(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got
