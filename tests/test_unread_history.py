"""Old values memory never read as facts, and relations said around a name.

The sentences are new wordings, not rows of the evaluation sets."""

from __future__ import annotations

from pathlib import Path

import pytest

from memlab import Memory, MemoryConfig, SimulatedClock
from memlab.bench.metrics import stale_as_current
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

DAY = 86400.0
T0 = 1_714_550_400.0  # 2024-05-01


def _open(tmp_path: Path, clock: SimulatedClock) -> Memory:
    return Memory.open(tmp_path / "m.db", MemoryConfig(), clock=clock, embedder=HashingEmbedder(64))


def _facts(text: str, lang: str = "en") -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize(
    ("text", "lang", "fact"),
    [
        ("Marta, my manager, signs every purchase order herself.", "en", ("speaker", "manager", "Marta")),
        ("Jon Ellis, my boss, works out of Leeds.", "en", ("speaker", "manager", "Jon Ellis")),
        ("Sam, my husband, is a firefighter.", "en", ("speaker", "spouse", "Sam")),
        ("Вика, моя начальница, сидит в соседнем кабинете.", "ru", ("speaker", "manager", "Вика")),
        ("my boss Radek approves every release", "en", ("speaker", "manager", "Radek")),
        ("my mum lives in Bristol", "en", ("speaker's mother", "city", "Bristol")),
    ],
)
def test_a_relation_said_beside_a_name_is_a_fact(text: str, lang: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, lang)


def test_a_vocative_is_no_apposition() -> None:
    """Talking to Sam about one's husband: Sam is not the husband."""
    got = _facts("Sam, my husband is a firefighter, did I tell you?")
    assert ("speaker", "spouse", "Sam") not in got


def test_an_unread_phone_and_a_relatives_unread_city_are_history(tmp_path: Path) -> None:
    """The first phone ("walking around with a Samsung A35": a model the gazetteer lacks) and the
    mother's first city were never facts; once the new ones are, those messages are earlier."""
    clock = SimulatedClock(T0)
    with _open(tmp_path, clock) as m:
        m.ingest("хожу с Samsung A35, батарея держит два дня", session_id="s1")
        m.ingest("my mom's neighbours in Glasgow are loud", session_id="s1")
        clock.advance(10 * DAY)
        m.ingest("теперь у меня Pixel 7, подарили на работе", session_id="s2")
        m.ingest("mom sold the cottage and moved to Exeter", session_id="s2")
        clock.advance(DAY)
        m.maintain()
        phone = m.context("Какой у меня телефон?")
        city = m.context("Where does my mom live?")
    assert "Pixel 7" in phone.split("\n\n")[0]
    assert not stale_as_current(phone, ["Samsung"], ["Pixel 7"])
    assert "Samsung" in phone.split("## History")[1]
    assert "Exeter" in city.split("\n\n")[0]
    assert not stale_as_current(city, ["Glasgow"], ["Exeter"])


def test_a_quote_proving_a_current_fact_marks_the_value_it_lost(tmp_path: Path) -> None:
    """One message gave the job and the employer; the employer changed, the job did not. Quoted as
    the job's evidence, the old employer is marked where it stands."""
    clock = SimulatedClock(T0)
    with _open(tmp_path, clock) as m:
        m.ingest("я аналитик в Сбере", session_id="s1")
        clock.advance(10 * DAY)
        m.ingest("уже месяц как в Альфа-Банке, привыкаю", session_id="s2")
        clock.advance(DAY)
        m.maintain()
        ctx = m.context("В какой компании я работаю и кем?")
    evidence = ctx.split("## Evidence")[1].split("## History")[0]
    assert "Сбер" in evidence and "[no longer current; since" in evidence
    assert not stale_as_current(ctx, ["Сбер"], ["Альфа-Банк"])


@pytest.mark.parametrize("text", ["я в Сбере, третий год уже", "я в Вкусвилле"])
def test_a_name_the_dictionary_does_not_know_is_no_city(text: str) -> None:
    """natasha calls "Сбер" a place; "я в X" of a name the dictionary does not know may be a
    company as well as a town, so it is no city."""
    assert not {f for f in _facts(text, "ru") if f[1] == "city"}


def test_a_town_the_dictionary_knows_is_still_a_city() -> None:
    assert ("speaker", "city", "Тюмень") in _facts("я в Тюмени второй год", "ru")


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        ("hey, I'm Dagny, 31, data analyst in Oslo", {("speaker", "age", "31"), ("speaker", "job_title", "data analyst")}),
        ("I'm Priya, project manager, 41", {("speaker", "age", "41"), ("speaker", "job_title", "project manager")}),
        ("I'm doing my master's at KU Leuven, year two", {("speaker", "university", "KU Leuven")}),
    ],
)
def test_a_self_introduction_list_and_a_degree_possessive(text: str, facts: set[tuple[str, str, str]]) -> None:
    assert facts <= _facts(text)


def test_an_owned_relation_in_an_introduction_is_no_job() -> None:
    got = _facts("I'm Ana, my manager is Tom")
    assert ("speaker", "manager", "Tom") in got and not {f for f in got if f[1] == "job_title"}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("been pescatarian for about two years", ("speaker", "diet", "pescatarian")),
        ("I've been gluten-free since march, it's fine", ("speaker", "diet", "gluten-free")),
        ("Been at Canva since 2021, still love it", ("speaker", "employer", "Canva")),
    ],
)
def test_a_dropped_ive_before_been_and_hyphenated_diets(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_been_without_a_state_is_nothing() -> None:
    assert not _facts("been thinking about moving to Lisbon")


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("favourite album: Blue Lines, forever", ("speaker", "favorite_album", "Blue Lines")),
        ("my editor: Sublime Text, fight me", ("speaker", "editor", "Sublime Text")),
    ],
)
def test_a_label_and_a_colon_is_a_copula(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


def test_a_colon_after_a_non_attribute_is_nothing() -> None:
    assert not _facts("my question: is Rust worth learning?")


@pytest.mark.parametrize("text", ["I'm a former Windows user", "I'm an ex Android guy"])
def test_a_former_user_of_a_tool_has_no_such_tool(text: str) -> None:
    assert not {f for f in _facts(text) if f[1] in ("operating_system", "phone")}


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("дома у нас кошечка Муся, спит весь день", ("speaker", "pet_cat", "Муся")),
        ("у меня собачка Тоша, шпиц", ("speaker", "pet_dog", "Тоша")),
        ("на работе сижу на винде, дома на маке", ("speaker", "operating_system", "Windows")),
        ("я на арче уже года три", ("speaker", "operating_system", "Arch Linux")),
    ],
)
def test_russian_diminutive_pets_and_slang_systems(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text, "ru")


@pytest.mark.parametrize("text", ["поставила Fedora вместо винды", "сижу на маке, после винды это отдых"])
def test_the_system_replaced_is_not_current(text: str) -> None:
    assert ("speaker", "operating_system", "Windows") not in _facts(text, "ru")
