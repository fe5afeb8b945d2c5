"""Attribute typing of a read clause: which known key a (predicate, preposition, argument) says.

The generic clause reader (``open_clauses.readings``) turns every predicate of a sentence, in
whatever clause the message embeds it, into subject, predicate and arguments (each with the
preposition or case that brings it). A row of ``memlab/lang/data/attribute_typing.json`` types a
reading by its signature: the predicate's lemma, the argument's preposition, the argument's
class (a town, a name, a vehicle, an instrument, a gazetteer category ...). One row therefore
covers every construction that says the attribute ("I'm allergic to sesame, which ...",
"Magda, who is allergic to shellfish, ...", «из-за аллергии на арахис»); a reading no row types
keeps its open key (``open_clauses``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.nlp import Tok, is_city_name
from memlab.knowledge.extract.parts import ReaderParts

CLASSES = ("thing", "name", "place", "org", "vehicle", "workplace", "instrument", "sport", "language", "car")  # and tool:<category>
TENSES = ("present", "state")


@dataclass(frozen=True)
class Row:
    key: str
    lang: str
    preds: frozenset[str]
    cases: frozenset[str]
    objects: frozenset[str]
    not_objects: frozenset[str] = frozenset()
    with_list: str = ""  # a list of the file whose word the predicate's clause must hold ("to work")
    tense: str = "present"
    examples: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (sentence, the fact it gives)
    non_examples: tuple[str, ...] = ()


@cache
def table() -> tuple[tuple[Row, ...], dict[str, dict[str, frozenset[str]]]]:
    """The rows and the word lists of the typing table, validated."""
    raw = resources.files("memlab.lang").joinpath("data/attribute_typing.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(raw)
    lists = {name: {lang: frozenset(ws) for lang, ws in by_lang.items()} for name, by_lang in data["lists"].items()}
    return tuple(_row(r, lists) for r in data["rows"]), lists


def _row(r: dict[str, Any], lists: dict[str, Any]) -> Row:
    objects = frozenset(r["object"])
    unknown = [o for o in objects | frozenset(r.get("not_object", ())) if o not in CLASSES and not o.startswith("tool:")]
    if unknown or r.get("tense", "present") not in TENSES or r.get("with", "") not in ("", *lists):
        raise ValueError(f"attribute_typing.json: bad row {r!r}")
    preds = frozenset(w for x in r["pred"] for w in (getattr(lx, x[1:]) if x.startswith("@") else (x,)))
    return Row(
        key=r["key"], lang=r["lang"], preds=preds, cases=frozenset(r["case"]), objects=objects,
        not_objects=frozenset(r.get("not_object", ())), with_list=r.get("with", ""), tense=r.get("tense", "present"),
        examples=tuple((x["text"], tuple(x["fact"])) for x in r.get("examples", ())),
        non_examples=tuple(r.get("non_examples", ())),
    )  # fmt: skip


@cache
def exemplars() -> dict[tuple[str, str, str, str], Row]:
    """The learned signatures of ``typing_exemplars.json`` (benchmarks/build_typing_exemplars.py):
    (language, predicate lemma, preposition, argument class) -> a row of that one signature."""
    path = resources.files("memlab.lang").joinpath("data/typing_exemplars.json")
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {
        (r["lang"], r["pred"], r["case"], r["object"]): Row(
            key=r["key"], lang=r["lang"], preds=frozenset({r["pred"]}), cases=frozenset({r["case"]}), objects=frozenset({r["object"]})
        )
        for r in data["rows"]
    }


def in_list(name: str, lang: str, t: Tok) -> bool:
    words = table()[1][name].get(lang, frozenset())
    return t.lemma in words or t.lower in words


def classes(reader: ReaderParts, t: Tok) -> set[str]:
    """The classes of an argument token (a noun or a name)."""
    lang = reader.s.lang
    out = {"thing"} if t.pos in ("NOUN", "PROPN") else set()
    if t.pos == "PROPN" or t.text[:1].isupper() and t.pos == "NOUN" and (t.i > 0 or t.ent in ("LOC", "GPE", "ORG")):
        out.add("name")
        if reader._place(t) and (is_city_name(reader.value_text(t)) is not False or t.ent in ("LOC", "GPE")):
            out.add("place")
        if reader._org(t):
            out.add("org")
    for name in ("vehicle", "workplace"):
        if in_list(name.upper(), lang, t):
            out.add(name)
    if t.lemma in lx.INSTRUMENTS:
        out.add("instrument")
    if t.lemma in lx.SPORTS:
        out.add("sport")
    if t.lemma in lx.LANGUAGES or t.lower in lx.LANGUAGES:
        out.add("language")
    if reader._car(t) is not None:
        out.add("car")
    tool = reader.tool(t)
    if tool is not None:
        out.add(f"tool:{tool[0]}")
    return out


def types(reader: ReaderParts, pred: Tok, case: str, arg: Tok, clause: list[Tok]) -> Iterator[tuple[Row, str]]:
    """(row, the class it matched) for every row that types ``pred`` + ``case`` + ``arg``;
    ``clause`` is the predicate's clause (for a row's ``with``)."""
    lang = reader.s.lang
    got = classes(reader, arg)
    typed = False
    for row in table()[0]:
        if row.lang not in (lang, "any") or pred.lemma not in row.preds or case not in row.cases:
            continue
        hit = row.objects & got
        if not hit or row.not_objects & got:
            continue
        if row.with_list and not any(in_list(row.with_list, lang, t) for t in clause if t.i != arg.i):
            continue
        typed = True
        yield row, sorted(hit, key=lambda c: (c == "thing", c == "name", c))[0]
    if typed:
        return
    learned = exemplars()
    for cls in sorted(got - {"thing", "name"}):
        row_ = learned.get((lang, pred.lemma, case, cls))
        if row_ is not None:
            yield row_, cls
            return


def value(reader: ReaderParts, arg: Tok, cls: str) -> str:
    """The value an argument gives, by the class it matched."""
    if cls in ("vehicle", "sport"):
        return arg.lemma
    if cls == "instrument":
        return lx.instrument_name(arg.lemma)
    if cls.startswith("tool:"):
        tool = reader.tool(arg)
        return tool[1] if tool else arg.text
    if cls == "language":
        return arg.lemma if reader.s.lang == "ru" else arg.text[:1].upper() + arg.text[1:].lower()
    if cls == "car":
        return reader._car(arg) or arg.text
    if cls == "place":
        return reader.city(arg)
    if arg.pos == "PROPN" or cls in ("name", "org"):
        said = reader.value_text(arg)
        if reader.s.lang == "ru" and arg.feats.get("Case") == "Acc" and " " not in said and not arg.text.endswith(("у", "ю")):
            return arg.text.strip("«»\"")  # "за Рубин": an inanimate accusative is the name as written, not a "Рубина"
        return said
    return arg.lemma if reader.s.lang == "ru" else arg.text.lower()
