"""Grounding: a fact an LLM proposes is written only when what was said supports it.

Three checks, all against the fact's own source episodes (issue 38; DESIGN 5b):

- the value, or a known form of it (the same words up to inflection: Snowball stems, so
  "Москве" grounds "Москва"), occurs in a message of the speaker; a fact without a value needs
  most of its content words there;
- the subject of its key resolves: the speaker ("user"), or someone the messages name; a fact of
  the speaker's own needs a first-person sentence whose subject is the speaker ("my sister lives
  in Paris" is not the speaker's city), and its attribute must name something (no dates, no
  pieces of the message, no place as an employer by the parse's entity tags);
- the sentence that holds the value is a statement by the offline modality reader: not a
  question, a past state, something imagined, a negation, a plan or a modal ("should I",
  "I'm going to", "I'd love to"). With spaCy and natasha installed the sentence reader of
  ``memlab.knowledge.extract`` decides (read only; its public methods); without them the phrase
  rules' statement test and the lexicon's modal and plan words do.

A proposal that fails is not written; it becomes a ``Rejection`` that the consolidation report
keeps and counts. Precision first: a wrong fact is worse than none.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from memlab.knowledge.extract import lexicon as lx
from memlab.knowledge.extract import nlp_available
from memlab.knowledge.extract.clauses import Reader
from memlab.knowledge.extract.nlp import parse
from memlab.knowledge.phrasing import is_plain_statement, sentences, tool_category
from memlab.types import EpisodeRef, FactProposal

SELF_SUBJECTS = frozenset("user speaker i me self я".split())
# words of a keyless fact that say nothing about what was said ("User likes ...": "user")
_FILLER = frozenset(
    "user user's users the a an and or of to in on at for with is are was be has have had their his her its "
    "that this now currently also very пользователь пользователя пользователю и в на с по что это".split()
)
_WORD = re.compile(r"\w+", re.U)
_CYRILLIC = re.compile(r"[а-яё]", re.I)
_PLAN_FORMS = frozenset("planning wants wanted hoping thinking considering ll".split())  # inflected NONFACT_HEADS
_ATTRIBUTE = re.compile(r"[^\W\d][^\W\d]*(?:[ _:-][^\W\d]+)*")  # words, no digits, no second "|"
_PLACEHOLDERS = frozenset("attribute attr key value fact thing something user x".split()) | {str(i) for i in range(10)}
# "I'm" is the words "i" and "m"
_FIRST_PERSON = frozenset("i me my mine myself we us our я меня мне мой моя моё мое мои мы нас наш".split())
KEYLESS_SHARE = 0.75
MAX_ATTRIBUTE_WORDS = 3  # of a keyless fact's content words must be in its sources


@dataclass(frozen=True)
class Rejection:
    """An LLM proposal that was not written, and why."""

    content: str
    key: str | None
    value: str | None
    source_ids: tuple[int, ...]
    reason: str

    def note(self) -> str:
        what = f"{self.key}={self.value!r}" if self.key else repr(self.content[:80])
        return f"ungrounded {what} from {list(self.source_ids)}: {self.reason}"


# -- words and their forms --------------------------------------------------------------------


@functools.lru_cache(maxsize=2)
def _stemmer(lang: str) -> Callable[[str], str]:
    import snowballstemmer

    stem = snowballstemmer.stemmer("russian" if lang == "ru" else "english")
    return lambda w: str(stem.stemWord(w))


def words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text.replace("’", "'"))]


def stem(word: str) -> str:
    return _stemmer("ru" if _CYRILLIC.search(word) else "en")(word.casefold())


def _spans(value_words: Sequence[str], text_words: Sequence[str]) -> list[int]:
    """Start indexes in ``text_words`` where ``value_words`` occur, word for word or stem for stem."""
    n = len(value_words)
    want = [stem(w) for w in value_words]
    found = []
    for i in range(len(text_words) - n + 1):
        window = text_words[i : i + n]
        if list(window) == list(value_words) or [stem(w) for w in window] == want:
            found.append(i)
    return found


def mentions(text: str, phrase: str) -> bool:
    """Whether ``phrase`` occurs in ``text`` as whole words, allowing inflection."""
    pw = words(phrase)
    return bool(pw) and bool(_spans(pw, words(text)))


# -- the modality reader ----------------------------------------------------------------------

# a statement check: (sentence, value, attribute or None when the subject is someone named) ->
# None if the sentence states the value as the speaker's, current; else why not
StatementCheck = Callable[[str, str, str | None], str | None]
# named-entity labels a value of these attributes cannot have ("employer" = "Austin" is a place);
# ORG for a town is left alone: the small English pipeline tags "Vilnius" ORG
_NOT_KINDS: dict[str, set[str]] = {
    "city": {"PER"}, "hometown": {"PER"}, "country": {"PER"}, "employer": {"LOC", "PER"},
    "university": {"LOC", "PER"}, "school": {"LOC", "PER"}, "partner": {"LOC", "ORG"},
    "spouse": {"LOC", "ORG"}, "manager": {"LOC", "ORG"}, "name": {"LOC", "ORG"},
}  # fmt: skip
_CLAUSE_DEPS = frozenset("xcomp ccomp advcl csubj parataxis".split())
_OTHERS = frozenset("he she they his her their him them он она они его её ее их".split())


def offline_statement_check() -> StatementCheck:
    """The extractor's sentence reader when spaCy/natasha are installed, else the phrase rules'."""

    return _nlp_check if nlp_available() else _rules_check


def _someone_else(before: Sequence[str], attribute: str | None) -> bool:
    """The words before the value name another person as the clause's subject ("my sister ...")."""
    if attribute is None:
        return False
    if set(before) & _OTHERS:
        return True
    owned = [before[i + 1] for i, w in enumerate(before[:-1]) if w in ("my", "мой", "моя", "мои")]
    return any(stem(w) not in {stem(a) for a in words(attribute)} for w in owned)


def _rules_check(sentence: str, value: str, attribute: str | None = None) -> str | None:

    if not is_plain_statement(sentence):
        return "a question or hypothetical"
    ws = words(sentence)
    at = _spans(words(value), ws)
    if _someone_else(ws[: at[0]] if at else ws, attribute):
        return "about someone else"
    before = set(ws[: at[0]]) if at else set(ws)  # "don't" is the words "don" and "t"
    if before & lx.NEGATIONS or {"don", "t"} <= before or {"doesn", "t"} <= before:
        return "negated"
    if before & (lx.MODALS | lx.FUTURE_AUX | lx.HYPOTHETICAL_MARKS | lx.NONFACT_HEADS | _PLAN_FORMS):
        return "a plan, wish or modal"
    return None


def _subject_of(sent: Any, chain: Sequence[Any]) -> Any:
    """The nominal subject of the nearest verb above the value (None: no subject in the parse)."""
    for a in chain:
        found = sent.children(a, "nsubj", "nsubj:pass", "nsubjpass")
        if found:
            return found[0]
    return None


def _self_subject(sent: Any, subj: Any, attribute: str) -> bool:
    """"I ...", or "my manager is Dana" for the attribute manager."""

    if subj.lower in lx.FIRST_PERSON:
        return True
    mine = any(c.lower in lx.FIRST_PERSON for c in sent.children(subj))
    return mine and stem(subj.lower) in {stem(w) for w in words(attribute)}


def _under_nonfact_head(path: Sequence[Any]) -> bool:
    """The value sits in a clause a wish, plan or report verb governs ("going to move to Oslo",
    "want to learn Go"), not beside it ("writing in Rust")."""

    for below, head in itertools.pairwise(path):
        if below.dep in _CLAUSE_DEPS and (head.lemma in lx.NONFACT_HEADS or head.lower in lx.NONFACT_HEADS | _PLAN_FORMS):
            return True
    return False


def _nlp_check(sentence: str, value: str, attribute: str | None = None) -> str | None:

    vw = words(value)
    for sent in parse(sentence):
        toks = [t for t in sent.toks if t.pos != "PUNCT"]
        starts = _spans(vw, [t.text.casefold() for t in toks])
        if not starts:
            continue
        reader = Reader(sent)
        if reader.says_nothing_now() or reader.unreal():
            return "a question, past or imagined"
        held = toks[starts[0] : starts[0] + len(vw)]
        if any(reader.denied(t) for t in held):
            return "negated"
        chain = [a for t in held[:1] for a in sent.ancestors(t)]
        subj = _subject_of(sent, [*held[:1], *chain])
        if attribute is not None and subj is not None and not _self_subject(sent, subj, attribute):
            return f"about someone else ({subj.text!r})"
        if _under_nonfact_head([*held[:1], *chain]):
            return "a plan, wish or report"
        kind = next((t.ent for t in held if t.ent), "")
        if attribute is not None and kind in _NOT_KINDS.get(attribute, ()):
            return f"the reader tags {value!r} {kind}, which no {attribute.replace('_', ' ')} is"
        kids = [c for a in [*held[:1], *chain] for c in sent.children(a)]
        if any(c.lower in lx.MODALS | lx.FUTURE_AUX or c.lower in lx.HYPOTHETICAL_MARKS for c in kids):
            return "modal, future or conditional"
        if any(p in " " + sentence.casefold() + " " for p in lx.FUTURE_TIME if p != "this year"):
            return "a plan (a time ahead)"
        return None
    return _rules_check(sentence, value, attribute)  # the parse split the value: the plain reading decides


# -- keys and values ----------------------------------------------------------------------------

_ATTRIBUTE_OF = {"language": "programming_language"}  # the offline extractor's name for it


_OWNERS = ("my ", "user's ", "users ", "the ", "his ", "her ", "their ")


def attribute_name(attribute: str) -> str:
    """"My partner" -> "partner", "job title" -> "job_title": the attribute as a key names it."""
    name = " ".join(attribute.casefold().split())
    for owner in _OWNERS:
        name = name.removeprefix(owner)
    return name.replace(" ", "_")


def canonical_key(key: str | None, value: str | None) -> str | None:
    """A lexicon match gives the known attribute (DESIGN 5b), whatever the model called it:
    ``user|1`` = "Python" is ``user|programming_language``, so an update of it supersedes; an
    attribute otherwise loses its possessive ("user|my partner" is ``user|partner``)."""

    subject, _, attribute = (key or "").partition("|")
    category = tool_category(value) if value else None
    if category is None:
        return f"{subject.strip()}|{attribute_name(attribute)}" if key and attribute else key
    return f"{subject.strip() or 'user'}|{_ATTRIBUTE_OF.get(category, category)}"


_NAME_WORD = r"[A-ZА-ЯЁ][\w+#&-]*(?:\.[\w+#&-]+)*"  # "Node.js", not "Paris." at a full stop
_CAPITALISED = re.compile(rf"(?<![\w']){_NAME_WORD}(?:[ \t]+{_NAME_WORD})*")
MAX_CANDIDATES = 24


def said_values(episodes: Iterable[EpisodeRef]) -> list[str]:
    """Phrases of the speaker's messages a fact's value may be (names, the lexicon's tools, numbers):
    what a small model's grammar lets it choose from, so it cannot invent a value."""

    found: dict[str, None] = {}
    for e in episodes:
        if e.role == "assistant":
            continue
        for m in _CAPITALISED.finditer(e.content):
            phrase = m.group(0).rstrip(".")
            if phrase.casefold() not in lx.FIRST_PERSON and phrase not in ("I", "I'm"):
                found.setdefault(phrase)
        for w in _WORD.findall(e.content):
            if tool_category(w) is not None or w.isdigit():
                found.setdefault(w)
    return list(found)[:MAX_CANDIDATES]


# -- the checks -------------------------------------------------------------------------------


def _sentences(text: str) -> list[str]:

    return sentences(text) or [text]


def _subject_ok(key: str | None, sources: Sequence[EpisodeRef]) -> bool:
    subject = (key or "user|").split("|", 1)[0].strip().casefold()
    subject = subject.split(":", 1)[-1].strip()  # "person:dana" -> "dana"
    if not subject or subject in SELF_SUBJECTS:
        return True
    speakers = {(e.speaker or "").casefold() for e in sources}
    return subject in speakers or any(mentions(e.content, subject) for e in sources)


def _content_words(fact: FactProposal) -> list[str]:
    return [w for w in words(fact.content) if w not in _FILLER and len(w) > 2]


def check_fact(fact: FactProposal, sources: Sequence[EpisodeRef], statement: StatementCheck) -> str | None:
    """None when ``sources`` support ``fact``; otherwise the reason it is rejected."""
    said = [e for e in sources if e.role != "assistant"]
    if not said:
        return "its sources are the assistant's messages"
    if not _subject_ok(fact.key, said):
        return f"subject of {fact.key!r} is neither the speaker nor anyone they name"
    if fact.value is None or not words(fact.value):
        content = _content_words(fact)
        text = " ".join(e.content for e in said)
        tw = {stem(w) for w in words(text)}
        if not content or sum(stem(w) in tw for w in content) < KEYLESS_SHARE * len(content):
            return "its words are not in its sources"
        return None
    subject, _, raw = (fact.key or "user|").partition("|")
    attribute = attribute_name(raw)
    if fact.key and (not _ATTRIBUTE.fullmatch(attribute) or not set(words(attribute)) - _PLACEHOLDERS):
        return f"attribute {raw!r} names nothing"
    spaced = attribute.replace("_", " ")
    if fact.key and len(words(spaced)) > MAX_ATTRIBUTE_WORDS:  # ("sport:tennis" names its value: fine)
        return f"attribute {raw!r} is a piece of the message, not a name"
    holding = [s for e in said for s in _sentences(e.content) if mentions(s, fact.value)]
    if not holding:
        return f"value {fact.value!r} is not in its sources"
    mine = attribute if subject.strip().casefold() in SELF_SUBJECTS | {""} else None
    if mine is not None:  # a first-person statement is about its speaker (DESIGN 5); no "I", no fact of theirs
        holding = [s for s in holding if set(words(s)) & _FIRST_PERSON]
        if not holding:
            return "no sentence holding it is in the first person"
    reasons = [statement(s, fact.value, mine) for s in holding]
    if all(r is not None for r in reasons):
        return f"{reasons[0]}: {holding[0][:80]!r}"
    return None


def ground(
    facts: Iterable[FactProposal], episodes: Sequence[EpisodeRef], statement: StatementCheck | None = None
) -> tuple[list[FactProposal], list[Rejection]]:
    """The facts ``episodes`` support, and a ``Rejection`` for each one they do not."""
    check = statement or offline_statement_check()
    by_id = {e.id: e for e in episodes}
    kept: list[FactProposal] = []
    rejected: list[Rejection] = []
    for fact in facts:
        sources = [by_id[i] for i in fact.source_ids if i in by_id]
        reason = check_fact(fact, sources, check) if sources else "it cites no episode shown"
        if reason is None:
            kept.append(replace(fact, key=canonical_key(fact.key, fact.value)))
        else:
            rejected.append(Rejection(fact.content, fact.key, fact.value, fact.source_ids, reason))
    return kept, rejected
