"""Names said with their job in apposition: "my tech lead Farah", "Orla, my ward manager, asked
...", "my boss Fiona (head of brand)", «Наш тимлид Эмиль пишет на Rust», «Лариса, наш бухгалтер,
уходит в декрет».

The apposition says what the named person does now, whatever the clause around it says: the job
is the title noun phrase as ``job_title`` reads it (its modifiers, "head of ..."), the subject is
the name. Only an apposition the parse gives (the name and the title in one case in Russian), and:
- the title is owned ("my", «наш») or in brackets: "Benedikt, data engineer, Stuttgart" and
  «Тамара, 52 года, бухгалтер» introduce the speaker, a signature or a form row is no one's aside;
- the title names no relation to the speaker ("my manager Deepa", «наш тимлид Саша»: a relation,
  which the relation readers give), and no past one ("my old boss Fiona", «бывший начальник»);
- the name is a person's and not the speaker's own ("I'm Farah, a midwife").
"""

from __future__ import annotations

from collections.abc import Iterator

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract.basics import _PAST_ADJ, SPEAKER, Extracted, _job_word, _lex
from memlab.knowledge.extract.nlp import Tok
from memlab.knowledge.extract.parts import ReaderParts
from memlab.lang import wordlists as wl

_POSSESSIVES = wl.words("ru", "own_possessives") | wl.words("ru", "other_possessives")


def titled_names(reader: ReaderParts, found: list[Extracted]) -> Iterator[Extracted]:
    """``(name, job_title, title)`` for each name with a job title in apposition."""
    own = {f.value.casefold() for f in found if f.subject == SPEAKER and f.attribute == "name"}
    for title, name in _apposed(reader):
        value = reader.job_title(title)
        who = reader.value_text(name)
        if value and who and who.casefold() not in own:
            yield reader.fact(who, "job_title", value, "concept")


def _apposed(reader: ReaderParts) -> Iterator[tuple[Tok, Tok]]:
    s = reader.s
    for t in s.toks:
        if t.dep != "appos" or t.head == t.i or t.i in reader.quoted:
            continue
        head = s.toks[t.head]
        for title, name in ((head, t), (t, head)):
            if not _named(reader, name) or title.pos not in ("NOUN", "PROPN") or not _job_word(title):
                continue
            if _lex(title, lx.RELATIONS) in lx.RELATIONS or name.lemma in lx.RELATIONS:
                continue  # "my manager Deepa", "my brother Kofi": a relation; «Мама у меня повар»: no name
            if not (_owned(reader, title) or _bracketed(reader, t)):
                continue
            if any(c.lemma in _PAST_ADJ or c.lower in _PAST_ADJ for c in s.children(title)):
                continue  # "my old manager Fiona": what she was
            if (
                s.lang == "ru"
                and not _bracketed(reader, t)
                and title.feats.get("Case", "Nom") != name.feats.get("Case", "Nom")
            ):
                continue  # «муж начальницы Инги»: cases that do not agree are no apposition
            yield title, name


def _named(reader: ReaderParts, t: Tok) -> bool:
    """A person's name: a capitalised proper noun the reader takes for a person."""
    return t.pos == "PROPN" and t.text[:1].isupper() and not t.text.isupper() and reader._is_person(t)


def _owned(reader: ReaderParts, title: Tok) -> bool:
    """The title has a possessive: "my ward manager", "our CTO", «наш бухгалтер», «моя коллега»."""
    return any(
        c.dep in ("nmod:poss", "poss") or c.dep == "det" and c.lemma in _POSSESSIVES
        for c in reader.s.children(title)
    )


def _bracketed(reader: ReaderParts, t: Tok) -> bool:
    toks = reader.toks
    return bool(t.i) and toks[t.i - 1].text == "(" or t.i + 1 < len(toks) and toks[t.i + 1].text == ")"
