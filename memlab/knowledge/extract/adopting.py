"""English: a thing newly taken into use, said by what it is like to get used to it or by what a
new machine came with: "still getting used to Neovim", "this iPhone 15 is taking some getting
used to", "the replacement laptop came with Ubuntu preinstalled"."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _PAST_ADJ, SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.passing import _DEVICES
from memlab.lang import wordlists as wl

_GET = frozenset("get getting got gotten".split())
_NEW = frozenset("new replacement this".split())
_MY_THING = ("keeps me sane", "keeping me sane", "keep me sane", "my main thing", "my whole life", "my life now")
_OPENERS = wl.words("en", "openers")
_STUDY_PERIODS = frozenset("year term semester".split())
_LESSONS = frozenset("lesson class course tutor tutoring".split())
_TAKE_LESSONS = frozenset("take start begin have do attend".split())
_STUDY_YEARS = wl.words("en", "study_years")
_NOT_THIS_YEAR = wl.words("en", "not_this_year")
_STUDY_CONTEXT = wl.words("en", "study_context")
_MACHINES = _DEVICES | frozenset("phone mac macbook".split())


class Adopting(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _adopting(self) -> Iterator[Extracted]:
        if self.s.lang != "en" or any(t.lower in lx.HYPOTHETICAL_MARKS | lx.MODALS | lx.FUTURE_AUX for t in self.toks):
            return  # "if I get used to Emacs I'll switch", "I could never get used to Vim"
        yield from self._my_thing()
        yield from self._school_year()
        for t in self.toks:
            if t.i in self.quoted:
                continue
            if t.lower == "used" and t.i and t.i + 1 < len(self.toks) and self.toks[t.i + 1].lower == "to":
                yield from self._getting_used_to(t)
            elif t.lemma == "come" and t.pos == "VERB":
                yield from self._came_with(t)
            elif t.lemma in _LESSONS and t.pos == "NOUN" and t.i and self.toks[t.i - 1].lower in lx.LANGUAGES:
                yield from self._lessons(t)

    def _my_thing(self) -> Iterator[Extracted]:
        """ "bouldering three times a week is basically my entire personality", "knitting is what's
        keeping me sane": an activity the sentence opens with, said to be the speaker's life."""
        low = [t.lower for t in self.toks]
        text = " ".join(low)
        said = any(p in text for p in _MY_THING) or any(
            w == "personality" and "my" in low[max(k - 3, 0) : k] for k, w in enumerate(low)
        )
        if not said or any(t.lower in lx.NEGATIONS or self._someone_else(t) for t in self.toks):
            return
        first = next((t for t in self.toks if t.pos not in ("INTJ", "PUNCT", "CCONJ") and t.lower not in _OPENERS), None)
        be = next((t for t in self.toks if t.lemma == "be"), None)
        if first is None or be is None or be.i <= first.i or first.i in self.quoted or first.text[:1].isupper() and first.i:
            return
        word = first.lower
        if word in lx.SPORTS:
            yield self.fact(SPEAKER, "sport", word, "concept")
        elif word in lx.INSTRUMENTS:
            yield self.fact(SPEAKER, "instrument", word, "concept")
        elif word.endswith("ing") and len(word) > 5 and first.pos in ("NOUN", "VERB"):
            yield self.fact(SPEAKER, "hobby", word, "concept")

    def _school_year(self) -> Iterator[Extracted]:
        """ "my son Leo's first year at Exeter is going well", "my second year at Leeds uni is
        brutal": a year of study at a place-named university (not "my first year at Google", a
        company; not a year that was, or is still to come)."""
        low = [t.lower for t in self.toks]
        if any(w in _NOT_THIS_YEAR for w in low):
            return
        for k, t in enumerate(self.toks[2:-2], start=2):
            ordinal, at, name = self.toks[k - 1], self.toks[k + 1], self.toks[k + 2]
            if t.lower not in _STUDY_PERIODS or ordinal.lower not in _STUDY_YEARS or at.lower != "at" or not name.text[:1].isupper():
                continue
            school = k + 3 < len(self.toks) and self.toks[k + 3].lower in ("uni", "university", "college")
            # the small model's NER can't tell Exeter from Google; a term or semester is a school's
            studying = school or t.lower != "year" or any(w in _STUDY_CONTEXT for w in low)
            if name.i in self.quoted or self.tool(name) is not None or not studying:
                continue
            owner = self.toks[k - 2]
            if owner.lower == "my":
                who: str | None = SPEAKER
            elif owner.lower in ("'s", "’s") and k >= 3 and self.toks[k - 3].pos == "PROPN":
                who = self.value_text(self.toks[k - 3])
            else:
                who = None  # "his first year at Exeter": whose is unclear
            if who is not None:
                yield self.fact(who, "university", self.value_text(name), "organization")
                return

    def _getting_used_to(self, used: Tok) -> Iterator[Extracted]:
        """ "I'm getting used to Neovim", "still getting used to the Pixel 8": what the subject (the
        speaker when there is none) now uses; "this iPhone 15 is taking some getting used to": the
        speaker's own new one (not "Vim takes some getting used to", said of anyone)."""
        before = self.toks[used.i - 1]
        if before.lower not in _GET:
            return  # "I used to write Perl": a past habit
        take = self.toks[before.head] if before.pos == "NOUN" else None  # "is taking some getting used to"
        if take is not None and take.lemma == "take" and before.dep in ("obj", "dobj"):
            if self._blocked(take) or self.denied(take):
                return
            for x in self.s.children(take, "nsubj"):
                if not any(c.lower == "this" or c.lemma in _NEW for c in self.s.children(x, "det", "amod")) and self.owner_of(x) != SPEAKER:
                    continue
                found = self.tool_value(x)
                if found is not None and x.i not in self.quoted:
                    yield self.fact(SPEAKER, found[0], found[1], "tool")
            return
        head = used if used.pos == "VERB" else self.toks[used.head]
        # "used" is a participle, not a past state: the tense is that of "getting" ("I'm getting", "I got")
        as_now = replace(head, tag="VBG", feats={})
        if self._blocked(as_now) or self.denied(head) or before.lower == "got" and not self._now():
            return
        who = self.subject_of(head) if self.s.children(head, "nsubj", "nsubj:pass", "nsubjpass") else SPEAKER
        if who is None:
            return
        targets = [o for case, o in self.obliques(head) if case == "to"]
        targets = targets or [x for x in self.toks[used.i + 2 : used.i + 5] if x.pos in ("PROPN", "NOUN")][:1]
        for o in targets:
            found = self.tool_value(o)
            if found is not None and o.i not in self.quoted:
                yield self.fact(who, found[0], found[1], "tool")
                return

    def _lessons(self, lessons: Tok) -> Iterator[Extracted]:
        """ "I'm taking French lessons", "so it's French lessons now", "started Spanish classes":
        the language the subject is learning (not lessons had, wanted or given)."""
        language = self.toks[lessons.i - 1]
        head = self.toks[lessons.head]
        if lessons.dep in ("obj", "dobj") and head.lemma in _TAKE_LESSONS:
            if self._blocked(head) and not (head.lemma in ("start", "begin") and head.tag == "VBD") or self.denied(head):
                return  # "started Spanish classes" is a start that holds; "took French lessons at school" is the past
            if head.lemma not in ("start", "begin") and head.tag == "VBD":
                return
            who = self.subject_of(head)
        elif lessons.dep == "attr" and head.lemma == "be" and self._now() and not self._blocked(head) and not self.denied(head):
            who = SPEAKER if any(c.lower == "it" for c in self.s.children(head, "nsubj")) else None  # "it's French lessons now"
        elif lessons.dep in ("root", "ROOT") and self._now():
            who = SPEAKER  # "French lessons twice a week now"
        elif self.s.children(lessons, "nmod:poss", "poss") and lessons.dep.startswith("nsubj"):
            # "my Italian lessons are going so well", "Omar's Spanish class is on Tuesdays": the owner's
            past = head.tag == "VBD" or any(c.lower in ("was", "were") for c in self.s.children(head, "aux", "aux:pass", "auxpass", "cop"))
            if self._blocked(head) or self.denied(head) or past or any(c.lemma in _PAST_ADJ for c in self.s.children(lessons, "amod")):
                return
            who = self.owner_of(lessons)
        else:
            return
        if who is not None and language.i not in self.quoted:
            yield self.fact(who, "learning_language", language.text.capitalize(), "concept")

    def _came_with(self, come: Tok) -> Iterator[Extracted]:
        """ "my new laptop came with Fedora", "the replacement laptop IT handed out came with Ubuntu
        preinstalled": the operating system of the speaker's new machine."""
        subj = next(iter(self.s.children(come, "nsubj")), None)
        if subj is None or subj.lemma not in _MACHINES or self._blocked(come) or self.denied(come):
            return
        mods = {c.lemma for c in self.s.children(subj, "amod", "compound", "det")}
        owner = self.owner_of(subj)
        if mods & _PAST_ADJ or owner not in (SPEAKER, None) or owner is None and not mods & _NEW:
            return  # "my old laptop came with Vista", "a laptop came with Windows" (anyone's), "his laptop ..."
        between = self.toks[subj.i + 1 : come.i]  # "the new laptop my boss got": the boss's (the parse may not say so)
        if any(self._someone_else(x) for x in between) and not any(x.lower in ("me", "us") for x in between):
            return
        after_with = [self.toks[c.i + 1] for c in self.s.children(come, "prep") if c.lower == "with" and c.i + 1 < len(self.toks)]
        for o in [o for case, o in self.obliques(come) if case == "with"] + after_with:  # "with Ubuntu preinstalled"
            found = self.tool_value(o) if o.i not in self.quoted else None
            if found is not None and found[0] == "operating_system":
                yield self.fact(SPEAKER, found[0], found[1], "tool")
                return

    def _now(self) -> bool:
        return any(t.lower in ("now", "finally", "slowly", "nowadays") for t in self.toks)
