"""Extractor recall families (memlab issue 10, item 3): each with sentences written for these
tests and the non-facts around them that must stay non-facts."""

from __future__ import annotations

import pytest

Triple = tuple[str, str, str]


def _facts(text: str, lang: str) -> set[Triple]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a short question tag after a statement leaves the statement standing
        ("I'm on Debian and the wifi keeps dropping, any ideas?", "en", {("speaker", "operating_system", "Debian")}),
        ("моя начальница — Вера, ясно?", "ru", {("speaker", "manager", "Вера")}),
        ("what editor do you use, guys?", "en", set()),
        ("should I move to Porto, thoughts?", "en", set()),
        # a statement before its own question is read (the question is a sentence of its own)
        ("I work at Klarna, should I stay?", "en", {("speaker", "employer", "Klarna")}),
        # "anymore" / "no longer" bear on their own stretch: the old value, then the new one
        ("No longer in Leeds — I'm in York now", "en", {("speaker", "city", "York")}),
        ("I live in York, well, not anymore", "en", set()),
        ("I'm not in Leeds anymore", "en", set()),
        # a time ahead in a clause of its own is no plan for the others; cues are whole words
        ("я живу в Самаре, отпуск скоро", "ru", {("speaker", "city", "Самара")}),
        ("скоро переезжаю в Самару", "ru", set()),
        ("я водитель скорой", "ru", {("speaker", "job_title", "водитель")}),
        # chat shorthands for jobs, and the place of work after the title
        ("I'm a frontend dev at Klarna", "en", {("speaker", "job_title", "frontend dev"), ("speaker", "employer", "Klarna")}),
        ("я фронтендер", "ru", {("speaker", "job_title", "фронтендер")}),
        ("я бэкендер уже лет семь", "ru", {("speaker", "job_title", "бэкендер")}),
        ("my brother wants to be a dev", "en", set()),
        # a preposition the parse hung on the wrong name still marks the case of the right one
        ("нет, не в Туле уже — я в Твери живу", "ru", {("speaker", "city", "Тверь")}),
    ],
)
def test_statement_cues_are_read_per_stretch(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # with "both" the joined subjects share a fact, whichever of them the parse made the subject
        ("Priya and I both work at Wise", "en", {("speaker", "employer", "Wise"), ("Priya", "employer", "Wise")}),
        ("мы с братом оба работаем в Тинькофф", "ru",
         {("speaker", "employer", "Тинькофф"), ("speaker's brother", "employer", "Тинькофф")}),
        ("мы с братом работаем в Тинькофф", "ru", {("speaker", "employer", "Тинькофф")}),
        ("мы с Лёшей познакомились в Омске", "ru", set()),  # a meeting, no home
        ("me and Tariq went to a gig in Cardiff", "en", set()),
        ("me and Tariq both write Go", "en",
         {("speaker", "programming_language", "Go"), ("Tariq", "programming_language", "Go")}),
    ],
)
def test_joined_subjects_share_a_fact_with_both(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the parse may make the pet noun a modifier of the name: still the owner's pet
        ("my hamster Biscuit escaped again last night", {("speaker", "pet_hamster", "Biscuit")}),
        ("our dog Pepper hates thunder", {("speaker", "pet_dog", "Pepper")}),
        ("if my cat Tom could talk he'd complain", set()),
        ("a dog Pepper would be cute", set()),  # nobody's
    ],
)
def test_a_pet_noun_before_its_name(text: str, expected: set[Triple]) -> None:
    assert _facts(text, "en") == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a request after a comma that the parse made the head does not embed the statement
        ("I'm a nurse at a small clinic, ask me anything", "en", {("speaker", "job_title", "nurse")}),
        ("I think I'm a nurse, ask me", "en", set()),
        ("I'm a nurse, tell her I said hi", "en", set()),
        # a verb after the comma with an object of its own reports nothing
        ("I code in Kotlin at work, my brother builds games in C#", "en",
         {("speaker", "programming_language", "Kotlin"), ("speaker's brother", "programming_language", "C#")}),
        ("I'm vegan, she wrote", "en", set()),
        # the city said with the job title: on the job noun or on the workplace after it
        ("I'm a barista at a tiny cafe in Ghent", "en", {("speaker", "job_title", "barista"), ("speaker", "city", "Ghent")}),
        ("I'm Priya, UX designer in Pune", "en", {("speaker", "name", "Priya"), ("speaker", "job_title", "UX designer"), ("speaker", "city", "Pune")}),
        ("я Оля, учительница из Перми", "ru", {("speaker", "name", "Оля"), ("speaker", "job_title", "учительница"), ("speaker", "city", "Пермь")}),
        ("I'm a nurse in Canada", "en", {("speaker", "job_title", "nurse"), ("speaker", "country", "Canada")}),
        ("I'm a teacher from Ohio", "en", {("speaker", "job_title", "teacher")}),
        ("I was a nurse in Leeds", "en", set()),
        # a nickname is the name in use
        ("I'm Katherine, but just call me Kate", "en", {("speaker", "name", "Kate")}),
        ("меня зовут Елизавета, можно просто Лиза", "ru", {("speaker", "name", "Лиза")}),
        ("please don't call me Bobby", "en", set()),
        ("my friends call me lazy", "en", set()),
        ("everyone calls my brother Tiny", "en", set()),
        ("можно просто кофе?", "ru", set()),
    ],
)
def test_self_introductions(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("my birthday's the 4th of March, no cake please", "en", {("speaker", "birthday", "4th of March")}),
        ("my nephew's birthday is August 9", "en", {("speaker's nephew", "birthday", "August 9")}),
        ("у меня день рождения 19 ноября", "ru", {("speaker", "birthday", "19 ноября")}),
        ("у брата день рождения 2 июня", "ru", {("speaker's brother", "birthday", "2 июня")}),
        ("my birthday is next week", "en", set()),
        ("is your birthday on june 12?", "en", set()),
        ("I may throw a birthday party on may 4", "en", set()),
        ("если бы день рождения был 1 января", "ru", set()),
    ],
)
def test_birthdays(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a diet said without a verb, or by what it leaves out
        ("dairy free for a year now, my skin thanks me", "en", {("speaker", "diet", "dairy-free")}),
        ("без лактозы уже полгода", "ru", {("speaker", "diet", "lactose-free")}),
        ("на палео второй год", "ru", {("speaker", "diet", "paleo")}),
        ("мой брат на кето вторую неделю", "ru", {("speaker's brother", "diet", "keto")}),
        ("gluten free bread is awful", "en", set()),
        ("is this cake gluten free?", "en", set()),
        ("пицца без глютена тут невкусная", "ru", set()),
        ("на кето не сяду никогда", "ru", set()),
    ],
)
def test_diets_without_a_verb(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a dash marks the verb left out; a job title or an organisation carries over too
        ("живу в Томске, а сестра — в Самаре", "ru", {("speaker", "city", "Томск"), ("speaker's sister", "city", "Самара")}),
        ("я бухгалтер, а моя жена Лена — юрист", "ru",
         {("speaker", "job_title", "бухгалтер"), ("speaker", "spouse", "Лена"), ("Лена", "job_title", "юрист")}),
        ("I'm a nurse and my sister Ana is a vet", "en", {("speaker", "job_title", "nurse"), ("Ana", "job_title", "vet")}),
        # the first clause without a verb of its own
        ("я в Кирове, сестра в Самаре, видимся редко", "ru", {("speaker", "city", "Киров"), ("speaker's sister", "city", "Самара")}),
        ("я в Москве встречаюсь с другом", "ru", set()),
        ("я в Кирове, а сестра — не в Самаре", "ru", {("speaker", "city", "Киров")}),
    ],
)
def test_russian_gapping(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("I'm a second year at Durham, it's cold", "en", {("speaker", "university", "Durham")}),
        ("I'm a PhD student at Uppsala", "en", {("speaker", "university", "Uppsala")}),  # a student: no job title
        ("my daughter is at Exeter uni now", "en", {("speaker's daughter", "university", "Exeter")}),
        ("учусь в аспирантуре МФТИ", "ru", {("speaker", "university", "МФТИ")}),
        # a name the dictionary lacks keeps pymorphy3's nominative, not natasha's guess
        ("учусь в Плехановке", "ru", {("speaker", "university", "Плехановка")}),
        ("I was a student at Yale", "en", set()),
        ("I'm in my second year of marriage", "en", set()),
        ("хочу поступить в аспирантуру МФТИ", "ru", set()),
    ],
)
def test_universities(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # Russian native language after "родной", whose by "мой" / "у X" / a pronoun for the one relative
        ("родной язык у меня чувашский, но дома говорим по-русски", "ru", {("speaker", "native_language", "чувашский")}),
        ("мой родной язык — грузинский", "ru", {("speaker", "native_language", "грузинский")}),
        ("у мамы родной язык башкирский", "ru", {("speaker's mother", "native_language", "башкирский")}),
        ("если бы родной язык был немецкий", "ru", set()),
        ("родной город у меня Казань", "ru", set()),
        # Russian nationality nouns
        ("я узбечка, живу в Самаре", "ru", {("speaker", "nationality", "узбечка"), ("speaker", "city", "Самара")}),
        ("мой парень Джон американец", "ru", {("speaker", "partner", "Джон"), ("Джон", "nationality", "американец")}),
        ("я не немец", "ru", set()),
        ("я с немцем работаю", "ru", set()),
    ],
)
def test_russian_origin(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a pet called old, spoken of in the past, is gone; an old pet in the present is not
        ("моя старая собака Джесси обожала снег", "ru", set()),
        ("my old cat Pixel hated the vet", "en", set()),
        ("мой старый кот Рыжик спит на ноуте", "ru", {("speaker", "pet_cat", "Рыжик")}),
        ("my dog Rex loved the beach today", "en", {("speaker", "pet_dog", "Rex")}),
        # a fan of a tool uses it; a Lada keeps its Russian name
        ("I'm a huge fan of Kotlin", "en", {("speaker", "programming_language", "Kotlin")}),
        ("езжу на Весте", "ru", {("speaker", "car", "Лада Веста")}),
    ],
)
def test_gone_pets_and_fans(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # Russian chat names the speaker's pets without "мой"
        ("кошка Муся и пёс Барон опять дерутся", "ru", {("speaker", "pet_cat", "Муся"), ("speaker", "pet_dog", "Барон")}),
        ("кот Персик у соседки живёт", "ru", {("speaker's neighbour", "pet_cat", "Персик")}),
        ("кот Леопольд из мультика добрый", "ru", set()),
        # counted pets, then their names
        ("we've got three dogs, Pip, Moss and Juno", "en",
         {("speaker", "pet_dog", "Pip"), ("speaker", "pet_dog", "Moss"), ("speaker", "pet_dog", "Juno")}),
        ("у меня два кота, Сёма и Жора", "ru", {("speaker", "pet_cat", "Сёма"), ("speaker", "pet_cat", "Жора")}),
        ("we might get two cats, Tofu and Miso", "en", set()),
    ],
)
def test_pets_without_my(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # browsers are a gazetteer category; everyday words among them count only with a capital
        ("I use Vivaldi mostly", "en", {("speaker", "browser", "Vivaldi")}),
        ("switched to Brave last week", "en", {("speaker", "browser", "Brave")}),
        ("я сижу в Firefox", "ru", {("speaker", "browser", "Firefox")}),
        ("I've been on edge all week", "en", set()),
        ("that was a brave move", "en", set()),
        ("хожу в оперу по пятницам", "ru", set()),
        # the language one is learning
        ("learning Korean on the side, slowly", "en", {("speaker", "learning_language", "Korean")}),
        ("учу немецкий по вечерам", "ru", {("speaker", "learning_language", "немецкий")}),
        ("взялась за итальянский", "ru", {("speaker", "learning_language", "итальянский")}),
        ("I learned French at school", "en", set()),
        ("I want to learn German", "en", set()),
        ("should I learn Korean?", "en", set()),
        # a Russian first-person verb natasha tags otherwise ("пользуюсь" as third person or an adverb)
        ("пользуюсь Emacs на работе", "ru", {("speaker", "editor", "Emacs")}),
        ("подчиняюсь теперь Ольге Петровне", "ru", {("speaker", "manager", "Ольга Петровна")}),
    ],
)
def test_browsers_learning_and_russian_first_person(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # gym chains are a gazetteer category, with verbs of training there and memberships
        ("I lift at PureGym after work", "en", {("speaker", "gym", "PureGym")}),
        ("just got a membership at Anytime Fitness", "en", {("speaker", "gym", "Anytime Fitness")}),
        ("качаюсь в World Class у дома", "ru", {("speaker", "gym", "World Class")}),
        ("I work at Equinox", "en", set()),
        # a gym noun with its name
        ("quit my old gym, I'm at a boxing gym called Iron Fist now", "en", {("speaker", "gym", "Iron Fist")}),
        ("joined a crossfit box called Anvil near work", "en", {("speaker", "gym", "Anvil")}),
        ("I work at a small studio called Pixel Barn", "en", {("speaker", "employer", "Pixel Barn")}),
        ("a world class chef cooked for us", "en", set()),
        ("might join Crunch next month", "en", set()),
    ],
)
def test_gyms(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a hobby across the dash from "хобби", or opening the sentence in English
        ("хобби — вышивка, успокаивает", "ru", {("speaker", "hobby", "вышивка")}),
        ("гончарство — моё хобби", "ru", {("speaker", "hobby", "гончарство")}),
        ("хобби у папы — рыбалка", "ru", {("speaker's father", "hobby", "рыбалка")}),
        ("evening hobby is pottery, very calming", "en", {("speaker", "hobby", "pottery")}),
        ("хобби — не рыбалка", "ru", set()),
        ("хочу хобби — вышивку", "ru", set()),
    ],
)
def test_hobbies(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # the place of work hangs on the job noun or on the verb: both read as the employer
        ("I landed a job at Monzo last week", "en", {("speaker", "employer", "Monzo")}),
        ("took a position with Deloitte", "en", {("speaker", "employer", "Deloitte")}),
        ("my cousin got a job at Spotify", "en", {("speaker's cousin", "employer", "Spotify")}),
        ("I had a job at IBM years ago", "en", set()),  # a past state
        ("I might get a job at Monzo", "en", set()),
        ("got a job offer at Monzo", "en", set()),  # an offer is not a job
        # a project's status after "status of" / "update on" / "новости по"
        ("status of Orion changed again, it's on hold", "en", {("project Orion", "project_status", "on hold")}),
        ("small update on Orion: it's shipped!", "en", {("project Orion", "project_status", "shipped")}),
        ("what's the status of Orion?", "en", set()),
        ("новости по Orion: статус — на паузе", "ru", {("project Orion", "project_status", "на паузе")}),
        # "Olga and I": the speaker's fact, and the named person's (each person of a conjoined subject)
        ("Dasha and I live in Porto", "en", {("speaker", "city", "Porto"), ("Dasha", "city", "Porto")}),
        # a hyphen inside a word does not cut the sentence
        ("I'm dairy-free these days", "en", {("speaker", "diet", "dairy-free")}),
        # a lease in a city: the parse may hang the city on the verb
        ("we just signed a lease in Ghent", "en", {("speaker", "city", "Ghent")}),
        ("we might sign a lease in Ghent", "en", set()),
        # a lower-case noun the small NER model calls a person is nobody
        ("Diet news: paleo diet from now on", "en", {("speaker", "diet", "paleo")}),
        # "home is X": the speaker's city, not anyone else's, not a past one
        ("home is Leipzig now", "en", {("speaker", "city", "Leipzig")}),
        ("her home is Leipzig", "en", set()),
        ("home was Leipzig for ten years", "en", set()),
        # a generic "pet" explained by the species
        ("Мы взяли питомца: кот по кличке Бублик.", "ru", {("speaker", "pet_cat", "Бублик")}),
        ("Знакомьтесь: Бублик, наш новый питомец (кот).", "ru", {("speaker", "pet_cat", "Бублик")}),
        ("Соседи взяли питомца: кот по кличке Бублик.", "ru", {("speaker's neighbour", "pet_cat", "Бублик")}),
        # a foreign name after a dash keeps all its words
        ("Моя новая работа — Acme Robotics.", "ru", {("speaker", "employer", "Acme Robotics")}),
    ],
)
def test_jobs_projects_homes_and_pets(text: str, lang: str, expected: set[Triple]) -> None:
    assert _facts(text, lang) == expected
