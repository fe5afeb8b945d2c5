"""The slow path: embeddings computed off the hot path, in batches, with retry and backoff.

A failing embedder never blocks ingest: after the last try the nodes stay unembedded (counted
in ``stats``) and ``Memory.embed_missing()`` / maintenance queues them again. A batch that fails
all its tries opens a circuit breaker: later batches are given up at once (not sent to a dead
server) until ``cooldown_s`` has passed, so a backlog drains in seconds, not tries x timeout.
``close(timeout)`` abandons whatever is still queued at the deadline (it stays unembedded).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from memlab.embed.base import Embedder
from memlab.retry import CircuitBreaker, RetryPolicy, retry_call

log = logging.getLogger("memlab.embed")


@dataclass
class EmbedStats:
    queued: int = 0
    embedded: int = 0
    failed: int = 0
    retries: int = 0
    skipped: int = 0  # texts given up without a call while the breaker was open
    batches: int = 0
    last_error: str | None = None
    seconds: float = 0.0


@dataclass
class _Job:
    ids: list[int] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


_STOP = object()


class EmbedWorker:
    """One background thread: collects (node id, text), embeds in batches, hands vectors on."""

    def __init__(
        self,
        embedder: Embedder,
        store_vectors: Callable[[list[int], np.ndarray], None],
        *,
        batch_size: int = 64,
        max_wait_s: float = 0.02,
        retries: int = 3,
        backoff_s: float = 0.2,
        cooldown_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.embedder = embedder
        self.store_vectors = store_vectors
        self.batch_size = batch_size
        self.max_wait_s = max_wait_s
        self.policy = RetryPolicy(attempts=max(1, retries), backoff_s=backoff_s)  # retries = total tries
        self.breaker = CircuitBreaker(cooldown_s)
        self.sleep = sleep
        self.stats = EmbedStats()
        self._closing = False
        self._q: queue.Queue[object] = queue.Queue()
        self._idle = threading.Condition()
        self._pending = 0
        self._progress = 0  # batches finished (embedded or given up): what a stalled wait watches
        self._thread = threading.Thread(target=self._run, name="memlab-embedder", daemon=True)

    def start(self) -> EmbedWorker:
        self._thread.start()
        return self

    def put(self, node_id: int, text: str) -> None:
        with self._idle:
            self._pending += 1
        self.stats.queued += 1
        self._q.put((node_id, text))

    def wait_idle(self, timeout: float | None = None, stall_s: float | None = None) -> bool:
        """Block until every queued text was embedded (or given up on); False at ``timeout``, or
        once no batch has finished for ``stall_s`` (a hung server: its texts wait for maintain())."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._idle:
            while self._pending:
                seen = self._progress
                left = None if deadline is None else deadline - time.monotonic()
                wait = left if stall_s is None else stall_s if left is None else min(left, stall_s)
                if wait is not None and wait <= 0:
                    return False
                self._idle.wait_for(partial(self._moved, seen), wait)
                if self._pending and self._progress == seen:
                    return False
            return True

    def _moved(self, seen: int) -> bool:
        return self._pending == 0 or self._progress != seen

    def close(self, timeout: float | None = None) -> bool:
        """Stop after the queued texts, or at ``timeout`` abandon them (they stay unembedded)."""
        self._q.put(_STOP)
        if timeout is not None:
            self._thread.join(timeout)
            if self._thread.is_alive():
                self._closing = True  # the thread drops its remaining work instead of storing it
                return False
        self._thread.join()
        return True

    def _run(self) -> None:
        while True:
            item = self._q.get()
            if item is _STOP:
                return
            job = _Job()
            stop = self._collect(item, job)
            self._process(job)
            if stop:
                return

    def _collect(self, first: object, job: _Job) -> bool:
        self._add(first, job)
        deadline = time.monotonic() + self.max_wait_s
        while len(job.ids) < self.batch_size:
            try:
                item = self._q.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return False
            if item is _STOP:
                return True
            self._add(item, job)
        return False

    @staticmethod
    def _add(item: object, job: _Job) -> None:
        assert isinstance(item, tuple)
        node_id, text = item
        job.ids.append(int(node_id))
        job.texts.append(str(text))

    def _process(self, job: _Job) -> None:
        started = time.perf_counter()
        try:
            vectors = self._embed_with_retry(job.texts)
            if self._closing:  # abandoned by close(timeout): the writer is gone; maintain repairs
                self.stats.failed += len(job.ids)
            elif vectors is not None:
                self.store_vectors(job.ids, vectors)
                self.stats.embedded += len(job.ids)
            else:
                self.stats.failed += len(job.ids)
        except Exception as exc:  # storing failed: count it, never kill the thread
            self.stats.failed += len(job.ids)
            self.stats.last_error = repr(exc)
            log.exception("memlab: storing embeddings failed")
        finally:
            self.stats.batches += 1
            self.stats.seconds += time.perf_counter() - started
            with self._idle:
                self._pending -= len(job.ids)
                self._progress += 1
                self._idle.notify_all()

    def _embed_with_retry(self, texts: list[str]) -> np.ndarray | None:
        if not self.breaker.allow() or self._closing:
            self.stats.skipped += len(texts)
            return None
        try:
            vectors = retry_call(
                lambda: self._embed_once(texts),
                self.policy,
                retry_on=lambda exc: isinstance(exc, Exception) and not self._closing,
                on_retry=self._on_retry,
                sleep=self.sleep,
            )
        except Exception as exc:
            self.stats.last_error = repr(exc)
            if self.breaker.failure(exc):
                log.warning(
                    "memlab: embedding %d texts failed after %d tries (%r); skipping the embedder for "
                    "%.0f s, maintain() embeds what is missed",
                    len(texts),
                    self.policy.attempts,
                    exc,
                    self.breaker.cooldown_s,
                )
            return None
        self.breaker.success()
        return vectors

    def _embed_once(self, texts: list[str]) -> np.ndarray:
        vectors = np.asarray(self.embedder.embed_batch(texts), dtype=np.float32)
        if vectors.shape != (len(texts), self.embedder.dim):
            raise ValueError(f"embedder returned shape {vectors.shape}, expected {(len(texts), self.embedder.dim)}")
        return vectors

    def _on_retry(self, tries: int, exc: BaseException) -> None:
        self.stats.retries += 1
        self.stats.last_error = repr(exc)
