"""RuleConsolidator: first-person statements in EN and RU become keyed facts; nothing else does."""

from __future__ import annotations

import time

import pytest

from memlab.knowledge.rules import RuleConsolidator, clause_prefix, sentences
from memlab.types import ConsolidationContext, Consolidator, EpisodeRef, Plan


def run(*messages: str, role: str = "user") -> Plan:
    eps = [EpisodeRef(i + 1, m, 1000.0 + i, role, "s1") for i, m in enumerate(messages)]
    return RuleConsolidator().consolidate(eps, ConsolidationContext("s1"))


def one(message: str) -> tuple[str, str | None, str | None]:
    plan = run(message)
    assert len(plan.facts) == 1, plan.facts
    f = plan.facts[0]
    assert f.source_ids == (1,)
    return f.content, f.key, f.value


def test_is_a_consolidator() -> None:
    assert isinstance(RuleConsolidator(), Consolidator)


@pytest.mark.parametrize(
    ("message", "content", "key", "value"),
    [
        ("I live in Vilnius now.", "User lives in Vilnius.", "user|city", "Vilnius"),
        ("I'm based in New York City.", "User lives in New York City.", "user|city", "New York City"),
        ("I just moved to Berlin last month.", "User moved to Berlin.", "user|city", "Berlin"),
        ("I relocated to Lisbon", "User moved to Lisbon.", "user|city", "Lisbon"),
        ("I work at Google.", "User works at Google.", "user|employer", "Google"),
        ("Recently I joined Stripe", "User joined Stripe.", "user|employer", "Stripe"),
        ("I got a job at Yandex!", "User got a job at Yandex.", "user|employer", "Yandex"),
        ("I'm now at Zalando.", "User now works at Zalando.", "user|employer", "Zalando"),
        ("I prefer Python over Java.", "User prefers Python.", "user|language", "Python"),
        ("I switched to neovim.", "User switched to Neovim.", "user|editor", "Neovim"),
        ("I write Rust now.", "User now writes Rust.", "user|language", "Rust"),
        (
            "My favourite language is Go.",
            "User's favourite programming language is Go.",
            "user|language",
            "Go",
        ),
        ("I mostly use VS Code.", "User mostly uses VS Code.", "user|editor", "VS Code"),
        ("My name is Anna Petrova.", "User's name is Anna Petrova.", "user|name", "Anna Petrova"),
        ("My boss is Sergey.", "User's manager is Sergey.", "user|manager", "Sergey"),
        ("I'm vegetarian.", "User is vegetarian.", "user|diet", "vegetarian"),
        ("I have a dog named Rex.", "User has a dog named Rex.", "user|pet:dog", "Rex"),
        ("The Atlas project is on hold.", "Project Atlas is on hold.", "project:atlas|status", "on hold"),
        ("I prefer Figma.", "User prefers Figma.", None, "Figma"),
    ],
)
def test_english_statements(message: str, content: str, key: str | None, value: str) -> None:
    assert one(message) == (content, key, value)


@pytest.mark.parametrize(
    ("message", "content", "key", "value"),
    [
        ("Я живу в Берлине.", "Пользователь живёт в городе Берлин.", "user|city", "Берлин"),
        ("Я переехала в Москву.", "Пользователь переехал в город Москва.", "user|city", "Москва"),
        ("Теперь я в Вильнюсе.", "Пользователь теперь в городе Вильнюс.", "user|city", "Вильнюс"),
        ("Живу в Москве", "Пользователь живёт в городе Москва.", "user|city", "Москва"),
        ("Я работаю в Яндексе.", "Пользователь работает в компании Яндекс.", "user|employer", "Яндекс"),
        ("Я устроился в Сбер.", "Пользователь устроился в компанию Сбер.", "user|employer", "Сбер"),
        ("Я предпочитаю Python.", "Пользователь предпочитает Python.", "user|language", "Python"),
        ("Я перешёл на Rust.", "Пользователь перешёл на Rust.", "user|language", "Rust"),
        ("Меня зовут Саша.", "Пользователя зовут Саша.", "user|name", "Саша"),
        (
            "Мой начальник — Пётр Иванов.",
            "Начальник пользователя — Пётр Иванов.",
            "user|manager",
            "Пётр Иванов",
        ),
        ("Я вегетарианка.", "Пользователь — вегетарианка.", "user|diet", "vegetarian"),
    ],
)
def test_russian_statements(message: str, content: str, key: str, value: str) -> None:
    assert one(message) == (content, key, value)


def test_russian_surface_form_is_kept_as_alias() -> None:
    (fact,) = run("Я живу в Вильнюсе.").facts
    (place,) = fact.entities
    assert (place.name, place.type, place.role, place.aliases) == ("Вильнюс", "place", "city", ("Вильнюсе",))


@pytest.mark.parametrize(
    "message",
    [
        "I don't live in Berlin.",
        "I do not work at Google.",
        "I no longer work at Google.",
        "Should I move to Berlin?",
        "Do you think I live in Berlin",
        "If I worked at Google I'd be rich.",
        "if I moved to Berlin, I would be happier",
        "I used to work at Microsoft.",
        "I would love to live in Paris.",
        "It's not true that I live in Oslo.",
        "I want to move to Berlin and work at SAP.",
        "My sister lives in Rome.",
        "I live in a small flat.",
        "I prefer tea.",
        "I'm not vegetarian.",
        "Я не живу в Москве.",
        "Стоит ли мне переехать в Берлин?",
        "Если бы я работал в Google, я был бы богат.",
        "Я хочу переехать в Берлин.",
        "Я раньше жил в Москве.",
    ],
)
def test_negations_questions_hypotheticals_give_nothing(message: str) -> None:
    assert run(message).facts == ()


def test_only_user_episodes_become_facts() -> None:
    assert run("I live in Vilnius.", role="assistant").facts == ()


def test_new_value_same_key_is_a_candidate_and_repeats_merge() -> None:
    plan = run("I live in Berlin.", "I moved to Vilnius.", "I live in Berlin.")
    keys = [(f.key, f.value, f.source_ids) for f in plan.facts]
    assert ("user|city", "Berlin", (1, 3)) in keys
    assert ("user|city", "Vilnius", (2,)) in keys


def test_two_clauses_two_facts_and_negation_stays_in_its_clause() -> None:
    plan = run("I don't like Berlin, but I live in Berlin and I work at SAP.")
    assert {(f.key, f.value) for f in plan.facts} == {("user|city", "Berlin"), ("user|employer", "SAP")}


def test_entities_typed_from_facts_and_cues() -> None:
    plan = run("I went hiking with Maria in Yosemite.", "My boss is Sergey.", "Я ездил с Сашей в Казань.")
    ents = {e.name: e.type for e in plan.entities}
    assert ents["Maria"] == "person" and ents["Yosemite"] == "place" and ents["Sergey"] == "person"
    assert ents["Сашей"] == "person" and ents["Казань"] == "place"
    assert not [name for name in ents if name == "I" or name.startswith("I'")]


def test_fact_entity_wins_over_free_mention_and_merges_surface_forms() -> None:
    plan = run("Я живу в Москве.", "Я переехала в Москву.")
    (moscow,) = [e for e in plan.entities if e.name == "Москва"]
    assert moscow.role == "city" and set(moscow.aliases) == {"Москве", "Москву"}


def test_sentence_split_keeps_abbreviations() -> None:
    assert sentences("I live in St. Petersburg. Dr. Who is fun") == [
        "I live in St. Petersburg.",
        "Dr. Who is fun",
    ]
    text = "I like it, but I live here"
    assert clause_prefix(text, text.index("live")) == " I "


def test_throughput_on_thousands_of_messages() -> None:
    pool = [
        "I live in Vilnius now.", "Я работаю в Яндексе.", "Can you help me with a regex for dates?",
        "I went hiking with Maria in Yosemite and met Tom.", "I don't live in Berlin.",
        "The Atlas project is on hold because the client paused the budget.",
        "Thanks, that worked. Now what about the unit tests for the parser module?",
    ]  # fmt: skip
    eps = [EpisodeRef(i, pool[i % len(pool)] + f" #{i}", float(i), "user", "s") for i in range(3000)]
    t0 = time.perf_counter()
    plan = RuleConsolidator().consolidate(eps, ConsolidationContext("s"))
    rate = len(eps) / (time.perf_counter() - t0)
    print(f"RuleConsolidator: {rate:.0f} episodes/s")
    assert rate > 300
    assert {f.key for f in plan.facts} >= {"user|city", "user|employer", "project:atlas|status"}


@pytest.mark.parametrize(
    ("message", "key", "value"),
    [
        ("Home is Berlin now, the move is finally done.", "user|city", "Berlin"),
        ("My new home is Porto.", "user|city", "Porto"),
        ("Just signed a lease in Riga, so that's where I live now.", "user|city", "Riga"),
        ("Started a new job at Tyrell Systems today!", "user|employer", "Tyrell Systems"),
        ("My new employer is Globex, onboarding is chaotic.", "user|employer", "Globex"),
        ("Switched all my side projects to Zig.", "user|language", "Zig"),
        ("Moved my whole setup to Emacs.", "user|editor", "Emacs"),
        ("I use Sublime Text as my editor now.", "user|editor", "Sublime Text"),
        ("Honestly, OCaml is my main language now.", "user|language", "OCaml"),
        ("IntelliJ IDEA is my daily editor these days.", "user|editor", "IntelliJ IDEA"),
        ("My favourite programming language these days is Clojure.", "user|language", "Clojure"),
        ("I report to Konstantin these days.", "user|manager", "Konstantin"),
        ("I'm on a vegetarian diet now.", "user|diet", "vegetarian"),
        ("Started a keto diet, feeling good so far.", "user|diet", "keto"),
        ("Food update: vegan diet from now on.", "user|diet", "vegan"),
        ("We adopted a dog named Charlie!", "user|pet:dog", "Charlie"),
        ("Meet Bella, our new cat.", "user|pet:cat", "Bella"),
        ("Luna, our new cat, chewed through my charger today.", "user|pet:cat", "Luna"),
        ("Quick update on Nimbus: it's shipped.", "project:nimbus|status", "shipped"),
        ("Status of Falcon changed, it's in planning.", "project:falcon|status", "in planning"),
        ("Project Orion is in beta now.", "project:orion|status", "in beta"),
        ("Теперь мой дом — Тбилиси.", "user|city", "Тбилиси"),
        ("Сегодня первый день на новой работе — Initech.", "user|employer", "Initech"),
        ("Теперь я пишу код в VS Code.", "user|editor", "VS Code"),
        ("Сейчас пишу в основном на Haskell.", "user|language", "Haskell"),
        ("Мой любимый язык программирования теперь Scala.", "user|language", "Scala"),
        ("Мой основной редактор сейчас — Neovim.", "user|editor", "Neovim"),
        ("Проект Falcon сейчас в работе.", "project:falcon|status", "в работе"),
        ("Новости по Atlas: статус — в бете.", "project:atlas|status", "в бете"),
        ("Сейчас у меня вегетарианская диета.", "user|diet", "vegetarian"),
        ("Теперь моя диета — безглютеновая.", "user|diet", "gluten-free"),
        ("Мы завели питомца: попугай по кличке Киви.", "user|pet:parrot", "Киви"),
        ("Мы завели собаку по кличке Рекс.", "user|pet:dog", "Рекс"),
        ("Знакомься: Луна, наш новый питомец (кошка).", "user|pet:cat", "Луна"),
    ],
)
def test_wider_constructions(message: str, key: str, value: str) -> None:
    _, got_key, got_value = one(message)
    assert (got_key, got_value) == (key, value)


@pytest.mark.parametrize(
    ("message", "name", "aliases"),
    [
        ("Got a new manager: Dima, well, Dmitry officially.", "Dmitry", ("Dima",)),
        ("I report to Konstantin these days, everyone calls them Kostya.", "Konstantin", ("Kostya",)),
        ("У меня новый начальник — Александр (Саша).", "Александр", ("Саша",)),
    ],
)
def test_manager_full_name_is_the_value_and_nickname_an_alias(
    message: str, name: str, aliases: tuple[str, ...]
) -> None:
    (fact,) = run(message).facts
    (person,) = fact.entities
    assert (fact.key, fact.value) == ("user|manager", name)
    assert (person.name, person.type, person.aliases) == (name, "person", aliases)


@pytest.mark.parametrize(
    "message",
    [
        "My friend Tom lives in Berlin.",
        "Berlin has really nice museums.",
        "My sister switched to Rust.",
        "My colleague keeps complaining about Haskell.",
        "Tom's home is Riga now.",
        "Her home is Oslo.",
        "My sister works at Globex.",
        "A friend swears by Emacs, I'm not convinced.",
        "My roommate tried a keto diet and hated it.",
        "A new vegan cafe opened near the office.",
        "My neighbour's dog is also called Rex.",
        "Saw a dog named Rex at the park, so cute.",
        "My friend's startup is in beta too.",
        "Half the tickets on the other board are blocked.",
        "Emacs is not my editor.",
        "Is Helix my main editor now?",
        "I don't use Vim as my editor.",
        "I'm not on a keto diet.",
        "Maybe switched to Zig next year.",
        "Switched my sister to Rust.",
        "Honestly Helix is my main editor now.",
        "Tom and Anna adopted a dog named Rex.",
        "Meet Tom, our new intern.",
        "Should I start a new job at Globex?",
        "My cousin got a new manager: Olga.",
        "Моя сестра работает в Globex.",
        "Коллега всё время ругает Haskell.",
        "Друг хвалит Emacs, но меня не убедил.",
        "Соседка говорит, что кето диета — ерунда.",
        "У соседей тоже есть питомец по кличке Рекс.",
        "У друга стартап тоже в бете.",
        "Я не пишу на Haskell.",
        "Если бы у меня была веганская диета, я бы похудел.",
    ],
)
def test_third_person_and_distractors_give_nothing(message: str) -> None:
    assert run(message).facts == ()


def test_new_construction_supersedes_under_the_same_key() -> None:
    plan = run("I live in Berlin.", "Home is Vilnius now.", "Сейчас пишу на Rust.", "Switched to Zig.")
    got = [(f.key, f.value) for f in plan.facts]
    assert got == [("user|city", "Berlin"), ("user|city", "Vilnius"), ("user|language", "Rust"),
                   ("user|language", "Zig")]  # fmt: skip
