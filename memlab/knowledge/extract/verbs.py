"""Verb clauses: verb + argument -> attribute and value, possessions, cars, job titles."""

from __future__ import annotations

import re
from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _FROM_CASES,
    _JOB_AT_NOUNS,
    _JOB_TAKE_VERBS,
    _NAMING,
    _OWNER_WORDS,
    _PRAISE,
    _REGULARLY,
    _RU_WORK_AS,
    _RUN_OBJECTS,
    _SHORT_STAYS,
    _SKIP_ADJ,
    _SPEAKER_WORDS,
    _SPORT_VERBS,
    _VISIT_WORDS,
    CITY_VERBS,
    EMPLOY_VERBS,
    HAVE_VERBS,
    ORG_NOUNS,
    SPEAKER,
    TOOL_VERBS,
    Extracted,
    _contiguous,
    _job_word,
    _lex,
    _subtree,
    number_at,
)
from memlab.knowledge.extract.career import of_domain
from memlab.knowledge.extract.nlp import (
    Tok,
    is_city_name,
    is_place_name,
    ru_adjective_nominative,
    ru_called_name,
    ru_future,
    ru_instrumental_noun,
    ru_lemmas,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.ru_gaps import gap_subject, real_verb, stretch_has_verb
from memlab.lang import wordlists as wl

# Russian colloquial verbs of playing an instrument: "стучу на барабанах", "бренчу на гитаре"
_RU_PLAY_VERBS = ("стучать", "бренчать", "пиликать", "лабать", "дудеть", "тренькать", "музицировать")
# what may follow "X всё" / "X в прошлом" when it closes a clause
_CLAUSE_END = frozenset(", . ; ! ) — -".split())


_NOT_VALUES = wl.all_words("not_values")
_WORD_BRANDS = frozenset("seat mini smart jeep".split())  # car brands that are everyday words: capitalised only
_THEN_MARKS = frozenset("when after before since once until till".split())
_JOB_CONTEXT = wl.words("en", "job_context")
_GYM_CONTEXT = wl.words("en", "gym_context")
_THING_ATTRIBUTES = frozenset("car phone city employer university editor operating_system programming_language".split())


# Russian verbs of holding a job: a town "в" which one does it is where one lives
_RU_WORK_VERBS = frozenset("работать трудиться служить вкалывать пахать".split())


def _ru_work_town(reader: ReaderParts, v: Tok, o: Tok) -> bool:
    """``o`` is a town the dictionary knows (not a country, not a known employer) and ``v`` a
    present-tense verb of holding a job: "работаю в Новосибирске" (not "работал", "буду работать")."""
    if v.feats.get("Tense") != "Pres" or v.feats.get("VerbForm") != "Fin" or o.ent != "LOC" or is_place_name(o.text) is not True:
        return False
    if not reader._place(o) or lx.known_employer(o.lemma, o.lower):
        return False
    return reader.city(o).casefold().replace("ё", "е") not in lx.COUNTRIES


_NOT_JOB_OF = wl.words("ru", "not_job_of")


# a workplace a job noun may name in the genitive, its own name beside it: "директор магазина «Пятёрочка»"
_PARTICLES = frozenset("across over back up down out along".split())
_GIG_VERBS = frozenset("drive deliver ride rid".split())  # "for" a named firm: who one works for ("rides": spaCy's "rid")
_WORKPLACE_NOUNS = wl.words("ru", "workplace_nouns")


_YEARS_OF_STUDY = wl.words("ru", "years_of_study")
_SCHOOL_NOUNS_RU = frozenset("университет институт академия консерватория".split())


_RU_TEAM_MOVES = frozenset("перейти перевести перевестись попасть устроиться".split())
CHANGE_WORDS_RU = frozenset("новый другой старый прежний бывший".split())


_STREET_WORDS = wl.all_words("street_words")
_AHEAD = frozenset("tomorrow tonight soon".split())
_WATERS = wl.all_words("waters")
_PERSON_NOUNS = wl.words("en", "person_nouns")
_WHEN_WORDS = wl.all_words("when_words")
_RUN_PARTICLES = wl.words("en", "run_particles")


_SHAKY_WORDS = wl.words("ru", "shaky_words")
_HOME_WITH_VERBS = wl.words("en", "home_with_verbs")


class VerbClauses(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    # -- clauses ----------------------------------------------------------------------------------
    def _clause(self, v: Tok, subj: str | None) -> Iterator[Extracted]:
        if self._from_next_on(v):
            return
        named = v.lemma == "звать" and not self.s.children(v, "nsubj")  # "Меня зовут Тимур": the owner is the object
        if subj is None:
            subj = self.participle_subject(v)
        if subj is not None or named:
            yield from self._verb_facts(v, subj or SPEAKER)
        elif self._ru_given_to_me(v):  # "мне подарили Galaxy S24": an unnamed giver, the speaker's now
            yield from self._possession(v, SPEAKER)
        yield from self._copula_facts(v, subj)

    def participle_subject(self, v: Tok) -> str | None:
        """The subject of the present copula a participial clause with no subject of its own hangs
        on, set off by a comma: "I'm Irish, living in Minneapolis", "I'm a nurse, working at St
        Mary's", "my brother's a chef, based in Leeds" (not "I was a nurse, working at ...": the
        clause is as past as its copula; not "I'm a nurse working with kids": no comma)."""
        if self.s.lang != "en" or v.tag not in ("VBG", "VBN") or v.head == v.i or v.dep not in ("advcl", "conj", "acl", "xcomp"):
            return None
        if self.s.children(v, "nsubj", "nsubj:pass", "expl", "mark") or v.i == 0 or self.toks[v.i - 1].text != ",":
            return None
        head = self.toks[v.head]
        be = head if head.lemma == "be" else self.toks[head.head] if head.dep in ("attr", "acomp") else None
        if be is None or be.lemma != "be" or be.tag not in ("VBP", "VBZ") or be.i > v.i:
            return None
        return self.subject_of(be)

    def fact(self, subject: str, attribute: str, value: str, vtype: str) -> Extracted:
        words = value.split()
        while vtype == "concept" and len(words) > 1 and words[0].casefold() in lx.STANCE_WORDS:
            words = words[1:]  # "honestly pizza is my favourite food": the speaker's stance, not the value
        value = " ".join(words) if len(words) != len(value.split()) else value
        if attribute == "hobby" and value.casefold() in lx.SPORTS and value.casefold() not in lx.BOARD_GAMES:
            attribute = "sport"  # "climbing is my thing now": a sport, whatever the noun said
        elif attribute == "hobby" and value.casefold() in lx.INSTRUMENTS:
            attribute = "instrument"  # "the cello's my own thing": an instrument one plays
        if attribute == "city" and value.casefold().replace("ё", "е") in lx.COUNTRIES:
            attribute = "country"  # "я сейчас в Грузии": a country is no city
        if attribute == "job_title":
            value = lx.JOB_SHORTHANDS.get(value, value)  # "a PM" is a product manager
            value = value.replace("team-lead", "team lead").replace("tech-lead", "tech lead")  # see nlp._TEAM_LEAD
        first, _, rest = subject.partition(" ")
        if rest[:1].isupper() and first.casefold() in lx.RELATIONS and "'" not in subject:
            subject = rest  # "my grandson Aarav ... he's eleven": the antecedent's name, not its relation
        return Extracted(subject, attribute.replace(" ", "_"), value, vtype, self.s.text)

    def _sane(self, f: Extracted) -> bool:
        """A fact whose subject is its own value is a misparse ("Сосед тоже Солярис купил")."""
        rel = f.subject.rsplit("'s ", 1)[-1] if "'s " in f.subject else ""
        if rel and lx.RELATION_FACTS.get(rel) == f.attribute and f.attribute in ("partner", "spouse"):
            return False  # "у моей девушки Алины": no partner of the girlfriend
        if f.attribute == "employer" and f.value.casefold() in ("it", "ит", "айти", "ай-ти", "tech"):
            return False  # "работаю в IT": a field, not an employer
        if f.attribute == "manager" and any(p in self.low for p in lx.NOT_A_MANAGER):
            return False  # "наш классный руководитель Игорь Валентинович": the class's teacher
        if f.attribute == "employer" and self.s.lang == "ru" and (
            is_place_name(f.value.split()[-1]) is True or f.value.casefold() in lx.CITY_ALIASES
        ) and not any(q + f.value.split()[0][:4] in self.s.text for q in "«\"“"):  # «Пушкин» is a restaurant
            return False  # "я юрист в Нижнем Новгороде": the town, not an employer
        if f.attribute == "city" and (any(ch.isdigit() for ch in f.value) or f.value.split()[-1].casefold() in _STREET_WORDS):
            return False  # "lives at 221B Baker Street": an address, not a town
        if f.attribute == "city" and self._visiting(f.value):
            return False  # "I'm in Tokyo for a conference this week": a visit, not a home
        if self._said_over(f.value):
            return False  # "кето всё, перешёл на ...", "Казань в прошлом": the value is over
        value = f.value.casefold().strip()
        if value in _NOT_VALUES or f.attribute in _THING_ATTRIBUTES and value in lx.RELATIONS:
            return False  # "здесь теперь и работаю" gave the job "и"; "Папа водит трамвай" the car "Папа"
        if f.subject != SPEAKER and (lx.ru_car(f.subject) or f.subject.casefold() in lx.CAR_BRANDS):
            return False  # "продал Солярис, взял Haval Jolion": the parse's subject is the car sold
        return f.subject.casefold() != f.value.casefold() and bool(f.value.strip())

    def _said_over(self, value: str) -> bool:
        """A Russian "X всё" / "X в прошлом" closing its clause says ``value`` is over, and so does
        a farewell before it: "bye bye iphone", "goodbye Windows", "прощай, винда"."""
        low = value.casefold()
        for t in self.toks:
            named = lx.DIET_OF.get(t.lower) == value or len(low) >= 4 and t.lower[:4] == low[:4]
            if not named:
                continue
            before = " ".join(x.lower for x in self.toks[max(0, t.i - 3) : t.i] if x.pos != "PUNCT")
            if before.endswith(("bye bye", "goodbye", "bye", "farewell", "прощай", "пока")):
                return True
            after = [x.lower for x in self.toks[t.i + 1 : t.i + 4]]
            end = (after[1:2] or ["."])[0]
            if after[:1] in (["всё"], ["все"]) and end in _CLAUSE_END:
                return True
            if after[:2] == ["в", "прошлом"] and (after[2:3] or ["."])[0] in _CLAUSE_END:
                return True
        return False

    def _visiting(self, city: str) -> bool:
        """The stretch that names ``city`` speaks of a visit or a stay of days (not "я живу в
        Самаре, отпуск скоро": the holiday is another stretch)."""
        stem = city.casefold()[:4]
        for part in self._stretches():
            if any(t.lower.startswith(stem) for t in part):
                low = " " + " ".join(t.lower for t in part) + " "
                if any(x.lemma in _VISIT_WORDS for x in part) or any(p in low for p in _SHORT_STAYS):
                    return True
        return False

    def obliques(self, v: Tok) -> list[tuple[str, Tok]]:
        out = []
        kids = self.s.children(v, "obl", "nmod", "advmod", "obj", "iobj", "xcomp")
        if self.s.lang == "ru":  # "пользуюсь Хромом": an instrumental the parse made the subject
            kids += [c for c in self.s.children(v, "nsubj") if c.feats.get("Case") == "Ins"]
            # "работаю из дома, в Озоне": a second oblique with its own preposition, read as a conjunct
            kids += [c for o in self.s.children(v, "obl") for c in self.s.children(o, "conj")
                     if self.s.children(c, "case") and (c.pos == "PROPN" and not self.s.children(c, "cc") or self.tool(c))
                     and not self._negated_after(c)]  # fmt: skip
            # "..., я удалённо в Контуре": a gapped stretch whose adverb natasha tags a verb conjoined to this one
            kids += [k for c in self.s.children(v, "conj") if c.i > v.i and not real_verb(c) for k in self.s.children(c, "obl")]
            # "Сестра в Минске живёт": the parse hung the place between subject and verb on the subject
            kids += [c for n in self.s.children(v, "nsubj") if n.i < v.i for c in self.s.children(n, "nmod")
                     if n.i < c.i < v.i and c.feats.get("Case") == "Loc" and c.pos == "PROPN"
                     and any(x.lower in ("в", "во") for x in self.s.children(c, "case"))]  # fmt: skip
        for o in kids:
            case = next((c.lemma for c in self.s.children(o, "case")), "")
            before = self.toks[o.i - 1] if o.i else None
            if not case and before is not None and before.pos == "ADP" and before.head != v.i and o.pos == "PROPN":
                case = before.lemma  # "не в Москве — я в Калуге живу": the parse hung "в" on the other name
            elif not case and before is not None and before.pos == "ADP" and o.pos == "ADJ" and o.ent == "LOC":
                case = before.lemma  # "я в Нижнем живу": a clipped city the parse read as an adjective
            out.append((case, o))
        if self.s.lang == "en":  # "moved across to KPMG": the parse hung the oblique on the particle
            for p in self.s.children(v, "advmod", "prt"):
                if p.lower in _PARTICLES:
                    out += [(next((c.lemma for c in self.s.children(o, "case")), ""), o) for o in self.s.children(p, "obl", "pobj")]
        if self.s.lang == "en":  # "migrated inventory off Mongo and onto PostgreSQL": a conjunct with its own preposition
            out += [(case.lemma, c) for _, o in list(out) for c in self.s.children(o, "conj")
                    for case in self.s.children(c, "case")[:1]]  # fmt: skip
            out += [(conj.lower, x) for _, o in list(out) for case in self.s.children(o, "case")
                    for conj in self.s.children(case, "conj") if conj.pos == "ADP"
                    for x in self.s.children(conj, "pobj")]  # fmt: skip  # "off Mongo and onto PostgreSQL"
        for agent in self.s.children(v, "agent"):  # "I'm employed by Siemens": spaCy's passive agent heads its noun
            out += [("by", o) for o in self.s.children(agent, "pobj")]
        return out

    def _negated_after(self, c: Tok) -> bool:
        """A negation after ``c`` in its stretch: "сижу на Fedora и на винду возвращаться не
        собираюсь" (the parse joins "на винду" to "на Fedora"; the verb it belongs to is negated)."""
        for t in self.toks[c.i + 1 :]:
            if t.pos == "PUNCT":
                return False
            if t.lower in lx.NEGATIONS:
                return True
        return False

    def _work_on_at(self, o: Tok, subj: str) -> Iterator[Extracted]:
        """ "I work on payments at Revolut": the parse hangs "at Revolut" on "payments"; the bare
        noun worked on at a company is the team, the company the employer."""
        for case, at in self.obliques(o):
            org = self._org_value(at) if case in ("at", "for") and at.pos == "PROPN" and at.ent not in ("GPE", "LOC") else None
            if org:
                if not self.s.children(o, "det", "nmod:poss", "poss", "amod"):
                    yield self.fact(subj, "team", o.lower, "concept")
                yield self.fact(subj, "employer", org, "organization")
                return

    def _made_title(self, v: Tok, subj: str) -> Iterator[Extracted]:
        """ "Kenji got promoted to head of data", "my brother has been made head chef": the parse
        hangs the title on the passive verb as a clause of its own ("to" an auxiliary of "head")."""
        if self.s.lang != "en" or v.lemma not in ("promote", "make") or not self.s.children(v, "nsubj:pass", "nsubjpass"):
            return
        for x in self.s.children(v, "xcomp", "oprd", "attr", "obj", "dobj"):
            to = any(c.lower == "to" for c in self.s.children(x, "aux", "case"))
            if x.pos == "NOUN" and _job_word(x) and (to or v.lemma == "make") and x.i not in self.quoted:
                title = self.job_title(x)
                if title:
                    yield self.fact(subj, "job_title", title, "concept")
                    return

    def _said_as_not_now(self, said: Tok) -> bool:
        """What a sentence says of a gerund subject is past ("was hell"), imagined or denied; not a
        later clause the parse hung the gerund on ("Driving a Honda Jazz and the light just came on")."""
        return said.tag == "VBD" and said.lemma == "be" or any(
            c.tag in ("MD", "VBD") or c.lower in lx.NEGATIONS for c in self.s.children(said, "aux", "neg", "advmod", "auxpass")
        )

    def _verb_facts(self, v: Tok, subj: str) -> Iterator[Extracted]:
        lemma = _lex(v, TOOL_VERBS | CITY_VERBS | EMPLOY_VERBS)
        if v.lemma == "go" and any(c.lower == "over" for c in self.s.children(v, "prt", "compound:prt")):
            lemma = "switch"  # "I've gone over to Fedora"
        if self.s.lang == "en" and v.dep == "csubj" and v.tag == "VBG" and self._said_as_not_now(self.toks[v.head]):
            return  # "Living in Swansea would drive me mad", "Working at Argos was hell", "... is not for me"
        if v.lower == "done" and any(c.lemma == "be" for c in self.s.children(v, "aux", "auxpass", "aux:pass")):
            return  # "I'm done with Windows": the speaker has quit it
        if lemma == "подсадить":  # "коллеги подсадили (меня) на Cursor": the one hooked is the speaker
            hooked = [o for o in self.s.children(v, "obj") if o.lower not in ("меня", "нас")]
            if hooked:
                return
            subj = SPEAKER
        own = subj
        yield from self._made_title(v, subj)
        yield from self._home_with(v, subj)
        if lemma in _RU_WORK_VERBS:  # "служит капитаном буксира в Мурманске": the town hung on the job noun
            for job in self.s.children(v, "xcomp", "obl"):
                towns = [o for c, o in self.obliques(job) if c in ("в", "во") and job.feats.get("Case") == "Ins" and _ru_work_town(self, v, o)]
                if len(towns) == 1 and not self._negated_stretch(towns[0], v) and towns[0].i not in self.quoted:
                    yield self.fact(subj, "city", self.city(towns[0]), "place")
        # "moved over to the Aldi in Bicester": a branch of a chain is a workplace, and its "in" no home
        to_branch = lemma in ("move", "relocate") and any(self._a_branch(x) for c, x in self.obliques(v) if c == "to")
        for case, o in self.obliques(v):
            subj = own
            gap = gap_subject(self, v, o)
            if gap is not None:  # "жена работает в Сбере, я удалённо в Озоне": the later stretch's subject
                who = None if stretch_has_verb(self, o) else self.subject_phrase(gap)
                if who is None:
                    continue
                subj = who
            if o.i in self.quoted or self._negated_stretch(o, v):
                continue  # "сижу на Rust, обратно на плюсы не хочу"
            if case in ("вместо", "после", "after", "от", "без", "кроме", "против") or any(t.lower == "instead" for t in self.toks[max(o.i - 3, 0) : o.i]):
                continue  # "поставил Linux Mint вместо винды", "macOS после винды": the one replaced
            if case in _FROM_CASES:  # "перешёл с вима на VS Code", "switched from Vim": the old value
                if lemma in TOOL_VERBS:
                    yield from self._to_value_under(o, subj)  # the parse hung "на вим" on "емакса"
                continue
            tv = (
                self.tool_value(o)
                if lemma in TOOL_VERBS or o.dep in ("obl",) and lemma in TOOL_VERBS
                else None
            )
            worked_out = v.lemma == "work" and any(c.lower == "out" for c in self.s.children(v)) or any(
                c.lemma in ("membership", "абонемент") for c in self.s.children(v, "obj", "nsubj")
            )  # "got a membership at Planet Fitness", with the place hung on the verb
            if o.lemma in ("membership", "member", "абонемент"):  # "got a membership at Planet Fitness"
                o = next((x for c, x in self.obliques(o) if c in ("at", "в", "во")), o)
                case, worked_out = "at", True
            if tv is not None and tv[0] == "gym" and v.lemma in ("work", "работать") and not worked_out:
                tv = None  # "I work at Equinox": the employer
            if tv is None and (v.lemma in lx.GYM_VERBS or worked_out) and case in ("at", "to", "в", "во", ""):
                gym = self.tool_value(o)  # "I train at Gold's Gym", "тренируюсь в World Class"
                tv = gym if gym is not None and gym[0] == "gym" else None
            if tv is None and lemma in TOOL_VERBS:
                tv = next(
                    (self.tool_value(g) for g in self.s.children(o, "obl", "nmod") if self.tool(g) and not self._ru_against(g)), None
                )
            if tv is not None:
                yield self.fact(subj, tv[0], tv[1], "tool")
                continue
            if lemma in ("move", "relocate") and (self._a_branch(o) or case == "to" and self._firm_not_town(o)):
                if case == "to" and (firm := self._org_value(o) or self.value_text(o)):
                    yield self.fact(subj, "employer", firm, "organization")
                continue
            if (
                lemma in CITY_VERBS
                and case in ("in", "to", "at", "into", "of", "out", "в", "во", "на")
                and self._place(o)
                and not self._in_time_ahead(v)
                and not (case == "in" and to_branch)
            ):
                inside = case == "на" and any(  # "в Нижнем Новгороде живу, почти на Покровке": a street of it
                    c in ("в", "во") and self._place(x) for c, x in self.obliques(v) if x.i != o.i
                )
                moves_things = inside or lemma in ("move", "relocate") and any(
                    c.lower not in ("myself", "ourselves", "us") and not (c.lower == "that" and c.i < v.i)
                    for c in self.s.children(v, "obj")
                )  # not the "that" of "now that I've relocated to Plymouth"
                got_stuck = lemma == "stick" and any(c.lemma == "get" for c in self.s.children(v, "aux", "auxpass", "aux:pass"))
                if not (lemma == "move" and o.dep == "obj") and not moves_things and not got_stuck:
                    yield self.fact(subj, "city", self.city(o), "place")
            elif lemma in _RU_WORK_VERBS and case in ("в", "во") and _ru_work_town(self, v, o):
                # "работаю в Новосибирске", "дядя служит капитаном в Мурманске": where one works
                yield self.fact(subj, "city", self.city(o), "place")
            elif self._job_move(v, case, o) and (org := self._org_value(o)):
                # "Marcus left Tesco for Lidl", "jumped ship to Monzo", «Дашка ушла в Озон»: the new employer
                yield self.fact(subj, "employer", org, "organization")
            elif lemma in EMPLOY_VERBS and (
                case in ("at", "for", "with", "by", "в", "во", "на") or lemma == "join" and o.dep == "obj"
            ) or lemma in _GIG_VERBS and case == "for" and o.pos == "PROPN":  # "driving for DPD now", "I deliver for Ocado"
                org = self._org_value(o)
                if org and o.lemma in lx.GYM_NOUNS and self._called(o) is not None:
                    yield self.fact(subj, "gym", org, "organization")  # "joined a crossfit box called Iron Forge"
                elif org and lemma == "join" and self.s.lang == "en" and any(x.lemma in _GYM_CONTEXT for x in self.toks) and not any(
                    x.lemma in _JOB_CONTEXT for x in self.toks
                ):
                    yield self.fact(subj, "gym", org, "organization")  # "joined Third Space, the pool alone is worth it"
                elif org and lemma in ("start", "join") and (
                    {w.casefold() for w in org.split()} & lx.SCHOOL_NOUNS
                    or any(c.lemma in lx.DURATION_UNITS for c in self.s.children(v, "obj"))  # "started my first year at McGill"
                ):
                    yield self.fact(subj, "university", org, "organization")  # "Freya started at Durham University"
                elif org:
                    yield self.fact(subj, "employer", org, "organization")
            if (
                lemma == "work"
                and case in ("of",)
                and any(c.lower == "out" for c in self.s.children(v))
                and self._place(o)
            ):
                yield self.fact(subj, "city", self.city(o), "place")  # "working out of Austin"
            if (
                lemma in ("move", "transfer", "join", "put", "switch")
                and case in ("to", "onto", "on", "over")
                and o.lemma in lx.TEAM_NOUNS
                or self.s.lang == "en" and v.lemma == "work" and case in ("in", "on") and o.lemma in lx.TEAM_NOUNS
                and not any(c.lower in ("a", "an") for c in self.s.children(o, "det"))
            ):  # "I work at Nationwide, in the mortgages team" (not "in a small team")
                mods = [c for c in self.s.children(o, "compound", "amod") if c.i < o.i]
                if v.lemma == "work":
                    mods = [c for c in mods if c.lower not in _SKIP_ADJ and (c.pos != "ADJ" or c.text[:1].isupper())]
                if len(mods) == 1:  # "got moved to the search team"
                    yield self.fact(subj, "team", mods[0].text, "concept")
            future = v.feats.get("Tense") == "Fut" or v.feats.get("Aspect") == "Perf" and v.feats.get("Tense") != "Past" or ru_future(v.text)
            if v.lemma in _RU_TEAM_MOVES and case in ("в", "во") and o.lemma in lx.TEAM_NOUNS and not future:
                # "перешла в платформенную команду" (a genitive name, "в команду платежей": russian._ru_team)
                mods = [c for c in self.s.children(o, "amod") if c.i < o.i and c.lemma not in CHANGE_WORDS_RU]
                if len(mods) == 1:
                    yield self.fact(subj, "team", mods[0].lemma, "concept")
            if (
                lemma == "end"
                and case == "in"
                and any(c.lower == "up" for c in self.s.children(v))
                and self._place(o)
            ):
                yield self.fact(subj, "city", self.city(o), "place")  # "ended up in Tbilisi"
            if (
                lemma == "end" and case == "at" and self.s.lang == "en" and o.ent == "ORG" and o.pos == "PROPN"
                and any(c.lower == "up" for c in self.s.children(v)) and self._org(o) and is_city_name(self.value_text(o)) is not True
            ):  # fmt: skip
                yield self.fact(subj, "employer", self._org_value(o) or self.value_text(o), "organization")  # "ended up at Google"
            if lemma in ("promote", "повысить") and case in ("to", "до") and _job_word(o):
                title = self.job_title(o)  # "got promoted to engineering manager", "повысили до тимлида"
                if title:
                    yield self.fact(
                        SPEAKER if subj in (SPEAKER, None) else subj, "job_title", title, "concept"
                    )
            if case == "on" and v.lemma == "work" and self.s.lang == "en" and o.pos == "NOUN" and not o.text[:1].isupper():
                yield from self._work_on_at(o, subj)
            if case in ("as",) and lemma in ("work", "join", "start", "hire"):
                title = self.job_title(o)
                if title:
                    yield self.fact(subj, "job_title", title, "concept")
            elif lemma in _RU_WORK_AS and not case:
                title = self._ru_role(o)
                if title:  # "работаю в Скайенге методистом", "устроилась бэкенд-разработчиком"
                    yield self.fact(subj, "job_title", title, "concept")
                    of = self.toks[o.i + 1] if self._ru_job_of(o) else None  # "менеджером проектов в Озоне"
                    shop = [c for c in self.s.children(of, "appos") if c.ent == "ORG" and self._org(c)] if of is not None else []
                    if len(shop) == 1 and of is not None and of.lemma in _WORKPLACE_NOUNS:  # "директором магазина «Пятёрочка»"
                        yield self.fact(subj, "employer", self.value_text(shop[0]), "organization")
                    for role_case, at in [*self.obliques(o), *(self.obliques(of) if of is not None else [])]:  # "работает тимлидом в Т-Банке": the parse hangs it on the role
                        known = at.ent == "LOC" and lx.known_employer(at.lemma, at.lower)  # "тестировщиком в Озоне"
                        if role_case in ("в", "во") and (at.ent == "ORG" or known) and self._org(at) and is_place_name(at.text) is not True:
                            yield self.fact(subj, "employer", self.value_text(at), "organization")
            if (
                lemma in ("report", "подчиняться")
                and (case == "to" or o.feats.get("Case") == "Dat")
                and self._is_person(o)
            ):
                yield self.fact(subj, "manager", self.value_text(o), "person")
            nickname = next((w for w in (o.lemma, *ru_lemmas(o.text)) if w in lx.UNIVERSITY_NICKNAMES), None)
            if lemma == "учиться" and case in ("в", "во") and nickname and not o.text[:1].isupper():
                yield self.fact(subj, "university", nickname.capitalize(), "organization")  # "учусь в вышке"
            elif lemma in ("study", "учиться", "do") and case in ("at", "в", "во") and self._org(o):
                yield self.fact(subj, "university", self.value_text(o), "organization")
            elif lemma == "учиться" and case in ("в", "во", "на") and o.lemma in lx.DEGREE_STAGES:
                school = [c for c in self.s.children(o, "nmod") if self._org(c) and c.feats.get("Case") == "Gen"]
                if school:  # "учусь в магистратуре ВШЭ"
                    yield self.fact(subj, "university", self.value_text(school[0]), "organization")
            elif lemma == "учиться" and case == "на" and o.lemma == "курс":
                school_name = self._ru_school_of_year(o)  # "учусь на третьем курсе в ИТМО", "... курсе Казанского федерального университета"
                if school_name:
                    yield self.fact(subj, "university", school_name, "organization")
        subj = own
        yield from self._possession(v, subj)
        yield from self._job_at(v, subj)
        if lemma in ("руководить", "manage", "supervise", "lead") and subj != SPEAKER and "'s " not in subj:
            if any(c.lower in ("мной", "me", "нами", "us") for c in self.s.children(v, "obj", "obl", "iobj")):
                yield self.fact(SPEAKER, "manager", subj, "person")  # "мной руководит Ирина Викторовна"
        for o in self.s.children(v, "obj", "obl"):
            diet = self._diet_noun(o)
            holder = self._put_on(v, o, subj)
            if diet and holder is not None:  # "started a vegan diet", "on a keto diet"
                yield self.fact(holder, "diet", diet, "concept")
            if o.lemma in lx.HOME_NOUNS and lemma in (
                "sign",
                "rent",
                "buy",
                "get",
                "find",
                "снять",
                "купить",
            ):
                for case, g in [*self.obliques(o), *self.obliques(v)]:  # "signed a lease in Berlin": either parse
                    if case in ("in", "в", "во") and g.i != o.i and self._place(g):
                        yield self.fact(subj, "city", self.city(g), "place")
                        break
        yield from self._partner_and_car(v, subj)
        yield from self._pastimes_and_names(v, lemma, subj)

    def _partner_and_car(self, v: Tok, subj: str) -> Iterator[Extracted]:
        """Whom one dates, sees or married; the car one rides in Russian ("папа ездит на Камри")."""
        meets = any(c and c not in ("с", "со") for c, _ in self.obliques(v))  # "встречаюсь с Пашей в кафе": a meeting
        if v.lemma in ("date", "встречаться") and not meets and v.feats.get("Tense") != "Past" and v.tag not in ("VBD", "VBN"):
            for case, o in self.obliques(v):  # "I'm dating Chloe", "встречаюсь с Ксюшей"
                if (case in ("с", "со") or o.dep == "obj" and self.s.lang == "en") and (name := self._someone_named(o)):
                    yield self.fact(subj, "partner", name, "person")
        if v.lemma == "see" and v.tag == "VBG" and self._seeing_someone(v):  # "I'm seeing Elif now"
            for o in self.s.children(v, "obj", "dobj"):
                if name := self._someone_named(o):
                    yield self.fact(subj, "partner", name, "person")
        if v.lemma == "marry":  # "Married Sam in June!", "Tom married Kate"
            for o in self.s.children(v, "obj", "dobj"):
                if self._is_person(o):
                    yield self.fact(subj, "spouse", self.value_text(o), "person")
        # "папа ездит на Камри"; "пересел на Kia Rio": a change of car holds in the past tense
        if v.lemma in ("ездить", "кататься", "гонять") and v.feats.get("Tense") != "Past" or v.lemma == "пересесть":
            for case, o in self.obliques(v):
                if not o.text[:1].isupper():  # "на стареньком Логане": the parse may head the phrase on the adjective
                    o = next((c for c in self.s.children(o, "appos", "nmod", "flat") if c.text[:1].isupper() and c.i == o.i + 1), o)
                if not case and o.i >= 2 and self.toks[o.i - 1].pos == "ADJ" and self.toks[o.i - 2].lower == "на":
                    case = "на"  # "на белой Hyundai Creta": the parse hangs "на" on the adjective
                car = self._car(o) if case == "на" and o.text[:1].isupper() else None
                if car:
                    yield self.fact(subj, "car", car, "concept")

    def _pastimes_and_names(self, v: Tok, lemma: str, subj: str) -> Iterator[Extracted]:
        """Sports and instruments taken up or done, a diet gone, an age turned, names given by "звать"."""
        took = v.lower in ("took", "taken") or v.lemma == "take" and v.tag in ("VBD", "VBN")  # "Took" opening: the parse's VB
        if self.s.lang == "en" and took and any(c.lower == "up" for c in self.s.children(v, "prt")):
            for o in self.s.children(v, "obj", "dobj", "xcomp"):  # "took up climbing in the autumn": begun, and on
                if o.lower in lx.SPORTS or o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lower, "concept")
                elif o.lemma in lx.INSTRUMENTS:
                    yield self.fact(subj, "instrument", lx.instrument_name(o.lemma), "concept")
        sport = _SPORT_VERBS.get(v.lemma)
        if sport and v.dep == "xcomp" and self.toks[v.head].lemma in ("learn", "учиться", "научиться", "try", "пробовать"):
            sport = None  # "only now learning to swim": not yet a sport one does
        if sport and v.lemma in ("swim", "плавать") and (self._lost_in(v) or self._bare_ru_swim(v)):
            sport = None  # "в джойнах плаваю", "swimming in paperwork": lost in a subject, not swimming
        if sport and v.feats.get("Tense") != "Past" and v.tag not in ("VBD", "VBN"):  # "плаваю каждое утро"
            objs = [o for o in self.s.children(v, "obj", "dobj") if o.lemma not in _RUN_OBJECTS | _REGULARLY]
            regular = any(t.lemma in _RUN_OBJECTS | _REGULARLY for t in self.toks)  # "I run late" is no sport
            if not objs and (regular or v.lemma not in ("run", "jog")) and not any(c.lemma in _RUN_PARTICLES for c in self.s.children(v, "prep", "prt", "compound:prt", "advmod")):
                yield self.fact(subj, "sport", sport, "concept")
        if lemma in ("ходить", "go"):  # "хожу на йогу", "I go to judo"
            for case, o in self.obliques(v):
                if case in ("на", "to") and o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
        if v.lower in lx.SPORTS and any(c.lemma == "do" for c in self.s.children(v, "aux")):
            yield self.fact(
                subj, "sport", v.lower, "concept"
            )  # "I do bouldering": parsed as a verb after "do"
        # "I've played chess before", "have you ever played padel": an experience, not a pastime
        tried = v.tag == "VBN" and any(c.lower in ("before", "once", "ever", "twice") for c in self.s.children(v, "advmod"))
        if v.lemma == "учиться" and not tried:  # «учусь на скрипке»: an instrument learnt (not «учусь на врача»)
            for case, o in self.obliques(v):
                instrument = _lex(o, lx.INSTRUMENTS)
                if case == "на" and instrument in lx.INSTRUMENTS and o.feats.get("Case") == "Loc" and not self._blocked(v):
                    yield self.fact(subj, "instrument", lx.instrument_name(instrument), "concept")
        if lemma in ("play", "играть", "do", "practice", "practise", "заниматься", *_RU_PLAY_VERBS) and not tried:  # "I do yoga now"
            for o in self.s.children(v, "obj", "obl"):
                instrument = _lex(o, lx.INSTRUMENTS)
                if instrument in lx.INSTRUMENTS and lemma in ("play", "играть", *_RU_PLAY_VERBS):
                    yield self.fact(subj, "instrument", lx.instrument_name(instrument), "concept")
                elif o.lemma in lx.SPORTS:
                    yield self.fact(subj, "sport", o.lemma, "concept")
            for x in self.s.children(v, "xcomp"):  # "I play squash twice a week": the parse reads a verb "squash"
                if x.lower in lx.SPORTS and lemma == "play" and not self.s.children(x, "obj", "dobj"):
                    yield self.fact(subj, "sport", x.lower, "concept")
        if lemma in ("go", "turn", "become", "стать", "перейти", "do") or lemma == "be":
            for c in self.s.children(v, "acomp", "attr", "obl", "xcomp", "obj", "oprd") if not self._bounded_past(v) else []:
                diet = lx.DIET_OF.get(c.lower) or lx.DIET_OF.get(c.lemma)
                if diet:
                    yield self.fact(subj, "diet", diet, "concept")
                then = any(m.lower in _THEN_MARKS for m in self.s.children(v, "mark", "advmod"))  # "When I turned ten, ..."
                if lemma == "turn" and c.pos == "NUM" and not then:  # "turned 30", "turned forty", "turned thirty-six"
                    first = min([c.i, *(x.i for x in self.s.children(c, "compound", "nummod") if x.pos == "NUM")])
                    said = number_at(self.toks, first)
                    if said is not None and said[1] >= c.i and 0 < int(said[0]) < 120:
                        yield self.fact(subj, "age", said[0], "concept")
        if lemma == "звать":  # "моего пса зовут Рекс", "девушку Кости зовут Майя"
            named = next(
                (c for c in self.s.children(v, "nsubj", "xcomp", "obl", "obj") if self._is_person(c)), None
            )
            for o in self.s.children(v, "obj"):
                owner = self.owner_of(o)
                if named is None or owner is None or o.i == named.i:
                    continue
                if o.lemma in lx.PETS:
                    yield self.fact(owner, f"pet_{lx.PETS[o.lemma]}", self.value_text(named), "concept")
                elif owner == SPEAKER and lx.RELATION_FACTS.get(lx.RELATIONS.get(o.lemma, "")):
                    yield self.fact(
                        owner, lx.RELATION_FACTS[lx.RELATIONS[o.lemma]], self.value_text(named), "person"
                    )
        if lemma == "звать" and self.s.lang == "ru" and v.i > 2 and all(
            self._is_person(c) for c in self.s.children(v, "obj", "nsubj")
        ):
            yield from self._pet_called_after(v)  # "у нас хомяк, зовут Пельмень"
        if lemma == "звать" and any(c.lower == "меня" for c in self.s.children(v)):
            for c in self.s.children(v, "nsubj", "obj", "xcomp", "obl"):
                if c.pos == "PROPN" or c.ent == "PER":  # the name after "зовут" is nominative: "Фарида", not "Фарид"
                    as_said = ru_called_name(c.text) if not self.s.children(c, "flat", "flat:name", "appos") else None
                    yield self.fact(SPEAKER, "name", as_said or self.value_text(c), "person")

    def _seeing_someone(self, v: Tok) -> bool:
        """Progressive "see" as dating: "I've been seeing Elif", "I'm seeing Elif now"; not a
        meeting with a time ("seeing Dana tonight", "on Friday")."""
        auxes = {c.lower for c in self.s.children(v, "aux")}
        times = [
            c for c in self.s.children(v, "npadvmod", "obl", "obl:tmod", "prep")
            if c.lower not in ("now", "days", "for", "since")
            and not any(x.lower in ("for", "since") for x in self.s.children(c, "case"))
        ]  # "for a few months" is how long, not when
        ongoing = "been" in auxes or any(t.lower in ("now", "lately", "nowadays") for t in self.toks)
        opening = v.i == next((t.i for t in self.toks if t.pos not in ("PUNCT", "INTJ", "ADV")), -1) and not self.s.children(v, "nsubj")
        return (bool(auxes) or opening) and ongoing and not times  # "Seeing someone called Femi now": the speaker, unsaid

    def _pet_called_after(self, v: Tok) -> Iterator[Extracted]:
        """ "у нас хомяк, зовут Пельмень", "у сестры кошка, зовут Ириска": "зовут" with no object
        right after a comma names the pet noun that ends the stretch before; whose by its "у X"."""
        from memlab.knowledge.extract.russian import _ru_owner

        named = next((c for c in self.s.children(v, "xcomp", "obl", "obj") if self._is_person(c)), None)
        comma, pet = self.toks[v.i - 1], self.toks[v.i - 2]
        if named is None or comma.text != "," or _lex(pet, lx.PETS) not in lx.PETS:
            return
        at = [t for t in self.toks[: pet.i] if self.toks[t.i - 1].lower == "у" and t.i and t.feats.get("Case") == "Gen"]
        owner = self.owner_of(pet) or (_ru_owner(self, at[0]) if len(at) == 1 else None)
        if owner is not None:
            yield self.fact(owner, f"pet_{lx.PETS[_lex(pet, lx.PETS)]}", self.value_text(named), "concept")

    def _to_value_under(self, o: Tok, subj: str) -> Iterator[Extracted]:
        for g in self.s.children(o, "obl", "nmod"):
            if {c.lemma for c in self.s.children(g, "case")} & {"на", "to", "onto"} and self.tool(g):
                tv = self.tool_value(g)
                if tv is not None:
                    yield self.fact(subj, tv[0], tv[1], "tool")

    def _ru_role(self, o: Tok) -> str | None:
        """A role in the instrumental after a verb of work: an animate common noun, or a job
        noun, by the dictionary (natasha often tags "методистом" locative, "бэкенд-разработчиком"
        a verb); the title keeps its adjectives ("главным бухгалтером" -> "главный бухгалтер")."""
        if o.pos == "ADJ" or o.text[:1].isupper() or o.i in self.quoted or not re.fullmatch(r"[а-яё]+(-[а-яё]+)*", o.lower):
            return None
        found = ru_instrumental_noun(o.text)
        if found is None:
            return None
        noun, animate = found
        if not animate and noun.split("-")[-1] not in lx.JOB_HEADS:
            return None
        before = self.toks[o.i - 1] if o.i else None  # "старшим экономистом" (masculine: the lemma agrees)
        mods = [before.lemma] if before is not None and before.pos == "ADJ" and before.lower.endswith(("ым", "им")) else []
        of = self._ru_job_of(o)  # "директором магазина" -> "директор магазина"
        return " ".join([*mods, noun, *([of] if of else [])])

    def _called(self, o: Tok) -> str | None:
        if self.s.lang != "en":
            return None
        for c in self.s.children(o, "acl"):
            if c.lower in ("called", "named"):
                target = next((g for g in self.s.children(c, "oprd", "xcomp", "attr", "obj")), None)
                if target is not None and self._name(target):
                    return self.value_text(target)
        return None

    def _pet_named(self) -> Iterator[Extracted]:
        """ "Мы взяли кошку! Зовут Муся", "взял щенка корги, назвал Бублик": the pet the message
        just introduced gets the name right after a verb of naming (by its form: the parse takes a
        capitalised "Зовут" for a name); not "меня зовут", not someone's relative."""
        for v in self.toks:
            if v.i in self.quoted or not (v.lower in _NAMING or v.lemma in _NAMING):
                continue
            if "pet" not in self.said:
                self._pet_before(v)
            if "pet" not in self.said:
                continue
            nxt = next((x for x in self.toks[v.i + 1 : v.i + 3] if x.pos != "PUNCT"), None)
            before = self.toks[v.i - 1].lower if v.i else ""
            if nxt is None or not self._is_person(nxt) or before in ("меня", "нас") or self._blocked(v):
                continue
            owner, species = self.said.pop("pet")
            span = self.s.span_of(nxt)
            name = self._form(nxt) if span and span[0] <= v.i < span[1] else self.value_text(nxt)
            yield self.fact(owner, f"pet_{species}", name, "concept")  # not "Зовут Муся"

    def _pet_before(self, naming: Tok) -> None:
        """A pet noun a verb of getting takes just before the naming verb, when the parse hung it
        elsewhere ("завели кролика!! зовут Блинчик")."""
        for t in reversed(self.toks[: naming.i]):
            species = lx.PETS.get(t.lemma)
            verb = next((x for x in reversed(self.toks[max(0, t.i - 3) : t.i]) if x.pos == "VERB"), None)
            if species and verb is not None and verb.lemma in HAVE_VERBS and not self._blocked(verb):
                owner = self._recipient(verb) or self.subject_of(verb)
                if owner is not None:
                    self.said["pet"] = (owner, species)
                return

    def _ru_given_to_me(self, v: Tok) -> bool:
        """A Russian third-person plural past verb of giving with no subject and "мне" / "нам" (or a
        relative) for its indirect object: "на день рождения мне подарили ...", "брату подарили ..."."""
        if self.s.lang != "ru" or v.lemma not in ("подарить", "отдать", "купить") or v.feats.get("Number") != "Plur":
            return False
        if v.feats.get("Tense") != "Past" or self.s.children(v, "nsubj") or self._blocked(v):
            return False
        return any(c.lower in ("мне", "нам") for c in self.s.children(v, "iobj", "obl")) or self._recipient(v) is not None

    def _recipient(self, v: Tok) -> str | None:
        """Whom a thing was got for: "дочке купили морскую свинку", "подарили бабушке Honor"."""
        if self.s.lang != "ru" or v.lemma not in ("купить", "подарить", "взять", "завести", "отдать"):
            return None
        for c in self.s.children(v, "iobj", "obl"):
            if c.feats.get("Case") == "Dat" and c.lemma in lx.RELATIONS and not self.s.children(c, "case"):
                return self.subject_phrase(c)
        return None

    def _job_at(self, v: Tok, subj: str) -> Iterator[Extracted]:
        """ "I got a job at Google", "started a new job at Wonka Labs today": the place hangs on the
        job noun, not on the verb. Not "I had a job at IBM" (a past state) nor an offer (signed, not
        started: "offer" is no job noun here)."""
        if v.lemma not in _JOB_TAKE_VERBS or v.lemma == "have" and v.feats.get("Tense") == "Past":
            return
        for o in self.s.children(v, "obj", "dobj"):
            if o.lemma not in _JOB_AT_NOUNS or o.i in self.quoted:
                continue
            for case, g in [*self.obliques(o), *self.obliques(v)]:  # "got a job at X": either parse
                org = self._org_value(g) if case in ("at", "with", "for") and g.i != o.i else None
                if org:
                    yield self.fact(subj, "employer", org, "organization")
                    return

    def _lost_in(self, v: Tok) -> bool:
        """``v`` is "in" something that is not water, a place or a time ("в джойнах плаваю")."""
        return any(
            (any(c.lower in ("в", "во", "in") for c in self.s.children(x, "case"))
             or x.i and self.toks[x.i - 1].lower in ("в", "во") and self.toks[x.i - 1].head == v.i)  # the parse hung "в" on the verb
            and x.lemma not in _WATERS and x.pos != "PROPN" and x.ent not in ("TIME", "DATE") and x.lemma not in _WHEN_WORDS
            for x in self.s.children(v)
        )  # fmt: skip

    def _bare_ru_swim(self, v: Tok) -> bool:
        """«…курс по корутинам, а то плаваю», «я тут совсем плаваю»: a Russian «плаваю» with nothing
        on it but its subject and words of degree (no where, when or how) says one is shaky at
        something, not that one swims."""
        return self.s.lang == "ru" and not any(
            c.dep not in ("cc", "punct", "nsubj") and c.lower not in _SHAKY_WORDS for c in self.s.children(v)
        )

    def _someone_named(self, o: Tok) -> str | None:
        """The person ``o`` names: a name ("Chloe"), or a person noun with its name ("a lovely guy
        called Obi", "a girl named Bea")."""
        if o.pos == "PROPN" and self._is_person(o):
            return self.value_text(o)
        return self._called(o) if o.lemma in _PERSON_NOUNS else None

    def _a_branch(self, o: Tok) -> bool:
        """ "the Aldi", "the Tesco on Mill Road": a name after "the" that is no town GeoNames knows."""
        if self.s.lang != "en" or o.pos != "PROPN" or o.ent in ("LOC", "GPE") or not any(c.lower == "the" for c in self.s.children(o, "det")):
            return False  # "the Hague", "the Netherlands", "the Lake District": places
        name = self.value_text(o)
        return name.casefold() not in lx.COUNTRIES and is_city_name(name) is False and is_city_name(f"The {name}") is False

    def _job_move(self, v: Tok, case: str, o: Tok) -> bool:
        """``o`` is a named organisation ``v`` moves someone to: «ушла в Озон» (a name, not «в
        декрет» or «в магазин»), "left Tesco for Lidl" (from a named place), "jumped ship to Monzo"."""
        if not o.text[:1].isupper() or o.pos not in ("PROPN", "NOUN") or self._past_state(v) or self._blocked(v):
            return False
        if self.s.lang == "ru":
            place = is_place_name(o.text) is True and not lx.known_employer(o.lemma, o.lower)
            later = any(c.i > o.i for c in self.s.children(v, "nsubj"))  # "ушёл из Озона в Lamoda, Никита сосватал"
            return v.lemma == "уйти" and case in ("в", "во") and v.feats.get("Tense") == "Past" and not place and not later
        if self._place(o) and is_city_name(self.value_text(o)):
            return False  # "left London for Leeds": a move of town
        if v.lemma == "leave" and case == "for":
            return any(c.text[:1].isupper() and c.pos == "PROPN" for c in self.s.children(v, "obj"))
        return v.lemma == "jump" and case == "to" and any(c.lemma == "ship" for c in self.s.children(v, "obj"))

    def _firm_not_town(self, o: Tok) -> bool:
        """ "Moved across to PwC", "Marcus moved to Lidl": a name GeoNames knows as no town that is a
        known employer, a name written with inner capitals, or one the NER calls an organisation."""
        if self.s.lang != "en" or not o.text[:1].isupper() or is_city_name(self.value_text(o)) is not False:
            return False
        name = self.value_text(o).casefold()
        if name in lx.APP_NAMES or o.lower in lx.APP_NAMES:
            return False  # "I've moved to Signal": an app
        return name in lx.EN_EMPLOYERS or name.replace(" ", "-") in lx.EN_EMPLOYERS or any(ch.isupper() for ch in o.text[1:]) or o.ent == "ORG"

    def _org_value(self, o: Tok) -> str | None:
        called = self._called(o)
        if called is not None:  # "a small MSP called Brightwire": the name, whatever the noun
            return called
        named = o.pos == "PROPN" and o.text[:1].isupper() and any(c.text[:1].isupper() for c in self.s.children(o, "compound"))
        if o.lemma in ORG_NOUNS and not named:  # "a tiny startup called Fernwood Labs", "в компании «Тинькофф»" (not "the Body Shop")
            for c in self.s.children(o, "acl", "appos", "nmod", "flat", "flat:name"):
                target = next((g for g in self.s.children(c, "oprd", "xcomp", "attr", "obj")), c)
                if self._org(target):
                    return self.value_text(target)
            return None
        return self.value_text(o) if self._org(o) else None

    def _put_on(self, v: Tok, o: Tok, subj: str) -> str | None:
        """Whose diet ``o`` (an oblique or object of ``v``) is: the subject's, or the one the verb
        puts on it ("my doctor put me on a Mediterranean diet": the speaker's; "I put my son on a
        keto diet": nobody said of here)."""
        if o.dep == "obj":
            return subj
        placed = [c for c in self.s.children(v, "obj", "dobj") if c.i != o.i]
        if not placed:
            return subj
        return SPEAKER if placed[0].lower in ("me", "меня") else None

    def _possession(self, v: Tok, subj: str) -> Iterator[Extracted]:
        if self.s.lang == "en" and v.lemma == "end" and any(c.lower == "up" for c in self.s.children(v, "prt")):
            for case, o in self.obliques(v):  # "we ended up with a parrot, Mango"
                name = self._pet_name(o) if case == "with" and o.lemma in lx.PETS else None
                if name:
                    yield self.fact(subj, f"pet_{lx.PETS[o.lemma]}", name, "concept")
            return
        picked_up = v.lemma == "pick" and any(c.lower == "up" for c in self.s.children(v, "prt", "compound:prt"))
        if v.lemma not in HAVE_VERBS and not (v.lemma == "я" and self.s.lang == "ru") and not picked_up:
            return  # "I picked up a Galaxy A54 on a contract deal": got one
        objects = self.s.children(v, "obj", "nsubj") if self.s.lang == "ru" else self.s.children(v, "obj")
        if self.s.lang == "ru":  # "мне подарили Samsung Galaxy A54": natasha takes a foreign name for a second iobj
            objects = [*objects, *(c for c in self.s.children(v, "iobj") if "Case" not in c.feats and c.text[:1].isupper())]
        recipient = self._recipient(v)
        if v.lemma == "подарить" and recipient is None:  # the giver's subject gives it away
            to_me = any(c.lower in ("мне", "нам") for c in self.s.children(v))
            if subj == SPEAKER and not to_me:
                return  # "(я) подарила Honor" to someone unnamed
            recipient = SPEAKER  # "муж подарил iPhone 15 на годовщину", "мне подарили Galaxy S24": the speaker's now
        subj = recipient or subj
        for o in objects:
            if o.lower in _SPEAKER_WORDS:
                continue
            kind = self._kind_of_pet(o)
            o = kind or o
            species = lx.PETS.get(o.lemma)
            if species:
                name = self._pet_name(o) or self._name_after_comma(v, o)
                if name:
                    yield self.fact(subj, f"pet_{species}", name, "concept")
                else:  # "We adopted a cat!!" - the next sentence may name it
                    self.said["pet"] = (subj, species)
                continue
            tv = self.tool_value(o)
            if tv and tv[0] == "phone":
                yield self.fact(subj, "phone", tv[1], "tool")
            elif v.lemma in ("drive", "have", "get", "buy", "own", "водить", "купить", "ездить", "взять") or picked_up:
                car = self._car(o)
                if car:
                    yield self.fact(subj, "car", car, "concept")
                elif v.lemma in ("buy", "get", "купить") and _lex(o, lx.INSTRUMENTS) in lx.INSTRUMENTS:
                    # "гитару продал, купил саксофон": an instrument one buys is the one one plays
                    yield self.fact(subj, "instrument", lx.instrument_name(_lex(o, lx.INSTRUMENTS)), "concept")

    def _name_after_comma(self, v: Tok, pet: Tok) -> str | None:
        """ "we've got a rabbit now, Clover": the parse hangs the pet's name, set off by a comma
        at the end of the clause, on the verb."""
        if self.s.lang != "en":
            return None
        for c in self.s.children(v, "npadvmod", "appos", "dep", "attr"):
            before = self.toks[c.i - 1]
            after = self.toks[c.i + 1] if c.i + 1 < len(self.toks) else None
            ends = after is None or after.text in (".", "!", ",", ";") or after.pos in ("PUNCT", "SYM", "X")
            if c.i > pet.i and before.text == "," and c.pos == "PROPN" and c.text[:1].isupper() and ends and self._is_person(c):
                return self.value_text(c)
        return None

    def _kind_of_pet(self, o: Tok) -> Tok | None:
        """ "Мы завели питомца: пёс по кличке Чарли", "adopted a pet, a beagle": the species noun
        the generic one is explained by."""
        if o.lemma not in ("pet", "питомец", "питомица"):
            return None
        return next((c for c in self.s.children(o, "parataxis", "appos", "conj") if c.lemma in lx.PETS), None)

    def _pet_name(self, pet: Tok, depth: int = 0) -> str | None:
        for c in self.s.children(pet, "acl", "appos", "nmod", "flat", "flat:name", "oprd", "npadvmod"):
            if c.lemma in lx.PETS and c.dep == "appos" and depth == 0:  # "a dog — a beagle named Biscuit"
                found = self._pet_name(c, 1)
                if found:
                    return found
            if self._is_person(c) and c.i > pet.i:
                return self.value_text(c)
            for g in self.s.children(c, "oprd", "xcomp", "attr", "appos", "obj"):
                if self._is_person(g):
                    return self.value_text(g)
        return None

    def _car(self, o: Tok) -> str | None:
        model = lx.CAR_MODELS_RU.get(o.lemma) or lx.CAR_MODELS_RU.get(o.lower)
        if model is None and self.s.lang == "ru":  # natasha's lemma of "Весте" is "вест"
            model = next((lx.CAR_MODELS_RU[w] for w in ru_lemmas(o.text) if w in lx.CAR_MODELS_RU), None)
        if model is None and self.s.lang == "ru":  # "на Гранте", "на Мазде"; a model after the brand first ("на Шкоде Октавии")
            after = self.toks[o.i + 1] if o.i + 1 < len(self.toks) else None
            model = (lx.ru_car(after.text, brands=False) if after is not None else None) or lx.ru_car(o.text)
        if model and self.s.lang == "ru":
            return model
        words = [t for t in self.toks if t.i in _subtree(self.s, o) and t.pos != "DET" and t.pos != "PUNCT"]
        words = [t for t in words if t.i not in self.quoted]  # "got an email saying 'your Tesla Model 3 lease ...'"
        brand = next((k for k, t in enumerate(words) if t.lower in lx.CAR_BRANDS and (
            t.text[:1].isupper() or t.lower not in _WORD_BRANDS)), None)  # "Tim drives a seat" (LoCoMo): no SEAT
        model_word = o.lower[:-1] if o.tag == "NNPS" or o.lower not in lx.CAR_MODELS_EN and o.lower[:-1] in lx.CAR_MODELS_EN else o.lower
        if brand is None and model_word in lx.CAR_MODELS_EN and o.text[:1].isupper() and o.i > 0 and self.s.lang == "en":
            return lx.CAR_MODELS_EN[model_word]  # "my beat-up 2009 Corolla", "I drive a Civic", "we both drive Fiestas"
        if brand is None:
            drives = (
                self.toks[o.head].lemma in ("drive", "водить")
                and o.text[:1].isupper()
                and self.tool(o) is None
            )
            return self.value_text(o) if drives else None  # "Ivan drives a Prius now"
        kept = [t for t in words[brand:] if t.text[:1].isupper() or t.pos in ("NUM", "PROPN") or t.lower in lx.CAR_BRANDS]
        # the name runs on unbroken: "на Hyundai Creta, которой уже пять лет", "a Honda Jazz, the old Fiesta went ..."
        kept = [t for k, t in enumerate(kept) if all(kept[j].i == kept[j - 1].i + 1 for j in range(1, k + 1))]
        rest: list[str] = []
        for k, t in enumerate(kept):  # "RAV4" tokenised as "RAV" "4" is glued back
            glued = k and kept[k - 1].i == t.i - 1 and kept[k - 1].start + len(kept[k - 1].text) == t.start
            rest[-1:] = [rest[-1] + t.text] if glued else [*rest[-1:], t.text]
        return " ".join(rest) or None

    def _from_next_on(self, v: Tok) -> bool:
        """A progressive dated ahead is a plan: "Next payday I'm buying a keyboard", "I'm starting
        at Arup tomorrow"."""
        if self.s.lang != "en" or v.tag != "VBG" or not any(a.lemma == "be" for a in self.s.children(v, "aux")):
            return False
        times = self.s.children(v, "npadvmod", "obl", "obl:tmod", "advmod", "nmod:tmod")
        return any(t.lower in _AHEAD or any(d.lower == "next" for d in self.s.children(t, "amod", "det")) for t in times)

    def _home_with(self, v: Tok, subj: str) -> Iterator[Extracted]:
        """The place of a verb of living with someone is the home of the one lived with: "I live in
        Woking with my sister" (the sister's too), "our dog stays with my mum in Inverness" (the
        mum's: a stay is no home of the one staying), and of the subject when the parse hung it on
        the companion ("my sister's moved in with her boyfriend in Hastings": the sister's). The
        companion's own city only for the speaker's relative ("my sister", not "her boyfriend")."""
        if self.s.lang != "en" or v.lemma not in _HOME_WITH_VERBS or self._in_time_ahead(v):
            return
        places = [o for c, o in self.obliques(v) if c in ("in", "to") and self._place(o) and o.i not in self.quoted]
        withs = [o for c, o in self.obliques(v) if c == "with"]
        withs += [x for o in places for c, x in self.obliques(o) if c == "with"]  # "in Woking with my sister"
        withs += [x for w in withs for x in self.s.children(w, "conj")]  # "with my cat and my housemate Bea"
        for w in withs:
            if w.i in self.quoted or not (w.lemma in lx.RELATIONS or self._is_person(w)):
                continue
            hung = [x for c, x in self.obliques(w) if c == "in" and self._place(x) and x.i not in self.quoted]
            if self.owner_of(w) == SPEAKER and w.lemma in lx.RELATIONS:
                who = self.subject_phrase(w)
                if who is None or any(c.ent == "TIME" and c.text == who for c in self.s.children(w)):
                    who = f"{SPEAKER}'s {lx.RELATIONS[w.lemma]}"  # "with my dad in Galway every August": no "August"
                for x in places or hung:
                    yield self.fact(who, "city", self.city(x), "place")
            if not places and v.lemma != "stay":
                for x in hung:
                    yield self.fact(subj, "city", self.city(x), "place")

    def _in_time_ahead(self, v: Tok) -> bool:
        """ "I'm moving to Amsterdam in two months": a progressive with a time from now is a plan."""
        return v.tag == "VBG" and any(
            case == "in" and o.lemma in lx.DURATION_UNITS and self.s.children(o, "nummod", "det") for case, o in self.obliques(v)
        )

    def _bounded_past(self, v: Tok) -> bool:
        """ "I went vegan for a month", "I was vegetarian for years": a past state with a length is over."""
        past = v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past"
        said = [v, *self.s.children(v, "acomp", "attr", "obj", "oprd", "xcomp")]  # the parse may hang it on "vegan"
        return past and any(case == "for" and o.lemma in lx.DURATION_UNITS for t in said for case, o in self.obliques(t))

    def job_title(self, o: Tok) -> str | None:
        if any(c.lower in _PRAISE for c in self.s.children(o, "amod", "advmod")):
            return None  # "my brother is a brilliant cook", "отличный повар": praise, not a job
        if not _job_word(o):
            return self._occupation_phrase(o)  # "a dinner lady", «мастер маникюра»: the gazetteer's whole title
        if "-" in o.text and self.s.lang == "ru":  # "продакт-менеджером" -> "продакт-менеджер"
            return o.lemma if o.lemma.split("-")[-1] in lx.JOB_HEADS else o.text.lower()
        mods = [
            c
            for c in self.s.children(o, "compound", "amod", "nmod", "flat")
            if c.i < o.i and c.lower not in _SKIP_ADJ and c.pos not in ("DET", "PRON") and c.lower not in _OWNER_WORDS
            and not (self.s.lang == "ru" and self.s.children(c, "case"))  # "в команде аналитики": no title "команде аналитик"
            and not (self.s.lang == "ru" and c.ent == "PER")  # "Муж мой Заур стоматолог": a name, no part of the title
        ]
        mods += [  # "primary school teacher", "IT support technician": a modifier's own modifier
            g for m in mods if m.dep == "compound" for g in self.s.children(m, "compound", "amod")
            if g.i < m.i and g.lower not in _SKIP_ADJ and g.pos not in ("DET", "PRON") and g.lower not in _OWNER_WORDS
            and g.lower not in _PRAISE
        ]  # fmt: skip
        idx = sorted([o.i, *(m.i for m in mods)])
        lo, hi = _contiguous(idx, o.i)
        words = self.toks[lo : hi + 1]
        if self.s.lang != "ru" and hi == o.i and o.lower in lx.OF_TITLES and o.i + 1 < len(self.toks) and self.toks[o.i + 1].lower == "of":
            domain = of_domain(self.toks, o)  # "I'm head of data now"; "head of the household" is no job
            if not domain:
                return None
            words = [*words, *domain]
        if self.s.lang == "ru":
            head = o.lower if o.lemma not in lx.JOB_HEADS and o.lower in lx.JOB_HEADS else o.lemma  # natasha: "джун" -> "джуна"
            title = " ".join(w.text if w.text.isupper() else head if w.i == o.i else self._ru_modifier(w, o) for w in words)
            of = self._ru_job_of(o) if hi == o.i else None
            return f"{title} {of}" if of else title
        return " ".join(w.text for w in words)

    def _occupation_phrase(self, o: Tok) -> str | None:
        """The multi-word title of ``lexicon.OCCUPATION_PHRASES`` that ``o`` heads, as the
        gazetteer writes it: in English the words before the head ("dinner ladies" -> "dinner
        lady"), in Russian the words after it («мастером маникюра» -> "мастер маникюра")."""
        if o.pos not in ("NOUN", "PROPN"):
            return None
        toks = self.toks
        for k in range(4, 0, -1):
            if self.s.lang == "ru":
                after = toks[o.i + 1 : o.i + 1 + k]
                words = [o.lemma, *(t.lower for t in after)] if len(after) == k else []
            else:
                before = toks[max(o.i - k, 0) : o.i]
                words = [*(t.lower for t in before), o.lemma] if len(before) == k else []
            phrase = " ".join(words).replace("ё", "е")
            if words and phrase in lx.OCCUPATION_PHRASES:
                return phrase
        return None

    def _ru_school_of_year(self, year: Tok) -> str | None:
        """The school a year of study ("на третьем курсе") hangs on: "в ИТМО" (an organisation),
        "МГУ" (a genitive name), "Казанского федерального университета" (a school noun with its
        adjectives, in the nominative). The year must be counted ("на курсе в Skyeng" is a class)."""
        if not any(a.lemma in _YEARS_OF_STUDY for a in self.s.children(year, "amod")):
            return None
        for c in self.s.children(year, "nmod"):
            if c.i in self.quoted or c.i < year.i:
                continue
            cases = {x.lemma for x in self.s.children(c, "case")}
            if cases & {"в", "во"} and c.text[:1].isupper() and self._org(c) and self.tool(c) is None and is_place_name(c.text) is not True:
                return c.text if c.text.isupper() else self.value_text(c)  # an abbreviation is not declined: "МИФИ"
            if cases or c.feats.get("Case") != "Gen":
                continue
            if c.lemma in _SCHOOL_NOUNS_RU:
                adjs = [a for a in self.s.children(c, "amod") if a.i < c.i and a.pos == "ADJ"]
                if not adjs or not adjs[0].text[:1].isupper() or [a.i for a in adjs] != list(range(adjs[0].i, c.i)):
                    return None
                gender = c.feats.get("Gender", "Masc")
                words = [ru_adjective_nominative(a.text, gender) or a.lemma for a in adjs]
                phrase = " ".join([words[0][:1].upper() + words[0][1:], *words[1:], c.lemma])
                return phrase
            if c.text[:1].isupper() and self._org(c) and self.tool(c) is None and c.text.isupper():
                return c.text  # "на втором курсе МГУ"
        return None

    def _ru_job_of(self, o: Tok) -> str | None:
        """The genitive common noun that completes a Russian job noun right after it: "директором
        магазина" -> "магазина", "капитан буксира", "преподаватель математики" (not a name, a
        person, a relative, a count or time word)."""
        if o.i + 1 >= len(self.toks):
            return None
        x = self.toks[o.i + 1]
        adj = None
        if x.pos == "ADJ" and x.feats.get("Case") == "Gen" and o.i + 2 < len(self.toks) and x.head == o.i + 2:
            adj, x = x, self.toks[o.i + 2]  # "учитель начальных классов": an adjective before the noun
        if x.pos != "NOUN" or x.head != o.i or x.feats.get("Case") != "Gen" or x.text[:1].isupper() or x.i in self.quoted:
            return None
        shift_boss = x.lemma == "смена" and o.lemma in ("мастер", "начальник")  # "мастер смены", not "год смены"
        if x.feats.get("Animacy") == "Anim" or x.lemma in lx.RELATIONS or x.lemma in _NOT_JOB_OF and not shift_boss or not x.lower.isalpha():
            return None
        return f"{adj.lower} {x.lower}" if adj is not None else x.lower

    def _ru_modifier(self, w: Tok, noun: Tok) -> str:
        """An adjective of a Russian job title in the nominative: "до ведущего аналитика" -> "ведущий"."""
        if w.pos != "ADJ" or w.feats.get("Case", "Nom") == "Nom":
            return w.text.lower()
        return ru_adjective_nominative(w.text, noun.feats.get("Gender", "Masc")) or w.text.lower()
