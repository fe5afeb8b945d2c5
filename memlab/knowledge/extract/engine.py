"""Constructions as data: dependency patterns over the shared Doc, one pass, priorities declared.

Each file in ``patterns/`` holds entries of one family (see docs/architecture.md, "How the
offline extractor grows"). An entry names its ``id``, ``lang`` (en | ru | any), the ``attribute``
it gives, a declared ``priority``, a spaCy DependencyMatcher ``pattern`` whose nodes include
``value`` (and optionally ``verb`` and ``subject``), a ``value`` hint, and its own ``examples`` and
``non_examples``. A string ``"@NAME"`` in a pattern stands for the word list ``NAME`` of the
lexicon. ``pattern_facts`` applies every pattern to a sentence; what it proposes then passes the
general checks every reader's facts pass (modality, subject resolution, value normalisation).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import Extracted, _lex, number_at
from memlab.knowledge.extract.nlp import Sent, Tok, as_doc, is_city_name, ru_future, shared_vocab
from memlab.knowledge.extract.open_clauses import episodic
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

PATTERN_DIR = Path(__file__).with_name("patterns")
LANGS = ("en", "ru", "any")
VALUE_HINTS = ("text", "lemma", "lower", "capitalized", "phrase", "proper", "number")  # how the value node becomes the value
TENSES = ("present", "any")  # "present": an anchor verb in the past gives nothing ("I studied French")
_KEYS = {
    "id", "lang", "attribute", "priority", "pattern", "value", "value_type", "value_map", "value_names", "tense", "checks",
    "examples", "non_examples", "note", "slots", "without",
}  # fmt: skip


class PatternError(ValueError):
    """A pattern file or entry that does not validate (the message names the file and the id)."""


@dataclass(frozen=True)
class Pattern:
    id: str
    lang: str
    attribute: str
    priority: int
    pattern: list[dict[str, Any]]
    value: Mapping[str, str]  # the value hint by language
    value_type: str = "concept"
    value_map: Mapping[str, str] = field(default_factory=dict)  # a lemma of the value node -> the value
    value_names: Mapping[str, str] = field(default_factory=dict)  # a lemma -> the name it goes by, else the hint's value
    slots: Mapping[str, Mapping[str, str]] = field(default_factory=dict)  # "{pet}" in the attribute: node lemma -> word
    without: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (node, relations) that node must have no child by
    tense: str = "present"
    checks: tuple[str, ...] = ()
    examples: tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...] = ()
    non_examples: tuple[str, ...] = ()
    source: str = ""

    @property
    def anchor(self) -> str:
        """The node modality and the subject are read on: ``verb`` when named, else the first."""
        names = [n["RIGHT_ID"] for n in self.pattern]
        return "verb" if "verb" in names else names[0]


@dataclass(frozen=True)
class Match:
    pattern: Pattern
    nodes: Mapping[str, int]  # RIGHT_ID -> token index in the sentence


# -- loading ---------------------------------------------------------------------------------------
def load(folder: Path = PATTERN_DIR) -> tuple[Pattern, ...]:
    """Every pattern of every ``*.json`` file in ``folder``, validated (PatternError otherwise)."""
    out: list[Pattern] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as e:
            raise PatternError(f"{path.name}: not JSON ({e})") from e
        if not isinstance(data, dict) or not isinstance(data.get("about"), str) or not isinstance(data.get("patterns"), list):
            raise PatternError(f"{path.name}: expected {{'about': str, 'lists'?: {{...}}, 'patterns': [...]}}")
        lists = data.get("lists", {})
        if not isinstance(lists, dict) or not all(isinstance(v, list) for v in lists.values()):
            raise PatternError(f"{path.name}: 'lists' must map a name to a list of words")
        for entry in data["patterns"]:
            p = parse_entry(entry, path.name, lists)
            if p.id in seen:
                raise PatternError(f"{path.name}: id {p.id!r} already used in {seen[p.id]}")
            seen[p.id] = path.name
            out.append(p)
    return tuple(out)


def parse_entry(entry: Any, source: str, lists: Mapping[str, list[Any]] | None = None) -> Pattern:
    """One entry as a ``Pattern``; a PatternError naming ``source`` and the id says what is wrong."""
    pid = entry.get("id") if isinstance(entry, dict) else None

    def fail(why: str) -> PatternError:
        return PatternError(f"{source}: pattern {pid!r}: {why}")

    if not isinstance(entry, dict) or not isinstance(pid, str) or not pid:
        raise fail("every entry needs a string 'id'")
    if unknown := set(entry) - _KEYS:
        raise fail(f"unknown keys {sorted(unknown)}")
    if entry.get("lang") not in LANGS:
        raise fail(f"'lang' must be one of {LANGS}")
    if not isinstance(entry.get("attribute"), str) or not entry["attribute"]:
        raise fail("'attribute' must be a non-empty string")
    if not isinstance(entry.get("priority"), int):
        raise fail("'priority' must be a declared integer")
    nodes = entry.get("pattern")
    if not isinstance(nodes, list) or not nodes or not all(isinstance(n, dict) and "RIGHT_ID" in n for n in nodes):
        raise fail("'pattern' must be a non-empty list of DependencyMatcher nodes with RIGHT_ID")
    names = [n["RIGHT_ID"] for n in nodes]
    if "value" not in names and not entry.get("value_map"):
        raise fail("the pattern needs a node named 'value'")
    hint = entry.get("value", "text")
    value = {"en": hint, "ru": hint} if isinstance(hint, str) else hint
    if not isinstance(value, dict) or any(v not in VALUE_HINTS for v in value.values()):
        raise fail(f"'value' must be one of {VALUE_HINTS} or a map of language to one")
    if entry.get("tense", "present") not in TENSES:
        raise fail(f"'tense' must be one of {TENSES}")
    checks = tuple(entry.get("checks", ()))
    if unknown_checks := [c for c in checks if c not in CHECKS]:
        raise fail(f"unknown checks {unknown_checks} (known: {sorted(CHECKS)})")
    examples = entry.get("examples", [])
    if not examples or not all(isinstance(x, dict) and isinstance(x.get("text"), str) and x.get("facts") for x in examples):
        raise fail("'examples' must list at least one {'text', 'facts'}")
    non = entry.get("non_examples", [])
    if not isinstance(non, list) or not all(isinstance(x, str) for x in non):
        raise fail("'non_examples' must be a list of texts")
    try:
        resolved = [_resolve(n, lists or {}) for n in nodes]
        slots = {k: _table(v, lists or {}) for k, v in entry.get("slots", {}).items()}
        names_table = _table(entry["value_names"], lists or {}) if "value_names" in entry else {}
    except KeyError as e:
        raise fail(f"no word list {e.args[0]!r} in the file or the lexicon") from e
    if missing := [k for k in slots if k not in names]:
        raise fail(f"slots {missing} name no node of the pattern")
    without = entry.get("without", [])
    if not isinstance(without, list) or not all(isinstance(w, dict) and w.get("node") in names and isinstance(w.get("dep"), list) for w in without):
        raise fail("'without' must list {'node': <a node of the pattern>, 'dep': [relations]}")
    return Pattern(
        id=pid, lang=entry["lang"], attribute=entry["attribute"], priority=entry["priority"], pattern=resolved,
        value=value, value_type=entry.get("value_type", "concept"), value_map=dict(entry.get("value_map", {})),
        value_names=names_table,
        tense=entry.get("tense", "present"), checks=checks, slots=slots,
        without=tuple((w["node"], tuple(w["dep"])) for w in without),
        examples=tuple((x["text"], tuple(tuple(f) for f in x["facts"])) for x in examples),
        non_examples=tuple(non), source=source,
    )  # fmt: skip


def _words(name: str, lists: Mapping[str, Any]) -> Any:
    """The word list ``name``: the file's own ``lists``, else the lexicon's."""
    words = lists.get(name, getattr(lx, name, None))
    if not isinstance(words, (frozenset, set, dict, tuple, list)):
        raise KeyError(name)
    return words


def _resolve(obj: Any, lists: Mapping[str, Any]) -> Any:
    """``"@NAME"`` -> the sorted words of the list ``NAME`` (a set, or a mapping's keys)."""
    if isinstance(obj, str) and obj.startswith("@"):
        return sorted(str(w) for w in _words(obj[1:], lists))
    if isinstance(obj, dict):
        return {k: _resolve(v, lists) for k, v in obj.items()}
    if isinstance(obj, list):
        return [w for x in obj for w in (_resolve(x, lists) if isinstance(x, str) and x.startswith("@") else [_resolve(x, lists)])]
    return obj


def _table(obj: Any, lists: Mapping[str, Any]) -> dict[str, str]:
    """A slot's table: ``"@NAME"`` of a mapping, or a mapping written out."""
    table = _words(obj[1:], lists) if isinstance(obj, str) and obj.startswith("@") else obj
    if not isinstance(table, dict):
        raise KeyError(str(obj))
    return {str(k): str(v) for k, v in table.items()}


@cache
def patterns() -> tuple[Pattern, ...]:
    return load()


@cache
def _matcher(lang: str) -> tuple[Any, dict[str, Pattern]]:
    from spacy.matcher import DependencyMatcher

    _register_extensions()
    matcher = DependencyMatcher(shared_vocab())
    by_id = {}
    for p in patterns():
        if p.lang in (lang, "any"):
            matcher.add(p.id, [p.pattern])
            by_id[p.id] = p
    return matcher, by_id


def _register_extensions() -> None:
    """``token._.case``: the lemma of the token's case child ("to" of "to work", «на» of «на трамвае»)."""
    from spacy.tokens import Token

    if not Token.has_extension("case"):
        Token.set_extension("case", getter=lambda t: next((c.lemma_ for c in t.children if c.dep_ == "case"), ""))


# -- matching --------------------------------------------------------------------------------------
def matches(sent: Sent) -> list[Match]:
    """Every pattern of ``sent``'s language that matches it, as node name -> token index."""
    matcher, by_id = _matcher(sent.lang)
    doc = as_doc(sent)
    out = []
    for key, tokens in matcher(doc):
        p = by_id[doc.vocab.strings[key]]
        out.append(Match(p, {n["RIGHT_ID"]: k for n, k in zip(p.pattern, tokens, strict=True)}))
    return out


def pattern_facts(reader: ReaderParts) -> list[Extracted]:
    """The facts the patterns give ``reader``'s sentence, overlaps resolved by declared priority:
    for one value token, and for one (subject, attribute), only the highest-priority readings."""
    found = [(m.pattern, fact, m.nodes.get("value", -1)) for m in matches(reader.s) for fact in _read(reader, m)]
    best_at: dict[int, int] = {}
    for p, _, at in found:
        best_at[at] = max(best_at.get(at, p.priority), p.priority)
    found = [(p, f, at) for p, f, at in found if p.priority == best_at[at]]
    best_key: dict[tuple[str, str], int] = {}
    for p, f, _ in found:
        key = (f.subject, f.attribute)
        best_key[key] = max(best_key.get(key, p.priority), p.priority)
    out = [f for p, f, _ in found if p.priority == best_key[(f.subject, f.attribute)]]
    return list({(f.subject, f.attribute, f.value.casefold()): f for f in out}.values())


def explain(reader: ReaderParts) -> list[tuple[str, Extracted]]:
    """(pattern id, fact) for every match that passes its checks, before priorities (for tests)."""
    return [(m.pattern.id, f) for m in matches(reader.s) for f in _read(reader, m)]


def _read(reader: ReaderParts, m: Match) -> Iterator[Extracted]:
    p, toks = m.pattern, reader.toks
    anchor = toks[m.nodes[p.anchor]]
    if anchor.i in reader.quoted or reader._blocked(anchor):
        return
    if p.tense == "present" and _past(anchor) or _ahead(reader, anchor):
        return
    if any(not CHECKS[c](reader, m) for c in p.checks):
        return
    if any(reader.s.children(toks[m.nodes[node]], *deps) for node, deps in p.without):
        return  # "Sarah Jones hired me to paint her fence": a job done, not an employer
    subject = reader.subject_phrase(toks[m.nodes["subject"]]) if "subject" in m.nodes else reader.subject_of(anchor)
    value = _value(reader, p, toks[m.nodes["value"]]) if "value" in m.nodes else None
    fill = {k: table.get(toks[m.nodes[k]].lemma) for k, table in p.slots.items()}
    if subject is not None and value and all(fill.values()):
        yield reader.fact(subject, p.attribute.format(**fill), value, p.value_type)


def _below(reader: ReaderParts, t: Tok, depth: int = 0) -> list[Tok]:
    kids = reader.s.children(t) if depth < 12 else []  # a repaired parse may close a cycle
    return [d for c in kids if c.pos != "PUNCT" for d in (c, *_below(reader, c, depth + 1))]


def _ahead(reader: ReaderParts, v: Tok) -> bool:
    """A future form ("Назовём кота Мисо": natasha tags a perfective future as the present)."""
    return v.feats.get("Tense") == "Fut" or reader.s.lang == "ru" and ru_future(v.text)


def _past(v: Tok) -> bool:
    return v.tag in ("VBD", "VBN") or v.feats.get("Tense") == "Past"


def _value(reader: ReaderParts, p: Pattern, t: Tok) -> str | None:
    if p.value_map:
        return p.value_map.get(t.lemma)
    if t.lemma in p.value_names:  # "drum lessons" -> "drums"
        return p.value_names[t.lemma]
    hint = p.value.get(reader.s.lang, "text")
    if hint == "lemma":
        return t.lemma
    if hint == "lower":
        return t.lower
    if hint == "capitalized":
        return t.text[:1].upper() + t.text[1:].lower()
    if hint == "proper":  # the name alone: "Miso", not the "cat Miso" the parse made a compound of
        kids = [c.i for c in reader.s.children(t, "flat", "flat:name", "compound") if c.pos == "PROPN"]
        span = sorted([t.i, *kids])
        return reader.value_text(t) if reader.s.lang == "ru" else " ".join(x.text for x in reader.toks[span[0] : span[-1] + 1])
    if hint == "number":  # "52", "fifty-two", «семь» as digits (basics.number_at); no number, no value
        said = number_at(reader.toks, t.i)
        return said[0] if said else None
    if hint == "phrase":  # the words the value heads, as written: "three times a week", «три раза в неделю»
        span = sorted(x.i for x in [t, *_below(reader, t)])
        return " ".join(x.text for x in reader.toks[span[0] : span[-1] + 1])
    return reader.value_text(t)


# -- named checks a pattern may ask for (general code, declared by name in the data) ---------------
def _plain_before(reader: ReaderParts, m: Match) -> bool:
    """No word of plan or unreality before the anchor ("gonna start learning Japanese")."""
    v = reader.toks[m.nodes[m.pattern.anchor]]
    before = " " + " ".join(t.lower for t in reader.toks[: v.i]) + " "
    return not (any(reader._not_plain(t) for t in reader.toks[: v.i]) or " gon na " in before or " going to " in before)


def _kept(reader: ReaderParts, m: Match) -> bool:
    """The value is not what a verb of giving up takes ("йогу бросила")."""
    t = reader.toks[m.nodes["value"]]
    head = reader.toks[t.head]
    return head.i == t.i or _lex(head, lx.DROP_VERBS) not in lx.DROP_VERBS


def _opening(reader: ReaderParts, m: Match) -> bool:
    """The anchor opens the sentence ("Learning Portuguese.")."""
    return m.nodes[m.pattern.anchor] == 0


def _habitual(reader: ReaderParts, m: Match) -> bool:
    """No word of one occasion in the sentence ("I'm taking the bus to work today")."""
    return not episodic(reader)


def _not_denied(reader: ReaderParts, m: Match) -> bool:
    return not reader.denied(reader.toks[m.nodes[m.pattern.anchor]])


def _real_context(reader: ReaderParts, m: Match) -> bool:
    """The sentence before imagined nothing this one goes on with ("If I got the job ... They'd hire me")."""
    return not reader.said.get("unreal")


def _organisation(reader: ReaderParts, m: Match) -> bool:
    """The value names an organisation, not a town; the small NER calls unknown firms people
    ("Brightline Joinery"), so a one-word PER is a person."""
    t = reader.toks[m.nodes["value"]]
    if not reader._org(t) or t.ent in ("PER", "PERSON") and not reader.s.children(t, "compound"):
        return False
    return is_city_name(reader.value_text(t)) is not True


_OTHER_OWNERS = wl.all_words("other_possessives") | {"his", "her", "their", "your"}


def _no_other_owner(reader: ReaderParts, m: Match) -> bool:
    """The ``subject`` node has no possessive of someone else's («его дедушке»: whose is unsaid)."""
    node = m.nodes.get("subject")
    return node is None or not any(c.lower in _OTHER_OWNERS for c in reader.s.children(reader.toks[node]))


CHECKS = {
    "plain_before": _plain_before, "kept": _kept, "opening": _opening, "habitual": _habitual,
    "not_denied": _not_denied, "real_context": _real_context, "organisation": _organisation,
    "no_other_owner": _no_other_owner,
}  # fmt: skip
