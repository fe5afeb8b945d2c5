"""Russian: a job said by its noun in the instrumental, with no verb of work or with a verb of
being taken on: "двадцать лет электриком", "я на скорой водителем", "меня взяли в Авито
продактом", "вышла на работу ведущим экономистом". The instrumental is the case Russian gives a
role ("работать кем"); said alone it keeps that meaning, so the clause readers, which start from a
verb, miss it.

Nothing when the noun has a preposition ("с врачом": with whom), when a verb of another kind
governs it ("доволен врачом", "мечтаю стать врачом"), when a verb of working is in the past
("работала медсестрой": over) or blocked (negated, planned, wished), and when the clause names
another subject than the speaker, except a person named as its subject.
"""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted, _job_word, _lex
from memlab.knowledge.extract.nlp import Tok, is_place_name, ru_first_person_verb, ru_lemmas
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_TAKEN_ON = wl.words("ru", "taken_on")
_WORKING = wl.words("ru", "working")


_OURS = frozenset("нас меня наш наша мой моя".split())  # "у нас", "у меня", "наш": the speaker's side
_INS_PREPOSITIONS = frozenset("с со за под над перед между".split())


def _instrumental(t: Tok) -> bool:
    """natasha's case, or pymorphy3's when natasha reads the form otherwise ("взяли продактом":
    natasha's accusative)."""
    if t.feats.get("Case") == "Ins":
        return True
    from memlab.knowledge.extract.nlp import _morph

    morph = _morph()
    if morph is None or not t.text.endswith(("ом", "ем", "ём", "ой", "ей", "ью")):
        return False
    return any("ablt" in p.tag and p.tag.POS == "NOUN" and p.score >= 0.3 for p in morph.parse(t.text.lower()))


class RussianJobs(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _ru_job_instrumental(self) -> Iterator[Extracted]:
        if self.s.lang != "ru" or self.says_nothing_now() or self._is_question():
            return
        for o in self.toks:
            opening = o.pos == "PROPN" and o.i == 0  # "Продавцом-консультантом в салоне работаю": capitalised by its place
            if o.pos != "NOUN" and not opening or not _job_word(o) or o.i in self.quoted or not _instrumental(o):
                continue
            if any(c.lower in _INS_PREPOSITIONS for c in self.s.children(o, "case")) or o.i and self.toks[o.i - 1].lower in ("не", "ни"):
                continue  # "с врачом": with whom; "не водителем"
            subj = self._role_holder(o)
            if subj is None:
                continue
            # "я на скорой водителем": the parse hung "на скорой" on the job; its words are the place
            title = o.lemma if self.s.children(o, "case") else self.job_title(o)
            if not title:
                continue
            role = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(o, lx.RELATIONS), ""))
            if role == "manager" and subj != SPEAKER and any(t.lower in _OURS for t in self.toks):
                yield self.fact(SPEAKER, "manager", subj, "person")  # "Ренат у нас тимлидом": the speaker's manager
                continue
            yield self.fact(subj, "job_title", title, "concept")
            for case, x in [*self.obliques(o), *(self.obliques(self.toks[o.head]) if o.head != o.i else [])]:
                org = x.ent == "ORG" or lx.known_employer(x.lemma, x.lower)
                if case in ("в", "во") and x.i not in self.quoted and org and self._org(x):
                    yield self.fact(subj, "employer", self.value_text(x), "organization")
                    break

    def _role_holder(self, o: Tok) -> str | None:
        """Whose role the instrumental ``o`` names: the speaker's when no verb governs it
        ("двадцать лет электриком") or a verb of being taken on or working does ("меня взяли
        продактом", "работаю электриком"); a named subject's ("Вика летает стюардессой")."""
        if o.head == o.i or o.dep == "root":
            if any(c.feats.get("Tense") in ("Past", "Fut") for c in self.s.children(o, "cop", "aux")):
                return None  # "дед был шахтёром в Воркуте", "буду врачом": not now
            named = [c for c in self.s.children(o, "nsubj") if c.i < o.i]  # not "..., руки уже не те"
            if not named:
                return self._verbless_holder(o)
            if named[0].lower == "я":
                return SPEAKER
            return self.subject_phrase(named[0]) if self._is_person(named[0]) or named[0].lemma in lx.RELATIONS else None
        v = self.toks[o.head]
        if v.pos not in ("VERB", "AUX") and o.i == 0 and self._working_here():
            return SPEAKER  # "Кассиршей в «Ленте» подрабатываю, ...": the parse lost the verb the role opens
        if v.pos not in ("VERB", "AUX") or self._blocked(v):
            return None
        past = v.feats.get("Tense") == "Past"
        if v.lemma in _TAKEN_ON:
            taken = [c for c in self.s.children(v, "obj") if c.i != o.i]
            if any(c.lower == "меня" for c in taken) or not taken and (
                v.feats.get("Person") == "1" or past and v.feats.get("Gender") and not self.s.children(v, "nsubj")
            ):
                return SPEAKER  # "меня взяли", "вышла на работу ... экономистом"
            if len(taken) == 1 and (self._is_person(taken[0]) or taken[0].lemma in lx.RELATIONS):
                return self.subject_phrase(taken[0])  # "Рому взяли в метро машинистом"
            return None
        if v.lemma in _WORKING and not past and v.feats.get("VerbForm") != "Inf":
            return self.subject_of(v)
        return None

    def _working_here(self) -> bool:
        """A first-person present verb of working in the sentence, whatever the parse made of it
        (natasha tags "подрабатываю" a noun)."""
        return any(ru_first_person_verb(t.text) and any(w in _WORKING for w in ru_lemmas(t.text)) and not self.denied(t)
                   for t in self.toks)  # fmt: skip

    def _verbless_holder(self, o: Tok) -> str | None:
        """Whose a role with no verb is: the speaker's, unless the sentence opens with someone
        else and says nothing in the first person ("Ринат, друг со школы, дизайнером в
        «Ростелекоме»": Ринат's; with two people before it, nobody's)."""
        part = next((p for p in self._stretches() if o in p), self.toks)
        kin = [t for t in part if t.i < o.i and t.lemma in lx.RELATIONS and t.dep in ("nsubj", "root") and self._someone_else(t)]
        if len(kin) == 1 and not any(t.lower in lx.FIRST_PERSON for t in part if t.dep == "nsubj"):
            return self.subject_phrase(kin[0])  # "Брат у меня в «Победе» бортпроводником, ... мы": the brother's
        if any(t.lower in lx.FIRST_PERSON for t in self.toks):
            return SPEAKER
        before = [t for t in self.toks[: o.i] if self._someone_else(t)]
        if not before:
            return SPEAKER
        names = [t for t in before if t.lemma not in lx.RELATIONS and self._is_person(t)]
        return self.subject_phrase(names[0]) if len(names) == 1 else None


_AT_CASES = frozenset("в во на".split())
_OPENING_QUOTES = frozenset('«"“„')
_WORKPLACE_WORDS = wl.words("ru", "workplace_nouns") | wl.words("ru", "workplaces")
_VEHICLE_JOBS = wl.words("ru", "vehicle_jobs")
_STATE_WORDS = wl.words("ru", "employer_state_words")


def job_employer(reader: ReaderParts, found: list[Extracted]) -> Iterator[Extracted]:
    """Russian: the employer said with a job title, in the title's own stretch: "инженер-конструктор
    на «Ростсельмаше»", "менеджер по закупкам в «Уралхиме»", "бухгалтером в Газпромнефти", "в
    «Победе» бортпроводником", "кладовщиком на складе «Озона»" (a workplace noun between). The
    name after "в"/"на" is an organisation (NER's, a large employer the list knows, or a name in
    quotes), not a town, tool or car; one such name in the stretch, for whoever the title is of
    (the job reader's subject) when no employer of theirs was read."""
    if reader.s.lang != "ru":
        return
    have = {f.subject for f in found if f.attribute == "employer"}
    for f in [f for f in found if f.attribute == "job_title" and f.subject not in have]:
        value = f.value.casefold()
        part = next((p for p in reader._stretches() if any(_is_title(reader, t, value) for t in p)), [])
        job = next((t for t in part if _is_title(reader, t, value)), None)
        if job is None or any(reader._not_plain(t) for t in part):
            continue
        orgs = {org_value(reader, x, after_noun) for x, after_noun in _named_at(reader, part, job)}
        if len(orgs) == 1:
            have.add(f.subject)
            yield reader.fact(f.subject, "employer", orgs.pop(), "organization")


def _is_title(reader: ReaderParts, t: Tok, value: str) -> bool:
    return t.lemma.casefold() == value or t.lower == value or (reader.job_title(t) or "").casefold() == value


def org_value(reader: ReaderParts, x: Tok, after_noun: bool = False) -> str:
    """The name in the nominative: after a workplace noun a genitive one by its lemma ("на складе
    «Озона»" -> "Озон"); a quoted name of more words as written («Пепеляев Групп»)."""
    inside = _quoted_words(reader, x)
    value = reader.value_text(x)
    if len(inside) > 1 and len(value.split()) != len(inside):
        return " ".join(t.text for t in inside)  # the NER span took a part of it
    genitive = x.feats.get("Case") == "Gen" or lx.known_employer(x.lemma, "")  # natasha: "«Озона»" a nominative
    if after_noun and value == x.text and genitive and x.lemma != x.lower:
        return x.lemma[:1].upper() + x.lemma[1:]
    return value


def _quoted_words(reader: ReaderParts, x: Tok) -> list[Tok]:
    """The capitalised words of the quoted name ``x`` opens, up to the closing quote (none when not quoted)."""
    if not (x.i > 0 and reader.toks[x.i - 1].text in _OPENING_QUOTES):
        return []
    words: list[Tok] = []
    for t in reader.toks[x.i : x.i + 4]:
        if t.text in ('»', '"', "”", "“"):
            return words if all(w.text[:1].isupper() or w.text[:1].isdigit() for w in words) else []
        words.append(t)
    return []


def _named_at(reader: ReaderParts, part: list[Tok], job: Tok) -> Iterator[tuple[Tok, bool]]:
    """The organisations "в"/"на" name in ``part``: after the job (no other verb than one of
    working between), or just before it ("в «Победе» бортпроводником")."""
    for k, p in enumerate(part):
        if p.lower not in _AT_CASES or p.lower == "на" and job.lemma in _VEHICLE_JOBS:
            continue  # "водитель на «Газели»": the vehicle
        if p.i < job.i and job.i - p.i > 4 or p.i > job.i and any(
            t.pos in ("VERB", "AUX") and t.lemma not in _WORKING or t.lower == "и" for t in reader.toks[job.i + 1 : p.i]
        ):
            continue
        rest = [t for t in part[k + 1 : k + 5] if t.i != job.i]
        after_noun = False
        while rest and (rest[0].text in _OPENING_QUOTES or rest[0].lemma in _WORKPLACE_WORDS and len(rest) > 1):
            after_noun = after_noun or rest[0].lemma in _WORKPLACE_WORDS
            rest = rest[1:]  # "на складе «Озона»", "в студии «Пиксель»": the workplace, then its name
        if rest and _org_name(reader, rest[0]):
            yield rest[0], after_noun


def _org_name(reader: ReaderParts, x: Tok) -> bool:
    """A name after "в"/"на" that is an organisation: NER's ORG, a large employer the list knows,
    or a capitalised name in quotes; not a town the dictionary knows, a tool or a car."""
    if x.i in reader.quoted or not reader._org(x) or reader.tool(x) is not None or reader._car(x) is not None:
        return False
    known = lx.known_employer(x.lemma, x.lower)
    if is_place_name(x.text) is True and not known:
        return False
    quoted = x.i > 0 and reader.toks[x.i - 1].text in _OPENING_QUOTES
    return x.ent == "ORG" or known or quoted


def verbless_org(reader: ReaderParts, part: list[Tok], words: list[Tok]) -> Tok | None:
    """The organisation ``words`` open with after a verbless "в" in the stretch ``part`` said as a
    state ("брат теперь в Яндексе", "муж тоже в «Сбере»": a word of ``_STATE_WORDS``; "мама в
    «Пятёрочке»" may be out shopping): an NER organisation, a large employer the list knows, or a
    quoted name."""
    if not any(t.lower in _STATE_WORDS for t in part):
        return None
    if words and words[0].text in _OPENING_QUOTES:
        words = words[1:]
    return words[0] if words and _org_name(reader, words[0]) else None
