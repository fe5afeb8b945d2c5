"""Whose fact: the subject of a clause (speaker, relative, named person) and owners."""

from __future__ import annotations

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _BARE_KIN,
    _HE_SHE,
    _OTHER_PRONOUNS,
    _OWNER_WORDS,
    _PAST_ADJ,
    _RU_VERB_ENDINGS,
    _SPEAKER_WORDS,
    NOT_NAMES,
    SPEAKER,
    _job_word,
)
from memlab.knowledge.extract.nlp import (
    Tok,
    ru_first_person_verb,
    ru_may_be_genitive,
    ru_name,
    ru_name_never_genitive,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.knowledge.extract.ru_gaps import in_later_clause, parataxis_subject
from memlab.lang import wordlists as wl

_RELATIVE_PRONOUNS = frozenset("who that который которая которое которые".split())


def _disagrees(v: Tok, c: Tok) -> bool:
    """A Russian subject and verb that differ in number are not subject and verb: "гитару продал,
    купил саксофон, соседи в восторге" (the parse's subject of "купил" is "соседи")."""
    verb, noun = v.feats.get("Number"), c.feats.get("Number")
    return v.pos == "VERB" and c.pos in ("NOUN", "PROPN") and verb is not None and noun is not None and verb != noun


_FIRST_PERSON_WORDS = wl.all_words("first_person_words")
# verbs of getting a thing: a gazetteer's thing after one is what was got, never who got it
_ACQUIRE_RU = frozenset("купить взять приобрести заказать поставить установить".split())
_GREETINGS = wl.all_words("greetings")
_LEAD_POS = frozenset(("PUNCT", "INTJ", "DET", "ADV", "CCONJ", "PART"))
_TELLING = wl.all_words("telling")


class Subjects(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    # -- subjects ---------------------------------------------------------------------------------
    def subject_of(self, v: Tok, depth: int = 0) -> str | None:
        if depth > len(self.toks):
            return None  # a cycle of conj / xcomp heads (a parser's mistake): nobody's
        if self.s.lang == "ru" and v.feats.get("Person") == "1" and v.pos in ("VERB", "AUX"):
            return SPEAKER  # "живём в Новосибирске, морозы норм": a first-person verb is the speaker's
        subj = self.s.children(v, "nsubj", "nsubj:pass")
        opener = [c for c in subj if c.lower in NOT_NAMES and c.i + 1 < len(self.toks) and self.toks[c.i + 1].lower == ","]
        if opener:  # "Yep, I do running": an opener the parse took for the subject (the real one may hang on "do")
            subj = [c for c in subj if c not in opener] or [
                n for a in self.s.children(v, "aux") for n in self.s.children(a, "nsubj")
            ]
        if len(subj) > 1:  # «Айгуль, я поставил Cursor»: the one addressed is no subject
            subj = [c for c in subj if not self.vocative(c)] or subj
        if self.s.lang == "ru":  # "Дима сидит на винде, когда я на маке ...": the parse's one clause is two
            subj = [c for c in subj if not in_later_clause(self, v, c) and not _disagrees(v, c)]
            if subj and v.lemma in _ACQUIRE_RU and all(c.i > v.i and (self.tool(c) is not None or lx.ru_car(c.text)) for c in subj):
                # "Купила Samsung Galaxy A55", "Продала Гранту, взяла Чери Тигго": natasha's subject is
                # the thing got; with no other subject in the sentence the verb is the speaker's
                others = [c for x in self.toks if x.pos == "VERB" and x.i != v.i for c in self.s.children(x, "nsubj")]
                if not others and v.feats.get("Person") in (None, "1") and v.feats.get("Number", "Sing") == "Sing":
                    return SPEAKER
                subj = []
            if not subj and (named := parataxis_subject(self, v)) is not None:
                return self.subject_phrase(named)
        if self.s.lang == "ru" and v.pos != "AUX" and ru_first_person_verb(v.text):
            # "пользуюсь Хромом": natasha's third person, its instrumental "subject"; "стучу на
            # барабанах, соседи в восторге": a first-person singular verb agrees with no other subject
            return SPEAKER
        if subj and any(c.lower in ("i", "я") for c in self.s.children(subj[0], "conj")):
            return SPEAKER  # "Olga and I live in Riga": the speaker's fact (and Olga's, unsaid here)
        if subj and v.dep in ("relcl", "acl:relcl") and subj[0].lower in _RELATIVE_PRONOUNS and v.head != v.i:
            # "my cousin Ravi, who lives in Pune, ...", "брат, который живёт в Казани": the noun the clause hangs from
            return self.subject_phrase(self.toks[v.head])
        if subj:
            found = self.subject_phrase(subj[0])
            if found is None and self._ru_opening_verb(v):
                return (
                    SPEAKER  # "Перешёл на TypeScript, весь бэкенд ...": the parse took бэкенд for its subject
                )
            return found
        if v.dep == "xcomp" and v.head != v.i:
            return self.subject_of(self.toks[v.head], depth + 1)
        if v.dep == "conj" and v.head != v.i:
            # "..., and my brother's at Hulu": a new subject the parse left unattached stops inheritance
            gap = self.toks[max(self.toks[v.head].i + 1, v.i - 3) : v.i]
            if any(t.lemma in lx.RELATIONS or t.lower in _OTHER_PRONOUNS for t in gap):
                return None
            if self.s.lang == "ru" and v.feats.get("Person") == "3" and v.pos == "VERB":
                return self._ru_agreeing_subject(v, depth)
            return self.subject_of(self.toks[v.head], depth + 1)
        dropped = self._dropped_first_person(v)
        topic: str | None = self.said.get("topic")
        if topic is not None and (dropped or self._third_person_opening(v)) and not self._first_person_here(v):
            return topic  # "our Kyle's done alright for himself. Moved to Bristol.": Kyle moved
        return SPEAKER if dropped else None

    def _third_person_opening(self, v: Tok) -> bool:
        """A third-person verb with no subject: "Dad retired in March. Spends his days fishing",
        «Брат у меня программист. Живёт в Казани»."""
        if self.s.children(v, "nsubj", "nsubj:pass", "expl"):
            return False
        if self.s.lang == "ru":
            return v.pos == "VERB" and v.feats.get("Person") == "3" and v.feats.get("Tense") != "Past"
        return v.tag == "VBZ"

    def _first_person_here(self, v: Tok) -> bool:
        """The sentence speaks in the first person ("Moved to Leeds myself", «переехал к нам»)."""
        if self.s.lang == "ru" and (v.feats.get("Person") == "1" or v.feats.get("Number") == "Plur"):
            return True  # «взяли из приюта кошку»: we, not the one before
        return any(t.lower in _FIRST_PERSON_WORDS for t in self.toks if t.i not in self.quoted)

    def topic(self) -> str | None:
        """Whom this sentence is about, when that is someone other than the speaker: the subject
        of its main verb, which a next sentence with no subject of its own goes on about ("Ben from
        work had his fortieth. Bought himself a Tesla"). Not after a verb of telling ("Mum says hi.
        Started at Tesco today!": the speaker's news)."""
        root = next((t for t in self.toks if t.dep == "root"), None) or next((t for t in self.toks if t.head == t.i), None)
        if root is None or root.lemma in _TELLING or root.i in self.quoted:
            return None
        subj = self.s.children(root, "nsubj", "nsubj:pass", "expl")
        if not subj:
            # the parse found no subject: the person the sentence opens with ("Ben from work had his
            # fortieth", «Мама на пенсии»)
            first = next((t for t in self.toks[: root.i + 1] if t.pos not in _LEAD_POS), None)
            opens = first is not None and (self.s.lang == "ru" or first.ent == "PER" or first.lemma in lx.RELATIONS)
            nominative = first is not None and first.feats.get("Case", "Nom") == "Nom"  # not «Луны больше нет»
            return self.subject_phrase(first) if first is not None and opens and nominative and self._a_person(first) else None
        if not (self._a_person(subj[0]) or subj[0].lower in _HE_SHE):
            return None  # «Кето бросила»: a diet the parse took for a name
        who = self.subject_of(root)
        return who if who not in (None, SPEAKER) else None

    def _a_person(self, t: Tok) -> bool:
        """A relative, or a name: NER's person, or a proper name (in Russian not as the first word: a
        capital that opens a sentence names nobody by itself, «Кето бросила»); never a diet."""
        if t.i in self.quoted or t.lower in lx.DIET_OF or t.lemma in lx.DIET_OF:
            return False
        return t.lemma in lx.RELATIONS or self._is_person(t) and (t.i > 0 or t.ent == "PER" or self.s.lang == "en")

    def _ru_agreeing_subject(self, v: Tok, depth: int) -> str | None:
        """A third-person Russian conjunct takes its head's subject only where they agree: "Илья,
        мой парень, играет на гитаре, а «Сплин» мы оба слушаем" (the parse hangs "играет" on
        "слушаем"): not the "мы" of the head, but the named subject before the conjunct."""
        head = self.toks[v.head]
        number = v.feats.get("Number", "Sing")
        before = [
            c for c in self.s.children(head, "nsubj") if c.i < v.i and c.feats.get("Case", "Nom") == "Nom"
            and c.feats.get("Number", "Sing") == number and c.lower not in ("я", "мы", "ты", "вы")
        ]
        if len(before) == 1 and (self._is_person(before[0]) or before[0].lemma in lx.RELATIONS) and before[0].i not in self.quoted:
            return self.subject_phrase(before[0])
        who = self.subject_of(head, depth + 1)
        return None if who == SPEAKER and head.feats.get("Person") == "1" else who

    def _dropped_first_person(self, v: Tok) -> bool:
        """Chat drops "I": an opening verb ("Moved to Lisbon"), a Russian first-person form
        ("пишу на Rust"), or verb phrases in a sentence that names no subject at all
        ("Living in Berlin, working at Zalando, coding in Scala")."""
        if self.s.lang == "ru":
            if v.feats.get("Person") == "1":
                return True
            if self._ru_opening_verb(v):
                return True  # natasha tags a capitalised opening verb as a name: "Перешёл на Neovim"
            if v.feats.get("Tense") != "Past":
                return False
            # "Продала «Гранту», взяла «Тигго»": singular perfective past verbs (a result that holds; not
            # "помню, как сидел в Sublime") in a sentence that names no subject at all
            return self._opens(v) or v.feats.get("Number", "Sing") == "Sing" and v.feats.get("Aspect") == "Perf" and not any(
                t.dep in ("nsubj", "nsubj:pass") and t.i not in self.quoted for t in self.toks)
        if v.tag not in ("VBD", "VBG", "VBN", "VB", "VBP") or self._in_clausal_subject(v):
            return False  # "Doing some yoga is really helpful": an activity talked about, nobody's
        subjects = [
            t for t in self.toks if t.dep in ("nsubj", "nsubj:pass", "expl") and t.i not in self.quoted
        ]
        got = v.tag == "VBN" and any(
            c.lemma == "get" for c in self.s.children(v, "auxpass", "aux:pass", "aux")
        )
        return self._opens(v) or (
            not subjects and (v.tag in ("VBG", "VBD") or got)
        )  # "Just got promoted to ..."

    def _in_clausal_subject(self, v: Tok) -> bool:
        """``v`` is, or is joined to, a clause that is the subject of "be" ("Taking breaks, doing
        some yoga ... is really helpful")."""
        for _ in range(len(self.toks)):
            if v.dep.startswith("csubj"):  # not a misparse: "doing keto ... and the brain fog is REAL"
                head = self.toks[v.head]  # "being a nurse there is what keeps me sane": the speaker's
                mine = any(t.lower in ("i", "me", "my", "myself", "mine") for t in self.toks)
                return head.lemma == "be" and not self.s.children(head, "nsubj", "expl") and not mine
            if v.dep not in ("conj", "advcl") or v.head == v.i:
                return False
            v = self.toks[v.head]
        return False

    def _ru_opening_verb(self, v: Tok) -> bool:
        return (
            self.s.lang == "ru"
            and v.pos == "PROPN"
            and v.dep == "root"
            and v.lemma.endswith(_RU_VERB_ENDINGS)
            and self._opens(v)
        )

    def _opens(self, v: Tok) -> bool:
        """Only adverbs, interjections and punctuation stand before ``v`` ("ok so moved to X")."""
        before = [
            t for t in self.toks[: v.i] if t.pos not in ("PUNCT", "INTJ", "ADV", "CCONJ", "PART", "SCONJ")
        ]
        return all(
            t.lower in ("ok", "so", "well", "yeah", "yes", "btw", "ну", "кстати", "короче", "вот", "в", "итоге")
            for t in before
        )  # "в итоге осел в Ереване"

    def subject_phrase(self, t: Tok) -> str | None:
        if t.lower in _SPEAKER_WORDS:
            return SPEAKER
        if t.lower in _HE_SHE and t.i not in self.quoted:
            return self.antecedent_person(t)
        if t.pos == "PRON" or t.i in self.quoted:
            return None
        if t.lemma in lx.RELATIONS:
            if any(c.lemma in ("двоюродный", "двоюродная") for c in self.s.children(t)):
                # "Двоюродный брат Стас пишет на Python": Стас
                return self._name_child(t) or f"{self.owner_of(t) or SPEAKER}'s cousin"
            flat = next((c for c in self.s.children(t) if c.lemma in ("квартира", "комната")), None)
            if t.lemma in ("сосед", "соседка") and flat is not None:  # "сосед по квартире"; "... по квартире Ксюша"
                named = next((c for c in self.s.children(flat) if c.ent == "PER" and self._is_person(c)), None)
                name = self._name_child(t) or (self.value_text(named) if named is not None else None)
                return name or f"{self.owner_of(t) or SPEAKER}'s roommate"
            name = self._name_child(t)
            if name:
                return name
            if any(c.lemma in _PAST_ADJ for c in self.s.children(t)):
                return None
            owner = self.owner_of(t) or (
                SPEAKER if self.s.lang == "ru" or t.lower in _BARE_KIN else None
            )  # "брат переехал", "grandma has a parrot": my brother, my grandmother
            return f"{owner}'s {self._relation(t)}" if owner else None
        if _job_word(t) and self.owner_of(t) is not None and t.pos == "NOUN" or t.text.isupper() and _job_word(t):
            owner = self.owner_of(t)
            if owner is None:
                return None
            name = self._name_child(t)  # "our CTO Raj writes Zig": Raj; "our CTO writes Scala": speaker's CTO
            return name or f"{owner}'s {t.text if t.text.isupper() else t.lemma}"
        if self._is_person(t):
            return self.value_text(t)
        return None

    def _relation(self, t: Tok) -> str:
        """The relation a noun names, "best friend" for "my best friend", "лучшая подруга"."""
        rel = lx.RELATIONS[t.lemma]
        if rel == "friend" and any(c.lower == "best" or c.lower.startswith("лучш") for c in self.s.children(t, "amod")):
            return "best friend"
        return rel

    def owner_of(self, t: Tok) -> str | None:
        """Whose: "my editor" -> speaker, "Anna's manager" -> Anna, "my brother's band" -> speaker's
        brother; "the database I babysit" -> speaker (a relative clause with a first-person subject)."""
        for c in self.s.children(t, "nmod:poss", "det", "nmod", "poss"):
            if c.lower in _OWNER_WORDS or self.s.lang == "ru" and c.lemma in ("мой", "наш") and c.dep == "det":
                return SPEAKER  # "моего пса", "нашу кошку"
            if c.lemma in lx.RELATIONS and c.i < t.i:
                return self.subject_phrase(c)
            between = self.toks[t.i + 1 : c.i]  # "муж моей подруги": the owner's own determiners may come first
            if (
                self.s.lang == "ru" and c.lemma in lx.RELATIONS and c.i > t.i and all(b.dep in ("det", "amod") and b.head == c.i for b in between)
                and (c.feats.get("Case") == "Gen" or c.i == t.i + 1 and ru_may_be_genitive(c.text))
                and t.feats.get("Case") != "Gen" and not self.s.children(c, "case")
            ):  # fmt: skip
                whose = self.owner_of(c) if between else None  # "собаку соседа", "машина брата", "муж моей подруги"
                return f"{whose or SPEAKER}'s {lx.RELATIONS[c.lemma]}"
            if self._is_person(c) and c.i < t.i:
                return self.value_text(c)
            if (
                c.i == t.i + 1 and self._ru_genitive_name(c) and c.ent == "PER" and t.feats.get("Case") != "Gen"
            ):  # fmt: skip
                return self.value_text(c)  # "муж Ани", "девушку Кости": the owner follows in the genitive
        for rel in self.s.children(t, "relcl"):
            if any(c.lower in _SPEAKER_WORDS for c in self.s.children(rel, "nsubj")):
                return SPEAKER
        return None

    def _ru_genitive_name(self, c: Tok) -> bool:
        """A Russian word in the genitive: "муж Ани"; not a name already in its nominative that the
        tagger called genitive ("брат Стёпа": Стёпа is the brother)."""
        if self.s.lang != "ru" or c.feats.get("Case") != "Gen":
            return False
        return not (c.text[:1].isupper() and (ru_name(c.text) == c.text or ru_name_never_genitive(c.text)))

    def vocative(self, t: Tok) -> bool:
        """``t`` addresses someone: a name that opens the message (after "hey"/"ну") and a comma
        follows («Айгуль, я поставил Cursor», "Sam, I moved to Leeds")."""
        lead = [x for x in self.toks[: t.i] if x.lower not in _GREETINGS]
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        return not lead and nxt is not None and nxt.text == "," and t.text[:1].isupper() and t.lemma not in lx.RELATIONS

    def _name_before(self, t: Tok) -> str | None:
        """ "Felipe, my manager, is ...", "Аня, моя сестра, живёт ...": the name the relation noun
        (with its possessive) stands beside between commas. A vocative ("Tom, my husband is ...")
        has no closing comma."""
        toks = self.toks
        if t.i < 3 or toks[t.i - 1].lower not in _OWNER_WORDS or toks[t.i - 2].text != ",":
            return None
        after = toks[t.i + 1] if t.i + 1 < len(toks) else None
        if after is None or after.text not in (",", "—", "-", "("):
            return None
        last = name = toks[t.i - 3]
        before = toks[name.i - 1] if name.i else None
        if before is not None and before.pos == "PROPN" and before.text[:1].isupper():
            name = before  # "Felipe Santos, my manager,"
        if name.i and toks[name.i - 1].text not in (",", ";", ".", "!", ":", "—") and toks[name.i - 1].pos != "CCONJ":
            return None  # the name must open its phrase
        if name.i in self.quoted:
            return None
        if name.pos == "NOUN" and name.i == 0 and name is last and name.text[:1].isupper() and self.s.lang == "en":
            return name.text  # "Ines, my girlfriend, ...": the tagger's plural noun "ine" opening the message
        if name.pos != "PROPN" or not self._is_person(name):
            return None
        return " ".join(w.text for w in toks[name.i : last.i + 1]) if name is not last else self.value_text(name)

    def _name_child(self, t: Tok) -> str | None:
        before = self._name_before(t)
        if before is not None:
            return before
        for c in self.s.children(t, "nmod", "obl"):  # "щенок по кличке Тайга", "брат по имени Миша"
            nxt = self.toks[c.i + 1] if c.i + 1 < len(self.toks) else None
            by = any(x.lemma == "по" for x in self.s.children(c, "case"))
            if c.lemma in ("кличка", "имя") and by and nxt is not None and nxt.text[:1].isupper() and nxt.i not in self.quoted:
                return self.value_text(nxt)
        for c in self.s.children(t, "appos", "compound", "flat", "flat:name", "npadvmod", "nmod", "oprd"):
            named = (
                c.dep == "appos" and c.pos == "PROPN" and c.text[:1].isupper()
            )  # "my wife Julia" (not the language)
            owner = self._ru_genitive_name(c) and t.feats.get("Case") != "Gen"
            listed = c.dep == "appos" and self.toks[c.i - 1].text == "," and bool(self.s.children(c, "cc"))
            if listed:
                continue  # "my girlfriend, Toby and I": a list of people, Toby is not the girlfriend
            if c.i > t.i and (self._is_person(c) or named) and not self.s.children(c, "case") and not owner:
                return self.value_text(c)  # not "сестра в Питере", not "муж Ани" (Anya's husband)
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        if nxt is not None and self._ru_genitive_name(nxt) and t.feats.get("Case") != "Gen":
            nxt = None  # "муж Ани": the owner, not the name
        if nxt is not None and nxt.pos == "PROPN" and self._is_person(nxt):  # the parse missed the apposition
            return self.value_text(nxt)
        if (
            nxt is not None and nxt.pos == "NOUN" and nxt.head == t.head and nxt.dep == t.dep and t.head != t.i
            and self._is_person(nxt) and nxt.i not in self.quoted
        ):  # fmt: skip
            return self.value_text(nxt)  # "my boss Tomasz signs off": the tagger made the name a second subject
        pet_named = t.lemma in lx.PETS and nxt is not None and nxt.pos == "PROPN" and nxt.text[:1].isupper()
        return (
            self.value_text(nxt) if pet_named and nxt is not None else None
        )  # "my cat Pixel" (a phone's name)

    def _is_person(self, t: Tok) -> bool:
        """A capitalised proper name that is no gazetteer value (small-model NER types are not
        trusted: it calls Elena an organisation and Porto a person; the cue word types the value)."""
        if self.tool(t) is not None or not t.text[:1].isupper() or t.i in self.quoted or t.lower in lx.DEMONYMS or t.lemma in lx.INSTRUMENTS:
            return False  # "my wife is a Londoner": where she lives, not her name
        if t.lower in lx.CAR_BRANDS and t.ent != "PER" or t.lower in lx.CAR_MODELS_EN:
            return False  # "Наша Toyota RAV4 ездит со мной": a car, not a person
        if self.s.lang == "ru" and t.ent != "PER" and t.lower in lx.PETS and t.lemma in lx.PETS:
            return False  # "Кот наш, Бублик, ...": natasha calls a capitalised pet noun a name
        return t.pos in ("PROPN", "NOUN", "X") or t.ent == "PER"
