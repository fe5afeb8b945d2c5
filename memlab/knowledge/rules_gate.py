"""Gates for the rule consolidator's patterns: a literal each match must contain, found cheaply first.

Most sentences of a conversation state no fact. Each of the ~60 rule patterns scanned every user
sentence (measured at 100K episodes: ~170 µs a sentence, half of the consolidation step). A gate
is derived from a pattern's parse tree: the words any match must contain ("based", "moved",
"работаю" ...). A pattern runs only on sentences where its gate finds one of them.

The gate is a necessary condition by construction, so the rules' output does not change: a
literal is taken only from a part every match goes through (a sequence, a repeat of at least one,
every branch of an alternation, a positive lookaround), and it is searched case-insensitively with
the same regex engine, so "case" means what it means in the pattern. A pattern with no such
literal gets no gate and always runs.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from itertools import compress
from typing import Any

MIN_LITERAL = 2  # a one-letter literal is in every sentence

Alternatives = frozenset[str]  # a match contains at least one of these (case-insensitively)


def _parser() -> Any:
    try:  # the stdlib's regex parser (private; public as sre_parse before 3.11)
        return importlib.import_module("re._parser")
    except ImportError:
        return None


def required(items: Iterable[tuple[Any, Any]], c: Any) -> list[Alternatives]:
    """Every set of literals one of which any match of this parsed sequence contains."""
    found: list[Alternatives] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            found.append(frozenset({"".join(run)}))
            run.clear()

    for op, av in items:
        if op is c.LITERAL:
            run.append(chr(av))
            continue
        flush()
        found.extend(_required_op(op, av, c))
    flush()
    return found


def _required_op(op: Any, av: Any, c: Any) -> list[Alternatives]:
    if op is c.SUBPATTERN:
        return required(av[-1], c)
    if op is c.ATOMIC_GROUP:
        return required(av, c)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
        return required(av[2], c) if av[0] >= 1 else []
    if op is c.ASSERT:  # a positive lookahead / lookbehind matches somewhere in the sentence too
        return required(av[1], c)
    if op is c.BRANCH:
        per_branch = [best(required(alt, c)) for alt in av[1]]
        if any(b is None for b in per_branch):
            return []
        return [frozenset().union(*(b for b in per_branch if b is not None))]
    return []


def best(sets: list[Alternatives]) -> Alternatives | None:
    """The most selective set: the longest shortest literal, then the fewest literals."""
    usable = [s for s in sets if s]
    if not usable:
        return None
    return max(usable, key=lambda s: (min(len(x) for x in s), -len(s)))


def gates_for(pattern: re.Pattern[str]) -> tuple[Alternatives, ...]:
    """The literal sets this pattern's matches must contain, most selective first; () when the
    stdlib parser is not there or none is long enough to pay off."""
    parser = _parser()
    if parser is None:
        return ()
    c = importlib.import_module("re._constants")
    try:
        sets = required(parser.parse(pattern.pattern, pattern.flags).data, c)
    except Exception:  # a parser that changed shape: no gate, the pattern always runs
        return ()
    usable = {s for s in sets if s and min(len(x) for x in s) >= MIN_LITERAL}
    return tuple(sorted(usable, key=lambda s: (-min(len(x) for x in s), len(s), sorted(s))))


def _unsafe_chars(literals: Iterable[str]) -> re.Pattern[str]:
    """Characters for which ``literal in text.lower()`` could miss what the regex engine's
    case-insensitive match finds: a character the engine folds onto a literal's letter while
    ``str.lower`` does not ("ſ" ~ "s", "ı" ~ "i"), one that lowers to more than one character ("İ"),
    a final sigma, and everything outside the BMP. Found by asking the engine itself."""
    letters = sorted({ch for lit in literals for ch in lit})
    lowered = {ch.lower() for ch in letters}
    any_letter = (
        re.compile("[" + "".join(re.escape(ch) for ch in letters) + "]", re.IGNORECASE) if letters else None
    )
    bmp = "".join(chr(i) for i in range(0x10000) if not 0xD800 <= i < 0xE000)
    odd = {ch for ch in bmp if len(ch.lower()) != 1} | {"Σ"}
    if any_letter is not None:
        odd |= {m.group() for m in any_letter.finditer(bmp) if m.group().lower() not in lowered}
    for y in letters:  # two letters of the literals the engine folds together but str.lower does not
        same = re.compile(re.escape(y), re.IGNORECASE)
        odd |= {z for z in letters if z.lower() != y.lower() and same.fullmatch(z)}
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(odd)) + "\U00010000-\U0010ffff]")


class Gates:
    """For each of a list of patterns, whether a sentence may hold a match (see the module docstring).

    ``runnable(sentence)`` lists the patterns (by index, in order) that may match. The fast test is a
    substring search of the gates' literals in ``sentence.lower()``, all of them in one C-level pass,
    then an index from each literal to the patterns whose first gate holds it; a sentence with a
    character where ``str.lower`` could differ from the engine's case folding is tested with the
    engine instead (same answers)."""

    def __init__(self, patterns: Iterable[re.Pattern[str]]) -> None:
        sets = [tuple(tuple(sorted({x.lower() for x in s})) for s in gates_for(p)) for p in patterns]
        self.count = len(sets)
        self.always = [i for i, per in enumerate(sets) if not per]
        self.rest = [per[1:] for per in sets]
        self.literals = tuple(sorted({x for per in sets if per for x in per[0]}))
        self.first: list[tuple[int, ...]] = [
            tuple(i for i, per in enumerate(sets) if per and x in per[0]) for x in self.literals
        ]
        self.regexes = [tuple(_alternation(frozenset(s)) for s in per) for per in sets]
        self.unsafe = _unsafe_chars(x for per in sets for s in per for x in s)

    def runnable(self, sentence: str) -> list[int]:
        if not sentence.isascii() and self.unsafe.search(sentence):
            return [i for i in range(self.count) if all(r.search(sentence) for r in self.regexes[i])]
        low = sentence.lower()
        found = set(self.always)
        for j in compress(range(len(self.literals)), map(low.__contains__, self.literals)):
            found.update(self.first[j])
        return sorted(i for i in found if all(any(x in low for x in s) for s in self.rest[i]))


def _alternation(literals: Alternatives) -> re.Pattern[str]:
    return re.compile(
        "|".join(re.escape(x) for x in sorted(literals, key=lambda x: (-len(x), x))), re.IGNORECASE
    )
