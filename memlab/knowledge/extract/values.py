"""Values as spans of the parse: names, tools, places, organisations."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import (
    _CALENDAR,
    _MAX_TOOL_WORDS,
    _NOT_NAME_PARTS,
    _OWNER_WORDS,
    _RU_VERB_ENDINGS,
    _SKIP_ADJ,
    _TOOL_INDEX,
    Extracted,
    _contiguous,
    _job_word,
    _misread,
)
from memlab.knowledge.extract.nlp import (
    Tok,
    is_common_word,
    is_place_name,
    ru_indeclinable_name,
    ru_lemmas,
    ru_name,
    ru_unknown_lemma,
)
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_INFLECTED_ABBREVIATION = re.compile(r"([A-ZА-ЯЁ]{3,})(?:е|а|у|ом|ой|ах|ы|и)$")


def _ru_camel(t: Tok, value: str) -> str:
    """A Russian name with capitals inside keeps them, in the nominative: «в СберМаркете" ->
    СберМаркет (natasha's lemma is lowercase), «во ВкусВилле» -> ВкусВилл (natasha and the
    dictionary read it as indeclinable and keep the locative ending)."""
    text = t.text
    if " " in value or text.isupper() or not any(c.isupper() for c in text[1:]) or not re.search("[а-яё]", text):
        return value
    if value.casefold() == text.casefold() and t.feats.get("Case") in ("Loc", "Dat") and re.search("[бвгджзклмнпрстфхцчшщ]е$", text):
        return text[:-1]
    if value.casefold()[:-1] != text.casefold()[: len(value) - 1]:
        return value  # not this word's form
    return "".join(o if o.casefold() == c.casefold() else c for o, c in zip(text, value, strict=False)) + value[len(text) :]


def _relation_word(t: Tok) -> bool:
    """A relation noun, by its lemma or its form (natasha's lemma of "Тимлид" is "тимлида")."""
    return t.lemma in lx.RELATIONS or t.lower in lx.RELATIONS


class Values(ReaderParts):
    """A part of ``Reader`` (its methods take the reader as ``self``)."""

    def fact(self, subject: str, attribute: str, value: str, vtype: str) -> Extracted:
        """Every reader's fact, its value normalised first: a Russian car said in Cyrillic by its
        Latin name ("Омода" -> Omoda, "Шкода" before "Йети" -> Skoda Yeti); then the clause
        readers' own normalisation (``VerbClauses.fact``, after this part in ``Reader``)."""
        if attribute == "car" and self.s.lang == "ru":
            value = self.car_name(value)
        return super().fact(subject, attribute, value, vtype)

    def _car(self, o: Tok) -> str | None:
        """The car ``o`` names (``VerbClauses._car``, after this part in ``Reader``), else a foreign
        model said alone in Cyrillic that the Latin table knows ("ездит на Пассате"; after a verb
        of driving, or a word the dictionary has no common noun for: not "купила Атлас")."""
        found = super()._car(o)
        driven = self.toks[o.head].lemma in _DRIVE_VERBS
        if found is None and self.s.lang == "ru" and o.text[:1].isupper() and o.i and (driven or not is_common_word(o.text)):
            found = car_model_latin(o.text) or (car_brand_latin(o.text) if driven else None)  # "ездит на Хавейле"
        return found

    def car_name(self, value: str) -> str:
        """The Latin name of a foreign car said in Cyrillic, in any case form (the brand and the
        model by ``car_brand_latin`` / ``car_model_latin``); a brand said alone takes the model
        the sentence names right after it ("на Шкоде Йети"). A Russian maker's car ("Лада Веста"),
        or a name already Latin, is kept."""
        words = value.split()
        brand = car_brand_latin(words[0]) if words else None
        if brand is None:
            model = car_model_latin(words[0]) if len(words) == 1 else None
            return model or value  # "Пассат" -> Volkswagen Passat
        if len(words) > 1:
            model = car_model_latin(words[1])
            return model if model is not None and model.split()[0] == brand else brand
        for t in self.toks[:-1]:
            if car_brand_latin(t.text) == brand and t.text[:1].isupper():
                model = car_model_latin(self.toks[t.i + 1].text) if self.toks[t.i + 1].text[:1].isupper() else None
                if model is not None and model.split()[0] == brand:
                    return model
        return brand

    # -- values -----------------------------------------------------------------------------------
    def value_text(self, t: Tok) -> str:
        """The name ``t`` heads: compounds and flat parts kept, Russian in the nominative; emoji and
        other symbols the NER span took in are not part of it ("за Тимура 💍" -> "Тимур")."""
        value = _no_symbols(self._value_text(t))
        return _ru_camel(t, value) if self.s.lang == "ru" else value

    def _value_text(self, t: Tok) -> str:
        if self.s.lang == "ru" and (m := _INFLECTED_ABBREVIATION.match(t.text)):
            return m.group(1)  # "учусь в МИСИСе", "в МФЮА": an abbreviation with a case ending
        span = self.s.span_of(t)
        if span and self.s.lang == "ru" and span[2] != "MISC":
            span_toks = self.toks[span[0] : span[1]]
            while len(span_toks) > 1 and _relation_word(span_toks[0]) and span_toks[0].i != t.i:
                span_toks = span_toks[1:]  # "Подруга Нино": NER took the relation into the name
                span = (span_toks[0].i, span[1], span[2], " ".join(w.text for w in span_toks))
            if all(w.feats.get("Case") == "Nom" for w in span_toks):  # already nominative: keep as written
                return " ".join(w.text for w in span_toks)
            names = [self._ru_name(w) or _indeclinable(w) for w in span_toks] if span[2] == "PER" else []
            if names and all(names):
                return " ".join(n for n in names if n)  # "на Кристине" -> "Кристина" (natasha keeps "Кристине")
            if span[3].replace("ё", "е") != " ".join(w.text for w in span_toks).replace("ё", "е") and not _misread(span_toks, span[3]):
                return span[3]  # natasha's nominative; when it left the form as is, the lemmas below do
        parts = [t] + [
            c
            for c in self.s.children(t, "compound", "flat", "flat:name", "flat:foreign", "amod", "nummod", "nmod:poss")
            if (
                c.text[:1].isupper()
                or c.pos in ("PROPN", "NUM")
                or c.dep.startswith("flat")
                or c.dep == "compound"
            )
            and (c.lower not in _SKIP_ADJ or self._named_part(c, t))  # "New York", not "my new Civic"
            and c.lower not in _OWNER_WORDS
            and c.lower not in _NOT_NAME_PARTS
            and not (c.dep == "compound" and c.pos == "NOUN" and (_job_word(c) or c.lemma in lx.RELATIONS) and c.i < t.i)
            # "cofounder Maja", "my cousin Ravi": the role or relation is no part of the name
        ]
        idx = sorted(p.i for p in parts)
        institution = t.pos == "NOUN" or t.lemma in _INSTITUTIONS  # not "Anna's Mazda"
        if self.s.lang == "en" and institution and t.text[:1].isupper():  # "St Thomas' Hospital", "St. Mary's School"
            for p in parts:
                if p.dep == "nmod:poss" and p.pos == "PROPN" and p.i < t.i:
                    idx += [x.i for x in self.s.children(p) if x.tag == "POS" or x.dep == "compound" and x.text[:1].isupper()]
            idx = sorted(set(idx))
        idx = [k for k in idx if self.toks[k].pos != "NUM" or self.toks[k].i > idx[0]]  # "a 2015 VW Golf"
        lo, hi = _contiguous(idx, t.i)
        while lo >= 2 and self._hyphen_glued(lo - 1):  # "Rolls-Royce", "Hewlett-Packard": the parts of one name
            lo -= 2
        while hi + 2 < len(self.toks) and self._hyphen_glued(hi + 1):
            hi += 2
        words = [self._form(self.toks[k]) for k in range(lo, hi + 1)]
        for k in range(hi, lo, -1):  # join the hyphen back without spaces, and a possessive inside the name
            if self.toks[k].text == "-" or self.toks[k - 1].text == "-" or self.toks[k].tag == "POS" and k < hi:
                words[k - lo - 1 : k - lo + 1] = [words[k - lo - 1] + words[k - lo]]
        glued = self.toks[lo - 1] if lo > 0 else None
        if glued is not None and glued.text.isdigit() and glued.start + len(glued.text) == self.toks[lo].start:
            words[0] = glued.text + self.toks[lo].text  # "в 2ГИС": the tokenizer cut the digit off the name
        return " ".join(w for w in words if w not in ("'s", "’s")).strip(" .,'\"«»")

    def _hyphen_glued(self, k: int) -> bool:
        """Token ``k`` is a hyphen written without spaces between two capitalised names."""
        if k < 1 or k + 1 >= len(self.toks) or self.toks[k].text != "-":
            return False
        a, h, b = self.toks[k - 1], self.toks[k], self.toks[k + 1]
        glued = a.start + len(a.text) == h.start and h.start + 1 == b.start
        return glued and a.text[:1].isupper() and b.text[:1].isupper() and a.pos == b.pos == "PROPN"

    def _named_part(self, c: Tok, t: Tok) -> bool:
        """``c`` is a capitalised word of the same named-entity span as ``t`` ("New" of "New York")."""
        span = self.s.span_of(t)
        return c.pos == "PROPN" and c.text[:1].isupper() and span is not None and span == self.s.span_of(c)

    def _form(self, t: Tok) -> str:
        if self.s.lang == "ru" and t.feats.get("Case") == "Nom" and t.text[:1].isupper():
            return t.text  # already the dictionary form; lemmas of rare names go wrong (Света -> свет)
        name = self._ru_name(t) if self.s.lang == "ru" else None
        if name:
            return name
        if self.s.lang == "ru" and re.search("[а-яё]", t.lower) and t.pos in ("PROPN", "NOUN", "ADJ"):
            lemma = t.lemma
            if lemma.endswith(_RU_VERB_ENDINGS) and t.text[:1].isupper():
                return t.text  # an indeclinable name read as a verb form: "в Авито" -> "авить"
            if "-" in t.text and "-" in lemma and t.text[:1].isupper():  # "Т-Банка" -> "Т-Банк", not "Т-банк"
                return "-".join(w[:1].upper() + w[1:] if o[:1].isupper() else w for w, o in zip(lemma.split("-"), t.text.split("-"), strict=False))
            guess = ru_unknown_lemma(t.text) if t.text[:1].isupper() and t.feats.get("Case") != "Nom" else None
            if guess is not None and t.lower.endswith("о") and guess.endswith(("ый", "ий", "ой")):
                guess = None  # "в «Додо»": an indeclinable name, not the short adjective "додый"
            if guess is not None and guess != lemma.replace("ё", "е") and lemma in ru_lemmas(t.text):
                lemma = guess  # a name the dictionary lacks: "в Бауманке" is Бауманка, not "Бауманок"
            if t.text.isupper() and len(t.text) > 1:  # an acronym keeps its capitals: МТС, МГУ, ВШЭ
                return lemma.upper() if len(lemma) == len(t.text) else t.text
            lemma = "".join("ё" if o == "ё" and c == "е" else c for o, c in zip(t.lower, lemma, strict=False)) + lemma[len(t.lower):]
            return lemma[:1].upper() + lemma[1:] if t.text[:1].isupper() else lemma  # "в Пятёрочке" -> Пятёрочка, ё kept
        return t.text

    def _ru_name(self, t: Tok) -> str | None:
        """A person's name in the nominative by the dictionary (the parser's lemma of a rare name
        is often another word: "Света" -> "свет"); only for a proper noun or a PER mention."""
        if t.ent != "PER" and (t.pos != "PROPN" or t.ent):
            return None  # not an organisation or a place NER found ("в «Тинькофф»")
        return ru_name(t.text, t.feats.get("Case", ""), t.feats.get("Gender", ""), person=t.ent == "PER")

    def tool(self, t: Tok) -> tuple[str, str] | None:
        """(category, canonical name) when ``t`` starts or is part of a gazetteer value (a verb
        never is: "I go to the gym", "we rust-proofed it")."""
        nominal = t.dep.startswith(
            ("nsubj", "obj", "dobj", "pobj", "obl", "attr", "appos", "conj", "compound")
        )
        after = self.toks[t.i + 1].lower if t.i + 1 < len(self.toks) else ""
        go = t.text == "Go" and (  # "Go is my main language", "Ravi writes Go for a bank": the parse's verb
            after not in _GO_ON and any(x.lemma in _CODE_WORDS for x in self.toks)
            or t.head != t.i and t.dep in ("xcomp", "obj", "dobj") and self.toks[t.head].lemma in _WRITE_VERBS
        )
        if t.pos in ("VERB", "AUX") and self.s.lang == "en" and not nominal and not go:
            return None  # "Go for it!" opens a sentence with a capital and is still a verb
        prev = self.toks[t.i - 1] if t.i else None
        if prev is not None and prev.text in (":", "-") and prev.start + 1 == t.start and t.i > 1 and self.toks[t.i - 2].start + len(self.toks[t.i - 2].text) == prev.start:
            return None  # "CS:GO", "Half-Life": the tail of a longer name glued on without a space
        nxt = self.toks[t.i + 1] if t.i + 1 < len(self.toks) else None
        if nxt is not None and nxt.text in ("#", "++", "+") and nxt.start == t.start + len(t.text):
            tail = "++" if nxt.text == "+" else nxt.text  # "Notepad++" tokenised as "Notepad" "+" "+"
            glued = _TOOL_INDEX.get(t.lower + tail)  # "C#" tokenised as "C" "#"
            if glued:
                return glued
        for n in range(_MAX_TOOL_WORDS, 0, -1):
            for start in range(max(0, t.i - n + 1), t.i + 1):
                words = self.toks[start : start + n]
                if len(words) == n:
                    key = " ".join(w.lower for w in words)
                    found = _TOOL_INDEX.get(key)
                    if found is None and n > 1 and self.s.lang == "ru":  # "в Яндекс Браузере": the last word inflects
                        found = _TOOL_INDEX.get(" ".join([*(w.lower for w in words[:-1]), words[-1].lemma]))
                    capitals = len(found[1]) == 1 or key in lx.CAPITALS_ONLY if found else False
                    if found and (not capitals or words[0].text[:1].isupper()):  # "c", "r", "edge": capitals only
                        return found
        if self.s.lang == "ru" and t.lower == "го" and t.i > 1 and self.toks[t.i - 1].lower == "на":
            if self.toks[t.i - 2].lemma in ("писать", "кодить", "программировать", "переписать", "перейти"):
                return _TOOL_INDEX["go"]  # "пишу на го" (not "го гулять")
        if self.s.lang == "ru" and t.lemma in _TOOL_INDEX and t.lemma not in ("c", "r") and (
            t.lemma not in lx.CAPITALS_ONLY or t.text[:1].isupper()
        ):  # "на тайпскрипте"
            return _TOOL_INDEX[t.lemma]
        if self.s.lang == "ru" and t.pos in ("NOUN", "PROPN", "ADJ", "X") and not t.text[:1].isupper():
            # "сидит на федоре": natasha's lemma is "федор", pymorphy3's "федора" is the gazetteer's
            lemma = next((w for w in ru_lemmas(t.text) if w in _TOOL_INDEX and w not in ("c", "r") and w not in lx.CAPITALS_ONLY), None)
            if lemma is not None:
                return _TOOL_INDEX[lemma]
        return None

    def tool_value(self, t: Tok) -> tuple[str, str] | None:
        found = self.tool(t)
        if found is None:  # "a Honor X8": the parse heads the phrase on the model, the brand its compound
            brand = next((c for c in self.s.children(t, "compound") if c.i < t.i and self.tool(c)), None)
            found = self.tool(brand) if brand is not None else None
            if brand is None or found is None or found[0] != "phone":
                return None
            t = brand
        cat, canon = found
        if cat == "phone":  # "iPhone 15", "Pixel 8 Pro", "Xiaomi Redmi Note 12"
            tail: list[str] = []
            named = set(canon.lower().split())
            for x in self.toks[t.i + 1 : t.i + 5]:
                if x.lower in named and not tail:
                    continue  # the rest of the name itself ("Samsung Galaxy")
                if not (
                    x.pos == "NUM"
                    or x.lower in lx.MODEL_WORDS
                    or re.match(r"[A-Z][a-z]*$|[A-Z]\d+\w*$|\d+\w*$", x.text)
                ):
                    break
                glued = tail and x.start == self.toks[x.i - 1].start + len(self.toks[x.i - 1].text)
                tail[-1:] = [tail[-1] + x.text] if glued else [*tail[-1:], x.text]
            canon = " ".join([canon, *tail])
        if cat == "operating_system" and t.i + 1 < len(self.toks) and self.toks[t.i + 1].pos == "NUM":
            canon = f"{canon} {self.toks[t.i + 1].text}" if " " not in canon else canon
        return cat, canon

    def city(self, t: Tok) -> str:
        value = self.value_text(t)
        return lx.CITY_ALIASES.get(value.casefold(), lx.CITY_ALIASES.get(t.lemma, value))

    def _place(self, t: Tok) -> bool:
        if t.text[:1].islower() and (t.lower in _LOWER_CITY_ALIASES or t.lemma in _LOWER_CITY_ALIASES):
            return True  # "живу в питере", "перебрался в новосиб": a city's nickname, written in lower case
        if t.lower in lx.APP_NAMES:
            return False  # "I've moved to Signal", "moved from Zendesk to Intercom": an app, not a town
        return self._name(t) and not (self.s.lang == "ru" and t.ent in ("PER", "ORG"))

    def _org(self, t: Tok) -> bool:
        """A name that may be an organisation; natasha's LOC counts when the dictionary knows no
        place of that name ("работаю в Сбере")."""
        if self.s.lang == "ru" and (t.ent == "PER" or t.ent == "LOC" and is_place_name(t.text) is True):
            return False
        return self._name(t)

    def _name(self, t: Tok) -> bool:
        return (
            self.tool(t) is None
            and t.text[:1].isupper()
            and t.pos not in ("PRON", "DET", "VERB", "AUX")
            and t.ent not in ("TIME", "NUM")
            and t.lemma not in _CALENDAR
        )


# the nicknames of CITY_ALIASES that are no common word when written in lower case
_LOWER_CITY_ALIASES = frozenset(lx.CITY_ALIASES) - {"нижний", "la", "sf"}
_GO_ON = wl.words("en", "go_on")
_WRITE_VERBS = frozenset("write rewrite code program learn teach use".split())
_CODE_WORDS = wl.words("en", "code_words")
_INSTITUTIONS = wl.words("en", "institutions")


def _indeclinable(t: Tok) -> str | None:
    """A foreign name the dictionary does not know that ends in a vowel Russian does not decline
    ("у Кенжи", "с Хироко"): as written."""
    return t.text if ru_indeclinable_name(t.text) else None


def _no_symbols(text: str) -> str:
    """``text`` without symbol characters (emoji, pictographs, dingbats) and the spaces they leave."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in ("So", "Sk", "Cs", "Co"))
    return " ".join(kept.split()).strip(" .,'\"«»")


_DRIVE_VERBS = frozenset("ездить кататься гонять пересесть водить рулить".split())
CAR_BRANDS_LATIN = wl.table("ru", "car_brands_latin")
CAR_MODELS_LATIN = wl.table("ru", "car_models_latin")
# looked up with ё as е; the models of CAR_MODELS_RU that have a Latin name too
_BRANDS = {k.replace("ё", "е"): v for k, v in CAR_BRANDS_LATIN.items()}
_MODELS = {
    **{k.replace("ё", "е"): v for k, v in lx.CAR_MODELS_RU.items() if v.isascii()},
    **{k.replace("ё", "е"): v for k, v in CAR_MODELS_LATIN.items()},
}
_CASE_ENDINGS = frozenset("а я у ю е ы и ой ей ом ем ою ею ах ях ам ям".split())


def car_brand_latin(word: str) -> str | None:
    """The Latin name of the foreign car brand ``word`` names in Cyrillic, any case: "Шкоде" -> Skoda."""
    return _car_word(word, "brand")


def car_model_latin(word: str) -> str | None:
    """The Latin name, brand first, of the foreign car model ``word`` names in Cyrillic, any case:
    "Пассате" -> Volkswagen Passat, "Камри" -> Toyota Camry."""
    return _car_word(word, "model")


@cache
def _car_word(word: str, kind: str) -> str | None:
    table = _BRANDS if kind == "brand" else _MODELS
    low = word.casefold().replace("ё", "е")
    if low in table:
        return table[low]
    for key, name in table.items():
        stem = _declined_stem(key)
        if stem is not None and low.startswith(stem) and low[len(stem) :] in _CASE_ENDINGS:
            return name
    return None


def _declined_stem(key: str) -> str | None:
    """The stem a declined form of ``key`` starts with ("тойот" of "тойота", "кашка" of "кашкай");
    None for a word that does not decline (Пежо, Рено, Йети) or is too short to tell (Киа)."""
    if len(key) < 4 or " " in key or key[-1] in "оеиуэю":
        return None
    return key[:-1] if key[-1] in "аяйь" else key
