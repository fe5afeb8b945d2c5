"""The knowledge layer's part: what consolidation, maintenance, entity work and causal inference
use of an open memory, and nothing else.

The composition root builds one ``Knowledge`` per open memory (``compose.build_knowledge``) from
narrow ports: the store (typed reads, the writer), the read path's ``Retriever`` (conflict
candidates), the vector index and embedder (fact and entity
vectors), the consolidator and chat model, the decay policy, the clock, the config (its
consolidation and decay sections), and the slow-path hooks the facade owns (queue an embedding,
flush, repair missing vectors, close idle sessions, wait for background consolidation). Every
function under ``knowledge/`` takes a ``Knowledge``, never the facade; only the background
worker (``consolidation/worker.py``), which lives with the memory's lifecycle, takes the view.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from memlab.clock import Clock
    from memlab.config import MemoryConfig
    from memlab.embed.base import Embedder
    from memlab.knowledge.decay import DecayPolicy
    from memlab.retrieval.retriever import Retriever
    from memlab.store.store import Store
    from memlab.store.vectors import VectorIndex
    from memlab.types import Consolidator


def _nothing(*args: Any) -> Any:
    return None


@dataclass(eq=False)
class Knowledge:
    store: Store
    config: MemoryConfig
    clock: Clock
    consolidator: Consolidator
    consolidator_name: str
    decay: DecayPolicy
    retriever: Retriever  # its internal recipe finds conflict candidates (``fact_candidates``)
    chat: Any = None  # memlab.llm ChatModel, or None
    embedder: Embedder | None = None
    index: VectorIndex | None = None
    queue_embedding: Callable[[int, str], bool] = _nothing
    flush: Callable[..., bool] = _nothing
    embed_missing: Callable[..., int] = _nothing
    close_idle_sessions: Callable[[], list[str]] = _nothing
    wait_consolidated: Callable[..., Any] = _nothing  # (timeout seconds or None) -> all done?
    # one consolidation at a time per memory (kept when the part is rebuilt over a new index)
    lock: threading.Lock = field(default_factory=threading.Lock)
