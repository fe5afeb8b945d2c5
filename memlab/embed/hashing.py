"""A deterministic feature-hashing embedder with no dependencies: for tests and fallbacks.

Word unigrams and character trigrams are hashed (blake2b, stable across processes) into
``dim`` signed buckets. Texts that share words share directions, so it retrieves a little.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from memlab.embed.base import EmbedderBase, normalize

_WORD = re.compile(r"\w+", re.UNICODE)


class HashingEmbedder(EmbedderBase):
    def __init__(self, dim: int = 64) -> None:
        if dim <= 0:
            raise ValueError("dim must be positive")
        self.dim = dim
        self.name = f"hashing-{dim}"

    def _features(self, text: str) -> list[str]:
        words = [w.lower() for w in _WORD.findall(text)]
        grams = [w[i : i + 3] for w in words for i in range(max(1, len(w) - 2))]
        # a text with no word characters (emoji, punctuation, "") still gets a unit vector
        return words + ["#" + g for g in grams] or ["\x00empty"]

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feat in self._features(text):
                h = int.from_bytes(
                    hashlib.blake2b(feat.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "little"
                )
                out[row, h % self.dim] += 1.0 if (h >> 63) & 1 else -1.0
        return normalize(out)
