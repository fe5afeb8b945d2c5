"""``self_explained`` finds the same episodes as the former regex (kept here as the oracle), and
stays linear on long messages without a cue."""

from __future__ import annotations

import random
import re

from memlab.knowledge.causal_cues import _states_a_cause

ORACLE = re.compile(
    r"\w.*?\b(?P<cue>because|so\s+that|which\s+led\s+to|as\s+a\s+result|that'?s\s+why|due\s+to|"
    r"из-за|поэтому|потому\s+что|в\s+результате|так\s+как)\b",
    re.I,
)
PIECES = ["because", "Because", "so", "that", "that's", "thats", "why", "due", "to", "as", "a", "result",
          "which", "led", "из-за", "поэтому", "потому", "что", "так", "как", "в", "результате", "I", "moved",
          "rent", "x", "\n", "  ", ",", "...", "-", "BECAUSE", "becausex", "xbecause", "?", "ok", "so that"]  # fmt: skip


def test_same_answers_as_the_former_regex() -> None:
    rng = random.Random(11)
    for _ in range(5000):
        words = [rng.choice(PIECES) for _ in range(rng.randint(0, 9))]
        text = "".join(w + rng.choice([" ", "", "\n", ", "]) for w in words)
        assert _states_a_cause(text) == bool(ORACLE.search(text)), repr(text)


def test_examples() -> None:
    assert _states_a_cause("I moved to Berlin because the rent was lower")
    assert not _states_a_cause("Because the rent was lower")
    assert not _states_a_cause("ok\nbecause of it")
    assert _states_a_cause("so that's why we left")
    assert _states_a_cause("Переехал, потому что дешевле")


def test_a_long_message_without_a_cue_is_cheap() -> None:
    text = "word " * 20_000  # the former regex: ~10^8 steps; this scan: one pass
    assert not _states_a_cause(text)
