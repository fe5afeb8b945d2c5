"""A usual coffee order stated as a habit: "I always get a cortado", "каждое утро раф, без сахара".

Nobody says "my usual order is X" much; they say what they always get. A drink the dictionary
knows, in a sentence about the speaker that marks a habit (always, usually, every morning, my
coffee; всегда, обычно, каждое утро, мой кофе), is the usual order. Nothing when the sentence is a
question, a wish or a plan, negates the drink, is about someone else, or names two drinks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, ru_first_person_verb, ru_lemmas
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_HABIT = wl.all_words("habit")
_MY_DRINK = frozenset("coffee drink usual кофе напиток".split())


class Orders(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _usual_drink(self, found: Sequence[Extracted]) -> Iterator[Extracted]:
        if any(f.attribute == "usual_order" for f in found) or not self._habit():
            return
        drinks = [t for t in self.toks if self._drink(t)]
        if len({t.lower for t in drinks}) != 1 or self.low.rstrip().endswith("?"):
            return
        t = drinks[0]
        if any(self._not_plain(x) and x.lower not in lx.NEGATIONS for x in self.toks) or self.denied(t):
            return  # a wish, a plan, a quote; a negation only where it denies the drink ("no sugar" does not)
        if any(self._someone_else(x) for x in self.toks[: t.i]):
            return
        yield self.fact(SPEAKER, "usual_order", self._drink_text(t), "concept")

    def _habit(self) -> bool:
        for t in self.toks:
            if t.lower in _HABIT or t.lemma in _HABIT:
                return True
            if self.s.lang == "ru" and t.lemma == "пить" and ru_first_person_verb(t.text):
                return True  # "пью американо без сахара": the Russian present is the habit
            if t.lower in ("утрам", "вечерам") and t.i and self.toks[t.i - 1].lower == "по":
                return True  # "по утрам"
            prev = self.toks[t.i - 1].lower if t.i else ""
            if t.lemma in _MY_DRINK and prev in ("my", "мой", "моё", "мое"):  # "that's my coffee", "мой кофе — ..."
                return True
        return False

    def _drink(self, t: Tok) -> bool:
        word = t.lower
        if word not in lx.DRINKS and t.lemma not in lx.DRINKS and _ru_drink(t) is None:
            return False
        second = lx.DRINK_SECOND_WORDS.get(word) or lx.DRINK_SECOND_WORDS.get(t.lemma)  # "scrolling flats every night" is no flat white
        if second is not None:
            return t.i + 1 < len(self.toks) and self.toks[t.i + 1].lower == second
        return True

    def _drink_text(self, t: Tok) -> str:
        """The drink with its qualifiers before it ("double espresso", "oat milk latte")."""
        second = lx.DRINK_SECOND_WORDS.get(t.lower)
        last = t.i + 1 if second is not None else t.i
        lo = t.i
        while lo > 0 and self.s.lang == "en":
            x = self.toks[lo - 1]
            if x.pos not in ("ADJ", "NOUN") and x.dep != "amod" or x.lower in _HABIT or x.lower in lx.NEGATIONS or x.lower in _MY_DRINK:
                break
            lo -= 1
        if self.s.lang == "ru" and t.i:  # "матчу латте": a drink word before the drink, in another case
            prev = self.toks[t.i - 1].lower
            before = next((d for d in lx.DRINKS if re.search("[а-я]", d) and len(prev) > 3 and d != prev and d.startswith(prev[:-1])), None)
            if before is not None:
                return f"{before} {t.text}"
        if self.s.lang == "ru" and lo == last and t.lower not in lx.DRINKS:
            return _ru_drink(t) or t.lemma  # "пью капучино" (natasha's lemma may differ)
        return " ".join(x.text for x in self.toks[lo : last + 1])


def _ru_drink(t: Tok) -> str | None:
    """The drink a Russian word names in any case by pymorphy3's lemmas ("матчу" -> "матча")."""
    return next((w for w in ru_lemmas(t.text) if w in lx.DRINKS and w not in lx.DRINK_SECOND_WORDS), None)
