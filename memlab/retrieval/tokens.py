"""Token counting for context budgets, offline and dependency-free.

Exact BPE counts need a tokenizer file (a download) and differ per model anyway, so budgets use
an approximation calibrated on the usual rules of thumb for GPT-style BPE vocabularies:
English ≈ 1.3 tokens per word ≈ 4 characters per token; Russian (Cyrillic) is split much finer,
≈ 2.5 tokens per word ≈ 2.5 characters per token (cl100k; o200k is somewhat kinder). The
estimate is the mean of the word-based and the character-based figure, each computed per
script, which is steadier than either alone on very short or very long words.
"""

from __future__ import annotations

import math
import re
from typing import Protocol, runtime_checkable

_WORD = re.compile(r"\w+", re.UNICODE)
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)


@runtime_checkable
class TokenCounter(Protocol):
    def count(self, text: str) -> int: ...


class ApproxTokenCounter:
    """words·1.3 / chars/4 blend (Cyrillic: words·2.5 / chars/2.5); never 0 for visible text."""

    name = "approx"

    def __init__(
        self,
        tokens_per_word: float = 1.3,
        chars_per_token: float = 4.0,
        cyrillic_tokens_per_word: float = 2.5,
        cyrillic_chars_per_token: float = 2.5,
    ) -> None:
        self.tokens_per_word = tokens_per_word
        self.chars_per_token = chars_per_token
        self.cyrillic_tokens_per_word = cyrillic_tokens_per_word
        self.cyrillic_chars_per_token = cyrillic_chars_per_token

    def count(self, text: str) -> int:
        by_words = 0.0
        by_chars = 0.0
        for word in _WORD.findall(text):
            if _CYRILLIC.search(word):
                by_words += self.cyrillic_tokens_per_word
                by_chars += len(word) / self.cyrillic_chars_per_token
            else:
                by_words += self.tokens_per_word
                by_chars += len(word) / self.chars_per_token
        # Symbols are mostly tokens of their own; the per-word rate already covers some, so half.
        punct = len(_PUNCT.findall(text))
        return math.ceil((by_words + by_chars) / 2 + punct * 0.5)


def default_counter() -> TokenCounter:
    return ApproxTokenCounter()
