"""Russian changes said with a verb of moving someone: "меня забрали в аналитику", "перевели к
мониторингу" (the team one is now in), and enrolment: "поступила в Плехановский", "Соня перевелась
в СПбГУ" (the university one now studies at)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, ru_lemmas
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_MOVE_VERBS = wl.words("ru", "ru_moves_move_verbs")
_DEPARTMENTS = wl.words("ru", "departments")
# an abbreviation of a university: "СПбГУ", "МГУ", "УрФУ", "МФТИ", "ИТМО", "ВШЭ", "РУДН"
_SCHOOL_ABBR = re.compile(r"[А-ЯЁ][А-ЯЁа-яё]*(ГУ|ТУ|ФУ|МУ|ПУ|ЭУ|ГИ|ТИ|ФТИ)|ИТМО|ВШЭ|РУДН|МИФИ|МГИМО|РАНХиГС|МИСиС")
_JOB_GOALS = frozenset("работа стажировка служба должность практика".split())
_SCHOOL_WORDS = frozenset("университет институт академия колледж консерватория техникум вуз".split())


def moved_to_team(reader: ReaderParts) -> Iterator[Extracted]:
    """ "меня забрали в аналитику", "нас перевели к мониторингу", "перевёлся в поддержку": a
    verb of moving (not ahead, not negated or asked) with "меня" / "нас" for its object, or a
    first-person reflexive, and "в" / "к" + a line of work: the speaker's team."""
    toks = reader.toks
    for v in toks:
        lemma = next((w for w in (v.lemma, *ru_lemmas(v.text)) if w in _MOVE_VERBS), None)
        if lemma is None or v.pos not in ("VERB", "AUX") or v.feats.get("Tense") == "Fut" or v.i in reader.quoted:
            continue
        if v.feats.get("VerbForm") in ("Inf",) or reader._blocked(v):
            continue  # "хотят забрать меня в аналитику"
        moved = any(c.lower in ("меня", "нас") for c in reader.s.children(v, "obj")) or any(
            t.lower in ("меня", "нас") for t in toks[max(0, v.i - 2) : v.i + 2]
        )
        reflexive = lemma in ("перевестись", "перейти") and reader.subject_of(v) == SPEAKER
        if not (moved and lemma not in ("перевестись", "перейти") or reflexive):
            continue
        for o in toks[v.i + 1 : v.i + 5]:
            k = o.i - 1
            if k < 0 or toks[k].lower not in ("в", "во", "к", "ко") or o.pos != "NOUN" or o.text[:1].isupper():
                continue
            team = next((w for w in (o.lemma, *ru_lemmas(o.text)) if w in _DEPARTMENTS), None)
            if team is not None and not any(reader._not_plain(t) for t in toks[v.i : o.i + 1]):
                yield reader.fact(SPEAKER, "team", team, "concept")
                break


def enrolled(reader: ReaderParts) -> Iterator[Extracted]:
    """ "поступила в Плехановский на экономиста", "Соня перевелась в СПбГУ": "поступить" into a
    capitalised school name, or "перевестись" into what is plainly a university (an abbreviation
    like "СПбГУ", a nickname, a "...университет"): the subject's university. Not ahead, wished,
    negated or asked ("хочу поступить в МГУ")."""
    toks = reader.toks
    for v in toks:
        if v.lemma not in ("поступить", "перевестись") or v.pos != "VERB" or v.feats.get("Tense") != "Past":
            continue
        if v.i in reader.quoted or reader._blocked(v):
            continue
        who = reader.subject_of(v)
        if who is None or any(c.lemma in _JOB_GOALS for c in reader.s.children(v, "obl")):
            continue  # "поступил в Яндекс на стажировку": a job
        for c in reader.s.children(v, "obl"):
            if not any(x.lemma in ("в", "во") for x in reader.s.children(c, "case")) or c.i in reader.quoted:
                continue
            if any(reader._not_plain(t) for t in toks[v.i : c.i + 1]):
                continue
            if _school(reader, c, strict=v.lemma == "перевестись"):
                yield reader.fact(who, "university", _school_name(reader, c), "organization")
                break


def _school(reader: ReaderParts, c: Tok, strict: bool) -> bool:
    """``c`` names a school: a nickname ("Бауманка") or a university abbreviation ("СПбГУ"); with
    ``strict`` off, any capitalised organisation (or NER's organisation: "Плехановский")."""
    if c.lemma in lx.UNIVERSITY_NICKNAMES or any(w in lx.UNIVERSITY_NICKNAMES for w in ru_lemmas(c.text)):
        return True
    if _SCHOOL_ABBR.fullmatch(c.text):
        return True
    if strict or not c.text[:1].isupper() or reader.tool(c) is not None or c.lemma in _SCHOOL_WORDS or lx.known_employer(c.lemma, c.lower):
        return False
    return c.ent == "ORG" or c.ent != "PER" and not reader._is_person(c) and reader._org(c)


def _school_name(reader: ReaderParts, c: Tok) -> str:
    nick = next((w for w in (c.lemma, *ru_lemmas(c.text)) if w in lx.UNIVERSITY_NICKNAMES), None)
    if nick is not None and not c.text[:1].isupper():
        return nick.capitalize()
    if c.pos == "ADJ" and c.text[:1].isupper():  # "в Плехановский": the adjective as written in the nominative
        return c.lemma[:1].upper() + c.lemma[1:]
    return c.text if _SCHOOL_ABBR.fullmatch(c.text) else reader.value_text(c)
