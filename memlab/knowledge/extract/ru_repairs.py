"""Russian parse repairs that read the lexicon: a relative or a pet named between commas after its
noun («Муж, Тихон, сварщиком работает»). ``nlp`` applies them to natasha's parse; they import
only the tokens and the lexicon, so the parser need not import any reader."""

from __future__ import annotations

import itertools

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.tokens import Tok

_MINE = frozenset("мой моя моё мое наш наша наше".split())
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
