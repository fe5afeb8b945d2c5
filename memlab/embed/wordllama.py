"""WordLlama: the offline default embedder (static token embeddings, average-pooled).

WordLlama ``l2_supercat`` is trained with Matryoshka representation learning, so its 64- and
128-d vectors are prefixes of the 256-d one: we always load the 256-d weights shipped inside the
wheel and truncate + renormalise ourselves. Its raw pooled vectors are not unit length.

Loading goes through ``cache_dir=<the package folder>`` and ``disable_download=True``:
``WordLlama.load()`` otherwise tries Hugging Face even with ``HF_HUB_OFFLINE=1``.

Limits: the vocabulary is an LLM's token table pooled without context, so English works
reasonably; Russian (and other non-Latin scripts) is split into many short subword tokens and
retrieves poorly. MiniLM (``memlab.embed.minilm``) is no better there: for Russian use an
OpenAI(-compatible) multilingual model.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memlab.embed.base import EmbedderError, LocalModel, normalize, truncate

WORDLLAMA_DIMS: tuple[int, ...] = (64, 128, 256)
_FULL_DIM = 256
_MAX_TOKENS = 2048  # bounds memory: a batch is padded to its longest text


def utf8_safe(text: str) -> str:
    """Replace lone surrogates (invalid UTF-8) so tokenizers and JSON encoders accept the text."""
    return text.encode("utf-8", "replace").decode("utf-8")


def length_order(texts: Sequence[str]) -> np.ndarray:
    """Indices that sort texts by length: batches of similar length waste little padding."""
    return np.argsort(np.fromiter((len(t) for t in texts), dtype=np.int64, count=len(texts)), kind="stable")


class WordLlamaEmbedder(LocalModel):
    """``WordLlamaEmbedder(dim=256)``; dim is 64, 128 or 256. Thread-safe; loads on first use."""

    def __init__(self, dim: int = 256, batch_size: int = 64) -> None:
        if dim not in WORDLLAMA_DIMS:
            raise ValueError(f"WordLlama dim must be one of {WORDLLAMA_DIMS}, got {dim}")
        super().__init__()
        self.dim = dim
        self.batch_size = batch_size
        self.name = f"wordllama-l2-supercat-{dim}"

    def load_model(self) -> Any:
        return _load_wordllama()

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._load()
        # "" pools zero tokens into a zero vector; a space gives a real (unit) direction
        clean = [utf8_safe(t) or " " for t in texts]
        order = length_order(clean)
        raw = model.embed([clean[i] for i in order], norm=False, batch_size=self.batch_size)
        out = np.empty_like(raw)
        out[order] = raw
        return truncate(out, self.dim) if self.dim < _FULL_DIM else normalize(out)


def _import_wordllama() -> Any:
    """Import wordllama, undoing its ``logging.basicConfig(level=INFO)`` on the host's root logger."""
    import logging

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    try:
        import wordllama
    except ImportError as exc:  # pragma: no cover - a base dependency
        raise EmbedderError("wordllama is not installed: pip install wordllama") from exc
    finally:
        root.handlers[:] = handlers
        root.setLevel(level)
    return wordllama


class _WordLlamaLite:
    """WordLlama's numpy inference (tokenize, look up, mean-pool over the mask) on the files
    inside the wheel, without importing the ``wordllama`` package: its import (pydantic configs)
    costs ~1 s, most of a fresh process's first search. Same vectors as ``WordLlama.embed``."""

    def __init__(self, weights: Any, tokenizer_file: str) -> None:
        from tokenizers import Tokenizer

        # float16 rows as stored (often a read-only memmap of the weight file): a looked-up row is
        # widened to float32 exactly when it is multiplied by the mask, so the vectors are the same
        # as from a float32 copy, without the copy (~30 ms and 32 MB at every load)
        self.embedding = weights if weights.dtype in (np.float16, np.float32) else weights.astype(np.float32)
        self.tokenizer = Tokenizer.from_file(tokenizer_file)
        self.tokenizer.enable_padding()
        self.tokenizer.enable_truncation(max_length=_MAX_TOKENS)

    def embed(self, texts: list[str], norm: bool = False, batch_size: int = 64) -> np.ndarray:
        out = np.empty((len(texts), self.embedding.shape[1]), dtype=np.float32)
        for lo in range(0, len(texts), batch_size):
            enc = self.tokenizer.encode_batch(texts[lo : lo + batch_size], add_special_tokens=False)
            ids = np.array([e.ids for e in enc], dtype=np.int32)
            mask = np.array([e.attention_mask for e in enc], dtype=np.float32)
            np.clip(ids, 0, self.embedding.shape[0] - 1, out=ids)
            total = np.maximum(mask.sum(axis=1, keepdims=True), 1.0).astype(np.float32)
            # the batch's distinct tokens widened once, then gathered (exact: float16 -> float32)
            uniq, inverse = np.unique(ids, return_inverse=True)
            rows = self.embedding[uniq].astype(np.float32, copy=False)[inverse.reshape(ids.shape)]
            out[lo : lo + len(enc)] = np.sum(rows * mask[..., None], axis=1, dtype=np.float32) / total
        return out


def _wheel_files() -> tuple[Path, Path] | None:
    import importlib.util

    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        return None
    root = Path(next(iter(spec.submodule_search_locations)))
    weights = root / "weights" / f"l2_supercat_{_FULL_DIM}.safetensors"
    tokenizer = root / "tokenizers" / "l2_supercat_tokenizer_config.json"
    return (weights, tokenizer) if weights.is_file() and tokenizer.is_file() else None


def _load_wordllama() -> Any:
    files = _wheel_files()
    if files is not None:
        weights = map_safetensor(files[0], "embedding.weight")
        if weights is None:
            from safetensors import safe_open

            with safe_open(str(files[0]), framework="np", device="cpu") as f:
                weights = f.get_tensor("embedding.weight")
        return _WordLlamaLite(weights, str(files[1]))
    return _load_wordllama_package()


_SAFETENSORS_DTYPES = {"F16": "<f2", "F32": "<f4"}


def map_safetensor(path: Path, name: str) -> np.ndarray | None:
    """Tensor ``name`` of a .safetensors file as a read-only memmap (nothing is read until a row
    is used); None when the file is not the plain layout expected (the caller reads it instead).

    The format: an 8-byte little-endian header length, a JSON header giving each tensor's dtype,
    shape and byte range, then the data."""
    import json
    import struct

    try:
        with open(path, "rb") as f:
            (size,) = struct.unpack("<Q", f.read(8))
            meta = json.loads(f.read(size))[name]
        dtype = np.dtype(_SAFETENSORS_DTYPES[meta["dtype"]])
        shape = tuple(int(d) for d in meta["shape"])
        begin, end = (int(x) for x in meta["data_offsets"])
        if len(shape) != 2 or end - begin != dtype.itemsize * shape[0] * shape[1]:
            return None
        return np.memmap(path, dtype=dtype, mode="r", offset=8 + size + begin, shape=shape)
    except (OSError, ValueError, KeyError, TypeError, struct.error):
        return None


def _load_wordllama_package() -> Any:
    wordllama = _import_wordllama()
    try:
        model = wordllama.WordLlama.load(
            cache_dir=Path(wordllama.__file__).parent, dim=_FULL_DIM, disable_download=True
        )
    except (FileNotFoundError, ValueError) as exc:
        raise EmbedderError(f"cannot load WordLlama l2_supercat-{_FULL_DIM} offline: {exc}") from exc
    model.tokenizer.enable_truncation(max_length=_MAX_TOKENS)
    return model
