"""``MemoryView``: what the layers below the facade may see of an open memory.

Retrieval and knowledge functions take their part (``Memory.retriever``, ``Memory.knowledge``:
narrow ports built by the composition root), not this view; only the background consolidation
worker, which lives with the memory's lifecycle (session-complete callbacks, flush, its own
registry entry), takes it. Nothing under ``store/``, ``retrieval/`` or ``knowledge/`` imports the
facade. ``Memory`` satisfies it structurally; mypy checks that wherever a ``Memory`` is passed on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np

    from memlab.clock import Clock
    from memlab.compose import Parts
    from memlab.config import MemoryConfig
    from memlab.embed.base import Embedder
    from memlab.knowledge.part import Knowledge
    from memlab.retrieval.retriever import Retriever
    from memlab.store.store import Store
    from memlab.store.vectors import VectorIndex


class MemoryView(Protocol):
    """The parts, state and slow-path hooks of an open memory (read-only attributes)."""

    @property
    def config(self) -> MemoryConfig: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def store(self) -> Store:
        """The open store (raises when the memory is not open)."""
        ...

    @property
    def parts(self) -> Parts:
        """What the composition root built: intent classifier, recipe, decay, consolidator, ..."""
        ...

    @property
    def embedder(self) -> Embedder | None: ...

    @property
    def knowledge(self) -> Knowledge:
        """The knowledge layer's part (consolidation and maintenance run on it)."""
        ...

    @property
    def retriever(self) -> Retriever:
        """The read path's part (search and context run on it)."""
        ...

    @property
    def index(self) -> VectorIndex | None: ...

    @property
    def chat(self) -> Any:
        """The ChatModel for LLM steps, or None."""
        ...

    @property
    def extensions(self) -> dict[str, Any]:
        """Per-memory state of optional layers (caches, classifiers, background workers)."""
        ...

    def flush(self, timeout: float | None = None) -> bool: ...

    def embed_query(self, text: str) -> np.ndarray | None: ...

    def queue_embedding(self, node_id: int, text: str) -> bool:
        """Hand a stored node's text to the slow path; False when no embedder runs."""
        ...

    def embed_missing(self, limit: int | None = None) -> int: ...

    def close_idle_sessions(self) -> list[str]: ...

    def record_access(self, ids: Sequence[int]) -> None:
        """Queue the reinforcement of the nodes a read returned (applied by the writer, later)."""
        ...

    def on_session_complete(self, callback: Callable[[str], None]) -> None: ...
