"""Russian appositions that follow a name: "Андрей (муж) опять забыл ...", "Дима (мой парень)
сидит на винде", "Семён, кот наш, уронил ёлку": the relation or the pet a name is explained by,
in brackets or between commas, after it."""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _PAST_ADJ, SPEAKER, Extracted, _lex
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_OPEN = frozenset("( ,".split())
_CLOSE = frozenset(") , — – . ! ?".split())
_MINE = frozenset("мой моя моё мое наш наша наше".split())
_OTHERS = wl.words("ru", "ru_appos_others")


def named_then_relation(reader: ReaderParts) -> Iterator[Extracted]:
    """A name, then "(" or "," and a relation noun (spouse, partner, manager) or a pet noun with
    "мой" / "наш" and maybe adjectives, closed by ")" or ",": the speaker's spouse, partner,
    manager or pet of that name. A bare relation ("Андрей (муж)") is the speaker's too; a pet needs
    "мой" / "наш". None when someone else owns it ("Андрей (муж Кати)", "Лена, его жена"), when it
    is former ("бывший"), or when the stretch is negated, planned or asked."""
    toks = reader.toks
    for name in toks:
        if name.pos != "PROPN" or name.i + 2 >= len(toks) or toks[name.i + 1].text not in _OPEN or name.i in reader.quoted:
            continue
        if name.feats.get("Case", "Nom") != "Nom" or not reader._is_person(name) or reader.tool(name) is not None:
            continue
        span = _bracket(toks, name.i + 1)
        if span is None:
            continue
        words = [t for t in span if t.lower not in _MINE]
        mine = len(words) < len(span)
        if any(t.lower in _OTHERS or t.lemma in _PAST_ADJ or t.pos in ("VERB", "AUX", "PROPN", "NUM") for t in span):
            continue
        if not words or any(t.pos != "ADJ" for t in words[:-1]) or words[-1].pos != "NOUN" or words[-1].feats.get("Case", "Nom") != "Nom":
            continue
        noun = words[-1]
        if any(reader._not_plain(t) for p in reader._stretches() if name in p for t in p):
            continue
        fact = lx.RELATION_FACTS.get(lx.RELATIONS.get(_lex(noun, lx.RELATIONS), ""))
        pet = _lex(noun, lx.PETS)
        if fact in ("spouse", "partner", "manager"):
            yield reader.fact(SPEAKER, fact, reader.value_text(name), "person")
        elif pet in lx.PETS and mine:
            yield reader.fact(SPEAKER, f"pet_{lx.PETS[pet]}", reader.value_text(name), "concept")


def _bracket(toks: list[Tok], k: int) -> list[Tok] | None:
    """The words from the opening mark at ``k`` to the closing one (at most four words), with
    "мой" / "наш" just after the closing comma taken in ("кот наш,")."""
    close = ")" if toks[k].text == "(" else None
    for j in range(k + 1, min(len(toks), k + 6)):
        t = toks[j]
        if close is not None and t.text == close:
            return toks[k + 1 : j]
        if close is None and t.text in _CLOSE:
            after = toks[j + 1] if j + 1 < len(toks) and t.text == "," else None
            if after is not None and after.pos in ("NOUN", "PROPN") and after.feats.get("Case", "Nom") == "Nom":
                return None  # "Оля, мама, папа": a list of people
            return toks[k + 1 : j]
        if t.pos == "PUNCT":
            return None
    if close is None and len(toks) <= k + 5:
        return toks[k + 1 :]  # the apposition closes the sentence: "это Андрей, мой муж"
    return None


_PAST_PERIODS = wl.words("ru", "past_periods")
_PAST_STATES = wl.words("ru", "past_states")


def ru_pet_of_the_past(reader: ReaderParts, pet: Tok) -> bool:
    """A pet placed in the speaker's past ("наш попугай из девяностых", "кот из моего детства"),
    or of whom a state is said in the past tense ("Гоша, наш попугай, знал три слова"): gone."""
    named = reader.toks[pet.head] if pet.dep == "appos" else pet
    for x in (pet, named):
        for c in reader.s.children(x, "nmod", "obl"):
            if c.lemma in _PAST_PERIODS and any(k.lemma == "из" for k in reader.s.children(c, "case")):
                return True
    for x in (pet, named):
        v = reader.toks[x.head]
        if x.dep.startswith("nsubj") and v.lemma in _PAST_STATES and v.feats.get("Tense") == "Past" and v.pos in ("VERB", "AUX"):
            return True
    return False


_BOTH = frozenset("оба обе вдвоём вдвоем".split())


def with_companion(reader: ReaderParts, t: Tok) -> bool:
    """``t`` is part of "с X" joining someone to "мы" ("мы с сестрой Олей обе ..."), or "оба"."""
    companions = {c.i for c in reader._companions()}
    if t.lower in _BOTH or t.i in companions:
        return True
    if t.lemma in ("с", "со") and t.i + 1 < len(reader.toks) and t.i + 1 in companions:
        return True
    return t.head in companions and t.dep in ("appos", "flat", "flat:name") and reader._is_person(t)


