"""The Embedder protocol (one required method) and what is built on top of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into L2-normalised float32 vectors of shape (len(texts), dim)."""

    name: str
    dim: int

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray: ...


class EmbedderError(RuntimeError):
    """An embedder could not produce vectors (network, server, model)."""


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
