"""A disk cache in front of any embedder: vectors keyed by (embedder name, kind, text hash).

For experiments that ingest the same texts many times (benchmarks replaying LoCoMo): the slow
multilingual embedder then runs once per text. One ``.npy`` shard per call keeps writes cheap;
``CachedEmbedder.load`` reads every shard of its embedder at construction.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np


def text_key(kind: str, text: str) -> str:
    return hashlib.sha1(f"{kind}\0{text}".encode("utf-8", "replace")).hexdigest()


class CachedEmbedder:
    """Wraps ``inner``; same ``name`` and ``dim`` (a database cannot tell the difference)."""

    def __init__(self, inner: Any, directory: str | Path) -> None:
        self.inner = inner
        self.name: str = inner.name
        self.dim: int = inner.dim
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in inner.name)
        self.directory = Path(directory) / safe
        self._vecs: dict[str, np.ndarray] = {}
        self._load()

    def _load(self) -> None:
        if not self.directory.is_dir():
            return
        for shard in sorted(self.directory.glob("*.npz")):
            with np.load(shard) as data:
                for key, vec in zip(data["keys"], data["vecs"], strict=True):
                    self._vecs[str(key)] = vec

    def _save(self, keys: list[str], vecs: np.ndarray) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        name = self.directory / f"{os.getpid()}-{len(list(self.directory.glob('*.npz')))}-{keys[0][:8]}.npz"
        np.savez(name, keys=np.asarray(keys), vecs=vecs)

    def _get(self, kind: str, texts: Sequence[str]) -> np.ndarray:
        keys = [text_key(kind, t) for t in texts]
        todo = [i for i, k in enumerate(keys) if k not in self._vecs]
        if todo:
            new = list(dict.fromkeys(texts[i] for i in todo))
            vecs = self._embed(kind, new)
            new_keys = [text_key(kind, t) for t in new]
            self._vecs.update(zip(new_keys, vecs, strict=True))
            self._save(new_keys, vecs)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._vecs[k] for k in keys]).astype(np.float32)

    def _embed(self, kind: str, texts: list[str]) -> np.ndarray:
        if kind == "q":
            return np.stack([np.asarray(self.inner.embed_query(t), dtype=np.float32) for t in texts])
        return np.asarray(self.inner.embed_batch(texts), dtype=np.float32)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self._get("p", texts)

    def embed_query(self, text: str) -> np.ndarray:
        if not hasattr(self.inner, "embed_query"):
            return self._get("p", [text])[0]
        return self._get("q", [text])[0]
