"""New roles and jobs, verbless states, and the stretches of a sentence they read."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _DEV_NOUNS,
    _DEVICE_NOUNS,
    _HE_SHE,
    _JOB_NOUNS,
    _NOT_NAMES,
    _OTHER_PRONOUNS,
    _OWNER_WORDS,
    _PAST_ADJ,
    _RU_ADJ_ENDINGS,
    _RU_THIRD_PERSON,
    _USE_VERBS,
    _USER_NOUNS,
    SPEAKER,
    Extracted,
)
from memlab.knowledge.extract.nlp import (
    Tok,
    is_place_name,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_INDEFINITE = wl.all_words("indefinite")


# ("без" is left out: "без глютена" names the diet)
_AGAINST = frozenset("от кроме против вместо".split())


_HOLIDAYS = wl.words("en", "holidays")


class States(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _new_role(self) -> Iterator[Extracted]:
        """ "Got a new manager: Katya, well, Ekaterina officially", "Новый начальник — Вадим": a
        new holder of a role named right after it (the first name given is the one used)."""
        role = self.said.pop("role", None)  # the sentence before ended "new manager:"
        words = [t for t in self.toks if t.pos != "PUNCT"]
        if role is not None and words and self._is_person(words[0]):
            yield self.fact(SPEAKER, role, self.value_text(words[0]), "person")
            return
        fav = self.said.pop("favorite", None)  # the sentence before ended "new favorite band:"
        if fav is not None:
            found = self._title_run(0)
            if found:
                yield self.fact(SPEAKER, fav, found, "concept")
                return
        if any(self._not_plain(t) for t in self.toks):
            return
        for t in self.toks[:-2]:
            if t.lemma not in ("new", "новый") or any(self._someone_else(x) for x in self.toks[: t.i]):
                continue
            named = self._new_named(t)
            if named is not None:
                fav_attribute, k = named
                if k < len(self.toks) and self.toks[k].text in (":", "—", "–", "-"):
                    nxt = next((x for x in self.toks[k + 1 :] if x.pos != "PUNCT"), None)
                    if fav_attribute == "city":  # "новая работа, новый город — Екатеринбург!"
                        if nxt is not None and self._place(nxt) and is_place_name(nxt.text) is not False:
                            yield self.fact(SPEAKER, "city", self.city(nxt), "place")
                        return
                    found = self._title_run(k + 1)
                    if found is None and fav_attribute == "usual_order":  # "new usual order: iced americano"
                        run = list(itertools.takewhile(lambda x: x.pos != "PUNCT", self.toks[k + 1 : k + 6]))
                        noun = next((x for x in reversed(run) if x.pos in ("NOUN", "PROPN")), None)
                        found = self._phrase(noun) if noun is not None else None
                    if found:
                        yield self.fact(SPEAKER, fav_attribute, found, "concept")
                    elif k == len(self.toks) - 1:
                        self.said["favorite"] = fav_attribute
                    return
                continue
            noun = self.toks[t.i + 1]
            attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(noun.lemma, noun.lemma))
            after = self.toks[t.i + 2 : t.i + 5]
            if attribute is not None and [x.text for x in after] == [":"]:
                self.said["role"] = attribute  # the parser ends the sentence at the colon
                return
            if attribute is None or not after or after[0].text not in (":", "—", "–", "-", "is", "="):
                continue
            name = next((x for x in after[1:] if x.pos != "PUNCT"), None)
            if name is not None and self._is_person(name):
                yield self.fact(SPEAKER, attribute, self.value_text(name), "person")
                return

    def _new_job(self) -> Iterator[Extracted]:
        """ "New job! Tyrell Systems, first day was today.", "новая работа — Яндекс": the
        organisation named right after "new job" (in the same sentence after a colon or dash, or
        opening the next one); nothing under a plan, a question or a negation."""
        words = [t for t in self.toks if t.pos != "PUNCT"]
        if self.said.pop("new_job", False) and words and self._org_name(words[0]):
            if not any(self._not_plain(t) for t in self.toks):
                yield self.fact(SPEAKER, "employer", self._org_name(words[0]) or "", "organization")
            return
        for t in self.toks[:-1]:
            noun = self.toks[t.i + 1]
            if t.lemma not in ("new", "новый") or noun.lemma not in _JOB_NOUNS or t.i in self.quoted:
                continue
            if any(self._someone_else(x) for x in self.toks[: t.i]) or any(self._not_plain(x) for x in self.toks):
                return
            rest = self.toks[t.i + 2 :]
            if rest and rest[0].text in ("!", "."):
                self.said["new_job"] = True
            elif rest and rest[0].text in (":", "—", "–", "-") and len(rest) > 1:
                name = self._org_name(rest[1])
                if name:
                    yield self.fact(SPEAKER, "employer", name, "organization")
            return

    def _org_name(self, t: Tok) -> str | None:
        if t.i in self.quoted or not t.text[:1].isupper() or self.tool(t) is not None or t.lower in _NOT_NAMES:
            return None
        if t.pos not in ("PROPN", "X") and t.ent != "ORG":
            return None
        if self.s.lang == "ru":
            return self.value_text(t)
        return self._title_run(t.i)

    def _new_named(self, t: Tok) -> tuple[str, int] | None:
        """(attribute, index after it) for "new favorite band", "new favorite band alert", "new
        standing order" opening at ``t`` ("new")."""
        k = t.i + 1
        fav = k < len(self.toks) and self.toks[k].lemma in lx.FAVOURITE
        k += fav
        while k < len(self.toks) and self.toks[k].lower in lx.ORDER_WORDS and self.toks[k].lemma != "order":
            k += 1
        if k >= len(self.toks) or self.toks[k].pos != "NOUN":
            return None
        noun = self.toks[k]
        attribute = f"favorite_{noun.lemma}" if fav else lx.ATTRIBUTE_NOUNS.get(noun.lemma)
        if attribute not in ("usual_order", "city", "car", "phone", None) and not attribute.startswith("favorite_"):
            return None
        if attribute is None:
            return None
        k += 1
        return attribute, k + (k < len(self.toks) and self.toks[k].lower == "alert")

    def _title_run(self, k: int) -> str | None:
        """The capitalised name that starts at token ``k``: "Fontaines D.C.", "The Name of the Wind"."""
        words: list[Tok] = []
        for t in self.toks[k:]:
            if t.text[:1].isupper() or t.pos == "NUM" or words and t.lower in ("of", "the", "and", "&", "a"):
                words.append(t)
            else:
                break
        while words and not words[-1].text[:1].isupper() and words[-1].pos != "NUM":
            words.pop()
        if not words or words[0].i in self.quoted:
            return None
        out = ""
        for i, t in enumerate(words):
            glued = i and t.start == words[i - 1].start + len(words[i - 1].text)
            out += t.text if glued or not out else " " + t.text
        return out

    def _plain_state(self) -> Iterator[Extracted]:
        """The speaker's tool, car, diet or sport named in a stretch that speaks in the first
        person (or opens with the value: "Galaxy S21 here") with a verb of use or none at all:
        "most of my day is Java", "my laptop runs Ubuntu", "у меня Kia Rio", "I do keto".
        Past changes, evaluations ("I hate Java") and trials ("tried Rust once") are not states."""
        valued = {t.i for t in self.toks if self._state_value(t) is not None}
        blocked = [t for t in self.toks if t.i not in valued and self._not_plain(t)]
        local = lx.NEGATIONS | lx.MODALS
        if any(t.lower not in local for t in blocked):
            return  # a wish, plan, condition or quote anywhere in the sentence; negation and modals per stretch
        subject = self._plain_subject()
        if subject is None:
            return
        hedges = self._hedge_clauses()
        for part in self._stretches():
            part = [t for t in part if t.i not in hedges]  # "..., I'm in WebStorm if that changes anything"
            if not self._speaks_of(subject, part) or any(t in blocked for t in part):
                continue
            values = {
                (v, t.i) for t in part if (v := self._state_value(t)) is not None and not self.modifier(t) and not self._ru_against(t)
            }
            verbs = [t for t in part if t.pos == "VERB" and t.i not in {i for _, i in values}]
            if any(
                v.lemma not in _USE_VERBS or v.feats.get("Tense") == "Past" or v.tag in ("VBD", "VBN")
                for v in verbs
            ):
                continue
            if any(t.pos == "AUX" and (t.tag == "VBD" or t.feats.get("Tense") == "Past") for t in part):
                continue  # "my first car was a Fiat Panda", "у меня была Kia Rio": a past state
            ahead = [i for _, i in values if self._cue_applies(self.toks[i], lx.FUTURE_TIME, before_is_apart=False)]
            ahead += [t.i for t in self.toks if t.tag == "VBG" and t.lemma in ("pick", "collect", "get") and self._future_time(t)]
            if ahead and " now " not in self.low and " теперь " not in self.low:
                continue  # "picking up my new car, a Tesla, next week": ahead, not yet
            kinds = {v for v, _ in values}
            if len(kinds) == 1:
                ((attribute, value, vtype),) = kinds
                yield self.fact(subject, attribute, value, vtype)

    def _hedge_clauses(self) -> set[int]:
        """The words of a conversational "if" clause that conditions nothing ("if that helps")."""
        out: set[int] = set()
        for t in self.toks:
            if t.lower in lx.HYPOTHETICAL_MARKS and t.dep == "mark" and self._hedge(head := self.toks[t.head]):
                out |= {head.i, *(d.i for d in self.toks if head in self.s.ancestors(d))}
        return out

    def _ru_against(self, t: Tok) -> bool:
        """A Russian value after a preposition of aversion or exclusion: "от Хрома у меня
        аллергия", "всё, кроме винды", "без айфона"."""
        k = t.i - 1
        while k > 0 and self.toks[k].text in '«"“':
            k -= 1
        return self.s.lang == "ru" and k >= 0 and t.i > 0 and self.toks[k].lower in _AGAINST

    def _speaks_of(self, subject: str, part: list[Tok]) -> bool:
        """The stretch names its subject: the speaker in the first person, a relative by name;
        a named subject of the sentence's main verb goes on through stretches in no person
        ("Серёжа ушёл из МТС, теперь в Ростелекоме")."""
        if subject == SPEAKER:
            return self._first_person(part)
        if "'s " not in subject:
            return not self._first_person(part)
        rel = subject.split("'s ", 1)[1]  # named, or "she"/"она" for the one relative of the sentence
        return any(lx.RELATIONS.get(t.lemma) == rel or t.lower in _OTHER_PRONOUNS for t in part)

    def _plain_subject(self) -> str | None:
        """Whose state a plain sentence gives: the speaker's, or one relative's that the speaker
        owns ("my wife's doing paleo"); None when anyone else is in it."""
        others = [t for t in self.toks if self._someone_else(t)]
        if not others:
            return SPEAKER
        if all(t.lower in _HE_SHE | _RU_THIRD_PERSON | {"his", "him", "her"} for t in others) and not any(
            t.lower in lx.FIRST_PERSON for t in self.toks
        ):
            heads = [t for t in others if t.lower in _HE_SHE and t.dep.startswith("nsubj")]
            found = {self.antecedent_person(t) for t in heads}
            if len(found) == 1 and None not in found:
                return found.pop()  # "he's on SteamOS now", after "Eli sold his PC"
        rels = {
            lx.RELATIONS[t.lemma] for t in others if t.lemma in lx.RELATIONS and self.owner_of(t) == SPEAKER
        }
        rest = [
            t
            for t in others
            if t.lemma not in lx.RELATIONS and t.lower not in _OTHER_PRONOUNS | _RU_THIRD_PERSON
        ]
        if (
            len(rels) == 1
            and not rest
            and not any(t.lower in (lx.FIRST_PERSON - {"we", "мы"}) - _OWNER_WORDS for t in self.toks)
        ):
            return f"{SPEAKER}'s {rels.pop()}"
        return None

    def _named_subject(self) -> str | None:
        """The one person the sentence names, when they are the subject of its main verb and no
        one else (no first person, pronoun or relative) is in it."""
        others = [t for t in self.toks if self._someone_else(t)]
        if len(others) != 1 or any(t.lower in lx.FIRST_PERSON for t in self.toks):
            return None
        t = others[0]
        root = self.toks[t.head]
        if not t.dep.startswith("nsubj") or root.dep != "root" or t.i in self.quoted or not self._is_person(t):
            return None
        if self.s.lang == "ru" and root.feats.get("Person") == "1":
            return None
        return self.value_text(t)

    def modifier(self, t: Tok) -> bool:
        """The value only qualifies another word: "Rust's borrow checker", "iPhone 15 reviews",
        "vegan restaurants", "веганские кафе"."""
        head = self.toks[t.head]
        if (
            head.i == t.i
            or self.tool(head) is not None
            or head.lower in lx.CAR_BRANDS
            or head.lemma in lx.DIET_NOUNS
        ):
            return False  # "a vegan diet", "средиземноморская диета": the value names the diet
        if head.lemma in _USER_NOUNS:  # "Emacs user since grad school", "a Vim guy"; not "a former Windows user"
            return any(c.lemma in _PAST_ADJ or c.lower.startswith("ex-") for c in self.s.children(head))
        if head.lemma in _DEV_NOUNS and head.tag == "NN" and (self.tool(t) or ("",))[0] == "programming_language":
            return False  # "PHP dev here"
        value = self._state_value(t)
        if value is not None and value[0] == "diet" and t.i and self.toks[t.i - 1].lower in ("on", "на"):
            return False  # "на кето третий месяц": the parse hangs the diet on the time noun
        if value is not None and head.i > t.i and head.text in value[1]:
            return False  # the head is the model: "Galaxy S21", "Tesla Model 3"
        poss = any(c.text in ("'s", "’s") and c.dep in ("case", "possessive") for c in self.s.children(t))
        return poss or t.dep in ("nmod:poss", "poss", "compound", "amod") or t.pos == "ADJ"

    def _first_person(self, part: list[Tok]) -> bool:
        if any(t.lower in lx.FIRST_PERSON for t in part):
            return True
        if self.s.lang == "ru" and any(t.feats.get("Person") == "1" and t.pos == "VERB" for t in part):
            return True
        words = [t for t in part if t.pos not in ("PUNCT", "DET")]
        if len(words) > 1 and words[0].lower in ("on", "на", "без"):
            words = words[1:]  # "на кето третий месяц", "без глютена уже два года"
            if self.s.lang == "ru":  # "на рабочем компе Ubuntu": the speaker's own machine, unnamed
                rest = [t for t in words if t.pos != "ADJ"]
                words = rest[1:] if len(rest) > 1 and rest[0].lemma in _DEVICE_NOUNS else words
        if self.s.lang == "en" and words and words[0].dep.startswith("nsubj") and any(t.i == words[0].head for t in part):
            return False  # "Emacs is awful", "Atom is dead": said of the tool, not of whoever uses it
        return bool(words) and self._state_value(words[0]) is not None  # "Galaxy S21 here", "Emacs user"

    def _state_value(self, t: Tok) -> tuple[str, str, str] | None:
        found = self._new_value(t)
        if found is not None:
            return found[0], found[1], "tool"
        diet = lx.DIET_OF.get(t.lower) or lx.DIET_OF.get(t.lemma) or self._without(t)
        adjective = self.s.lang == "ru" and t.lower.endswith(_RU_ADJ_ENDINGS)
        if diet and (not adjective or self.toks[t.head].lemma in lx.DIET_NOUNS):  # not "веганские кафе"
            return "diet", diet, "concept"
        return None

    def _without(self, t: Tok) -> str | None:
        """A diet said as what is left out: "gluten free", "dairy-free", "без глютена"."""
        k = t.i + 2 if t.i + 2 < len(self.toks) and self._in_word(self.toks[t.i + 1]) else t.i + 1  # "gluten-free"
        nxt = self.toks[k].lower if k < len(self.toks) else ""
        prev = self.toks[t.i - 1].lower if t.i else ""
        free = self.toks[k] if nxt == "free" else None
        if free is not None and free.dep in ("amod", "compound") and self.toks[free.head].lemma not in lx.DIET_NOUNS:
            return None  # "gluten free bread"
        if free is not None or prev == "без" and self.s.lang == "ru":
            return lx.FREE_OF.get(t.lemma) or lx.FREE_OF.get(t.lower)
        return None

    def _stretches(self, dashes: bool = True) -> list[list[Tok]]:
        """The sentence cut at commas, dashes, semicolons and "but"/"но"/"а" (without ``dashes``
        a dash stays inside: it marks the verb left out in "а жена — в Сбере")."""
        parts: list[list[Tok]] = [[]]
        cuts = (",", ";", "—", "–", "-", ":", "(", ")") if dashes else (",", ";", ":", "(", ")")
        for t in self.toks:
            if (t.text in cuts and not self._in_word(t)) or t.lower in ("but", "но", "а", "though"):
                parts.append([])
            else:
                parts[-1].append(t)
        return [p for p in parts if p]

    def _in_word(self, t: Tok) -> bool:
        """A hyphen inside a word ("gluten-free"), not a dash between clauses."""
        if t.text != "-" or not 0 < t.i < len(self.toks) - 1:
            return False
        before, after = self.toks[t.i - 1], self.toks[t.i + 1]
        return before.start + len(before.text) == t.start and t.start + 1 == after.start

    def _not_plain(self, t: Tok) -> bool:
        """A word that keeps a stretch from stating the speaker's own current fact."""
        return (
            t.i in self.quoted
            or t.lower in lx.NEGATIONS | lx.MODALS | lx.FUTURE_AUX
            or t.lower in lx.HYPOTHETICAL_MARKS and not self._hedge(self.toks[t.head]) and not self._ru_hedge(t)
            or t.lower in ("gonna", "wanna", "maybe", "может", "probably", "наверное")
            or t.lemma in lx.NONFACT_HEADS and not self._kind_of_plans(t)
            or t.feats.get("Tense") == "Fut"
        )

    def _kind_of_plans(self, t: Tok) -> bool:
        """ "even lunch plans", "weekend plans": a noun named by its kind is a thing talked about,
        not the speaker's intention."""
        return self.s.lang == "en" and t.pos == "NOUN" and any(c.pos == "NOUN" for c in self.s.children(t, "compound"))

    def _someone_else(self, t: Tok) -> bool:
        """A person other than the speaker in the sentence: whose change it is, is then unclear
        (not one the speaker is joined with: "мы с мужем", "me and Alex")."""
        if any(t.i == c.i or t.head == c.i and t.dep in ("appos", "flat", "flat:name", "nmod", "compound") for c in self._companions()):
            return False
        return (
            t.lower in _OTHER_PRONOUNS | _RU_THIRD_PERSON | {"you", "ты", "вы", "тебя", "вас", "тебе", "вам"}
            or t.lower in _INDEFINITE  # "на Go кто-нибудь пишет?", "anyone here on Arch?"
            or t.lemma in lx.RELATIONS
            or t.ent == "PER"
            and self.tool(t) is None  # the small model calls Fedora a person
            and not (self.s.lang == "en" and t.lower in lx.DIET_OF)  # and "Keto since Christmas." opening a sentence
            and t.lower not in _HOLIDAYS  # and "since Easter" a person
            and (t.pos == "PROPN" or t.text[:1].isupper())  # and "keto diet" one
            or self.s.lang == "ru" and t.pos == "PROPN" and self._ru_name(t) is not None  # NER missed "Серёжа"
        )

    def _new_value(self, t: Tok) -> tuple[str, str] | None:
        head = self.toks[t.head]
        if head.lemma in lx.DROP_VERBS and head.i != t.i:
            return None
        prev = self.toks[t.i - 1].lower if t.i else ""
        if prev in ("from", "из", "с", "со", "than", "чем", "of"):
            return None  # "moved off Python", "switched from Vim", "ушёл с винды"
        if t.i and self.tool(t) is not None and self.tool(self.toks[t.i - 1]) == self.tool(t):
            return None  # only the first word of a multi-word name
        found = self.tool_value(t)
        if found is not None and found[0] == "gym" and self._works_at(t):
            return None  # "I work at Equinox": the employer, not a gym
        if found is not None:
            return found
        if t.lower in lx.CAR_BRANDS or self.s.lang == "ru" and t.lemma in lx.CAR_BRANDS:
            tail = []
            for x in self.toks[t.i + 1 : t.i + 4]:
                if not (x.pos == "NUM" or x.text[:1].isupper() or x.lower in lx.MODEL_WORDS):
                    break
                tail.append(x.text)
            brand = self.value_text(t) if self.s.lang == "ru" and not tail else t.text
            return "car", " ".join([brand[:1].upper() + brand[1:], *tail])
        return None

    def _works_at(self, t: Tok) -> bool:
        head = self.toks[t.head]
        return head.lemma in ("work", "работать") and not any(c.lower == "out" for c in self.s.children(head))
