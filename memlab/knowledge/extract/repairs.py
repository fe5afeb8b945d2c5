"""Self-corrections inside one message, applied before parsing.

Dictated and hurried messages fix themselves as they go: "we're in Leicester now sorry
Loughborough", "phone's a pixel 7a no wait it's the 8a", "at argos um no not argos Currys",
«мне тридцать семь ой тридцать восемь», «я в ленте тьфу не в ленте уже а в Ашане». The
disfluency literature calls the three parts reparandum, interregnum (the marker) and repair
(Shriberg 1994, "Preliminaries to a Theory of Speech Disfluencies"). The reparandum is replaced by
the repair when the repair has the same shape (a name for a name, a number for a number, a model
for a model) or the speaker negates the reparandum explicitly ("not argos", «не в ленте»); when no
repair can be found ("my editor is sublime no sorry what am I saying ... it's Zed now") the
corrected stretch is dropped, so the retracted value is never read as a fact.
"""

from __future__ import annotations

import re

from memlab.lang import wordlists as wl

_MARKER = re.compile(
    r"(?<![\w-])(?:no sorry|sorry|no wait|wait no|i mean|um no|uh no|oh no|ой|тьфу|вернее|точнее|в смысле)(?![\w-])",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\s,.!?;:()]+")
_SKIP_BEFORE = wl.all_words("skip_before")
_SKIP_AFTER = wl.all_words("skip_after")
_NEGATIONS = frozenset(("not", "не"))
_APOLOGY = wl.words("en", "apology")
_FEEL = wl.words("en", "feel")
_NO_REPAIR = wl.all_words("no_repair")
_BUT = frozenset(("but", "а", "но"))
_PREPOSITIONS = wl.all_words("repairs_prepositions")
_NUMBER_WORDS = wl.all_words("repairs_number_words")


def _shape(word: str) -> str:
    if word.casefold() in _NUMBER_WORDS or word.isdigit():
        return "number"
    if any(c.isdigit() for c in word):
        return "model"
    return "name" if word[:1].isupper() else "word"


def _same(a: str, b: str) -> bool:
    """The same word in another form: "argos"/"Argos", «ленте»/«ленте», «Виктору»/«Виктор»."""
    a, b = a.casefold(), b.casefold()
    return a == b or len(a) >= 4 and len(b) >= 4 and a[:-1] == b[:-1] or a[:-2] == b[:-2] and len(a) >= 5


def repaired(text: str) -> str:
    """``text`` with each self-correction applied (at most three per message)."""
    pos = 0
    for _ in range(3):
        m = _MARKER.search(text, pos)
        if m is None:
            break
        fixed = _repair_one(text, m)
        pos = m.end() if fixed is None else 0
        text = text if fixed is None else fixed
    return text


def _repair_one(text: str, m: re.Match[str]) -> str | None:
    """``text`` with the correction at marker ``m`` applied; None when ``m`` is no correction: an
    apology ("sorry about the noise", "sorry to hear that") or a marker after a clause break ("I
    live in Leeds, sorry")."""
    left = [w for w in _WORD.finditer(text, 0, m.start())]
    while left and left[-1].group().casefold() in _SKIP_BEFORE:
        left.pop()
    right = [w for w in _WORD.finditer(text, m.end())][:12]
    sorry = m.group().casefold() == "sorry"
    apology = sorry and (right and right[0].group().casefold() in _APOLOGY or left and left[-1].group().casefold() in _FEEL)
    if not left or apology:
        return None
    if re.search(r"[,.!?;:()\-–—]", text[left[-1].end() : m.start()]) or re.match(r"\s*([,.!?;:)]|$)", text[m.end() :]):
        return None  # "a favourite of mine - I mean, who doesn't", "long one sorry.", "I run arch (sorry)": no correction
    first = len(left) - 1
    if _shape(left[first].group()) == "number":
        while first > 0 and _shape(left[first - 1].group()) == "number":
            first -= 1  # "тридцать семь"
    reparandum = left[first : len(left)]
    repair = _find_repair([w.group() for w in reparandum], [w.group() for w in right])
    if repair is None:  # no repair: the retracted stretch goes, from its clause start to the marker
        start = max(text.rfind(p, 0, reparandum[0].start()) for p in ".,!?;") + 1
        return text[:start] + text[m.end() :].lstrip()
    i, j = repair
    tail = text[right[j - 1].end() :]
    between = text[reparandum[-1].end() : m.start()]  # "now" in "Leicester now sorry Loughborough"
    return text[: reparandum[0].start()] + " ".join(w.group() for w in right[i:j]) + between.rstrip() + tail


def _find_repair(reparandum: list[str], right: list[str]) -> tuple[int, int] | None:
    """The (start, end) of the repair among the words after the marker, or None."""
    shape = _shape(reparandum[-1])
    k = 0
    for n, w in enumerate(right[:6]):  # "not argos Currys", «не в ленте уже а в Ашане»: the reparandum negated
        if w.casefold() in _NEGATIONS and any(_same(x, reparandum[-1]) for x in right[n + 1 : n + 3]):
            k = next(x for x in range(n + 1, n + 3) if _same(right[x], reparandum[-1])) + 1
            break
    negated = k > 0
    skip = _SKIP_AFTER | _SKIP_BEFORE | _PREPOSITIONS | (_BUT if negated else frozenset())
    while k < len(right) and right[k].casefold() in skip:
        k += 1
    if k >= len(right):
        return None
    got = _shape(right[k])
    if right[k].casefold() in _NO_REPAIR:
        return None  # "sublime no sorry what am I saying": the correction is a new sentence
    if got == shape or negated and got == "name":
        end = k + 1
        if got == "number":
            while end < len(right) and _shape(right[end]) == "number":
                end += 1
        return k, end
    return None
