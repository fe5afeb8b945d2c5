"""The word classes, token helpers and the ``Extracted`` record the clause modules share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.nlp import (
    Sent,
    Tok,
    ru_lemmas,
    ru_unknown_lemma,
)
from memlab.lang import wordlists as wl

SPEAKER = "speaker"
_WORD = re.compile(r"[\w+#\-]+", re.UNICODE)
_QUOTES = {'"': '"', "“": "”", "«": "»", "„": "“", "'": "'"}
_TOOL_INDEX = {
    form: (cat, canon)
    for cat, values in lx.TOOLS.items()
    for canon, forms in values.items()
    for form in forms
}
_MAX_TOOL_WORDS = max(len(f.split()) for f in _TOOL_INDEX)

CITY_VERBS = wl.all_words("city_verbs")
EMPLOY_VERBS = wl.all_words("employ_verbs")
TOOL_VERBS = wl.all_words("tool_verbs")
HAVE_VERBS = wl.all_words("have_verbs")
STATE_VERBS = wl.all_words("state_verbs")
CHANGE_VERBS = wl.all_words("change_verbs")
ORG_NOUNS = wl.all_words("org_nouns")
_SPEAKER_WORDS = frozenset("i we me я мы".split())
_OWNER_WORDS = wl.all_words("owner_words")
_NOT_NAME_PARTS = wl.all_words("not_name_parts")
_TRIAL_VERBS = frozenset("try attempt test sample попробовать пробовать".split())
_HEDGE_VERBS = wl.words("en", "hedge_verbs")
_PRAISE = wl.all_words("praise")
_SKIP_ADJ = wl.all_words("skip_adj")
_PAST_ADJ = wl.all_words("past_adj")
_SEASONS = wl.all_words("seasons")
_CALENDAR = wl.all_words("calendar")
_RU_VERB_ENDINGS = ("ть", "ти", "ться", "тись", "чь", "чься")
_OTHER_PRONOUNS = wl.all_words("other_pronouns")
_INVERSION = wl.words("en", "inversion")
_EMBEDDED = frozenset("xcomp ccomp advcl pcomp csubj acl obj".split())


_USER_NOUNS = wl.all_words("user_nouns")
_DEVICE_NOUNS = frozenset("ноут ноутбук комп компьютер десктоп макбук".split())
# "PHP dev here", "a Kotlin developer": the language one writes (one person, not "Java developers")
_DEV_NOUNS = frozenset("dev developer programmer coder engineer".split())
_RU_ADJ_ENDINGS = ("ий", "ый", "ой", "ая", "яя", "ое", "ее", "ие", "ые", "ую", "их", "ых", "ого", "ому")
_USE_VERBS = wl.all_words("use_verbs")
_RU_THIRD_PERSON = wl.words("ru", "ru_third_person")
# a verb that is a sport when it takes no object, or a distance ("I run half marathons")
_SPORT_VERBS = {"swim": "swimming", "run": "running", "jog": "running", "плавать": "плавание", "бегать": "бег"}
_RUN_OBJECTS = wl.all_words("run_objects")
_REGULARLY = wl.all_words("regularly")
_VISIT_WORDS = wl.all_words("visit_words")
_SHORT_STAYS = wl.all_phrases("short_stays")
_FILLERS = ("btw", "lol", "haha", "tbh", "fwiw", "lmao")  # chat words a parser reads as nouns
_VAGUE = wl.words("en", "basics_vague")
_NOW_WORDS = wl.all_words("basics_now_words")
_NOW_PHRASES = (("these", "days"), ("в", "последнее", "время"), ("these", "past", "weeks"))
_BARE_KIN = wl.words("en", "bare_kin")
_NAMING = wl.all_words("naming")
_HE_SHE = frozenset("he she он она".split())
_JOB_TAKE_VERBS = wl.words("en", "job_take_verbs")
_JOB_AT_NOUNS = frozenset("job gig role position post internship".split())
# "Status of Falcon changed, it's in beta", "Quick update on Falcon: ...", "Новости по Falcon: статус — в бете"
_STATUS_NOUNS = frozenset("status update статус новость".split())
_JOB_NOUNS = frozenset("job gig employer company работа компания контора".split())
_FROM_CASES = frozenset("from off с со из".split())
_RU_WORK_AS = frozenset("работать трудиться устроиться подрабатывать служить вкалывать пахать".split())  # "работаю курьером"
_BEGIN_VERBS = wl.all_words("begin_verbs")
_OWN_ATTRIBUTES = frozenset("spouse partner name age manager".split())  # never shared by "both"
_WH = wl.all_words("question_words")
_NO_LONGER_CUES = (" anymore ", " any more ", " no longer ", " больше не ", " уже не ")


def _has_phrase(toks: Sequence[Tok], phrases: Sequence[tuple[str, ...]]) -> bool:
    words = [t.lower for t in toks]
    return any(
        words[i : i + len(p)] == list(p)
        for p in phrases
        for i in range(len(words) - len(p) + 1)
        if len(p) > 1
    )


@dataclass(frozen=True)
class Extracted:
    """One fact a sentence states as currently true."""

    subject: str  # "speaker", "speaker's sister", "Anna", "Anna's manager"
    attribute: str
    value: str
    value_type: str  # person | place | organization | tool | concept
    sentence: str


_NOT_NAMES = wl.words("en", "not_names")
NOT_NAMES = _NOT_NAMES  # chat words that are never a person's name (also for fact subjects)
_MENTION_TYPES = {"PER": "person", "LOC": "place", "ORG": "organization"}


_TITLE_LINKS = wl.all_words("title_links")


_HOBBY_TIMES = wl.words("en", "hobby_times")
_MONTHS = wl.all_words("months")


def _birthday_noun(toks: list[Tok], t: Tok) -> bool:
    nxt = toks[t.i + 1].lower if t.i + 1 < len(toks) else ""
    return t.lemma in ("birthday", "bday", "b-day") or t.lemma == "день" and nxt == "рождения" or t.lower == "др"


def _in_date(toks: list[Tok], t: Tok) -> bool:
    """A month word with a day number beside it ("May 3": not the modal)."""
    near = [toks[k].lower for k in (t.i - 1, t.i + 1) if 0 <= k < len(toks)]
    return t.lower in _MONTHS and any(w.rstrip("stndrh").isdigit() for w in near)


def _date_in(part: list[Tok]) -> str | None:
    """A day of a month, as written: "june 12", "12th of June", "3 апреля" (a month alone is none)."""
    for k, t in enumerate(part):
        if t.lower not in _MONTHS:
            continue
        day = re.compile(r"^([12]?\d|3[01])(st|nd|rd|th)?$")
        if k + 1 < len(part) and day.match(part[k + 1].lower):
            return f"{t.text} {part[k + 1].text}"
        if k and day.match(part[k - 1].lower):
            return f"{part[k - 1].text} {t.text}"
        if k > 1 and part[k - 1].lower == "of" and day.match(part[k - 2].lower):
            return f"{part[k - 2].text} of {t.text}"
    return None


def _misread(words: list[Tok], normal: str) -> bool:
    """natasha's nominative of a one-word name the dictionary lacks is not pymorphy3's best guess
    ("Бауманке" -> "Бауманок", not "Бауманка")."""
    if len(words) != 1:
        return False
    if "-" in words[0].text and words[0].text.split("-")[1][:1].isupper():
        return not normal.split("-")[-1][:1].isupper()  # "Т-Банке" -> "Т-Банк" keeps its capitals: natasha's
    guess = ru_unknown_lemma(words[0].text)
    return guess is not None and guess != normal.casefold().replace("ё", "е") and normal.casefold() in ru_lemmas(words[0].text)


def _has_cue(low: str, cues: Sequence[str]) -> bool:
    """A cue in a space-joined lower-case text, as whole words ("скоро", not "скорой"); a cue
    that ends in a space ("через ") is a word start."""
    return any(re.search(r"(?<!\w)" + re.escape(c.strip()) + ("" if c.endswith(" ") else r"(?!\w)"), low) for c in cues)


def _split_at(part: list[Tok], words: tuple[str, ...]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in part:
        if t.lower in words:
            out.append([])
        else:
            out[-1].append(t)
    return [p for p in out if p]


def _job_word(t: Tok) -> bool:
    if job_head(t.lemma) or t.lower in lx.JOB_HEADS:
        return True
    # natasha left a Russian form unlemmatised ("тимлидом" -> "тимлидом"): pymorphy3's lemmas
    lemmas = ru_lemmas(t.text) if t.lemma == t.lower and t.pos in ("NOUN", "PROPN") else ()
    return any(job_head(w) for w in lemmas) and not any(w in lx.RELATIONS for w in lemmas)  # not "нашего тимлида"


def job_head(word: str) -> bool:
    """A word (a lemma) that heads a job title, alone or after a hyphen ("инженер-технолог")."""
    return word in lx.JOB_HEADS or word.split("-")[-1] in lx.JOB_HEADS


def _lex(t: Tok, table: Any) -> str:
    """The form of ``t`` a lexicon knows: its lemma, or the surface form when the lemmatiser
    failed on it (natasha tags pro-dropped "пользуюсь" as an adverb, "тимлид" as a verb)."""
    if t.lemma in table:
        return t.lemma
    if t.lower in table:
        return t.lower
    return next((x for x in ru_lemmas(t.text) if x in table), t.lemma)


def _contiguous(idx: list[int], anchor: int) -> tuple[int, int]:
    """The run of consecutive indices in ``idx`` that contains ``anchor``."""
    lo = hi = anchor
    s = set(idx)
    while lo - 1 in s:
        lo -= 1
    while hi + 1 in s:
        hi += 1
    return lo, hi


def _subtree_toks(sent: Sent, t: Tok) -> list[Tok]:
    return [sent.toks[i] for i in sorted(_subtree(sent, t))]


def _subtree(sent: Sent, t: Tok) -> set[int]:
    out, frontier = {t.i}, [t]
    while frontier:
        cur = frontier.pop()
        for c in sent.children(cur):
            if c.i not in out:
                out.add(c.i)
                frontier.append(c)
    return out



# number words up to 119, for ages said in words ("I'm thirty-six", "мне тридцать шесть")
_UNITS_EN = wl.phrases("en", "number_units")
_TENS_EN = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_UNITS_RU = wl.phrases("ru", "number_units")
_TENS_RU = {"двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "шестьдесят": 60, "семьдесят": 70,
            "восемьдесят": 80, "девяносто": 90}  # fmt: skip
_NUMBER_WORDS_ALL = {
    **{w: k for k, w in enumerate(_UNITS_EN)}, **_TENS_EN, **{w: k for k, w in enumerate(_UNITS_RU)}, **_TENS_RU,
    "одна": 1, "одну": 1, "две": 2, "сто": 100, "hundred": 100,
}  # fmt: skip


def number_at(toks: Sequence[Tok], i: int) -> tuple[str, int] | None:
    """The number written at ``toks[i]``, as digits, and the index of its last token: "36" as is,
    "thirty-six" / "thirty six" / "тридцать шесть" / "сорок" in words; None for anything else."""
    if i >= len(toks):
        return None
    t = toks[i]
    if t.text.isdigit():
        return t.text, i
    first = _NUMBER_WORDS_ALL.get(t.lower)
    if first is None or first < 2 or i + 1 < len(toks) and toks[i + 1].lower == "of":
        return None  # "I'm one of the organisers", "one" and "один" say no age
    if first in _TENS_EN.values() and first >= 20:
        k = i + 1
        if k < len(toks) and toks[k].text in ("-", "‑"):
            k += 1
        unit = _NUMBER_WORDS_ALL.get(toks[k].lower) if k < len(toks) else None
        if unit is not None and 0 < unit < 10:
            return str(first + unit), k
    return str(first), i
