"""Russian extraction families, third round: an oblique of a later verbless stretch with its own
subject ("жена работает в Сбере, я удалённо в Озоне"), a subject in a subordinate clause the parse
gives the main verb, a relation or pet in brackets or between commas after a name, a pet of the
past. Sentences written for these tests."""

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
        # the later stretch opens with its own subject and has no verb: the oblique is that subject's
        ("муж Паша трудится инженером на заводе, я удалённо в Яндексе",
         {("speaker", "employer", "Яндекс")}, {("Паша", "employer", "Яндекс")}),
        # the adverb natasha tags a verb ("удалённо") leaves the stretch verbless
        ("сестра работает бухгалтером в банке, я удалённо в Озоне",
         {("speaker", "employer", "Озон")}, {("speaker's sister", "employer", "Озон")}),
        ("муж не работает, а я в Озоне", set(), {("speaker", "employer", "Озон")}),
        ("я работаю в Сбере, а сестра в Авито",
         {("speaker", "employer", "Сбер"), ("speaker's sister", "employer", "Авито")}, {("speaker", "employer", "Авито")}),
        ("Оля пишет на Kotlin, а я на Swift",
         {("Оля", "programming_language", "Kotlin"), ("speaker", "programming_language", "Swift")}, set()),
        # a verb of its own in the later stretch: nobody's from the first verb
        ("брат живёт в Перми, а я в Москве смотрю матчи",
         {("speaker's brother", "city", "Пермь")}, {("speaker's brother", "city", "Москва")}),
    ],
)
def test_gapped_oblique(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # "когда я ...": the subordinate clause's subject is not the main verb's
        ("Вика (моя девушка) до сих пор сидит на винде, когда я на линуксе всё делаю",
         {("Вика", "operating_system", "Windows"), ("speaker", "partner", "Вика")},
         {("speaker", "operating_system", "Windows")}),
    ],
)
def test_subject_of_subordinate(text: str, expected: set[tuple[str, str, str]], absent: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not absent & got


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a relation in brackets or between commas after a name, with or without "мой"
        ("Костя (муж) снова уехал на рыбалку", {("speaker", "spouse", "Костя")}),
        ("Серёжа (мой парень) опять проспал", {("speaker", "partner", "Серёжа")}),
        ("Алла Петровна, моя начальница, сегодня не в духе", {("speaker", "manager", "Алла Петровна")}),
        ("Стас, муж, сегодня готовит ужин", {("speaker", "spouse", "Стас")}),
        # a pet with "наш" / "мой", before or after the noun
        ("Пончик, пёс наш, сгрыз тапок", {("speaker", "pet_dog", "Пончик")}),
        ("Кузя (мой хомяк) сбежал из клетки", {("speaker", "pet_hamster", "Кузя")}),
        # someone else's, a former one, a list of people: nothing
        ("Костя (муж Иры) снова уехал", set()),
        ("Костя (бывший муж) снова звонил", set()),
        ("Лена, его жена, уже приехала", set()),
        ("позвала Олега, мужа, свекровь и брата", set()),
    ],
)
def test_name_then_relation(text: str, expected: set[tuple[str, str, str]]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not {f for f in got if f[1] in ("spouse", "partner", "manager") or f[1].startswith("pet_")} - expected


@pytest.mark.parametrize(
    "text",
    [
        "Кеша, наш говорящий попугай из нулевых, умел свистеть гимн",
        "Рыжик, кот из моего детства, спал только на батарее",
        "наша собака Жучка любила гонять кур",
    ],
)
def test_pet_of_the_past(text: str) -> None:
    assert not {f for f in _facts(text) if f[1].startswith("pet_")}


def test_pet_now_stays() -> None:
    assert ("speaker", "pet_dog", "Жучка") in _facts("наша собака Жучка опять разрыла клумбу")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a tool whose natasha lemma is off, found by pymorphy3's ("федоре" -> "федора")
        ("коллега Вадим давно сидит на федоре", {("Вадим", "operating_system", "Fedora")}),
        # "мы с X [оба]": past the companion to the verbless predicate, shared with "оба"
        ("мы с Лёшей оба в Тинькофф, только в разных отделах", {("speaker", "employer", "Тинькофф"), ("Лёша", "employer", "Тинькофф")}),
        ("мы с женой обе в Самаре", {("speaker", "city", "Самара"), ("speaker's wife", "city", "Самара")}),
        ("мы с Пашей в Сбере", {("speaker", "employer", "Сбер")}),
        # years or months counted "в" a town or an organisation, in a verbless stretch
        ("выросла в Омске, но уже шесть лет в Праге", {("speaker", "city", "Прага")}),
        ("днём учёба, а я ещё полгода в Яндексе на стажировке", {("speaker", "employer", "Яндекс")}),
        ("сосед шумит, зато я третий год в Тбилиси и всё нравится", {("speaker", "city", "Тбилиси")}),
    ],
)
def test_more_predicates(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "мама из Омска, но уже шесть лет в Праге",  # the mother's stretch before
        "две недели в Париже, потом домой",  # days, not years
        "мы с братом оба в Москве не живём",
        "если бы пять лет в Праге, то другое дело",
    ],
)
def test_more_predicates_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("city", "employer") and f[0] == "speaker"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a self-introduction list: a name opening it, a bare age, a describing stretch
        ("Тимур, 34, кручу гайки в автосервисе", {("speaker", "name", "Тимур"), ("speaker", "age", "34")}),
        ("Вера, 27, технолог", {("speaker", "name", "Вера"), ("speaker", "age", "27")}),
        ("41, прораб, Тюмень", {("speaker", "age", "41")}),
        ("второкурсник ВШЭ, 20 лет, подскажите по матану", {("speaker", "age", "20"), ("speaker", "university", "ВШЭ")}),
        # a particle between the dative and the age; a count of something else is no age
        ("сестре всего 15, а она уже выше меня", {("speaker's sister", "age", "15")}),
        ("нашему тимлиду Вадиму только 24", {("Вадим", "age", "24")}),
    ],
)
def test_intro_and_age(text: str, expected: set[tuple[str, str, str]]) -> None:
    assert expected <= _facts(text)


@pytest.mark.parametrize(
    "text",
    [
        "дочка, 5 лет, не спит ночами",  # someone else's age
        "Марина, 30 лет, ищет работу",  # a third person introduced
        "Тимур, 29 числа идём?",  # a date, and a question
        "мне всего 10 минут до офиса",
        "студент МГУ спросил меня про дорогу",
    ],
)
def test_intro_nothing(text: str) -> None:
    assert not {f for f in _facts(text) if f[0] == "speaker" and f[1] in ("age", "name", "university")}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # looking for company to do something is a wish, not a pastime one has
        ("ищу напарника кататься на велике по выходным", set()),
        ("ищу компанию играть в сквош", set()),
        ("люблю плавать по утрам", {("speaker", "sport", "плавание")}),
        # a conjunct the parse makes the head of its own first verb ("... и рассказывает, что ...")
        ("брат второй год работает в Яндексе и рассказывает, что там весело", {("speaker's brother", "employer", "Яндекс")}),
    ],
)
def test_wish_and_cycle(text: str, expected: set[tuple[str, str, str]]) -> None:
    got = {f for f in _facts(text) if f[1] in ("sport", "employer")}
    assert got == expected


def test_opening_first_person_verb_tagged_noun() -> None:
    from memlab.knowledge.extract.nlp import parse

    toks = parse("тружусь в Озоне, спрашивайте про логистику", "ru")[0].toks
    assert toks[0].pos == "VERB" and toks[0].lemma == "трудиться" and toks[0].feats.get("Person") == "1"
    assert ("speaker", "employer", "Озон") in _facts("тружусь в Озоне, спрашивайте про логистику")


@pytest.mark.parametrize(
    ("text", "expected", "absent"),
    [
        # "по образованию X": the degree, not the job
        ("я по образованию эколог", {("speaker", "degree", "эколог")}, {"job_title"}),
        ("жена по образованию химик, а работает в банке", {("speaker's wife", "degree", "химик")}, {"job_title"}),
        ("по образованию биолог, а работаю курьером", {("speaker", "degree", "биолог"), ("speaker", "job_title", "курьер")}, set()),
    ],
)
def test_by_training(text: str, expected: set[tuple[str, str, str]], absent: set[str]) -> None:
    got = _facts(text)
    assert expected <= got
    assert not {f for f in got if f[1] in absent}
