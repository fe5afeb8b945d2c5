"""Facts said aside, in the shapes people use when nobody asked (memlab issue 10, from the blind
sets dev15 and dev16): an age thrown in ("Twenty-nine and my back clicks", «в свои двадцать
восемь», «стукнуло сорок пять»), how long a couple has been together ("Nineteen years married to
Denise", «Второй год с Гошей вместе»), who one answers to ("Trevor, who I answer to, ...",
«Отчитываюсь перед Эльвирой Маратовной», «Начальница наша, Галина Ивановна»), a workplace said
as one's crowd ("My lot at Network Rail") and a Russian town said by its people («Мы,
калининградцы», «коренной екатеринбуржец»).

Each reader is a short run of words with the person it is about fixed by the shape itself; none
reads a question, an imagined or quoted sentence, or a negated one.
"""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import SPEAKER, Extracted, number_at
from memlab.knowledge.extract.nlp import Tok, is_city_name, is_place_name
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_AGE_ANDS = frozenset("and but &".split())
_NOT_SO = lx.NEGATIONS | lx.MODALS | lx.FUTURE_AUX | lx.HYPOTHETICAL_MARKS | {"бы", "б"}
_RU_TURNED = frozenset("стукнуло исполнилось стукнет".split())
_MARRIED = frozenset("married wed".split())
_TOGETHER = frozenset("вместе встречаемся".split())
_MARRIAGE = frozenset("браке браку брак".split())
_ANSWER_VERBS = frozenset("report answer".split())
_RU_BOSSES = {"начальник", "начальница", "руководитель", "руководительница", "шеф", "шефиня", "начальство"}
_OURS = frozenset("наш наша мой моя".split())
_LOT = frozenset("lot crowd gang".split())
# a time counted since a change, and where it is spent: "First night in the Colchester flat", "Week two
# in the IKEA warehouse", "Day three on Linux Mint"
_COUNTED = frozenset("day week month night shift".split())
_COUNT_WORDS = wl.words("en", "count_words")
_NOT_YET_EN = frozenset("till until tomorrow next soon starts starting".split())
_HOME_NOUNS = frozenset("flat house home place apartment flatshare houseshare".split())
_WORKPLACES_EN = wl.words("en", "asides_workplaces")
_RU_DEMONYM_ENDS = ("цы", "ец", "ка", "ки", "чанин", "чане", "чанка", "ичи", "ич", "ичка", "ане", "анин", "анка")


class Asides(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _asides(self, found: list[Extracted]) -> Iterator[Extracted]:
        if self._is_question() or self.said.get("unreal"):
            return
        if any(t.i in self.quoted for t in self.toks):
            return
        have = {(f.subject, f.attribute) for f in found}
        for f in (
            *self._age_aside(), *self._together_for(), *self._answer_to(), *self._my_lot(), *self._ru_townsfolk(),
            *self._living_in(), *self._being_a(), *self._ru_job_then_me(), *self._counted_opening(),
        ):  # fmt: skip
            if (f.subject, f.attribute) not in have:
                have.add((f.subject, f.attribute))
                yield f

    def _age_aside(self) -> Iterator[Extracted]:
        """ "Fifty-one years old and still crawling ...", "Twenty-nine and my back clicks", "Forty
        and fabulous" opening the message; «в свои двадцать восемь» (the clause's subject's),
        «вчера стукнуло сорок пять» (the speaker's, or the dative's)."""
        if self.s.lang == "en":
            if self.said.get("sentence", 0):
                return
            said = number_at(self.toks, 0)
            if said is None or not 14 <= int(said[0]) <= 99:
                return
            k = said[1] + 1
            words = [t.lower for t in self.toks[k : k + 2]]
            if words == ["years", "old"]:
                k += 2
            nxt = self.toks[k] if k < len(self.toks) else None
            if k + 1 < len(self.toks) and number_at(self.toks, k + 1) is not None:
                return  # "Thirty and forty are the sizes they had left": numbers, no age
            if nxt is not None and nxt.lower in _AGE_ANDS and k + 1 < len(self.toks) and self.toks[k + 1].pos != "NUM":
                yield self.fact(SPEAKER, "age", said[0], "concept")
            return
        for t in self.toks:
            if t.lower == "свои" and t.i and self.toks[t.i - 1].lower == "в" and (said := number_at(self.toks, t.i + 1)):
                age, last = said
                after = self.toks[last + 1].lower if last + 1 < len(self.toks) else ""
                if after in ("лет", "год", "года") or not 14 <= int(age) <= 110:
                    continue  # «в свои 20 лет» is the same, but «в свои три года» too young to be anyone's here
                who = self._age_owner(t)
                if who is not None and not self._negated_near(t):
                    yield self.fact(who, "age", age, "concept")
            elif t.lower in _RU_TURNED and (said := number_at(self.toks, t.i + 1)) and 14 <= int(said[0]) <= 110:
                others = [x for x in self.toks if x.feats.get("Case") == "Dat" and x.pos in ("PROPN", "NOUN", "PRON") and x.lower not in ("мне",)]
                if not others and not self._negated_near(t):  # «сыну стукнуло двадцать»: the son's, and who that is needs more than this
                    yield self.fact(SPEAKER, "age", said[0], "concept")

    def _age_owner(self, t: Tok) -> str | None:
        """Whose «в свои N» is: the subject of its clause (the speaker with «я» or none)."""
        verbs = [x for x in [t, *self.s.ancestors(t)] if x.pos in ("VERB", "AUX")] or [
            x for x in self.toks if x.pos == "VERB"]
        subjects = [c for v in verbs[:1] for c in self.s.children(v, "nsubj")]
        if not subjects:
            before = [x for x in self.toks[: t.i] if x.pos in ("NOUN", "PROPN", "PRON") and x.feats.get("Case", "Nom") == "Nom"]
            subjects = before[:1]
        if not subjects or subjects[0].lower in ("я",):
            return SPEAKER if not any(self._someone_else(x) for x in self.toks if x.i < t.i) else None
        return self.subject_phrase(subjects[0])

    def _together_for(self) -> Iterator[Extracted]:
        """ "Nineteen years married to Denise", "Four years today since me and Rhys got together";
        «Двадцать лет с Людой в браке», «Второй год с Гошей вместе»."""
        toks = self.toks
        for t in toks:
            if self.s.lang == "en" and t.lower in _MARRIED and t.i + 2 < len(toks) and toks[t.i + 1].lower == "to":
                name = toks[t.i + 2]
                if any(x.lemma in ("year", "month", "decade") for x in toks[: t.i]) and self._named(name):
                    yield self.fact(SPEAKER, "spouse", self.value_text(name), "person")
            elif self.s.lang == "en" and t.lower == "together" and t.i >= 4 and toks[t.i - 1].lemma == "get":
                pair = [x.lower for x in toks[t.i - 4 : t.i - 1]]
                if pair[0] == "me" and pair[1] == "and" and self._named(toks[t.i - 2]):
                    yield self.fact(SPEAKER, "partner", self.value_text(toks[t.i - 2]), "person")
                elif pair[1:] == ["and", "i"] and self._named(toks[t.i - 4]):
                    yield self.fact(SPEAKER, "partner", self.value_text(toks[t.i - 4]), "person")
            elif self.s.lang == "ru" and t.lower == "с" and t.i + 1 < len(toks) and self._named(name := toks[t.i + 1]):
                rest = {x.lower for x in toks[t.i + 2 : t.i + 5]} | {x.lower for x in toks[max(0, t.i - 3) : t.i]}
                timed = any(x.lemma in ("год", "месяц") for x in toks[: t.i])
                if not timed or name.feats.get("Case") not in (None, "Ins"):
                    continue
                if rest & _MARRIAGE:
                    yield self.fact(SPEAKER, "spouse", self.value_text(name), "person")
                elif rest & _TOGETHER:
                    yield self.fact(SPEAKER, "partner", self.value_text(name), "person")

    def _named(self, t: Tok) -> bool:
        """``t`` is a person's name, with no negation before it (English) or in its stretch (Russian)."""
        if self.s.lang == "en":  # "... since me and Kasim got together and he still can't ...": the words up to it
            negated = any(x.lower in _NOT_SO for x in self.toks[: t.i + 4])  # and "… would have been"
        else:
            negated = self._negated_near(t)
        return t.text[:1].isupper() and t.pos in ("PROPN", "NOUN") and self._is_person(t) and self.tool(t) is None and not negated

    def _negated_near(self, t: Tok) -> bool:
        """A negation in the comma-bounded stretch of ``t`` ("…, and he still can't fold a sheet" is another)."""
        part = next((p for p in self._stretches() if t in p), [])
        return any(x.lower in _NOT_SO for x in part)

    def _answer_to(self) -> Iterator[Extracted]:
        """ "Trevor, who I answer to, ...", "Leon, the man I report to, ..."; «Отчитываюсь (я) перед
        Эльвирой Маратовной»; «Начальница наша, Галина Ивановна, ...»."""
        toks = self.toks
        if self.s.lang == "en":
            for t in toks:
                if t.lemma not in _ANSWER_VERBS or t.i + 1 >= len(toks) or toks[t.i + 1].lower != "to":
                    continue
                if t.i < 3 or toks[t.i - 1].lower != "i" or toks[t.i + 2 : t.i + 3] and toks[t.i + 2].text not in (",", ")", "—", "-"):
                    continue  # "who I answer to," closing an aside on the name before it
                opening = max((x.i for x in toks[: t.i] if x.text in (",", "(", "—", "-")), default=None)
                if opening is None or opening == 0:
                    continue
                name = toks[opening - 1]
                middle = [x.lower for x in toks[opening + 1 : t.i - 1]]
                if middle in (["who"], ["whom"], ["that"], ["the", "man"], ["the", "woman"], ["the", "person"], ["the", "guy"], ["the", "one"]) and self._named(name):
                    yield self.fact(SPEAKER, "manager", self.value_text(name), "person")
            return
        for t in toks:
            if t.lemma == "отчитываться" and t.feats.get("Person") == "1":
                for k in range(t.i + 1, min(t.i + 4, len(toks) - 1)):
                    if toks[k].lower == "перед" and self._named(toks[k + 1]):
                        yield self.fact(SPEAKER, "manager", self.value_text(toks[k + 1]), "person")
                        break
            elif t.lemma in _RU_BOSSES and t.i + 3 < len(toks) and toks[t.i + 1].lower in _OURS and toks[t.i + 2].text == ",":
                if t.i == 0 or toks[t.i - 1].text in (",", ".", "—"):  # «Начальница наша, Галина Ивановна, ...»
                    if self._named(toks[t.i + 3]):
                        yield self.fact(SPEAKER, "manager", self.value_text(toks[t.i + 3]), "person")

    def _my_lot(self) -> Iterator[Extracted]:
        """ "My lot at Network Rail have decided ...": the speaker's crowd at work names the employer."""
        if self.s.lang != "en":
            return
        for t in self.toks:
            if t.lower in _LOT and t.i and self.toks[t.i - 1].lower in ("my", "our") and t.i + 2 < len(self.toks):
                at, org = self.toks[t.i + 1], self.toks[t.i + 2]
                while org.i + 1 < len(self.toks) and self.toks[org.i + 1].text[:1].isupper():
                    org = self.toks[org.i + 1]  # "Network Rail": the name's last word heads it
                if at.lower == "at" and org.text[:1].isupper() and self._org(org) and not self._negated_near(t):
                    yield self.fact(SPEAKER, "employer", self.value_text(org), "organization")

    def _living_in(self) -> Iterator[Extracted]:
        """ "Living in Hull means the wind never stops", "Living in Leeds has its perks": an opening
        gerund of living is the speaker's own, when the sentence says it of now (not "Living in Hull
        was grim", not "Living in Paris would be a dream")."""
        if self.s.lang != "en" or len(self.toks) < 4 or self.said.get("sentence", 0):
            return
        living, in_, town = self.toks[0], self.toks[1], self.toks[2]
        if living.lower != "living" or in_.lower != "in" or not self._place(town) or not town.text[:1].isupper():
            return
        said = self.toks[living.head]  # what the sentence says of the living: "means", "has", "is"
        if said.i == living.i or said.tag == "VBD" or self._said_as_not_now(said):
            return
        yield self.fact(SPEAKER, "city", self.city(town), "place")

    def _being_a(self) -> Iterator[Extracted]:
        """ "being a physio is ironic like that", "Being a night porter means ...": a gerund "being a
        <job>" that the sentence says something of now is the speaker's job (not "being a nurse
        would be ...", not "being a teacher was hell")."""
        if self.s.lang != "en":
            return
        for t in self.toks:
            if t.lower != "being" or t.i + 2 >= len(self.toks) or self.toks[t.i + 1].lower not in ("a", "an"):
                continue
            if t.i and self.toks[t.i - 1].lower in ("of", "about", "like", "from", "at", "by", "into", "without"):
                continue  # "tired of being a doormat", "the idea of being a nurse": not said as held
            job = next((x for x in self.toks[t.i + 2 : t.i + 5] if x.head != x.i and self.job_title(x)), None)
            said = next((x for x in self.toks[t.i + 1 :] if x.pos in ("AUX", "VERB")), None)
            if job is None or said is None or said.lemma not in ("be", "mean") or said.tag in ("VBD", "MD"):
                continue
            if self._said_as_not_now(said) or self._negated_near(t):
                continue
            title = self.job_title(job)
            if title:
                yield self.fact(SPEAKER, "job_title", title, "concept")
                return

    def _ru_job_then_me(self) -> Iterator[Extracted]:
        """«Лаборантка я на кафедре», «Бухгалтер я, а не волшебник»: a job noun opening the sentence,
        then «я»: the speaker's job said the other way round."""
        if self.s.lang != "ru" or len(self.toks) < 2 or self.toks[1].lower != "я" or self.said.get("sentence", 0):
            return
        first = self.toks[0]
        title = self.job_title(first) if first.feats.get("Case") in ("Nom", None) else None
        if title and not any(t.lower in _NOT_SO for t in self.toks[2:5]):
            yield self.fact(SPEAKER, "job_title", title, "concept")

    def _counted_opening(self) -> Iterator[Extracted]:
        """A sentence opening with a time counted since a change ("First night ...", "Week two ...",
        "Day three ...") and where or on what it is spent."""
        if self.s.lang != "en" or len(self.toks) < 5 or self.said.get("sentence", 0):
            return
        a, b = self.toks[0], self.toks[1]
        counted = a.lower in lx.ORDINALS and a.lower not in ("last", "final") and b.lemma in _COUNTED
        numbered = a.lemma in _COUNTED and (b.pos == "NUM" or b.lower in _COUNT_WORDS)
        head = self.toks[a.head]  # the parse hangs the opening on the clause after it
        if any(t.lower in _NOT_YET_EN for t in self.toks) or any(
            c.dep == "neg" or c.tag == "MD" for c in self.s.children(head)
        ):
            return  # "First night in the Colchester flat isn't till May" (not "... and nothing has caught fire")
        if counted or numbered:
            found = self._counted_in_or_on(2)
            if found is not None:
                yield found

    def _counted_in_or_on(self, k: int) -> Extracted | None:
        """What a time counted since a change is spent in or on, in English: a named workplace ("in
        the IKEA warehouse"), a home in a known town ("in the Colchester flat") or a tool ("on Linux
        Mint"). Not a bare town ("Day three in Lisbon" may be a trip)."""
        if self.s.lang != "en" or k + 1 >= len(self.toks) or self._is_question() or self.denied(self.toks[k]):
            return None
        case = self.toks[k].lower
        if case == "on":
            found = self.tool_value(self.toks[k + 1])
            return self.fact(SPEAKER, found[0], found[1], "tool") if found is not None and self.toks[k + 1].i not in self.quoted else None
        if case != "in" or self.toks[k + 1].lower != "the" or k + 3 >= len(self.toks):
            return None
        name, noun = self.toks[k + 2], self.toks[k + 3]
        if not name.text[:1].isupper() or name.i in self.quoted or self.tool(name) is not None:
            return None
        if noun.lemma in _HOME_NOUNS and is_city_name(name.text) is True:
            return self.fact(SPEAKER, "city", name.text, "place")
        if noun.lemma in _WORKPLACES_EN and is_city_name(name.text) is not True:
            return self.fact(SPEAKER, "employer", name.text, "organization")
        return None

    def _ru_townsfolk(self) -> Iterator[Extracted]:
        """ «Мы, калининградцы, ...», «Коренной екатеринбуржец», «я москвичка»: the town of the
        people named, found back from the word in the dictionary of places."""
        if self.s.lang != "ru":
            return
        for t in self.toks:
            if t.pos not in ("NOUN", "PROPN", "ADJ") or t.text[:1].isupper() and t.i or not t.lower.endswith(_RU_DEMONYM_ENDS):
                continue
            before = [x.lower for x in self.toks[max(0, t.i - 2) : t.i] if x.text != ","]
            native = before[-1:] in (["коренной"], ["коренная"], ["коренные"])  # not «Собака у нас» (Соба)
            if not (native or before[-1:] == ["мы"] or before[-1:] == ["я"]):
                continue
            part = next((p for p in self._stretches() if t in p), [])
            town = _town_of(t.lower) if not any(x.lower in lx.NEGATIONS for x in part) else None
            if town is not None:
                yield self.fact(SPEAKER, "city", town, "place")


def _town_of(word: str) -> str | None:
    """The town a Russian word for its people names («калининградцы» -> Калининград,
    «екатеринбуржец» -> Екатеринбург, «москвичка» -> Москва), when the dictionary knows it as a place."""
    for end in sorted(_RU_DEMONYM_ENDS, key=len, reverse=True):
        if not word.endswith(end):
            continue
        stem = word[: -len(end)]
        stems = {stem, stem[:-1] + "г" if stem.endswith("ж") else stem, stem[:-1] + "к" if stem.endswith("ч") else stem}
        for s in sorted(stems):
            for tail in ("", "а", "ь", "о", "ы", "и", "ск"):
                name = (s + tail)[:1].upper() + (s + tail)[1:]
                if len(name) >= 4 and is_place_name(name) is True:
                    return name
    return None
