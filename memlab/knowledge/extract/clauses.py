"""Facts from parsed sentences: who (subject), what (attribute), which value, and whether it holds now.

Each predicate of a sentence is read as a clause:

1. **Modality first** (a wrong fact is worse than none): a clause under a question, a condition
   ("if", "если", "бы"), a modal or future auxiliary, a wish, plan or report verb ("want to",
   "going to", "said"), quotation marks, a negation, or a past state ("I lived in Madrid",
   "used to") gives nothing. A past *change* still holds ("I moved to Lisbon", "перешёл на Go").
2. **The subject** from the parse: I / we / я (or a dropped pronoun: an opening verb, Russian
   first-person morphology) is the speaker; "my sister" is "speaker's sister"; "Anna's manager";
   a named person; anything else (he, it, the company) gives nothing.
3. **The attribute** from the verb's lemma and the value's type: a place after live/move/жить is a
   city, an organisation after work/join/работать an employer, a gazetteer value names its own
   category ("doing all my coding in Rust" -> programming_language), a noun after "my" names the
   attribute ("my favourite band is X" -> favorite_band), "I'm a data engineer" a job title.
4. **The value** as a span of the parse (compounds and flat names kept: "Fernwood Labs",
   "Нижний Новгород"), Russian names in the nominative, gazetteer values in canonical spelling.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from memlab.knowledge.extract import clefts
from memlab.knowledge.extract.adopting import Adopting
from memlab.knowledge.extract.asides import Asides
from memlab.knowledge.extract.basics import (
    _CALENDAR,
    _MENTION_TYPES,
    _NOT_NAMES,
    _TITLE_LINKS,
    _TOOL_INDEX,
    NOT_NAMES,
    SPEAKER,
    Extracted,
)
from memlab.knowledge.extract.career import Career
from memlab.knowledge.extract.copula import CopulaClauses
from memlab.knowledge.extract.forms import form_facts, signature_facts
from memlab.knowledge.extract.modality import Modality
from memlab.knowledge.extract.nlp import (
    Sent,
    Tok,
    is_common_word,
    normalize_en,
    parse,
    parse_many,
)
from memlab.knowledge.extract.orders import Orders
from memlab.knowledge.extract.passing import Passing
from memlab.knowledge.extract.profiles import Profiles
from memlab.knowledge.extract.repairs import repaired
from memlab.knowledge.extract.ru_jobs import RussianJobs
from memlab.knowledge.extract.russian import RussianClauses
from memlab.knowledge.extract.sentence import Sentences
from memlab.knowledge.extract.standing import Standing
from memlab.knowledge.extract.states import States
from memlab.knowledge.extract.subjects import Subjects
from memlab.knowledge.extract.values import Values
from memlab.knowledge.extract.verbs import VerbClauses
from memlab.knowledge.extract.whereabouts import Whereabouts

# the names the consolidator, updates and tests import from here (the rules live in the mixins)
__all__ = [
    "NOT_NAMES",
    "SPEAKER",
    "Analysis",
    "Extracted",
    "Reader",
    "analyze",
    "analyze_many",
    "ended",
    "extract",
    "quoted_ranges",
    "read",
]


def extract(text: str, lang: str | None = None) -> list[Extracted]:
    """Every fact ``text`` states as currently true (precision first: when unsure, nothing)."""
    return analyze(text, lang)[0]


def triples(text: str, lang: str | None = None) -> set[tuple[str, str, str]]:
    """``extract`` as (subject, attribute, value) triples: what a notebook or a test compares."""
    return {(f.subject, f.attribute, f.value) for f in extract(text, lang)}


Analysis = tuple[list[Extracted], list[tuple[str, str]]]


def analyze(text: str, lang: str | None = None) -> Analysis:
    """(facts, named entities): the facts ``text`` states as current, and the people, places and
    organisations NER finds in it (``(name, type)``; interjections and quoted speech left out)."""
    return read(text, parse(text, lang))


def analyze_many(texts: Sequence[str], lang: str, learned: bool | None = None) -> list[Analysis]:
    """``analyze`` for many texts of one language, parsed in one batch."""
    return [read(t, sents, learned) for t, sents in zip(texts, parse_many(list(texts), lang), strict=True)]


def ended(text: str, sents: list[Sent]) -> list[Extracted]:
    """The set-valued facts (sports, instruments) a message says are over ("I quit tennis")."""
    text = repaired(text)
    quoted = quoted_ranges(normalize_en(text) if sents and sents[0].lang == "en" else text)
    return [f for sent in sents for f in Reader(sent, quoted).ended()]


# the trained fallback beside the rules (memlab.knowledge.extract.learned); ``read(..., learned=)``
# and ``consolidation.learned_fallback`` override it
LEARNED_DEFAULT = False


def read(text: str, sents: list[Sent], learned: bool | None = None) -> Analysis:
    """The facts and mentions of one parsed message; with ``learned`` (default
    ``LEARNED_DEFAULT``) the trained fallback adds what the rules missed."""
    (facts, mentions), readers = read_with_readers(text, sents)
    if learned if learned is not None else LEARNED_DEFAULT:
        from memlab.knowledge.extract.learned import fallback

        facts = facts + fallback(readers, facts)
    return facts, mentions


def read_with_readers(text: str, sents: list[Sent]) -> tuple[Analysis, list[Reader]]:
    """The rules' analysis and the sentence readers that made it (the fallback reads them too)."""
    text = repaired(text)  # as parse_many saw it
    readers: list[Reader] = []
    out: dict[tuple[str, str, str], Extracted] = {}
    mentions: dict[str, tuple[str, str]] = {}
    quoted = quoted_ranges(normalize_en(text) if sents and sents[0].lang == "en" else text)
    said: dict[str, Any] = {}  # what earlier sentences of the message introduced ("We adopted a cat!")
    for k, sent in enumerate(sents):
        said["sentence"] = k
        pet = said.get("pet")  # a pet named in no sentence yet: only the next sentence may name it
        reader = Reader(sent, quoted, said)
        readers.append(reader)
        for fact in reader.facts():
            out.setdefault((fact.subject, fact.attribute, fact.value.casefold()), fact)
        for fact in _uncleft(sent):
            out.setdefault((fact.subject, fact.attribute, fact.value.casefold()), fact)
        topic = reader.topic()  # before this sentence's people are remembered: its "she" is someone before
        reader.remember_people()
        said["topic"] = topic
        said["unreal"] = reader.unreal()
        if pet is not None and said.get("pet") is pet:
            del said["pet"]  # "Ravi has three cats. I have one. Her name's Biscuit": not Ravi's
        said["where_asked"] = k == 0 and reader.asks_where()  # «Где живу? Нижний, Автозавод.»
        said["moved"] = reader.moved_nowhere()  # "Moved into the new flat. It's in Stockport."
        nick = said.pop("nickname", None)
        if nick is not None:  # "I'm Katherine, but call me Kate": the name in use
            out = {k: f for k, f in out.items() if k[:2] != (SPEAKER, "name") or f.value == nick}
        for first, last, label, normal in sent.spans:
            found = _mention(reader, first, last, label, normal)
            if found is not None:
                mentions.setdefault(found[0].casefold(), found)
    held = {k[:2] for k in out}
    for fact in [*form_facts(text, sents[0].lang), *signature_facts(text)] if sents else []:  # "Name: Priya Role: ..."
        if (fact.subject, fact.attribute) not in held or fact.attribute == "programming_language":
            out.setdefault((fact.subject, fact.attribute, fact.value.casefold()), fact)
    return (_longest_titles(list(out.values())), list(mentions.values())), readers


def _longest_titles(facts: list[Extracted]) -> list[Extracted]:
    """One job title per subject where one reading is the start of another ("учительница" and
    "учительница химии"): the fuller one."""
    titles = [f for f in facts if f.attribute == "job_title"]
    return [
        f for f in facts
        if f.attribute != "job_title" or not any(
            g.subject == f.subject and g.value != f.value and g.value.casefold().startswith(f.value.casefold() + " ")
            for g in titles
        )
    ]  # fmt: skip


def _uncleft(sent: Sent) -> list[Extracted]:
    """The facts of a pseudo-cleft said the plain way round ("Tagalog is what I grew up speaking":
    "I grew up speaking Tagalog"), read from its own parse; its sentence has no negation, modal,
    condition, question or quote (``clefts.plain`` leaves those alone)."""
    if sent.lang != "en":
        return []
    rewritten = clefts.plain(sent.text)
    if rewritten is None:
        return []
    return [f for s in parse(rewritten, "en") for f in Reader(s, None).facts()]


def _mention(reader: Reader, first: int, last: int, label: str, normal: str) -> tuple[str, str] | None:
    """A named entity worth keeping: interjections before a name are dropped ("Woah Joanna" ->
    Joanna), and a lone capitalised word opening a sentence ("Dance", "Bummer") is not taken for a
    name: chat capitalises whatever comes first, and the small NER model believes it."""
    etype = _MENTION_TYPES.get(label)
    words = reader.s.toks[first:last]
    while words and (words[0].lower in _NOT_NAMES or words[0].lemma in _CALENDAR):
        words = words[1:]
    if etype is None or not words or len(words) > 4 or any(t.i in reader.quoted for t in words):
        return None
    if reader.s.lang == "en" and _not_a_name_en(words, etype):
        return None
    if len(words) == 1 and reader.s.lang == "en":
        t = words[0]
        opener = all(x.pos in ("PUNCT", "INTJ") for x in reader.s.toks[: t.i])
        if opener or t.pos not in ("PROPN",) or t.lemma in _CALENDAR or t.lower in _NOT_NAMES:
            return None
    if len(words) == 1 and reader.s.lang == "ru" and all(x.pos == "PUNCT" for x in reader.s.toks[: words[0].i]):
        if is_common_word(words[0].text):  # "Пробки сегодня были кошмар": natasha's NER sees a place
            return None
    if reader.s.lang == "ru" and len(words) == last - first:
        name = normal
    else:
        name = " ".join(t.text for t in words if t.text not in ("'s", "’s"))
    name = name.strip(" .,!?'\"«»")
    if not name[:1].isupper() or name.casefold() in _NOT_NAMES or len(name) < 2 or name.isupper():
        return None
    tool = _TOOL_INDEX.get(name.casefold())
    return (tool[1], "tool") if tool else (name, etype)  # NER calls Emacs a person


def _not_a_name_en(words: Sequence[Tok], etype: str) -> bool:
    """English spans the small NER model takes for names that are not: an activity ("Learning
    German"), a plural of a kind taken for a person ("German Shepherds", "Chihuahua mixes"), two
    names joined by "and" ("Overwatch and Apex Legends")."""
    if words[0].tag == "VBG" or words[0].pos == "VERB":
        return True
    if etype == "person" and (words[-1].tag in ("NNS", "NNPS") or words[-1].feats.get("Number") == "Plur"):
        return True
    return len(words) >= 3 and any(t.lower in ("and", "or", "&") for t in words[1:-1])


def quoted_ranges(text: str) -> list[tuple[int, int]]:
    """Character ranges of quoted speech in a message (a quote may span sentences); a quoted
    single name («Тинькофф», "Fernwood") is a name, not speech."""
    out: list[tuple[int, int]] = []
    # single quotes may hold an apostrophe between letters: texted 'I'm in Paris!!'
    for m in re.finditer(r'"([^"]+)"|“([^”]+)”|«([^»]+)»|„([^“]+)“|(?<!\w)\'((?:[^\']|(?<=\w)\'(?=\w))+)\'(?!\w)', text):
        inner = next(g for g in m.groups() if g is not None)
        words = inner.split()
        if len(words) >= 3 and _is_title(words):
            continue  # «Мастер и Маргарита», "The Name of the Wind": a title, not speech
        if len(words) >= 3 or (len(words) == 2 and words[0].casefold() in ("i", "я", "we", "мы", "i'm")):
            out.append((m.start(), m.end()))
    return out


def _is_title(words: list[str]) -> bool:
    """Capitalised words joined by short links, at most six, not opening in the first person."""
    return (
        len(words) <= 6
        and words[0][:1].isupper()
        and words[0].casefold() not in ("i", "я", "we", "мы", "i'm")
        and all(w[:1].isupper() or w[:1].isdigit() or w.casefold() in _TITLE_LINKS for w in words)
    )


class Reader(
    Sentences, States, Modality, Subjects, Values, VerbClauses, CopulaClauses, RussianClauses, Career, Orders, Passing, Adopting, Standing, RussianJobs,
    Profiles, Whereabouts, Asides,
):
    """Reads the clauses of one sentence."""

    def __init__(
        self, sent: Sent, quoted: list[tuple[int, int]] | None = None, said: dict[str, Any] | None = None
    ) -> None:
        self.said = said if said is not None else {}
        self.s = sent
        self.toks = sent.toks
        self.low = " " + " ".join(t.lower for t in sent.toks) + " "
        ranges = quoted if quoted is not None else quoted_ranges(sent.text)
        base = sent.offset if quoted is not None else 0
        self.quoted = {t.i for t in sent.toks if any(a <= base + t.start < b for a, b in ranges)}
