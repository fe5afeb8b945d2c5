"""Value gazetteers and the surface forms of a value, read from ``data/values.json``.

A value such as "Python", "pescatarian" or "Санкт-Петербург" is written in many ways in chat
("питон", "пескетарианская", "питер"). The tables are data (one JSON file, a header saying what
each is for); this module gives them types and answers two questions both retrieval and the
extractor ask: which forms does a value have (``forms_of``), and does a text name it (``mentions``).
"""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from memlab.lang.translit import latin_forms


def _load() -> dict[str, Any]:
    raw = resources.files("memlab.lang").joinpath("data/values.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return data


_DATA = _load()

# canonical value -> surface forms (lower case); the category is the attribute
TOOLS: dict[str, dict[str, tuple[str, ...]]] = {
    cat: {canon: tuple(forms) for canon, forms in table.items()} for cat, table in _DATA["TOOLS"].items()
}
CAR_BRANDS: frozenset[str] = frozenset(_DATA["CAR_BRANDS"])
CAR_BRANDS_RU: frozenset[str] = frozenset(_DATA["CAR_BRANDS_RU"])
# a Russian model name said alone ("купил Камри") -> the car
CAR_MODELS_RU: dict[str, str] = dict(_DATA["CAR_MODELS_RU"])
DIETS: dict[str, tuple[str, ...]] = {canon: tuple(forms) for canon, forms in _DATA["DIETS"].items()}
# the noun a Russian question names a favourite by -> the English key ("группа" -> band)
FAVOURITE_NOUNS_RU: dict[str, str] = dict(_DATA["FAVOURITE_NOUNS_RU"])
# a given name and its everyday forms, Russian and English ("Дмитрий" is "Дима" at work)
NAME_FORMS: tuple[tuple[str, ...], ...] = tuple(tuple(group) for group in _DATA["NAME_FORMS"])
CITY_ALIASES: dict[str, str] = dict(_DATA["CITY_ALIASES"])


def _all_forms() -> dict[str, tuple[str, ...]]:
    out: dict[str, set[str]] = {}
    for group in NAME_FORMS:
        for form in group:
            out.setdefault(form.casefold(), set()).update(g for g in group if g.casefold() != form.casefold())
    for canon, words in DIETS.items():
        out.setdefault(canon.casefold(), set()).update(words)
    for table in TOOLS.values():
        for canon, words in table.items():
            out.setdefault(canon.casefold(), set()).update(words)
    for alias, canon in CITY_ALIASES.items():
        out.setdefault(canon.casefold(), set()).add(alias)
    return {k: tuple(sorted(v)) for k, v in out.items()}


_FORMS = _all_forms()


def forms_of(value: str) -> tuple[str, ...]:
    """Every way the gazetteers know to write ``value``, the value first: "pescatarian" ->
    "пескетарианская", ..., "Python" -> "питон", "Санкт-Петербург" -> "питер". Forms shorter than
    three letters are left out (they would match too much as word starts)."""
    return (value, *(f for f in _FORMS.get(value.casefold(), ()) if len(f) >= 3 and f != value.casefold()))


def members_of(attribute: str) -> list[str]:
    """The values a gazetteer knows for ``attribute`` (editors, languages, phones, diets...)."""
    if attribute == "diet":
        return list(DIETS)
    if attribute == "car":  # "у меня Солярис, белый" before "теперь рассекаю на Geely"
        return [*CAR_BRANDS, *CAR_MODELS_RU]
    tools = list(TOOLS.get(attribute, {}))
    if attribute == "phone":  # a brand said with a model the gazetteer does not list: "хожу с Samsung A52"
        tools += [t.split()[0] for t in tools if " " in t]
    return tools


def mentions(text: str, value: str) -> bool:
    """``value`` starts a word of ``text``; a Russian value by its stem ("Казани" names "Казань"),
    and any form the gazetteers know for it ("пескетарианская" names "pescatarian")."""
    low = text.casefold()
    return any(_names(text, low, form) for form in forms_of(value)) or _other_alphabet(text, value)


def _other_alphabet(text: str, value: str) -> bool:
    """A one-word name written in the other alphabet: "Saw a dog named Rex" names "Рекс", "У соседей
    кот Симба" names "Simba" (a bilingual memory keeps a name as it was first said)."""
    if " " in value or len(value) < 3 or not value[:1].isupper():
        return False
    want = {_latin(f) for f in latin_forms(value)}
    for w in re.findall(r"\w+", text):
        if w.isascii() == value.isascii() or not w[:1].isupper():
            continue
        stems = [w[:-k] for k in (1, 2) if not w.isascii() and len(w) - k >= 3]  # "Бисквитом", "Рексу"
        inflected = {f for stem in stems for f in latin_forms(stem)}
        if want & {_latin(f) for f in (*latin_forms(w), *inflected)}:
            return True
    return False


def _latin(word: str) -> str:
    """One spelling for the Latin forms that differ by convention: "x" is "ks", a final "ie" is "i"."""
    return re.sub(r"ie$", "i", word.casefold().replace("x", "ks"))


def _names(text: str, low: str, form: str) -> bool:
    return match_form(text, low, form) is not None


def match_form(text: str, low: str, form: str) -> re.Match[str] | None:
    """Where ``form`` is named: a Cyrillic form starts a word (by its stem: inflection follows, and
    the match runs to the word's end); a Latin one is a whole word, and a short one keeps its case
    ("Go" is not "go for a walk", "Rust" is not "rusty")."""
    v = form.casefold()
    if re.search("[а-яё]", v):
        if len(v) >= 5 and re.search("[а-яё]$", v):
            v = v[:-1]
        return re.search(rf"(?<!\w){re.escape(v)}\w*", low)
    if len(form) <= 3:
        return re.search(rf"(?<!\w){re.escape(form)}(?!\w)", text)
    return re.search(rf"(?<!\w){re.escape(v)}(?!\w)", low)
