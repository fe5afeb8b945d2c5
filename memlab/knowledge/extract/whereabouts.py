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

**Home details** (``_home_town``) name the town too: the running costs, the landlord or the home
itself "in" a town, when they are the speaker's or nobody's in particular ("Our energy bill is
£190 for a two-bed terrace in Gateshead", "Council tax in Coventry went up again", "our landlady
in Cardiff", «Коммуналка за двушку в Казани пришла»); "being based in Galway" without a subject;
«у нас в Балашихе» (where "we" are). A move with no town named, then the town in the next
sentence: "Moved into the new flat last weekend. It's in Stockport", «Переехала наконец. Теперь
Калининград». A plural home ("flats in Leeds") is one looked for, and a
past state ("the rent in SF was killing me"), a plan, a question or another person's home
("my sister's flat in York") give nothing.
"""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted
from memlab.knowledge.extract.nlp import Tok, is_city_name, is_place_name
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

# verbs whose "in TOWN" is where the work is done, without a workplace named
_WORK = frozenset("work teach работать трудиться служить преподавать".split())
_DO = wl.all_words("workplace_verbs")
_RENT = frozenset("rent share снимать снять делить".split())
_WORKPLACES = wl.all_words("workplaces")
_HOMES = lx.HOME_NOUNS | frozenset("studio room house однушка двушка трёшка комната студия".split())
_IN = frozenset("in в во".split())
# one's home and what it costs: the town "in" which they are is one's own
_HOME_DETAILS = _HOMES | frozenset(
    "rent landlord landlady mortgage terrace bungalow apartment maisonette bedsit cottage коммуналка квартплата аренда ипотека хозяйка "
    "общага общежитие".split()
)
_BED_COUNTS = wl.words("en", "bed_counts")
_HOME_COMPOUNDS = {"tax": frozenset({"council"}), "bill": frozenset("energy gas electric electricity water heating".split())}
_WE = frozenset("нас".split())
_FROM = frozenset("из изо".split())
_LEAVE_HOME = wl.all_words("leave_home")
_SEEKING = wl.all_words("seeking")
_NOT_YET = wl.all_words("whereabouts_not_yet")
_MOVE = frozenset("move relocate переехать перебраться переезжать".split())
_NOW = frozenset("now теперь сейчас".split())


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

    def _home_town(self) -> Iterator[Extracted]:
        """The town of the speaker's home, named through its costs, its landlord or the home itself
        ("council tax in Coventry", «коммуналка за двушку в Казани»), "being based in Galway" and
        «у нас в Балашихе»."""
        if self._is_question() or self.said.get("unreal"):
            return
        moved = next(self._moved_here(), None)
        if moved is not None:
            yield moved
            return
        town = self._our_town() or self._ru_not_there_but_here() or self._ru_from_here()
        if town is None and any(self._someone_else(t) for t in self.toks):
            return  # "хозяйка квартиры в Омске у брата": whose home it is, is unclear
        for n in self.toks if town is None else ():
            if not self._home_detail(n) and not self._based(n):
                continue
            if self.owner_of(n) not in (None, SPEAKER) or n.feats.get("Number") == "Plur" and n.lemma not in ("bill",):
                continue  # "my sister's flat in York"; "flats in Leeds" are looked for
            v = self._predicate_over(n)
            if v is None or self._blocked(v) or self.denied(v) or self._in_time_ahead(v) or self._past_state(v):
                continue
            if self._ahead_or_over(v) or v.lemma in _LEAVE_HOME | _SEEKING or any(c.lower in _NOT_YET for c in self.s.children(v, "mark", "advmod")):
                continue  # «продали квартиру в Москве»; "until the flat in Bath is ready"
            holders = [n, *(o for _, o in self.obliques(n))]
            found = [o for h in holders for case, o in self.obliques(h) if case in _IN]
            if n.dep.startswith("nsubj") and v is not n:  # «Квартплата в Рязани выросла»: the parse hung the town on the verb
                found += [o for case, o in self.obliques(v) if case in _IN and o.feats.get("Case", "Loc") == "Loc"]
            town = next((o for o in found if o.i not in self.quoted and self._a_town(o)), None)
            if town is not None:
                break
        if town is not None:
            yield self.fact(SPEAKER, "city", self.city(town), "place")

    def _ahead_or_over(self, v: Tok) -> bool:
        """ "We get the keys to the house in Frome on the 3rd": a dated present is a plan;
        «студентом снимал комнату в Питере»: a Russian imperfective past is over."""
        if self.s.lang == "ru":
            return v.feats.get("Tense") == "Past" and v.feats.get("Aspect") == "Imp"
        return v.tag in ("VBP", "VBZ") and v.lemma != "be" and self._future_time(v)

    def _home_detail(self, n: Tok) -> bool:
        if n.pos not in ("NOUN", "PROPN", "VERB") or n.i in self.quoted:
            return False
        if n.lemma in _HOME_COMPOUNDS:  # "council tax", "energy bill"
            return any(c.lower in _HOME_COMPOUNDS[n.lemma] for c in self.s.children(n, "compound"))
        if n.lemma in ("bed", "bedroom") and any(c.lower in _BED_COUNTS for c in self.s.children(n, "nummod", "compound")):
            return True  # "a one-bed above a chippy in Stockport", "a two-bedroom in Leeds"
        return n.lemma in _HOME_DETAILS and (n.pos != "VERB" or n.lemma == "rent" and n.dep.startswith("nsubj"))

    def _based(self, n: Tok) -> bool:
        """ "Being based in Galway helps": "based" with no subject of its own, not a firm's."""
        return (self.s.lang == "en" and n.lemma == "base" and n.tag == "VBN" and n.dep in ("csubj", "csubjpass", "root", "advcl")
                and not self.s.children(n, "nsubj", "nsubj:pass", "nsubjpass") and (n.head != n.i or n.dep == "root"))  # fmt: skip

    def _predicate_over(self, n: Tok) -> Tok | None:
        """The verb (or copula clause) a noun belongs to: its nearest verbal head, or the root."""
        if self._based(n):
            return self.toks[n.head]  # "Being based in Galway helps": the clause it is the subject of
        t = n
        for _ in self.toks:
            if t.pos in ("VERB", "AUX") or t.head == t.i:
                return t
            t = self.toks[t.head]
        return None  # a cycle of heads (a parser's mistake)

    def _our_town(self) -> Tok | None:
        """«у нас в Балашихе», «у нас, в Казани»: the town where "we" are."""
        if self.s.lang != "ru":
            return None
        toks = self.toks
        for k, t in enumerate(toks[:-2]):
            if t.lower != "у" or toks[k + 1].lower not in _WE:
                continue
            j = k + 2 + (toks[k + 2].text == ",")
            if j + 1 < len(toks) and toks[j].lower in _IN and self._a_town(toks[j + 1]) and not self.denied(toks[j + 1]):
                return toks[j + 1]
        return None

    def moved_nowhere(self) -> bool:
        """The speaker has moved, to no town this sentence names: "Moved into the new flat last
        weekend.", «Переехала наконец.» (the next sentence may say where: ``_moved_here``)."""
        if self._is_question() or self.said.get("unreal"):
            return False
        for v in self.toks:
            if v.lemma not in _MOVE or v.pos != "VERB" or v.feats.get("Tense") != "Past" and v.tag not in ("VBD", "VBN"):
                continue
            if self.subject_of(v) not in (None, SPEAKER) or self._blocked(v) or self.denied(v):
                continue
            return not any(self._a_town(o) for _, o in self.obliques(v))
        return False

    def _moved_here(self) -> Iterator[Extracted]:
        """After "moved" with no town: "It's in Stockport", «Теперь Калининград», "Now Leeds"."""
        if not self.said.get("moved") or self._is_question():
            return
        words = [t for t in self.toks if t.pos != "PUNCT"]
        if len(words) < 2:
            return
        town = None
        if self.s.lang == "en" and words[0].lower == "it" and words[1].lemma == "be" and len(words) > 3 and words[2].lower == "in":
            town = words[3]  # "It's in Stockport"
        elif words[0].lower in _NOW:
            k = 1 + (words[1].lower in _IN)
            town = words[k] if k < len(words) and not any(t.pos in ("VERB", "AUX") for t in words[: k + 1]) else None
        if town is not None and self._a_town(town):
            yield self.fact(SPEAKER, "city", self.city(town), "place")

    def _ru_not_there_but_here(self) -> Tok | None:
        """«Не в Пензе, а в Саранске!», «Не в Самаре я, в Тольятти»: a verbless correction of the
        speaker's town."""
        if self.s.lang != "ru" or any(t.pos in ("VERB", "AUX") or self._someone_else(t) for t in self.toks):
            return None
        toks = self.toks
        for k, t in enumerate(toks[:-2]):
            if t.lower == "не" and toks[k + 1].lower in _IN and self._a_town(toks[k + 2]):
                later = next((toks[j + 1] for j in range(k + 3, len(toks) - 1) if toks[j].lower in _IN and self._a_town(toks[j + 1])), None)
                if later is not None:
                    return later
        return None

    def _ru_from_here(self) -> Tok | None:
        """«Из Тюмени я», «Я из Твери», «Из Владика мы»: where the speaker is from, said with no
        verb, no «родом» and no other town beside it, is where they live."""
        if self.s.lang != "ru" or any(t.pos in ("VERB", "AUX") or self._someone_else(t) or t.lower == "родом" for t in self.toks):
            return None
        me = [t for t in self.toks if t.lower in ("я", "мы")]
        towns = [self.toks[k + 1] for k, t in enumerate(self.toks[:-1]) if t.lower in _IN | _FROM and self._a_town(self.toks[k + 1])]
        if not me or len(towns) != 1 or self.toks[towns[0].i - 1].lower not in _FROM:
            return None
        return towns[0] if abs(me[0].i - towns[0].i) <= 2 else None
