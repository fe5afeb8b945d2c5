"""One contract for every embedder, then what is specific to each (Matryoshka, servers, factory)."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from memlab.config import EmbedderConfig
from memlab.embed.base import Embedder, EmbedderError, normalize, truncate
from memlab.embed.factory import KNOWN_EMBEDDERS, build_embedder
from memlab.embed.hashing import HashingEmbedder
from memlab.embed.minilm import MiniLMEmbedder
from memlab.embed.openai import OpenAICompatibleEmbedder, OpenAIEmbedder, fit_vectors
from memlab.embed.wordllama import WordLlamaEmbedder
from memlab.testing.openai_server import OpenAICompatServer, ScriptedReply

TEXTS = [
    "The cat sat on the mat.",
    "Alice moved to Berlin in March to start a new job.",
    "Quarterly revenue grew by ten percent.",
    "How do I reset my password?",
    "I prefer tea over coffee in the morning.",
]
TRICKY = [
    "",
    " ",
    "Привет, как дела? Я переехал в Москву.",
    "🐈🎉 emoji",
    "lone \ud800 surrogate",
    "日本語のテキスト",
]
LONG = " ".join(["memory"] * 5000)
# (anchor, paraphrase without shared words, unrelated)
TRIPLES = [
    ("The cat sat on the mat.", "A kitten was resting on the rug.", "Quarterly revenue grew by ten percent."),
    (
        "I moved to Berlin last spring.",
        "Last year I relocated to Germany's capital.",
        "My favourite dessert is cheesecake.",
    ),
    (
        "The server crashed during the night.",
        "Our backend went down overnight.",
        "She plays the violin beautifully.",
    ),
]
REAL_MODELS = {"wordllama-64", "wordllama-128", "wordllama-256", "minilm"}
HASH_BACKED = {"hashing", "openai", "openai-compatible"}  # zero vector for texts without word chars


@pytest.fixture(scope="module")
def honouring_server() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer(embed_dim=128, api_key="k") as srv:
        yield srv


@pytest.fixture(scope="module")
def ignoring_server() -> Iterator[OpenAICompatServer]:
    with OpenAICompatServer(embed_dim=128, honour_dimensions=False) as srv:
        yield srv


@pytest.fixture(scope="module")
def embedders(honouring_server: OpenAICompatServer, ignoring_server: OpenAICompatServer) -> Iterator[dict]:
    made: dict[str, Embedder] = {
        "hashing": HashingEmbedder(64),
        "wordllama-64": WordLlamaEmbedder(64),
        "wordllama-128": WordLlamaEmbedder(128),
        "wordllama-256": WordLlamaEmbedder(256),
        "minilm": MiniLMEmbedder(),
        "openai": OpenAIEmbedder(dim=64, api_key="k", base_url=honouring_server.base_url, max_retries=0),
        "openai-compatible": OpenAICompatibleEmbedder(ignoring_server.base_url, "m", 64, max_retries=0),
    }
    yield made
    for e in made.values():
        getattr(e, "close", lambda: None)()


CASES = ["hashing", "wordllama-64", "wordllama-128", "wordllama-256", "minilm", "openai", "openai-compatible"]


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest, embedders: dict) -> tuple[str, Embedder]:
    return request.param, embedders[request.param]


def _has_words(text: str) -> bool:
    return re.search(r"\w", text) is not None


# -- the contract ------------------------------------------------------------------------------


def test_shape_dtype_unit_norm(case: tuple[str, Embedder]) -> None:
    _, emb = case
    assert isinstance(emb, Embedder) and emb.name and emb.dim > 0
    v = emb.embed_batch(TEXTS)
    assert v.shape == (len(TEXTS), emb.dim) and v.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)


def test_deterministic(case: tuple[str, Embedder]) -> None:
    _, emb = case
    np.testing.assert_allclose(emb.embed_batch(TEXTS), emb.embed_batch(TEXTS), atol=1e-6)


def test_empty_batch(case: tuple[str, Embedder]) -> None:
    _, emb = case
    out = emb.embed_batch([])
    assert out.shape == (0, emb.dim) and out.dtype == np.float32


def test_tricky_texts_keep_rows_and_stay_finite(case: tuple[str, Embedder]) -> None:
    key, emb = case
    texts = TRICKY + [LONG]
    v = emb.embed_batch(texts)
    assert v.shape == (len(texts), emb.dim) and np.isfinite(v).all()
    norms = np.linalg.norm(v, axis=1)
    for text, norm in zip(texts, norms, strict=True):
        if key in HASH_BACKED and not _has_words(text):
            assert norm == pytest.approx(0.0, abs=1e-6) or norm == pytest.approx(1.0, abs=1e-5)
        else:
            assert norm == pytest.approx(1.0, abs=1e-5), repr(text[:20])


def test_batch_order_matches_single_calls(case: tuple[str, Embedder]) -> None:
    _, emb = case
    texts = TEXTS + [LONG[:300], "x"]  # mixed lengths: length-sorted batching must restore order
    batch = emb.embed_batch(texts)
    singles = np.stack([emb.embed_batch([t])[0] for t in texts])
    np.testing.assert_allclose(batch, singles, atol=1e-5)


def test_paraphrases_closer_than_unrelated(case: tuple[str, Embedder]) -> None:
    key, emb = case
    if key not in REAL_MODELS:
        pytest.skip("hashing vectors only know shared words")
    for anchor, para, other in TRIPLES:
        a, p, o = emb.embed_batch([anchor, para, other])
        assert a @ p > a @ o, (key, anchor)


# -- WordLlama ---------------------------------------------------------------------------------


def test_wordllama_matryoshka_prefix(embedders: dict) -> None:
    full = embedders["wordllama-256"].embed_batch(TEXTS)
    for dim in (64, 128):
        np.testing.assert_allclose(
            embedders[f"wordllama-{dim}"].embed_batch(TEXTS), truncate(full, dim), atol=1e-6
        )


def test_wordllama_rejects_untrained_dims() -> None:
    with pytest.raises(ValueError, match="64, 128, 256"):
        WordLlamaEmbedder(100)


def test_lazy_load_is_thread_safe() -> None:
    emb = WordLlamaEmbedder(128)  # fresh: the first calls race to load the model
    results: list[np.ndarray] = []
    threads = [threading.Thread(target=lambda: results.append(emb.embed_batch(TEXTS))) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 6
    for r in results[1:]:
        np.testing.assert_array_equal(r, results[0])


# -- MiniLM ------------------------------------------------------------------------------------


def test_minilm_fixed_padding_changes_nothing_but_speed(embedders: dict) -> None:
    padded = MiniLMEmbedder(pad_to=128).embed_batch(TEXTS)
    np.testing.assert_allclose(padded, embedders["minilm"].embed_batch(TEXTS), atol=1e-4)


# -- OpenAI and compatible servers -------------------------------------------------------------


def test_server_ignoring_dimensions_is_truncated_here(ignoring_server: OpenAICompatServer) -> None:
    with OpenAICompatibleEmbedder(ignoring_server.base_url, "m", 32, max_retries=0) as emb:
        got = emb.embed_batch(TEXTS)
    assert ignoring_server.requests[-1][1]["dimensions"] == 32
    np.testing.assert_allclose(got, truncate(HashingEmbedder(128).embed_batch(TEXTS), 32), atol=1e-6)


def test_shorter_vectors_than_dim_is_a_clear_error(ignoring_server: OpenAICompatServer) -> None:
    with OpenAICompatibleEmbedder(ignoring_server.base_url, "m", 256, max_retries=0) as emb:
        with pytest.raises(EmbedderError, match=r"returned 128-d vectors but 256"):
            emb.embed_batch(["hello"])


def test_empty_strings_sent_as_space_and_batches_keep_order(ignoring_server: OpenAICompatServer) -> None:
    texts = ["a b", "", "c d", "e f", "g h"]
    before = ignoring_server.embed_calls
    with OpenAICompatibleEmbedder(ignoring_server.base_url, "m", 64, batch_size=2, max_retries=0) as emb:
        got = emb.embed_batch(texts)
    assert ignoring_server.embed_calls - before == 3
    assert ignoring_server.requests[-3][1]["input"] == ["a b", " "]
    np.testing.assert_allclose(
        got, truncate(HashingEmbedder(128).embed_batch([*texts[:1], " ", *texts[2:]]), 64), atol=1e-6
    )


def test_server_down_is_an_embedder_error_naming_the_url() -> None:
    with OpenAICompatServer() as srv:
        url = srv.base_url
    with OpenAICompatibleEmbedder(url, "m", 64, max_retries=0, timeout_s=2) as emb:
        with pytest.raises(EmbedderError, match=re.escape(url)):
            emb.embed_batch(["hello"])


def test_server_error_status_is_an_embedder_error(ignoring_server: OpenAICompatServer) -> None:
    ignoring_server.script_embeddings(ScriptedReply(status=503, error="model loading"))
    with OpenAICompatibleEmbedder(ignoring_server.base_url, "m", 64, max_retries=0) as emb:
        with pytest.raises(EmbedderError, match="model loading"):
            emb.embed_batch(["hello"])


def test_openai_sends_key_and_dimensions(honouring_server: OpenAICompatServer) -> None:
    with OpenAIEmbedder(dim=16, api_key="wrong", base_url=honouring_server.base_url, max_retries=0) as bad:
        with pytest.raises(EmbedderError, match="401|API key"):
            bad.embed_batch(["x"])
    with OpenAIEmbedder(dim=16, api_key="k", base_url=honouring_server.base_url, max_retries=0) as good:
        assert good.embed_batch(["x"]).shape == (1, 16)
    path, body = honouring_server.requests[-1]
    assert path == "/v1/embeddings" and body["dimensions"] == 16 and body["model"] == "text-embedding-3-small"


def test_openai_without_key_does_not_read_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "from-env")
    with pytest.raises(EmbedderError, match="needs an api_key"):
        OpenAIEmbedder(dim=64).embed_batch(["x"])


@given(
    arrays(np.float32, st.tuples(st.integers(1, 4), st.integers(8, 32)), elements=st.floats(-1, 1, width=32))
)
def test_fit_vectors_truncates_to_unit_prefix(raw: np.ndarray) -> None:
    if (np.linalg.norm(raw[:, :8], axis=1) < 1e-3).any():
        return  # (near-)zero prefixes stay zero: nothing to check
    out = fit_vectors(raw, 8, "http://x", "m")
    np.testing.assert_allclose(np.linalg.norm(out, axis=1), 1.0, atol=1e-4)
    np.testing.assert_allclose(out, normalize(raw[:, :8]), atol=1e-6)


# -- factory -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "dim", "kind", "want_dim"),
    [
        ("hashing", 32, HashingEmbedder, 32),
        ("wordllama", 128, WordLlamaEmbedder, 128),
        ("minilm", 256, MiniLMEmbedder, 384),
        ("openai", 512, OpenAIEmbedder, 512),
    ],
)
def test_factory_builds_by_name(name: str, dim: int, kind: type, want_dim: int) -> None:
    emb = build_embedder(EmbedderConfig(name=name, dim=dim), api_key="k")
    assert emb is not None and isinstance(emb, kind)
    assert emb.dim == want_dim


def test_factory_openai_compatible_and_none() -> None:
    cfg = EmbedderConfig(name="openai-compatible", model="nomic", base_url="http://127.0.0.1:1/v1", dim=64)
    emb = build_embedder(cfg)
    assert isinstance(emb, OpenAICompatibleEmbedder) and emb.name == "openai-compatible-nomic-64"
    assert build_embedder(EmbedderConfig(name="none")) is None
    with pytest.raises(ValueError, match="base_url and model"):
        build_embedder(EmbedderConfig(name="openai-compatible"))


def test_factory_unknown_name_lists_known_ones() -> None:
    with pytest.raises(ValueError, match="unknown embedder 'bert'") as err:
        build_embedder(EmbedderConfig(name="bert"))
    assert all(name in str(err.value) for name in KNOWN_EMBEDDERS)


def test_wordllama_weights_memory_mapped_give_the_float32_vectors() -> None:
    """The weights are memory-mapped float16 rows, widened per lookup: the same vectors as a
    float32 copy of the tensor safetensors reads."""
    from safetensors import safe_open

    from memlab.embed import wordllama as W

    files = W._wheel_files()
    if files is None:
        pytest.skip("wordllama wheel files not found")
    mapped = W.map_safetensor(files[0], "embedding.weight")
    with safe_open(str(files[0]), framework="np", device="cpu") as f:
        ref = f.get_tensor("embedding.weight")
    assert isinstance(mapped, np.memmap) and mapped.dtype == ref.dtype and np.array_equal(mapped, ref)
    texts = [*TEXTS, "", "x" * 3000]
    lite = W._WordLlamaLite(mapped, str(files[1])).embed(texts)
    copy = W._WordLlamaLite(np.ascontiguousarray(ref.astype(np.float32)), str(files[1])).embed(texts)
    assert np.array_equal(lite, copy)
    assert W.map_safetensor(files[0], "no.such.tensor") is None
