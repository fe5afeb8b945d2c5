"""Baselines and memlab methods behind one interface (replay.Subject), scored the same way.

- ``naive_rag``: top-k cosine over every message with the same embedder as memlab, numpy only;
  no time, no sessions, no supersession. The approach the mission starts from.
- ``bm25``: Okapi BM25 over every message (rank_bm25, an implementation independent of
  SQLite's FTS5), on the same stemmed tokens memlab indexes.
- ``full_history``: the whole conversation as the context, newest messages kept when it is
  longer than ``FULL_HISTORY_WORDS`` (the long-context baseline of LoCoMo and Mem0's papers;
  with a reader model its answers are what "no memory, just a long prompt" scores).
- ``memlab``: a ``Memory`` built from a ``MemoryConfig`` (recipe, decay, embedder... are knobs).

A :class:`MethodSpec` is plain data, so a suite can ship it to a worker process;
:class:`SubjectFactory` turns it into a fresh subject for each replay.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from memlab.bench.subjects import MemlabSubject, Retrieved, Subject
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.datasets.schema import Question, Turn

KINDS: tuple[str, ...] = ("memlab", "naive_rag", "bm25", "full_history")
FULL_HISTORY_WORDS = 3000


@dataclass(frozen=True)
class MethodSpec:
    """One method of a suite: a baseline, or memlab with config overrides (section -> fields)."""

    name: str
    kind: str = "memlab"
    config: dict[str, dict[str, Any]] = field(default_factory=dict)
    context_k: int = 10  # baselines: messages joined into the context

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"method {self.name!r}: unknown kind {self.kind!r}; known: {list(KINDS)}")

    def memory_config(self, base: MemoryConfig) -> MemoryConfig:
        return base.replace(**self.config) if self.config else base


def _join(texts: Sequence[str]) -> str:
    return "\n".join(f"- {t}" for t in texts)


class _MessageStore(Subject):
    """Shared bookkeeping of the flat baselines: every message with its turn id, nothing else."""

    def __init__(self, context_k: int) -> None:
        self.context_k = context_k
        self.ids: list[str] = []
        self.texts: list[str] = []

    def ingest(self, turn: Turn) -> None:
        self.ids.append(turn.id)
        self.texts.append(turn.text)

    def scores(self, query: str) -> np.ndarray:
        raise NotImplementedError

    def retrieve(self, question: Question, limit: int) -> Retrieved:
        t0 = time.perf_counter()
        order: list[int] = []
        if self.ids:
            s = self.scores(question.text)
            n = min(limit, len(s))
            top = np.argpartition(-s, n - 1)[:n]
            order = [int(i) for i in top[np.argsort(-s[top], kind="stable")]]
        t1 = time.perf_counter()
        context = _join([self.texts[i] for i in order[: self.context_k]])
        t2 = time.perf_counter()
        # The context needs the search first: its latency is the whole path.
        return Retrieved(tuple(self.ids[i] for i in order), tuple(self.texts[i] for i in order), context,
                         t1 - t0, t2 - t0)  # fmt: skip

    def footprint(self) -> dict[str, Any]:
        return {"nodes": len(self.ids), "db_bytes": self.nbytes(), "in_memory": True}

    def nbytes(self) -> int:
        return sum(len(t.encode("utf-8")) for t in self.texts)


class NaiveRAG(_MessageStore):
    """Cosine top-k over all messages (vectors are L2-normalised, so a dot product)."""

    name = "naive_rag"

    def __init__(self, embedder: Any, context_k: int = 10, batch: int = 256) -> None:
        super().__init__(context_k)
        self.embedder = embedder
        self.batch = batch
        self._blocks: list[np.ndarray] = []
        self._matrix: np.ndarray | None = None
        self._embedded = 0

    def settle(self) -> None:
        pending = self.texts[self._embedded :]
        for i in range(0, len(pending), self.batch):
            self._blocks.append(
                np.asarray(self.embedder.embed_batch(pending[i : i + self.batch]), dtype=np.float32)
            )
        if pending:
            self._embedded = len(self.texts)
            self._matrix = np.vstack(self._blocks)

    def scores(self, query: str) -> np.ndarray:
        assert self._matrix is not None, "settle() before scores()"
        q = np.asarray(self.embedder.embed_batch([query])[0], dtype=np.float32)
        return self._matrix @ q  # type: ignore[no-any-return]

    def nbytes(self) -> int:
        return super().nbytes() + sum(b.nbytes for b in self._blocks)


def bm25_tokens(text: str) -> list[str]:
    """Stemmed, stop-word-free tokens: the same view of a text that memlab's FTS index gets."""
    from memlab.lang.text import is_stopword, stem_word, tokenize

    return [stem_word(w) for w in tokenize(text) if not is_stopword(w)]


class BM25(_MessageStore):
    """Okapi BM25 (k1 = 1.5, b = 0.75: rank_bm25's defaults) over all messages."""

    name = "bm25"

    def __init__(self, context_k: int = 10) -> None:
        super().__init__(context_k)
        self._tokens: list[list[str]] = []
        self._index: Any = None

    def ingest(self, turn: Turn) -> None:
        super().ingest(turn)
        self._tokens.append(bm25_tokens(turn.text) or ["\u2205"])  # rank_bm25 cannot score empty docs
        self._index = None

    def settle(self) -> None:
        if self._index is None and self._tokens:
            from rank_bm25 import BM25Okapi

            self._index = BM25Okapi(self._tokens)

    def scores(self, query: str) -> np.ndarray:
        self.settle()
        return np.asarray(self._index.get_scores(bm25_tokens(query)), dtype=np.float64)


class FullHistory(_MessageStore):
    """Every message before the question, oldest first, cut from the front to ``max_words``."""

    name = "full_history"

    def __init__(self, max_words: int = FULL_HISTORY_WORDS) -> None:
        super().__init__(0)
        self.max_words = max_words

    def retrieve(self, question: Question, limit: int) -> Retrieved:
        t0 = time.perf_counter()
        kept: list[int] = []
        words = 0
        for i in range(len(self.texts) - 1, -1, -1):
            words += len(self.texts[i].split())
            if words > self.max_words and kept:
                break
            kept.append(i)
        context = _join([self.texts[i] for i in reversed(kept)])
        dt = time.perf_counter() - t0
        return Retrieved(tuple(self.ids[i] for i in kept[:limit]), tuple(self.texts[i] for i in kept[:limit]),
                         context, dt, dt)  # fmt: skip


class SubjectFactory:
    """``factory(clock) -> Subject``: a fresh subject per replay, from plain data (picklable).

    memlab methods get a new SQLite file under ``workdir`` for each replay; the embedder is
    built once per factory and shared by its replays (loading a model once, not per dataset).
    """

    def __init__(
        self, method: MethodSpec, base: MemoryConfig, workdir: str | Path, embedder: Any = None
    ) -> None:
        self.method = method
        # consolidation on the replay's thread, not a background one: reproducible runs
        self.config = method.memory_config(base).replace(consolidation={"auto": False})
        self.workdir = Path(workdir)
        self._embedder = embedder
        self._replays = 0

    def embedder(self) -> Any:
        if self._embedder is None:
            from memlab.compose import build_embedder

            self._embedder = build_embedder(self.config)
        return self._embedder

    def __call__(self, clock: SimulatedClock) -> Subject:
        kind = self.method.kind
        if kind == "naive_rag":
            if self.embedder() is None:
                raise ValueError(
                    f"method {self.method.name!r}: naive_rag needs an embedder (embedder.name != 'none')"
                )
            return NaiveRAG(self.embedder(), self.method.context_k)
        if kind == "bm25":
            return BM25(self.method.context_k)
        if kind == "full_history":
            return FullHistory()
        from memlab.memory import Memory

        self.workdir.mkdir(parents=True, exist_ok=True)
        path = self.workdir / f"{_slug(self.method.name)}-{self._replays}.db"
        self._replays += 1
        memory = Memory.open(path, self.config, clock=clock, embedder=self.embedder())
        return MemlabSubject(memory)


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:80]
