"""Russian readings across a clause boundary the parse blurs: an oblique that belongs to a later,
verbless stretch with a subject of its own ("жена работает в Сбере, я удалённо в Озоне")."""

from __future__ import annotations

from functools import cache

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.nlp import Tok, _morph
from memlab.knowledge.extract.parts import ReaderParts

# words a gapped stretch may open with before its subject: "а я", "ну а я", "и я тоже"
_GAP_OPENERS = frozenset("а и но да ну ещё еще тоже также вот".split())
_STRETCH_CUTS = frozenset(", ; ( )".split())


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
    if not words:
        return None
    s = words[0]
    if s.feats.get("Case", "Nom") != "Nom" or s.i in reader.quoted or s.dep.startswith("nsubj") and s.head == v.i and s.i < v.i:
        return None
    if s.lower in ("я", "мы") or s.lemma in lx.RELATIONS and s.pos == "NOUN" or s.pos == "PROPN" and reader._is_person(s):
        return s
    return None


def stretch_has_verb(reader: ReaderParts, t: Tok) -> bool:
    """The stretch (between commas) that holds ``t`` has a verb of its own."""
    toks = reader.toks
    lo = next((k for k in range(t.i - 1, -1, -1) if toks[k].text in _STRETCH_CUTS), -1)
    hi = next((k for k in range(t.i + 1, len(toks)) if toks[k].text in _STRETCH_CUTS), len(toks))
    return any(real_verb(x) for x in toks[lo + 1 : hi])


# words that open a subordinate clause after a comma: "..., когда я на маке"
_SUBORDINATORS = frozenset("когда что если пока хотя потому чтобы пусть где куда раз".split())


def in_later_clause(reader: ReaderParts, v: Tok, c: Tok) -> bool:
    """Subject ``c`` of verb ``v`` stands after it, in a subordinate clause of its own ("Дима так и
    сидит на винде, когда я на маке монтирую": natasha makes "я" the subject of "сидит")."""
    toks = reader.toks
    if c.i <= v.i:
        return False
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
    if head.pos != "PROPN" or head.feats.get("Case") != "Nom" or not reader._is_person(head) or head.i in reader.quoted:
        return None
    if v.feats.get("Number", "Sing") != head.feats.get("Number", "Sing"):
        return None
    return head
