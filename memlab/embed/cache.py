"""A disk cache in front of any embedder: vectors keyed by (embedder name, kind, text hash).

For experiments that ingest the same texts many times (benchmarks replaying LoCoMo): the slow
multilingual embedder then runs once per text. New vectors are written in shards of
``SAVE_EVERY`` (and at exit); every shard of the embedder is read at construction.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from memlab.embed.base import Embedder

SAVE_EVERY = 2048  # vectors per shard (and at exit)


def text_key(kind: str, text: str) -> str:
    return hashlib.sha1(f"{kind}\0{text}".encode("utf-8", "replace")).hexdigest()


class CachedEmbedder:
    """Wraps ``inner``; same ``name`` and ``dim`` (a database cannot tell the difference)."""

    def __init__(self, inner: Embedder, directory: str | Path) -> None:
        self.inner = inner
        self.name: str = inner.name
        self.dim: int = inner.dim
        self.asymmetric: bool = inner.asymmetric
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in inner.name)
        self.directory = Path(directory) / safe
        self._vecs: dict[str, np.ndarray] = {}
        self._pending: list[str] = []
        self._lock = threading.Lock()
        self._load()
        atexit.register(self.save)

    def _load(self) -> None:
        if not self.directory.is_dir():
            return
        for shard in sorted(self.directory.glob("*.npz")):
            with np.load(shard) as data:
                for key, vec in zip(data["keys"], data["vecs"], strict=True):
                    self._vecs[str(key)] = vec

    def save(self) -> None:
        """Write the vectors computed since the last save as one shard."""
        with self._lock:
            keys, self._pending = self._pending, []
        if not keys:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        name = self.directory / f"{os.getpid()}-{threading.get_ident()}-{keys[0][:12]}.npz"
        np.savez(name, keys=np.asarray(keys), vecs=np.stack([self._vecs[k] for k in keys]))

    def _get(self, kind: str, texts: Sequence[str]) -> np.ndarray:
        keys = [text_key(kind, t) for t in texts]
        todo = [i for i, k in enumerate(keys) if k not in self._vecs]
        if todo:
            new = list(dict.fromkeys(texts[i] for i in todo))
            vecs = self._embed(kind, new)
            new_keys = [text_key(kind, t) for t in new]
            with self._lock:
                self._vecs.update(zip(new_keys, vecs, strict=True))
                self._pending.extend(new_keys)
            if len(self._pending) >= SAVE_EVERY:
                self.save()
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([self._vecs[k] for k in keys]).astype(np.float32)

    def _embed(self, kind: str, texts: list[str]) -> np.ndarray:
        if kind == "q":
            return np.stack([np.asarray(self.inner.embed_query(t), dtype=np.float32) for t in texts])
        return np.asarray(self.inner.embed_batch(texts), dtype=np.float32)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        return self._get("p", texts)

    def warm(self) -> None:
        self.inner.warm()

    def embed_query(self, text: str) -> np.ndarray:
        vec: np.ndarray = self._get("q" if self.asymmetric else "p", [text])[0]
        return vec
