"""Pseudo-clefts said the plain way round, for the clause readers (English).

"Tagalog is what I grew up speaking", "Rotterdam has been where I live for years", "What I order
at every café is an oat flat white", "The person I report to is a woman named Ottilie", "Tobias is who I report to": the value
stands apart from the verb that gives it its attribute, and no clause reader sees the two
together. ``plain`` rewrites such a sentence with the value put back beside its verb ("I grew up
speaking Tagalog", "I live in Rotterdam for years", "I report to Ottilie"); the reader then parses
and reads the rewritten sentence as it reads any other. A sentence with a negation, a modal, a
condition, a question or quotation marks is left alone: the rewrite would drop what scopes over it.
"""

from __future__ import annotations

import re

from memlab.lang import wordlists as wl

_VALUE = r"(?P<x>[^,;:.!?()—–-]{1,60}?)"
# "X is / has been / 's what|where I ..."
_X_IS_WHAT = re.compile(
    rf"(?:^|[,;:—–]\s*|\b(?:and|but|so|honestly|basically|now)\s+){_VALUE}\s+(?:is|'s|’s|has been|have been)\s+"
    r"(?:(?:still|now|basically|pretty much|always|really|just)\s+)?(?P<wh>what|where|who)\s+(?P<rest>(?:I|we)\b[^,;.!?]*)",
    re.I,
)
# "What I V ... is X" / "Where I live is X"
_WHAT_IS_X = re.compile(
    r"^(?:\W*\b(?:and|but|so|honestly|basically)\s+)?(?P<wh>what|where|who)\s+(?P<rest>(?:I|we)\b[^,;.!?]*?)\s+"
    rf"(?:is|'s|’s|has been)\s+(?:(?:still|now|basically|always|just)\s+)?{_VALUE}\s*(?:[,;.!]|$)",
    re.I,
)
# "The person I report to is (a woman named) X", "The language I use most is X"
_THE_N_I_V_IS_X = re.compile(
    r"^(?:\W*\b(?:and|but|so|honestly)\s+)?the\s+(?P<noun>person|guy|woman|man|language|editor|city|town|place|company|"
    r"team|database|db|os|car|phone|band|school|university|uni)\s+(?:(?:that|who|which)\s+)?(?P<rest>(?:I|we)\b[^,;.!?]*?)\s+"
    r"(?:is|'s|’s|has been)\s+(?:(?:still|now|always|just)\s+)?(?:(?:a|an)\s+(?:\w+\s+){1,2}(?:named|called)\s+)?"
    rf"{_VALUE}\s*(?:[,;.!]|$)",
    re.I,
)
_STOPS = re.compile(
    r"\b(?:not|never|no|if|would|could|might|should|will|wish|hope|maybe|used to|was|were)\b|n't|"
    r"(?<!\w)['’‘]|['’‘](?!\w)|[\"«»“”]|\?",
    re.I,
)
_PREPOSITIONS = wl.words("en", "clefts_prepositions")
_TIME_WORDS = wl.words("en", "time_words")
_BEFORE_VERB = wl.words("en", "before_verb")


def plain(sentence: str) -> str | None:
    """``sentence`` with a pseudo-cleft said the plain way round, or None when it has none (or
    has a negation, modal, condition, question or quote that a rewrite would lose)."""
    if _STOPS.search(sentence.replace("what's", "what is")):
        return None
    m = _X_IS_WHAT.search(sentence) or _WHAT_IS_X.search(sentence)
    if m is not None:
        value = _trim(m.group("x"))
        if value is None:
            return None
        return _put_back(m.group("rest"), value, m.group("wh").lower() == "where")
    m = _THE_N_I_V_IS_X.search(sentence)
    if m is not None:
        value = _trim(m.group("x"))
        return None if value is None else _put_back(m.group("rest"), value, False)
    return None


def _trim(value: str) -> str | None:
    words = value.split()
    while words and words[0].lower() in ("the", "a", "an", "my", "our", "that", "this", "honestly", "and", "but"):
        words = words[1:]  # "honestly Rust", "and Fedora": the value, not its lead-in
    if not words or len(words) > 6 or words[0].lower() in ("it", "that", "this", "which", "he", "she", "they"):
        return None
    return " ".join(words)


def _put_back(rest: str, value: str, where: bool) -> str:
    """ "I grew up speaking" + Tagalog -> "I grew up speaking Tagalog"; "I write everything in" +
    Rust -> "I write everything in Rust"; "I live for years" + Rotterdam (where) -> "I live in
    Rotterdam for years"."""
    words = rest.split()
    for k in range(len(words) - 1, 1, -1):
        stranded = words[k].lower() in _PREPOSITIONS and (k == len(words) - 1 or words[k + 1].lower() in _TIME_WORDS)
        if stranded and not where:  # "what I write everything in (these days)"
            return " ".join([*words[: k + 1], value, *words[k + 1 :]]) + "."
    k = 1
    while k < len(words) and words[k].lower() in _BEFORE_VERB:
        k += 1
    k += 1  # the verb
    while k < len(words) and (words[k].lower() in ("up", "out") and not where or words[k].lower().endswith("ing")):
        k += 1  # "grew up speaking"
    inserted = f"in {value}" if where else value
    return " ".join([*words[:k], inserted, *words[k:]]) + "."
