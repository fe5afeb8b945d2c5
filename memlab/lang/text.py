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


# -- the other alphabet ------------------------------------------------------------------------------
# Names cross alphabets in a bilingual memory ("When did Anna adopt Kiwi?" over "Мы завели питомца:
# попугай по кличке Киви."): a name-like query word is also looked up in the other script. Latin ->
# Cyrillic: longest rule first, a few spellings per rule; Cyrillic -> Latin: the usual
# romanisations. Callers keep only the forms their index holds, so a common word's (wrong)
# transliteration costs a posting lookup and nothing else.
_LAT_TO_CYR: dict[str, tuple[str, ...]] = {
    "shch": ("щ",), "sch": ("ш",), "sh": ("ш",), "ch": ("ч",), "zh": ("ж",), "kh": ("х",), "ts": ("ц",),
    "tz": ("ц",), "yu": ("ю",), "ya": ("я",), "yo": ("ё",), "ye": ("е",), "ju": ("ю", "джу"),
    "ja": ("я", "джа"), "ia": ("ия", "я"), "ph": ("ф",), "th": ("т",), "ck": ("к",), "ee": ("и",),
    "oo": ("у",), "a": ("а",), "b": ("б",), "c": ("к", "с"), "d": ("д",), "e": ("е", "э"), "f": ("ф",),
    "g": ("г",), "h": ("х",), "i": ("и",), "j": ("дж", "й"), "k": ("к",), "l": ("л",), "m": ("м",),
    "n": ("н",), "o": ("о",), "p": ("п",), "q": ("к",), "r": ("р",), "s": ("с",), "t": ("т",),
    "u": ("у",), "v": ("в",), "w": ("в",), "x": ("кс",), "y": ("и", "й"), "z": ("з",),
}  # fmt: skip
_LAT_FINAL: dict[str, tuple[str, ...]] = {"ie": ("и",), "er": ("ер", "р"), "y": ("и", "й")}
_CYR_TO_LAT: dict[str, tuple[str, ...]] = {
    "а": ("a",), "б": ("b",), "в": ("v",), "г": ("g",), "д": ("d",), "е": ("e",), "ё": ("e", "yo"),
    "ж": ("zh",), "з": ("z",), "и": ("i",), "й": ("y", "i"), "к": ("k",), "л": ("l",), "м": ("m",),
    "н": ("n",), "о": ("o",), "п": ("p",), "р": ("r",), "с": ("s",), "т": ("t",), "у": ("u",),
    "кс": ("ks", "x"), "ф": ("f",), "х": ("kh", "h"), "ц": ("ts",), "ч": ("ch",), "ш": ("sh",), "щ": ("shch",), "ъ": ("",),
    "ы": ("y",), "ь": ("",), "э": ("e",), "ю": ("yu", "ju"), "я": ("ya", "a"),
}  # fmt: skip
MAX_SCRIPT_FORMS = 8  # spellings of one word tried in the other alphabet
_NAME_LIKE = re.compile(r"[^\W\d_][^\W_]*", re.UNICODE)


Rules = dict[str, tuple[str, ...]]


def _spell(word: str, rules: Rules, final: Rules, limit: int) -> list[str]:
    forms = [""]
    i = 0
    longest = max(map(len, rules))
    while i < len(word):
        for size in range(min(longest, len(word) - i), 0, -1):
            chunk = word[i : i + size]
            options = final.get(chunk) if i + size == len(word) else None
            options = options or rules.get(chunk)
            if options is not None:
                break
        else:
            size, options = 1, (word[i],)
        forms = [f + o for f in forms for o in options][:limit]
        i += size
    return forms


def other_script_forms(word: str, limit: int = MAX_SCRIPT_FORMS) -> list[str]:
    """Spellings of one lower-case word in the other alphabet, most likely first ("kiwi" ->
    ["киви"], "юлия" -> ["yuliya", "yulia", ...]); [] for a word mixing or lacking both."""
    if _LATIN.search(word) and not _CYRILLIC.search(word):
        return _spell(word, _LAT_TO_CYR, _LAT_FINAL, limit)
    if _CYRILLIC.search(word) and not _LATIN.search(word):
        return _spell(word.replace("ё", "е"), _CYR_TO_LAT, {}, limit)
    return []


def name_words(text: str) -> list[str]:
    """Lower-cased words written with a capital letter ("When did Anna adopt Kiwi?" -> anna, kiwi),
    stop words left out: the words worth looking up in the other alphabet."""
    out: dict[str, None] = {}
    for m in _NAME_LIKE.finditer(unicodedata.normalize("NFKC", text)):
        w = m.group(0)
        if w[0].isupper() and len(w) >= 3 and not is_stopword(w.lower()):
            out.setdefault(w.lower(), None)
    return list(out)


def cross_script_stems(text: str, limit: int = MAX_SCRIPT_FORMS) -> list[str]:
    """Stems of the other-alphabet spellings of the name-like words of ``text`` (candidates: the
    caller keeps those its index holds)."""
    out: dict[str, None] = {}
    for w in name_words(text):
        for form in other_script_forms(w, limit):
            if len(form) >= 3:
                out.setdefault(stem_word(form), None)
    return list(out)
