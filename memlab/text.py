"""Text normalisation for full-text search: tokens, stems, stop words and safe FTS5 queries.

The store keeps a stemmed "shadow" of every text in an FTS5 column (``stem_text``) and queries
that column with ``fts_query``, so "Вильнюсе" finds "Вильнюс" and "living" finds "lives"
without a custom SQLite tokenizer (which Python cannot register portably). Both sides go
through the same FTS5 tokenizer, so its options (e.g. ``remove_diacritics``) stay consistent.

User text never reaches MATCH raw: a query is rebuilt from word tokens only, each one quoted,
joined with OR (FTS5 treats bare juxtaposition as AND, which makes natural questions match
nothing).
"""

from __future__ import annotations

import functools
import re
import threading
import unicodedata
from typing import Any

# Letters and digits only: FTS5's unicode61 tokenizer treats "_" (and other punctuation) as a
# separator, so keeping it out of tokens keeps our tokens and FTS5's tokens the same.
_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_LATIN = re.compile(r"[a-z]")

# Stemming a very long "word" (base64, a minified blob) is pointless and slow; keep it as-is.
MAX_STEM_CHARS = 40

STOPWORDS_EN: frozenset[str] = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each either else
    ever few for from further had has have having he her here hers herself him himself his how
    i if in into is it its itself just let me might more most must my myself no nor not now of
    off on once only or other ought our ours ourselves out over own same shall she should so
    some such than that then the their theirs them themselves there these they this those
    through to too under until up upon us very was we were what when where which while who
    whom whose why will with would yet you your yours yourself yourselves
    i'm it's don't isn't s t d ll m re ve
    """.split()
)

STOPWORDS_RU: frozenset[str] = frozenset(
    """
    а без более больше будет будто бы был была были было быть в вам вас вдруг ведь во вот
    впрочем все всегда всего всех всю вы где да даже для до другой его ее ей ему если есть еще
    ж же за зачем здесь и из или им иногда их к как какая какой какие какое каким когда
    кого кому кто куда ли либо между меня мне много может можно мой моя мы на над надо наконец
    нас не него нее ней нельзя нет ни нибудь никогда ним них ничего но ну о об один он она они
    оно опять от отчего перед по под после потом потому почему почти при про раз разве с сам
    свое свою себе себя сейчас со совсем так такой там тебе тебя тем теперь то тогда того тоже
    той только том тот три тут ты у уж уже хорошо хоть чего чей чем через что чтоб чтобы чуть
    эти этого этой этом этот эту я ею им ими их это эта которые который которая которое
    ли ль разве неужели сколько чья чье чьи
    """.split()
)

STOPWORDS: frozenset[str] = STOPWORDS_EN | STOPWORDS_RU

# Conversational filler that carries no topic in a *query* ("tell me what you remember about
# Berlin"); stored texts keep these words, queries drop them.
QUERY_FILLER: frozenset[str] = frozenset(
    """
    tell remember recall remind please know anything something happened hmm um uh ok okay
    thing stuff
    скажи расскажи напомни помнишь помню знаешь пожалуйста ну хм штука
    """.split()
)

_stem_lock = threading.Lock()


def normalize(text: str) -> str:
    """NFKC (full-width letters, ligatures) and lower case; safe on any str."""
    return unicodedata.normalize("NFKC", text).lower()


def tokenize(text: str) -> list[str]:
    """Unicode letter/digit runs, lower-cased. NUL bytes, surrogates and punctuation vanish."""
    return _WORD.findall(normalize(text))


@functools.cache
def _stemmers() -> dict[str, Any]:
    import snowballstemmer

    return {
        "en": snowballstemmer.stemmer("english"),
        "ru": snowballstemmer.stemmer("russian"),
    }


def _script(word: str) -> str | None:
    if _CYRILLIC.search(word):
        return "ru"
    if _LATIN.search(word):
        return "en"
    return None


@functools.lru_cache(maxsize=1 << 18)
def _stem_cached(word: str) -> str:
    lang = _script(word)
    if lang is None:
        return word
    stemmer = _stemmers()[lang]
    with _stem_lock:  # snowball stemmer objects keep per-call state: not thread-safe
        stem = stemmer.stemWord(word.replace("ё", "е"))
    return stem or word


def stem_word(word: str) -> str:
    """Stem one lower-case token (English for Latin script, Russian for Cyrillic)."""
    if len(word) > MAX_STEM_CHARS:
        return word
    return _stem_cached(word)


def stem_text(text: str) -> str:
    """The stemmed shadow of ``text`` for the FTS5 stem column: space-joined stems."""
    return " ".join(stem_word(w) for w in tokenize(text))


def is_stopword(word: str) -> bool:
    return word.replace("ё", "е") in STOPWORDS


def query_terms(text: str, max_terms: int = 32) -> list[str]:
    """Distinct stems of the content words of a query, in order of first appearance."""
    seen: dict[str, None] = {}
    for word in tokenize(text):
        if len(word) < 2 and not word.isdigit():
            continue
        if is_stopword(word) or word in QUERY_FILLER:
            continue
        seen.setdefault(stem_word(word), None)
        if len(seen) >= max_terms:
            break
    return list(seen)


def fts_query(text: str, max_terms: int = 32) -> str | None:
    """An FTS5 MATCH expression: OR of quoted stems, or None when nothing searchable is left.

    Use it against the stem column (``WHERE nodes_fts.stem MATCH ?`` restricts FTS5 to that
    column). Terms contain only letters and digits, so quoting cannot be broken out of.
    """
    terms = query_terms(text, max_terms=max_terms)
    if not terms:
        return None
    return " OR ".join(f'"{t}"' for t in terms)
