"""The composition root: a ``MemoryConfig`` becomes the parts a memory runs on.

Config strings turn into objects here and nowhere else (embedder, intent classifier, recipe,
decay policy, chat model, consolidator, and the vector index once the database says what its
SQLite driver can load). ``Memory`` takes any part as an override, so tests pass
fakes (``Memory(path, embedder=HashingEmbedder(64))``) instead of patching attributes.

The environment is read at call time, never at import: the API-key variables the config names,
and ``MEMLAB_LLM_BASE_URL`` / ``MEMLAB_LLM_MODEL`` for the LLM consolidator. Pass ``env={}`` to
build from the config alone.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from memlab.clock import Clock, SystemClock
from memlab.config import ConsolidationConfig, MemoryConfig
from memlab.embed.base import Embedder
from memlab.knowledge.decay import DecayPolicy, EbbinghausDecay, NoDecay
from memlab.knowledge.part import Knowledge
from memlab.llm.guard import guard_chat
from memlab.retrieval.intent import IntentClassifier, build_intent_classifier
from memlab.retrieval.recipes import Recipe, configured
from memlab.retrieval.retriever import Retriever
from memlab.store.store import Store
from memlab.store.vectors import AnyIndex, VectorIndex
from memlab.types import ConsolidationContext, Consolidator, EpisodeRef, Plan

log = logging.getLogger("memlab")
LLM_BASE_URL_ENV = "MEMLAB_LLM_BASE_URL"
LLM_MODEL_ENV = "MEMLAB_LLM_MODEL"


class ConfigError(ValueError):
    """The configuration names something that cannot be built; the message says what to set."""


@dataclass(frozen=True)
class Parts:
    """Everything a memory is built from, apart from the database itself."""

    clock: Clock
    embedder: Embedder | None
    intent: IntentClassifier
    recipe: Recipe
    decay: DecayPolicy
    chat: Any  # memlab.llm ChatModel, or None
    consolidator: Consolidator
    consolidator_name: str


def build_parts(config: MemoryConfig, env: Mapping[str, str] | None = None, **overrides: Any) -> Parts:
    """Build every part from ``config``; a keyword in ``overrides`` (a ``Parts`` field) wins."""
    unknown = set(overrides) - set(Parts.__dataclass_fields__)
    if unknown:
        raise TypeError(f"unknown part(s) {sorted(unknown)}; known: {sorted(Parts.__dataclass_fields__)}")
    env = os.environ if env is None else env
    clock = overrides.get("clock") or SystemClock()
    embedder = overrides["embedder"] if "embedder" in overrides else build_embedder(config, env)
    chat = overrides["chat"] if "chat" in overrides else build_chat(config.consolidation, env)
    chat = guard_chat(chat, config.consolidation.llm_cooldown_s)  # one breaker for every LLM step
    if "consolidator" in overrides:
        consolidator = overrides["consolidator"]
        name = overrides.get("consolidator_name") or consolidator.name
    else:
        consolidator, name = build_consolidator(config.consolidation, chat)
    return Parts(
        clock=clock,
        embedder=embedder,
        intent=overrides.get("intent") or build_intent(config, embedder),
        recipe=overrides.get("recipe") or build_recipe(config),
        decay=overrides.get("decay") or build_decay(config),
        chat=chat,
        consolidator=consolidator,
        consolidator_name=str(name),
    )


def build_retriever(
    config: MemoryConfig,
    parts: Parts,
    store: Store,
    index: VectorIndex | None,
    embed_query: Callable[[str], np.ndarray | None],
    record_access: Callable[[Sequence[int]], None],
) -> Retriever:
    """The read path's part, over an open store: the ports it reads and nothing more."""
    return Retriever(
        store=store,
        config=config.retrieval,
        clock=parts.clock,
        intent=parts.intent,
        recipe=parts.recipe,
        decay=parts.decay,
        index=index,
        embed_query=embed_query,
        record_access=record_access,
    )


def build_knowledge(
    config: MemoryConfig,
    parts: Parts,
    store: Store,
    index: VectorIndex | None,
    hooks: Mapping[str, Callable[..., Any]],
    lock: threading.Lock | None = None,
    *,
    chat: Any,
    embedder: Embedder | None,
    retriever: Retriever,
) -> Knowledge:
    """The knowledge layer's part, over an open store. ``hooks``: the slow-path calls the facade
    owns (``queue_embedding``, ``flush``, ``embed_missing``, ``close_idle_sessions``,
    ``wait_consolidated``); ``lock``: the consolidation lock of a part this one replaces;
    ``chat``/``embedder``: the memory's current ones (a test may swap them after the open);
    ``retriever``: the read path's part over the same store and index (conflict candidates)."""
    return Knowledge(
        store=store,
        config=config,
        clock=parts.clock,
        consolidator=parts.consolidator,
        consolidator_name=parts.consolidator_name,
        decay=parts.decay,
        retriever=retriever,
        chat=chat,
        embedder=embedder,
        index=index,
        lock=lock or threading.Lock(),
        **hooks,
    )


def build_embedder(config: MemoryConfig, env: Mapping[str, str] | None = None) -> Embedder | None:
    from memlab.embed.factory import build_embedder as from_section

    env = os.environ if env is None else env
    cfg = config.embedder
    return from_section(cfg, api_key=env.get(cfg.api_key_env))


def build_index(
    config: MemoryConfig, dim: int, can_load_extensions: bool, sidecar: str | Path | None = None
) -> AnyIndex:
    """The vector index ``store.vector_backend`` names, for ``dim``-d vectors (built after the
    store opens: sqlite-vec needs a driver that can load extensions); ``sidecar``: the file the
    numpy matrix is cached in between processes."""
    from memlab.store.vectors import make_index

    return make_index(config.store.vector_backend, dim, can_load_extensions, sidecar)


def build_intent(config: MemoryConfig, embedder: Embedder | None) -> IntentClassifier:
    cfg = config.retrieval
    needs = embedder if cfg.intent_classifier == "embedding" else None
    return build_intent_classifier(cfg.intent_classifier, needs, cfg.intent_threshold, None)


def build_recipe(config: MemoryConfig, name: str | None = None) -> Recipe:
    """The named recipe (default: the configured one) with the config's weights and k applied."""
    return configured(config.retrieval, name)


def build_decay(config: MemoryConfig) -> DecayPolicy:
    cfg = config.decay
    if cfg.policy == "none":
        return NoDecay()
    if cfg.policy == "ebbinghaus":
        return EbbinghausDecay(lambda_=cfg.lambda_, beta=cfg.beta)
    raise ConfigError(f"unknown decay policy {cfg.policy!r}; choose ebbinghaus or none")


def build_chat(cfg: ConsolidationConfig, env: Mapping[str, str] | None = None) -> Any:
    """An OpenAI-compatible chat model when the LLM consolidator is configured, else None."""
    if cfg.consolidator not in ("llm", "nlp+llm"):
        return None
    env = os.environ if env is None else env
    base_url = cfg.base_url or env.get(LLM_BASE_URL_ENV, "")
    model = cfg.model or env.get(LLM_MODEL_ENV, "")
    if not base_url or not model:
        raise ConfigError(
            "consolidation.consolidator = 'llm' needs a server: set consolidation.base_url and "
            f"consolidation.model (or {LLM_BASE_URL_ENV} and {LLM_MODEL_ENV}), or use consolidator = 'rules'"
        )
    from memlab.llm.client import OpenAICompatChat

    return OpenAICompatChat(
        base_url,
        model,
        api_key=env.get(cfg.api_key_env) or "none",
        timeout_s=cfg.timeout_s,
        retries=cfg.retries,
        deadline_s=cfg.deadline_s,
        max_tokens=cfg.max_tokens,
        response_format=cfg.response_format,
    )


def build_consolidator(cfg: ConsolidationConfig, chat: Any) -> tuple[Consolidator, str]:
    if cfg.consolidator in ("llm", "nlp+llm"):
        if chat is None:
            raise ConfigError(f"consolidation.consolidator = {cfg.consolidator!r} needs a chat model")
        from memlab.knowledge.llm_consolidator import LLMConsolidator, ProposeAndDispose

        llm = LLMConsolidator(chat, cfg.page_size, context_tokens=cfg.context_tokens or None,
                              max_tokens=cfg.max_tokens)  # fmt: skip
        if cfg.consolidator == "llm":
            return llm, "llm"
        offline, _name = build_consolidator(replace(cfg, consolidator="nlp"), None)
        return ProposeAndDispose(llm, offline), "nlp+llm"
    if cfg.consolidator == "nlp":
        from memlab.knowledge.extract import nlp_available

        if nlp_available():
            from memlab.knowledge.extract.consolidator import NLPConsolidator

            return NLPConsolidator(learned=cfg.learned_fallback), "nlp"
        log.warning(
            "memlab: consolidator 'nlp' needs spaCy with an English pipeline and natasha "
            "(pip install 'memlab[nlp]'); using the phrase rules, which read only plain first-person "
            "statements (recall 2-4% on the tuned splits, against about 62% for nlp; see docs/decisions)"
        )
    if cfg.consolidator in ("rules", "nlp"):
        return DeferredRules(), "rules"
    raise ConfigError(f"unknown consolidator {cfg.consolidator!r}; choose nlp, rules, llm or nlp+llm")


class DeferredRules:
    """The rule consolidator, imported on its first ``consolidate`` call: compiling its patterns
    took 0.1-0.2 s of every ``Memory.open`` (measured at 100K: a third of open + first search),
    and a process that only reads never consolidates."""

    name = "rules"

    def __init__(self) -> None:
        self._inner: Consolidator | None = None
        self._lock = threading.Lock()

    @property
    def inner(self) -> Consolidator:
        if self._inner is None:
            with self._lock:
                if self._inner is None:
                    from memlab.knowledge.rules import RuleConsolidator

                    self._inner = RuleConsolidator()
        return self._inner

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        return self.inner.consolidate(episodes, context)
