"""English facts said in passing, with no verb of having or being that the clause readers know:
"I've taken up the cello", "I'm on drums", "bass player in a punk band", "native Portuguese
speaker", "my sister teaches in Perth"."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _PAST_ADJ, _VISIT_WORDS, SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, is_city_name
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_TAKE_UP = frozenset("take pick".split())
_PLAYERS = wl.table("en", "players")
_OVER = frozenset("was were used quit stopped gave".split())
_SYSTEMS = wl.words("en", "systems")
_DEVICES = wl.words("en", "devices")
_OWN = frozenset("my our".split())


# whom one teaches at home, not for a living: "teaching my siblings coding"
_KIN_TAUGHT = frozenset(lx.RELATIONS) | {"sibling", "kid", "child"}


_NO_OWNERS = wl.words("en", "no_owners")

class Passing(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _in_passing(self) -> Iterator[Extracted]:
        yield from self._system_on_machine()
        yield from self._possessed_device()
        yield from self._studies_at()
        yield from self._here_in()
        yield from self._goodbye_hello()
        if self.s.lang == "ru":
            yield from self._ru_age()
            yield from self._ru_moved_onto()
            return
        yield from self._adopting()  # "still getting used to Neovim": before "used" ends the reading below
        yield from self._standing()  # "I have a BEng in mechanical engineering", "I'm a Londoner now"
        if not any(t.lower in {"used", "was", "were"} | lx.HYPOTHETICAL_MARKS for t in self.toks):
            yield from self._all_now()  # "gave up the studio pass, I'm all in on woodworking now"
        if any(t.lower in _OVER | lx.HYPOTHETICAL_MARKS for t in self.toks):
            return
        for t in self.toks:
            if t.i in self.quoted:
                continue
            for table in (_BY_WORD, _BY_WORD_TOO):  # in each table, the first test the word passes reads it
                name = next((name for name, test in table if test(self, t)), None)
                if name is not None:
                    yield from getattr(self, name)(t)

    def _player(self, t: Tok) -> Iterator[Extracted]:
        """ "bass player in a punk band", "I'm a drummer": the instrument of whom the noun describes."""
        who = self._described(t)
        if who is not None:
            yield self.fact(who, "instrument", _PLAYERS.get(t.lower) or self.toks[t.i - 1].lemma, "concept")

    def _native_speaker(self, t: Tok) -> Iterator[Extracted]:
        """ "native Portuguese speaker": the native language of whom the noun describes."""
        language = self.toks[t.i - 1]
        who = self._described(t)
        if who is not None and language.lower in lx.LANGUAGES:
            yield self.fact(who, "native_language", language.text.capitalize(), "concept")

    def _demonym(self, t: Tok) -> Iterator[Extracted]:
        """ "guess I'm a Londoner now": the city of whom the noun describes."""
        who = None if self.denied(t) or self._blocked(self.toks[t.head]) else self._described(t)
        if who is not None:
            yield self.fact(who, "city", lx.DEMONYMS[t.lower], "place")

    def _swears_by(self, t: Tok) -> Iterator[Extracted]:
        """ "Mike still swears by his BlackBerry": the subject's tool."""
        who = self.subject_of(t)
        for case, o in self.obliques(t) if who is not None else []:
            found = self.tool_value(o) if case == "by" and o.i not in self.quoted else None
            if found is not None and who is not None:
                yield self.fact(who, found[0], found[1], "tool")

    def _pastime_or_tool(self, t: Tok) -> tuple[str, str, str] | None:
        if t.lemma in lx.INSTRUMENTS:
            return "instrument", lx.instrument_name(t.lemma), "concept"
        if t.lemma in lx.SPORTS:
            return "sport", t.lemma, "concept"
        found = self.tool(t)
        return (found[0], found[1], "tool") if found is not None else None

    def _all_now(self) -> Iterator[Extracted]:
        """ "it's all cello now", "I'm all in on woodworking now", "everything sits in CockroachDB
        now", "we moved everything to Postgres": what the speaker does or uses now."""
        low = [t.lower for t in self.toks]
        kept = "everything" in low and any(w in ("we", "our") for w in low) and any(
            t.lower in ("sits", "lives", "runs") for t in self.toks  # the small model may read "sits" as a noun
        )  # "everything we have sits in postgres": where it is kept, in the present
        if "now" not in low and not kept and not any(t.lemma in ("move", "switch", "migrate") for t in self.toks):
            return
        if any(self._someone_else(t) for t in self.toks):
            return  # "Ravi joined the platform team and now it's all Scala for him": his, not the speaker's
        for t in self.toks:
            if t.i in self.quoted or t.i < 2:
                continue
            before = low[max(0, t.i - 3) : t.i]
            value = None
            if before[-1:] == ["all"] and any(w in ("'s", "is", "it's") for w in before[:-1]):
                value = self._pastime_or_tool(t)  # "it's all cello now"
            elif before[-3:] == ["all", "in", "on"]:
                value = self._pastime_or_tool(t) or (("hobby", t.lower, "concept") if t.pos in ("NOUN", "VERB") and t.lower.endswith("ing") else None)
            elif before[-1:] in (["in"], ["on"], ["to"]) and "everything" in low[: t.i] and self.toks[t.head].tag != "VBD":
                value = self._pastime_or_tool(t)  # "everything sits in CockroachDB now"
            if value is not None:
                yield self.fact(SPEAKER, value[0], value[1], value[2])
                return

    def _ru_moved_onto(self) -> Iterator[Extracted]:
        """ "коллеги пересадили меня на VS Code", "нас перевели на Kotlin": the speaker's tool now."""
        for v in self.toks:
            if v.lemma not in ("пересадить", "перевести", "посадить") or self._blocked(v):
                continue
            if not any(c.lower in ("меня", "нас") for c in self.s.children(v, "obj", "iobj", "nsubj")):
                continue
            for case, o in self.obliques(v):
                found = self.tool(o) if case == "на" and o.i not in self.quoted else None
                if found is not None:
                    yield self.fact(SPEAKER, found[0], found[1], "tool")
                    return

    def _been_in(self, been: Tok) -> Iterator[Extracted]:
        """ "I've been in Helix for a month straight": living in an editor is using it."""
        o = self.toks[been.i + 2]
        found = self.tool(o) if o.i not in self.quoted else None
        have = any(x.lower in ("i've", "'ve", "have", "i") for x in self.toks[max(0, been.i - 2) : been.i])
        if found is not None and found[0] == "editor" and have:
            yield self.fact(SPEAKER, "editor", found[1], "tool")

    def _taken_up(self, v: Tok) -> Iterator[Extracted]:
        """ "I've taken up the cello", "picked up bouldering in the spring"; not "I'd take up surfing"."""
        who = None if self._blocked(v) else self.subject_of(v)
        for _, o in self.obliques(v):
            if who is None or o.i in self.quoted:
                continue
            if o.lemma in lx.INSTRUMENTS:
                yield self.fact(who, "instrument", o.lemma, "concept")
            elif o.lemma in lx.SPORTS:
                yield self.fact(who, "sport", o.lemma, "concept")

    def _on_instrument(self, t: Tok) -> Iterator[Extracted]:
        """ "I'm on drums", "Kai plays guitar and I'm on bass": what the speaker plays in a band."""
        on = self.toks[t.i - 1]
        copula = self.toks[on.head] if on.dep in ("prep", "case") and on.head != on.i else None
        copula = self.toks[t.head] if copula is not None and copula.i == t.i else copula
        if copula is None or copula.lemma != "be":
            return
        who = self.subject_of(copula)
        if who is not None:
            yield self.fact(who, "instrument", lx.instrument_name(t.lemma), "concept")

    def _teaches(self, v: Tok) -> Iterator[Extracted]:
        """ "my sister Claire teaches in Perth, I teach in Melbourne": a teacher, and where (a
        person's: "Animals teach us a lot about love" is no job)."""
        who = None if self._blocked(v) else self.subject_of(v)
        subj = self.s.children(v, "nsubj")
        person = not subj or subj[0].lower in ("i", "we") or subj[0].lemma in lx.RELATIONS or (
            subj[0].pos == "PROPN" and self._is_person(subj[0])
        )
        if who is None or not person or self.s.children(v, "iobj") or any(c.lower in ("us", "me") for c in self.s.children(v, "obj", "dobj")):
            return
        if v.tag == "VBG" and v.dep != "xcomp" and not self.s.children(v, "aux"):
            return  # "Teaching it is awesome", "teaching them tricks must be fun": an activity talked about
        objs = self.s.children(v, "obj", "dobj")
        how_to = any(t.lower == "how" and self.toks[t.i + 1].lower == "to" for t in self.toks[v.i + 1 : v.i + 6][:-1])
        if how_to or any(o.pos == "PRON" or self.owner_of(o) is not None and o.lemma in _KIN_TAUGHT for o in objs):
            return  # "teaching my siblings coding", "teaching people how to make this": no job
        played = [o for o in objs if o.lemma in lx.INSTRUMENTS]
        if played:  # "I teach piano to kids on Saturdays": an instrument one plays; the job, unclear
            yield self.fact(who, "instrument", lx.instrument_name(played[0].lemma), "concept")
            return
        yield self.fact(who, "job_title", "teacher", "concept")
        for case, o in self.obliques(v):
            if case == "in" and self._place(o):
                yield self.fact(who, "city", self.city(o), "place")

    def _studies_at(self) -> Iterator[Extracted]:
        """ "I'm studying for a master's in public health at the University of Sheffield", "my PhD at
        the University of Edinburgh is about glacier melt", "Ines is in the second year of her
        doctorate at KU Leuven": a school after "at" in a sentence about studying, the university of
        whoever studies (not a degree finished, applied for or visited)."""
        if self.s.lang != "en" or any(t.lower in _OVER | lx.HYPOTHETICAL_MARKS for t in self.toks):
            return
        cues = [t for t in self.toks if (t.lower in _STUDY or t.lemma in _STUDY) and t.i not in self.quoted]
        if not cues or any(t.lemma in _NOT_STUDYING | _TEACHING or t.lower in _NOT_STUDYING for t in self.toks):
            return
        for o in self.toks:
            at = next((c for c in self.s.children(o, "case") if c.lower == "at"), None)
            if at is None or o.pos != "PROPN" or o.i in self.quoted:
                continue
            name = self._school_name(o, near=any(0 < at.i - c.i <= 5 for c in cues))
            chain = self.s.ancestors(o)
            verb = next((a for a in chain if self._is_predicate(a)), None)
            if name is None or verb is None or self._blocked(verb) or self.denied(verb):
                continue
            if verb.tag == "VBD" and verb.lemma not in ("start", "begin", "enrol", "enroll", "transfer", "move", "switch"):
                continue  # "I did my degree at Leeds": over
            studied = next((a for a in chain if a.lower in _STUDY or a.lemma in _STUDY), None)
            owner = self.owner_of(studied) if studied is not None else None
            who = owner or self.subject_of(verb)
            if who is not None:
                yield self.fact(who, "university", name, "organization")

    def _school_name(self, o: Tok, near: bool) -> str | None:
        """The school ``o`` names: its entity span ("the University of Sheffield" -> "University of
        Sheffield") or its name; a name with no school word only right after a word of studying."""
        span = self.s.span_of(o)
        words = [w for w in (self.toks[span[0] : span[1]] if span else [o]) if w.pos != "DET"]
        if span is None or o.i not in range(span[0], span[1]):
            words = []
        name = " ".join(w.text for w in words) if words else self.value_text(o)
        if any(w.lower() in lx.SCHOOL_NOUNS for w in name.split()) or near and (o.ent in ("ORG", "LOC", "GPE") or self._name(o)):
            return name
        return None

    def _tool_user(self, t: Tok) -> Iterator[Extracted]:
        """ "Brave user for a month now", "long-time Neovim user here", "I'm a Fedora user": the tool
        of whoever the noun describes (not a former, occasional or negated one)."""
        k = t.i - 1
        found = self.tool_value(self.toks[k]) if self.toks[k].i not in self.quoted else None
        if found is None or any(w.lower in _NOT_A_USER for w in self.toks[max(k - 3, 0) : k]) or self.denied(t):
            return
        head = self.toks[t.head]
        if t.dep in ("attr", "acomp") and head.lemma == "be":
            who = None if self._blocked(head) or self._past_state(head) else self.subject_of(head)
        else:
            opening = [x for x in self.toks[:k] if x.pos not in ("PUNCT", "INTJ", "ADJ", "ADV", "NOUN", "DET", "CCONJ")]
            who = SPEAKER if not opening and not any(x.lower in ("if", "was", "were") for x in self.toks) else None
        if who is not None:
            yield self.fact(who, found[0], found[1], "tool")

    def _goodbye_hello(self) -> Iterator[Extracted]:
        """ "goodbye Java, hello C#", "bye bye Windows, hello Fedora", "so long London, hello
        Lisbon": the value greeted, of the kind of the one seen off."""
        if self.s.lang != "en":
            return
        low = [t.lower for t in self.toks]
        for k, w in enumerate(low):
            if w not in ("goodbye", "bye", "farewell") or k + 1 >= len(low):
                continue
            hello = next((j for j in range(k + 2, min(k + 6, len(low))) if low[j] in ("hello", "hi")), None)
            if hello is None or hello + 1 >= len(low):
                return
            old, new = self.toks[k + 1], self.toks[hello + 1]
            if old.lower == "bye":
                old = self.toks[k + 2]
            if old.i in self.quoted or new.i in self.quoted:
                return
            was, now = self.tool_value(old), self.tool_value(new)
            if was is not None and now is not None and was[0] == now[0]:
                yield self.fact(SPEAKER, now[0], now[1], "tool")
            elif self._place(old) and self._place(new) and new.text[:1].isupper() and now is None:
                yield self.fact(SPEAKER, "city", self.city(new), "place")
            return

    def _sits_on_team(self, v: Tok) -> Iterator[Extracted]:
        """ "I sit on the fraud team at Starling Bank", "I work on the payments team at Monzo"."""
        who = self.subject_of(v)
        if who is None:
            return
        found = [f for case, o in self.obliques(v) if case == "on" and o.lemma in lx.TEAM_NOUNS for f in self._located("on", o, who)]
        yield from found
        if any(f.attribute == "team" for f in found) and not any(f.attribute == "employer" for f in found):
            for case, o in self.obliques(v):  # the parse may hang "at Monzo" on the verb
                if case == "at" and o.pos == "PROPN" and self._org(o) and o.i not in self.quoted:
                    yield self.fact(who, "employer", self.value_text(o), "organization")

    def _enrolled(self, v: Tok) -> Iterator[Extracted]:
        """ "Ethan transferred to the University of Bath", "I enrolled at Birkbeck College": a school
        by name (a school word in it) is the university of whoever moved there."""
        who = None if self._blocked(v) or self.denied(v) or any(t.lemma in _TEACHING for t in self.toks) else self.subject_of(v)
        for case, o in self.obliques(v):
            if who is None or case not in ("to", "at", "in", "into") or o.i in self.quoted or o.pos != "PROPN":
                continue
            name = self._school_name(o, near=False)
            if name is not None:
                yield self.fact(who, "university", name, "organization")
                return

    def _life_in(self, life: Tok) -> Iterator[Extracted]:
        """ "Life in Aberdeen is quiet, but I like it": the speaker's city, in a sentence of the
        speaker's own (not "life in Paris must be amazing", "my sister's life in Oslo")."""
        o = self.toks[life.i + 2]
        verb = self.toks[life.head] if life.dep.startswith("nsubj") else None
        if verb is None or not o.text[:1].isupper() or not self._place(o) or o.i in self.quoted:
            return
        if self._blocked(verb) or self._past_state(verb) or self.s.children(life, "nmod:poss", "poss"):
            return
        if any(t.lower in ("i", "i'm", "me", "my", "we", "our") for t in self.toks if t.i > o.i):
            yield self.fact(SPEAKER, "city", self.city(o), "place")

    def _here_in(self) -> Iterator[Extracted]:
        """ "I write Scala for a living here in Zurich", "it's pouring again here in Leeds": where the
        speaker is, said in a sentence of the speaker's own (not on a trip, a visit or a stay of days)."""
        if self.s.lang != "en" or any(t.lemma in _VISIT_WORDS | _SHORT_STAY or t.lower in _OVER for t in self.toks):
            return
        for t in self.toks[:-2]:
            o = self.toks[t.i + 2]
            if t.lower != "here" or self.toks[t.i + 1].lower != "in" or t.i in self.quoted or not self._place(o):
                continue
            known = o.ent in ("LOC", "GPE", "") or is_city_name(self.city(o)) is True  # the NER calls Truro a person
            if not o.text[:1].isupper() or not known and o.lower not in lx.LOWER_CASE_CITIES:
                continue
            verb = next((a for a in self.s.ancestors(t) if a.pos in ("VERB", "AUX") or a.dep == "root"), None)
            if verb is None or self._blocked(verb) or self.denied(verb):
                continue
            who = self.subject_of(verb)
            # "it's pouring again here in Leeds", "the buses round here in Truro give up at 7pm": no person
            others = [x for x in self.toks if x.dep.startswith("nsubj") and self._someone_else(x)]
            if who == SPEAKER or not others:
                yield self.fact(SPEAKER, "city", self.city(o), "place")
                return

    def _swapped_for(self, v: Tok) -> Iterator[Extracted]:
        """ "my dad has swapped his iPhone for a Galaxy S23", "I left Windows for Fedora", "we left
        Leeds for Bristol", "replaced Jenkins with ...": the value taken, of the kind of the one given up."""
        who = None if self._blocked(v) or self.denied(v) else self.subject_of(v)
        given = [o for o in self.s.children(v, "obj", "dobj") if o.i not in self.quoted]
        if who is None or not given:
            return
        case_new = "with" if v.lemma == "replace" else "for"
        hung = [(next((c.lemma for c in self.s.children(x, "case")), ""), x) for x in self.s.children(given[0], "nmod", "obl")]
        for case, o in [*self.obliques(v), *hung]:  # the parse may hang "for Bristol" on "Leeds"
            if case != case_new or o.i in self.quoted:
                continue
            new, old = self.tool_value(o), self.tool_value(given[0])
            car = self._car(o) if any(w.lower in lx.CAR_BRANDS for w in self.toks[max(o.i - 2, 0) : o.i + 1]) else None
            if new is not None and (old is None or old[0] == new[0]):
                yield self.fact(who, new[0], new[1], "tool")
            elif car is not None:
                yield self.fact(who, "car", car, "concept")
            elif all(self._place(x) and (x.ent in ("LOC", "GPE") or x.lower in lx.LOWER_CASE_CITIES) for x in (o, given[0])):
                yield self.fact(who, "city", self.city(o), "place")
            return

    def _called_home(self, v: Tok) -> Iterator[Extracted]:
        """ "I've called Winnipeg home since the spring", "my gran calls Whitby home": the city."""
        who = None if self._blocked(v) or self.denied(v) else self.subject_of(v)
        kids = self.s.children(v, "obj", "dobj", "nsubj", "oprd", "xcomp", "ccomp")
        kids += [c for k in kids if k.lower == "home" for c in self.s.children(k, "compound")]  # "Winnipeg home"
        for o in kids:
            if who is not None and o.lower != "home" and o.i not in self.quoted and self._place(o):
                yield self.fact(who, "city", self.city(o), "place")
                return

    def _grew_up(self, v: Tok) -> bool:
        return v.lemma == "grow" and any(c.lower == "up" for c in self.s.children(v, "prt", "compound:prt"))

    def _grew_up_speaking(self, t: Tok) -> Iterator[Extracted]:
        """ "I grew up speaking Tagalog", "my wife grew up speaking Welsh": the native language."""
        grew = self.toks[t.head]
        who = None if self._blocked(grew) or self.denied(grew) else self.subject_of(grew)
        for o in self.s.children(t, "obj", "dobj"):
            if who is not None and o.lower in lx.LANGUAGES and o.i not in self.quoted:
                yield self.fact(who, "native_language", o.text.capitalize(), "concept")

    def _possessed_device(self) -> Iterator[Extracted]:
        """ "the brakes on my 2017 Mazda 3 squeak", "the battery on my Pixel 7a barely lasts", "my
        dad's iPhone 12 froze": a phone or car said with its owner's possessive is the owner's
        (not an old one, nor one the clause sells, swaps, loses or wants)."""
        if self.s.lang != "en" or any(t.lower in _OVER | lx.HYPOTHETICAL_MARKS | _NOT_YET for t in self.toks):
            return
        for t in self.toks:
            if t.i in self.quoted or t.pos not in ("PROPN", "NOUN", "NUM", "X"):
                continue
            poss = [c for c in self.s.children(t, "nmod:poss", "poss") if c.i < t.i]
            if not poss or any(w.lemma in _PAST_ADJ | _SPARE for w in self.toks[poss[0].i : t.i + 2]):
                continue  # "my old iPhone 8", "my spare Pixel"
            if poss[0].lower in _NO_OWNERS:
                continue  # "Everything's Elixir": the parse's possessive is "is"
            if any(c.lower == "from" for c in self.s.children(t, "case")):
                continue  # "switched from my ancient iPhone 7 to a Galaxy": the one left behind
            stack = self._possessed_stack(t)
            if stack is not None:  # "our postgres locked up again", "my fedora laptop", "my Rust code"
                verb = next((a for a in self.s.ancestors(t) if a.pos in ("VERB", "AUX") or a.dep == "root"), None)
                owner = self.owner_of(t)
                if owner is not None and not (verb is not None and (self._blocked(verb) or _dropping(verb))):
                    yield self.fact(owner, stack[0], stack[1], "tool")
                continue
            if t.pos == "NOUN" and t.lower not in lx.CAR_BRANDS and self.tool(t) is None:
                continue  # "my Tesla Model 3 order", "my iPhone 15 preorder": the phrase names something else
            found = self.tool_value(t)
            attribute, value = (found[0], found[1]) if found is not None and found[0] == "phone" else ("car", self._car(t))
            carish = lx.CAR_BRANDS | set(lx.CAR_MODELS_EN)
            if value is None or attribute == "car" and not any(w.lower in carish for w in self.toks[poss[0].i : t.i + 1]):
                continue
            verb = next((a for a in self.s.ancestors(t) if a.pos in ("VERB", "AUX") or a.dep == "root"), None)
            if verb is not None and (self._blocked(verb) or _dropping(verb)):
                continue
            owner = self.owner_of(t)
            if owner is not None:
                yield self.fact(owner, attribute, value, "tool" if attribute == "phone" else "concept")

    def _possessed_stack(self, t: Tok) -> tuple[str, str] | None:
        """(category, tool) of an operating system, database, editor or language that the possessed
        ``t`` is, or that names the machine or code ``t`` is ("our postgres", "my fedora laptop",
        "my Rust code"); not a course, an interview or a book on it."""
        found = self.tool_value(t)
        if found is None and t.lemma in _STACK_THINGS:
            kinds = [c for c in self.s.children(t, "compound", "amod") if c.i < t.i]
            found = self.tool_value(kinds[-1]) if kinds else None
        if found is None or found[0] not in _STACK_KINDS:
            return None
        return found

    def _own(self, t: Tok) -> bool:
        return any(c.lower in _OWN and c.dep in ("nmod:poss", "poss") for c in self.s.children(t))

    def _home_in(self, home: Tok) -> Iterator[Extracted]:
        """ "unpacked the last box in our new place in Norwich", "my flat in Leeds has no heating":
        the speaker's home, and its city (not a lease or a house being looked at: no such verb)."""
        verb = self.toks[home.head]
        if self._blocked(verb) or verb.lemma in ("look", "view", "sell", "leave", "find", "search", "want", "take", "rent"):
            return
        if any(c.lemma in _PAST_ADJ for c in self.s.children(home, "amod")):
            return  # "my brother took my old flat in Lyon"
        if verb.pos in ("VERB", "AUX") and self.s.children(verb, "nsubj") and self.subject_of(verb) != SPEAKER:
            return  # someone else's doing in the speaker's home
        after = self.toks[home.i + 2] if home.i + 2 < len(self.toks) and self.toks[home.i + 1].lower == "in" else None
        for case, o in [*self.obliques(home), *([("in", after)] if after is not None else [])]:  # the parse may hang "in X" on the verb
            if case == "in" and o.i not in self.quoted and self._place(o):
                yield self.fact(SPEAKER, "city", self.city(o), "place")
                return

    def _system_on_machine(self) -> Iterator[Extracted]:
        """ "Fedora on the work laptop and the desktop", "на работе убунта, дома винда": an operating
        system named with the speaker's machine or place, in a stretch with no verb of its own."""
        places = ("дома", "работе", "ноуте", "компе", "ноутбуке", "компьютере")
        for part in self._stretches(dashes=True):
            if any(t.pos in ("VERB", "AUX") or t.lower in lx.NEGATIONS for t in part):
                continue
            if any(self._someone_else(t) or t.lemma in lx.RELATIONS or t.lower in ("у", "his", "her", "their") for t in part):
                continue  # "у брата дома винда": someone else's machine
            for t in part:
                found = self.tool(t) if t.i not in self.quoted else None
                if found is None or found[0] != "operating_system":
                    continue
                near = [x.lower for x in part if abs(x.i - t.i) <= 3 and x.i != t.i]
                en = self.s.lang != "ru" and "on" in near and any(w in _DEVICES or w in ("work", "home") for w in near)
                ru = self.s.lang == "ru" and any(w in places for w in near)
                if en or ru:
                    yield self.fact(SPEAKER, "operating_system", found[1], "tool")
                    break

    def _code_in(self, system: Tok) -> Iterator[Extracted]:
        """ "our whole backend is written in Elixir", "my app is all Kotlin": the language of the
        speaker's own system, said as it is now (not "was written", not "will be")."""
        v = self.toks[system.head]
        # "written" is a verb of telling to _blocked; here only a question, an imagined sentence or a
        # blocking verb above the clause keeps it from being a fact
        above = self.toks[v.head] if v.head != v.i else None
        blocked = self._is_question() or bool(self.said.get("unreal")) or above is not None and (
            self._blocked(above) or above.lemma in lx.NONFACT_HEADS or v.dep == "ccomp"
        )  # "my lead reckons our API is written in Kotlin": someone's view of it
        if blocked or self.denied(v) or v.tag == "VBD" or any(c.tag in ("VBD", "MD") for c in self.s.children(v, "aux", "auxpass", "aux:pass")):
            return
        if v.lemma in ("write", "build", "do", "code") and v.tag == "VBN":
            values = [o for case, o in self.obliques(v) if case == "in"]
        elif v.lemma == "be" and v.tag in ("VBZ", "VBP"):
            values = self.s.children(v, "attr")
        else:
            return
        for o in values:
            found = self.tool_value(o)
            if found is not None and found[0] == "programming_language" and o.i not in self.quoted:
                yield self.fact(SPEAKER, found[0], found[1], "tool")
                return

    def _device_runs(self, v: Tok) -> Iterator[Extracted]:
        """ "my laptop runs openSUSE Tumbleweed": the operating system of the speaker's machine."""
        subj = self.s.children(v, "nsubj")
        if not subj or subj[0].lemma not in _DEVICES | _SYSTEMS or not self._own(subj[0]) or self._blocked(v):
            return
        kinds = ("operating_system",) if subj[0].lemma in _DEVICES else ("database", "programming_language", "operating_system")
        objects = self.s.children(v, "obj", "dobj") + [o for case, o in self.obliques(v) if case == "on"]
        for o in [*objects, *(c for x in objects for c in self.s.children(x, "compound"))]:  # "openSUSE Tumbleweed"
            found = self.tool_value(o)
            if found is not None and found[0] in kinds and o.i not in self.quoted:
                yield self.fact(SPEAKER, found[0], found[1], "tool")  # "our whole backend runs on Postgres"
                return

    def _pet_arrived(self, pet: Tok) -> Iterator[Extracted]:
        """ "a tiny black kitten called Soot moved in", "a puppy named Biscuit joined the family", "a
        rescue kitten called Pudding has been running the house": a pet with no owner word that
        arrives in the speaker's home is the speaker's."""
        v = self.toks[pet.head]
        if v.pos != "VERB" or self.owner_of(pet) is not None or self._blocked(v) or self.denied(v):
            return
        words = {c.lower for c in self.s.children(v)}
        if any(t.lower in _NOT_OURS or t.lemma in lx.RELATIONS for t in self.toks):
            return  # "a kitten called Soot moved in next door", "my sister's new puppy ..."
        objects = {o.lemma for o in self.s.children(v, "obj", "dobj")}
        arrived = (
            v.lemma == "move" and "in" in words or v.lemma == "join" and objects & _HOUSEHOLD
            or v.lemma in ("run", "rule") and objects & _HOUSEHOLD or v.lemma == "arrive"
            or v.lemma == "come" and "home" in words
            or v.lemma == "live" and any(case == "with" and o.lower in ("us", "me") for case, o in self.obliques(v))
        )  # fmt: skip
        named = next(
            (n for a in self.s.children(pet, "acl") if a.lemma in ("call", "name")
             for n in self.s.children(a, "oprd", "obj", "dobj", "attr", "xcomp") if self._is_person(n)), None,
        )  # fmt: skip
        if arrived and named is not None and pet.i not in self.quoted and named.i not in self.quoted:
            yield self.fact(SPEAKER, f"pet_{lx.PETS[pet.lemma]}", self.value_text(named), "concept")

    def _gone_all_in(self, v: Tok) -> Iterator[Extracted]:
        """ "Arjun has gone all in on Elixir", "I've gone all in on bouldering": what the subject
        does or uses now."""
        who = self.subject_of(v)
        o = self.toks[v.i + 4] if v.i + 4 < len(self.toks) else None
        if who is None or o is None or self._blocked(v) or o.i in self.quoted:
            return
        found = self._pastime_or_tool(o)
        if found is None and o.pos in ("NOUN", "VERB") and o.lower.endswith("ing"):
            found = ("hobby", o.lower, "concept")
        if found is not None:
            yield self.fact(who, found[0], found[1], found[2])

    def _time_goes_into(self, v: Tok) -> Iterator[Extracted]:
        """ "all my free time goes into pottery", "woodworking has taken over my weekends": the
        speaker's pastime now."""
        subj = next(iter(self.s.children(v, "nsubj")), None)
        if subj is None or v.tag in ("VBD",) or any(t.lower in _OVER for t in self.toks):
            return
        if v.lemma == "go" and subj.lemma in _FREE_TIME and self.owner_of(subj) == SPEAKER:
            into = [o for case, o in self.obliques(v) if case == "into"]
            value = self._pastime(into[0]) if into and into[0].i not in self.quoted else None
        elif v.lemma == "take" and any(c.lower == "over" for c in self.s.children(v, "prt", "compound:prt")):
            objects = self.s.children(v, "obj", "dobj")
            mine = bool(objects) and objects[0].lemma in _FREE_TIME | {"life", "evening", "weekend"} and self.owner_of(objects[0]) == SPEAKER
            if not objects:  # "the binoculars are gathering dust; woodworking has taken over, and I'm building ..."
                mine = any(t.lower in ("i", "my", "i'm") for t in self.toks) and not any(self._someone_else(t) for t in self.toks)
            value = self._pastime(subj) if mine and subj.lower.endswith("ing") or mine and subj.lemma in lx.SPORTS else None
            value = value or (subj.lower if mine and subj.lower.endswith("ing") else None)
        else:
            return
        if value:
            attribute = "sport" if value in lx.SPORTS else "instrument" if value in lx.INSTRUMENTS else "hobby"
            yield self.fact(SPEAKER, attribute, value, "concept")

    def _with_someone(self, with_: Tok) -> Iterator[Extracted]:
        """ "I'm with a guy called Rafael now": the speaker's partner (not "I'm with Vodafone", not
        "I'm with you", not "I'm with Rafael now", which may say where the speaker is)."""
        be = self.toks[1]
        if self._blocked(be) or "now" not in {t.lower for t in self.toks}:
            return
        person = next((o for case, o in self.obliques(be) if case == "with"), None)
        if person is None or person.i in self.quoted:
            return
        if person.lemma in ("guy", "man", "woman", "girl", "boy", "someone", "lady", "bloke"):
            named = next((n for a in self.s.children(person, "acl") if a.lemma in ("call", "name")
                          for n in self.s.children(a, "oprd", "obj", "dobj", "attr", "xcomp")), None)  # fmt: skip
            person = named if named is not None and self._is_person(named) else None
        else:
            person = None  # "I'm with Rafael now" may be where the speaker is: only "a guy called Rafael" is a partner
        if person is not None:
            yield self.fact(SPEAKER, "partner", self.value_text(person), "person")

    def _described(self, t: Tok) -> str | None:
        """Whom a noun phrase describes: the subject of its copula ("I'm a bass player"), or the
        speaker when the phrase opens the message with no verb ("bass player in a punk band")."""
        head = self.toks[t.head]
        if t.dep in ("attr", "acomp", "root") and head.lemma == "be":
            return self.subject_of(head)
        if t.dep in ("attr", "nsubj") and head.i != t.i and head.lemma != "be":
            return None
        opening = [x for x in self.toks[: t.i] if x.pos not in ("PUNCT", "DET", "ADJ", "ADV", "INTJ", "NOUN", "PROPN")]
        return SPEAKER if not opening and t.dep in ("root", "ROOT", "appos", "nsubj") else None

    # -- Russian ----------------------------------------------------------------------------------
    def _ru_age(self) -> Iterator[Extracted]:
        """ "вчера стукнуло 33", "бабушке на днях исполнилось 91", "папа в свои 70 бегает":
        an age said with a birthday verb (whose: the dative, else the speaker) or "в свои N"."""
        for v in self.toks:
            if v.i in self.quoted:
                continue
            if v.lemma in ("исполниться", "стукнуть") and v.feats.get("Tense") != "Fut" and not self._blocked(v):
                age = next((n for n in self.toks[v.i + 1 : v.i + 3] if n.pos == "NUM" and _age(n.text)), None)
                if age is None:
                    continue
                whose = [c for c in self.s.children(v, "iobj", "obl", "nsubj") if c.feats.get("Case") == "Dat"]
                who = self._ru_whose(whose[0]) if whose else SPEAKER
                if who is not None:
                    yield self.fact(who, "age", age.text, "concept")
            elif v.lower == "свои" and v.i and self.toks[v.i - 1].lower == "в" and v.i + 1 < len(self.toks):
                age = self.toks[v.i + 1]
                root = next((t for t in self.toks if t.dep == "root"), None)
                who = self.subject_of(root) if root is not None and age.pos == "NUM" and _age(age.text) else None
                if who is not None:
                    yield self.fact(who, "age", age.text, "concept")

    def _ru_whose(self, t: Tok) -> str | None:
        if t.lower in ("мне", "нам"):
            return SPEAKER
        if t.lemma in lx.RELATIONS and not any(
            c.lower in ("его", "её", "ее", "их", "твоей", "твоему") for c in self.s.children(t)
        ):
            return f"{SPEAKER}'s {lx.RELATIONS[t.lemma]}"
        return None


def _dropping(v: Tok) -> bool:
    """A verb that parts with what it governs, or wants it: "sold my Civic", "swapped my iPhone"."""
    return v.lemma in lx.DROP_VERBS or v.lower in lx.DROP_VERBS or v.lemma in _PARTING


_STUDY = wl.words("en", "study")
_NOT_STUDYING = wl.words("en", "not_studying")
_NOT_YET = wl.words("en", "passing_not_yet")
_SHORT_STAY = wl.words("en", "passing_short_stay")
_NOT_A_USER = wl.words("en", "not_a_user")
_SWAP_VERBS = wl.words("en", "swap_verbs")
_TEACHING = wl.words("en", "teaching")
_HOUSEHOLD = wl.words("en", "household")
_NOT_OURS = wl.words("en", "not_ours")
_FREE_TIME = frozenset("time weekend evening spare free".split())
_STACK_KINDS = frozenset("operating_system database editor programming_language".split())
_STACK_THINGS = wl.words("en", "stack_things")
_SPARE = frozenset("spare backup second first previous broken dead".split())
_PARTING = wl.words("en", "parting")


def _age(text: str) -> bool:
    return text.isdigit() and 0 < int(text) < 120


# The word readers of ``Passing._in_passing``: (reader, test on the word). In each table the first
# test a word passes picks the one reader that reads it; the two tables read a word independently.
_Test = Callable[[Passing, Tok], bool]
_BY_WORD: tuple[tuple[str, _Test], ...] = (
    ("_taken_up", lambda r, t: t.lemma in _TAKE_UP and any(c.lower == "up" for c in r.s.children(t, "prt", "compound:prt"))),
    ("_on_instrument", lambda r, t: t.lemma in lx.INSTRUMENTS and t.i > 0 and r.toks[t.i - 1].lower == "on"),
    ("_player", lambda r, t: t.lemma == "player" and t.i > 0 and r.toks[t.i - 1].lemma in lx.INSTRUMENTS or t.lower in _PLAYERS),
    ("_native_speaker", lambda r, t: t.lemma == "speaker" and t.i > 1 and r.toks[t.i - 2].lower == "native"),
    ("_tool_user", lambda r, t: t.lemma == "user" and t.i > 0),
    ("_demonym", lambda r, t: t.lower in lx.DEMONYMS and t.text[:1].isupper()),
    ("_swears_by", lambda r, t: t.lemma == "swear" and t.pos == "VERB" and not r._blocked(t) and not r.denied(t)),
    ("_enrolled", lambda r, t: t.lemma in ("transfer", "enrol", "enroll") and t.pos == "VERB"),
    ("_sits_on_team", lambda r, t: t.lemma in ("sit", "work", "serve") and t.pos == "VERB" and not r._blocked(t)),
    ("_life_in", lambda r, t: t.lemma == "life" and t.i + 2 < len(r.toks) and r.toks[t.i + 1].lower == "in"),
    ("_swapped_for", lambda r, t: t.lemma in _SWAP_VERBS and t.pos == "VERB"),
    ("_called_home", lambda r, t: t.lemma == "call" and t.pos == "VERB" and any(c.lower == "home" for c in r.s.children(t))),
    ("_grew_up_speaking", lambda r, t: t.lemma == "speak" and t.tag == "VBG" and r._grew_up(r.toks[t.head])),
    ("_teaches", lambda r, t: t.lemma == "teach" and t.pos == "VERB" and t.tag in ("VBP", "VBZ", "VBG")),
    ("_been_in", lambda r, t: t.lower == "been" and t.i + 2 < len(r.toks) and r.toks[t.i + 1].lower == "in"),
    ("_home_in", lambda r, t: t.lemma in lx.HOME_NOUNS and r._own(t)),
    ("_device_runs", lambda r, t: t.lemma == "run" and t.tag in ("VBZ", "VBP", "VBG")),
    ("_code_in", lambda r, t: t.lemma in _SYSTEMS and t.dep in ("nsubj", "nsubj:pass", "nsubjpass") and r._own(t)),
)  # fmt: skip
_BY_WORD_TOO: tuple[tuple[str, _Test], ...] = (
    ("_pet_arrived", lambda r, t: t.lemma in lx.PETS and t.dep == "nsubj" and t.pos == "NOUN"),
    ("_gone_all_in", lambda r, t: t.lemma == "go" and t.pos == "VERB" and [x.lower for x in r.toks[t.i + 1 : t.i + 4]] == ["all", "in", "on"]),
    ("_time_goes_into", lambda r, t: t.lemma in ("go", "take") and t.pos == "VERB" and not r._blocked(t)),
    ("_with_someone", lambda r, t: t.lower == "with" and t.i == 2 and r.toks[1].lemma == "be" and r.toks[0].lower == "i"),
)  # fmt: skip

