"""Russian constructions the parse does not give as verb + argument."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _HE_SHE,
    _PAST_ADJ,
    _PRAISE,
    _QUOTES,
    _RU_THIRD_PERSON,
    _TITLE_LINKS,
    SPEAKER,
    Extracted,
    _job_word,
    _lex,
    number_at,
)
from memlab.knowledge.extract.nlp import (
    Tok,
    _morph,
    is_place_name,
    ru_first_person_verb,
    ru_future,
    ru_lemmas,
    ru_name,
    ru_noun_nominative,
    ru_plural_nominative,
    ru_possessive_owner,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.ru_appos import named_then_relation, ru_pet_of_the_past, with_companion
from memlab.knowledge.extract.ru_gaps import years_in
from memlab.knowledge.extract.ru_intro import intro_city, intro_list, student_of
from memlab.knowledge.extract.ru_jobs import org_value, verbless_org
from memlab.knowledge.extract.ru_moves import enrolled, moved_to_team
from memlab.lang import wordlists as wl


class RussianClauses(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def _russian(self) -> Iterator[Extracted]:
        yield from _ru_facts(self)
        yield from self._ru_native()
        yield from self._ru_hobby()
        yield from self._ru_live_here()
        yield from self._ru_team()
        yield from self._ru_verbless_tool()
        yield from self._ru_hobby_verb()
        yield from self._ru_food()
        yield from self._ru_named_relation()
        yield from self._ru_married_with()
        yield from self._ru_my_everything()
        yield from self._ru_role_at_us()
        yield from named_then_relation(self)
        yield from years_in(self)
        yield from intro_list(self)
        yield from intro_city(self)
        yield from student_of(self)
        yield from moved_to_team(self)
        yield from enrolled(self)
        yield from my_car(self)

    def _ru_my_everything(self) -> Iterator[Extracted]:
        """ "шахматы — моё всё", "бачата теперь моё всё": a pastime named before "моё всё" (a
        lower-case word opening the stretch; not a person, a pronoun or a tool)."""
        for part in self._stretches(dashes=False):
            words = [t for t in part if t.text not in ("—", "–", "-") and t.lower not in ("теперь", "сейчас", "уже", "просто", "прям", "прямо")]
            if len(words) != 3 or [t.lower for t in words[1:]] not in (["моё", "всё"], ["мое", "все"], ["моё", "все"]):
                continue
            x = words[0]
            if x.text[:1].isupper() and x.i or x.pos in ("PRON", "DET", "ADV") or self._is_person(x) or self.tool(x) or x.i in self.quoted:
                continue
            if x.lemma in lx.RELATIONS or x.lower in ("это", "ты", "он", "она", "работа", "семья", "дети"):
                continue
            yield self.fact(SPEAKER, "hobby", x.lower, "concept")

    def _ru_named_relation(self) -> Iterator[Extracted]:
        """ "жене Тане 39", "а жена Юля — архитектор", "с женой, Мариной, ...", "муж мой, Пьер,":
        a spouse, partner or manager noun with a name in apposition (the same case, or between
        commas): the speaker's, unless another owner is said ("у Пети жена Юля", "его жена Юля")."""
        toks = self.toks
        for t in toks:
            fact = lx.RELATION_FACTS.get(lx.RELATIONS.get(t.lemma, ""))
            if fact not in ("spouse", "partner", "manager") or t.pos != "NOUN" or t.i in self.quoted or self.other_partner(t):
                continue
            if any(c.lemma in _PAST_ADJ for c in self.s.children(t)) or t.i and toks[t.i - 1].lemma in _PAST_ADJ:
                continue  # "бывший муж Андрей"
            k = t.i + 1
            if k < len(toks) and toks[k].lemma in ("мой", "наш"):
                k += 1  # "муж мой, Пьер,"
            elif k + 1 < len(toks) and toks[k].lower == "у" and toks[k + 1].lower in ("меня", "нас"):
                k += 2  # "муж у меня, Ильнур,"
            commas = k < len(toks) and toks[k].text == ","
            name = toks[k + commas] if k + commas < len(toks) else None
            if name is None or name.pos != "PROPN" or not self._is_person(name) or name.i in self.quoted:
                continue
            if commas and not (name.i + 1 == len(toks) or toks[name.i + 1].text in (",", "—", ".", "!")):
                continue
            if not commas and name.feats.get("Case") != t.feats.get("Case"):
                continue  # "муж Ани": the owner
            part = next((p for p in self._stretches(dashes=False) if t in p), [])
            if any(self._not_plain(x) for x in part) or not self._own_relation(t):
                continue
            yield self.fact(SPEAKER, fact, self.value_text(name), "person")

    def _ru_role_at_us(self) -> Iterator[Extracted]:
        """ "Ирина Валерьевна у нас руководитель отдела", "Олег у меня начальник": a name, "у нас" /
        "у меня", then a manager noun: the speaker's manager (or partner, spouse)."""
        toks = self.toks
        for t in toks[2:]:
            fact = lx.RELATION_FACTS.get(lx.RELATIONS.get(t.lemma, ""))
            if fact not in ("manager",) or toks[t.i - 2].lower != "у" or toks[t.i - 1].lower not in ("нас", "меня"):
                continue
            name = toks[t.i - 3] if t.i >= 3 else None
            if name is not None and name.dep.startswith("flat") and name.i:
                name = toks[name.head]  # "Ирина Валерьевна": the first name heads the patronymic
            if name is None or name.pos != "PROPN" or not self._is_person(name) or name.feats.get("Case", "Nom") != "Nom":
                continue
            part = next((p for p in self._stretches() if t in p), [])
            if not any(self._not_plain(x) for x in part):
                yield self.fact(SPEAKER, fact, self.value_text(name), "person")

    def _own_relation(self, t: Tok) -> bool:
        """No one but the speaker owns relation noun ``t``: no "его", no genitive owner, no "у X" before it."""
        for c in self.s.children(t):
            if c.lower in ("его", "её", "ее", "их", "твой", "твоя", "ваш", "ваша", "свой", "своя") or _possessive_owner(c):
                return False  # "его жена", "Катин начальник"
            if c.dep.startswith("nmod") and c.feats.get("Case") == "Gen" and c.i > t.i and c.pos in ("NOUN", "PROPN"):
                return False
        ats = [x for x in self.toks[1 : t.i] if self.toks[x.i - 1].lower == "у"]
        return all(x.lemma in ("я", "мы") for x in ats)

    def _ru_married_with(self) -> Iterator[Extracted]:
        """ "мы с Пашей женаты", "мы с Ильёй расписались": the one the speaker is married with."""
        toks = self.toks
        if len(toks) < 4 or toks[0].lower != "мы" or toks[1].lower not in ("с", "со"):
            return
        name = toks[2]
        married = next((t for t in toks[3:6] if t.lemma in _MARRIED or t.lower in _MARRIED), None)
        if married is None or not self._is_person(name) or name.pos != "PROPN" or married.feats.get("Tense") == "Fut":
            return
        part = next((p for p in self._stretches() if married in p), [])
        if not any(self._not_plain(x) for x in part):
            yield self.fact(SPEAKER, "spouse", self.value_text(name), "person")

    def _ru_food(self) -> Iterator[Extracted]:
        """ "обожаю хинкали, могу есть каждый день", "подсел на фо бо, ем каждый день": a dish the
        speaker loves or got hooked on, with eating said in the sentence: the favourite food."""
        toks = self.toks
        eats = any(
            t.lower in _EAT_FORMS or t.lower == "есть" and any(x.lemma == "мочь" for x in toks[max(0, t.i - 4) : t.i])
            for t in toks
        )
        if not eats:
            return
        for v in toks:
            if v.lemma not in ("обожать", "любить", "подсесть") or v.feats.get("Person") == "3" or self._blocked(v):
                continue
            if v.lemma != "подсесть" and not ru_first_person_verb(v.text):
                continue
            start = v.i + 1
            if v.lemma == "подсесть":
                if start >= len(toks) or toks[start].lower != "на":
                    continue
                start += 1
            words = list(itertools.takewhile(
                lambda x: x.pos in ("NOUN", "X", "ADJ") and not x.text[:1].isupper() and x.lemma not in _NOT_FOOD,
                toks[start : start + 3]))  # fmt: skip
            if not words or words[-1].pos == "ADJ" or start + len(words) < len(toks) and toks[start + len(words)].pos not in ("PUNCT",):
                continue
            value = ru_noun_nominative(words[0].text) if len(words) == 1 else " ".join(w.lower for w in words)
            yield self.fact(SPEAKER, "favorite_food", value, "concept")
            return

    def _ru_hobby_verb(self) -> Iterator[Extracted]:
        """ "я вяжу", "рыбачу по выходным", "рисую акварелью", "Маша вышивает": a present verb of a
        pastime (by pymorphy3's lemma: natasha tags "вяжу" a noun) gives the hobby; "X затянула"
        ("вышивка затянула с головой") gives X. The speaker's for a first-person verb, else a named
        subject's."""
        for t in self.toks:
            part = next((p for p in self._stretches() if t in p), [])
            if t.i in self.quoted or not part or any(self._not_plain(x) for x in part):
                continue
            verb = next((w for w in ru_lemmas(t.text) if w in _RU_HOBBY_VERBS), None)
            if verb is not None and t.lower[-1:] in "юуя" and ru_first_person_verb(t.text):
                who: str | None = SPEAKER if not any(self._someone_else(x) and x.dep.startswith("nsubj") for x in part) else None
            elif verb is not None and t.pos == "VERB" and t.feats.get("Tense") == "Pres" and t.feats.get("Person") == "3":
                who = self.subject_of(t)
                who = None if who == SPEAKER else who
            elif t.lemma in ("затянуть", "увлечь") and t.feats.get("Tense") == "Past" and t.pos == "VERB":
                noun = next((c for c in self.s.children(t, "nsubj") if c.pos == "NOUN" and not c.text[:1].isupper()), None)
                if noun is not None and noun.lemma not in _NOT_HOBBIES and not self._someone_else(noun) and noun.lemma not in lx.RELATIONS:
                    yield self.fact(SPEAKER, "hobby", noun.lemma, "concept")
                continue
            else:
                continue
            if who is None or self._blocked(t) and t.pos == "VERB":
                continue
            if any(c.feats.get("Case") == "Dat" for c in self.s.children(t, "iobj")):
                continue  # "рисует им баннеры", "вяжу на заказ клиентам": made for someone, work
            hobby = _RU_HOBBY_VERBS[verb]
            if verb == "рисовать":  # "рисую акварелью": the medium
                medium = next((x for x in self.toks[t.i + 1 : t.i + 3] if x.lemma in _PAINT_MEDIA), None)
                hobby = medium.lemma if medium is not None else hobby
            yield self.fact(who, "hobby", hobby, "concept")

    def _ru_verbless_tool(self) -> Iterator[Extracted]:
        """ "Марат на винде", "а я в VS Code", "папа до сих пор на семёрке", "а моя девушка Надя —
        полная веганка", "сосед по комнате веган", "тётя в Калининграде": a stretch with no verb
        of its own, a subject (я, a name, a relation) and "на" / "в" + a tool, a diet noun, or "в" +
        a town the dictionary knows."""
        for part in self._stretches(dashes=False):
            words = [t for t in part if t.pos != "CCONJ" and t.text not in ("—", "–", "-")]
            if len(words) < 2 or any(self._not_plain(t) or t.pos in ("VERB", "AUX") for t in words):
                continue
            start = 1 if words[0].lemma in ("мой", "наш") else 0
            if words[start].pos == "ADJ" and len(words) > start + 1 and words[start + 1].lemma in lx.RELATIONS:
                start += 1  # "двоюродный брат"
            subj_tok = words[start]
            as_lemma = subj_tok.lower.replace("ё", "е") == subj_tok.lemma.replace("ё", "е")  # "тётя": natasha's Gen
            if subj_tok.feats.get("Case", "Nom") != "Nom" and not as_lemma or subj_tok.i in self.quoted:
                continue
            mine = any(t.lower == "я" for t in self.toks) and not any(self._someone_else(t) for t in self.toks)
            if subj_tok.lower == "я":
                who: str | None = SPEAKER
            elif subj_tok.lemma in lx.RELATIONS or subj_tok.pos == "PROPN" and self._is_person(subj_tok):
                who = self.subject_phrase(subj_tok)
            elif subj_tok.lower in ("всё", "все") and mine and not start:
                who = SPEAKER  # "я фронтендер, всё на JavaScript"
            else:
                continue
            rest = words[start + 1 :]
            if len(rest) > 1 and rest[0].lower == "по" and subj_tok.lemma in lx.RELATIONS:
                rest = rest[2:]  # "сосед по комнате"
            if rest and self._is_person(rest[0]) and subj_tok.lemma in lx.RELATIONS:
                rest = rest[1:]  # "мой брат Лёша на маке"
            while rest and (rest[0].pos == "ADV" or rest[0].lower in _RU_SKIP or rest[0].dep == "fixed" or rest[0].lower in _DIET_DEGREE):
                rest = rest[1:]  # "всё ещё", "до сих пор", "теперь", "вообще", "полная"
            if who is None or not rest:
                continue
            diet = lx.DIET_OF.get(rest[0].lower) or lx.DIET_OF.get(rest[0].lemma)
            if diet and rest[0].pos in ("NOUN", "ADV", "PROPN", "ADJ") and len(rest) == 1:
                yield self.fact(who, "diet", diet, "concept")
                continue
            if len(rest) < 2 or rest[0].lower not in ("на", "в", "во"):
                continue
            tv = self.tool_value(rest[1])
            named = [x.text for x in rest[1:4] if x.pos != "ADJ"]
            car = next((c for w in named[:2] if (c := lx.ru_car(w, brands=False))), None) or lx.ru_car(named[0]) if named and rest[0].lower == "на" else None
            if tv is not None and tv[0] != "gym":
                yield self.fact(who, tv[0], tv[1], "tool")
            elif car is not None:  # "я на Поло, муж на Крузаке"
                yield self.fact(who, "car", car, "concept")
            elif rest[0].lower != "на" and rest[1].ent == "LOC" and is_place_name(rest[1].text) and self._place(rest[1]):
                city = self.city(rest[1])
                if city.casefold().replace("ё", "е") not in lx.COUNTRIES:
                    yield self.fact(who, "city", city, "place")
            elif rest[0].lower != "на" and rest[1].lemma in _BAND_NOUNS:
                yield from band_instrument(self, who, rest)
            elif rest[0].lower != "на" and (org := verbless_org(self, part, rest[1:])) is not None and not self._is_question():
                yield self.fact(who, "employer", org_value(self, org), "organization")  # "Лёха теперь в «Озоне»"

    def _ru_team(self) -> Iterator[Extracted]:
        """ "работаю в команде мобилки", "я в Яндексе, в команде Алисы", "Карина теперь в команде
        аналитики": the name after "в команде" (a genitive noun, a name, a quoted name); whose by the
        verb's subject, else the "я" or the person that opens the sentence. An organisation after it
        is the employer ("в команде биллинга в Контуре"). Not a sports team ("играет в команде")."""
        for t in self.toks[1:]:
            if t.lemma != "команда" or self.toks[t.i - 1].lower not in ("в", "во") or t.i + 1 >= len(self.toks):
                continue
            name = self.toks[t.i + 1 + (self.toks[t.i + 1].text in "«\"")]
            if name.i >= len(self.toks) or not (name.head == t.i or t.head == name.i) or name.pos not in ("NOUN", "PROPN"):
                continue
            if name.pos == "NOUN" and (name.feats.get("Case") != "Gen" or name.text[:1].isupper() and name.i not in self.quoted):
                continue
            head = self.toks[t.head]
            if any(x.lemma in ("играть", "болеть", "выступать", "тренироваться") for x in self.toks) or self._blocked(head):
                continue
            if ru_future(head.text):  # "после Нового года переведусь в команду поиска": natasha's noun, a future verb
                continue
            who = self.subject_of(head) if head.pos == "VERB" and head.i != t.i else None
            if who is None:
                first = next((x for x in self.toks[: t.i] if x.pos not in ("ADV", "PUNCT", "DET")), None)
                if first is not None and first.lemma in ("я", "мы"):
                    who = SPEAKER
                elif first is not None and first.feats.get("Case") == "Nom" and (first.lemma in lx.RELATIONS or self._is_person(first)):
                    who = self.subject_phrase(first)
            if who is None:
                continue
            value = _team_name(name) if name.pos == "NOUN" and name.i not in self.quoted else self.value_text(name)
            yield self.fact(who, "team", value, "concept")
            org = self.toks[name.i + 2] if name.i + 2 < len(self.toks) else None
            if org is not None and self.toks[name.i + 1].lower in ("в", "во") and org.text[:1].isupper() and self._org(org):
                if is_place_name(org.text) is not True:
                    yield self.fact(who, "employer", self.value_text(org), "organization")

    def _ru_live_here(self) -> Iterator[Extracted]:
        """"я из Томска и живу тут же", "я из Екатеринбурга, тут и живу": the town one comes from
        is the town one lives in when "живу" points at it with "тут" / "здесь" (one place named, by
        "из", and "я" the subject)."""
        live = next((t for t in self.toks if t.lemma == "жить" and t.feats.get("Person") == "1"
                     and t.feats.get("Number") == "Sing" and t.feats.get("Tense") == "Pres"), None)  # fmt: skip
        if live is None or self.toks[live.i - 1].lower == "не" or not any(t.lower == "я" for t in self.toks):
            return
        here = [t for t in self.toks[max(0, live.i - 3) : live.i + 3] if t.lower in ("тут", "здесь")]
        if any(t.lower in lx.NEGATIONS for t in self.toks[max(0, live.i - 3) : live.i + 3]):
            return  # "живу не тут"
        places = [t for t in self.toks[2:] if self.toks[t.i - 1].lower == "из" and self.toks[t.i - 2].lower == "я"
                  and self._place(t) and t.ent == "LOC"]  # fmt: skip
        others = [t for t in self.toks if t.ent == "LOC" and t not in places]
        if here and len(places) == 1 and not others and is_place_name(places[0].text) is not False:
            yield self.fact(SPEAKER, "city", self.city(places[0]), "place")

    def _ru_job_plain(self) -> Iterator[Extracted]:
        """"я учитель математики в школе", "я джун во фронтенде", "папа всю жизнь водитель
        автобуса": a clause that opens with its subject (я, a relation, a name) and a job noun in
        the nominative, with no verb; natasha gives such two-noun clauses no predicate to read."""
        if self.s.lang != "ru" or self.says_nothing_now():
            return
        clause = []
        for t in self.toks:
            if t.text in (",", ";", "—", "–", "(", ":", ".", "!", "?"):
                break
            clause.append(t)
        start = 1 if clause and clause[0].lemma in ("мой", "моя", "наш", "наша") else 0
        diet_word = lx.DIET_OF.get  # "Динара веганка": natasha may tag the noun a verb
        if len(clause) < start + 2 or any(t.pos in ("VERB", "AUX") and not _job_word(t) and not diet_word(t.lower) for t in clause):
            return
        subj_tok = clause[start]
        named = subj_tok.pos == "PROPN" and self._is_person(subj_tok) and ru_name(subj_tok.text) == subj_tok.text
        if subj_tok.feats.get("Case", "Nom") != "Nom" and not named or subj_tok.i in self.quoted:
            return  # natasha may call a name in the nominative genitive: "Динара врач"
        owner = SPEAKER if subj_tok.lower == "я" else None
        nxt = clause[start + 1]
        if subj_tok.lemma in lx.RELATIONS and nxt.pos == "PROPN" and self._is_person(nxt) and ru_name(nxt.text) == nxt.text:
            owner, start = self.value_text(nxt), start + 1  # "коллега Динара веганка": Динара
        elif owner is None and (subj_tok.lemma in lx.RELATIONS or named):
            owner = self.value_text(subj_tok) if named else _ru_owner(self, subj_tok)
        if owner is None or owner == SPEAKER and start:
            return
        rest = clause[start + 1 :]
        if len(rest) > 2 and rest[0].lower == "у" and rest[1].lower in ("меня", "нас") and owner != SPEAKER:
            rest = rest[2:]  # "мама у меня бухгалтер"
        while rest and not diet_word(rest[0].lower) and (rest[0].lower in _JOB_FILLERS or rest[0].pos == "ADV" and rest[0].lower not in _NOT_NOW_ADV):
            rest = rest[1:]
        job = rest[0] if rest else None
        if job is not None and diet_word(job.lower) and job.i not in self.quoted and len(rest) == 1:
            yield self.fact(owner, "diet", diet_word(job.lower), "concept")  # type: ignore[arg-type]
            return
        if job is None or not _job_word(job) or job.feats.get("Case", "Nom") != "Nom" or job.i in self.quoted:
            return
        yield self.fact(owner, "job_title", job.lower if job.lower in lx.JOB_HEADS else _lex(job, lx.JOB_HEADS), "concept")

    def _ru_hobby(self) -> Iterator[Extracted]:
        """ "хобби — рыбалка", "моё хобби — вязание", "готовка — моё хобби": the noun across the dash
        from "хобби"; whose by "мой" / "у X", the speaker's when no one else is in the stretch."""
        for part in self._stretches(dashes=False):
            a = next((t for t in part if t.lemma in ("хобби", "увлечение") and t.i not in self.quoted), None)
            dash = next((t for t in part if t.text in ("—", "–", "-")), None)
            if a is None or dash is None or any(self._not_plain(t) for t in part):
                continue
            side = [t for t in part if (t.i > dash.i) == (a.i < dash.i)]
            nouns = [t for t in side if t.pos == "NOUN" and t.feats.get("Case") == "Nom" and t.lemma not in ("хобби", "увлечение")]
            at = next((t for t in part if self.toks[t.i - 1].lower == "у" and t.i > 0), None)
            owner = _ru_owner(self, at) if at is not None else None
            if owner is None and (any(t.lemma == "мой" for t in part) or not any(self._someone_else(t) for t in part)):
                owner = SPEAKER
            if owner is not None and len(nouns) >= 1 and nouns[0] is side[0]:
                yield self.fact(owner, "hobby", nouns[0].lemma, "concept")

    def _ru_native(self) -> Iterator[Extracted]:
        """ "родной язык у меня татарский", "родной у неё армянский": the language adjective after
        "родной" in its stretch; whose by "мой" / "у X" (a pronoun: the one person named before)."""
        for part in self._stretches(dashes=False):
            native = next((t for t in part if t.lemma == "родной" and t.i not in self.quoted), None)
            if native is None or any(self._not_plain(t) for t in part):
                continue
            lang = next((t for t in part if t.i > native.i and t.pos == "ADJ" and t.lemma.endswith(("ский", "цкий"))), None)
            if lang is None:
                continue
            at = next((t for t in part if any(c.lemma == "у" for c in self.s.children(t, "case")) or self.toks[t.i - 1].lower == "у"), None)
            if at is not None and at.lower in _RU_THIRD_PERSON:
                owner = self.antecedent_person(at) or _one_relative(self, at)
            elif at is not None:
                owner = _ru_owner(self, at)
            else:
                owner = SPEAKER if not any(self._someone_else(t) for t in self.toks) else None
            if owner is not None:
                yield self.fact(owner, "native_language", lang.lemma, "concept")


_RU_HOBBY_VERBS = wl.table("ru", "hobby_verbs")
_DIET_DEGREE = wl.words("ru", "diet_degree")
# said of two people married to each other: "мы с Пашей женаты", "мы с Ильёй расписались"
_MARRIED = frozenset("женатый женаты замужем поженились пожениться расписались расписаться".split())
_EAT_FORMS = wl.words("ru", "eat_forms")
_NOT_FOOD = wl.words("ru", "not_food")
_PAINT_MEDIA = frozenset("акварель гуашь пастель масло акрил тушь".split())
_NOT_HOBBIES = wl.words("ru", "not_hobbies")

# -- Russian constructions the parse does not give as verb + argument -------------------------------
_DASH = frozenset("— – - :".split())
_RU_SKIP = wl.words("ru", "ru_skip")


# words between a dative owner and the age: "сегодня 35", "всего 27", "ровно 40"
_AGE_PARTICLES = frozenset("сегодня всего только ровно".split())
_COUNTED = wl.words("ru", "russian_counted")

_JOB_FILLERS = wl.words("ru", "job_fillers")
_NOT_NOW_ADV = frozenset("раньше когда-то тогда бывший прежде".split())


def _ru_owner(reader: ReaderParts, t: Tok) -> str | None:
    """The owner a Russian possessive or dative names: меня/мне -> speaker, Маши -> Маша, мамы -> speaker's mother."""
    if t.lemma in ("я", "мы"):
        return SPEAKER
    name = reader.toks[t.i + 1] if t.i + 1 < len(reader.toks) else None
    if (
        t.lemma in lx.RELATIONS and name is not None and name.pos == "PROPN" and reader._is_person(name)
        and (name.head == t.i or t.head == name.i or name.i == t.i + 1 and name.head == t.head)  # "У тёти Гали живёт"
        and name.feats.get("Case") == t.feats.get("Case")
        and lx.ru_car(name.text) is None and reader.tool(name) is None  # "у брата Тойота": his car
        and not any(c.lemma in ("мой", "наш") for c in reader.s.children(t))  # "у моей девушки Оли": the girlfriend
    ):  # fmt: skip
        return reader.value_text(name)  # "у подруги Кати": the friend by her name
    if t.lemma in lx.RELATIONS:
        return f"{SPEAKER}'s {lx.RELATIONS[t.lemma]}"
    if reader._is_person(t):
        return reader.value_text(t)
    return None


def _ru_value_after(reader: ReaderParts, a: Tok, kind: str) -> tuple[str, str] | None:
    """The first value after attribute noun ``a`` ("редактор — VS Code", "кот Барсик")."""
    for t in reader.toks[a.i + 1 : a.i + 6]:
        if kind == "pet" and t.text == "," and t.i == a.i + 1 and _named_after_comma(reader, t):
            continue  # "теперь у нас шиншилла, Пуша"
        if kind == "pet" and (_lex(t, lx.PETS) in lx.PETS or t.text == "," and _lex(reader.toks[t.i - 1], lx.PETS) in lx.PETS):
            continue  # "Собака у нас — лабрадор, Тайсон": the breed, then the name
        breed = kind == "pet" and t.i == a.i + 2 and reader.toks[a.i + 1].text == "," and _lex(t, lx.PETS) in lx.PETS
        if breed or kind == "pet" and t.text == "," and t.i == a.i + 1 and _lex(reader.toks[t.i + 1], lx.PETS) in lx.PETS:
            continue  # "есть собака, такса Луна"
        if kind == "pet" and t.text == "," and t.i == a.i + 1 and _plural(reader, a) and reader._is_person(reader.toks[t.i + 1]):
            continue  # "два кота, Сёма и Пушок"
        if t.i in reader.quoted or t.text in (",", ".", ";", "!", "?") or t.pos in ("VERB", "AUX"):
            return None
        if kind == "person" and t.pos == "ADP" and t.lemma not in ("у", "по"):
            return None  # "мой жених из Архангельска": where he is from, no name
        if (
            t.text in _DASH
            or t.lower in _RU_SKIP
            or t.pos in ("ADV", "ADP")
            or t.lemma in ("у", "я", "мы", "меня")
        ):
            continue
        tv = reader.tool_value(t)
        if tv is not None:
            return (tv[1], "tool") if kind in ("tool", tv[0]) else None
        if t.text[:1].isupper() or re.match("[A-Za-z]", t.text):
            if kind == "car":
                words = [x.text for x in reader.toks[t.i : t.i + 3] if x.text[:1].isupper() or x.pos == "NUM"]
                return " ".join(words), "concept"
            if kind in ("person", "pet") and reader._is_person(t):
                prev = reader.toks[t.i - 1]  # the pet noun or the breed after it
                nominative = prev.feats.get("Case") == "Nom" or prev.dep == "root" and not reader.s.children(prev, "case")
                if nominative and _lex(prev, lx.PETS) in lx.PETS and t.pos == "PROPN" and a.lemma in lx.PETS:
                    return t.text, "person"  # "у Кенжи сиба-ину Моти": apposed to a nominative, as written
                return reader.value_text(t).split(" (")[0], "person"
            if kind == "place" and reader._place(t):
                return reader.city(t), "place"
            if kind == "phone":
                words = [x.text for x in reader.toks[t.i : t.i + 4] if re.match("[A-Za-z0-9]", x.text)]
                return " ".join(words), "tool"
        if kind in ("pet", "person") and t.lemma in ("кличка", "имя") and reader.toks[t.i - 1].lemma == "по":
            continue  # "щенок по кличке Тайга", "брат по имени Миша"
        if t.pos in ("NOUN", "PROPN") and not t.text[:1].isupper() and kind != "tool":
            return None
    return None


def _plural(reader: ReaderParts, a: Tok) -> bool:
    """Two or more of ``a``: "коты", "два кота" (natasha tags "кота" singular, a number before it)."""
    return a.feats.get("Number") == "Plur" or any(c.pos == "NUM" for c in reader.s.children(a))


def _possessive_owner(t: Tok) -> str | None:
    """Whose a Russian possessive adjective says: "Светин" -> Света, "мамин" -> the speaker's mother."""
    owner = ru_possessive_owner(t.text) if t.text[:1].isupper() and (t.pos == "ADJ" or t.dep == "amod") else None  # not "Алиной"
    if owner is not None:
        return owner
    m = re.fullmatch(r"([а-яё]+)ин(?:а|о|ы|у|ой|ого|ому|ым|ых|ом|ую|ыми)?", t.lower)
    rel = next((m.group(1) + e for e in ("а", "я") if m and m.group(1) + e in lx.RELATIONS), None)
    return f"{SPEAKER}'s {lx.RELATIONS[rel]}" if rel else None


def _named_after_comma(reader: ReaderParts, comma: Tok) -> bool:
    """A name alone between a comma and the end of its stretch: "шиншилла, Пуша"."""
    after = reader.toks[comma.i + 1 : comma.i + 3]
    return (
        bool(after)
        and after[0].text[:1].isupper()
        and reader._is_person(after[0])
        and (len(after) == 1 or after[1].pos == "PUNCT")
    )


def _ru_facts(reader: ReaderParts) -> Iterator[Extracted]:
    """Each token's readings: what an owner "у X" has, then each of ``_TOKEN_READERS``."""
    for t in reader.toks:
        if t.i in reader.quoted:
            continue
        if any(c.lemma == "у" for c in reader.s.children(t, "case")):
            owner = _ru_owner(reader, t)
            if owner is None or reader._blocked(reader.toks[t.head] if t.head != t.i else t):
                continue
            yield from _had_at(reader, t, owner)
        for read in _TOKEN_READERS:
            yield from read(reader, t)


def _had_at(reader: ReaderParts, t: Tok, owner: str) -> Iterator[Extracted]:
    """ "у меня кот Барсик", "у мамы новый телефон — Samsung", "у Вадима теперь Хонда Цивик",
    "у нас ClickHouse", "у нас бэк на Go": what the owner ``t`` of "у" has."""
    toks = reader.toks
    yield from _car_at(reader, t, owner)
    after = toks[t.i + 1] if t.i + 1 < len(toks) else None
    tv = reader.tool_value(after) if after is not None and (after.head == t.i or t.head == after.i) else None
    if after is not None and tv is not None:
        yield reader.fact(owner, tv[0], tv[1], "tool")
        also = toks[after.i + 2] if after.i + 2 < len(toks) and toks[after.i + 1].text == "," else None
        tv2 = reader.tool_value(also) if also is not None else None
        if tv2 is not None and tv2[0] != tv[0]:  # "у меня Android, Samsung A52"
            yield reader.fact(owner, tv2[0], tv2[1], "tool")
    near = toks[t.i + 1 : t.i + 4]  # one word, then "на" / "в" and the tool
    if len(near) == 3 and near[0].pos not in ("PRON", "PUNCT", "ADP") and near[1].lower in ("на", "в"):
        tv3 = reader.tool_value(near[2])
        if tv3 is not None and tv3[0] in ("database", "programming_language", "operating_system"):
            yield reader.fact(owner, tv3[0], tv3[1], "tool")
    owners = [x.i for x in toks if any(c.lemma == "у" for c in reader.s.children(x, "case"))]
    for a in toks:  # the owned noun stands next to its owner, with no other "у X" and no comma between
        lo, hi = min(a.i, t.i), max(a.i, t.i)
        if hi - lo <= 4 and not any(lo < o < hi for o in owners) and not any(x.text in ",;" for x in toks[lo:hi]):
            yield from _ru_owned(reader, owner, a)


def _car_at(reader: ReaderParts, t: Tok, owner: str) -> Iterator[Extracted]:
    """ "у Вадима теперь Хонда Цивик", "у нас старенькая «Шкода Рапид»": a car brand (and model)
    in the verbless stretch after the owner."""
    toks = reader.toks
    owned = next((x for x in toks[t.i + 1 : t.i + 4] if x.lower not in _RU_SKIP and not (x.pos == "ADJ" and x.text.islower())
                  and x.text not in '«"'), None)  # fmt: skip
    car = lx.ru_car(owned.text) if owned is not None else None
    if owned is None or car is None:
        return
    model = lx.ru_car(toks[owned.i + 1].text, brands=False) if owned.i + 1 < len(toks) else None
    stretch = list(itertools.takewhile(lambda x: x.text not in ",;.!?—", toks[t.i + 1 :]))
    if owned in stretch and not any(x.pos in ("VERB", "AUX") for x in stretch):
        yield reader.fact(owner, "car", model or car, "concept")


def _pet_there_is(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """ "есть кот Барсик", "есть собака, такса Луна": "есть" opening the sentence, no owner said."""
    toks = reader.toks
    if t.i == 0 and t.lower == "есть" and not any(x.lower == "у" for x in toks) and not reader._blocked(t):
        a = next((a for a in toks[1:3] if _lex(a, lx.PETS) in lx.PETS), None)
        if a is not None:
            yield from _ru_owned(reader, SPEAKER, a)


def _owned_by_word(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """The noun a word of owning gives its owner: a sentence that opens on a favourite adjective
    ("любимая группа теперь Кино") or "мой" / "наш" ("мой дом — Берлин", "Мой руководитель
    теперь Александр"): the speaker's; a possessive adjective of a name ("Светин кот Барсик",
    "Наташин муж — Игорь"): that person's."""
    toks = reader.toks
    first = next((x for x in toks if x.pos != "PUNCT"), None)
    if t is first and t.lemma in lx.FAVOURITE and t.head != t.i and not reader._blocked(_governor(reader, toks[t.head])):
        yield from _ru_owned(reader, SPEAKER, toks[t.head])
    owned = toks[t.i + 1] if t.i + 1 < len(toks) and toks[t.i + 1].pos == "NOUN" and t.pos in ("ADJ", "PROPN") else None
    owner_name = _possessive_owner(t) if owned is not None else None
    if owned is not None and owner_name is not None and not reader._blocked(toks[owned.head]):
        yield from _ru_owned(reader, owner_name, owned)
    if t.lemma in ("мой", "наш") and t.head != t.i:
        noun = toks[t.head]
        past = any(c.lemma in _PAST_ADJ for c in reader.s.children(noun))
        if not past and not reader._blocked(_governor(reader, noun)):
            yield from _ru_owned(reader, SPEAKER, noun)


def _age_of(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """ "мне 29", "сыну 10 лет", "мне тридцать шесть": a dative and a number (not a count of
    something else: "мне 5 минут до станции"); "24 мне, если это важно": the number first."""
    toks = reader.toks
    apposed = _dative_apposed(reader, t)  # "Зятю моему, Денису, тридцать три": past the closing comma
    start = t.i + 2 if apposed else t.i + 1
    num_tok = next((x for x in toks[start : start + 2] if x.lower not in _RU_SKIP and x.lower not in _AGE_PARTICLES), None)
    said = number_at(toks, num_tok.i) if num_tok is not None else None
    last = said[1] if said is not None else (num_tok.i if num_tok is not None else 0)
    unit = toks[last + 1] if num_tok is not None and last + 1 < len(toks) else None
    if unit is not None and (unit.lemma in _COUNTED or unit.lower in _COUNTED):
        num_tok = None
    if (t.feats.get("Case") == "Dat" or apposed) and num_tok is not None and num_tok.pos == "NUM" and said is not None:
        owner = _ru_owner(reader, t)
        if owner and said[0].isdigit() and 0 < int(said[0]) < 120:
            yield reader.fact(owner, "age", said[0], "concept")
    elif t.lower == "мне" and (said_before := number_at(toks, 0)) is not None and said_before[1] == t.i - 1 and (
            14 <= int(said_before[0]) <= 99 and (t.i + 1 == len(toks) or toks[t.i + 1].pos == "PUNCT")):  # fmt: skip
        yield reader.fact(SPEAKER, "age", said_before[0], "concept")


def _dative_apposed(reader: ReaderParts, t: Tok) -> bool:
    """``t`` is a name between commas after a relation noun in the dative ("жене моей, Свете, 41"):
    natasha reads the cases of such names loosely (Свете as a locative), the dictionary decides."""
    toks = reader.toks
    if not (t.text[:1].isupper() and t.i >= 2 and toks[t.i - 1].text == "," and t.i + 1 < len(toks) and toks[t.i + 1].text == ","):
        return False
    k = t.i - 2
    while k > 0 and toks[k].lemma in ("мой", "наш"):
        k -= 1
    kin = toks[k]
    if _lex(kin, lx.RELATIONS) not in lx.RELATIONS or not reader._is_person(t) and t.ent != "PER":
        return False
    morph = _morph()
    dative = morph is not None and any("datv" in p.tag for p in morph.parse(kin.lower))
    return dative and (morph is not None and any("datv" in p.tag for p in morph.parse(t.lower)))


def _diet_of_modifier(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """ "Стеша вегетарианка", "Соседка по квартире Ксюша — вегетарианка": the parse makes the name
    a modifier of the predicate diet noun."""
    diet = (lx.DIET_OF.get(t.lemma) or lx.DIET_OF.get(t.lower)) if t.dep == "root" else None
    if not diet:
        return
    name = next((c for c in reader.s.children(t, "amod", "nsubj", "nmod") if reader._is_person(c) and c.i < t.i), None)
    who = (reader.subject_phrase(name) if name.lemma in lx.RELATIONS else reader.value_text(name)) if name is not None else None
    if who is not None and not reader._blocked(t):
        yield reader.fact(who, "diet", diet, "concept")


def _subject_predicate(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """ "я тестировщица", "Тимур теперь тимлид", "я в Калининграде": a verbless predicate after a
    subject (natasha may leave "я" a root of its own beside the noun: "я теперь старший аналитик")."""
    toks = reader.toks
    own_root = t.dep == "root" and t.lemma in ("я", "мы") and not any(x.pos in ("VERB", "AUX") and not _job_word(x) for x in toks)
    if (t.dep == "nsubj" or own_root) and (
        t.lemma in ("я", "мы") or reader._is_person(t) or t.lemma in lx.RELATIONS or t.lower in _HE_SHE
    ):  # "он"/"она": the one person named before ("Римма звонила. Она моя начальница")
        subj = reader.subject_phrase(t)
        if subj is not None and not reader._blocked(toks[t.head]):
            yield from _ru_predicate(reader, t, subj)


def _married_or_reports(reader: ReaderParts, t: Tok) -> Iterator[Extracted]:
    """ "вышла замуж за Диму", "женился на Ане": the spouse (not "выхожу замуж": ahead);
    "отчитываюсь Вадиму": the manager."""
    toks = reader.toks
    if t.lemma in ("замуж", "жениться"):
        v = toks[t.head] if t.lemma == "замуж" else t
        subj = reader.subject_of(v) if v.feats.get("Tense") != "Pres" else None
        o = next((o for o in toks[t.i + 1 : t.i + 4] if reader._is_person(o)), None)
        if subj and o is not None and not reader._blocked(v):
            yield reader.fact(subj, "spouse", reader.value_text(o), "person")
    if t.lemma == "отчитываться":
        subj = reader.subject_of(t)
        for o in reader.s.children(t, "obl", "iobj", "obj"):
            if subj and o.feats.get("Case") == "Dat" and reader._is_person(o) and not reader._blocked(t):
                yield reader.fact(subj, "manager", reader.value_text(o), "person")


_TOKEN_READERS = (_pet_there_is, _owned_by_word, _age_of, _diet_of_modifier, _subject_predicate, _married_or_reports)


def _team_name(t: Tok) -> str:
    """A team named by a genitive noun, in the nominative: a plural keeps its plural ("в команде
    платежей": платежи, not платёж)."""
    if t.feats.get("Number") == "Plur":
        return ru_plural_nominative(t.text) or t.lemma
    return t.lemma


def _governor(reader: ReaderParts, noun: Tok) -> Tok:
    """The verb whose negation, mood and tense bear on ``noun``: its head, unless the parse hung a
    verbless "noun — value" stretch on the verb of a later clause past a comma ("Моя любимая
    группа — «Кино», и с этим ничего не поделаешь"): then the noun itself."""
    if noun.head == noun.i:
        return noun
    head = reader.toks[noun.head]
    if head.i < noun.i or head.pos not in ("VERB", "AUX"):
        return head
    between = reader.toks[noun.i + 1 : head.i]
    cut = next((t for t in between if t.text in (",", ";")), None)
    if cut is None or any(t.pos in ("VERB", "AUX") for t in between if t.i < cut.i):
        return head
    return noun


_OTHERS_ADJECTIVES = frozenset("соседский чужой дворовый уличный приютский бездомный".split())


def _someone_elses(m: Tok) -> bool:
    """An adjective that gives a pet to someone else: "соседский", "чужой"."""
    return m.lemma in _OTHERS_ADJECTIVES or m.feats.get("Poss") == "Yes"


def _ru_owned(reader: ReaderParts, owner: str, a: Tok) -> Iterator[Extracted]:
    known = {**lx.PETS, **lx.RELATIONS, **lx.ATTRIBUTE_NOUNS}
    lemma = _lex(a, known)
    if lemma != a.lemma:
        a = Tok(a.i, a.text, lemma, a.pos, a.dep, a.head, a.feats, a.ent, a.tag, a.start)
    if a.lemma in lx.PETS:
        if any(_someone_elses(m) for m in reader.s.children(a, "amod")):
            return  # "у нас пожил соседский котёнок Бусинка": the neighbours' kitten
        found = _ru_value_after(reader, a, "pet") if not ru_pet_of_the_past(reader, a) else None
        if found:
            yield reader.fact(owner, f"pet_{lx.PETS[a.lemma]}", found[0], "concept")
            plural = _plural(reader, a)
            first = next((t for t in reader.toks[a.i + 1 :] if reader._is_person(t)), None)
            for t in reader.toks[first.i + 1 : first.i + 6] if plural and first is not None else []:
                if t.text not in (",", "и") and not reader._is_person(t):
                    break  # "два кота, Сёма и Пушок": each name of the list
                if reader._is_person(t) and reader.toks[t.i - 1].text in (",", "и"):
                    yield reader.fact(owner, f"pet_{lx.PETS[a.lemma]}", reader.value_text(t), "concept")
    elif lx.RELATION_FACTS.get(lx.RELATIONS.get(a.lemma, "")) in ("manager", "spouse", "partner"):
        found = _ru_value_after(reader, a, "person")
        if found:
            yield reader.fact(owner, lx.RELATION_FACTS[lx.RELATIONS[a.lemma]], found[0], "person")
    elif a.lemma in ("машина", "автомобиль", "тачка"):
        found = _ru_value_after(reader, a, "car")
        if found:
            yield reader.fact(owner, "car", found[0], "concept")
    elif a.lemma == "телефон":
        found = _ru_value_after(reader, a, "phone")
        if found:
            yield reader.fact(owner, "phone", found[0], "tool")
    elif a.lemma == "дом":
        found = _ru_value_after(reader, a, "place")
        if found:
            yield reader.fact(owner, "city", found[0], "place")
    elif a.lemma == "диета":
        near = [*reader.s.children(a), reader.toks[a.head]]  # "веганская диета" either way round
        diet = next((d for c in near if (d := lx.DIET_OF.get(c.lemma))), None)
        after = [t for t in reader.toks[a.i + 1 : a.i + 4] if lx.DIET_OF.get(t.lemma)]
        diet = diet or (lx.DIET_OF[after[0].lemma] if after else None)
        if diet:
            yield reader.fact(owner, "diet", diet, "concept")
    elif (
        any(c.lemma in lx.FAVOURITE for c in reader.s.children(a, "amod"))
        and a.pos == "NOUN"
        and a.lemma != "язык"
    ):
        title = _ru_title_after(reader, a)  # "моя любимая книга — «Мастер и Маргарита»", "любимая группа теперь Кино"
        this = next((c for c in reader.s.children(a, "nsubj") if c.lower == "это"), None)
        ante = reader.antecedent(this) if this is not None and not title else None
        title = reader.value_text(ante) if ante is not None else title  # "подсел на Кино, теперь это моя любимая группа"
        if title:
            yield reader.fact(owner, f"favorite_{lx.FAVOURITE_NOUNS_RU.get(a.lemma, a.lemma)}", title, "concept")
    elif a.lemma in ("редактор", "язык", "ос", "база"):
        found = _ru_value_after(reader, a, "tool")
        if found:
            cat = reader.tool(next(t for t in reader.toks if t.i > a.i and reader.tool(t)))
            if cat:
                yield reader.fact(owner, cat[0], found[0], "tool")


def _ru_title_after(reader: ReaderParts, a: Tok) -> str | None:
    """The name after a favourite noun: capitalised words and short links ("Мастер и Маргарита"),
    or one common noun ("любимая еда — пельмени"); quotes, dashes and "теперь" skipped."""
    words: list[Tok] = []
    for t in reader.toks[a.i + 1 : a.i + 10]:
        skip = t.lower in _RU_SKIP or t.lower in ("это", "до", "по-прежнему") or t.dep == "fixed"  # "до сих пор"
        if not words and (t.text in _DASH or t.text in '«"“' or skip):
            continue
        if t.text[:1].isupper() or t.pos == "NUM" or words and t.lower in _TITLE_LINKS:
            words.append(t)
            continue
        if not words and t.pos == "NOUN":
            return t.text
        break
    while words and not (words[-1].text[:1].isupper() or words[-1].pos == "NUM"):
        words.pop()
    return " ".join(t.text for t in words) or None


def _heads_of(reader: ReaderParts, t: Tok) -> tuple[int, ...]:
    """Tokens the parser hung on a pronoun subject as modifiers ("я в Тинькофф": the name is the
    pronoun's nmod); a noun's nmod may be its name ("сестра в Питере" read as "сестра Питер")."""
    return tuple(c.i for c in reader.s.children(t, "nmod")) if t.lemma in ("я", "мы") else ()


Found = list[Extracted] | None  # a predicate reader's facts, [] when it read the predicate as nothing, None when not its kind


_MY = frozenset("мой моя моё мое наш наша наше".split())
_BAND_NOUNS = wl.words("ru", "band_nouns")


def band_instrument(reader: ReaderParts, who: str, rest: list[Tok]) -> Iterator[Extracted]:
    """ "я в группе на барабанах", "сын в оркестре на скрипке": in a band, "на" + an instrument
    is the one the subject plays."""
    if len(rest) < 4 or rest[1].lemma not in _BAND_NOUNS:
        return
    for a, b in itertools.pairwise(rest[2:]):
        if a.lower == "на" and b.lemma in lx.INSTRUMENTS:
            yield reader.fact(who, "instrument", lx.instrument_name(b.lemma), "concept")
            return


def my_car(reader: ReaderParts) -> Iterator[Extracted]:
    """ "Моя Гранта опять не заводится", "Логан мой уже десять лет бегает": a car model (not a
    brand: "моя Лада" may be a woman) with "мой"/"наш" beside it is the speaker's car; not an old
    or former one ("моя старая Гранта"), not quoted, not in a sentence of "if"."""
    if reader.s.lang != "ru" or reader._is_question():
        return
    for t in reader.toks:
        car = lx.ru_car(t.text, brands=False) if t.pos in ("PROPN", "NOUN") and t.i not in reader.quoted else None
        if car is None:
            continue
        near = [x for x in reader.toks[max(t.i - 2, 0) : t.i + 2] if x.i != t.i]
        mine = [x for x in near if x.lower in _MY and (x.head == t.i or abs(x.i - t.i) == 1)]
        if not mine or any(x.lemma in _PAST_ADJ or x.lower in _PAST_ADJ for x in near):
            continue
        if any(x.lower in lx.HYPOTHETICAL_MARKS for x in reader.toks):
            return  # "если бы моя Гранта ..."; a negated verb ("Моя Гранта не заводится") still says whose
        yield reader.fact(SPEAKER, "car", car, "concept")
        return


def _ru_predicate(reader: ReaderParts, subj_tok: Tok, subj: str) -> Iterator[Extracted]:
    """The verbless predicate after subject ``subj_tok``: the first of ``_PREDICATES`` that reads
    it (a job, a university, a name, a relation), else a diet, a nationality, a team, "в" + a town
    or an employer, "на" + a tool or a diet."""
    words = _predicate_words(reader, subj_tok)
    if words is None:
        return
    clause, nxt = words
    for read in _PREDICATES:
        found = read(reader, subj_tok, subj, nxt)
        if found is not None:
            yield from found
            return
    yield from _predicate_rest(reader, subj_tok, subj, nxt, clause)


def _predicate_words(reader: ReaderParts, subj_tok: Tok) -> tuple[list[Tok], list[Tok]] | None:
    """The clause after the subject (to a comma) and its first five words past dashes, fillers,
    quotes, a companion ("мы с Ирой оба в Авито") and a relation's name ("моя девушка Инес
    португалка"); None when the clause is denied or ahead ("я на Emacs не пересяду")."""
    start = _past_apposed_name(reader, subj_tok)
    clause = list(itertools.takewhile(lambda t: not (t.pos == "PUNCT" and t.text not in _DASH), reader.toks[start:]))
    if any(t.lower in lx.NEGATIONS or t.feats.get("Tense") == "Fut" and t.pos == "VERB" and not _job_word(t) for t in clause):
        return None
    after = reader.toks[start : start + 6]
    nxt = [t for t in after if t.text not in _DASH and t.lower not in _RU_SKIP and t.text not in _NAME_QUOTES][:5]
    if subj_tok.lemma == "мы":
        nxt = [t for t in reader.toks[subj_tok.i + 1 : subj_tok.i + 9] if t.text not in _DASH and t.lower not in _RU_SKIP]
        nxt = [t for t in nxt if not with_companion(reader, t)][:5]
    if nxt and nxt[0].head == subj_tok.i and nxt[0].i == subj_tok.i + 1 and subj_tok.lemma in lx.RELATIONS:
        if reader._is_person(nxt[0]) and len(nxt) > 1:
            nxt = nxt[1:]
    return None if not nxt or nxt[0].i in reader.quoted else (clause, nxt)


def _past_apposed_name(reader: ReaderParts, subj_tok: Tok) -> int:
    """Where the predicate after subject ``subj_tok`` starts: past the name between commas the
    parse hangs on a relation or pet noun ("Муж мой, Ильдар, хирург": at "хирург")."""
    named = [c for c in reader.s.children(subj_tok, "appos") if c.i > subj_tok.i and reader.toks[c.i - 1].text == ","]
    if not named or not (_lex(subj_tok, lx.RELATIONS) in lx.RELATIONS or _lex(subj_tok, lx.PETS) in lx.PETS):
        return subj_tok.i + 1
    end = next((t.i for t in reader.toks[named[0].i + 1 :] if t.text == "," or t.pos != "PROPN"), len(reader.toks))
    return end + 1 if end < len(reader.toks) and reader.toks[end].text == "," else subj_tok.i + 1


def _adjective_job(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok]) -> Found:
    """ "я теперь старший аналитик", "я ведущий продуктовый дизайнер"; "мой брат отличный повар"
    is praise, not a job; "я его админ" is someone's admin."""
    adjs = list(itertools.takewhile(lambda x: x.pos == "ADJ" and x.feats.get("Case") == "Nom", nxt[:2]))
    if any(x.lower in _PRAISE for x in adjs):
        return []
    job = nxt[len(adjs)] if adjs and len(nxt) > len(adjs) else None
    if job is not None and job.lemma in lx.JOB_HEADS and job.feats.get("Case", "Nom") == "Nom":
        if all(x.head == job.i for x in adjs) or len(adjs) == 1:
            words = [*(x.lemma if x.feats.get("Number") == "Plur" else x.lower for x in adjs), job.lemma]
            return [reader.fact(subj, "job_title", " ".join(words), "concept")]
    return [] if nxt[0].lower in ("его", "её", "ее", "их", "мой", "твой") else None


def _student_of(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok]) -> Found:
    """ "я студентка ВШЭ", "Даша студент в МГУ", "брат теперь студент Бауманки": a university, no job."""
    if nxt[0].lemma not in lx.STUDENT_WORDS:
        return None
    school = next((t for t in nxt[1:3] if t.text[:1].isupper() and (reader._org(t) or t.text.isupper())), None)
    if school is not None and reader.tool(school) is None:
        return [reader.fact(subj, "university", reader.value_text(school), "organization")]
    nick = next((w for t in nxt[1:2] for w in (t.lemma, *ru_lemmas(t.text)) if w in lx.UNIVERSITY_NICKNAMES), None)
    return [reader.fact(subj, "university", nick.capitalize(), "organization")] if nick is not None else []


def _job_noun(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok]) -> Found:
    """ "я тестировщица", "инженер-геодезист" (a job noun joined to its speciality), "дизайнер в
    «Авито»": the job title and, after "в", the employer."""
    b = nxt[0]
    first = b.lower.split("-")[0] if re.fullmatch(r"[а-яё]+-[а-яё]+", b.lower) else ""
    heads = (b.lemma, b.lower.split("-")[-1], b.lower)
    if not (any(w in lx.JOB_HEADS for w in heads) or first in lx.JOB_HEADS and b.feats.get("Case", "Nom") == "Nom"):
        return None
    title = b.text if "-" in b.text or b.lower in lx.JOB_HEADS else b.lemma
    out = [reader.fact(subj, "job_title", title, "concept")]
    for t in nxt[1:3]:
        org = next((x for x in reader.toks[t.i + 1 : t.i + 3] if x.pos != "PUNCT"), None)
        if t.lemma in ("в", "во") and org is not None and reader._org(org):
            out.append(reader.fact(subj, "employer", org_value(reader, org), "organization"))
    return out


def _self_named(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok]) -> Found:
    """ "я Айдар, дата-инженер из Казани": the speaker's name (and the job after the comma)."""
    b = nxt[0]
    if not (subj == SPEAKER and subj_tok.lemma == "я" and b.i == subj_tok.i + 1 and _ru_self_name(reader, b)):
        return None
    out = [reader.fact(SPEAKER, "name", reader.value_text(b), "person")]
    after = [t for t in reader.toks[b.i + 1 : b.i + 4] if t.pos != "PUNCT"]
    if after and reader.toks[b.i + 1].text == "," and after[0].lower.split("-")[-1] in lx.JOB_HEADS:
        out.append(reader.fact(SPEAKER, "job_title", after[0].lower, "concept"))
    return out


def _my_relation(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok]) -> Found:
    """ "Катя теперь мой руководитель": the subject is the speaker's relation."""
    if nxt[0].lemma not in ("мой", "моя", "наш", "наша") or len(nxt) < 2:
        return None
    attribute = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(nxt[1], lx.RELATIONS), ""))
    return [reader.fact(SPEAKER, attribute, subj, "person")] if attribute and subj != SPEAKER and "'s " not in subj else []


_PREDICATES = (_adjective_job, _student_of, _job_noun, _self_named, _my_relation)


def _predicate_rest(reader: ReaderParts, subj_tok: Tok, subj: str, nxt: list[Tok], clause: list[Tok]) -> Iterator[Extracted]:
    """ "я пескетарианец", "я казашка", "я в команде платежей", "я в Калининграде", "я на Windows 11"."""
    b = nxt[0]
    diet = lx.DIET_OF.get(b.lower) or lx.DIET_OF.get(b.lemma)
    if diet:
        yield reader.fact(subj, "diet", diet, "concept")
    elif b.pos in ("NOUN", "PROPN", "VERB") and b.feats.get("Case", "Nom") == "Nom" and _demonym(b) is not None:
        yield reader.fact(subj, "nationality", _demonym(b) or "", "concept")
    elif b.lemma in ("в", "во") and len(nxt) > 2 and nxt[1].lemma == "команда" and nxt[2].head == nxt[1].i:
        yield reader.fact(subj, "team", _team_name(nxt[2]), "concept")
    elif b.lemma in ("в", "во") and len(nxt) > 1 and _predicate_place(reader, subj_tok, nxt[1], clause):
        yield from _in_place(reader, subj, nxt[1])
    elif b.lemma == "на" and len(nxt) > 1:
        diet = lx.DIET_OF.get(nxt[1].lemma)
        tv = reader.tool_value(nxt[1])
        if diet:
            yield reader.fact(subj, "diet", diet, "concept")
        elif tv is not None:
            yield reader.fact(subj, tv[0], tv[1], "tool")


def _predicate_place(reader: ReaderParts, subj_tok: Tok, o: Tok, clause: list[Tok]) -> bool:
    """The place after "в" belongs to the subject: the parse hangs one on the other, or both on a
    later verb past a verbless stretch, or "мы с X" with no verb."""
    if o.i in (subj_tok.head, *_heads_of(reader, subj_tok)) or _verbless_sibling(reader, subj_tok, o, clause):
        return True
    return subj_tok.lemma == "мы" and bool(reader._companions()) and not any(t.pos in ("VERB", "AUX") for t in clause)


def _in_place(reader: ReaderParts, subj: str, o: Tok) -> Iterator[Extracted]:
    """ "я в Калининграде" (a town the dictionary knows, or a city nickname; "я в Грузии, в Тбилиси":
    the town too), "я в Озоне", "я в Тинькофф" (an organisation, whatever NER says); a LOC the
    dictionary does not know ("я в Лимассоле", "я в Сбере") gives neither."""
    if o.ent == "LOC" and reader._place(o) and (is_place_name(o.text) or reader.city(o) != reader.value_text(o)):
        yield reader.fact(subj, "city", reader.city(o), "place")
        for c in reader.s.children(o, "conj"):
            if c.ent == "LOC" and reader.s.children(c, "case") and is_place_name(c.text) and reader._place(c):
                yield reader.fact(subj, "city", reader.city(c), "place")
    elif o.ent == "LOC" and is_place_name(o.text) is None and not lx.known_employer(o.lemma, o.lower):
        return
    elif o.ent in ("ORG", "LOC") and reader._org(o):
        yield reader.fact(subj, "employer", reader.value_text(o), "organization")


_NAME_QUOTES = (frozenset(_QUOTES) | frozenset(_QUOTES.values())) - {"'"}  # «», "", “”, „“: not an apostrophe


def _ru_self_name(reader: ReaderParts, b: Tok) -> bool:
    """"я Айдар": a given name in the nominative right after "я" (not a place, tool or word)."""
    if b.feats.get("Case") not in (None, "Nom") or reader.tool(b) is not None or not b.text[:1].isupper():
        return False
    return b.ent == "PER" or b.pos == "PROPN" and reader._ru_name(b) is not None and b.ent != "LOC"


def _verbless_sibling(reader: ReaderParts, subj_tok: Tok, o: Tok, clause: list[Tok]) -> bool:
    """"я в Твери, брат в Москве, встречаемся ...": the parse hangs both the pronoun and its place
    on a later verb; the stretch up to the comma has no verb of its own."""
    quotes = sum(t.text in _NAME_QUOTES for t in reader.toks[subj_tok.i + 1 : o.i])  # "я в «Ригле»"
    return o.head == subj_tok.head and o.i - quotes == subj_tok.i + 2 and not any(t.pos in ("VERB", "AUX") for t in clause)


def _one_relative(reader: ReaderParts, pron: Tok) -> str | None:
    """The one relative named before a pronoun in the sentence ("соседка по квартире ..., у неё")."""
    rels = {who for t in reader.toks[: pron.i] if t.lemma in lx.RELATIONS and (who := reader.subject_phrase(t))}
    return rels.pop() if len(rels) == 1 else None


def _demonym(t: Tok) -> str | None:
    """A Russian nationality noun as written in the nominative ("казашка"; natasha's lemma may be off)."""
    if t.lower in lx.NATIONALITIES_RU:
        return t.lower
    return t.lemma if t.lemma in lx.NATIONALITIES_RU and t.lemma not in ("русский", "русская") else None
