"""Updates read against memory (issue 10, thirteenth round): shapes from the update scenarios of the
tuned blind sets dev12-dev15, each tested here in new wordings, as a user meets them: messages on
their days, one nightly maintain(), then the question. Each shape has a look-alike that must leave
the old value current."""

from __future__ import annotations

from typing import Any

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _run(tmp_path: Any, lang: str, turns: list[str], question: str, current: str, stale: str) -> dict[str, Any]:
    from memlab.bench.statements import run_scenario

    scenario = {
        "id": "s13",
        "lang": lang,
        "turns": [{"speaker": "user", "text": text, "day": 12 * k} for k, text in enumerate(turns)],
        "question": question,
        "asker": "user",
        "current": current,
        "stale": [stale],
    }
    return run_scenario(scenario, workdir=tmp_path)


@pytest.mark.parametrize(
    ("lang", "turns", "question", "current", "stale"),
    [
        # getting a new phone or car is the change itself
        ("en", ["My Pixel 6 overheats every time I film anything.", "Gave in and bought an iPhone 14 at the weekend."],
         "What phone do I have?", "iPhone 14", "Pixel 6"),
        ("ru", ["Езжу на Логане, ему уже десять лет.", "Купил Камри, наконец-то кондиционер работает."],
         "На какой машине я езжу?", "Toyota Camry", "Renault Logan"),
        # moving over to a firm (no town) is a new employer
        ("en", ["My cousin Declan works at Screwfix on the trade counter.", "Declan's moved over to Toolstation, the pay is better."],
         "Where does Declan work?", "Toolstation", "Screwfix"),
        # an opening past verb natasha tags a name ("Выучилась на ...")
        ("ru", ["Подруга моя Лиза — медсестра в поликлинике.", "Лиза ушла из поликлиники. Переучилась на визажиста, работает теперь в студии."],
         "Кем работает Лиза?", "визажист", "медсестра"),
        # done with a town: «С X всё — уехала в Y»
        ("ru", ["Живу в Твери, работаю в центре.", "С Тверью всё — уехала в Калугу, поближе к сестре."],
         "Где я живу?", "Калуга", "Тверь"),
        # «Наконец-то», a change word with its particle
        ("ru", ["Снимаю квартиру в Люберцах, до работы час.", "Наконец-то своя квартира! Двушка в Балашихе, с ремонтом."],
         "Где я живу?", "Балашиха", "Люберцы"),
        # an instrument swapped in a clause the parse hangs on a verb of needing
        ("en", ["I play the cello in the university orchestra.", "Swapped to the cornet, the brass section needed me."],
         "What instrument do I play?", "cornet", "cello"),
        # the old instrument sold, the new one bought in the next sentence
        ("ru", ["Играю на саксофоне в джазовом кружке.", "Саксофон продал. Купил укулеле, бренчу по вечерам."],
         "На чём я играю?", "укулеле", "саксофон"),
        # a pet gone, and a new one named with no species word, or with its own
        ("ru", ["Кот Барсик опять разодрал диван.", "Барсика не стало весной. Теперь у нас Маркиза, тихая и ласковая."],
         "Как зовут моего питомца?", "Маркиза", "Барсик"),
        ("en", ["Our cat Mittens sleeps on the radiator all day.", "Mittens passed away in March. Meet Bramble! a lurcher from the shelter."],
         "What's my pet called?", "Bramble", "Mittens"),
        # time counted since the change: «Неделю как в ...»
        ("ru", ["Работаю в «Ленте» кассиром.", "Про «Ленту» забудь. Неделю как в «Магните», коллектив хороший."],
         "Где я работаю?", "Магнит", "Лент"),
        # a sport said by where it is done, once a sport is known
        ("ru", ["Хожу на плавание по утрам.", "С плаванием всё, плечо. Теперь скалодром по выходным."],
         "Каким спортом я занимаюсь?", "скалолазани", "плаван"),
        # a bare team "on X now", with talk of work around it
        ("en", ["I'm on the payments team at Monzo.", "Big reshuffle, new manager. I'm on fraud now."],
         "Which team am I on?", "fraud", "payments"),
    ],
)
def test_the_new_value_replaces_the_old(tmp_path: Any, lang: str, turns: list[str], question: str, current: str, stale: str) -> None:
    r = _run(tmp_path, lang, turns, question, current, stale)
    assert r["current_in_facts"] and not r["stale_in_facts"], r["facts"]


@pytest.mark.parametrize(
    ("lang", "turns", "question", "current"),
    [
        # someone else buys one: the speaker's phone or car stays
        ("en", ["My Pixel 6 overheats every time I film anything.", "Bought my mum an iPhone 14 for her birthday."],
         "What phone do I have?", "Pixel 6"),
        ("ru", ["Езжу на Логане, ему уже десять лет.", "Сосед тоже Камри купил, теперь хвастается."],
         "На какой машине я езжу?", "Renault Logan"),
        # moving over to a town is no employer
        ("en", ["My cousin Declan works at Screwfix on the trade counter.", "Declan's moved over to Bristol with his girlfriend."],
         "Where does Declan work?", "Screwfix"),
        # someone else bought the new instrument
        ("ru", ["Играю на саксофоне в джазовом кружке.", "Сосед купил укулеле, бренчит по вечерам."],
         "На чём я играю?", "саксофон"),
        # a pet still here, and a guest named after «у нас»
        ("ru", ["Кот Барсик опять разодрал диван.", "Теперь у нас Маркиза гостит, подруга уехала в отпуск."],
         "Как зовут моего питомца?", "Барсик"),
        # a month "in" something that is no workplace
        ("ru", ["Работаю в «Ленте» кассиром.", "Месяц как в отпуске, красота."], "Где я работаю?", "Лент"),
        # "on" something that is no team
        ("en", ["I'm on the payments team at Monzo.", "My manager says I'm on holiday now, finally."],
         "Which team am I on?", "payments"),
    ],
)
def test_a_look_alike_leaves_the_old_value(tmp_path: Any, lang: str, turns: list[str], question: str, current: str) -> None:
    r = _run(tmp_path, lang, turns, question, current, "-")
    assert r["current_in_facts"], r["facts"]


def _facts(text: str, lang: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("Living in Swansea means the rain is basically a personality trait.", "en", ("speaker", "city", "Swansea")),
        ("I'm a teaching assistant this year, mostly phonics groups.", "en", ("speaker", "job_title", "teaching assistant")),
        ("У нас живёт кошка по кличке Ночка, вредная ужасно.", "ru", ("speaker", "pet_cat", "Ночка")),
        ("Теперь у меня пёс по имени Граф.", "ru", ("speaker", "pet_dog", "Граф")),
        ("Ten hours on the ward and being a midwife is still the best job going.", "en", ("speaker", "job_title", "midwife")),
        ("Библиотекарь я в районной библиотеке, зарплата смешная.", "ru", ("speaker", "job_title", "библиотекарь")),
        ("Учусь на виолончели, второй год уже.", "ru", ("speaker", "instrument", "виолончель")),
        ("Arch kept eating my weekends, so I've gone over to Pop!_OS.", "en", ("speaker", "operating_system", "Pop!_OS")),
        ("Second night in the Shrewsbury house and the boiler has already packed in.", "en", ("speaker", "city", "Shrewsbury")),
        ("Week three in the Ocado warehouse, my step count is ridiculous.", "en", ("speaker", "employer", "Ocado")),
        ("Day five on Fedora and nothing has caught fire.", "en", ("speaker", "operating_system", "Fedora")),
        ("Our entire API is written in Kotlin, so keep the examples in that.", "en", ("speaker", "programming_language", "Kotlin")),
        ("my service is all Go, is there a decent ORM?", "en", ("speaker", "programming_language", "Go")),
    ],
)
def test_statements(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, lang)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Living in Swansea would drive me mad.", "en"),
        ("Living in Swansea was the worst two years of my life.", "en"),
        ("I'm starting as a teaching assistant this year.", "en"),
        ("У соседей кошка по кличке Ночка.", "ru"),
        ("Хотим завести кошку по кличке Ночка.", "ru"),
        ("Being a midwife would have suited me.", "en"),
        ("I'm so tired of being a pushover.", "en"),
        ("Учусь на врача, третий курс.", "ru"),
        ("We went over to Leeds for my cousin's wedding.", "en"),
        ("Day two in Prague and it hasn't stopped raining.", "en"),
        ("First night in the Shrewsbury house is next Friday.", "en"),
        ("Last night in the Shrewsbury house, the van comes at eight.", "en"),
        ("Our API was written in Kotlin before the rewrite.", "en"),
        ("Their API is written in Kotlin.", "en"),
        ("My lead reckons our API is written in Kotlin.", "en"),
    ],
)
def test_statement_look_alikes(text: str, lang: str) -> None:
    assert not {f for f in _facts(text, lang) if f[0] == "speaker" and f[1] in ("city", "job_title", "pet_cat", "instrument", "programming_language")}
