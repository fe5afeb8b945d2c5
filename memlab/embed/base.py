"""The Embedder protocol (one required method, ``embed_batch``) and what is built on top of it:
``EmbedderBase`` gives every embedder ``embed_query`` and ``warm``, ``LocalModel`` the lazy load."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of shape (len(texts), dim)."""

    name: str
    dim: int
    asymmetric: bool  # embed_query differs from embed_batch (e5-style query prefix)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray:
        """A search query's vector (``EmbedderBase``: the passage vector)."""
        ...

    def warm(self) -> None:
        """Load what the first call would (``Memory.open`` calls it on a background thread)."""
        ...


class EmbedderError(RuntimeError):
    """An embedder could not produce vectors (network, server, model)."""


class EmbedderBase:
    """What an embedder builds on ``embed_batch``: the query vector is the passage one, and
    there is nothing to warm. Subclass it and implement ``embed_batch``."""

    asymmetric: bool = False

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        raise NotImplementedError

    def embed_query(self, text: str) -> np.ndarray:
        vec: np.ndarray = self.embed_batch([text])[0]
        return vec

    def warm(self) -> None:
        return None


class LocalModel(EmbedderBase):
    """What a local-model embedder shares: the model loads once, on first use or on ``warm()``
    (``Memory.open`` calls it on a background thread), under a lock, never in ``__init__``.
    A subclass implements ``load_model()``."""

    def __init__(self) -> None:
        self._model: Any = None
        self._lock = threading.Lock()

    def load_model(self) -> Any:
        raise NotImplementedError

    def _load(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    self._model = self.load_model()
        return self._model

    def warm(self) -> None:
        """Load the model now."""
        self._load()


def normalize(vectors: np.ndarray) -> np.ndarray:
    """Row-wise L2 normalisation; zero rows stay zero."""
    v = np.asarray(vectors, dtype=np.float32)
    if v.ndim == 1:
        v = v[None, :]
    norms = np.linalg.norm(v, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: np.ndarray = (v / norms).astype(np.float32, copy=False)
    return out


def truncate(vectors: np.ndarray, dim: int) -> np.ndarray:
    """Matryoshka truncation: keep the first ``dim`` components, then renormalise."""
    v = np.asarray(vectors, dtype=np.float32)
    if v.shape[1] < dim:
        raise EmbedderError(f"cannot truncate {v.shape[1]}-d vectors to {dim} dimensions")
    return normalize(v[:, :dim])


def embed_one(embedder: Embedder, text: str) -> np.ndarray:
    vec: np.ndarray = embedder.embed_batch([text])[0]
    return vec
