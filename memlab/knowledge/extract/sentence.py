"""Sentence-level readings: companions, gaps, switches, nicknames, appositions."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import ClassVar

from memlab.knowledge.extract import engine
from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _BARE_KIN,
    _BEGIN_VERBS,
    _CALENDAR,
    _HE_SHE,
    _NOT_NAMES,
    _NOW_PHRASES,
    _NOW_WORDS,
    _OTHER_PRONOUNS,
    _OWN_ATTRIBUTES,
    _OWNER_WORDS,
    _PAST_ADJ,
    _RU_WORK_AS,
    _SEASONS,
    _SPEAKER_WORDS,
    _STATUS_NOUNS,
    _VISIT_WORDS,
    CHANGE_VERBS,
    CITY_VERBS,
    EMPLOY_VERBS,
    SPEAKER,
    Extracted,
    _birthday_noun,
    _date_in,
    _has_phrase,
    _in_date,
    _job_word,
    _lex,
    _split_at,
    number_at,
)
from memlab.knowledge.extract.nlp import (
    Tok,
    is_place_name,
    ru_called_name,
    ru_possessive_owner,
)
from memlab.knowledge.extract.open_clauses import open_facts
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.precedence import ARBITRATE, FIRST, NEW, UNSEEN, Step, arbitrate
from memlab.knowledge.extract.ru_gaps import real_verb
from memlab.knowledge.extract.ru_intro import by_training
from memlab.knowledge.extract.ru_jobs import job_employer
from memlab.knowledge.extract.russian import _ru_owner
from memlab.knowledge.extract.titles import titled_names
from memlab.lang import wordlists as wl

_RU_POSSESSIVE = re.compile(r"[А-ЯЁа-яё][а-яё]+ин")  # "Максимкин", "мамин": whose, by the owner's name
_GET_USED = re.compile(r" (?:get|gets|getting|got|gotten) used to ")
_AGO = frozenset(("years ago", "лет назад"))
_LATER = frozenset("but then until later но потом затем".split())
_MOVED_ON = wl.all_words("moved_on")


def _hung_outside(head: Tok, part: Sequence[Tok]) -> bool:
    """The parse hung a word of the verbless stretch ``part`` on ``head``, outside it: "Лера уехала
    из Пскова, сейчас в Смоленске" (the stretch says the state whatever the parse made of it)."""
    return bool(part) and head not in part and not any(x.pos in ("VERB", "AUX") for x in part)


def _names_in(toks: Sequence[Tok], value: str) -> bool:
    """One of ``toks`` names ``value``: its words, any form a gazetteer knows ("вегетарианки" names
    "vegetarian"), a Russian case form ("Калуге" names "Калуга")."""
    forms = {f.casefold() for f in lx.forms_of(value)} | {value.casefold()}
    words = {w for f in forms for w in f.split()}
    return any(
        t.lower in words or t.lemma.casefold() in words or t.lower in forms or t.lemma.casefold() in forms
        or len(t.lower) >= 5 and any(w.startswith(t.lower[:-2]) for w in words if len(w) >= 5)
        for t in toks
    )


_TEAM_NOUNS = lx.TEAM_NOUNS | {"company", "startup", "department", "org"}  # the speaker's unit at work
_STACK = frozenset("programming_language database".split())  # what a team's choice makes the speaker's


_HONORIFICS = wl.words("en", "honorifics")
_QUOTES = frozenset('"«“\'')
_FRAGMENT_ENDS = wl.all_words("fragment_ends")
_SINCE_WORDS = frozenset("since с со".split())
_DURATION_WORDS = wl.all_words("duration_words")
_UNREAL_WORDS = frozenset("if would 'd wish если бы".split())
_NOBODY = frozenset("nobody noone никто".split())
_MEETING_VERBS = wl.words("en", "meeting_verbs")
_JOINT_VERBS = wl.words("en", "joint_verbs")
_TALKING_VERBS = frozenset("talk speak chat".split())


class Sentences(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    # -- sentence level --------------------------------------------------------------------------
    # The readers of a sentence in priority order (lower first), each with its policy; the
    # arbiter of precedence.py applies them. One line per reader.
    READERS: ClassVar[tuple[Step, ...]] = (
        Step(10, "_facts", FIRST),
        Step(20, "_switched_to", FIRST),
        Step(30, "_new_role", FIRST),
        Step(40, "_new_job", FIRST),
        Step(50, "_plain_state", FIRST),
        Step(60, "_fragment_self", FIRST),
        Step(70, "_diet_fragment", unless=("diet",)),
        Step(80, "_job_here", unless=("job_title",), speaker=True),
        Step(90, "_ru_job_plain", unless=("job_title",)),
        Step(100, "_ru_job_instrumental", unless=("job_title",)),
        Step(110, "_profile", UNSEEN),
        Step(120, "_age_tags", UNSEEN),
        Step(130, "_routine", unless=("sport", "instrument")),
        Step(140, "_ru_named_after", UNSEEN, once="pet_"),  # a pet when none was named, a relation when that one was not
        Step(150, "_town_of_work", UNSEEN),
        Step(160, "_home_town", unless=("city",), speaker=True),
        Step(170, "_married_or_under", UNSEEN),
        Step(180, "_in_passing", NEW),
        Step(190, "_nickname"),
        Step(200, "_birthday"),
        Step(210, engine.pattern_facts, UNSEEN),  # a pattern adds what no reader above said
        Step(215, titled_names, UNSEEN, sees=True),  # "my tech lead Farah": the job an apposition names
        Step(220, "_gapped", sees=True),
        Step(230, "_job_place", sees=True),
        Step(235, job_employer, sees=True),  # «инженер на «Ростсельмаше»»: the employer said with a job title
        Step(240, "_time_in_place", unless=("city",), speaker=True),
        Step(250, "_time_into", UNSEEN),
        Step(260, "_shared", sees=True),
        Step(270, "_career", sees=True),
        Step(280, "_usual_drink", sees=True),
        Step(290, "_asides", sees=True),
        Step(900, "_degree_not_job", ARBITRATE),
        Step(910, "_keep_sane", ARBITRATE),  # before the arbitrations below: a town read as an employer is no org
        Step(920, "_pets_owned", ARBITRATE),
        Step(930, "_org_not_city", ARBITRATE),
        Step(940, "_school_not_employer", ARBITRATE),
        Step(990, open_facts, sees=True),  # lowest priority of all: only clauses no reader above read
        Step(999, "_keep_sane", ARBITRATE),
    )

    def facts(self) -> Iterator[Extracted]:
        """The facts of the sentence: the readers of ``READERS`` under their declared precedence."""
        if not self.says_nothing_now():
            yield from arbitrate(self, self.READERS)

    # -- the general arbitrations of the table -----------------------------------------------------
    def _degree_not_job(self, found: list[Extracted]) -> list[Extracted]:
        """«я по образованию юрист»: what one trained as is a degree, not the job (Russian)."""
        if self.s.lang != "ru" or not (trained := by_training(self)):
            return found
        said = {w for _, w in trained} | {"образованию"}
        kept = [f for f in found if f.attribute != "job_title" or not {*f.value.casefold().split()} & said]
        return kept + [self.fact(who, "degree", what, "concept") for who, what in trained]

    def _keep_sane(self, found: list[Extracted]) -> list[Extracted]:
        """Only the facts every reader's facts must be (``_sane``)."""
        return list(filter(self._sane, found))

    def _pets_owned(self, found: list[Extracted]) -> list[Extracted]:
        """A Russian possessive gives a pet to its owner, or to nobody the speaker knows (``_pet_of_another``)."""
        return [g for f in found if (g := self._pet_of_another(f)) is not None]

    def _org_not_city(self, found: list[Extracted]) -> list[Extracted]:
        """One name is not both the place someone works or studies at and their city ("я бэкендер в Озоне")."""
        orgs = {(f.subject, f.value.casefold()) for f in found if f.attribute in ("employer", "university")}
        return [f for f in found if f.attribute != "city" or (f.subject, f.value.casefold()) not in orgs]

    def _school_not_employer(self, found: list[Extracted]) -> list[Extracted]:
        """Where one studies is not an employer ("started my PhD at Leeds")."""
        schools = {(f.subject, f.value.casefold()) for f in found if f.attribute == "university"}
        return [f for f in found if f.attribute != "employer" or (f.subject, f.value.casefold()) not in schools]

    def says_nothing_now(self) -> bool:
        """The whole sentence states nothing current: a question, past time, something unreal."""
        return (
            self._is_question() or self._past_time() or any(p in self.low for p in lx.NOT_REAL) or self._in_a_story()
            or self._goes_on_imagining()
        )  # fmt: skip

    def _fragment_self(self) -> Iterator[Extracted]:
        """A verbless self-description that opens the message: "Data engineer at Ocado.",
        «Фронтенд-разработчица в 2ГИС.», «Акушерка я.». Only the first sentence, naming nobody else,
        with no possessive ("My sister? Nurse."), and not a question. What follows a comma may have
        verbs of its own: "Support analyst at Sage, so eight hours a day with a headset on"."""
        if self.said.get("sentence", 0) or self._is_question():
            return
        comma = next((t.i for t in self.toks if t.text == "," and self.s.lang == "en"), len(self.toks))
        toks = self.toks[:comma]  # the opening stretch
        if any(t.pos in ("VERB", "AUX") or t.lower in lx.NEGATIONS for t in toks):
            return  # «Не, я не программист»
        words = [t for t in toks if t.pos not in ("PUNCT", "INTJ")]
        inside = {t.i for t in toks}
        root = next((t for t in words if t.head == t.i or t.dep == "root" or t.head not in inside), None)
        later = self.toks[root.head] if root is not None and root.head != root.i and root.head >= comma else None
        if later is not None and root is not None and any(
            c.i != root.i and c.lower not in lx.FIRST_PERSON for c in self.s.children(later, "nsubj", "nsubj:pass")
        ):
            root = None  # the opening stretch hangs on a later clause ("Nurse at Guy's, she said"): not a fragment
        elif comma == len(self.toks) and any(t.pos in ("VERB", "AUX") for t in self.toks):
            return
        if root is None or root.i in self.quoted or not words or words[0].i not in (root.i, *(c.i for c in self.s.children(root))):
            return
        subj = self.s.children(root, "nsubj")
        if any(c.lower not in ("я", "i") for c in subj):
            return
        at = [o for case, o in self.obliques(root) if case in ("at", "в", "во") and self._org(o)]
        me = subj or [t for t in words if t.lower == "я" and t.head == t.i]  # «Акушерка я.»: natasha's two roots
        placed = self.s.lang == "en" and any(case == "at" and o.pos == "NOUN" for case, o in self.obliques(root))
        if not me and not at and not placed:  # "Receptionist at a dental practice": placed at work, unnamed
            return  # "Lovely nurse on the ward today": whose job is unsaid; "Data engineer at Ocado" says it
        if any(t.lower in _OWNER_WORDS or t.dep in ("nmod:poss", "poss") or self._someone_else(t) for t in words if t.i != root.i):
            return
        title = self.job_title(root)
        if title is None:
            return
        if title[1:2].islower():  # "Data engineer at Ocado.": the capital only opens the sentence
            title = title[:1].lower() + title[1:]
        yield self.fact(SPEAKER, "job_title", title, "concept")
        for o in at:
            if self.s.lang == "en" or is_place_name(o.text) is not True:
                yield self.fact(SPEAKER, "employer", self.value_text(o), "organization")

    def _diet_fragment(self) -> Iterator[Extracted]:
        """A verbless opening that gives the speaker's diet and how long it has held: "Six years
        vegan and my nan still offers me ham", "Gluten-free since the coeliac diagnosis, and ...",
        «Третий год веган», «Вегетарианка с 2015-го». The opening stretch ends at a comma, "and",
        "but" or the end; it holds the diet word, time words and a "since" phrase, nothing else."""
        if self.said.get("sentence", 0) or self._is_question():
            return
        words: list[Tok] = []
        for t in self.toks:
            if t.text in ("—", "–", "-", ":") and not self._in_word(t):
                return  # «Кето — это не про меня»: the diet is a topic, not a state
            if t.text in (",", ";", ".", "!") or t.lower in _FRAGMENT_ENDS:
                break
            words.append(t)
        diet = [t for t in words if t.lower in lx.DIET_OF or t.lemma in lx.DIET_OF]
        if len(diet) != 1 or diet[0].i in self.quoted:
            return
        since = next((t.i for t in words if t.lower in _SINCE_WORDS and t.i > diet[0].i), len(self.toks))
        rest = [t for t in words if t is not diet[0] and t.i < since]
        if not rest and since == len(self.toks):
            return  # «веганка, в общем, бабушка в шоке»: a bare diet word says no time and whose it is
        if any(not (t.pos == "NUM" or t.lower in _DURATION_WORDS or number_at([t], 0) is not None) for t in rest):
            return  # "Vegan food is ...", "my sister's vegan": more than a diet and a time
        if any(t.pos in ("VERB", "AUX") or t.lower in lx.NEGATIONS for t in words if t.i >= since):
            return  # "since she moved in": a clause, whose it is unsaid
        word = diet[0].lower if diet[0].lower in lx.DIET_OF else diet[0].lemma
        yield self.fact(SPEAKER, "diet", lx.DIET_OF[word], "concept")

    def unreal(self) -> bool:
        """The sentence imagines or wishes ("If we ever had the money we'd get a campervan"): a
        verbless sentence after it goes on imagining ("A VW, green, with curtains")."""
        return any(p in self.low for p in lx.NOT_REAL) or any(t.lower in _UNREAL_WORDS for t in self.toks) or self._goes_on_imagining()

    def _goes_on_imagining(self) -> bool:
        """A verbless sentence after an imagined one ("… we'd get a campervan. A VW, green")."""
        return bool(self.said.get("unreal", False)) and not any(t.pos in ("VERB", "AUX") for t in self.toks)

    def _in_a_story(self) -> bool:
        """The sentence opens inside a work of fiction: "In the show, Walter is a teacher", "в
        сериале Лиза живёт в Самаре", «в "Мастере и Маргарите" Бегемот — кот»."""
        words = [t for t in self.toks if t.pos != "PUNCT" or t.text in _QUOTES]
        if len(words) < 3 or words[0].lower not in ("in", "в", "во"):
            return False
        nxt = words[2] if words[1].lower in ("the", "this", "that", "a", "этом", "том", "одном") else words[1]
        return nxt.text in _QUOTES or nxt.lemma in lx.STORY_NOUNS
    def _married_or_under(self) -> Iterator[Extracted]:
        """ "I'm married to Nikos", "married to a guy named Nikos", "working under Priscilla",
        "reporting to Ji-woo after the reorg": the spouse and the manager said with a preposition.
        Not a past or planned state ("was married to", "getting married to", "will report to")."""
        if self.s.lang != "en" or any(t.lower in ("was", "were", "used", "getting", "get", "will", "'ll", "ex") for t in self.toks):
            return
        for t in self.toks:
            if t.lower == "married":
                attribute, case = "spouse", "to"
            elif t.lemma in ("work", "report") and t.tag in ("VBG", "VBP"):
                attribute, case = "manager", "under" if t.lemma == "work" else "to"
            else:
                continue
            if t.i in self.quoted:
                continue
            subj = self._speaker_state(t)
            for o in self.s.children(t, "obl", "pobj", "prep"):
                if o.dep == "prep" and o.lower == case:  # spaCy's own shape: the preposition heads its noun
                    o = next(iter(self.s.children(o, "pobj")), o)
                elif not any(c.lower == case for c in self.s.children(o, "case")):
                    continue
                name = self._called(o) or (self.value_text(o) if o.pos == "PROPN" and self._is_person(o) else None)
                if subj is not None and name:
                    yield self.fact(subj, attribute, name, "person")

    def _speaker_state(self, t: Tok) -> str | None:
        """Whose "married" / "working under" ``t`` is: the speaker's when said of "I" or with the
        "I" dropped at the start of the message."""
        head = self.toks[t.head] if t.dep in ("acomp", "xcomp", "amod") else t
        subj = self.s.children(head, "nsubj", "nsubj:pass") or self.s.children(t, "nsubj")
        if subj:
            return SPEAKER if subj[0].lower in ("i", "we") else None
        opening = [x for x in self.toks[: t.i] if x.pos not in ("PUNCT", "ADV", "INTJ")]
        return SPEAKER if not opening else None

    def _job_here(self) -> Iterator[Extracted]:
        """A forum self-introduction: "nurse here, ask me anything", "senior backend dev here": a
        job noun phrase opens the sentence and "here" follows its noun."""
        if self.s.lang != "en":
            return
        for h in self.toks[1:6]:
            if h.lower != "here" or h.i in self.quoted:
                continue
            noun = self.toks[h.i - 1]
            before = self.toks[: noun.i]
            if h.head != noun.i or any(t.pos in ("PRON", "DET", "VERB", "AUX") for t in before):
                return  # "my sister's a nurse here", "the nurse here said ..."
            title = self.job_title(noun)
            if title is not None:
                yield self.fact(SPEAKER, "job_title", title, "concept")
            return

    def _past_time(self) -> bool:
        """A phrase of past time ("used to", "в детстве"); a duration only beside a past verb."""
        low, toks = self.low, self.toks
        if self.s.lang == "ru" and (inner := self._ru_relative_clause_ids()):
            # "кот Персик, которого я когда-то подобрала у подъезда": the past of the relative clause only
            toks = [t for t in self.toks if t.i not in inner]
            low = " " + " ".join(t.lower for t in toks) + " "
        low = _GET_USED.sub(" ", low)  # "getting used to Neovim" is no past habit
        said = [p for p in lx.PAST_TIME if p in low]
        past = any(t.tag in ("VBD", "VBN") and t.lemma != "be" or t.feats.get("Tense") == "Past" for t in toks)
        if said and all(p in _AGO for p in said) and self._changed_then():
            return False  # "I moved to Lisbon two years ago", "переехал в Казань пять лет назад": the change holds
        return any(p not in lx.PAST_DURATIONS or past for p in said)

    def _ru_relative_clause_ids(self) -> set[int]:
        """The tokens of Russian relative clauses ("..., который / которого ...") that hang on a noun
        before them, up to the clause's end (a comma or the sentence's end)."""
        out: set[int] = set()
        for v in self.toks:
            if v.dep != "acl:relcl" or v.head >= v.i or self.toks[v.head].pos not in ("NOUN", "PROPN"):
                continue
            rel = [t for t in self.toks[v.head + 1 : v.i] if t.lemma == "который"]
            if not rel or self.toks[rel[0].i - 1].text != ",":
                continue
            end = next((t.i for t in self.toks[v.i + 1 :] if t.text in (",", ";", "—", "(", ")")), len(self.toks))
            out.update(range(rel[0].i, end))
        return out

    def _changed_then(self) -> bool:
        """The sentence's main predicate is a change in the past ("moved", "settled", "переехал")
        with nothing in it that ended ("used to", "left")."""
        root = next((t for t in self.toks if t.dep in ("root", "ROOT")), None)
        if root is None:
            return False
        past = root.tag == "VBD" or root.feats.get("Tense") == "Past"
        later = any(  # "moved to Lisbon years ago but came back to Porto"
            t.lower in _LATER or t.i != root.i and t.pos == "VERB" and t.lemma in _MOVED_ON for t in self.toks
        )
        return past and not later and root.lemma in CHANGE_VERBS and root.lemma not in ("go", "get", "turn")

    # -- "мы с братом оба в Калуге", "both me and Alex work at Spotify" ---------------------------
    def _companions(self) -> list[Tok]:
        """The people the speaker is joined with: "мы с Сашей", "me and Alex", "Alex and I"."""
        if "companions" in self.__dict__:
            return self.__dict__["companions"]  # type: ignore[no-any-return]
        out: list[Tok] = []
        for t in self.toks:
            head = self.toks[t.head]
            if self.s.lang == "ru":
                with_ = any(c.lemma in ("с", "со") for c in self.s.children(t, "case"))
                after_we = t.i > 1 and self.toks[t.i - 2].lower == "мы" and self.toks[t.i - 1].lower in ("с", "со")
                joined = with_ and (head.lower == "мы" or after_we)  # the parse may hang "с мужем" on the verb
            else:
                joined = t.dep == "conj" and head.lower in ("i", "me", "we") or any(
                    c.lower in ("i", "me") for c in self.s.children(t, "conj")
                )
            if joined and t.lower not in _SPEAKER_WORDS and (t.lemma in lx.RELATIONS or self._is_person(t)):
                out.append(t)
        self.__dict__["companions"] = out
        return out

    def _shared(self, found: list[Extracted]) -> Iterator[Extracted]:
        """With "both"/"оба", a fact of one of the joined subjects holds for all, whichever the
        parse made the subject ("me and Omar both write Elixir", "Jess and I both work at Monzo");
        not a relation, name or age. Without it the labels disagree ("мы с невестой живём в Сочи"):
        the speaker's only."""
        both = next((t for t in self.toks if t.lower in ("both", "оба", "обе", "вдвоём", "вдвоем")), None)
        if both is None:  # "Freya and I share a flat in Whitby": a verb of sharing says "both" itself
            both = next((t for t in self.toks if t.lemma in _JOINT_VERBS and t.pos == "VERB" and t.i not in self.quoted), None)
        if both is None:
            return
        group = [SPEAKER, *(s for c in self._companions() if (s := self.subject_phrase(c)) not in (None, SPEAKER))]
        if len(group) == 1:  # "Jess and Omar both started at Deloitte": people joined without the speaker
            group = self._joined_people(self._stretch_of(both))
        done = {(f.subject, f.attribute, f.value) for f in found}
        stretch = self._stretch_of(both)
        for f in found:
            if f.subject not in group or f.attribute in _OWN_ATTRIBUTES:
                continue
            if not _names_in(stretch, f.value):
                continue  # "Freya and I both ended up at Google ...: she's in Dublin and I'm in Zurich": not Zurich
            for who in group:
                if (who, f.attribute, f.value) not in done:
                    done.add((who, f.attribute, f.value))
                    yield self.fact(who, f.attribute, f.value, f.value_type)

    def _joined_people(self, stretch: list[Tok]) -> list[str]:
        """The people coordinated in ``stretch`` as one subject ("Jess and Omar", "my aunt and my
        uncle"), by their phrases; none unless each conjunct is a person."""
        at = {t.i for t in stretch}
        for t in stretch:
            members = [t, *(c for c in self.s.children(t, "conj") if c.i in at)]
            if len(members) < 2 or not t.dep.startswith("nsubj") or t.i in self.quoted:
                continue
            if not all(m.lemma in lx.RELATIONS or self._is_person(m) for m in members):
                continue
            found = [self.subject_phrase(m) for m in members]
            if all(w not in (None, SPEAKER) for w in found):
                return list(dict.fromkeys(w for w in found if w))
        return []

    def _our_team(self, v: Tok) -> bool:
        """The subject of ``v`` is the speaker's team or company: "our team", "my team", "the team",
        "the whole team", "our company" (English)."""
        if self.s.lang != "en":
            return False
        for c in self.s.children(v, "nsubj"):
            if c.lemma in _TEAM_NOUNS:
                owners = [d.lower for d in self.s.children(c, "nmod:poss", "det")]
                return any(o in ("our", "my", "the") for o in owners)
        return False

    def _stretch_of(self, t: Tok) -> list[Tok]:
        """The stretch ``t`` stands in: between the colons, semicolons and dashes around it, and the
        commas that open a clause with a subject of its own (the joint statement, not what the
        message says of each after it: "Ade and I are both at Addenbrooke's, he's in radiology and
        I'm a midwife")."""
        lo, hi = 0, len(self.toks)
        for x in self.toks:
            after = self.toks[x.i + 1] if x.i + 1 < len(self.toks) else None
            subject_next = x.text == "," and after is not None and after.dep.startswith("nsubj") and after.pos == "PRON"
            if x.text in (":", ";", "—", "–") or subject_next:
                if x.i < t.i:
                    lo = x.i + 1
                elif hi == len(self.toks):
                    hi = x.i
        return self.toks[lo:hi]

    def ended(self) -> Iterator[Extracted]:
        """Sports and instruments the sentence gives up with nothing in their place: "quit tennis",
        "gave up squash", "stopped playing chess", "dropped out of chess club", "теннис забросил"."""
        if self._is_question() or any(p in self.low for p in lx.PAST_TIME + lx.NOT_REAL):
            return
        for v in self.toks:
            gave_up = v.lemma == "give" and any(c.lower == "up" for c in self.s.children(v, "prt", "compound:prt"))
            drops = _lex(v, lx.DROP_VERBS) in lx.DROP_VERBS or v.lemma == "stop" or gave_up
            if not drops or v.i in self.quoted or self._blocked(v):
                continue
            targets = [o for _, o in self.obliques(v)]
            fronted = [o for o in self.s.children(v, "nsubj") if o.lemma in lx.SPORTS | lx.INSTRUMENTS]
            # "теннис забросил": the parse takes a fronted object for the subject of a dropped "я"
            subj = SPEAKER if fronted and self.s.lang == "ru" else self.subject_of(v)
            if subj is None and self.s.lang == "en" and v.dep in ("dep", "parataxis") and v.head != v.i:
                # "I'm a cello person now, sold the bass": a clause the parse hangs loose, of the same subject
                subj = SPEAKER if self.subject_of(self.toks[v.head]) == SPEAKER else None
            if subj is None:
                continue
            targets += fronted if self.s.lang == "ru" else []
            targets += [o for x in self.s.children(v, "xcomp") if x.lemma in ("play", "do", "играть", "заниматься")
                        for _, o in self.obliques(x)]  # fmt: skip
            targets += [o for t in targets for o in self.s.children(t, "pobj", "nmod", "compound")]  # "out of chess club"
            for o in targets:
                if o.i in self.quoted:
                    continue
                if o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
                elif o.lemma in lx.INSTRUMENTS:
                    yield self.fact(subj, "instrument", o.lemma, "concept")

    def _facts(self) -> Iterator[Extracted]:
        seen: set[int] = set()
        for v in self.toks:
            if v.i in seen or not self._is_predicate(v):
                continue
            seen.add(v.i)
            if self._blocked(v):
                continue
            subj = self.subject_of(v)
            if subj is None and self._our_team(v):  # "our team switched to Kotlin": the stack the speaker works in
                yield from (f for f in filter(self._sane, self._clause(v, SPEAKER)) if f.attribute in _STACK)
                continue
            yield from filter(self._sane, self._clause(v, subj))
        yield from filter(self._sane, self._appositions())
        yield from self._pet_named()
        for t in self.toks:
            if (
                t.lemma in ("project", "проект", *_STATUS_NOUNS)
                and t.i not in self.quoted
                and not self._blocked(self.toks[t.head])
            ):
                yield from self._project_status(t)
        if self.s.lang == "ru":
            yield from self._russian()

    def _pet_of_another(self, f: Extracted) -> Extracted | None:
        """The speaker's pet fact, unless the stretch that names the pet gives it to someone else
        with a Russian possessive ("а попугай Кеша — Максимкин": Максимка's; "мамин кот": none of
        the speaker's)."""
        if f.subject != SPEAKER or not f.attribute.startswith("pet_") or self.s.lang != "ru":
            return f
        for part in self._stretches(dashes=False):
            named = next((t for t in part if t.text[:4].casefold() == f.value[:4].casefold()), None)
            if named is None:
                continue
            words = [t for t in part if t.pos != "PUNCT"]
            poss = words[-1]  # the predicate: "попугай Кеша — Максимкин", "кот Барсик мамин"
            before = self.toks[poss.i - 1]
            if poss.i <= named.i or not _RU_POSSESSIVE.fullmatch(poss.text) or poss.feats.get("Case", "Nom") != "Nom":
                return f
            if poss.lemma in lx.PETS or before.lemma in lx.PETS or before.lower in ("и", "с"):
                return f  # "пёс Рекс и кот Мартин": another pet's name
            if not poss.text[:1].isupper():
                return None  # "мамин кот"
            owner = ru_possessive_owner(poss.text) or poss.text[:-2] + "а"
            return self.fact(owner, f.attribute, f.value, "concept")
        return f

    def _describes_a_thing(self, t: Tok) -> bool:
        """A diet word that qualifies a thing ("went to a vegan place", "a keto recipe"), not a person."""
        head = self.toks[t.head]
        if head.lower in ("ish", "style") or self.toks[head.i - 1].text == "-":
            return False  # "Mediterranean-ish": the diet itself, hedged
        return t.dep in ("amod", "compound") and head.i != t.i and head.lemma not in ("diet", "диета") and head.pos == "NOUN" and not _job_word(head)

    def _judged(self, t: Tok) -> bool:
        """``t`` is what an adjective judges ("PHP 8 is actually nice now", "Rust is great now"),
        in a sentence that says nothing of the speaker: an opinion of the thing, not a sign of use."""
        head = self.toks[t.head]
        if not t.dep.startswith("nsubj") or head.i == t.i or any(x.lower in _SPEAKER_WORDS for x in self.toks):
            return False  # "Neovim is so good now, I use it for everything": the speaker's own use
        return head.pos == "ADJ" or any(c.pos == "ADJ" for c in self.s.children(head, "acomp"))  # spaCy: "is" heads "great"

    # -- "Wiped Windows, Fedora on everything now": a change the parse has no clause for ----------
    def _switched_to(self) -> Iterator[Extracted]:
        """The speaker's new tool or car, when a stretch of the sentence marked "now" (теперь,
        lately, these days) names exactly one, no one else is its subject, and nothing in it
        negates, conditions, plans or quotes: "honestly Rust is what all my stuff is in now",
        "Продал Солярис, теперь у меня Skoda Octavia". A value the sentence drops ("sold the
        Civic", "снёс винду") is the old one."""
        subject = self._plain_subject() or self._named_subject()
        if subject is None:
            return
        for part in self._stretches():
            if subject != SPEAKER and not self._speaks_of(subject, part):
                continue
            now = any(t.lower in _NOW_WORDS for t in part) or _has_phrase(part, _NOW_PHRASES) or self._ru_since(part)
            began = (
                any(  # "Started a gluten-free diet", "went vegan" (done: not "going vegan", "сяду на кето")
                    t.lemma in _BEGIN_VERBS and (t.tag in ("VBD", "VBN") or t.feats.get("Tense") == "Past")
                    and not self._bounded_past(t)  # "went vegan for a month": begun and over
                    for t in part
                )
            )
            if not (now or began):
                continue
            if (
                any(self._not_plain(t) for t in part)
                or part[0].lemma in lx.DROP_VERBS
                or part[0].lower in lx.DROP_VERBS
            ):
                continue
            values = {
                v for t in part
                if t.lower not in _NOW_WORDS and (v := self._state_value(t)) is not None and (now or v[0] == "diet")
                and not self._judged(t) and not (v[0] == "diet" and self._describes_a_thing(t))
            }  # fmt: skip
            if now:
                values |= {("employer", self._called(t) or self.value_text(t), "organization") for t in part if self._now_at(t, part)}
                values |= {("city", self.city(t), "place") for t in part if self._now_in(t, part)}
                values |= {("city", c, "place") for t in part if (c := self._bare_place(t, part))}
                values |= {
                    ("sport", t.lemma, "concept")
                    for t in part
                    if t.lemma in lx.SPORTS and t.i not in self.quoted and not self._given_up(t)
                }
            if len(values) == 1:
                attribute, value, vtype = values.pop()
                yield self.fact(subject, attribute, value, vtype)

    # -- "я пишу на Go, а муж на Java": a second subject with the first clause's verb left out ----
    def _gapped(self, found: list[Extracted]) -> Iterator[Extracted]:
        """A later stretch that opens with a subject of its own (a relative, a named person) and
        has no verb of its own takes the attribute of the sentence's fact and a value of the same
        kind: "I'm on Windows 11, my brother's on Ubuntu", "я в Москве, сестра в Питере",
        "у меня винда, у брата убунта". One value per stretch, none under a negation or a plan."""
        by_attribute = {f.attribute for f in found}
        if not by_attribute:
            return
        if self.s.lang == "ru" and any(real_verb(v) and v.lemma in _RU_WORK_AS and not self._blocked(v) for v in self.toks):
            by_attribute.add("employer")  # "сестра работает бухгалтером в банке, я удалённо в Озоне"
        done = {(f.subject, f.attribute) for f in found}
        parts = [p for part in self._stretches(dashes=False) for p in _split_at(part, ("and", "и"))]
        for part in parts[1:]:
            words = [t for t in part if t.pos not in ("CCONJ", "PUNCT") and t.lower not in ("and", "и", "а")]
            head = self._gap_subject(words)
            if head is None or any(self._not_plain(t) for t in part):
                continue
            subject = self.subject_phrase(head) or self._bare_kin(head)
            rest = [t for t in words if t.i > head.i and not self._name_of(t, head)]
            if subject is None or any(self._someone_else(t) for t in rest):
                continue
            if subject == SPEAKER and all(f.subject == SPEAKER for f in found):
                continue  # "муж работает в Сбере, а я в Яндексе": the speaker's gap after someone else's fact only
            if any(t.pos == "VERB" and t.i not in self.quoted and (self.s.lang != "ru" or real_verb(t)) for t in words):
                continue  # a clause of its own: the parse of its verb reads it
            values = {v for t in rest if (v := self._gap_value(t, by_attribute)) is not None}
            if len(values) == 1:
                attribute, value, vtype = values.pop()
                if (subject, attribute) not in done:
                    yield self.fact(subject, attribute, value, vtype)

    def _nickname(self) -> Iterator[Extracted]:
        """The name the speaker goes by: "everyone calls me Seun", "call me Liz", "все зовут меня
        Лёля", "зови меня Гуля", "можно просто Гуля": it replaces the full name said with it (the
        last one said wins: "меня зовут Елизавета, можно просто Лиза")."""
        for t in reversed(self.toks):
            calls = t.lemma in ("call", "звать", "называть") and any(
                c.lower in ("me", "меня") for c in self.s.children(t, "obj", "dobj", "dative", "iobj")
            )
            just = t.lower == "можно" and t.i + 1 < len(self.toks) and self.toks[t.i + 1].lower == "просто"
            if not (calls or just) or t.i in self.quoted or self._blocked(t):
                continue
            if any(x.lower in _NOBODY for x in self.toks[: t.i]):
                continue  # "Nobody's called me Frederica since school": the name not in use
            after = [x for x in self.toks[t.i + 1 : t.i + 4] if x.lower not in ("me", "меня", "просто", "just")]
            if len(after) > 1 and (after[0].lower in _HONORIFICS or _job_word(after[0])) and after[1].pos == "PROPN":
                after = after[1:]  # "my students call me Teacher Mike": the title before the name
            name = after[0] if after else None
            if name is not None and name.pos == "PROPN" and self._is_person(name) and self.tool(name) is None:
                nominative = ru_called_name(name.text) if self.s.lang == "ru" and not self.s.children(name, "flat", "flat:name") else None
                said = nominative or self.value_text(name)  # "зовут Фарида": as said, not "Фарид"
                first, _, rest = said.partition(" ")
                self.said["nickname"] = rest if rest and first.casefold() in _HONORIFICS else said
                yield self.fact(SPEAKER, "name", self.said["nickname"], "person")
                return

    def _birthday(self) -> Iterator[Extracted]:
        """A birthday and its date in one stretch: "birthday's on june 12", "my sister's birthday is
        May 3rd", "день рождения у меня 3 апреля"; whose it is by the owner ("my", "у меня", "у
        мамы"), the speaker's when the stretch names nobody else. The date as written."""
        for part in self._stretches():
            noun = next((t for t in part if _birthday_noun(self.toks, t) and t.dep != "compound"), None)
            date = _date_in(part)
            if noun is None or date is None or any(self._not_plain(t) for t in part if not _in_date(self.toks, t)):
                continue
            owner = self.owner_of(noun)
            if owner is None and self.s.lang == "ru":
                at = [t for t in part if any(c.lemma == "у" for c in self.s.children(t, "case"))]
                owner = _ru_owner(self, at[0]) if at else None
            others = [t for t in part if self._someone_else(t)]
            if owner is None and not others or owner == SPEAKER and not any(t.lower in _OTHER_PRONOUNS for t in part):
                yield self.fact(SPEAKER, "birthday", date, "concept")
            elif owner not in (None, SPEAKER):
                yield self.fact(owner, "birthday", date, "concept")

    def _job_place(self, found: list[Extracted]) -> Iterator[Extracted]:
        """A city said with the job title it comes with: "a product manager at a tiny fintech in
        Warsaw", "data engineer in Dubai", "дата-инженер из Казани": a place in the job noun's
        own stretch, after it, hung on the job noun or on the workplace after it (not a country;
        English "from" is where one comes from). The speaker's only: of another person ("my wife
        is a teacher at a school in Leeds") the labels keep the job alone."""
        have = {f.subject for f in found if f.attribute in ("city", "country")}
        for f in [f for f in found if f.attribute == "job_title" and f.subject == SPEAKER not in have]:
            part = next((p for p in self._stretches() if any(self.job_title(t) == f.value for t in p)), [])
            job = next((t for t in part if self.job_title(t) == f.value), None)
            if job is None or any(self._not_plain(t) for t in part):
                continue
            places = [
                t for t in part
                if t.i > job.i and (t.ent in ("LOC", "GPE") or not t.ent and t.pos == "PROPN") and self._place(t) and job.i in self._ancestor_ids(t)
                and {c.lemma for c in self.s.children(t, "case")} & {"in", "в", "во", "из"}
            ]  # fmt: skip
            if self.s.lang == "ru":  # "тестировщиком в Озоне": a company natasha calls a place is no town
                places = [t for t in places if is_place_name(t.text) is True and not lx.known_employer(t.lemma, t.lower)]
            cities = {c for t in places if (c := self.city(t)).casefold().replace("ё", "е") not in lx.COUNTRIES}
            if len(cities) == 1:
                yield self.fact(f.subject, "city", cities.pop(), "place")

    def _ancestor_ids(self, t: Tok) -> set[int]:
        return {a.i for a in self.s.ancestors(t)}

    def _name_of(self, t: Tok, head: Tok) -> bool:
        """``t`` names ``head``: "мой муж Рома", "my sister Ana"."""
        return t.head == head.i and t.dep in ("appos", "flat", "flat:name", "compound") and self._is_person(t) and t.i == head.i + 1

    def _gap_subject(self, words: list[Tok]) -> Tok | None:
        """The relative or named person a stretch opens with ("my brother's", "у брата", "Maria")."""
        for t in words[:3]:
            if t.lower in _OWNER_WORDS or t.lemma in ("у",) or t.text in ("'s", "’s") or t.pos == "ADJ":
                continue
            if t.dep in ("nmod:poss", "poss") or t.i in self.quoted:
                return None
            if t.lemma in lx.RELATIONS or self._is_person(t) and self._someone_else(t):
                return t
            if t.lower in ("я", "мы") and t is words[0]:
                return t  # "муж работает в Сбере, а я в Яндексе" (see _gapped: after someone else's fact only)
            return None
        return None

    def _bare_kin(self, t: Tok) -> str | None:
        """English "dad's still on Windows 7": a parent named without "my" is the speaker's."""
        if self.s.lang == "en" and t.lower in _BARE_KIN:
            return f"{SPEAKER}'s {lx.RELATIONS[t.lower]}"
        return None

    def _gap_value(self, t: Tok, by_attribute: set[str]) -> tuple[str, str, str] | None:
        tv = self.tool_value(t) if self.tool(t) is not None else None
        if tv is not None and tv[0] in by_attribute:
            return tv[0], tv[1], "tool"
        case = {c.lemma for c in self.s.children(t, "case")}
        instrument = _lex(t, lx.INSTRUMENTS)
        if "instrument" in by_attribute and instrument in lx.INSTRUMENTS and (case & {"на"} or self.s.lang == "en"):
            return "instrument", lx.instrument_name(instrument), "concept"
        if "city" in by_attribute and case & {"in", "в", "во"} and self._place(t):
            if self.s.lang == "en" or is_place_name(t.text) is not False:
                return "city", self.city(t), "place"
        if "employer" in by_attribute and case & {"at", "в", "во"} and self._org(t) and not self._place(t):
            return "employer", self.value_text(t), "organization"
        if "employer" in by_attribute and case & {"в", "во"} and self._org(t) and t.ent in ("ORG", "LOC"):
            if is_place_name(t.text) is not True:  # "а жена — в Сбере": natasha's LOC for an organisation
                return "employer", self.value_text(t), "organization"
        title = self.job_title(t) if "job_title" in by_attribute and not case else None
        if title is not None:  # "я тестировщица, а мой муж Рома — дизайнер"
            return "job_title", title, "concept"
        return None

    def _people_before(self, k: int) -> list[str]:
        """The people named before token ``k``: in earlier sentences of the message, then in this one."""
        out = list(self.said.get("people", []))
        for t in self.toks[:k]:
            named = t.dep.startswith("nsubj") and self._is_person(t) and t.lemma not in lx.RELATIONS  # NER: "Jamal" LOC
            named = named or self._met(t)
            if t.i in self.quoted or t.lower in _HE_SHE or t.pos == "PRON" or not (self._someone_else(t) or named):
                continue
            if t.dep in ("nmod:poss", "poss") or self.vocative(t):
                continue  # "Ingrid's husband": the husband is the one named; "Sam, ...": Sam is addressed
            copula = self.toks[t.head] if t.dep == "attr" else t
            if t.lemma in lx.RELATIONS and any(self._is_person(c) for c in self.s.children(copula, "nsubj")):
                continue  # "Sofia is my wife", "Катя — моя сестра": the wife is Sofia
            if t.lemma in lx.RELATIONS and any(self._met(c) for c in self.s.children(self.toks[t.head], "oprd")):
                continue  # "My girlfriend's called Ana": the girlfriend is Ana
            who = self.subject_phrase(t)
            if who and who != SPEAKER:
                out.append(who)
        return list(dict.fromkeys(out))

    def _met(self, t: Tok) -> bool:
        """A name the speaker met, went with or called someone: "a guy called Tomasz", "caught up
        with Ines", "drove Maya to her first shift" (the small model's NER has none of them a
        person). Not where one went: "drove to Leeds", "went to Lisbon with the kids"."""
        if self.s.lang != "en" or t.pos != "PROPN" or not self._is_person(t) or t.lemma in lx.RELATIONS:
            return False
        head = self.toks[t.head]
        if t.dep == "oprd":
            return head.lemma in ("call", "name")
        if t.dep in ("obj", "dobj"):
            return head.lemma in _MEETING_VERBS
        if t.dep in ("pobj", "obl"):  # "caught up with Ines", "spoke to Dan" (not "drove to Leeds")
            case = {c.lower for c in self.s.children(t, "case")}
            return "with" in case and head.lemma in _MEETING_VERBS or "to" in case and head.lemma in _TALKING_VERBS
        return False

    def antecedent_person(self, t: Tok) -> str | None:
        """"he"/"she"/"он"/"она" for the one person the message named before it ("Dan finally
        left the hospital! he's at Brightwire now"); None when there were none or several."""
        people = self._people_before(t.i)
        return people[0] if len(people) == 1 else None

    def remember_people(self) -> None:
        self.said["people"] = self._people_before(len(self.toks))

    def antecedent(self, t: Tok) -> Tok | None:
        """The name "it"/"это" stands for: the last name the sentence gave before it as a verb's
        object ("just finished Piranesi and it's...", "подсел на Кино, теперь это...")."""
        if t.lower not in ("it", "this", "that", "это"):
            return None
        names = [
            x
            for x in self.toks[: t.i]
            if (x.pos == "PROPN" or x.text[:1].isupper() and x.i > 0)
            and x.dep in ("obj", "dobj", "pobj", "obl")
            and x.i not in self.quoted
        ]
        return names[-1] if names else None

    def _given_up(self, t: Tok) -> bool:
        """``t`` is what a verb of giving up takes: "йогу бросила", "quit tennis"."""
        head = self.toks[t.head]
        return head.i != t.i and _lex(head, lx.DROP_VERBS) in lx.DROP_VERBS

    def _ru_since(self, part: Sequence[Tok]) -> bool:
        """«С понедельника во «ВкусВилле»»: a stretch that opens with «с» and a day, month or
        season it has held since, and no verb: the state holds now."""
        words = [t for t in part if t.pos != "PUNCT"]
        return (self.s.lang == "ru" and len(words) > 2 and words[0].lower in ("с", "со")
                and (words[1].lemma in _CALENDAR or words[1].lemma in _SEASONS)
                and not any(t.pos in ("VERB", "AUX") for t in words))  # fmt: skip

    def _now_in(self, t: Tok, part: Sequence[Tok] = ()) -> bool:
        """"да, теперь в Питере": a Russian city the elliptical sentence puts the speaker in; or a
        stretch with no verb of its own ("Лера уехала из Пскова, сейчас в Смоленске", "Рыбинск не
        зашёл, теперь в Угличе"), whatever the parse hung it on."""
        if self.s.lang != "ru" or t.ent != "LOC" or t.i in self.quoted or not self._place(t):
            return False
        if any(x.lemma in _VISIT_WORDS for x in self.toks):
            return False  # "теперь в Питере на конференции": a visit, not a home
        if is_place_name(t.text) is not True or not any(c.lemma in ("в", "во") for c in self.s.children(t, "case")):
            return False
        head = self.toks[t.head]
        return head.i == t.i or _lex(head, CITY_VERBS) in CITY_VERBS or _hung_outside(head, part)

    def _bare_place(self, t: Tok, part: list[Tok]) -> str | None:
        """"yep, Berlin now": an English stretch that is a city name and "now", nothing else."""
        span = self.s.span_of(t)
        if self.s.lang != "en" or span is None or span[0] != t.i or span[2] != "LOC" or t.i in self.quoted:
            return None
        rest = [x for x in part if not span[0] <= x.i < span[1] and x.lower not in _NOW_WORDS]
        if not self._place(t) or not all(x.lower in _NOT_NAMES or x.pos in ("INTJ", "PUNCT") for x in rest):
            return None
        name = " ".join(x.text for x in self.toks[span[0] : span[1]])
        return lx.CITY_ALIASES.get(name.casefold(), name)

    def _now_at(self, t: Tok, part: Sequence[Tok] = ()) -> bool:
        """ "ушёл из Тинькофф, теперь в Ozon", "left Wayfair, at Instacart now": an organisation
        the speaker is at, hung on a verb of leaving or joining (not "теперь в Ozon заказываю")."""
        if t.ent != "ORG" or t.i in self.quoted or not self._org(t) or self._place(t) and self.s.lang == "en":
            return False
        if not any(c.lemma in ("в", "во", "at") for c in self.s.children(t, "case")):
            return False
        head = self.toks[t.head]
        since = head.lemma in _CALENDAR and any(c.lower in ("с", "со") for c in self.s.children(head, "case"))  # «С понедельника во «ВкусВилле»»
        # «С января в «Ленте», пока нравится»: a verbless stretch the parse hung on a later verb
        return head.i == t.i or since or _hung_outside(head, part) or _lex(head, EMPLOY_VERBS | lx.DROP_VERBS) in EMPLOY_VERBS | lx.DROP_VERBS

    def _pet_introduced(self) -> Iterator[Extracted]:
        """ "Знакомься: Чарли, наш новый питомец (пёс)": the name the speaker's generic "pet" is
        joined to, with the species it is explained by."""
        for t in self.toks:
            kind = self._kind_of_pet(t)
            head = self.toks[t.head]
            if kind is None or t.i in self.quoted or t.dep not in ("appos", "conj") or not self._is_person(head):
                continue
            owner = self.owner_of(t)
            if owner is not None and not self._blocked(head):
                yield self.fact(owner, f"pet_{lx.PETS[kind.lemma]}", self.value_text(head), "concept")

    def _appositions(self) -> Iterator[Extracted]:
        """ "my girlfriend Sofia", "my manager Oleg uses Emacs", "Meet Rex, our new dog": the
        relation is itself a fact."""
        for t in self.toks:
            head = self.toks[t.head]
            attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(t.lemma, ""))
            if attribute and t.dep in ("amod", "compound") and head.i == t.i + 1 and head.pos == "PROPN" and t.i not in self.quoted:
                owner = self.owner_of(t) or self.owner_of(head)  # "my team-lead Oskar uses Vim": the parse's modifier
                if owner is not None and self._is_person(head) and not self._blocked(self.toks[head.head]):
                    yield self.fact(owner, attribute, self.value_text(head), "person")
                continue
            if t.lemma in lx.PETS and t.dep in ("amod", "compound") and head.i > t.i and t.i not in self.quoted:
                # "my parrot Kiwi says ...": the parse makes the noun the name's modifier, "my" hanging from either
                owner = self.owner_of(head) or self.owner_of(t)
                if owner is not None and head.pos == "PROPN" and not self._late_pet(t) and self._is_person(head) and not self._blocked(
                    self.toks[head.head]
                ):
                    called = self.value_text(head)
                    called = called[len(t.text) + 1 :] if called.lower().startswith(t.lower + " ") else called
                    yield self.fact(owner, f"pet_{lx.PETS[t.lemma]}", called, "concept")
                continue
            owner = self.owner_of(t) or self._bare_ru_pet(t) if t.lemma in lx.PETS else None
            if owner is not None and t.i not in self.quoted:
                if self._late_pet(t):
                    continue
                named = head if t.dep == "appos" and self._is_person(head) else None
                name = self.value_text(named) if named is not None else self._name_child(t)
                kind = next((c for c in self.s.children(t, "appos") if any(d.lower in ("a", "an") for d in self.s.children(c, "det"))), None)
                if kind is not None and name == self.value_text(kind):  # "my dog, a Westie called Hamish": the breed
                    name = self._called(kind)
                if name and not self._blocked(self.toks[head.head] if named is not None else head):
                    yield self.fact(owner, f"pet_{lx.PETS[t.lemma]}", name, "concept")
        yield from self._pets_listed()
        yield from self._pet_introduced()
        for t in self.toks:
            if t.lemma not in lx.RELATIONS and t.lower not in lx.RELATIONS and _job_word(t) and t.i not in self.quoted and self.owner_of(t) is not None:
                name, title = self._name_child(t), self.job_title(t)
                if name and title and not any(x.lower in lx.HYPOTHETICAL_MARKS for x in self.toks[: t.i]):
                    yield self.fact(name, "job_title", title, "concept")  # "our CTO Raj"
        for t in self.toks:
            attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(t.lemma, ""))
            if attribute is None or t.i in self.quoted or self.other_partner(t):
                continue
            name = self._name_child(t)
            with_ = any(c.lemma == "с" for c in self.s.children(t, "case"))
            owner = self.owner_of(t) or (
                SPEAKER if self.s.lang == "ru" and with_ else None
            )  # "живу с мужем Андреем"
            if name is None or owner is None or any(c.lemma in _PAST_ADJ for c in self.s.children(t)):
                continue
            # the relation is presupposed whatever the clause says of it ("my girlfriend Lena says
            # hi", "btw my wife Julia wants to move"); only a condition puts it in doubt
            if any(x.lower in lx.HYPOTHETICAL_MARKS for x in self.toks[: t.i]):
                continue
            yield self.fact(owner, attribute, name, "person")
