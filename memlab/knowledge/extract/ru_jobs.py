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
from memlab.knowledge.extract.nlp import Tok, ru_first_person_verb, ru_lemmas
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
        if any(t.lower in lx.FIRST_PERSON for t in self.toks):
            return SPEAKER
        before = [t for t in self.toks[: o.i] if self._someone_else(t)]
        if not before:
            return SPEAKER
        names = [t for t in before if t.lemma not in lx.RELATIONS and self._is_person(t)]
        return self.subject_phrase(names[0]) if len(names) == 1 else None
