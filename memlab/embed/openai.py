"""Embedders behind the OpenAI embeddings API: OpenAI itself and compatible local servers.

Both use the official ``openai`` client (imported on first use). ``dimensions`` is sent so that
Matryoshka models (text-embedding-3-*, nomic, mxbai, ...) shorten vectors server-side; servers
that ignore it (many LM Studio / Ollama / vLLM builds) return longer vectors, which we truncate
and renormalise here. Vectors shorter than asked for cannot be fixed: that is an error.

Retries: memlab retries in one place (``memlab.retry``, used by the embed worker), so the SDK's
own retries are off by default (``max_retries=0``): with them a dead server cost
timeout x SDK tries x worker tries per batch.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from memlab.embed.base import EmbedderBase, EmbedderError, normalize, truncate
from memlab.embed.wordllama import utf8_safe

OPENAI_BASE_URL = "https://api.openai.com/v1"
OPENAI_NATIVE_DIMS: dict[str, int] = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


def prepare_inputs(texts: Sequence[str]) -> list[str]:
    """Servers reject "" and invalid UTF-8: send a space / replacement chars, keep one row per text."""
    return [utf8_safe(t) or " " for t in texts]


def fit_vectors(vectors: np.ndarray, dim: int, url: str, model: str) -> np.ndarray:
    """Matryoshka-truncate longer vectors; refuse shorter ones with a message naming the server."""
    got = vectors.shape[1]
    if got < dim:
        raise EmbedderError(
            f"{url}: model {model!r} returned {got}-d vectors but {dim} were asked for; "
            f"set the embedder dim to {got} or less"
        )
    return truncate(vectors, dim) if got > dim else normalize(vectors)


class _ApiEmbedder(EmbedderBase):
    """Shared body: lazy thread-safe client, batching, response checks, error wrapping."""

    def __init__(
        self,
        *,
        model: str,
        dim: int,
        api_key: str,
        base_url: str,
        timeout_s: float,
        batch_size: int,
        max_retries: int,
        send_dimensions: bool,
    ) -> None:
        if dim <= 0 or batch_size <= 0:
            raise ValueError("dim and batch_size must be positive")
        self.model = model
        self.dim = dim
        self.base_url = base_url.rstrip("/")
        self.timeout_s = timeout_s
        self.batch_size = batch_size
        self.max_retries = max_retries
        self.send_dimensions = send_dimensions
        self._api_key = api_key
        self._client: Any = None
        self._lock = threading.Lock()

    def _get_client(self) -> Any:
        if self._client is None:
            with self._lock:
                if self._client is None:
                    import openai

                    # explicit key and URL: the client would otherwise read the environment
                    self._client = openai.OpenAI(
                        api_key=self._api_key,
                        base_url=self.base_url,
                        timeout=self.timeout_s,
                        max_retries=self.max_retries,
                    )
        return self._client

    def close(self) -> None:
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def __enter__(self) -> _ApiEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _request(self, chunk: list[str]) -> np.ndarray:
        import openai

        extra = {"dimensions": self.dim} if self.send_dimensions else {}
        try:
            resp = self._get_client().embeddings.create(model=self.model, input=chunk, **extra)
        except openai.OpenAIError as exc:
            raise EmbedderError(f"embedding request to {self.base_url} failed: {exc}") from exc
        data = sorted(resp.data, key=lambda d: d.index)
        if len(data) != len(chunk):
            raise EmbedderError(f"{self.base_url}: sent {len(chunk)} texts, got {len(data)} vectors")
        try:
            return np.array([d.embedding for d in data], dtype=np.float32)
        except ValueError as exc:  # ragged rows
            raise EmbedderError(f"{self.base_url}: vectors of unequal length") from exc

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        inputs = prepare_inputs(texts)
        parts = [
            fit_vectors(self._request(inputs[i : i + self.batch_size]), self.dim, self.base_url, self.model)
            for i in range(0, len(inputs), self.batch_size)
        ]
        return np.concatenate(parts, axis=0)


class OpenAIEmbedder(_ApiEmbedder):
    """OpenAI's hosted embeddings. ``dim`` defaults to the model's native size.

    The key is passed in (the CLI reads it from the environment); none is an error on first use.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        dim: int | None = None,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout_s: float = 30.0,
        batch_size: int = 256,
        max_retries: int = 0,
    ) -> None:
        native = OPENAI_NATIVE_DIMS.get(model)
        if dim is None and native is None:
            raise ValueError(f"give dim for unknown OpenAI model {model!r}")
        super().__init__(
            model=model,
            dim=dim or native or 0,
            api_key=api_key or "",
            base_url=base_url or OPENAI_BASE_URL,
            timeout_s=timeout_s,
            batch_size=batch_size,
            max_retries=max_retries,
            send_dimensions=model.startswith("text-embedding-3"),
        )
        self.name = f"openai-{model}-{self.dim}"

    def _get_client(self) -> Any:
        if not self._api_key:
            raise EmbedderError(f"{self.base_url}: OpenAIEmbedder needs an api_key")
        return super()._get_client()


class OpenAICompatibleEmbedder(_ApiEmbedder):
    """Any server speaking POST /v1/embeddings (LM Studio, Ollama, vLLM, llama.cpp, TEI)."""

    def __init__(
        self,
        base_url: str,
        model: str,
        dim: int,
        api_key: str = "none",
        timeout_s: float = 30.0,
        batch_size: int = 64,
        max_retries: int = 0,
        send_dimensions: bool = True,
    ) -> None:
        if not base_url or not model:
            raise ValueError("OpenAICompatibleEmbedder needs base_url and model")
        super().__init__(
            model=model,
            dim=dim,
            api_key=api_key or "none",
            base_url=base_url,
            timeout_s=timeout_s,
            batch_size=batch_size,
            max_retries=max_retries,
            send_dimensions=send_dimensions,
        )
        self.name = f"openai-compatible-{model}-{dim}"
