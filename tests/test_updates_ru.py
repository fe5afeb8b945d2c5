"""Russian knowledge updates (memlab issue 10): relatives introduced by name, Russian car model
names, and the other Russian families of the update scenarios. Sentences written for these tests."""

from __future__ import annotations

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("сестра (Вика) переехала в Пермь", [("Вика", "sister")]),
        ("моя жена Оксана учится на врача", [("Оксана", "wife")]),
        ("Тимофей (брат) опять сменил работу", [("Тимофей", "brother")]),
        ("ходили в кино с дочкой Алисой", [("Алиса", "daughter")]),
        # someone else's relative, or a name that is the owner
        ("его жена Оксана учится на врача", []),
        ("сестра Вики переехала в Пермь", []),
        ("жена брата Оксана учится на врача", []),
    ],
)
def test_named_relatives(text: str, expected: list[tuple[str, str]]) -> None:
    from memlab.knowledge.extract.kin import named_relatives
    from memlab.knowledge.extract.nlp import parse

    assert named_relatives(parse(text, "ru")) == expected


def _consolidate(*texts: str) -> list[str]:
    """The fact lines the nlp consolidator writes for ``texts`` said one after another by the user,
    each later one against the facts the earlier ones gave."""
    from memlab.knowledge.extract.consolidator import NLPConsolidator
    from memlab.types import ConsolidationContext, EpisodeRef

    held: dict[str, str] = {}
    lines: list[str] = []
    for i, text in enumerate(texts):
        context = ConsolidationContext("s", facts_about=lambda subjects: [
            (k, v) for k, v in held.items() if k.split("|", 1)[0] in subjects or "'s " in k
        ])  # fmt: skip
        plan = NLPConsolidator().consolidate([EpisodeRef(i + 1, text, float(i), "user", "s")], context)
        for f in plan.facts:
            held[f.key or ""] = f.value or ""
            lines.append(f.content)
    return lines


def test_a_relative_by_name_is_written_with_the_relation() -> None:
    lines = _consolidate("сестра (Вика) работает в Ozon", "Вика ушла из Ozon, теперь в Авито")
    assert "Вика — сестра пользователя." in lines
    assert "Сестра пользователя Вика работает в компании Авито." in lines


def test_a_name_without_a_relation_is_written_as_is() -> None:
    assert _consolidate("Вика работает в Ozon") == ["Вика работает в компании Ozon."]


def test_a_russian_car_model_keeps_its_russian_name() -> None:
    lines = _consolidate("езжу на Октавии", "Октавию продал, теперь у меня Камри")
    assert lines[0] == "Пользователь: машина — Skoda Octavia (Октавия)."
    assert lines[-1] == "Пользователь: машина — Toyota Camry (Камри)."


def test_a_relative_named_in_brackets_is_that_relative_in_an_update() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    facts = {"speaker's husband": [("car", "Renault Logan")]}
    text = "Игорь (муж) продал логан и взял Солярис"
    assert [(f.subject, f.value) for f in updates(parse(text, "ru"), facts, text)] == [("speaker's husband", "Hyundai Solaris")]
    text = "Игорь продал логан и взял Солярис"
    assert updates(parse(text, "ru"), facts, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "X всё" / "X в прошлом" closing a clause: the value is over, no fact of it
        ("палео всё, теперь ем что хочу", set()),
        ("Самара в прошлом, живу в Пензе", {("speaker", "city", "Пенза")}),
        ("я на палео, и всё отлично", {("speaker", "diet", "paleo")}),
    ],
)
def test_a_value_said_to_be_over(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import extract

    assert {(f.subject, f.attribute, f.value) for f in extract(text, "ru")} == expected


def test_fasting_is_a_diet_an_update_may_give() -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    text = "с веганством завязала, теперь интервальное голодание"
    assert [f.value for f in updates(parse(text, "ru"), {"speaker": [("diet", "vegan")]}, text)] == ["intermittent fasting"]


def test_a_new_instrument_replaces_the_old_one_but_a_sport_does_not() -> None:
    from memlab.knowledge.extract.clauses import Extracted
    from memlab.knowledge.extract.consolidator import _replaced_pastimes
    from memlab.knowledge.extract.nlp import parse

    known = {"user": ["user|instrument:скрипка", "user|sport:бег"]}
    text = "теперь играю на виолончели"
    new = [Extracted("speaker", "instrument", "виолончель", "concept", text)]
    assert _replaced_pastimes(new, parse(text, "ru"), text, "user", known) == ["user|instrument:скрипка"]
    text = "теперь хожу на йогу"
    new = [Extracted("speaker", "sport", "йога", "concept", text)]
    assert _replaced_pastimes(new, parse(text, "ru"), text, "user", known) == ["user|sport:бег"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a verbless clause: subject, then a job noun in the nominative
        ("моя сестра юрист, работает из дома", {("speaker's sister", "job_title", "юрист")}),
        ("дядя всю жизнь механик", {("speaker's uncle", "job_title", "механик")}),
        ("я сеньор в бэкенде", {("speaker", "job_title", "сеньор")}),
        # a job said of the past, or a verb in the clause: not this rule's
        ("я раньше механик", set()),
        ("сестра к юристу ходила", set()),
    ],
)
def test_a_verbless_job_clause(text: str, expected: set[tuple[str, str, str]]) -> None:
    from memlab.knowledge.extract.clauses import extract

    assert {(f.subject, f.attribute, f.value) for f in extract(text, "ru") if f.attribute == "job_title"} == expected


@pytest.mark.parametrize(
    ("old", "text", "expected"),
    [
        ("джун", "наконец перевели в сеньоры", ["сеньор"]),
        ("бухгалтер", "бросил офис и заделался пчеловодом", ["пчеловод"]),
        ("джун", "хочу в сеньоры через год", []),
    ],
)
def test_a_job_grade_or_trade_in_an_update(old: str, text: str, expected: list[str]) -> None:
    from memlab.knowledge.extract.nlp import parse
    from memlab.knowledge.extract.updates import updates

    assert [f.value for f in updates(parse(text, "ru"), {"speaker": [("job_title", old)]}, text)] == expected
