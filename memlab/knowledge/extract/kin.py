"""Relatives introduced by name: "муж (Серёжа) работает в МТС", "мой брат Лёша", "Серёжа (муж)",
"my brother Kofi works at Unilever".

The extractor keys a named relative's facts by the name ("Лёша|employer"), as a later message
speaks of them by the name alone ("Лёша ушёл из Газпрома в Лукойл"). What the name is to the
speaker is said once, in apposition; the consolidator keeps it as the name's ``relation`` fact
and writes the relative's facts as "Брат пользователя Лёша работает в компании Лукойл.", so a
question about "мой брат" finds them.

Only an apposition the parse gives (a relation noun and a name in one case, or the name in
brackets), with no other owner ("муж Инги", "муж сестры Андрей": not the speaker's). English
needs the owner said ("my brother Kofi", "our son Leo"): "brother Kofi" alone may be a monk.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.clauses import SPEAKER, Reader
from memlab.knowledge.extract.nlp import Sent, Tok
from memlab.lang import wordlists as wl

_OWN_POSSESSIVES = wl.words("ru", "own_possessives")
_OTHER_POSSESSIVES = wl.words("ru", "other_possessives")
_OWN_EN = frozenset("my our".split())


def named_relatives(sents: Sequence[Sent]) -> list[tuple[str, str]]:
    """``(name, relation)`` for each of the speaker's relatives a message names in apposition:
    ("Лёша", "brother") for "мой брат Лёша", ("Kofi", "brother") for "my brother Kofi"; relation
    as in ``lexicon.RELATIONS``."""
    out: dict[str, tuple[str, str]] = {}
    for s in sents:
        r = Reader(s)
        for rel_tok, name_tok in _apposed(s):
            relation = lx.RELATIONS[rel_tok.lemma]
            name = r.value_text(name_tok)
            if name and " " not in name.strip():
                out.setdefault(name.casefold().replace("ё", "е"), (name, relation))
    return list(out.values())


def _apposed(s: Sent) -> Iterator[tuple[Tok, Tok]]:
    for rel, name in _pairs(s):
        # the English NER calls unfamiliar first names NORP or ORG ("Priya"); the apposition decides
        if name.pos != "PROPN" or not name.text[:1].isupper() or (s.lang == "ru" and name.ent not in ("PER", "")):
            continue
        listed = s.children(name, "cc", "conj") or [c for c in s.children(rel, "conj") if c.i > name.i]
        if s.lang != "ru" and name.i and s.toks[name.i - 1].text == "," and listed:
            continue  # "my girlfriend, Toby and I are going camping": a list of three, not her name (the "and I" on either)
        bracketed = _in_brackets(s, name) or _in_brackets(s, rel)
        if not bracketed and rel.feats.get("Case") != name.feats.get("Case"):
            continue  # "муж Инги": the owner, not the husband's name
        if not _speakers(s, rel):
            continue
        yield rel, name


def _pairs(s: Sent) -> Iterator[tuple[Tok, Tok]]:
    """(relation noun, name) in apposition; in English also the name the tagger made a second
    subject or the head of a compound ("my girlfriend Noor is ...": two subjects of "obsessed")."""
    for t in s.toks:
        if t.dep == "appos":
            head = s.toks[t.head]
            if _relation(head):
                yield head, t
            elif _relation(t):
                yield t, head
        elif s.lang != "ru" and _relation(t) and t.i + 1 < len(s.toks):
            nxt = s.toks[t.i + 1]
            owned = nxt.i + 1 < len(s.toks) and s.toks[nxt.i + 1].tag == "POS"  # "my son Leo's first year"
            if (nxt.dep == t.dep and nxt.head == t.head) or (t.dep == "compound" and t.head == nxt.i) or owned:
                yield t, nxt


def _relation(t: Tok) -> bool:
    return t.pos == "NOUN" and t.lemma in lx.RELATIONS and lx.RELATIONS[t.lemma] != "parents"


def _in_brackets(s: Sent, t: Tok) -> bool:
    before = s.toks[t.i - 1].text if t.i else ""
    after = s.toks[t.i + 1].text if t.i + 1 < len(s.toks) else ""
    return before == "(" and after == ")"


def _speakers(s: Sent, rel: Tok) -> bool:
    """The relation is the speaker's: no other owner hangs from it ("брат Инги", "его жена",
    "муж сестры"); in English "my" or "our" is said ("my brother", not "Anna's brother")."""
    if s.lang != "ru":  # "my" hangs from the relation, or from the name it is a compound of
        owners = [c for x in (rel, s.toks[rel.head] if rel.dep == "compound" else rel) for c in s.children(x)]
        return any(c.dep == "nmod:poss" and c.lower in _OWN_EN for c in owners)
    for c in s.children(rel):
        if c.lower in _OTHER_POSSESSIVES:
            return False
        if c.dep.startswith("nmod") and c.feats.get("Case") == "Gen" and c.pos in ("NOUN", "PROPN", "PRON"):
            return False
    return True


def owner_subject(relation: str) -> str:
    """The relation as the extractor's subject of the relative: "speaker's brother"."""
    return f"{SPEAKER}'s {relation}"
