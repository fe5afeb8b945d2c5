"""Rule gates: a gate never turns away a sentence its pattern matches in (so the rules' output is unchanged)."""

from __future__ import annotations

import re

import pytest

from memlab.datasets.synthetic import generate
from memlab.knowledge import rules
from memlab.knowledge.rules_gate import Gates, gates_for

# case and folding variants: the fast test lowers the text, the regex engine folds case its own way
VARIANTS = (str, str.lower, str.upper, str.swapcase, lambda s: s.replace("s", "ſ").replace("i", "ı"),
            lambda s: "İ " + s.replace("k", "\u212a"))  # fmt: skip


def _sentences() -> list[str]:
    texts = [t.text for t in generate(seed=0, personas=2, days=60).turns]
    texts += ["I'm based in Ghent.", "Я переехала в Москву.", "My main editor these days is Helix.",
              "Zig is now my favourite language.", "Meet Mochi, our new kitten!", "у меня кето диета"]  # fmt: skip
    return [v(s) for t in texts for s in rules.sentences(t) for v in VARIANTS]


def test_gates_are_derived_from_the_patterns() -> None:
    sets = gates_for(re.compile(r"(?i:\bi\s+(?:live|reside)\s+in\s+)(?P<v>[A-Z]\w+)"))
    assert frozenset({"live", "reside"}) in sets
    assert all(min(map(len, s)) >= 2 for s in sets)
    assert gates_for(re.compile(r"(?:a|bc)?x")) == ()  # nothing every match contains


def test_no_gate_rejects_a_sentence_its_rule_matches() -> None:
    gates = Gates(r.pattern for r in rules.RULES)
    matched = rejected = 0
    for sentence in _sentences():
        may = set(gates.runnable(sentence))
        for i, rule in enumerate(rules.RULES):
            hit = rule.pattern.search(sentence) is not None
            matched += hit
            assert i in may or not hit, (i, sentence)
            rejected += i not in may
    assert matched > 100  # the corpus exercises the rules
    assert rejected > matched  # and the gates turn most pattern scans away


@pytest.mark.parametrize("text", ["I ſwitched to Rust", "I'm baſed in Oslo", "İ live in Riga"])
def test_folding_the_fast_test_cannot_see_goes_to_the_engine(text: str) -> None:
    gates = Gates(r.pattern for r in rules.RULES)
    may = gates.runnable(text)
    assert any(rules.RULES[i].pattern.search(text) for i in may)
