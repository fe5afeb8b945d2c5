"""Updates read against a known fact (memlab issue 10): a later message of the same person with a
change cue and one other value of the known fact's kind gives the new value. Sentences written
for these tests; each family sits beside messages that must give nothing."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


def _new_values(attribute: str, old: str, text: str, lang: str) -> list[str]:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    return [f.value for f in updates(parse(text, lang), {"speaker": [(attribute, old)]}, text)]


@pytest.mark.parametrize(
    ("attribute", "old", "text", "lang", "expected"),
    [
        # a time counted since the change marks it
        ("city", "Bristol", "second week in Liverpool and I still get lost", "en", ["Liverpool"]),
        ("employer", "Яндекс", "уже три недели как в Ozon, пока нравится", "ru", ["Ozon"]),
        ("employer", "Яндекс", "с Ozon договорились, первый день через две недели", "ru", []),
        ("city", "Bristol", "spent a week in Cardiff with my aunt", "en", []),
        # a Russian verb of switching over (пере-) in the past, not an imperative
        ("editor", "Vim", "переползла на Sublime Text, глаза отдыхают", "ru", ["Sublime Text"]),
        ("city", "Самара", "Маша, перебирайся к нам в Тверь!", "ru", []),
        # a language one learns, the old one given up
        ("learning_language", "Italian", "gave up on Italian, doing Korean now", "en", ["Korean"]),
        ("learning_language", "итальянский", "переключился на корейский, итальянский потом", "ru", ["корейский"]),
        ("learning_language", "Italian", "my wife speaks Korean now, I'm still on Italian", "en", []),
        # natasha's LOC for a company a verb of joining takes; a town stays a town
        ("employer", "Тинькофф", "устроилась в Озон, уже вторая неделя", "ru", ["Озон"]),
        ("employer", "Тинькофф", "устроилась в Казани, уже вторая неделя", "ru", []),
    ],
)
def test_updates_against_a_known_fact(attribute: str, old: str, text: str, lang: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text, lang) == expected


def _facts(text: str, lang: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # the first statement an update needs: "X dev here" names the language one writes
        ("Kotlin developer here, mostly Android apps", "en",
         {("speaker", "programming_language", "Kotlin"), ("speaker", "job_title", "Kotlin developer")}),
        ("Kotlin developers are impossible to hire", "en", set()),
        # a duration is a past state only beside a past verb
        ("Emacs user for a decade, my fingers know it by heart", "en", {("speaker", "editor", "Emacs")}),
        ("I used Emacs for a decade", "en", set()),
        # initials of a title spelled out
        ("I'm a PM at Figma", "en", {("speaker", "job_title", "product manager"), ("speaker", "employer", "Figma")}),
        ("I was a PM at Figma", "en", set()),
        # a Russian multi-word tool whose last word inflects; "++" tokenised apart
        ("сижу в Яндекс Браузере с работы", "ru", {("speaker", "browser", "Yandex Browser")}),
        ("брат сидит в Яндекс Браузере", "ru", {("speaker's brother", "browser", "Yandex Browser")}),
        ("пишу в Notepad++ и не стыжусь", "ru", {("speaker", "editor", "Notepad++")}),
        # the speaker's own machine named without "у меня"
        ("на домашнем ноуте Fedora", "ru", {("speaker", "operating_system", "Fedora")}),
        ("на ноуте у сестры Fedora", "ru", {("speaker's sister", "operating_system", "Fedora")}),
    ],
)
def test_first_statements_an_update_needs(text: str, lang: str, expected: set[tuple[str, str, str]]) -> None:
    assert _facts(text, lang) == expected


@pytest.mark.parametrize(
    ("attribute", "old", "text", "lang", "expected"),
    [
        # the old value given up is the change cue itself
        ("operating_system", "Ubuntu", "снесла убунту, накатила Manjaro", "ru", ["Manjaro"]),
        ("car", "Kia Rio", "продал Рио, взял Geely Coolray", "ru", ["Geely Coolray"]),
        ("operating_system", "Ubuntu", "не сносила убунту, Manjaro стоит у брата", "ru", []),
        # a Russian reflexive cue verb the tagger misreads, by its stem; "since" + a season
        ("city", "Самара", "обживаемся потихоньку в Твери, соседи шумные", "ru", ["Тверь"]),
        ("programming_language", "Java", "we've been writing Scala since autumn", "en", ["Scala"]),
        ("programming_language", "Java", "since Scala has a REPL, people like it", "en", []),
        # enrolment marks a new university
        ("university", "МГУ", "поступила в аспирантуру МФТИ, учёба уже идёт", "ru", ["МФТИ"]),
        # the old value is no other subject; nor is the attribute's own relation word
        ("partner", "Кирилл", "Кирилл в прошлом, теперь у меня Дима, он пилот", "ru", ["Дима"]),
        ("manager", "Олег", "новая начальница — Вера Павловна, строгая", "ru", ["Вера Павловна"]),
        ("partner", "Noah", "Noah and I split up. I'm dating someone new, his name's Oscar", "en", ["Oscar"]),
        # an offer taken up is no place left; an offer with a start still ahead gives nothing
        ("employer", "Accenture", "finally accepted the offer from Canva and I started last week", "en", ["Canva"]),
        ("employer", "Accenture", "finally accepted the offer from Canva, I start next month", "en", []),
        # whom the change befell is no speaker: a relation word as the object
        ("job_title", "дизайнер", "сестру перевели в арт-директора, горжусь", "ru", []),
        ("job_title", "designer", "they promoted my coworker to art director, I'm still a designer", "en", []),
        # a gym the dictionary lacks goes by its name after a switch
        ("gym", "PureGym", "switched to Ironworks, the pool is great", "en", ["Ironworks"]),
        ("gym", "PureGym", "my flatmate switched to Ironworks", "en", []),
        # a value marked "now" itself is not negated by a later clause
        ("programming_language", "Java", "Kotlin every day now, haven't opened a .java file since", "en", ["Kotlin"]),
    ],
)
def test_updates_read_the_change_against_the_old_value(
    attribute: str, old: str, text: str, lang: str, expected: list[str]
) -> None:
    assert _new_values(attribute, old, text, lang) == expected


@pytest.mark.parametrize(
    ("attribute", "old", "text", "lang", "expected"),
    [
        # a usual order: the noun phrase of the clause that says what holds now
        ("usual_order", "cappuccino", "matcha latte most days now, my stomach thanks me", "en", ["matcha latte"]),
        # ... but only when the message names the attribute or the old value: an open-class value after
        # "these days" alone is any noun (LoCoMo: "Audrey's favorite recipe is beds"); this one is lost
        ("usual_order", "cappuccino", "quit caffeine, so it's a rooibos tea these days", "en", []),
        ("favorite_food", "tacos", "we're so busy these days, the kids have their swimming lessons", "en", []),
        ("usual_order", "капучино", "теперь беру только раф, капучино приелся", "ru", ["раф"]),
        ("usual_order", "cappuccino", "is a cortado any stronger than a latte?", "en", []),
        ("usual_order", "cappuccino", "my sister drinks matcha now", "en", []),
        # a favourite named again, also without the word or by a pronoun for the name before it
        ("favorite_food", "pizza", "dumplings have overtaken pizza as my number one", "en", ["dumplings"]),
        ("favorite_band", "Muse", "been playing Wet Leg on repeat for weeks, they're my favourite now", "en", ["Wet Leg"]),
        ("favorite_book", "Dune", "read Circe last month and it's my new favourite, sorry Herbert", "en", ["Circe"]),
        ("favorite_food", "пицца", "пицца надоела, теперь моя любовь — шаурма", "ru", ["шаурма"]),
        ("favorite_band", "Muse", "if Wet Leg tour here they might become my favourite", "en", []),
        # a favourite of another kind is no change of this one
        ("favorite_food", "lasagne", "those beach walks are my favorite memories now", "en", []),
    ],
)
def test_open_class_updates(attribute: str, old: str, text: str, lang: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text, lang) == expected


@pytest.mark.parametrize(
    ("attribute", "old", "text", "lang", "expected"),
    [
        # a pastime replaced: a sport the dictionary knows, a hobby as an open-class value
        ("sport", "tennis", "swapped tennis for cycling this spring, my knees are happier", "en", ["cycling"]),
        ("sport", "бокс", "в последнее время увлеклась йогой, хожу через день", "ru", ["йога"]),
        ("hobby", "вышивание", "вышивание забросила, теперь оригами", "ru", ["оригами"]),
        ("sport", "tennis", "my brother switched to cycling", "en", []),
        ("sport", "бокс", "через неделю попробую йогу", "ru", []),
    ],
)
def test_pastime_updates(attribute: str, old: str, text: str, lang: str, expected: list[str]) -> None:
    assert _new_values(attribute, old, text, lang) == expected


def _scenario(first: str, second: str, question: str, current: str, stale: str, lang: str) -> dict:
    return {
        "id": "t", "lang": lang, "asker": "user", "question": question, "current": current, "stale": [stale],
        "turns": [{"speaker": "user", "text": first, "day": 0}, {"speaker": "user", "text": second, "day": 10}],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("first", "second", "question", "current", "stale", "lang"),
    [
        ("I play tennis every sunday", "swapped tennis for cycling this spring, my knees are happier",
         "What sport do I do?", "cycling", "tennis", "en"),
        ("хобби у меня — каллиграфия", "каллиграфию забросила, теперь оригами", "Какое у меня хобби?", "оригами", "каллиграф", "ru"),
        ("my usual is a cappuccino", "matcha latte most days now, my stomach thanks me",
         "What's my usual order?", "matcha latte", "cappuccino", "en"),
    ],
)  # fmt: skip
def test_update_scenarios_end_to_end(first: str, second: str, question: str, current: str, stale: str, lang: str) -> None:
    from memlab.bench.statements import run_scenario

    r = run_scenario(_scenario(first, second, question, current, stale, lang))
    assert r["ok"], r["facts"]


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        # a usual order stated as a habit: a drink the dictionary knows, a habit word, the speaker's own
        ("I usually grab a cortado on the way in", "en", {("speaker", "usual_order", "cortado")}),
        ("iced mocha, every day at noon, no whipped cream", "en", {("speaker", "usual_order", "iced mocha")}),
        ("my drink? always a flat white", "en", {("speaker", "usual_order", "flat white")}),
        ("по утрам всегда раф, без сиропа", "ru", {("speaker", "usual_order", "раф")}),
        ("мой кофе — макиато с корицей", "ru", {("speaker", "usual_order", "макиато")}),
        # someone else's, a question, a wish, a denial or two drinks give nothing
        ("my boss always orders a mocha", "en", set()),
        ("do you usually get a cortado?", "en", set()),
        ("I'd always get a mocha if it were cheaper", "en", set()),
        ("I never drink espresso, always tea", "en", set()),
        ("обычно беру латте или раф", "ru", set()),
    ],
)
def test_usual_order_as_a_habit(text: str, lang: str, expected: set[tuple[str, str, str]]) -> None:
    assert {f for f in _facts(text, lang) if f[1] == "usual_order"} == expected


def test_an_organisation_of_a_student_is_the_university() -> None:
    from memlab.knowledge.extract.basics import Extracted
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import agree

    def attrs(text: str, known: dict[str, str]) -> list[str]:
        fact = Extracted("speaker", "employer", "Leiden", "organization", text)
        return [f.attribute for f in agree([fact], known, parse(text, "en"))]

    study = "the transfer finally happened, I'm at Leiden now and the campus is lovely"
    assert attrs(study, {"university": "Utrecht"}) == ["university"]
    assert attrs(study, {"university": "Utrecht", "employer": "Shell"}) == ["employer"]  # works somewhere too
    assert attrs("I'm at Leiden now, my new office is lovely", {"university": "Utrecht"}) == ["employer"]
    assert attrs(study, {}) == ["employer"]  # nothing known of studying
