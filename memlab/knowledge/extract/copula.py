"""Copula and predicative clauses ('I'm a data engineer', 'my X is Y'), schools, pets, hobbies."""

from __future__ import annotations

from collections.abc import Generator, Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _FILLERS,
    _HE_SHE,
    _HOBBY_TIMES,
    _NOT_NAMES,
    _PAST_ADJ,
    _PRAISE,
    _SKIP_ADJ,
    _SPEAKER_WORDS,
    _STATUS_NOUNS,
    _VAGUE,
    HAVE_VERBS,
    SPEAKER,
    Extracted,
    _contiguous,
    _job_word,
    _lex,
    _subtree,
    _subtree_toks,
    number_at,
)
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.ru_appos import ru_pet_of_the_past
from memlab.lang import wordlists as wl

# how English demonyms end: American, Chinese, Polish, Israeli, Dutch, Icelandic, Swiss, Greek, Filipino
_DEMONYM_ENDINGS = ("an", "ese", "ish", "i", "ch", "ic", "ss", "ek", "ak", "ot", "o", "er")

# "Rust became my main language", "Zed has become my editor": a change into the state, which holds
_BE = frozenset(("be", "become"))


_STAY_NOUNS = wl.all_words("stay_nouns")


class CopulaClauses(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _copula_facts(self, v: Tok, subj_text: str | None) -> Iterator[Extracted]:
        """ "my boss is Oleg", "Zed is my editor", "I'm a data engineer", "I'm 34", "I'm in Bangalore"."""
        named = v.lemma in ("call", "name", "звать") and bool(self.s.children(v, "nsubj:pass"))
        if v.tag == "VBG" and any(a.lemma == "be" and a.tag in ("VBZ", "VBP") for a in self.s.children(v, "aux")):
            yield from self._hobby_is_doing(v)  # "my hobby is collecting stamps": the parse's progressive
        if not (
            v.lemma in _BE or named or self.s.children(v, "cop") or v.pos in ("NOUN", "PROPN", "ADJ", "NUM")
        ):
            return
        if self.s.lang == "en" and v.dep == "csubj" and v.tag == "VBG" and self._said_as_not_now(self.toks[v.head]):
            return  # "Being a midwife would have suited me", "Being a teacher was hell"
        subj_tok = next(iter(self.s.children(v, "nsubj", "nsubj:pass", "csubj")), None)
        preds = (yield from self._copula_preds(v, subj_tok)) if v.lemma in _BE or named else [v]
        if subj_tok is not None and (yield from self._copula_subject(v, subj_tok, preds)):
            return
        if v.lemma == "be" and subj_text is not None and (age := self._age_after(v)):
            yield self.fact(subj_text, "age", age, "concept")  # "I'm 19 and already tired", "Ahmed's 35 today!"
        owned = self._owned_attribute(subj_tok) if subj_tok is not None else None
        for b in preds:
            if (yield from self._copula_pred(b, subj_tok, owned)):
                continue
            if subj_text is None or subj_tok is not None and subj_tok.lower not in _SPEAKER_WORDS and subj_text == SPEAKER:
                continue
            yield from self._predicative(b, subj_text)
        if v.lemma == "be" and subj_text is not None:
            yield from self._copula_where(v, subj_text)

    def _copula_preds(self, v: Tok, subj_tok: Tok | None) -> Generator[Extracted, None, list[Tok]]:
        """What "be" says of its subject: its complements, and the job nouns and ages listed beside a
        name or an age ("I'm Ahmed, data engineer in Dubai", "I'm 31, ICU nurse, Glasgow"); a
        place in such a list is the speaker's city."""
        preds = self.s.children(v, "attr", "acomp", "oprd")
        heads = [b for b in preds if self._is_person(b) or b.pos == "NUM" and b.text.isdigit() and 10 <= int(b.text) < 100]
        members = [c for b in heads for c in self.s.children(b, "conj", "appos") if not self.s.children(c, "cc", "nsubj")]
        if any(b.pos == "NUM" for b in heads):  # "I'm 31, ICU nurse, Glasgow": the parse hangs the rest on "'m"
            loose = [c for c in self.s.children(v, "dep", "appos", "attr") if c.i > heads[0].i]
            members += loose + [c for x in loose for c in self.s.children(x, "appos", "conj")]
        preds += [
            c for c in members
            if _job_word(c) and (c.lemma not in lx.RELATIONS or self._job_compound(c))
            or c.dep == "appos" and c.pos == "NUM" and c.text.isdigit() and 10 <= int(c.text) < 100
        ]  # fmt: skip
        if v.lemma == "be" and subj_tok is not None and subj_tok.lower in ("i", "i'm"):
            for c in members:
                if c.pos == "PROPN" and self._place(c) and c.i not in self.quoted and c.ent != "ORG":
                    yield self.fact(SPEAKER, "city", self.city(c), "place")
        return preds

    def _copula_subject(self, v: Tok, subj: Tok, preds: list[Tok]) -> Generator[Extracted, None, bool]:
        """Readings the subject decides, value first: a home ("Home is Berlin now", "Tokyo has been
        home"), a tool ("Rust is what all my stuff is in now"), a pet's name ("my dog's name is
        Rex"). True when one of them said all the clause says."""
        if v.lemma == "be" and subj.text[:1].isupper() and self._place(subj):
            if subj.lemma != "home" and any(c.lemma == "home" for c in self.s.children(v)):
                yield self.fact(SPEAKER, "city", self.value_text(subj), "place")  # "Tokyo has been home"
        if (
            subj.lemma == "home"
            and self.owner_of(subj) in (None, SPEAKER)
            and all(c.lower in ("my", "our") for c in self.s.children(subj, "nmod:poss", "poss"))
            and not any(c.feats.get("Tense") == "Past" for c in [v, *self.s.children(v, "aux", "auxpass", "cop")])
        ):  # the parse may take "Berlin" for an adjective, or make the name the head
            for b in self.s.children(v, "attr", "acomp") if v.lemma == "be" else [v]:
                if self._place(b):
                    yield self.fact(SPEAKER, "city", self.city(b), "place")
                    return True
        if v.lemma in _BE and (tv := self.tool_value(subj)) is not None and self._mine_in_clause(v, subj):
            yield self.fact(SPEAKER, tv[0], tv[1], "tool")  # "MySQL is the database I babysit"
            return True
        if v.lemma == "be" and subj.lemma == "name":
            return (yield from self._pet_name_is(v, subj, preds))
        return False

    def _mine_in_clause(self, v: Tok, subj: Tok) -> bool:
        """The clause of ``v`` itself (not the clauses hung on it: "..., Python's just for the odd
        notebook", "Atom is dead so I finally moved to VS Code") says "I" or "my", and no negation."""
        apart = set().union(
            *(_subtree(self.s, c) for c in self.s.children(v, "ccomp", "conj", "parataxis") if c.i < v.i),
            *(_subtree(self.s, c) for c in self.s.children(v, "advcl", "conj") if self.s.children(c, "nsubj")),
        )
        clause = [t for t in _subtree_toks(self.s, v) if t.i != subj.i and t.i not in apart]
        return any(t.lower in ("i", "my") for t in clause) and not any(t.lower in lx.NEGATIONS for t in clause)

    def _pet_name_is(self, v: Tok, subj: Tok, preds: list[Tok]) -> Generator[Extracted, None, bool]:
        """ "my dog's name is Rex", "the pup's name is Olive", "We adopted a cat!! Her name is Miso"."""
        pet = next((c for c in self.s.children(subj, "nmod:poss", "poss") if c.lemma in lx.PETS), None)
        owner = self.owner_of(pet) if pet is not None else None
        if pet is not None and owner is None and any(c.lower == "the" for c in self.s.children(pet, "det")):
            owner = SPEAKER  # "the pup's name is Olive": the speaker's own
        pet_name = next((b for b in preds if self._is_person(b) or b.pos == "PROPN"), None)
        if pet is not None and owner is not None and pet_name is not None and not self._blocked(v):
            yield self.fact(owner, f"pet_{lx.PETS[pet.lemma]}", self.value_text(pet_name), "concept")
            return True
        if "pet" not in self.said:
            return False
        owner_word = next((c.lower for c in self.s.children(subj, "nmod:poss")), "")
        if owner_word in ("her", "his", "its", "their") or any(c.lemma in lx.PETS for c in self.s.children(subj)):
            for b in preds:  # "Juniper" the small model calls an adjective
                if self._is_person(b) or b.i > 0 and b.text[:1].isupper() and b.pos in ("PROPN", "ADJ", "NOUN"):
                    owner, species = self.said.pop("pet")
                    yield self.fact(owner, f"pet_{species}", self.value_text(b), "concept")
                    return True
        return False

    def _copula_pred(self, b: Tok, subj: Tok | None, owned: tuple[str, str] | None) -> Generator[Extracted, None, bool]:
        """A complement ``b`` read against the subject: an owned attribute ("my favourite band is
        Radiohead"), a role ("Kate's my manager now", "my team lead is Marco"), the attribute turned
        round ("Zed is my editor now"). True when it is read so (nothing more to say of ``b``)."""
        if owned is not None:
            owner, attribute = owned
            if attribute == "name" and "'s " in owner:  # "my partner's name is Alex" -> partner: Alex
                base, rel = owner.split("'s ", 1)
                if rel in lx.RELATION_FACTS and self._is_person(b):
                    yield self.fact(base, lx.RELATION_FACTS[rel], self.value_text(b), "person")
                    return True
            value = self._attribute_value(attribute, b)
            if value:
                yield self.fact(owner, attribute, value[0], value[1])
                return True
        role = self._my_role(b)
        if role is not None and subj is not None and self._is_person(subj):
            yield self.fact(SPEAKER, role, self.value_text(subj), "person")
            return True
        role = self._my_role(subj) if subj is not None else None
        if role is not None and self._is_person(b) and not _job_word(b):  # "my boss became CEO": a title
            yield self.fact(SPEAKER, role, self.value_text(b), "person")
            return True
        flipped = self._owned_attribute(b)
        if flipped is None or subj is None:
            return False
        value = self._attribute_value(flipped[1], subj)
        ante = self.antecedent(subj) if flipped[1].startswith("favorite_") else None
        if value is None and ante is not None:  # "just finished Piranesi and it's my new favorite book"
            value = self.title(ante), "concept"
        if value:
            yield self.fact(flipped[0], flipped[1], value[0], value[1])
        return True

    def _copula_where(self, v: Tok, subj: str) -> Iterator[Extracted]:
        """Where "be" puts its subject: "I'm in Bangalore", "I'm super into woodworking"; a stay is
        no home ("Mum's in hospital in Leicester", "я в командировке в Казани")."""
        stay = any(o.lemma in _STAY_NOUNS for _, o in self.obliques(v))
        for case, o in self.obliques(v):
            if not self._negated_stretch(o, v):  # "Not in Madrid anymore — I'm in Seville now"
                yield from (f for f in self._located(case, o, subj) if not (stay and f.attribute == "city"))
        for a in self.s.children(v, "acomp", "advmod"):
            for case, o in self.obliques(a):
                if case == "into":
                    yield from self._located(case, o, subj)

    def _hobby_is_doing(self, v: Tok) -> Iterator[Extracted]:
        subj = next(iter(self.s.children(v, "nsubj")), None)
        owned = self._owned_attribute(subj) if subj is not None else None
        if owned is not None and owned[1] in ("hobby", "sport") and not self._blocked(v):
            value = self._attribute_value(owned[1], v)
            if value:
                yield self.fact(owned[0], owned[1], value[0], value[1])

    def _my_role(self, t: Tok) -> str | None:
        """The fact a relation noun the speaker owns names: "my manager" -> manager, "my team lead"
        -> manager, "my wife" -> spouse; None for anything else."""
        rel = lx.RELATIONS.get(t.lemma)
        if rel is None or self.owner_of(t) != SPEAKER or self.other_partner(t):
            return None
        if any(c.lemma in _PAST_ADJ for c in self.s.children(t, "amod")):
            return None  # "my former boss is Dana": no longer the role
        return lx.RELATION_FACTS.get(rel)

    def other_partner(self, t: Tok) -> bool:
        """A partner in something else than life: "my business partner", "lab partner", "партнёр
        по бизнесу" (not "my partner", "my life partner")."""
        if lx.RELATIONS.get(t.lemma) != "partner" or t.lemma not in ("partner", "партнёр", "партнер"):
            return False
        if any(c.lower not in ("life", "domestic", "romantic", "long-term", "longtime") and c.pos in ("NOUN", "PROPN", "ADJ")
               for c in self.s.children(t, "compound", "amod") if c.lower not in ("new", "current", "my")):  # fmt: skip
            return True
        return any(c.dep == "case" and c.lower == "по" for n in self.s.children(t, "nmod") for c in self.s.children(n))

    def _age_after(self, v: Tok) -> str | None:
        """A bare number right after "be" (adverbs allowed between) that no unit follows."""
        for t in self.toks[v.i + 1 : v.i + 4]:
            if t.pos == "ADV" or t.lower in ("still", "already", "now", "just", "only", "almost", "nearly"):
                continue
            said = number_at(self.toks, t.i) if t.pos == "NUM" else None  # "I'm 36", "I'm thirty-six"
            plural = any(c.lower in ("we", "they") for c in self.s.children(v, "nsubj"))
            if said is not None and not t.text.isdigit() and plural:
                return None  # "we are two in the team": a count of people
            if said is not None and 0 < int(said[0]) < 120:
                last = said[1]
                nxt = self.toks[last + 1] if last + 1 < len(self.toks) else None
                after = self.toks[last + 2].lower if last + 2 < len(self.toks) else ""
                if nxt is not None and nxt.lower in ("years", "year") and after != "old":
                    return None  # "we've been together 4 years", "been here 5 years": a duration
                if (
                    nxt is None
                    or nxt.lower not in lx.UNITS
                    and not (nxt.pos == "NOUN" and nxt.lower not in ("today", "years", "year", "yo", *_FILLERS))
                ):
                    return said[0]
            return None
        return None

    def _predicative(self, b: Tok, subj: str) -> Iterator[Extracted]:
        if any(c.lower == "no" for c in self.s.children(b, "det")):
            return  # "I'm no writer like you": denied
        if self.s.lang == "en" and b.lemma in ("person", "guy", "girl"):  # "I'm a cello person now"
            kinds = [c.lower for c in self.s.children(b, "compound") if c.i == b.i - 1]
            if kinds and kinds[0] in lx.INSTRUMENTS:  # not a sport: "a football guy" may only watch it
                yield self.fact(subj, "instrument", lx.instrument_name(kinds[0]), "concept")
                return
        if b.lemma in ("fan", "фанат", "поклонник"):  # "I'm a big fan of pottery"
            for case, o in self.obliques(b):
                if (case in ("of",) or o.feats.get("Case") == "Gen") and o.pos in ("NOUN", "PROPN"):
                    if self.s.children(o, "det", "nmod", "obl") or o.lower in _NOT_NAMES:
                        continue  # "a fan of the genre", "fan of Lord of the Rings": not a clean value
                    tv = self.tool_value(o)
                    if tv is not None:  # "фанат питона", "a big fan of Rust": the tool is theirs
                        yield self.fact(subj, tv[0], tv[1], "tool")
                        continue
                    named = o.text[:1].isupper() or self.s.children(o, "compound")  # "a fan of Nintendo games"
                    value = self.value_text(o) if named else o.lemma
                    yield self.fact(subj, "likes", value, "concept")
            return
        if b.lemma in ("employee", "staffer", "сотрудник", "сотрудница"):  # "an Umbrella Labs employee"
            org = [c for c in self.s.children(b, "compound", "nmod", "amod") if self._org(c)]
            if org:
                yield self.fact(subj, "employer", self.value_text(org[-1]), "organization")
                return
        if any(c.lower in _PRAISE for c in self.s.children(b, "predet", "amod", "det", "advmod")):
            return  # "J.K. Rowling is such an inspiring writer", "ты такой талантливый художник": praise
        school = self._school_after(b)
        if school is not None:  # "a third year at McGill", "a PhD student at Oxford"
            yield self.fact(subj, "university", school, "organization")
        if school is not None or b.lemma in lx.STUDENT_WORDS:
            return  # a student's is no job title, and "a student" alone names no school
        object_case = self.s.lang == "ru" and any(c.pos == "ADP" for c in self.s.children(b, "case"))
        if self.s.lang == "ru" and any(c.lemma in lx.TEAM_NOUNS and c.i < b.i for c in self.s.children(b, "nmod")):
            return  # "Карина теперь в команде аналитики": the team's name, not a job
        whose = self.s.lang == "ru" and b.i and self.toks[b.i - 1].lower in ("его", "её", "ее", "их", "твой", "ваш")
        title = None if object_case or whose else self.job_title(b)  # "я с врачом поговорила": whom; "я его админ": its
        boss = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(b, lx.RELATIONS), "")) == "manager"
        if boss and not object_case and subj != SPEAKER and self.s.lang == "ru" and any(t.lower in ("нас", "меня") for t in self.toks):
            yield self.fact(SPEAKER, "manager", subj, "person")  # "Ренат у нас тимлидом": the speaker's manager
            return
        if title:
            yield self.fact(subj, "job_title", title, "concept")
            for c in self.s.children(b, "compound", "amod", "nmod"):  # "a Kotlin developer": the language too
                tv = self.tool_value(c) if c.i < b.i and c.i not in self.quoted else None
                if tv is not None and tv[0] == "programming_language":
                    yield self.fact(subj, "programming_language", tv[1], "tool")
            for case, o in self.obliques(b):
                yield from self._located(case, o, subj)
            for based in self.s.children(b, "amod"):  # "a Manchester-based nurse"
                place = [c for c in self.s.children(based, "npadvmod", "compound") if c.lemma != "-"]
                if based.lower == "based" and place and self._place(place[0]) and place[0].i + 2 == based.i:
                    yield self.fact(subj, "city", self.city(place[0]), "place")
            return
        diet = lx.DIET_OF.get(b.lower) or lx.DIET_OF.get(b.lemma)
        if diet:
            yield self.fact(subj, "diet", diet, "concept")
        elif b.pos == "NUM" and b.text.isdigit() and 0 < int(b.text) < 120:
            yield self.fact(subj, "age", b.text, "concept")
        elif (
            b.pos in ("ADJ", "PROPN", "NOUN")
            and self.s.lang == "en"
            and self.tool(b) is None
            and (b.ent == "NORP" and b.lower.endswith(_DEMONYM_ENDINGS) or b.lower in lx.NATIONALITIES_EN and b.text[:1].isupper())
        ):  # the small model calls unknown names NORP: "my daily driver is Helix" names no nationality
            yield self.fact(subj, "nationality", b.text, "concept")
        elif (
            subj == SPEAKER
            and b.pos == "PROPN"
            and not any(c.lower in ("a", "an") for c in self.s.children(b, "det"))  # "I'm a Leo": a kind, not a name
            and self._is_person(b)
            and self.s.lang == "en"
            and any(c.lower == "i" for c in self.s.children(self.toks[b.head], "nsubj"))
        ):
            yield self.fact(subj, "name", self.value_text(b), "person")
        elif b.lemma in ("home", "дом") and any(c.ent == "LOC" for c in self.s.children(b)):
            pass

    def _job_compound(self, c: Tok) -> bool:
        """A relation noun that is a job by its modifier and has no owner: "product manager", not
        "my manager"."""
        return bool(self.s.children(c, "compound", "amod")) and not self.s.children(c, "nmod:poss", "poss")

    def _school_after(self, b: Tok) -> str | None:
        """The university a student noun is at: "student at McGill", "a third year at Queens"
        (a year of study: an ordinal on "year"), "freshman at NYU"."""
        year = b.lemma == "year" and any(c.lower in lx.ORDINALS for c in self.s.children(b, "amod"))
        if not (year or b.lemma in lx.STUDENT_WORDS):
            return None
        nxt = self.toks[b.i + 1 : b.i + 4]
        if nxt and nxt[0].lower in ("at", "of") and len(nxt) > 1 and nxt[1].lower == "the":
            nxt = [nxt[0], *nxt[2:]]  # "a student at the University of Toronto"
        if len(nxt) >= 2 and nxt[0].lower == "at" and nxt[1].text[:1].isupper() and self.tool(nxt[1]) is None:
            if nxt[1].lemma.casefold() in lx.SCHOOL_NOUNS:
                return self._title_run(nxt[1].i)  # the whole name: "University of Toronto"
            return self.value_text(nxt[1])
        return self._school_named_on(b) if b.lemma in lx.STUDENT_WORDS else None

    def _school_named_on(self, b: Tok) -> str | None:
        """A name on the student noun itself: "a Michigan student", "an NYU grad student",
        "студентка ВШЭ" (a genitive name after it)."""
        for c in self.s.children(b, "compound", "nmod", "amod"):
            before = self.s.lang == "en" and c.i < b.i and c.dep == "compound"
            after = self.s.lang == "ru" and c.i == b.i + 1 and c.feats.get("Case") == "Gen"
            if (before or after) and c.text[:1].isupper() and self.tool(c) is None and c.ent not in ("NORP",):
                return self.value_text(c)
        return None

    def _bare_ru_pet(self, t: Tok) -> str | None:
        """Russian chat names the speaker's pets without "мой": "кот Персик и собака Лайма
        подружились" (a pet noun opening the sentence, or joined to one, and no one else in it)."""
        if self.s.lang != "ru" or any(self._someone_else(x) for x in self.toks if x.head != x.i and not self._pet_name_of(x)):
            return None
        first = t if t.i == 0 else self.toks[t.head] if t.dep == "conj" and self.toks[t.head].lemma in lx.PETS else None
        return SPEAKER if first is not None and first.i == 0 and first.dep.startswith("nsubj") else None

    def _pet_name_of(self, x: Tok) -> bool:
        return self.toks[x.head].lemma in lx.PETS and x.dep in ("appos", "flat", "flat:name", "nmod")

    def _pets_listed(self) -> Iterator[Extracted]:
        """ "we have two cats now, Tofu and Tempeh", "у нас две кошки, Фасоль и Горошина", "our two
        cats, Miso and Tofu, have ...": the names listed after a comma (to the end of the sentence, or
        to the closing comma of "my" / "our" pets), for counted pets the speaker has."""
        for t in self.toks:
            if t.lemma not in lx.PETS or t.i in self.quoted or not any(c.pos == "NUM" for c in self.s.children(t)):
                continue
            comma = next((x for x in self.toks[t.i + 1 : t.i + 3] if x.text == ","), None)
            if comma is None:
                continue
            after = self.toks[comma.i + 1 :]
            owned = any(c.lower in ("my", "our", "мои", "наши") for c in self.s.children(t))
            if owned:  # the apposition closes at the next comma: "our two cats, Miso and Tofu, have decided"
                close = next((k for k, x in enumerate(after) if x.text == ","), len(after))
                after = after[:close]
            rest = [x for x in after if x.text not in (".", "!", "and", "и", ",")]
            if not rest or len(rest) > 4 or not all(x.text[:1].isupper() and x.pos == "PROPN" for x in rest):
                continue
            # owned pets are named whatever their clause says they did ("... have decided 4am is zoomies o'clock")
            if (self._blocked(self.toks[t.head]) if owned else any(self._not_plain(x) for x in self.toks)) or not self._speaker_has(t):
                continue
            for x in rest:
                yield self.fact(SPEAKER, f"pet_{lx.PETS[t.lemma]}", self._form(x), "concept")

    def _speaker_has(self, t: Tok) -> bool:
        if any(c.lower in ("my", "our", "мои", "наши") for c in self.s.children(t)):
            return True  # "our two cats, Miso and Tofu"
        head = self.toks[t.head]
        if self.s.lang == "ru":
            return any(x.lemma in ("я", "мы") and self.toks[x.i - 1].lemma == "у" for x in self.toks[1 : t.i])
        return head.lemma in HAVE_VERBS and self.subject_of(head) == SPEAKER

    def _late_pet(self, pet: Tok) -> bool:
        """"мой старый кот Рыжик любил спать на ноуте", "my old dog Rex loved the beach": a pet
        called old or former, of whom the sentence speaks in the past, is gone."""
        named = self.toks[pet.head] if pet.dep in ("amod", "compound") else pet  # "my old dog Rex": "old" on the name
        if self.s.lang == "ru" and ru_pet_of_the_past(self, pet):
            return True
        if any(c.lemma in ("childhood", "детство") for c in [*self.s.children(pet, "compound", "nmod"), *self.s.children(named, "compound")]):
            return True  # "Max, my childhood dog": the dog of a time of life gone by
        if not any(c.lemma in _PAST_ADJ for c in [*self.s.children(pet, "amod"), *self.s.children(named, "amod")]):
            return False
        return any(v.pos in ("VERB", "AUX") and (v.tag in ("VBD",) or v.feats.get("Tense") == "Past") for v in self.toks)

    def _uni_name(self, o: Tok) -> str | None:
        names = [c for c in self.s.children(o, "compound") if c.i == o.i - 1 and self._name(c)]
        return self.value_text(names[0]) if names else None

    def _after_student(self, o: Tok) -> bool:
        at = next((c for c in self.s.children(o, "case") if c.lower == "at"), None)
        return at is not None and at.i > 0 and self._school_after(self.toks[at.i - 1]) is not None

    def _diet_noun(self, o: Tok) -> str | None:
        if o.lemma not in lx.DIET_NOUNS:
            return None
        for c in self.s.children(o):
            joined = " ".join(t.text for t in _subtree_toks(self.s, c)).lower().replace(" - ", "-")
            if d := lx.DIET_OF.get(c.lower) or lx.DIET_OF.get(c.lemma) or lx.DIET_OF.get(joined):
                return d  # "a keto diet", "a gluten-free diet" (parsed gluten <- free <- diet)
        return None

    def _project_status(self, project: Tok) -> Iterator[Extracted]:
        """ "Project Atlas is shipped now", "Проект Atlas сейчас завершён"."""
        name = next(
            (
                c
                for c in self.s.children(project, "appos", "compound", "flat", "flat:name", "nmod")
                if c.text[:1].isupper()
            ),
            None,
        )
        if name is None and project.lemma in _STATUS_NOUNS:  # "Status of Falcon changed, it's in beta"
            name = next((o for case, o in self.obliques(project) if case in ("of", "on", "по") and o.pos == "PROPN"), None)
        elif name is None and project.i + 1 < len(self.toks) and self.toks[project.i + 1].text[:1].isupper():
            name = self.toks[project.i + 1]
        if name is None or self.tool(name) is not None:
            return
        rest = " " + " ".join(t.lower for t in self.toks[max(project.i, name.i) + 1 :]) + " "
        status = next((p for p in lx.STATUS_PHRASES if f" {p} " in rest), None)
        status = status or next((w for w in rest.split() if w in lx.STATUS_WORDS), None)
        if status:
            yield self.fact(f"project {name.text}", "project_status", status, "concept")

    def _located(self, case: str, o: Tok, subj: str) -> Iterator[Extracted]:
        if o.i in self.quoted:
            return
        diet = self._diet_noun(o)
        if diet and case in ("on", "на"):  # "I'm on a vegan diet"
            yield self.fact(subj, "diet", diet, "concept")
            return
        tv = self.tool_value(o)
        after = self.toks[o.i + 1].lower if o.i + 1 < len(self.toks) else ""
        if tv is not None and case in ("on", "на"):
            yield self.fact(subj, tv[0], tv[1], "tool")
        elif case == "at" and after in ("uni", "university") and self._name(o):  # "at Leeds uni"
            yield self.fact(subj, "university", self.value_text(o), "organization")
        elif case == "at" and o.lemma in ("uni", "university") and (named := self._uni_name(o)) is not None:
            yield self.fact(subj, "university", named, "organization")
        elif case == "at" and self._after_student(o):
            return  # "a second year at Durham": the university, said by _school_after
        elif case == "at" and o.lemma in lx.GYM_NOUNS and (gym := self._called(o)) is not None:
            yield self.fact(subj, "gym", gym, "organization")  # "I'm at a crossfit box called Iron Yard now"
        elif case in ("at", "for") and (self._org(o) or self._called(o)):
            org_name = self.value_text(o)
            if self.s.lang == "en" and o.i + 2 < len(self.toks) and self.toks[o.i + 1].lower == "of":
                org_name = max(org_name, self._org_span(o), key=len)  # "the University of Alberta Hospital"
            yield self.fact(subj, "employer", self._called(o) or org_name, "organization")
        elif case == "with" and o.ent == "ORG" and o.pos == "PROPN" and self._org(o) and _job_word(self.toks[o.head]):
            # "I'm a paramedic with the West Midlands Ambulance Service"
            yield self.fact(subj, "employer", self._org_span(o), "organization")
        elif case in ("in", "в", "во") and self._place(o):
            yield self.fact(subj, "city", self.city(o), "place")
        elif case in ("on", "in") and o.lemma in lx.TEAM_NOUNS and self.s.lang == "en":  # "in the SRE team": British
            name = [
                c for c in self.s.children(o, "compound", "amod")
                if c.lower not in _SKIP_ADJ and (c.pos != "ADJ" or c.text[:1].isupper())  # not "a different team"
            ]  # fmt: skip
            if name:
                yield self.fact(subj, "team", name[0].text, "concept")
            for at_case, org in self.obliques(o):  # "on the fraud team at Starling Bank"
                if at_case == "at" and org.pos == "PROPN" and self._org(org) and org.i not in self.quoted:
                    yield self.fact(subj, "employer", self._org_span(org), "organization")
        elif case == "into" and tv is None:
            hobby = self._pastime(o)
            if hobby:  # "I'm really into climbing", "super into woodworking now"
                yield self.fact(subj, "hobby", hobby, "concept")

    def _org_span(self, o: Tok) -> str:
        """An organisation's whole name: its entity span ("West Midlands Ambulance Service"), else its name."""
        span = self.s.span_of(o)
        if span is not None and span[2] == "ORG":
            words = [w.text for w in self.toks[span[0] : span[1]] if w.pos != "DET"]
            if words:
                return " ".join(words)
        return self.value_text(o)

    def _pastime(self, o: Tok) -> str | None:
        """A bare activity noun or gerund ("climbing", "pottery", "board games"), not a person,
        a name, a pronoun or a determined thing ("into this show", "into her")."""
        if o.pos not in ("NOUN", "VERB") or o.text[:1].isupper() or self.s.children(o, "det", "nmod:poss", "poss"):
            return None
        if o.lower in _VAGUE or o.lemma in lx.RELATIONS or self.s.children(o, "relcl", "acl"):
            return None
        mods = [c for c in self.s.children(o, "compound", "amod") if c.i == o.i - 1 and c.pos in ("NOUN", "ADJ")]
        return " ".join([*(m.lower for m in mods), o.lower])

    def _owned_attribute(self, t: Tok) -> tuple[str, str] | None:
        """(owner, attribute) for "my editor", "Anna's manager", "my favourite band", "my dog"."""
        owner = self.owner_of(t)
        if owner is None and (self._opens_with_favourite(t) or self._opens_with(t, "name") or self._opens_hobby(t)):
            owner = SPEAKER  # "favorite book is The Name of the Wind", "Name's Tomasz": the speaker dropped "my"
        if owner is None and t.lemma in ("car", "phone", "laptop") and self._the_new(t):
            owner = SPEAKER  # "so the new car is a Mazda CX-5": the speaker's own news
        if owner is None and t.lemma in lx.PETS and self._the_pet(t):
            owner = SPEAKER  # "the cat's called Pudding": the household's own, as "the pup's name is Olive"
        if owner is None or any(c.lemma in _PAST_ADJ for c in self.s.children(t)) or self.other_partner(t):
            return None
        if t.lemma in lx.RELATION_FACTS:
            return owner, lx.RELATION_FACTS[t.lemma]
        if t.lemma in lx.PETS:
            return owner, f"pet_{lx.PETS[t.lemma]}"
        if t.lemma in ("language", "tongue", "язык") and any(
            c.lemma in lx.NATIVE for c in self.s.children(t)
        ):
            return owner, "native_language"  # "my first language is Spanish", "Hindi is my mother tongue"
        fav = any(c.lemma in lx.FAVOURITE for c in self.s.children(t))
        if fav and t.lemma in ("hobby", "sport", "pastime", "хобби", "увлечение", "спорт"):
            return owner, lx.ATTRIBUTE_NOUNS[t.lemma]  # "my favourite hobby is knitting": a hobby of theirs
        if fav:
            return owner, lx.ATTRIBUTE_NOUNS.get(t.lemma) if t.lemma == "language" else f"favorite_{lx.FAVOURITE_NOUNS_RU.get(t.lemma, t.lemma)}"  # type: ignore[return-value]
        if t.lemma == "order" and not any(c.lemma in lx.ORDER_WORDS for c in self.s.children(t)):
            return None  # "my order is late": a delivery, not the usual one
        if t.lemma in lx.ATTRIBUTE_NOUNS:
            return owner, lx.ATTRIBUTE_NOUNS[t.lemma]
        return None

    def _the_pet(self, t: Tok) -> bool:
        """ "the cat" and nothing more ("the dog next door", "the cat we fed" are someone else's),
        and no relative or other person named in the sentence."""
        kids = self.s.children(t)
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        if [c.lower for c in kids if c.dep != "case"] != ["the"] or t.i in self.quoted or nxt is None or nxt.pos != "AUX":
            return False
        return not any(x.lemma in lx.RELATIONS or x.i != t.i and self._is_person(x) and x.i < t.i for x in self.toks)

    def _the_new(self, t: Tok) -> bool:
        """ "the new car", "the new phone" with no owner named and nobody else in the sentence."""
        det = any(c.lower == "the" for c in self.s.children(t, "det"))
        new = any(c.lower == "new" for c in self.s.children(t, "amod"))
        others = any(x.lemma in lx.RELATIONS or x.lower in ("he", "she", "they", "his", "her", "their") for x in self.toks)
        return det and new and not others

    def _opens_with(self, t: Tok, lemma: str) -> bool:
        """``t`` is the subject noun ``lemma`` and the sentence's first word ("Name's Tomasz")."""
        first = next((w for w in self.toks if w.pos != "PUNCT"), None)
        return t is first and t.lemma == lemma and t.dep.startswith("nsubj")

    def _opens_hobby(self, t: Tok) -> bool:
        """ "weekend hobby is woodworking": a hobby noun opening the sentence, a time word before it."""
        words = [w for w in self.toks if w.pos != "PUNCT"]
        lead = words[: t.i - words[0].i] if words else []
        return t.lemma == "hobby" and t.dep.startswith("nsubj") and all(w.lemma in _HOBBY_TIMES for w in lead)

    def _opens_with_favourite(self, t: Tok) -> bool:
        """``t`` is the subject noun of a sentence that opens "favorite N" / "new favorite N"."""
        words = [w for w in self.toks if w.pos != "PUNCT"]
        lead = [w.lemma for w in words[: t.i - words[0].i]] if words else []
        return (
            bool(lead)
            and t.dep.startswith("nsubj")
            and lead[-1] in lx.FAVOURITE
            and set(lead[:-1]) <= {"new"}
        )

    def _attribute_value(self, attribute: str, b: Tok) -> tuple[str, str] | None:
        if b.i in self.quoted:
            return None
        if attribute in ("manager", "spouse", "partner", "mentor", "name") or attribute.startswith("pet_"):
            if b.lower in _HE_SHE and attribute != "name":  # "Deirdre called. She's my manager": the one named before
                who = self.antecedent_person(b)
                return (who, "person") if who and who != SPEAKER and "'s " not in who else None
            if not self._is_person(b):  # "a guy named Jonas"
                named = [
                    g
                    for c in self.s.children(b, "acl")
                    if c.lemma in ("name", "call")
                    for g in self.s.children(c, "oprd", "xcomp", "obj")
                ]
                b = named[0] if named else b
            titled = _job_word(b) and not attribute.startswith("pet_")  # "my manager is the CEO"; a cat may be Sergeant
            return (self.value_text(b), "person") if self._is_person(b) and not titled else None
        tv = self.tool_value(b)
        if tv is not None:
            return (
                (tv[1], "tool") if attribute in (tv[0], "favorite_" + b.lemma) or tv[0] == attribute else None
            )
        if attribute == "city":
            return (self.value_text(b), "place") if self._place(b) else None
        if attribute == "diet":
            d = lx.DIET_OF.get(b.lower)
            return (d, "concept") if d else None
        if attribute in ("sport", "hobby"):  # "swimming is my sport", "cooking is my hobby"
            if b.pos not in ("NOUN", "VERB", "PROPN") or b.tag == "PRP":
                return None
            obj = self.s.children(b, "obj", "dobj") if b.pos == "VERB" else []
            if obj and obj[0].pos == "NOUN" and 0 < obj[0].i - b.i <= 3:  # "playing video games": what is played
                return " ".join(t.lower for t in self.toks[b.i : obj[0].i + 1]), "concept"
            return b.lower, "concept"
        if attribute == "native_language":
            return (b.text, "concept") if b.text[:1].isupper() else None
        if b.pos in ("PRON", "DET") or b.lower in _NOT_NAMES or b.lower in ("it", "this", "that", "mine"):
            return None
        if attribute.startswith("favorite_") and attribute[9:] in lx.TITLED and b.text[:1].isupper():
            return self.title(b), "concept"  # "The Name of the Wind", not "Name"
        open_ended = self.s.lang == "en" and (attribute.startswith("favorite_") or attribute == "usual_order")
        if (
            open_ended
            and b.pos in ("NOUN", "ADJ")
            and b.lemma not in lx.FAVOURITE
            and not {b.lemma, attribute[9:]} & _VAGUE
        ):
            return self._phrase(b), "concept"  # "my favourite food is sushi", "my usual is an oat milk latte"
        if attribute == "gym":
            return (self.value_text(b), "organization") if self._org(b) else None
        if attribute in ("employer", "team") or attribute.startswith("favorite_"):
            return (self.value_text(b), "concept") if b.text[:1].isupper() or b.pos == "PROPN" else None
        return None

    def _phrase(self, b: Tok) -> str:
        """``b`` with the words before it that qualify it: "a flat white" -> "flat white",
        "an oat milk latte" -> "oat milk latte"."""
        skip = ("det", "poss", "nmod:poss", "punct", "case")
        mods = [k for k in _subtree(self.s, b) if k < b.i and self.toks[k].dep not in skip]
        lo, hi = _contiguous(sorted([*mods, b.i]), b.i)
        return " ".join(t.text for t in self.toks[lo : hi + 1])

    def title(self, b: Tok) -> str:
        """The title ``b`` heads: its phrase without clauses hung on it, from a capitalised
        article on ("The Name of the Wind", "Piranesi")."""
        cut = set().union(
            *(
                _subtree(self.s, c)
                for c in self.s.children(b, "relcl", "acl", "advcl", "appos", "cc", "conj", "punct")
            )
        )
        idx = sorted(k for k in _subtree(self.s, b) if k not in cut)
        lo, hi = _contiguous(idx, b.i)
        while lo < b.i and not self.toks[lo].text[:1].isupper():
            lo += 1  # "a", "the" in lower case are not part of the title
        while hi > b.i and self.toks[hi].pos == "PUNCT":
            hi -= 1
        out = ""
        for k in range(lo, hi + 1):
            t = self.toks[k]
            glued = k > lo and t.start == self.toks[k - 1].start + len(self.toks[k - 1].text)
            out += t.text if glued or not out else " " + t.text
        return out.strip(" ,'\"«»")
