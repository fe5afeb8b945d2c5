"""The open-attribute clause reader: a plain statement no known reader typed still becomes a fact.

A clause is read from the parse as subject, predicate (the verb's lemma, its particles, and a
destination that belongs to the predicate: "to work", «в зал»), object and modifiers. When the
clause is a present-tense statement of the speaker (or of the speaker's relative: a bare
name's clause was too often a misparse to keep), its object is a particular thing, and no known
reader (nor a pattern of ``patterns/``) gave a fact for it, the normalised predicate is the key: "I grow chillies on the balcony" -> ``grow``:
chillies, «болею за Спартак» -> ``болеть_за``: Спартак. Precision first: questions, plans,
conditions, negations, quotes and reported speech are left to the modality reader
(``_blocked``), a dated present ("в мае открываю кафе") is a plan, a Russian present needs a
word of habit (its imperfective is progressive and habitual alike), and the light verbs, episodic
words, time nouns and generic objects of ``memlab/lang/data/open_clauses.json`` give nothing.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _CALENDAR, _SEASONS, SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, ru_future
from memlab.knowledge.extract.parts import ReaderParts

_MAIN = frozenset({"root", "conj"})  # a clause of its own: not a relative, adverbial or reported one
_OBJECTS = {"en": ("obj", "dobj"), "ru": ("obj",)}


@cache
def words() -> dict[str, Any]:
    raw = resources.files("memlab.lang").joinpath("data/open_clauses.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    return {k: {lang: frozenset(ws) for lang, ws in v.items()} for k, v in data.items() if not k.startswith("_")}


@dataclass(frozen=True)
class Clause:
    subject: str
    verb: Tok
    particles: tuple[str, ...]  # "pick up", «болеть за»
    place: tuple[str, str] | None  # (case, lemma) of a destination that belongs to the key
    obj: Tok

    @property
    def key(self) -> str:
        parts = [self.verb.lemma, *self.particles, *(self.place or ())]
        return "_".join(p for p in parts if p).replace(" ", "_").replace("-", "_")


def open_facts(reader: ReaderParts, found: Sequence[Extracted]) -> list[Extracted]:
    """The open facts of ``reader``'s sentence, when no known reader found any in it (precision
    first: "Dafydd is a tree surgeon and I drill teeth for a living" says a job the known readers
    half read, and an open "drill: teeth" beside it would be a guess)."""
    lang = reader.s.lang
    if found or lang not in _OBJECTS or episodic(reader) or any(_dated(t) for t in reader.toks):
        return []  # "забираем в субботу", "в мае открываю кафе": a present that is a date ahead
    if lang == "ru" and not _habit_marked(reader):
        return []
    out = []
    for v in reader.toks:
        clause = read_clause(reader, v)
        if clause is None:
            continue
        value = _object_value(reader, clause.obj)
        if value:
            out.append(reader.fact(clause.subject, clause.key, value, "concept"))
    return out


def episodic(reader: ReaderParts) -> bool:
    """The sentence speaks of one occasion ("today", «сегодня»), not of a habit or a state."""
    said = words()["EPISODIC"].get(reader.s.lang, frozenset())
    return any(t.lemma in said or t.lower in said for t in reader.toks)


def read_clause(reader: ReaderParts, v: Tok) -> Clause | None:
    """``v``'s clause when it is a plain present statement with a particular object, else None."""
    lang = reader.s.lang
    if v.pos != "VERB" or v.dep not in _MAIN or v.i in reader.quoted or not _present(v, lang):
        return None
    obj, prep = _object(reader, v)
    if obj is None or obj.i in reader.quoted or _generic(reader, obj) or prep and not _particular(reader, obj):
        return None
    place = _place(reader, v)
    if v.lemma in words()["LIGHT_VERBS"][lang] and place is None:
        return None  # "I take a break", "I have a cat" (the known readers' verbs, or none worth a key)
    if reader._blocked(v) or reader.denied(v):
        return None
    subject = reader.subject_of(v)
    if subject is None or subject != SPEAKER and not subject.startswith(f"{SPEAKER}'s "):
        return None  # the speaker or the speaker's relative: a parse's stray subject ("Сыр снится") is nobody
    if lang == "ru" and (subject == SPEAKER) != (v.feats.get("Person") == "1"):
        return None  # the verb does not agree: «пятилетка ... меряет мне давление» is not the speaker's
    particles = (*(p.lower for p in reader.s.children(v, "prt", "compound:prt")), *((prep,) if prep else ()))
    return Clause(subject, v, particles, place, obj)


def _object(reader: ReaderParts, v: Tok) -> tuple[Tok | None, str]:
    """The clause's object and the preposition that brings it ("" for a direct object): natasha
    often calls a Russian accusative object an oblique with no preposition."""
    lang = reader.s.lang
    for o in reader.s.children(v, *_OBJECTS[lang], "obl"):
        if o.pos not in ("NOUN", "PROPN"):
            continue
        case = next((c.lower for c in reader.s.children(o, "case")), "")
        if o.dep != "obl" or lang == "ru" and not case and o.feats.get("Case") == "Acc":
            return o, ""
    for o in reader.s.children(v, "obl"):
        case = next((c.lower for c in reader.s.children(o, "case")), "")
        if o.pos in ("NOUN", "PROPN") and case in words()["PREP_OBJECTS"][lang]:
            return o, case
    return None, ""


def _particular(reader: ReaderParts, obj: Tok) -> bool:
    """A prepositional object names one thing: a name, or "the" / "my" one ("the food bank")."""
    return obj.pos == "PROPN" or any(k.lower in ("the", "my", "our") for k in reader.s.children(obj))


def _present(v: Tok, lang: str) -> bool:
    if lang == "en":
        return v.tag in ("VBP", "VBZ")
    f = v.feats
    return (
        f.get("Tense") == "Pres" and f.get("VerbForm") == "Fin" and f.get("Aspect", "Imp") == "Imp"
        and f.get("Mood", "Ind") == "Ind" and not ru_future(v.text)
    )  # fmt: skip


def _place(reader: ReaderParts, v: Tok) -> tuple[str, str] | None:
    """A destination of ``v`` that names a routine place: "to work" (an oblique, or the small
    model's infinitive), «на работу», «в зал»."""
    places = words()["KEY_PLACES"][reader.s.lang]
    for c in reader.s.children(v, "obl", "xcomp", "advcl"):
        case = next((x.lower for x in reader.s.children(c, "case", "aux") if x.lower in ("to", "at", "на", "в")), None)
        if case and c.lemma in places:
            return case, c.lemma
    return None


def _generic(reader: ReaderParts, obj: Tok) -> bool:
    """An object that is no particular thing: with a generic determiner ("a book", "a silly
    amount", "some stuff") or a count, a word of time ("третий год"), or a relative (the kin
    readers' business)."""
    lang = reader.s.lang
    dets = words()["GENERIC_DETERMINERS"][lang]
    kids = reader.s.children(obj)
    return (
        any(k.lower in dets or k.dep.startswith("nummod") for k in kids) or obj.lower in dets
        or obj.lemma in words()["TIME_NOUNS"][lang] or obj.lemma in lx.RELATIONS
    )  # fmt: skip


def _dated(t: Tok) -> bool:
    """A day, month or season said once ("в субботу", "next week"), not every time ("on Saturdays")."""
    return (t.lemma in _CALENDAR or t.lemma in _SEASONS) and t.feats.get("Number") != "Plur" and t.lower == t.lemma


def _habit_marked(reader: ReaderParts) -> bool:
    """A word of habit or standing, or «по» with a plural dative («по субботам»)."""
    marks = words()["HABIT_MARKERS"].get(reader.s.lang, frozenset())
    return any(
        t.lower in marks or t.lemma in marks
        or t.lower == "по" and t.i + 1 < len(reader.toks) and reader.toks[t.i + 1].feats.get("Case") == "Dat"
        and reader.toks[t.i + 1].feats.get("Number") == "Plur"
        for t in reader.toks
    )  # fmt: skip


def _object_value(reader: ReaderParts, obj: Tok) -> str:
    if obj.pos == "PROPN" or reader.s.lang == "en":
        return reader.value_text(obj) if obj.pos == "PROPN" else _noun_phrase(reader, obj)
    return obj.lemma


def _noun_phrase(reader: ReaderParts, obj: Tok) -> str:
    """An English common noun with the words that make it a kind of thing: "oat milk", "vintage
    cameras" (compounds and adjectives right before it, not "my", "new", "a")."""
    lo = obj.i
    while lo > 0 and reader.toks[lo - 1].head == obj.i and reader.toks[lo - 1].dep in ("compound", "amod") and \
            reader.toks[lo - 1].lower not in ("new", "old", "own", "little", "big", "good", "great", "favourite", "favorite"):
        lo -= 1
    return " ".join(t.text if t.pos == "PROPN" else t.lower for t in reader.toks[lo : obj.i + 1])
