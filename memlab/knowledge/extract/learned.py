"""A trained fallback beside the rules: value mentions the parse already found, each classified by
a small logistic regression into the speaker's attribute it states, or none (memlab issue 10).

**Candidates** come from the parse the rules read (no second parse): gazetteer values
(``lexicon.TOOLS``: a language, an editor, a phone), named entities (people, places,
organisations, nationalities), capitalised proper nouns the small NER models missed, and
small whole numbers (ages). **Features** are strings, hashed: the candidate's kind, its relation
and head, the preposition on it, the governing predicate and that predicate's subject, the words
around it and the sentence's lemmas. **The model** is a multinomial logistic regression per
language (``NONE`` plus the attributes of the labelled dev statements), trained by
``benchmarks/train_fact_fallback.py`` (deterministic) and shipped as ``memlab/data/fact_fallback.npz``
(only the weight rows of features seen in training), loaded lazily, no network.

**Use** (precision first): a learned fact is added only for the speaker, only when the rules gave
the speaker no fact of that attribute in that message (nor that value), when its probability
clears the model's threshold, and when the rules' own modality checks do not veto the clause:
a question, a phrase of past time or unreality, a quote, and ``Reader._blocked`` (negation,
condition, modal, future, wish, plan, report, past state) on the governing predicate; a clause
whose subject is someone else gives nothing.
"""

from __future__ import annotations

import re
import threading
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _NO_LONGER_CUES, SPEAKER, Extracted, _has_cue
from memlab.lang import wordlists as wl

if TYPE_CHECKING:
    from memlab.knowledge.extract.nlp import Tok
    from memlab.knowledge.extract.parts import (
        ReaderParts as Reader,  # clauses.Reader (clauses imports this module)
    )

MODEL_PATH = Path(__file__).resolve().parents[2] / "data" / "fact_fallback.npz"
BITS = 20  # feature hash space (only the rows of features seen in training are stored)
NONE = "NONE"
_ENT_KINDS = {"PER": "person", "LOC": "place", "ORG": "organization", "MISC": "misc", "NORP": "norp"}
_VTYPE = {"person": "person", "place": "place", "organization": "organization", "tool": "tool"}
_NUM = re.compile(r"\d{1,3}$")
_FIRST = wl.all_words("first")


@dataclass(frozen=True)
class Candidate:
    """A value mention: its text (canonical for a gazetteer value, nominative for a Russian name),
    its kind ("tool:editor", "ent:LOC", "propn", "num"), its tokens and the token heading them."""

    value: str
    kind: str
    first: int
    last: int  # one past the last token
    head: int

    @property
    def vtype(self) -> str:
        if self.kind.startswith("tool:"):
            return "tool"
        return _VTYPE.get(_ENT_KINDS.get(self.kind.removeprefix("ent:"), ""), "concept")


def candidates(r: Reader) -> list[Candidate]:
    """The value mentions of one sentence (each span once: a gazetteer value before an entity,
    an entity before a bare proper noun)."""
    toks = r.toks
    out: list[Candidate] = []
    taken: set[int] = set()

    def head_of(first: int, last: int) -> int:
        inside = [t for t in toks[first:last] if not (first <= t.head < last) or t.head == t.i]
        return inside[0].i if inside else first

    for t in toks:
        if t.i in taken:
            continue
        found = r.tool_value(t)
        if found is None:
            continue
        cat, canon = found
        last = t.i + 1
        while last < len(toks) and last - t.i < 5 and r.tool(toks[last]) == r.tool(t) and toks[last].pos != "PUNCT":
            last += 1
        out.append(Candidate(canon, f"tool:{cat}", t.i, last, head_of(t.i, last)))
        taken.update(range(t.i, last))
    for first, last, label, normal in r.s.spans:
        if label not in _ENT_KINDS or any(i in taken for i in range(first, last)):
            continue
        words = [w for w in toks[first:last] if w.text not in ("'s", "’s")]
        if not words:
            continue
        value = normal if r.s.lang == "ru" and normal else " ".join(w.text for w in words)
        value = value.strip(" .,!?'\"«»")
        if len(value) < 2:
            continue
        out.append(Candidate(value, f"ent:{label}", first, last, head_of(first, last)))
        taken.update(range(first, last))
    for t in toks:
        if t.i in taken:
            continue
        if t.pos == "PROPN" and t.text[:1].isupper() and len(t.text) > 1 and t.lower not in _FIRST:
            last = t.i + 1
            while last < len(toks) and toks[last].pos == "PROPN" and toks[last].text[:1].isupper() and last not in taken:
                last += 1
            value = " ".join(w.text for w in toks[t.i : last]).strip(" .,!?'\"«»")
            out.append(Candidate(value, "propn", t.i, last, head_of(t.i, last)))
            taken.update(range(t.i, last))
        elif _NUM.match(t.text) and 1 <= int(t.text) <= 110:
            out.append(Candidate(t.text, "num", t.i, t.i + 1, t.i))
            taken.add(t.i)
    return out


def predicate(r: Reader, t: Tok) -> Tok:
    """The clause the mention belongs to: the nearest predicate at or above it."""
    for a in [t, *r.s.ancestors(t)]:
        if a.pos in ("VERB", "AUX") and a.dep not in ("aux", "aux:pass", "auxpass", "cop"):
            return a
        if r.s.children(a, "nsubj", "nsubj:pass", "cop") or a.head == a.i:
            return a
    return t


def features(r: Reader, c: Candidate) -> list[str]:
    toks = r.toks
    t = toks[c.head]
    k = c.kind
    head = toks[t.head] if t.head != t.i else t
    case = [x.lemma for x in r.s.children(t, "case", "prep")] or [
        toks[t.i - 1].lemma if t.i and toks[t.i - 1].pos == "ADP" else "-"
    ]
    v = predicate(r, t)
    subj = r.subject_of(v) if v.pos in ("VERB", "AUX") or r.s.children(v, "nsubj") else None
    who = "none" if subj is None else "me" if subj == SPEAKER else "my" if subj.startswith("speaker's") else "other"
    nsubj = [x.lemma for x in r.s.children(v, "nsubj", "nsubj:pass")]
    poss = [x.lemma for x in r.s.children(head, "nmod:poss", "poss", "det") if x.lower in _FIRST]
    out = [
        f"k={k}",
        f"kind={c.kind.split(':')[0]}",
        f"dep={t.dep}",
        f"k|dep={k}|{t.dep}",
        f"h={head.lemma}",
        f"k|h={k}|{head.lemma}",
        f"dep|h={t.dep}|{head.lemma}",
        f"k|dep|h={k}|{t.dep}|{head.lemma}",
        f"v={v.lemma}",
        f"k|v={k}|{v.lemma}",
        f"who={who}",
        f"k|who={k}|{who}",
        f"v|who={v.lemma}|{who}",
        f"vtag={v.tag or v.feats.get('Tense', '-')}",
        f"hposs={head.lemma}|{bool(poss)}",
    ]
    for p in case:
        out += [f"case={p}", f"k|case={k}|{p}", f"case|v={p}|{v.lemma}", f"k|case|h={k}|{p}|{head.lemma}"]
    for s in nsubj:
        out += [f"nsubj={s}", f"k|nsubj={k}|{s}"]
    for a in r.s.ancestors(t)[1:3]:
        out.append(f"anc={a.lemma}")
    for d in (-3, -2, -1):
        if c.first + d >= 0:
            w = toks[c.first + d].lemma
            out += [f"w{d}={w}", f"k|w{d}={k}|{w}"]
    for d in (0, 1):
        if c.last + d < len(toks):
            w = toks[c.last + d].lemma
            out += [f"w+{d + 1}={w}", f"k|w+{d + 1}={k}|{w}"]
    if len(toks) > 1 and c.first >= 2:
        out.append(f"bi-={toks[c.first - 2].lemma}_{toks[c.first - 1].lemma}")
    for x in toks:
        if x.pos not in ("PUNCT",) and not (c.first <= x.i < c.last):
            out.append(f"b={x.lemma}")
    if c.kind == "num":
        out.append(f"numrange={min(int(c.value) // 10, 9)}")
    return out


def hashed(feats: Iterable[str]) -> list[int]:
    return sorted({zlib.crc32(f.encode()) & ((1 << BITS) - 1) for f in feats})


def vetoed(r: Reader, c: Candidate) -> bool:
    """The rules' modality checks: nothing current is said about the mention's clause."""
    if any(i in r.quoted for i in range(c.first, c.last)):
        return True
    v = predicate(r, r.toks[c.head])
    if r._blocked(v):  # noqa: SLF001 - the rules' own veto, as the rules apply it
        return True
    subj = r.subject_of(v) if v.pos in ("VERB", "AUX") or r.s.children(v, "nsubj") else None
    if subj == SPEAKER or subj is not None and subj.startswith("speaker's"):
        return False
    # someone else's clause: "Pablo writes only Scala", "Maria's team runs on ClickHouse"
    return subj is not None or any(x.lower not in _FIRST for x in r.s.children(v, "nsubj", "nsubj:pass"))


_STOPS = lx.NEGATIONS | lx.MODALS | lx.FUTURE_AUX | lx.HYPOTHETICAL_MARKS


STRICT = True  # the sentence-wide stop words below (False: the rules' sentence checks only)


def sentence_vetoed(r: Reader) -> bool:
    """What ``Sentences.facts`` refuses before any clause (a question, past time, unreality) and,
    the fallback being less sure than a rule, any negation, modal, condition or time ahead in the
    sentence at all ("I quit Deloitte, not looking yet", "с понедельника выхожу в Тинькофф")."""
    if r.says_nothing_now():
        return True
    if not STRICT:
        return False
    return any(t.lower in _STOPS for t in r.toks) or _has_cue(r.low, lx.FUTURE_TIME) or _has_cue(r.low, _NO_LONGER_CUES)


class Model:
    """Per language: the classes, the stored weight rows (by feature hash), a bias, a threshold."""

    def __init__(self, langs: dict[str, dict[str, Any]]) -> None:
        self.langs = langs

    @classmethod
    def load(cls, path: str | Path = MODEL_PATH) -> Model:
        with np.load(path, allow_pickle=False) as z:
            langs: dict[str, dict[str, Any]] = {}
            for lang in ("en", "ru"):
                if f"{lang}_keys" not in z:
                    continue
                keys = z[f"{lang}_keys"]
                langs[lang] = {
                    "classes": [str(x) for x in z[f"{lang}_classes"]],
                    "rows": {int(h): i for i, h in enumerate(keys)},
                    "w": z[f"{lang}_w"].astype(np.float32),
                    "b": z[f"{lang}_b"].astype(np.float32),
                    "threshold": float(z[f"{lang}_threshold"]),
                    "allowed": {str(x) for x in z[f"{lang}_allowed"]},
                }
                if f"{lang}_fact_w" in z:
                    langs[lang]["fact_w"] = z[f"{lang}_fact_w"].astype(np.float32)
                    langs[lang]["fact_b"] = z[f"{lang}_fact_b"].astype(np.float32)
        return cls(langs)

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {}
        for lang, m in self.langs.items():
            keys = sorted(m["rows"], key=m["rows"].get)
            arrays[f"{lang}_keys"] = np.asarray(keys, dtype=np.int32)
            arrays[f"{lang}_classes"] = np.asarray(m["classes"])
            arrays[f"{lang}_w"] = np.asarray(m["w"], dtype=np.float16)
            arrays[f"{lang}_b"] = np.asarray(m["b"], dtype=np.float32)
            arrays[f"{lang}_threshold"] = np.asarray(m["threshold"], dtype=np.float32)
            arrays[f"{lang}_allowed"] = np.asarray(sorted(m["allowed"]))
            if "fact_w" in m:
                arrays[f"{lang}_fact_w"] = np.asarray(m["fact_w"], dtype=np.float16)
                arrays[f"{lang}_fact_b"] = np.asarray(m["fact_b"], dtype=np.float32)
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(path, **arrays)

    def probabilities(self, lang: str, examples: Sequence[list[int]]) -> tuple[list[str], np.ndarray]:
        """Per example, the probability of each class (with a binary fact head: P(fact) times
        P(attribute | fact))."""
        m = self.langs[lang]
        idx = [[m["rows"][h] for h in hs if h in m["rows"]] for hs in examples]
        p = _softmax(m["w"], m["b"], idx)
        if "fact_w" in m:
            fact = _softmax(m["fact_w"], m["fact_b"], idx)[:, 1:2]
            p = p * fact
            p[:, m["classes"].index(NONE)] = 1.0 - fact[:, 0]
        return m["classes"], p


def _softmax(w: np.ndarray, b: np.ndarray, idx: Sequence[list[int]]) -> np.ndarray:
    logits = np.tile(b, (len(idx), 1))
    for n, rows in enumerate(idx):
        if rows:
            logits[n] += w[rows].sum(axis=0)
    logits -= logits.max(axis=1, keepdims=True)
    p: np.ndarray = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return p


_MODEL: list[Model | None] = []
_LOCK = threading.Lock()


def model() -> Model | None:
    """The shipped model, loaded once (None when the file is missing)."""
    if not _MODEL:
        with _LOCK:
            if not _MODEL:
                _MODEL.append(Model.load() if MODEL_PATH.exists() else None)
    return _MODEL[0]


def proposals(readers: Sequence[Reader], found: Iterable[Extracted], m: Model) -> list[tuple[Extracted, float]]:
    """Every learned (fact, probability) for one message, best first, before the threshold: the
    speaker's, un-vetoed, of an attribute (and value) the rules did not give the speaker."""
    if not readers:
        return []
    lang = readers[0].s.lang
    if lang not in m.langs:
        return []
    have_attr = {f.attribute for f in found if f.subject == SPEAKER}
    have_value = {f.value.casefold() for f in found}
    items: list[tuple[Reader, Candidate]] = []
    for r in readers:
        if sentence_vetoed(r):
            continue
        items += [(r, c) for c in candidates(r) if c.value.casefold() not in have_value and not vetoed(r, c)]
    if not items:
        return []
    classes, p = m.probabilities(lang, [hashed(features(r, c)) for r, c in items])
    allowed = m.langs[lang]["allowed"]
    best: dict[str, tuple[Extracted, float]] = {}
    for (r, c), row in zip(items, p, strict=True):
        # only an attribute the training data gave a value of this kind (a place is no employer's)
        row = np.where([f"{c.kind}|{a}" in allowed for a in classes], row, -1.0)
        k = int(row.argmax())
        attribute, prob = classes[k], float(row[k])
        if attribute in have_attr:
            continue
        fact = Extracted(SPEAKER, attribute, c.value, c.vtype, r.s.text)
        if attribute not in best or prob > best[attribute][1]:
            best[attribute] = (fact, prob)
    return sorted(best.values(), key=lambda x: -x[1])


def fallback(readers: Sequence[Reader], found: Iterable[Extracted], m: Model | None = None) -> list[Extracted]:
    """The learned facts to add beside the rules' ``found`` (one per attribute, above threshold)."""
    m = m if m is not None else model()
    if m is None or not readers or readers[0].s.lang not in m.langs:
        return []
    threshold = m.langs[readers[0].s.lang]["threshold"]
    return [f for f, p in proposals(readers, found, m) if p >= threshold]
