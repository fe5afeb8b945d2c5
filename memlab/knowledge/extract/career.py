"""Work news said without a verb of employment: promotions, a first week somewhere, an offer taken,
work done at a company, and the language that work is "mostly" in."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _VISIT_WORDS, SPEAKER, Extracted, _job_word
from memlab.knowledge.extract.nlp import (
    Tok,
    is_place_name,
    ru_adjective_nominative,
    ru_instrumental_noun,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_AWAY = wl.words("en", "away")
_PERIODS = frozenset("day week month год день неделя месяц".split())
_COUNT_ORDINALS = frozenset({"first", *lx.RU_ORDINALS})
_NUMBER_WORDS = frozenset("two three four five six couple few".split())
_OFFER_NOUNS = frozenset("offer оффер офер".split())
_STARTED = frozenset("start begin join onboard выйти начать приступить".split())
_PROJECT_CASES = frozenset("on onto to над на".split())
_PROJECT_VERBS = wl.all_words("project_verbs")
_TITLE_HEADS = frozenset("lead head manager director supervisor boss".split())
_PAY_NOUNS = frozenset("payslip paycheck paycheque salary wage pay".split())
_PAST_PAY = frozenset("last final old previous former".split())
_WORK_NOUNS = frozenset("work job internship contract gig".split())
_MOSTLY = frozenset("mostly mainly primarily largely основном преимущественно".split())
_NOT_YET = frozenset("tomorrow next soon завтра следующий скоро".split())
_OTHERS_OWN = wl.all_words("others_own")
_ORG_CASES = frozenset("at from в во от".split())
_MOVED_ME = frozenset("promote move make put transfer bump switch".split())  # "they moved me over to automation"
_TITLE_LABELS = wl.words("en", "title_labels")
_CARRIERS = frozenset("badge signature card nameplate headline".split())  # what says the title on the speaker's behalf
_TITLE_STOPS = wl.all_words("title_stops")


def of_domain(toks: Sequence[Tok], head: Tok) -> list[Tok]:
    """What a head-of title is head of: "head of data", "director of product design" (the "of"
    and up to two nouns after ``head``; none when ``head`` is no such title)."""
    if head.lower not in lx.OF_TITLES or head.i + 2 >= len(toks) + 1 or head.i + 1 >= len(toks) or toks[head.i + 1].lower != "of":
        return []
    out = [toks[head.i + 1]]
    for t in toks[head.i + 2 : head.i + 4]:
        if t.pos not in ("NOUN", "PROPN") or t.lower in _TITLE_STOPS:
            break
        out.append(t)
    return out if len(out) > 1 else []


class Career(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _career(self, found: list[Extracted]) -> Iterator[Extracted]:
        """What ``found`` does not already say of the speaker's work, from the phrasings above."""
        if any(self._not_plain(t) and not self._carrier_says(t) and not self._disbelief(t) for t in self.toks) or any(
            t.lower in _OTHERS_OWN for t in self.toks
        ):
            return
        if any(self._someone_else(t) and not self._career_word(t) and not self._they_me(t) for t in self.toks):
            return
        if any(t.lemma in _NOT_YET for t in self.toks):
            return
        have = {(f.subject, f.attribute) for f in found}
        new = [*self._promoted(), *self._first_days(), *self._offer_taken(), *self._paid_by(), *self._project(), *self._work_at(), *self._title_label()]
        new = [f for f in new if (f.subject, f.attribute) not in have]
        yield from new
        yield from self._work_language([*found, *new])

    def _disbelief(self, t: Tok) -> bool:
        """ "..., still can't believe it": joy at the news after a comma, not a denial of it."""
        v = t if t.lemma == "believe" else self.toks[t.head]
        comma = any(x.text in (",", ";", "—", "!") for x in self.toks[: min(t.i, v.i)])
        objects = [o for o in self.s.children(v, "obj", "dobj", "ccomp") if o.i > v.i]  # the parse may hang the news before it on "believe"
        return comma and v.lemma == "believe" and all(o.lower in ("it", "this", "that") for o in objects)

    def _disbelieved(self, v: Tok) -> bool:
        """The parse hung the news on a later "can't believe it" ("title is X, still can't believe it")."""
        head = self.toks[v.head]
        return v.dep == "ccomp" and head.i > v.i and head.lemma == "believe" and any(
            self._disbelief(c) for c in self.s.children(head) if self._not_plain(c)
        )

    def _carrier_says(self, t: Tok) -> bool:
        """ "the badge says SDET now": what a badge or signature says is no report of anyone's words."""
        return t.lemma in ("say", "read") and any(c.lemma in _CARRIERS for c in self.s.children(t, "nsubj"))

    def _they_me(self, t: Tok) -> bool:
        """ "they promoted me to staff engineer": the employer's "they", with the speaker as its object."""
        v = self.toks[t.head]
        return t.lower == "they" and t.dep == "nsubj" and v.lemma in _MOVED_ME and any(
            c.lower == "me" for c in self.s.children(v, "obj", "dobj")
        )

    def _career_word(self, t: Tok) -> bool:
        """A role or a company, not a person: "lead analyst", "тимлидом", "от Озона" (NER: a name)."""
        if t.lemma in _TITLE_HEADS and self.s.children(t, "compound"):
            return True  # "Test Automation Lead": a title, not the speaker's lead
        if t.lemma in ("project", "проект") or t.i and self.toks[t.i - 1].lemma in ("project", "проект"):
            return True  # "Project Heron": NER calls it a person
        return _job_word(t) or t.i > 0 and self.toks[t.i - 1].lower in (*_ORG_CASES, "into") and t.pos != "PRON"

    def _speaker_verb(self, v: Tok) -> bool:
        """``v`` is the speaker's, said or dropped ("got promoted", "повысили до ..."), and not blocked."""
        subjects = self.s.children(v, "nsubj", "nsubj:pass", "nsubjpass")
        mine = all(c.lower in ("i", "we", "я", "мы") for c in subjects) or v.lemma == "promote" and any(
            c.lower == "me" for c in self.s.children(v, "obj", "dobj")
        )  # "they promoted me to staff engineer"
        main = v.dep in ("root", "conj") or v.dep == "ROOT"  # not "hoping to get promoted": a wish
        return mine and main and not self._blocked(v)

    # -- "got promoted to lead analyst", "повысили до ведущего аналитика", "назначили тимлидом" -----
    def _promoted(self) -> Iterator[Extracted]:
        for v in self.toks:
            bumped = v.lemma == "bump" and any(c.lower == "up" for c in self.s.children(v))  # "bumped up to"
            if (v.lemma == "promote" or bumped) and self._speaker_verb(v):
                to = next((t for t in self.toks[v.i + 1 : v.i + 3] if t.lower == "to"), None)
                title = self._title_after(to.i + 1) if to is not None else None
            elif v.lemma in ("повысить", "повыситься") and self._speaker_verb(v):
                to = next((t for t in self.toks[v.i + 1 : v.i + 3] if t.lower == "до"), None)
                title = self._ru_genitive_title(to.i + 1) if to is not None else None
            elif v.lemma == "назначить" and self._speaker_verb(v) and v.i + 1 < len(self.toks):
                role = ru_instrumental_noun(self.toks[v.i + 1].text)
                title = role[0] if role is not None and role[0].split("-")[-1] in lx.JOB_HEADS else None
            else:
                continue
            if title:
                yield self.fact(SPEAKER, "job_title", title, "concept")

    # -- "my title is officially Test Automation Lead", "the badge says SDET now" -----------------------
    def _title_label(self) -> Iterator[Extracted]:
        """A job title read off what names it: the speaker's title, role or position, or the badge,
        email signature or business card that says it ("my email signature now reads Senior Copywriter")."""
        if self.s.lang == "ru":
            return
        for label in self.toks:
            if label.lemma not in _TITLE_LABELS or not label.dep.startswith("nsubj") or label.i in self.quoted:
                continue
            verb = self.toks[label.head]
            owner = self.owner_of(label)
            dets = self.s.children(label, "det", "nmod:poss", "poss", "compound", "amod")
            mine = owner == SPEAKER or owner is None and (
                label.lemma in _CARRIERS and any(c.lower == "the" for c in dets)  # "the badge says SDET now"
                or label.lemma == "title" and not dets and label.i <= 1  # "got promoted!!! title is officially ..."
            )
            if not mine or verb.lemma not in ("be", "say", "read") or self._blocked(verb) or self.denied(verb) and not self._disbelieved(verb):
                continue
            k = verb.i + 1
            while k < len(self.toks) and (self.toks[k].pos in ("ADV", "DET") or self.toks[k].lower in ("now", "officially")):
                k += 1
            words: list[Tok] = []
            for t in self.toks[k : k + 5]:
                if t.pos in ("PUNCT", "ADP", "CCONJ", "ADV", "SCONJ", "VERB", "AUX", "PRON") or t.lower in _TITLE_STOPS:
                    break
                words.append(t)
            capitals = label.lemma not in ("role", "position") and all(w.text[:1].isupper() for w in words)
            named = bool(words) and (_job_word(words[-1]) or capitals and words[-1].text.isalpha())  # "Senior Copywriter", "SDET"
            if named and not any(w.i in self.quoted for w in words) and words[-1].lower not in ("visitor", "guest", "welcome"):
                yield self.fact(SPEAKER, "job_title", " ".join(w.text for w in words), "concept")
                return

    def _title_after(self, k: int) -> str | None:
        """The English job noun phrase from token ``k``: "lead analyst", "a senior engineer"."""
        words = []
        for t in self.toks[k : k + 5]:
            if t.pos == "PUNCT" or t.lower in _TITLE_STOPS or t.lower == "of":
                break
            if t.pos != "DET":
                words.append(t)
        if not words or not _job_word(words[-1]):
            return None
        return " ".join(t.text for t in [*words, *of_domain(self.toks, words[-1])])

    def _ru_genitive_title(self, k: int) -> str | None:
        """The Russian job noun phrase in the genitive from token ``k``, in the nominative
        ("ведущего аналитика" -> "ведущий аналитик")."""
        words = []
        for t in self.toks[k : k + 4]:
            words.append(t)
            if t.pos != "ADJ":
                break
        noun = words[-1] if words else None
        if noun is None or not _job_word(noun):
            return None
        gender = noun.feats.get("Gender", "Masc")
        adjectives = [ru_adjective_nominative(a.text, gender) or a.lemma for a in words[:-1]]
        return " ".join([*adjectives, noun.lemma])

    # -- "first week at Datadog done", "первая неделя в Тинькофф позади" ---------------------------
    def _first_days(self) -> Iterator[Extracted]:
        """ "first week at Datadog done", "третий месяц в Альфе", "two weeks into GitLab"."""
        for t in self.toks[1:]:
            before = self.toks[t.i - 1]
            counted = before.lemma in _COUNT_ORDINALS or before.lower in lx.ORDINALS
            into = before.pos == "NUM" or before.lower in _NUMBER_WORDS
            one = before.lemma in _PERIODS and (t.lower == "one" or t.lower in _NUMBER_WORDS or t.pos == "NUM") and t.i + 1 < len(self.toks)  # "week one at Notion", "week two at Experian"
            if one:
                org = self._org_after(t.i + 1)
                if org is not None:
                    yield self.fact(SPEAKER, "employer", org, "organization")
                    return
            if into and not counted and t.lemma in (*_PERIODS, "year") and self._tenure(t):  # "Ten years at Rolls-Royce this month"
                org = self._org_after(t.i + 1)
                if org is not None:
                    yield self.fact(SPEAKER, "employer", org, "organization")
                    return
            if t.lemma not in _PERIODS or not (counted or into):
                continue
            if into and not counted:  # "two weeks into GitLab": only with "into"
                after = self.toks[t.i + 2] if t.i + 2 < len(self.toks) and self.toks[t.i + 1].lower == "into" else None
                if (
                    after is not None and after.text[:1].isupper() and self.tool(after) is None
                    and after.lower not in lx.LANGUAGES and after.pos == "PROPN" and (after.ent in ("ORG", "PER") or not self._place(after))
                    and after.ent not in ("GPE", "LOC")
                ):  # fmt: skip
                    yield self.fact(SPEAKER, "employer", self.value_text(after), "organization")
                    return
                continue
            org = self._org_after(t.i + 1)
            if org is not None:
                yield self.fact(SPEAKER, "employer", org, "organization")
                return

    def _tenure(self, t: Tok) -> bool:
        """ "Ten years at Rolls-Royce this month", "5 years at Shopify today": time counted up to now
        in a sentence with no verb ("I spent ten years at IBM" is the past)."""
        return (
            self.s.lang == "en" and t.tag == "NNS" and not any(x.pos in ("VERB", "AUX") or x.tag in ("VBD", "VBN") for x in self.toks)
            and not any(x.lower in ("before", "ago", "until", "till") for x in self.toks)  # "Wrote Java for six years at Kainos before all this"
            and not any(x.lemma in lx.SCHOOL_NOUNS for x in self.toks)  # "Two years at Exeter University"
        )  # fmt: skip

    # -- "almost a year in Wellington and ...", "six months in Lisbon now" ---------------------------
    def _time_in_place(self) -> Iterator[Extracted]:
        """Time counted in a town up to now, said with no verb: "almost a year in Wellington and I
        still can't cope with the wind", "six months in Lisbon now", "week three in Oslo". Not with
        a verb ("spent a year in Lisbon": past), a visit, a past time or a question."""
        if self._is_question() or any(p in self.low for p in lx.PAST_TIME + lx.NOT_REAL):
            return
        if any(t.lemma in _VISIT_WORDS or t.lower in _AWAY for t in self.toks) or " for work" in self.low:
            return
        if self.s.lang == "ru":
            yield from self._ru_time_in_place()
            return
        for t in self.toks[1:-2]:
            if t.lemma not in ("month", "year") or t.i in self.quoted:
                continue  # days and weeks are a stay: "back from a week in Lisbon", "five days in Boston for work"
            before = self.toks[t.i - 1]
            counted = before.pos == "NUM" or before.lower in _NUMBER_WORDS or before.lower in ("a", "an") or before.lower in lx.ORDINALS
            after_count = t.i + 1 < len(self.toks) and (self.toks[t.i + 1].pos == "NUM" or self.toks[t.i + 1].lower in _NUMBER_WORDS)
            k = t.i + 2 if after_count else t.i + 1  # "week three in Oslo"
            if not (counted or after_count) or k + 1 >= len(self.toks) or self.toks[k].lower != "in":
                continue
            place = self.toks[k + 1]
            known = place.ent in ("GPE", "LOC") or place.lower in lx.LOWER_CASE_CITIES  # the small NER calls Valencia a person
            if not place.text[:1].isupper() or not known or not self._place(place):
                continue
            head = self.toks[t.head]
            fronted = t.dep == "npadvmod" and head.i > place.i and head.lemma not in ("spend", "stay", "visit")
            if t.head != t.i and head.pos in ("VERB", "AUX") and head.i != place.i and not fronted:
                continue  # "I spent a year in Lisbon", "a week in Rome was lovely" (not "a year in Halifax and the fog still gets me")
            yield self.fact(SPEAKER, "city", self.city(place), "place")
            return

    def _ru_time_in_place(self) -> Iterator[Extracted]:
        """«в Гродно уже лет десять», «третий год в Казани»: a count of years or months up to now,
        in a stretch with no verb and nobody else in it (nor in the sentence, unless the stretch
        says «я»)."""
        others = any(self._someone_else(t) for t in self.toks)
        for stretch in self._stretches():
            if any(t.pos in ("VERB", "AUX") or self._someone_else(t) or t.i in self.quoted for t in stretch):
                continue
            if others and not any(t.lower in ("я", "мы") for t in stretch):
                continue  # "мама из Омска, но уже шесть лет в Праге": the mother's, said before
            counted = any(t.lemma in ("год", "месяц") and (
                any(w.lower == "уже" for w in stretch) or self._ru_counted(t)) for t in stretch)  # fmt: skip
            if not counted:
                continue
            for k, t in enumerate(stretch[:-1]):
                if t.lower in ("в", "во") and self._a_town(stretch[k + 1]) and not self.denied(stretch[k + 1]):
                    yield self.fact(SPEAKER, "city", self.city(stretch[k + 1]), "place")
                    return

    def _ru_counted(self, t: Tok) -> bool:
        """«третий год», «пять лет», «лет десять»: a count on a word of time."""
        near = self.toks[max(0, t.i - 1) : t.i + 2]
        return any(w is not t and (w.pos == "NUM" or w.lemma in lx.RU_ORDINALS) for w in near)

    # -- "third month of keto", "day 40 of portuguese on duolingo" ----------------------------------
    def _time_into(self) -> Iterator[Extracted]:
        """Time counted into a diet, a language or a sport up to now, with no verb: "third month of
        keto", "day 40 of portuguese on duolingo", "week six of climbing". Not "a month of keto
        was enough" (a verb says it is over or judges it), not a past time or a question."""
        if self.s.lang != "en" or self._is_question() or any(p in self.low for p in lx.PAST_TIME + lx.NOT_REAL):
            return
        for t in self.toks[:-2]:
            if t.lemma not in ("day", "week", "month", "year") or t.i in self.quoted:
                continue
            before = self.toks[t.i - 1] if t.i else None
            counted = before is not None and (before.lower in lx.ORDINALS or before.lower in _COUNT_ORDINALS)
            numbered = self.toks[t.i + 1].pos == "NUM"  # "day 40 of ..."
            k = t.i + 2 if numbered else t.i + 1
            if not (counted or numbered) or k + 1 >= len(self.toks) or self.toks[k].lower != "of":
                continue
            head = self.toks[t.head]
            if t.head != t.i and head.pos in ("VERB", "AUX") and t.dep != "npadvmod":
                continue  # "a month of keto was enough", "I did three weeks of yoga"
            x = self.toks[k + 1]
            if x.lower in lx.DIET_OF:
                yield self.fact(SPEAKER, "diet", lx.DIET_OF[x.lower], "concept")
            elif x.lower in lx.LANGUAGES:
                yield self.fact(SPEAKER, "learning_language", x.text.capitalize(), "concept")
            elif x.lemma in lx.SPORTS:
                yield self.fact(SPEAKER, "sport", x.lemma, "concept")
            return

    # -- "they moved me onto Project Heron", "меня перевели на проект Heron" -----------------------
    def _project(self) -> Iterator[Extracted]:
        """The named project the speaker works on now: "I'm on Project Heron now", "working on
        Project Falcon", "работаю над проектом Atlas" (a verb of working, being or being moved)."""
        for t in self.toks[:-1]:
            name = self.toks[t.i + 1]
            if t.lemma not in ("project", "проект") or not name.text[:1].isupper() or name.pos not in ("PROPN", "X", "NOUN"):
                continue
            if t.lemma == "project" and not t.text[:1].isupper() or name.i in self.quoted or self.tool(name) is not None:
                continue  # "a project Heron" is no name; "проект на Go" is a language
            carrier = t if t.dep == "obl" or self.s.lang == "ru" else name
            case = next((c.lower for c in self.s.children(carrier, "case")), self.toks[t.i - 1].lower if t.i else "")
            if case not in _PROJECT_CASES:
                continue
            v = self.toks[carrier.head]
            moved = v.lemma in _MOVED_ME | {"assign", "перевести", "назначить", "кинуть"} and any(
                c.lower in ("me", "меня", "us", "нас") for c in self.s.children(v, "obj", "dobj", "nsubj")
            )  # fmt: skip
            if not moved and (v.lemma not in _PROJECT_VERBS or not self._speaker_verb(v)):
                continue
            if self._blocked(v) and not moved or self.denied(v):
                continue
            yield self.fact(SPEAKER, "project", name.text, "concept")
            return

    # -- "my first payslip from Tesco arrived" ----------------------------------------------------
    def _paid_by(self) -> Iterator[Extracted]:
        if self.s.lang != "en":
            return
        for t in self.toks:
            if t.lemma not in _PAY_NOUNS or t.pos != "NOUN" or self.owner_of(t) != SPEAKER:
                continue
            if any(c.lower in _PAST_PAY for c in self.s.children(t, "amod", "advmod")):
                continue  # "my last payslip from Unilever": the old employer
            for case, o in self.obliques(t):
                org = self._org_after(o.i - 1) if case == "from" else None
                if org is not None:
                    yield self.fact(SPEAKER, "employer", org, "organization")
                    return

    def _org_after(self, k: int) -> str | None:
        """An organisation named after "at", "from", "в", "от" at token ``k`` (not a city, school or tool)."""
        if k + 1 >= len(self.toks) or self.toks[k].lower not in _ORG_CASES:
            return None
        o = self.toks[k + 1]
        if not o.text[:1].isupper() or o.i in self.quoted or self.tool(o) is not None:
            return None
        if o.lemma.casefold() in lx.SCHOOL_NOUNS or self.s.lang == "ru" and is_place_name(o.text) is True:
            return None
        if self.s.lang == "en" and (o.pos != "PROPN" or o.ent == "GPE"):
            return None
        return self.value_text(o)

    # -- "got the offer from Datadog and started this monday", "принял оффер от Озона" ------------
    def _offer_taken(self) -> Iterator[Extracted]:
        for t in self.toks[:-2]:
            if t.lemma not in _OFFER_NOUNS and not t.lower.startswith(("оффер", "офер")):
                continue  # natasha's lemma of "оффер" is "оффера"
            source = next((x for x in self.toks[t.i + 1 : t.i + 3] if x.lower in _ORG_CASES), None)
            org = self._org_after(source.i) if source is not None else None
            # an offer accepted is a plan ("accepted an offer at Figma, starting on the 15th"); a start is news
            taken = any(
                v.lemma in _STARTED and v.pos == "VERB" and (v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past")
                for v in self.toks
            )
            if org is not None and taken:
                yield self.fact(SPEAKER, "employer", org, "organization")
                return

    # -- "I do backend work at Stripe" -------------------------------------------------------------
    def _work_at(self) -> Iterator[Extracted]:
        if self.s.lang != "en":
            return
        for t in self.toks:
            if t.lemma not in _WORK_NOUNS or t.pos != "NOUN" or t.dep not in ("obj", "dobj"):
                continue
            v = self.toks[t.head]
            if v.tag in ("VBD", "VBN") or not self._speaker_verb(v) or not self.s.children(v, "nsubj"):
                continue  # "did some contract work for Stripe": past
            for case, o in self.obliques(t):
                if case in ("at", "for") and o.pos == "PROPN" and self._org_after(o.i - 1) is not None:
                    yield self.fact(SPEAKER, "employer", self.value_text(o), "organization")
                    return

    # -- "I'm a backend dev at Zalando, mostly Java", "mostly in Go" -------------------------------
    def _work_language(self, found: list[Extracted]) -> Iterator[Extracted]:
        mine = {f.attribute for f in found if f.subject == SPEAKER}
        if not mine & {"employer", "job_title", "team"} or "programming_language" in mine:
            return
        for t in self.toks[1:]:
            tool = self.tool(t)
            if tool is None or tool[0] != "programming_language" or t.i in self.quoted:
                continue
            before = [x.lower for x in self.toks[max(0, t.i - 3) : t.i] if x.lower not in ("in", "with", "на", "в")]
            if before and before[-1] in _MOSTLY:
                yield self.fact(SPEAKER, "programming_language", tool[1], "tool")
                return
