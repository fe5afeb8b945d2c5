"""English: who someone is on paper, said without a verb the clause readers know: a degree held
("I have a BEng in mechanical engineering", "got a BSc in chemistry"), an age said as news
("33 as of yesterday")."""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_DEGREES = wl.words("en", "degrees")
_HOLD_VERBS = frozenset("have get hold earn finish complete do".split())
_FIELD_STOPS = wl.words("en", "field_stops")
_TODAY = frozenset("yesterday today tonight".split())


class Standing(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _standing(self) -> Iterator[Extracted]:
        if self.s.lang != "en" or any(t.lower in lx.HYPOTHETICAL_MARKS | lx.MODALS | lx.FUTURE_AUX for t in self.toks):
            return
        yield from self._age_as_news()
        for t in self.toks:
            if t.i in self.quoted:
                continue
            if t.text in _DEGREES and t.i + 2 < len(self.toks) and self.toks[t.i + 1].lower == "in":
                yield from self._degree(t)

    def _degree(self, degree: Tok) -> Iterator[Extracted]:
        """ "I have a BEng in mechanical engineering", "got a BSc in chemistry but ...": the degree
        held (not one wanted, planned, being done or denied: "doing a PhD in ...")."""
        head = self.toks[degree.head]
        if head.pos in ("VERB", "AUX") and degree.dep in ("obj", "dobj"):
            if head.lemma not in _HOLD_VERBS or head.tag == "VBG" or self._blocked(head) and head.tag != "VBD" or self.denied(head):
                return  # "I'm doing a PhD in X": under way; "I want an MBA in ..." is no degree held
            if head.lemma == "do" and head.tag not in ("VBD", "VBN"):
                return
            who = self.subject_of(head) if self.s.children(head, "nsubj") else SPEAKER
        elif degree.dep in ("root", "ROOT") or degree.i == 0:
            who = SPEAKER  # "BSc in chemistry, now a data analyst"
        else:
            return
        field: list[str] = []
        for t in self.toks[degree.i + 2 : degree.i + 6]:
            if t.lower in _FIELD_STOPS or t.pos in ("PUNCT", "VERB", "AUX", "PRON", "DET", "CCONJ", "ADP"):
                break
            field.append(t.text)
        if who is not None and field:
            yield self.fact(who, "degree", f"{degree.text} in {' '.join(field)}", "concept")

    def _age_as_news(self) -> Iterator[Extracted]:
        """ "33 as of yesterday 🎂", "40 today!": a number opening the message, counted from a
        birthday just had."""
        words = [t for t in self.toks if t.pos not in ("PUNCT", "SYM", "X") and t.text.isascii()]
        if len(words) < 2 or not words[0].text.isdigit() or not 13 <= int(words[0].text) <= 99:
            return
        after = [w.lower for w in words[1:4]]
        if after[:2] == ["as", "of"] and len(after) > 2 and after[2] in _TODAY or after[:1] == ["today"]:
            yield self.fact(SPEAKER, "age", words[0].text, "concept")
