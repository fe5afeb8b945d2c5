"""Embedders behind the OpenAI embeddings API: OpenAI itself and compatible local servers.

Both speak ``POST {base_url}/embeddings`` through ``memlab.apiclient`` (the session, timeouts and
HTTP error mapping they share with the chat model). ``dimensions`` is sent so that
Matryoshka models (text-embedding-3-*, nomic, mxbai, ...) shorten vectors server-side; servers
that ignore it (many LM Studio / Ollama / vLLM builds) return longer vectors, which we truncate
and renormalise here. Vectors shorter than asked for cannot be fixed: that is an error.

Retries: memlab retries in one place (``memlab.retry``, used by the embed worker), so a request's
own retries are off by default (``max_retries=0``): with them a dead server cost
timeout x request tries x worker tries per batch.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memlab.apiclient import ApiClient, Refused, Retryable
from memlab.embed.base import EmbedderBase, EmbedderError, normalize, truncate
from memlab.embed.wordllama import utf8_safe
from memlab.retry import RetryPolicy

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
    """Shared body: the API client, batching, response checks, error wrapping."""

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
        self.http = ApiClient(self.base_url, api_key, timeout_s)  # explicit key: nothing read from the environment

    def _check_key(self) -> None:
        return None

    def close(self) -> None:
        self.http.close()

    def __enter__(self) -> _ApiEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _request(self, chunk: list[str]) -> np.ndarray:
        self._check_key()
        body: dict[str, object] = {"model": self.model, "input": chunk}
        if self.send_dimensions:
            body["dimensions"] = self.dim
        policy = RetryPolicy(self.max_retries + 1)
        try:
            payload = self.http.call(lambda: self.http.post("embeddings", body), policy)
        except (Retryable, Refused) as exc:
            raise EmbedderError(f"embedding request to {self.base_url} failed: {exc}") from exc
        rows = payload.get("data")
        if not isinstance(rows, list) or not all(isinstance(d, dict) for d in rows):
            raise EmbedderError(f"{self.base_url}: the answer has no list of vectors")
        data = sorted(rows, key=lambda d: int(d.get("index", 0)))
        if len(data) != len(chunk):
            raise EmbedderError(f"{self.base_url}: sent {len(chunk)} texts, got {len(data)} vectors")
        try:
            return np.array([d.get("embedding") for d in data], dtype=np.float32)
        except (ValueError, TypeError) as exc:  # ragged or missing rows
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

    def _check_key(self) -> None:
        if not self._api_key:
            raise EmbedderError(f"{self.base_url}: OpenAIEmbedder needs an api_key")


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
