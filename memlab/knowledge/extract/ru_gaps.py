"""Russian readings across a clause boundary the parse blurs: an oblique that belongs to a later,
verbless stretch with a subject of its own ("жена работает в Сбере, я удалённо в Озоне")."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, _morph, is_place_name, ru_name_gender, ru_name_never_genitive
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_GAP_OPENERS = wl.words("ru", "gap_openers")
_STRETCH_CUTS = frozenset(", ; ( )".split())
# an aside between commas: "включая меня", "кроме Оли", "в том числе я"
_ASIDES = frozenset("включая кроме помимо".split())
_OTHERS_WORDS = wl.words("ru", "others_words")


@cache
def ru_has_verb_form(word: str) -> bool:
    """pymorphy3 knows a finite or infinitive verb form for ``word`` (natasha tags the short
    participle-adverb "удалённо" a first-person future verb; pymorphy3 says ADVB / PRTS)."""
    morph = _morph()
    if morph is None:
        return True
    return any(p.tag.POS in ("VERB", "INFN") for p in morph.parse(word.lower()))


def real_verb(t: Tok) -> bool:
    """A verb of the parse that pymorphy3 agrees is one (a Russian token)."""
    return t.pos in ("VERB", "AUX") and ru_has_verb_form(t.text)


def gap_subject(reader: ReaderParts, v: Tok, o: Tok) -> Tok | None:
    """The subject of the later stretch an oblique ``o`` of verb ``v`` stands in, when that stretch
    opens with a subject of its own (я / мы, a relative, a named person) after a comma: "жена Лена
    работает врачом, я удалённо в Т-Банке" (the parse hangs "в Т-Банке" on "работает"). None when
    ``o`` is in the verb's own stretch."""
    toks = reader.toks
    if reader.s.lang != "ru" or o.i <= v.i + 1:
        return None
    cut = next((k for k in range(o.i - 1, v.i, -1) if toks[k].text in _STRETCH_CUTS), None)
    if cut is None:
        return None
    words = [t for t in toks[cut + 1 : o.i] if t.lower not in _GAP_OPENERS and t.pos not in ("CCONJ", "SCONJ", "PUNCT")]
    if [t.pos for t in words] == ["ADP"]:
        words = []  # ", — на Go": only the oblique's preposition
    while not words or words[0].lower in _ASIDES:
        # "а все остальные, включая меня, — на Go": past an aside between commas to the stretch's subject
        prev = next((k for k in range(cut - 1, v.i, -1) if toks[k].text in _STRETCH_CUTS), None)
        if prev is None or not (not words or words[0].lower in _ASIDES):
            return None
        cut, end = prev, cut
        words = [t for t in toks[cut + 1 : end] if t.lower not in _GAP_OPENERS and t.pos not in ("CCONJ", "SCONJ", "PUNCT")]
        if words and words[0].lower not in _ASIDES:
            break
    s = words[0]
    if s.feats.get("Case", "Nom") != "Nom" or s.i in reader.quoted or s.dep.startswith("nsubj") and s.head == v.i and s.i < v.i:
        return None
    if s.lower in ("я", "мы") or s.lemma in lx.RELATIONS and s.pos == "NOUN" or s.pos == "PROPN" and reader._is_person(s):
        return s
    if s.lemma in _OTHERS_WORDS and s.i > v.i:
        return s  # "а все остальные — на Go": a subject of its own, nobody the labels name
    return None


def stretch_has_verb(reader: ReaderParts, t: Tok) -> bool:
    """The stretch (between commas) that holds ``t`` has a verb of its own."""
    toks = reader.toks
    lo = next((k for k in range(t.i - 1, -1, -1) if toks[k].text in _STRETCH_CUTS), -1)
    hi = next((k for k in range(t.i + 1, len(toks)) if toks[k].text in _STRETCH_CUTS), len(toks))
    return any(real_verb(x) for x in toks[lo + 1 : hi])


_SUBORDINATORS = wl.words("ru", "subordinators")


def in_later_clause(reader: ReaderParts, v: Tok, c: Tok) -> bool:
    """Subject ``c`` of verb ``v`` stands after it, in a subordinate clause of its own ("Дима так и
    сидит на винде, когда я на маке монтирую": natasha makes "я" the subject of "сидит")."""
    toks = reader.toks
    if c.i <= v.i:
        return False
    if v.pos in ("NOUN", "ADJ", "PROPN") and any(toks[k].text == "," for k in range(v.i + 1, c.i)):
        return True  # "пескетарианка, в общем, мама в ужасе": a nominal predicate's subject is never after a comma
    return any(
        toks[k].text in (",", ";") and (toks[k + 1].pos == "SCONJ" or toks[k + 1].lower in _SUBORDINATORS)
        for k in range(v.i + 1, c.i)
    )


def parataxis_subject(reader: ReaderParts, v: Tok) -> Tok | None:
    """A third-person verb natasha hangs on the name before it (parataxis) has that name for its
    subject: "Дима (мой парень) так и сидит на винде"."""
    if v.dep != "parataxis" or v.pos != "VERB" or v.feats.get("Person", "3") != "3" or v.head >= v.i:
        return None
    head = reader.toks[v.head]
    if head.pos == "NOUN" and head.dep == "root" and head.feats.get("Case", "Nom") == "Nom":
        # "Гена больше не дальнобойщик — устроился мастером": the subject of the nominal clause before
        named = [c for c in reader.s.children(head, "nsubj") if c.i < head.i and c.pos == "PROPN" and reader._is_person(c)]
        if len(named) != 1 or named[0].i in reader.quoted:
            return None
        head = named[0]
        if head.feats.get("Case") != "Nom" and not ru_name_never_genitive(head.text):
            return None
        gender = v.feats.get("Gender")
        if gender is not None and ru_name_gender(head.text) not in (None, {"Masc": "masc", "Fem": "femn"}.get(gender)):
            return None
        return head if v.feats.get("Number", "Sing") == "Sing" else None
    if head.pos != "PROPN" or head.feats.get("Case") != "Nom" or not reader._is_person(head) or head.i in reader.quoted:
        return None
    if v.feats.get("Number", "Sing") != head.feats.get("Number", "Sing"):
        return None
    return head


_COUNTS = wl.words("ru", "counts")
_SPAN_UNITS = frozenset("год лет года месяц месяца месяцев".split())
_ORDINALS = wl.words("ru", "ru_gaps_ordinals")


def _counts_time(words: list[Tok]) -> bool:
    """A count of years or months among ``words`` ("уже пять лет", "полтора года", "полгода")."""
    for k, t in enumerate(words):
        if t.lower == "полгода":
            return True
        if (t.lower in _SPAN_UNITS or t.lemma in ("год", "месяц")) and k and (words[k - 1].pos == "NUM" or words[k - 1].lower in _COUNTS or words[k - 1].lemma in _ORDINALS):
            return True
        if t.lemma == "неделя" and k and words[k - 1].lemma in _ORDINALS:
            return True
    return False


def years_in(reader: ReaderParts) -> Iterator[Extracted]:
    """ "родом из Гомеля, но уже пять лет в Варшаве", "а я в Тбилиси полтора года", "я уже два года
    на удалёнке в Контуре": a stretch with no verb of its own that counts years or months spent
    "в" a town (the city) or an organisation (the employer), the speaker's (no one else named in
    the sentence up to it; nothing negated, planned or asked)."""
    toks = reader.toks
    for part in reader._stretches(dashes=False):
        for sub in _split_and(part):
            words = [t for t in sub if t.pos != "PUNCT" and t.lower not in ("а", "но", "и")]
            if not words or not _counts_time(words) or any(real_verb(t) or reader._not_plain(t) for t in words):
                continue
            mine = any(t.lower in ("я", "мы") for t in words)  # "а я в Тбилиси полтора года": whoever came before
            if any(reader._someone_else(t) or t.pos == "PRON" and t.lower not in ("я", "мы") for t in (words if mine else toks[: words[-1].i + 1])):
                continue
            places = [t for t in words if _after_v(toks, t) and t.text[:1].isupper() and t.i not in reader.quoted]
            if len(places) != 1:
                continue
            x = places[0]
            if x.ent == "LOC" and is_place_name(x.text) is True and reader._place(x):
                city = reader.city(x)
                if city.casefold().replace("ё", "е") not in lx.COUNTRIES:
                    yield reader.fact(SPEAKER, "city", city, "place")
            elif x.ent in ("ORG", "LOC") and reader._org(x) and is_place_name(x.text) is not True:
                if x.ent == "ORG" or lx.known_employer(x.lemma, x.lower):
                    yield reader.fact(SPEAKER, "employer", reader.value_text(x), "organization")


def _after_v(toks: list[Tok], t: Tok) -> bool:
    """``t`` follows "в" / "во", an opening quote between them allowed ("в «Аэрофлоте»")."""
    k = t.i - 1
    if k > 0 and toks[k].text in _OPEN_QUOTES:
        k -= 1
    return k >= 0 and t.i > 0 and toks[k].lower in ("в", "во")


_OPEN_QUOTES = frozenset('«"“„')


def _split_and(part: list[Tok]) -> list[list[Tok]]:
    out: list[list[Tok]] = [[]]
    for t in part:
        if t.lower == "и" and t.pos == "CCONJ":
            out.append([])
        else:
            out[-1].append(t)
    return [p for p in out if p]
