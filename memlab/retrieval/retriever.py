"""The read path's part: what search and context read, and nothing else.

The composition root builds one ``Retriever`` per open memory (``compose.build_retriever``) from
narrow ports: the store (typed reads), the vector index, a query embedder, the intent
classifier, the default recipe, the decay policy (context shows a fact's strength), the clock,
the retrieval section of the config, and ``record_access``: the queued side effect a search
hands what it returned to (reinforcement is written later by the writer thread, never here).
Every function under ``retrieval/`` takes a ``Retriever``, never the facade.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np

    from memlab.clock import Clock
    from memlab.config import RetrievalConfig
    from memlab.retrieval.intent import IntentClassifier
    from memlab.retrieval.recipes import Recipe
    from memlab.store.store import Store
    from memlab.store.vectors import VectorIndex
    from memlab.types import Node


class Strength(Protocol):
    """A decay policy as the read path sees it: a node's effective strength at a time."""

    def weight(self, node: Node, now: float) -> float: ...


def _no_access(ids: Sequence[int]) -> None:
    return None


def _no_vector(text: str) -> np.ndarray | None:
    return None


@dataclass(eq=False)
class Retriever:
    store: Store
    config: RetrievalConfig
    clock: Clock
    intent: IntentClassifier
    recipe: Recipe
    decay: Strength
    index: VectorIndex | None = None
    embed_query: Callable[[str], np.ndarray | None] = _no_vector
    record_access: Callable[[Sequence[int]], None] = _no_access
    # the search under way shares window and vector hits through ``memo`` (None between searches);
    # ``doc_freqs`` caches FTS document frequencies per table. Both belong to this part alone.
    memo: dict[Any, Any] | None = None
    doc_freqs: dict[str, Any] = field(default_factory=dict)
