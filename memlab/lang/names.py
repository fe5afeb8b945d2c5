"""Name normalisation for entity resolution: two surface forms that name the same thing should
map to the same key ("Émile" / "emile", "Вильнюсе" / "Вильнюс", "Сашей" / "Саша").

Steps: NFKC, casefold, strip diacritics (NFKD minus combining marks, but "й" and "ё" are
restored first so Cyrillic stays Cyrillic), punctuation to spaces, whitespace collapsed, and each
Cyrillic word reduced by the Snowball Russian stemmer. Limits: the stemmer drops endings, not
stem alternations, so "Москва"/"Москве" match but e.g. "Орёл"/"Орла" do not; Latin words are not
stemmed (stemming English names would merge "Anna"/"Anne"-like pairs we'd rather keep apart).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_NON_WORD = re.compile(r"[^\w]+", re.UNICODE)


@lru_cache(maxsize=1)
def _russian_stemmer() -> Any:
    import snowballstemmer

    return snowballstemmer.stemmer("russian")


def strip_diacritics(text: str) -> str:
    """Remove combining marks; keeps Cyrillic "й" (a letter, not a decorated "и") and maps ё->е."""
    text = text.replace("й", "\x00").replace("ё", "е")
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", kept).replace("\x00", "й")


@lru_cache(maxsize=65536)
def _stem_word(word: str) -> str:
    if _CYRILLIC.search(word) and len(word) > 2:
        stem = _russian_stemmer().stemWord(word)
        return stem or word
    return word


@lru_cache(maxsize=65536)
def normalize_name(name: str) -> str:
    """Comparison key for an entity name; "" for names with no letters or digits."""
    text = strip_diacritics(unicodedata.normalize("NFKC", name).casefold())
    words = [w for w in _NON_WORD.sub(" ", text).replace("_", " ").split() if w]
    return " ".join(_stem_word(w) for w in words)


# Feminine "-а/-я" and soft-sign nominatives whose oblique forms a bare "drop the ending" rule gets
# wrong ("Москве" -> "Москв"). Everything else ending in a consonant is taken as masculine.
_FEMININE_A: frozenset[str] = frozenset(
    "москва прага рига вена варшава самара уфа анапа ялта вологда анкара женева барселона верона "
    "флоренция генуя валенсия севилья гавана ницца мекка кострома тула калуга".split()
)
_SOFT_SIGN: frozenset[str] = frozenset(
    "казань тверь пермь рязань астрахань сызрань ярославль керчь обь сибирь".split()
)


def _restore_case(surface: str, lowered: str) -> str:
    return surface[0] + lowered[1:] if surface[:1].isupper() else lowered


def russian_nominative(word: str, case: str) -> str:
    """Best-effort nominative of one Cyrillic place/organisation word in ``case`` ("prep"|"acc").

    Small explicit rules, honest about their limits: "-ии"/"-ию" -> "-ия" (Германии), a short list
    of feminine and soft-sign city names (Москве -> Москва, Казани -> Казань), otherwise "-е" is
    dropped (Берлине -> Берлин, Вильнюсе -> Вильнюс) and "-у" becomes "-а" (Москву -> Москва).
    Indeclinable names (Сочи, Тбилиси) and Latin words pass through; adjectives in multi-word
    names ("Нижнем Новгороде") are not handled, and an unknown feminine name in "-е" comes out
    masculine ("Казани" is right only because it is listed).
    """
    if case not in ("prep", "acc") or len(word) < 3 or not _CYRILLIC.search(word):
        return word
    low = word.lower()
    return _restore_case(word, _nominative_lower(low, case))


def _nominative_lower(low: str, case: str) -> str:
    stem = low[:-1]
    if low.endswith(("ии", "ию")):
        return low[:-2] + "ия"
    if low in _FEMININE_A or low in _SOFT_SIGN:
        return low
    if case == "prep":
        for cand in (stem + "а", stem + "я", stem + "ь"):
            if low.endswith(("е", "и")) and (cand in _FEMININE_A or cand in _SOFT_SIGN):
                return cand
        return stem if low.endswith("е") else low
    if low.endswith("у"):
        return stem + "а"
    if low.endswith("ю"):
        return stem + "я"
    return low


def russian_nominative_phrase(phrase: str, case: str) -> str:
    """Apply ``russian_nominative`` to the last word (and last hyphen part) of a name."""
    head, sep, last = phrase.rpartition(" ")
    pre, hyph, tail = last.rpartition("-")
    return head + sep + pre + hyph + russian_nominative(tail, case)
