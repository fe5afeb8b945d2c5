"""The parse both languages share: a token and a sentence (spaCy's English and natasha's Russian
parses are both read into these; ``nlp`` makes them, every reader reads them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tok:
    i: int
    text: str
    lemma: str  # lower case
    pos: str  # UD: VERB AUX NOUN PROPN PRON ADJ NUM ADP PART DET ADV CCONJ SCONJ PUNCT ...
    dep: str  # UD-like relation to the head
    head: int  # index in the sentence; the root points to itself
    feats: dict[str, str] = field(default_factory=dict)
    ent: str = ""  # PER | LOC | ORG | MISC | ""
    tag: str = ""  # the language's own fine tag (English: VBD, VBG, MD ...)
    start: int = 0  # character offset in the sentence

    @property
    def lower(self) -> str:
        return self.text.lower()


@dataclass
class Sent:
    text: str
    lang: str
    toks: list[Tok]
    spans: list[tuple[int, int, str, str]] = field(default_factory=list)  # (first, last+1, label, normal form)
    offset: int = 0  # where the sentence starts in the message
    doc: Any = field(default=None, repr=False, compare=False)  # its spaCy Doc, built by ``as_doc``

    def children(self, t: Tok, *deps: str) -> list[Tok]:
        return [c for c in self.toks if c.head == t.i and c.i != t.i and (not deps or c.dep in deps)]

    def ancestors(self, t: Tok) -> list[Tok]:
        out: list[Tok] = []
        while t.head != t.i and len(out) < 20:
            t = self.toks[t.head]
            out.append(t)
        return out

    def span_of(self, t: Tok) -> tuple[int, int, str, str] | None:
        return next((s for s in self.spans if s[0] <= t.i < s[1]), None)
