"""Where someone lives, named through the work they do there or the home they rent: "I drive a
cab in Sheffield", "I work in a hospital in Leeds", "I run a little bookshop in Hay-on-Wye",
"we share a tiny flat in Cork", «Работаю диспетчером в депо в Самаре», «Папа водит трамвай в
Самаре», «Снимаю квартиру в Туле».

A town counts when it is "in" / «в» a present, habitual, first-hand clause of working (on the
verb itself for verbs that are work: work, teach, «работать»), or of a workplace or a vehicle
one works in (a shop, a ward, a cab, «депо», «трамвай»), or of a home one rents or shares.
Companies are no workplace here ("I work for a firm in Berlin" may be remote work), and a
progressive ("I'm driving a van in Leeds today"), a past, a plan, a question, a negation or a
wish give nothing. A town must be one: GeoNames' (or NER's GPE without the gazetteer) in
English, the dictionary's in Russian, never a country. A sentence whose subject already has a
town by another reading ("I work in Leeds but live in Harrogate") keeps that one: the reader
merges this after the others.
"""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import Extracted
from memlab.knowledge.extract.nlp import Tok, is_city_name, is_place_name
from memlab.knowledge.extract.parts import ReaderParts

# verbs whose "in TOWN" is where the work is done, without a workplace named
_WORK = frozenset("work teach работать трудиться служить преподавать".split())
# verbs of doing a job at or in a workplace or vehicle ("drive a cab", «водит трамвай», "run a shop")
_DO = frozenset("drive run manage own staff nurse cook serve tend водить держать".split())
_RENT = frozenset("rent share снимать снять делить".split())
_WORKPLACES = frozenset(
    "office shop store bookshop bakery cafe café restaurant pub bar salon clinic hospital school nursery college "
    "factory warehouse depot garage lab studio practice surgery ward kitchen hotel pharmacy library gym site plant "
    "farm cab taxi bus tram train van truck lorry ambulance "
    "офис магазин салон клиника больница поликлиника школа садик завод фабрика депо склад кафе ресторан "
    "аптека гостиница библиотека цех такси трамвай автобус троллейбус маршрутка поезд электричка".split()
)
_HOMES = lx.HOME_NOUNS | frozenset("studio room house однушка двушка трёшка комната студия".split())
_IN = frozenset("in в во".split())


class Whereabouts(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _town_of_work(self) -> Iterator[Extracted]:
        if self._is_question() or self.said.get("unreal"):
            return
        for v in self.toks:
            renting = v.lemma in _RENT
            if v.pos != "VERB" or not (renting or v.lemma in _WORK or v.lemma in _DO):
                continue
            if not self._habitual(v, renting) or self._blocked(v) or self.denied(v) or self._in_time_ahead(v):
                continue
            subj = self.subject_of(v)
            town = self._town_under(v, renting) if subj is not None else None
            if subj is not None and town is not None:
                yield self.fact(subj, "city", self.city(town), "place")
                return

    def _habitual(self, v: Tok, renting: bool) -> bool:
        """A present-tense, non-progressive clause ("I drive", «работаю»); «сняли квартиру» too."""
        if self.s.lang == "ru":
            tense = v.feats.get("Tense")
            return v.feats.get("VerbForm") == "Fin" and (tense == "Pres" or renting and v.lemma == "снять" and tense == "Past")
        return v.tag in ("VBP", "VBZ") or v.tag == "VB" and any(c.lemma == "do" for c in self.s.children(v, "aux"))

    def _town_under(self, v: Tok, renting: bool) -> Tok | None:
        """The town "in" which the clause's work or home is: on the verb or on its workplace."""
        places = _HOMES if renting else _WORKPLACES
        on_verb = self.obliques(v)
        holders = [x for _, x in on_verb if x.lemma in places or x.lower in places]
        candidates = list(on_verb) if v.lemma in _WORK or holders else []
        candidates += [(case, o) for x in holders for case, o in self.obliques(x)]
        for case, o in candidates:
            if case in _IN and o.i not in self.quoted and self._a_town(o):
                return o
        return None

    def _a_town(self, o: Tok) -> bool:
        if not self._place(o) or lx.known_employer(o.lemma, o.lower):
            return False
        if self.city(o).casefold().replace("ё", "е") in lx.COUNTRIES:
            return False
        if self.s.lang == "ru":
            return is_place_name(o.text) is True or o.lower in lx.CITY_ALIASES or o.lemma in lx.CITY_ALIASES
        known = is_city_name(self.city(o))
        return known if known is not None else o.ent == "GPE"
