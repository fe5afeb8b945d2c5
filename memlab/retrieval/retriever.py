"""The read path's part: what search and context read, and nothing else.

The composition root builds one ``Retriever`` per open memory (``compose.build_retriever``) from
narrow ports: the store (typed reads), the vector index, a query embedder, the intent
classifier, the default recipe, the decay policy (context shows a fact's strength), the clock,
the retrieval section of the config, and ``record_access``: the queued side effect a search
hands what it returned to (reinforcement is written later by the writer thread, never here).
Every function under ``retrieval/`` takes a ``Retriever``, never the facade.

``Retriever.fact_candidates`` is the knowledge layer's internal search (conflict candidates):
the ``CANDIDATES`` recipe over active facts, read-only, never reinforcing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from memlab.lang.text import fts_query
from memlab.retrieval.fusion import rrf
from memlab.retrieval.recipes import Recipe
from memlab.store import fact_rows
from memlab.store import queries as q

if TYPE_CHECKING:
    import numpy as np

    from memlab.clock import Clock
    from memlab.config import RetrievalConfig
    from memlab.retrieval.intent import IntentClassifier
    from memlab.store.store import Store
    from memlab.store.vectors import VectorIndex
    from memlab.types import Node


class Strength(Protocol):
    """A decay policy as the read path sees it: a node's effective strength at a time."""

    def weight(self, node: Node, now: float) -> float: ...


# conflict candidates: turn FTS and vectors over active facts, equal weights, the paper's k; not
# in RECIPES (no search names it), and nothing it returns is reinforced: detection is not access
CANDIDATES = Recipe("candidates", ("fts", "vector"), {"fts": 1.0, "vector": 1.0}, use_graph=False)


def _no_access(ids: Sequence[int]) -> None:
    return None


def _no_vector(text: str) -> np.ndarray | None:
    return None


READ_MEMO_QUERIES = 8  # queries whose reads stay memoised at once (within one store generation)
READ_MEMO_KEYS = 2000  # entries one query's memo may hold (reads with many filters): past it, it starts over


@dataclass(eq=False)
class ReadMemo:
    """What reads of a query computed (channel lists, shared hits, whole results), kept while the
    store's generation (``Store.generation``) stays the one they were computed under: an agent's
    ``search(q)`` then ``context(q)`` with no write between reads the second from here. A new
    generation drops everything; the least recently read query goes past ``READ_MEMO_QUERIES``."""

    generation: Any = None
    queries: OrderedDict[str, dict[Any, Any]] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def of(self, query: str, generation: Any) -> dict[Any, Any]:
        """The memo of ``query`` under ``generation`` (a fresh one if none)."""
        with self.lock:
            if generation != self.generation:
                self.queries.clear()
                self.generation = generation
            memo = self.queries.get(query)
            if memo is None:
                memo = self.queries[query] = {}
                while len(self.queries) > READ_MEMO_QUERIES:
                    self.queries.popitem(last=False)
            else:
                self.queries.move_to_end(query)
                if len(memo) > READ_MEMO_KEYS:
                    memo.clear()
            return memo


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
    # the search under way shares window and vector hits through ``memo`` (None between searches),
    # its query's entry in ``reads`` (the reads memoised per store generation; ``reuse_reads``
    # False: every read computes afresh); ``doc_freqs`` caches FTS document frequencies per
    # table. All belong to this part alone.
    memo: dict[Any, Any] | None = None
    doc_freqs: dict[str, Any] = field(default_factory=dict)
    reads: ReadMemo = field(default_factory=ReadMemo)
    reuse_reads: bool = True

    def read_memo(self, query: str) -> dict[Any, Any]:
        """The memo a read of ``query`` shares with earlier reads of it under the store's current
        generation (read first: what is memoised is never older than its generation)."""
        if not self.reuse_reads:
            return {}
        return self.reads.of(query, self.store.generation())

    def fact_candidates(
        self,
        text: str,
        vector: np.ndarray | None,
        *,
        fact_type: str | None = None,
        entity_ids: Sequence[int] = (),
        user_id: str | None = None,
        limit: int = 10,
        con: Any = None,
    ) -> tuple[list[int], dict[int, float]]:
        """Active facts (of ``fact_type``, linked to one of ``entity_ids``, of ``user_id``) near
        ``text``: ids best first (``CANDIDATES`` fused, at most ``limit``) and each vector hit's
        cosine to ``vector``. Reads through ``con`` (default: a reader); writes nothing."""
        con = con if con is not None else self.store.reader()
        where, params = q.candidate_filter(fact_type, entity_ids, user_id)
        pool = limit * 2
        rankings: dict[str, list[int]] = {}
        match = fts_query(text)
        if match:
            rankings["fts"] = fact_rows.fts_ids(con, match, where, params, pool)
        cosines: dict[int, float] = {}
        if vector is not None and self.index is not None:

            def keep(ids: list[int]) -> set[int]:
                return fact_rows.keep_ids(con, ids, where, params) if ids else set()

            hits = self.index.search(con, vector, pool, keep=keep)
            rankings["vector"] = [i for i, _ in hits]
            cosines = dict(hits)
        fused = rrf(rankings, CANDIDATES.weights, CANDIDATES.rrf_k)
        return [f.id for f in fused][:limit], cosines
