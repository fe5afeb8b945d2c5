"""Profile lists: a sentence that describes someone as a run of bare items between commas, with
no verb ("Twenty nine, accountant, Bristol.", "31, ICU nurse, night shifts, Glasgow", «Слесарь на
заводе, шестьдесят три года», «28 лет, Казань, учительница»).

Each item is typed by its own shape: an age (a number, with «лет» / "years old" at most), a job
(a job noun, with the organisation it is "at" / «в» / «на»), a town (a gazetteer's: GeoNames for
English, where the small NER model calls a town in a list a person or a company; the OpenCorpora
dictionary for Russian), a diet. A list counts only when two items are typed and one of them is
an age or a job: one bare town or one number says too little about whose it is.

Whose: the speaker's, unless the sentence before was about someone else and this one says
nothing in the first person ("Отец всё ещё работает. Слесарь на заводе, шестьдесят три года":
the father's). A list that names a person or a relative of its own gives nothing: it may
describe them or introduce the speaker (the Russian introductions are read in ``ru_intro``).

A header before a colon, dash or question mark says whose the list is: the speaker's ("Me? 27,
barista at Costa, Leeds", "About me - ...", «Коротко о себе: 41 год, электрик, Тверь»), or a
relative's («Брат: 35 лет, сварщик, Омск»). An opening clause with the copula counts as the
first item and names the person ("I'm 44, paramedic, Cardiff" once "quick intro:" was read as
"I'm"; "My brother is 38, plumber, Hull").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _CALENDAR,
    _NOW_PHRASES,
    _NOW_WORDS,
    _OTHER_PRONOUNS,
    SPEAKER,
    Extracted,
    _job_word,
    _lex,
    number_at,
)
from memlab.knowledge.extract.nlp import Tok, is_city_name, is_place_name
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_NAME_CUTS = frozenset(", — – - :".split())
_SCREENS = wl.all_words("screens")
_OFTEN = wl.all_words("often")
_WEEKDAYS = wl.words("en", "weekdays")
_WORD_TOWNS = wl.words("en", "word_towns")
_AGE_TAG = re.compile(r"^(\d{2})[fm]$")  # "38F", "29m"
_AGE_UNITS = wl.all_words("age_units")
_FILLERS = wl.all_words("profiles_fillers")
_STILL = _NOW_WORDS | {"still", "всё", "ещё", "уже", "пока"}  # "45 now", "still a paramedic": the item holds now
_NOT_ITEM_WORDS = _FILLERS | _STILL
_SINCE = frozenset("since с".split())
_THIRD_PERSON = _OTHER_PRONOUNS | {"his", "their"}
# "second-year physio at Leeds Beckett", «студентка третьего курса»: a year of study, not a job
_YEAR_OF_STUDY = re.compile(r"^(?:first|second|third|fourth|final|1st|2nd|3rd|4th)(?:-year)?$|^year$")
_ORG_CASES = frozenset("at for в во на".split())
_FIRST_PERSON = frozenset("i me я мне меня".split())
_SELF_HEADER = wl.all_words("self_header")
_PROFILE_NOUNS = wl.all_words("profile_nouns")
_FOR_PROFILE = wl.all_words("for_profile")
_SELF_MARKS = wl.all_words("self_marks")
_PET_COUNTS = wl.all_words("pet_counts")
_HEADER_CUTS = frozenset(": ? - — –".split())


class Profiles(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _profile(self) -> Iterator[Extracted]:
        if self.said.get("unreal"):
            return
        start, who = self._profile_header()
        if start == 0 and self._is_question():
            return
        items: list[list[tuple[str, str, str]]] = []
        named: list[Tok] = []  # "Оля, жена моя, учительница": the person the list is about
        kin = 0
        others = False
        loose = 0  # stretches that are a clause, or an item of no type with a number in it
        town_first = False  # the first stretch is a bare town: "Swansea.", «Новосибирск, Академгородок.»
        pending: str | None = None  # "two cats": a kind of pet whose names the next stretch may give
        for n, stretch in enumerate(s for s in (
                [t for t in s if t.i >= start] for s in self._stretches(dashes=False)) if s):
            words = [t for t in stretch if t.pos not in ("PUNCT", "INTJ", "SYM") and t.lower not in _NOT_ITEM_WORDS]
            for phrase in _NOW_PHRASES:  # "Swansea these days"
                size = len(phrase)
                if tuple(t.lower for t in words[-size:]) == phrase:
                    words = words[:-size]
            since = next((k for k, t in enumerate(words) if k and t.lower in _SINCE), None)
            words = words[:since]  # "Swansea since the spring": the item, and since when
            if words and words[0].pos == "DET" and words[0].lower in ("a", "an"):
                words = words[1:]  # "still a paramedic"
            if n == 0 and who is None and (opening := self._profile_opening(words)) is not None:
                who, words = opening  # "I'm 44, paramedic, Cardiff", "My brother is 38, plumber, Hull"
            if [t.lower for t in words] in (["born", "and", "bred"], ["born", "&", "bred"]):
                continue  # "Nottingham, born and bred.": the town is home
            pets, pending = self._profile_pets(words, pending)
            if pets or pending:
                items.extend([[p] for p in pets])  # "two cats (Mabel and Sprout)", «кошка Муська»
                continue
            if not words or any(t.pos in ("VERB", "AUX") for t in words):
                loose += 1
                # "…, на пенсию не собирается": a clause, no item; one about someone else makes the
                # list's owner unclear ("the groom is my cousin Arjun, a dentist in Slough, ...")
                others = others or not items and any(self._someone(t) for t in words)
                continue
            typed = self._profile_item(words)
            town = any(kind == "city" for kind, _, _ in typed)  # the NER calls "Glasgow" in a list a person
            if n < 2 and who is None and not items and self._kin_stretch(words):
                kin += 1  # "Муж, Паша, машинист", "Татьяна, жена моя, фельдшер"
                continue
            if n < 2 and who is None and not items and not town and len(words) == 1 and (words[0].ent == "PER" or words[0].pos == "PROPN") and self._is_person(words[0]):
                named.append(words[0])
                continue
            if any(self._not_plain(t) or t.lemma in lx.RELATIONS or t.pos == "PRON" and t.lower != "мне" or not town and t.ent == "PER" and self._is_person(t) for t in words):
                return  # "not a nurse", "my sister, 34": whose the list is, or whether it holds, is unclear
            if typed:
                # "Nice!", "Same!" (LoCoMo) open a reply, not a town's name
                town_first = town_first or not items and n == 0 and town and words[0].lower not in _WORD_TOWNS
                items.append(typed)
            elif any(t.pos == "NUM" or t.text[:1].isdigit() for t in words):
                loose += 1  # "London, 1997.": a date, not where one lives
        kinds = {kind for typed in items for kind, _, _ in typed}
        opener = named[0] if len(named) == 1 else None
        after = self.toks[opener.i + 1].text if opener is not None and opener.i + 1 < len(self.toks) else ""
        if opener is not None and not kin and opener.i == start and who is None and self._opens_message() and (
            opener.lower not in _CALENDAR and after == ","
        ):  # fmt: skip
            # "Benedikt, data engineer, Stuttgart.", «Полина, 27, UX-дизайнер»: a message that opens
            # with a name and what describes a person introduces the speaker
            stop = next((t.i for t in self.toks if t.text in (".", "!", "?", "…")), len(self.toks))
            if not items or not kinds & {"age", "job_title"} or others or any(t.pos in ("VERB", "AUX") for t in self.toks[:stop]):
                return  # "Ben, plumber, rang about the boiler": the list is the subject of "rang"
            items.append([("name", self.value_text(named[0]), "person")])
            who = SPEAKER
        elif named or kin:
            if len(named) != 1 or kin != 1 or not kinds & {"age", "job_title"}:
                return  # a relative and a name, both: the list is that person's
            who = self.value_text(named[0])
        elif town_first and kinds == {"city"} and not loose and who in (None, SPEAKER) and self._opens_message():
            items = items[:1]  # "Swansea. Uplands, if that means anything to you.", «Новосибирск, Академгородок.»
        elif len(items) < 2 or not kinds & {"age", "job_title"} or others and who is None:
            return
        who = who or self._profile_subject()
        if who is None:
            return
        for typed in items:
            for attribute, value, vtype in typed:
                yield self.fact(who, attribute, value, vtype)

    def _age_tags(self) -> Iterator[Extracted]:
        """ "38F, been jogging on and off", "Me (29m) and my wife (31f)": an age with a letter of sex
        glued to it, the forum way; whose by what it stands beside (English)."""
        if self.s.lang != "en" or self._is_question() or self.said.get("unreal"):
            return
        for k, t in enumerate(self.toks):
            m = _AGE_TAG.match(t.lower)
            glued = k + 1 < len(self.toks) and t.text.isdigit() and self.toks[k + 1].lower in ("f", "m") and (
                self.toks[k + 1].start == t.start + len(t.text))  # fmt: skip
            age = m.group(1) if m else t.text if glued else None
            if age is None or not 14 <= int(age) <= 99:
                continue
            tag = self.toks[k + 1] if glued else t  # "27M" split in two: the letter carries the phrase
            head = self.toks[tag.head] if tag.head != tag.i and tag.dep in ("appos", "nummod", "compound") else None
            if head is not None and head.lemma in lx.RELATIONS:  # not subject_phrase: it would take "27M" for a name
                owner = self.owner_of(head)
                who = f"{owner}'s {lx.RELATIONS[head.lemma]}" if owner is not None and "'s " not in owner else None
            elif head is not None and head.pos == "PROPN" and self._is_person(head):
                who = self.value_text(head)
            elif head is not None and head.lower in ("me", "i", "myself"):
                who = SPEAKER
            else:
                part = next((p for p in self._stretches() if t in p), [])
                who = SPEAKER if not any(self._someone(x) for x in part) else None
            if who is not None:
                yield self.fact(who, "age", age, "concept")

    def _ru_named_after(self) -> Iterator[Extracted]:
        """A pet or a relation named after a dash or comma, with no verb: «Кошка — Сима.», «Шпиц у
        нас, Тоша.», «Начальница у меня новая — Вера Павловна.», «Муж у меня есть, Костя.»; the
        speaker's when «у меня/нас» or «мой/наш» says so, or, for a pet, when the sentence opens
        with it."""
        if self.s.lang != "ru" or self._is_question() or self.said.get("unreal"):
            return
        words = [t for t in self.toks if t.pos != "PUNCT" or t.text in _NAME_CUTS]
        k = 1 if words and words[0].lemma in ("мой", "наш") else 0
        if len(words) < k + 3:
            return
        noun = words[k]
        pet = _lex(noun, lx.PETS) in lx.PETS
        role = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(noun, lx.RELATIONS), ""))
        if not pet and role is None:
            return
        j = k + 1
        mine = k == 1
        while j < len(words) and words[j].text not in _NAME_CUTS:
            w = words[j]
            if w.lower == "у" and j + 1 < len(words) and words[j + 1].lower in ("меня", "нас"):
                mine, j = True, j + 2
                continue
            if w.pos != "ADJ" and w.lower not in ("есть", "новый", "новая", "теперь"):
                return  # a verb or anything else between: not this shape
            j += 1
        name = words[j + 1] if j + 1 < len(words) else None
        if name is None or not name.text[:1].isupper() or not (self._is_person(name) or name.pos == "PROPN"):
            return
        if not (mine or pet and k == 0):
            return
        if any(not t.dep.startswith("flat") for t in words[j + 2 :]):
            return  # «Кошка — Сима, соседская»: the name (with its patronymic) closes the sentence
        value = self.value_text(name)
        if pet:
            yield self.fact(SPEAKER, f"pet_{lx.PETS[_lex(noun, lx.PETS)]}", value, "concept")
        elif role in ("manager", "spouse", "partner"):
            yield self.fact(SPEAKER, role, value, "person")

    def _routine(self) -> Iterator[Extracted]:
        """A sport or an instrument named with how often, in a stretch with no verb: "Yoga twice a
        week", "Five-a-side on Wednesdays", «Бокс три раза в неделю», «По субботам хоккей» — the
        speaker's, when nobody else is in the sentence."""
        if self._is_question() or self.said.get("unreal") or any(self._someone(t) and self._pastime_word(t) is None for t in self.toks):
            return  # (natasha calls an opening «Бокс» a person)
        if any(t.lower in _SCREENS for t in self.toks):
            return  # "Football every Saturday on the telly": watched
        for part in self._stretches():
            value = next((found for t in part if (found := self._pastime_word(t)) is not None), None)
            if value is None:
                continue
            if any(t.pos in ("VERB", "AUX") and self._pastime_word(t) is None for t in part):
                continue  # "I quit boxing twice a week ago", «бросил бокс»: a clause says what of it
            if any(t.lower in lx.NEGATIONS or self._not_plain(t) for t in part) or not self._how_often(part):
                continue
            yield self.fact(SPEAKER, value[0], value[1], "concept")
            return

    def _pastime_word(self, t: Tok) -> tuple[str, str] | None:
        if t.i in self.quoted:
            return None
        for w in (t.lower, t.lemma):
            if w in lx.BOARD_GAMES:
                return "hobby", w  # «По вечерам шахматы»: a pastime the sets call a hobby
            if w in lx.SPORTS:
                return "sport", w
            if w in lx.INSTRUMENTS:
                return "instrument", lx.instrument_name(w)
        return None

    def _how_often(self, part: list[Tok]) -> bool:
        """ "twice a week", "every morning", "on Wednesdays", «три раза в неделю», «по субботам»."""
        words = [t.lower for t in part]
        if any(w in _OFTEN for w in words):
            return True
        if self.s.lang == "en":
            return any(w.endswith("s") and w[:-1] in _WEEKDAYS for w in words) or "a week" in " ".join(words)
        return any(w == "по" and k + 1 < len(part) and part[k + 1].feats.get("Case") == "Dat" and part[k + 1].feats.get("Number") == "Plur"
                   for k, w in enumerate(words))  # fmt: skip

    def _opens_message(self) -> bool:
        """The sentence opens the message, or answers the message's own opening "where?" («Где
        живу? Нижний, Автозавод.»)."""
        k = self.said.get("sentence", 0)
        return k == 0 or k == 1 and bool(self.said.get("where_asked"))

    def _someone(self, t: Tok) -> bool:
        """``t`` names a person other than the speaker: a relative, a name, a third-person pronoun."""
        return t.lemma in lx.RELATIONS or t.lower in _THIRD_PERSON or t.ent == "PER" and self._is_person(t)

    def _kin_stretch(self, words: list[Tok]) -> bool:
        """A stretch that only names a relative of the speaker's: «жена моя», «муж», "my wife"."""
        kin = [t for t in words if t.lemma in lx.RELATIONS]
        return len(kin) == 1 and all(t is kin[0] or t.lower in lx.FIRST_PERSON for t in words)

    def _profile_header(self) -> tuple[int, str | None]:
        """(where the list starts, whose it is) for a header before a colon, dash or question mark
        in the first words: the speaker's ("Me?", "About me -", «Коротко о себе:») or a relative's
        («Брат:», "My sister -"); (0, None) without one."""
        cut = next((t for t in self.toks[:6] if t.text in _HEADER_CUTS and not self._in_word(t)), None)
        if cut is None or cut.i == 0 or cut.i + 1 >= len(self.toks):
            return 0, None
        head = [t for t in self.toks[: cut.i] if t.pos != "PUNCT"]
        if all(t.lower in _SELF_HEADER | _FOR_PROFILE | _PROFILE_NOUNS for t in head) and any(
                t.lower in _SELF_MARKS | _PROFILE_NOUNS for t in head):
            return cut.i + 1, SPEAKER
        if self._kin_stretch(head):
            who = self.subject_phrase(next(t for t in head if t.lemma in lx.RELATIONS))
            return (cut.i + 1, who) if who else (0, None)
        return 0, None

    def _profile_opening(self, words: list[Tok]) -> tuple[str, list[Tok]] | None:
        """An opening stretch "SUBJECT be ITEM" (English): whose the list is, and the item."""
        be = next((t for t in words if t.pos == "AUX" and t.lemma == "be"), None)
        if be is None or self.s.lang != "en" or be.i == words[0].i or be.i == words[-1].i:
            return None
        subject, rest = [t for t in words if t.i < be.i], [t for t in words if t.i > be.i]
        heads = [t for t in subject if t.head == be.i and t.dep.startswith("nsubj")]
        if len(heads) != 1 or any(t.pos in ("VERB", "AUX") for t in rest) or any(self._not_plain(t) or t.pos == "SCONJ" for t in words):
            return None
        if all(t.text[:1].isupper() for t in rest):
            return None  # "I'm Farah, a midwife ...": a name, whatever town shares it
        who = self.subject_phrase(heads[0])
        return (who, rest) if who else None

    def _profile_subject(self) -> str | None:
        """The speaker's, or the person the sentence before was about when this one has no
        first-person word."""
        if any(t.lower in _FIRST_PERSON for t in self.toks):
            return SPEAKER
        topic: str | None = self.said.get("topic")
        return topic if topic is not None and self.said.get("sentence", 0) else SPEAKER

    def _profile_item(self, words: list[Tok]) -> list[tuple[str, str, str]]:
        """What one bare item of a list is: (attribute, value, value type) for each fact in it."""
        if words[0].lower == "мне" and len(words) > 1:
            words = words[1:]  # «мне 34, бухгалтер во ВкусВилле»
        said = number_at(words, 0)
        if said is not None:
            rest = [t.lower for t in words[said[1] + 1 :]]
            ok = all(w in _AGE_UNITS for w in rest) and (not rest or rest[0] != "old")
            return [("age", said[0], "concept")] if ok and 14 <= int(said[0]) <= 99 else []
        if len(words) == 1 and words[0].lower in lx.DIET_OF:
            return [("diet", lx.DIET_OF[words[0].lower], "concept")]
        # (an English word in lower case is no name, whatever the tagger says: "speech therapist")
        if all(t.text[:1].isupper() or t.pos == "PROPN" and self.s.lang == "ru" for t in words) and len(words) <= 3:
            return [("city", self.city(words[0]), "place")] if self._profile_town(words) else []
        root = next((t for t in words if t.head not in {w.i for w in words} or t.head == t.i), None)
        if root is not None and root.feats.get("Number") == "Plur" and root.pos == "NOUN":
            return []  # "шахтёры из Кузбасса, нефтяники из ...": people of a kind, nobody's job
        if root is not None and len(words) == 1 and _job_word(root):
            pass  # "paramedic": a job word the tagger took for an adjective
        elif root is None or root.pos != "NOUN" and not (root.pos == "PROPN" and root.text.islower()) or words[0].pos == "ADP" or root.feats.get("Case", "Nom") != "Nom":
            return []
        title = self.job_title(root)
        if title is None:
            return []
        if any(_YEAR_OF_STUDY.match(t.lower) for t in words if t.i < root.i):
            return [("university", self.value_text(o), "organization") for case, o in self.obliques(root)
                    if case == "at" and o.text[:1].isupper() and self._org(o)][:1]
        if title[1:2].islower():  # "Accountant, …": the capital only opens the sentence
            title = title[:1].lower() + title[1:]
        out = [("job_title", title, "concept")]
        for case, o in self.obliques(root):
            if case in _ORG_CASES and o.text[:1].isupper() and self._org(o) and (self.s.lang == "en" or is_place_name(o.text) is not True):
                out.append(("employer", self.value_text(o), "organization"))
        return out

    def _profile_pets(self, words: list[Tok], pending: str | None) -> tuple[list[tuple[str, str, str]], str | None]:
        """Pets in a list, by name: "two cats (Mabel and Sprout)", «кошка Муська», "a dog, Rex". The
        facts, and the kind of pet that waits for its names in the next stretch ("two cats" before
        the bracket)."""
        head = next((k for k, t in enumerate(words) if _lex(t, lx.PETS) in lx.PETS), None)
        if head is not None:
            if any(t.lower not in _PET_COUNTS and t.pos != "NUM" for t in words[:head]):
                return [], None  # "the neighbour's cat", "no cats"
            pending, words = lx.PETS[_lex(words[head], lx.PETS)], words[head + 1 :]
            if words[:1] and words[0].lower in ("called", "named"):
                words = words[1:]  # "a dog called Rex"
            elif [t.lower for t in words[:2]] in (["по", "кличке"], ["по", "имени"]):
                words = words[2:]
        elif pending is None:
            return [], None
        names: list[list[Tok]] = [[]]
        for t in words:
            if t.pos == "CCONJ" or t.text == ",":
                names.append([])
            elif t.text[:1].isupper() and t.pos in ("PROPN", "NOUN", "ADJ", "X") and self.tool(t) is None:
                names[-1].append(t)
            else:
                return [], None
        if not all(names) or not words:
            return [], pending if head is not None and not words else None
        return [(f"pet_{pending}", " ".join(self._form(t) for t in name), "concept") for name in names], None

    def _profile_town(self, words: list[Tok]) -> bool:
        """A bare item that names a town: the dictionary's place in Russian, GeoNames' town in
        English (the NER's GPE when the gazetteer is not installed)."""
        if self.tool(words[0]) is not None:
            return False
        if self.s.lang == "ru":
            return len(words) == 1 and (is_place_name(words[0].text) is True or words[0].lower in lx.CITY_ALIASES)
        text = " ".join(t.text for t in words)
        known = is_city_name(text)
        return known if known is not None else all(t.ent in ("GPE", "LOC") for t in words)
