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

from memlab.knowledge.extract import attribute_typing as typing_
from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _CALENDAR, _SEASONS, SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, _morph, is_city_name, ru_future
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

OPEN = "open"  # the value type of a fact under an open key (a concept; ``open_line`` writes it)
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
    """The typed facts of ``reader``'s sentence that no known reader gave (``typed_facts``), and,
    when neither they nor a known reader found any, its open facts (precision first: "Dafydd is a
    tree surgeon and I drill teeth for a living" says a job the known readers half read, and an
    open "drill: teeth" beside it would be a guess)."""
    have = {(f.subject, f.attribute) for f in found}
    typed = [f for f in typed_facts(reader) if (f.subject, f.attribute) not in have]
    return typed if found or typed else _open_facts(reader)


def _open_facts(reader: ReaderParts) -> list[Extracted]:
    lang = reader.s.lang
    if lang not in _OBJECTS or episodic(reader) or any(_dated(t) for t in reader.toks):
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
            out.append(reader.fact(clause.subject, clause.key, value, OPEN))
    return out


def open_line(subject: str, attribute: str, value: str, lang: str) -> str | None:
    """An open key's fact as a sentence, the predicate put back around the value: "User
    volunteers at Hillside food bank.", "User takes tram to work.", «Пользователь болеет за:
    Зенит.» (``subject`` as shown); None when there is nothing to say."""
    verb, *rest = attribute.split("_")
    if not verb or not value:
        return None
    places = words()["KEY_PLACES"].get(lang, frozenset())
    place = rest[-2:] if len(rest) >= 2 and rest[-1] in places else []
    particles = rest[: len(rest) - len(place)]
    if lang == "ru":
        said = " ".join([_ru_third_person(verb), *particles, *place])
        return f"{subject} {said}: {value}."
    said = " ".join([_en_third_person(verb), *particles, value, *place])
    return f"{subject} {said}."


def _en_third_person(verb: str) -> str:
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in ("a", "e", "o", "u"):
        return verb[:-1] + "ies"
    return verb + "s"


def _ru_third_person(verb: str) -> str:
    """«болеть» -> «болеет» by the dictionary (the infinitive where it has no such form)."""
    morph = _morph()
    if morph is None:
        return verb
    for p in morph.parse(verb):
        if p.tag.POS == "INFN":
            form = p.inflect({"3per", "sing", "pres"})
            if form is not None:
                return str(form.word)
    return verb


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


# -- the generic clause reader: every predicate, in whatever clause the message embeds it ---------
_ARGUMENTS = ("obj", "dobj", "obl", "nmod", "iobj", "obl:arg", "pobj")
_RELATIVE_WHERE = frozenset({"where", "где"})
_IN = {"en": "in", "ru": "в"}


@dataclass(frozen=True)
class Reading:
    """A predicate read as a clause: whose it is, the predicate, the token its modality and tense
    are read on (the verb, the copula's head, the verb a noun hangs from), and its arguments, each
    with the preposition or case that brings it ("" for a direct object)."""

    subject: str
    pred: Tok
    anchor: Tok
    args: tuple[tuple[str, Tok], ...]


def readings(reader: ReaderParts) -> list[Reading]:
    """Every predicate of the sentence (a verb, an adjective or noun with arguments) as a
    ``Reading``: main clauses and embedded ones alike (relative and appositive clauses, so- and
    because-clauses, participles, a verbless fragment); quoted words are nobody's."""
    out = []
    for p in reader.toks:
        if p.pos not in ("VERB", "ADJ", "NOUN") or p.i in reader.quoted:
            continue
        args = _arguments(reader, p)
        if not args:
            continue
        anchor = _anchor(reader, p)
        subject = _subject(reader, p, anchor)
        for who in _with_conjuncts(reader, anchor, subject):
            out.append(Reading(who, p, anchor, tuple(args)))
    return out


def _with_conjuncts(reader: ReaderParts, anchor: Tok, subject: str | None) -> list[str]:
    """The clause's subject and each subject it is conjoined with ("Both me and my brother work
    at ...", "My daughter and I share ..."): the predicate is each one's."""
    subj = reader.s.children(anchor, "nsubj", "nsubj:pass")
    if not subj or anchor.pos not in ("VERB", "AUX"):
        return [subject] if subject is not None else []
    heads = [subj[0], *reader.s.children(subj[0], "conj")]
    if len(heads) == 1:
        return [subject] if subject is not None else []
    found = [reader.subject_phrase(h) for h in heads]
    if not all(found):
        return [subject] if subject is not None else []
    return list(dict.fromkeys(w for w in found if w))


def _arguments(reader: ReaderParts, p: Tok) -> list[tuple[str, Tok]]:
    s = reader.s
    out = []
    for a in s.children(p, *_ARGUMENTS):
        if a.pos not in ("NOUN", "PROPN") or a.i in reader.quoted:
            continue
        case = next((c.lower for c in s.children(a, "case")), "")
        out += [(case, x) for x in (a, *(c for c in s.children(a, "conj") if c.pos in ("NOUN", "PROPN")))]
    for o in s.children(p, "obj", "dobj") if p.pos == "VERB" else ():
        for a in s.children(o, "obl", "nmod"):  # "practising scales on the cello": the parse's attachment is a guess
            case = next((c.lower for c in s.children(a, "case")), "")
            if case and a.pos in ("NOUN", "PROPN") and a.i not in reader.quoted:
                out.append((case, a))
    if p.pos in ("NOUN", "ADJ"):
        out += _next_phrase(reader, p)
    if p.dep in ("relcl", "acl:relcl", "acl") and p.head != p.i and any(
        c.lower in _RELATIVE_WHERE for c in s.children(p, "advmod", "obl")
    ):  # "Shrewsbury, where I've lived since I was five": the noun the clause hangs from is where
        head = reader.toks[p.head]
        if head.pos in ("NOUN", "PROPN"):
            out.append((_IN.get(s.lang, ""), head))
    return out


def _next_phrase(reader: ReaderParts, p: Tok) -> list[tuple[str, Tok]]:
    """The prepositional phrase right after a noun or adjective predicate, wherever the parse hung
    it («аллергии на арахис», «аллергия у меня на шерсть»: natasha hangs it on the verb or on
    «меня»); only «у меня» / a pronoun may come between."""
    k = p.i + 1
    while k < len(reader.toks) and reader.toks[k].pos in ("PRON",) or k < len(reader.toks) and reader.toks[k].lower == "у":
        k += 1
    if k >= len(reader.toks) or reader.toks[k].pos != "ADP":
        return []
    head = reader.toks[reader.toks[k].head]
    if head.i == p.i or head.pos not in ("NOUN", "PROPN") or head.i in reader.quoted or head.i <= k:
        return []
    if any(c.i == head.i for c in reader.s.children(p)):
        return []  # already an argument
    return [(reader.toks[k].lower, head)]


def _nominal(p: Tok) -> bool:
    """A noun, or a word the tagger called an adjective in a noun's place ("My brother's flat
    in Walsall has ...": flat/ADJ, the subject)."""
    return p.pos == "NOUN" or p.pos == "ADJ" and p.dep in ("nsubj", "nsubj:pass", "obj", "dobj", "obl")


def _anchor(reader: ReaderParts, p: Tok) -> Tok:
    """The token a predicate's modality and tense are read on: the verb, an adjective's copula
    ("I'm allergic"), the verb of having a noun is the object of ("I have an allergy"); a noun
    that hangs from any other verb is read on itself («Из-за аллергии на арахис читаю ...»)."""
    if p.pos == "VERB" or reader.s.children(p, "cop"):
        return p
    up = reader.toks[p.head] if p.head != p.i else None
    if up is None:
        return p
    if p.pos == "ADJ" and not _nominal(p) and up.pos in ("VERB", "AUX") and up.lemma in _COPULAS:
        return up
    if _nominal(p) and up.lemma in _HAVE and p.dep in ("obj", "dobj"):
        return up
    return p


_COPULAS = frozenset({"be", "быть", "become", "get"})
_HAVE = frozenset({"have", "иметь", "get", "got", "share"})


def _subject(reader: ReaderParts, p: Tok, anchor: Tok) -> str | None:
    """Whose the predicate is: the verb's subject, a noun's owner ("my allergy", «у меня»)."""
    if _nominal(p) and anchor is p:
        up = reader.toks[p.head]
        near = [*reader.s.children(p, "obl", "nmod"), *(reader.s.children(up, "obl", "nmod") if up.i != p.i else []), up]
        for c in near:
            if c.lemma == "я" and any(x.lower == "у" for x in reader.s.children(c, "case")):
                return SPEAKER  # «аллергия у меня на кошачью шерсть»
        owner = reader.owner_of(p)
        if owner is not None:
            return owner
        return reader.subject_of(up) if up.i != p.i and up.pos == "VERB" and p.dep in ("obl", "nmod", "obl:arg") else None
    found = reader.subject_of(anchor)
    if found is not None:
        return found
    subj = reader.s.children(anchor, "nsubj")
    for n in subj[:1]:
        if n.lower in _HE_SHE and anchor.dep in ("advcl", "conj") and anchor.head != anchor.i:
            # "Rohan ... gets the ferry because he lives in Gosport": the governing clause's person
            main = reader.subject_of(reader.toks[anchor.head])
            return main if main is not None and main != SPEAKER else None
        names = [a for a in reader.s.children(n, "appos") if a.pos == "PROPN"]
        if n.pos == "NOUN" and len(names) == 1 and reader.owner_of(n) is not None:
            return reader.subject_phrase(names[0])  # "My best mate Nikhil writes OCaml": Nikhil
    return None


_PAST_ADJ = wl.all_words("past_adj")
_HE_SHE = frozenset({"he", "she", "он", "она"})


def holds(reader: ReaderParts, r: Reading, tense: str) -> bool:
    """The reading states something true now: not quoted, asked, negated, planned or unreal
    (the modality reader's ``_blocked``), in the present (a state also in the present perfect)."""
    a = r.anchor
    if a is r.pred and _nominal(a):  # a verbless state: its own negation («никакой аллергии нет»), not its verb's
        head = reader.toks[a.head]
        neg = any(c.lower in lx.NEGATIONS for c in reader.s.children(a)) or head.lower in lx.NEGATIONS
        former = any(c.lemma in _PAST_ADJ or c.lower in _PAST_ADJ for c in reader.s.children(a, "amod", "advmod"))
        # the argument of a verb is as true as its verb: "I applied for a master's at Imperial" (past),
        # "should I do a master's at ..." (asked) state nothing now about the noun
        governed = head.i != a.i and head.pos == "VERB" and a.dep in ("obj", "dobj", "obl", "nmod", "obl:arg")
        unreal = governed and (reader._blocked(head) or head.feats.get("Tense") == "Past")
        return not (neg or former or unreal or reader._blocked(a))  # "my old flat in Leeds": no longer
    if reader._blocked(a) or reader.denied(a) or a is not r.pred and reader.denied(r.pred):
        return False
    if r.pred.pos == "VERB" and tense != "state" and episodic(reader):
        return False  # "I'm taking the bus to work today": one occasion
    if a.pos not in ("VERB", "AUX"):
        return not (a.feats.get("Tense") == "Past")
    if reader.s.lang == "ru":
        return _present(a, "ru") or a.feats.get("VerbForm") == "Conv" and a.feats.get("Tense") == "Pres"
    if _present(a, "en"):
        return True
    aux = [c for c in reader.s.children(a, "aux", "aux:pass", "auxpass")]
    if a.dep in ("csubj", "csubjpass"):
        return False  # a clausal subject names an activity talked about: "Living in Swansea would drive me mad"
    if a.tag == "VBG":  # "I'm taking", or an opening participle: "Practising scales on the cello"
        return all(x.tag in ("VBP", "VBZ") for x in aux) and (bool(aux) or a.i == _first_word(reader))
    if a.tag == "VBN" and tense == "state":
        return any(x.lemma == "have" and x.tag in ("VBP", "VBZ") for x in aux)
    return a.tag == "VB" and any(x.lemma == "do" and x.tag in ("VBP", "VBZ") for x in aux)


def _first_word(reader: ReaderParts) -> int:
    return next((t.i for t in reader.toks if t.pos not in ("PUNCT", "INTJ", "CCONJ")), -1)


def _clause_words(reader: ReaderParts, p: Tok, depth: int = 0) -> list[Tok]:
    """``p`` and the words below it (a repaired parse may close a cycle: bounded)."""
    kids = reader.s.children(p) if depth < 12 else []
    return [p, *(w for c in kids for w in _clause_words(reader, c, depth + 1))]


_WORK_ROUTINES = wl.words("en", "work_routines")
_FIRST_PERSON_EN = frozenset("i me my our we us i'm".split())
_OTHERS_EN = frozenset("he she they his her their him them".split())
_PLACED = frozenset({"office", "canteen"})


def _workplace_at(reader: ReaderParts) -> list[Extracted]:
    """The speaker's employer, named by a thing of their working day "at" it: "the daily standup at
    Monzo runs 40 minutes and I'm losing it", "payroll at Accenture messed up my overtime". Only
    in a sentence that speaks in the first person and of nobody else (no relative, no he/she),
    of a name the model's NER calls a firm or a place and no town is called, not asked, negated or planned."""
    s = reader.s
    if s.lang != "en":
        return []
    words = [t for t in reader.toks if t.i not in reader.quoted]
    if not any(t.lower in _FIRST_PERSON_EN for t in words):
        return []
    if any(t.lower in _OTHERS_EN or t.lemma in lx.RELATIONS for t in words):
        return []
    for t in words:
        if t.lemma not in _WORK_ROUTINES or t.pos != "NOUN" or reader.owner_of(t) not in (None, SPEAKER):
            continue
        for firm in s.children(t, "obl", "nmod"):
            at = any(c.lower == "at" for c in s.children(firm, "case"))
            # the small model calls Monzo a place; an office or a canteen "at" a place is only there
            firmish = firm.ent in ("ORG", "MISC", *(() if t.lemma in _PLACED else ("LOC",))) and reader._org(firm)
            if not at or firm.pos != "PROPN" or not firmish or firm.i in reader.quoted or is_city_name(firm.text) is not False:
                continue
            verb = next((a for a in [t, *s.ancestors(t)] if a.pos in ("VERB", "AUX")), t)
            if reader._blocked(verb) or reader.denied(t) or reader.denied(verb):
                continue
            return [reader.fact(SPEAKER, "employer", reader.value_text(firm), "organization")]
    return []


_OFFICE_NOUNS = wl.words("en", "office_nouns")


def _office_town(reader: ReaderParts) -> list[Extracted]:
    """The speaker's town, named by the office they work in: "I work for Deloitte, Leeds office",
    "backend dev, Amsterdam office", "stuck in an office in Aberdeen", "the office in Reading is
    being refurbished so we're all hot-desking". Not someone else's ("she'll be running the Leeds
    office"), not a past, planned or conditional one; a verbless fragment only where it speaks of
    nobody else."""
    s = reader.s
    if s.lang != "en":
        return []
    words = [t for t in reader.toks if t.i not in reader.quoted]
    for t in words:
        if t.lemma not in _OFFICE_NOUNS or t.pos != "NOUN" or reader.owner_of(t) not in (None, SPEAKER):
            continue
        if any(c.tag == "POS" or c.dep == "nmod:poss" and c.lower not in ("my", "our") for c in s.children(t)):
            continue  # "Accenture's Madrid office", "her office in Leeds"
        towns = [c for c in s.children(t, "compound") if c.i == t.i - 1]
        towns += [c for c in s.children(t, "nmod", "obl") if any(k.lower == "in" for k in s.children(c, "case"))]
        town = next((c for c in towns if c.pos == "PROPN" and c.i not in reader.quoted and is_city_name(c.text) is True), None)
        if town is None:
            continue
        verbs = [a for a in [t, *s.ancestors(t)] if a.pos in ("VERB", "AUX") or s.children(a, "cop", "nsubj", "nsubj:pass")]
        if verbs:
            verb = verbs[0]
            who = reader.subject_of(verb)
            subj = s.children(verb, "nsubj", "nsubj:pass")
            if who not in (SPEAKER, None) or who is None and not (subj and subj[0].i == t.i):
                continue
            if who is None and not any(x.lower in _FIRST_PERSON_EN for x in words):
                continue  # "The Leeds office is closing": nobody's office said to be one's own
            if verb.tag == "VBD" or reader._blocked(verb) or reader.denied(verb) or reader.denied(t):
                continue
        elif not any(x.lower in _FIRST_PERSON_EN for x in words) and any(
            x.lower in _OTHERS_EN or x.lemma in lx.RELATIONS for x in words
        ):
            continue
        elif any(x.pos in ("VERB", "AUX") for x in words):
            continue  # a verb the office is no part of: not a fragment about oneself
        return [reader.fact(SPEAKER, "city", reader.city(town), "place")]
    return []


def typed_facts(reader: ReaderParts) -> list[Extracted]:
    """The facts the typing table (``attribute_typing``) gives the sentence's readings, and the
    employer a thing of the speaker's working day names (``_workplace_at``)."""
    if reader.s.lang not in _OBJECTS:
        return []
    return _typed_facts(reader) + _workplace_at(reader) + _office_town(reader)


def _typed_facts(reader: ReaderParts) -> list[Extracted]:
    out: dict[tuple[str, str], list[Extracted]] = {}
    given: dict[tuple[str, str], Tok] = {}  # the argument that gave each key its value
    for r in readings(reader):
        clause = _clause_words(reader, r.pred)
        for case, arg in r.args:
            for row, cls in typing_.types(reader, r.pred, case, arg, clause):
                key = (r.subject, row.key)
                # one value per key, and each conjunct of it: "I speak Polish and English"
                listed = key in given and arg.dep == "conj" and arg.head in (given[key].i, given[key].head)
                if key in out and not listed or not holds(reader, r, row.tense):
                    continue
                value = typing_.value(reader, arg, cls)
                if value:
                    out.setdefault(key, []).append(reader.fact(r.subject, row.key, value, "concept"))
                    given.setdefault(key, arg)
    return [f for facts in out.values() for f in facts]
