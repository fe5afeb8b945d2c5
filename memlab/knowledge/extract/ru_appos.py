"""Russian appositions that follow a name: "Андрей (муж) опять забыл ...", "Дима (мой парень)
сидит на винде", "Семён, кот наш, уронил ёлку": the relation or the pet a name is explained by,
in brackets or between commas, after it."""

from __future__ import annotations

import itertools
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


_KIN_OPENERS = frozenset("а и но да вот".split())
_AT = frozenset("меня нас".split())


def rehang_apposed_name(toks: list[Tok]) -> None:
    """A relation or pet noun in the nominative, then a capitalised name between commas, then the
    clause: "Муж, Тихон, сварщиком работает", "Кот наш, Бублик, любит спать", "Муж у меня, Ильнур,
    отвозит детей", "У меня брат, Олег, живёт в Твери", "а муж мой, Альберт, пекарь". natasha
    reads the name as a second subject, a conjunct or a parataxis and hangs the clause's words on
    the noun; the name is the noun's apposition, and the noun the subject of the clause's verb when
    that verb has no other subject in the nominative (so the reader keys the predicate by the name).
    Only when the noun opens its clause (the sentence, "а" / "и", "у меня" before it) and the name
    is no list's first ("Мама, Оля, Петя пришли"). A parse repair, in place."""
    for kin in toks:
        found = _apposed_name(toks, kin)
        if found is None:
            continue
        mods, name, end = found
        span = set(range(kin.i, end + 1))
        rest = list(itertools.takewhile(lambda t: t.text not in ".!?;", toks[end + 1 :]))
        for m in mods:
            if m.lower in _MINE:
                m.head, m.dep = kin.i, "det"
            elif m.lower in ("у", "по") and m.pos == "ADP":
                m.head, m.dep = m.i + 1, "case"
            elif m.i and toks[m.i - 1].lower in ("у", "по") and toks[m.i - 1].pos == "ADP":
                m.head, m.dep = kin.i, "nmod"
            else:
                m.head, m.dep = kin.i, "amod"
        name.head, name.dep = kin.i, "appos"
        for t in toks[name.i + 1 : end]:
            t.head, t.dep = name.i, "flat:name"
        for c in (toks[name.i - 1], toks[end]):
            c.head, c.dep = name.i, "punct"
        verb = _clause_verb(toks, kin, name, rest, span)
        stop = next((t.i for t in rest if t.i > verb.i and t.text == ","), len(toks)) if verb is not None else 0
        if verb is None or any(c.head == verb.i and c.dep.startswith("nsubj") and c.i not in span and c.i < stop and c.feats.get("Case") == "Nom" for c in toks):
            if kin.head in span and kin.head != kin.i and rest:  # no verb: the noun is the subject of the verbless rest
                kin.head = rest[0].i
                if rest[0].head in span:
                    rest[0].head, rest[0].dep = rest[0].i, "root"
            kin.dep = "nsubj" if rest else kin.dep
            continue  # "Брат, Олег, его жена ...": the verb's subject is another (not "..., у нас ремонт")
        for t in rest:  # the clause's words natasha hung on the noun or the name
            if t.head in span and t.i != verb.i and not t.dep.startswith("acl"):  # "Ашот, который ...": his clause stays
                t.head = verb.i
                if t.dep in ("conj", "appos", "parataxis", "nmod", "amod", "nsubj"):
                    t.dep = "obl" if t.pos in ("NOUN", "PROPN") else "advmod" if t.pos == "ADV" else t.dep
        if verb.head in span or verb.head == verb.i or toks[verb.head].dep.startswith("acl"):
            verb.head, verb.dep = verb.i, "root"  # not a conjunct of the name's relative clause
        for t in toks:
            if t.i not in span and t.head in span and t.dep == "root":
                t.head = verb.i  # no second root left inside the apposition
        kin.head, kin.dep = verb.i, "nsubj"


def _apposed_name(toks: list[Tok], kin: Tok) -> tuple[list[Tok], Tok, int] | None:
    """(the noun's modifiers, the name, the closing comma's index) when ``kin`` opens the shape."""
    if kin.feats.get("Case") != "Nom" or kin.pos not in ("NOUN", "PROPN", "ADJ") or not _kin_noun(kin) or not _opens_clause(toks, kin.i):
        return None
    k = kin.i + 1
    mods: list[Tok] = []
    while k < len(toks) and len(mods) < 2 and (toks[k].lower in _MINE or toks[k].pos == "ADJ" and toks[k].text.islower()):
        mods.append(toks[k])  # "кот наш", "брат двоюродный"
        k += 1
    if k + 1 < len(toks) and toks[k].lower in ("у", "по") and (toks[k + 1].lower in _AT or toks[k].lower == "по" and toks[k + 1].pos == "NOUN"):
        mods += toks[k : k + 2]  # "муж у меня", "соседка по квартире"
        k += 2
    if k + 2 >= len(toks) or toks[k].text != ",":
        return None
    name = toks[k + 1]
    if not name.text[:1].isupper() or name.pos != "PROPN" and name.ent != "PER" or name.feats.get("Case", "Nom") != "Nom":
        return None
    if lx.ru_car(name.text) is not None or name.lower in lx.CAR_BRANDS:
        return None  # "Ласточка моя, Веста, ...": a car
    end = name.i + 1
    while end < len(toks) and toks[end].pos == "PROPN" and toks[end].text[:1].isupper():
        end += 1  # "Василий Иваныч"
    if end + 1 >= len(toks) or toks[end].text != ",":
        return None
    nxt = toks[end + 1]
    if nxt.feats.get("Case") == "Nom" and (nxt.ent == "PER" or _kin_noun(nxt) and nxt.pos == "NOUN"):
        return None  # "Мама, Оля, Петя пришли": a list
    return mods, name, end


def _kin_noun(t: Tok) -> bool:
    return any(w in lx.RELATIONS or w in lx.PETS for w in (t.lemma, t.lower)) and lx.RELATIONS.get(t.lemma) != "parents"


def _opens_clause(toks: list[Tok], i: int) -> bool:
    """Nothing but "а", "и", "но", "у меня" / "у нас", "мой" / "наш" or an adjective ("лучший
    друг") before ``i`` in its stretch."""
    before = list(itertools.takewhile(lambda t: t.text not in ",.!?;:—–-", reversed(toks[:i])))[::-1]
    while before and (before[-1].lower in _MINE or before[-1].pos == "ADJ" and before[-1].text[1:].islower() and before[-1].feats.get("Case") == "Nom"):
        before = before[:-1]
    words = [t.lower for t in before]
    if words[-2:] in (["у", "меня"], ["у", "нас"]):
        words = words[:-2]
    return all(w in _KIN_OPENERS for w in words)


def _clause_verb(toks: list[Tok], kin: Tok, name: Tok, rest: list[Tok], span: set[int]) -> Tok | None:
    """The verb the clause after the name is said by: the sentence's root, or where natasha hung
    the name or the noun, when that is a finite verb after the name (not one of a relative clause)."""
    inside = {t.i for t in rest}
    roots = [t for t in toks if t.head == t.i]
    for cand in [*(toks[x.head] for x in (name, kin)), *roots]:
        if cand.i in inside and cand.pos in ("VERB", "AUX") and cand.dep not in ("acl:relcl", "acl", "advcl", "csubj", "ccomp"):
            return cand
    relative = False  # else the first verb outside a relative clause ("Ашот, который там живёт, обещал ...")
    for t in rest:
        if t.text == ",":
            relative = False
        elif t.lemma in _RELATIVES:
            relative = True
        elif not relative and t.pos in ("VERB", "AUX") and t.feats.get("VerbForm") == "Fin":
            return t
    return None


_RELATIVES = frozenset("который что где куда откуда когда чей".split())
