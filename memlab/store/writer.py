"""SingleWriter: one thread owns the write connection (the idea of datasette's execute_write_fn).

Writes are callables ``fn(con) -> T`` queued to that thread. Consecutive queued writes share one
transaction (group commit); each runs inside its own SAVEPOINT, so one failing write rolls back
alone. A future resolves only after COMMIT, so an awaited write is durable (WAL). Fire-and-forget
failures are logged and counted, never dropped silently, and belong to the thread that queued
them: ``flush()`` raises ``WriteFailed`` for the caller's own failed writes, never for another
thread's, and never returns normally while one of the caller's writes failed unreported.

The queue is bounded (``max_queued``): when it is full, ``submit`` blocks up to ``put_timeout_s``
(or raises at once with ``full="raise"``) with ``WriterBusy``, so accepted-but-uncommitted writes,
what a crash can lose, never exceed ``max_queued + batch_max`` (``pending()`` says how many now).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, TypeVar

from memlab.retry import RetryPolicy, retry_call
from memlab.store.connect import DatabaseError

T = TypeVar("T")
log = logging.getLogger("memlab.writer")

WriteFn = Callable[[Any], Any]
AfterFn = Callable[[Any], None]


class WriterClosed(RuntimeError):
    """The writer was closed; the write was not queued."""


class WriteFailed(DatabaseError):
    """Queued writes could not be committed (full disk, I/O error); they were not written."""


class WriterBusy(RuntimeError):
    """The write queue stayed full (the disk is slower than the producer); the write was not queued."""


@dataclass
class WriterStats:
    submitted: int = 0
    committed: int = 0
    failed: int = 0
    transactions: int = 0
    errors: list[str] = field(default_factory=list)  # last few fire-and-forget failures
    repeated: int = 0  # fire-and-forget failures not logged again because the same error was logged
    unawaited_failed: int = 0  # fire-and-forget failures (nobody holds a future to hear of them)


@dataclass
class _Item:
    fn: WriteFn
    future: Future[Any] | None
    after: AfterFn | None = None
    owner: int = 0  # the queuing thread's ident: a fire-and-forget failure is reported to it
    background: bool = False  # a side effect no read waits for (see ``flush_visible``)
    neutral: bool = False  # changes nothing a ranking reads: does not bump the generation


@dataclass
class _Owed:
    """A thread's fire-and-forget failures that no flush() of its own has reported yet."""

    count: int = 0
    last: str = ""


_STOP = object()

# The store's generation: a counter in ``meta`` that every committed write transaction bumps
# (inside it, so any process's writes count and a rollback undoes the bump), except one whose
# writes are all ``neutral``. Readers key what they memoise on it (``Store.generation``).
GENERATION_KEY = "generation"
BUMP_GENERATION = (
    f"INSERT INTO meta(key, value) VALUES ('{GENERATION_KEY}', '1') "
    "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1"
)


class SingleWriter:
    def __init__(
        self,
        connect: Callable[[], Any],
        batch_max: int = 512,
        begin_retries: int = 20,
        *,
        max_queued: int = 10_000,
        full: str = "block",
        put_timeout_s: float | None = 30.0,
        track_generation: bool = False,
    ) -> None:
        if full not in ("block", "raise"):
            raise ValueError(f"full must be 'block' or 'raise', got {full!r}")
        self._connect = connect
        self.batch_max = batch_max
        self.begin_policy = RetryPolicy(attempts=max(1, begin_retries), backoff_s=0.01, max_backoff_s=1.0)
        self.max_queued = max(1, max_queued)
        self.full = full
        self.put_timeout_s = put_timeout_s
        self.stats = WriterStats()
        self._owed: dict[int, _Owed] = {}  # per queuing thread (issue 35: not one shared count)
        self._q: queue.Queue[Any] = queue.Queue(self.max_queued)
        self._inflight = 0
        self._visible = 0  # queued or in-flight writes a read must see (not background, not barriers)
        self._last_logged: str | None = None
        self._thread: threading.Thread | None = None
        self._closed = False
        self._lock = threading.Lock()
        self.on_rollback: list[Callable[[], None]] = []
        # run on the writer thread just before each COMMIT, inside the transaction (writes that
        # buffer rows in Python insert them here); a failure fails the batch like a failed COMMIT
        self.before_commit: list[Callable[[Any], None]] = []
        # run on the writer thread inside BEGIN when another connection (a second process) has
        # committed since our last transaction: caches of what the database holds are stale
        self.on_foreign_commit: list[Callable[[], None]] = []
        self._data_version: int | None = None
        # a memlab database: bump the stored generation (``GENERATION_KEY``) with every write
        self.track_generation = track_generation
        self.generation = 0  # transactions of this writer that bumped it

    # -- lifecycle -------------------------------------------------------------------------
    def start(self) -> SingleWriter:
        ready: Future[None] = Future()
        self._thread = threading.Thread(target=self._run, args=(ready,), name="memlab-writer", daemon=True)
        self._thread.start()
        ready.result()
        return self

    def close(self, timeout: float | None = None) -> bool:
        """Drain every queued write, then stop the thread and close the connection.

        Returns False when the thread did not finish within ``timeout`` (it keeps draining)."""
        with self._lock:
            if self._closed:
                return not self.alive
            self._closed = True
        if self._thread is None or not self._thread.is_alive():
            return True
        if self.in_writer_thread:  # closed from a hook on this thread: stop after this batch
            try:
                self._q.put_nowait(_STOP)
            except queue.Full:
                log.error("memlab writer: closed from its own thread with a full queue")
            return False
        try:
            self._q.put(_STOP, timeout=timeout)
        except queue.Full:
            return False
        self._thread.join(timeout)
        if self.stats.repeated:
            log.error("memlab writer: %d more fire-and-forget failures repeated the last logged error",
                      self.stats.repeated)
        return not self._thread.is_alive()

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def pending(self) -> int:
        """Accepted writes not yet committed: what a crash (kill -9, power loss) would lose now."""
        return self._q.qsize() + self._inflight

    @property
    def in_writer_thread(self) -> bool:
        return threading.current_thread() is self._thread

    # -- submitting ------------------------------------------------------------------------
    def submit(self, fn: Callable[[Any], T], after: AfterFn | None = None) -> Future[T]:
        """Queue ``fn(con)``; the future resolves with its result after COMMIT."""
        fut: Future[T] = Future()
        self._put(_Item(fn, fut, after))
        return fut

    def submit_nowait(
        self, fn: WriteFn, after: AfterFn | None = None, *, background: bool = False, neutral: bool = False
    ) -> None:
        """Fire-and-forget: returns at once; a failure is logged, counted in ``stats`` and raised
        by the next ``flush()`` of the thread that queued it. ``background``: a side effect no
        read needs to see (reinforcement on access): ``flush_visible()`` does not wait for it.
        ``neutral``: the write changes no column a ranking reads (reinforcement: strength and
        access stamps), so it leaves the store's generation (``GENERATION_KEY``) as it was."""
        self._put(_Item(fn, None, after, threading.get_ident(), background, neutral))

    async def run(self, fn: Callable[[Any], T]) -> T:
        """The asyncio form of ``submit``."""
        import asyncio  # imported here: ~50 ms (with ssl) of every fresh open otherwise

        return await asyncio.wrap_future(self.submit(fn))

    def call(self, fn: Callable[[Any], T]) -> T:
        """Run ``fn`` and wait; runs inline when already on the writer thread (no deadlock)."""
        if self.in_writer_thread:
            result = fn(self._con)
            if not self._con.in_transaction:  # outside a batch (an after-commit hook): no COMMIT follows
                self._before_commit()
                self._bump(self._con)
            return result
        return self.submit(fn).result()

    def flush(self, timeout: float | None = None) -> None:
        """Wait until everything queued before this call is committed.

        Raises ``WriteFailed`` when a fire-and-forget write this thread queued failed (each failure
        is reported once); another thread's failures are theirs to hear of, not this caller's."""
        if self.in_writer_thread or self._thread is None:
            return
        fut: Future[None] = Future()
        # a barrier, not a write: it waits for room whatever the full policy (within timeout)
        self._put(_Item(lambda con: None, fut, background=True, neutral=True), wait=True, timeout=timeout)
        try:
            fut.result(timeout)
        except TimeoutError:
            raise
        except Exception:  # the barrier shared a failed transaction: the writes in it are counted
            pass
        self.raise_owed()

    def flush_visible(self, timeout: float | None = None) -> None:
        """What a read must wait for: ``flush()`` when a write other than a background one is
        queued or in flight, else nothing (a read after reads costs no round trip to the writer).
        Raises this thread's ``WriteFailed`` either way."""
        with self._lock:
            busy = self._visible > 0
        if busy:
            self.flush(timeout)
        else:
            self.raise_owed()

    def raise_owed(self) -> None:
        """Raise ``WriteFailed`` for this thread's unreported fire-and-forget failures, once."""
        with self._lock:
            owed = self._owed.pop(threading.get_ident(), None)
        if owed is not None and owed.count:
            raise WriteFailed(
                f"{owed.count} queued write(s) failed and were not written (last: {owed.last}); "
                "the others are committed (check free disk space and permissions)"
            )

    def owes(self) -> int:
        """This thread's fire-and-forget failures not yet reported by a flush()."""
        with self._lock:
            owed = self._owed.get(threading.get_ident())
        return owed.count if owed is not None else 0

    def _put(self, item: _Item, wait: bool = False, timeout: float | None = None) -> None:
        if self._closed:
            raise WriterClosed("memory is closed; the write was not queued")
        if self._thread is not None and not self._thread.is_alive():
            raise WriterClosed("the writer thread has stopped; the write was not queued")
        block = (wait or self.full == "block") and not self.in_writer_thread
        if not item.background:
            with self._lock:
                self._visible += 1
        try:
            self._q.put(item, block=block, timeout=(timeout if wait else self.put_timeout_s) if block else None)
        except queue.Full:
            if not item.background:
                with self._lock:
                    self._visible -= 1
            raise WriterBusy(
                f"write queue full ({self.max_queued} writes waiting for the disk"
                + (f" for {self.put_timeout_s}s" if block else "")
                + "); the write was not queued: retry later, flush(), or raise store.writer_queue_max"
            ) from None
        self.stats.submitted += 1

    # -- the writer thread -------------------------------------------------------------------
    def _run(self, ready: Future[None]) -> None:
        try:
            self._con = self._connect()
        except BaseException as exc:  # surface open errors to start()
            ready.set_exception(exc)
            return
        ready.set_result(None)
        stop = False
        while not stop:
            batch = [self._q.get()]
            while len(batch) < self.batch_max:
                try:
                    batch.append(self._q.get_nowait())
                except queue.Empty:
                    break
            if any(item is _STOP for item in batch):
                stop = True
                batch = [item for item in batch if item is not _STOP]
            if stop:  # writes that raced close() in behind the stop mark: commit them too
                batch += self._drain_now()
            if batch:
                self._inflight = len(batch)
                try:
                    self._apply(batch)
                finally:
                    self._inflight = 0
        try:
            self._con.close()
        except Exception as exc:  # e.g. the final checkpoint on a full disk: the WAL keeps the data
            log.error("memlab writer: closing the connection failed: %r", exc)

    def _drain_now(self) -> list[Any]:
        out: list[Any] = []
        while True:
            try:
                item = self._q.get_nowait()
            except queue.Empty:
                return out
            if item is not _STOP:
                out.append(item)

    def _begin(self) -> None:
        # locked by another process: back off and retry; any other error is final
        retry_call(
            lambda: self._con.execute("BEGIN IMMEDIATE"),
            self.begin_policy,
            retry_on=lambda exc: "locked" in str(exc) or "busy" in str(exc),
            sleep=time.sleep,
        )
        version = int(self._con.execute("PRAGMA data_version").fetchone()[0])  # ours never change it
        if self._data_version is not None and version != self._data_version:
            for hook in self.on_foreign_commit:
                hook()
        self._data_version = version

    def _apply(self, batch: list[_Item]) -> None:
        """Group commit. Optimistic: the batch runs without savepoints (a SAVEPOINT copies every
        page it touches into a sub-journal, which doubled the cost of an FTS insert); only if some
        write fails is the transaction rolled back and replayed with one savepoint per write, so
        the failing write rolls back alone. Write functions must therefore be safe to re-run
        after a rollback (DB work only; Python caches reset through ``on_rollback``)."""
        try:
            self._begin()
        except BaseException as exc:
            for item in batch:
                self._finish(item, None, exc)
            return
        outcomes = self._run_batch(batch, isolate=len(batch) == 1)
        if len(batch) > 1 and any(err is not None for _, _, err in outcomes):
            self._rollback()
            try:
                self._begin()
            except BaseException as exc:
                for item in batch:
                    self._finish(item, None, exc)
                return
            outcomes = self._run_batch(batch, isolate=True)
        try:
            self._before_commit()
            if any(err is None and not item.neutral for item, _, err in outcomes):
                self._bump(self._con)
            self._con.execute("COMMIT")
            self.stats.transactions += 1
        except BaseException as exc:
            self._rollback()
            outcomes = [(item, None, exc) for item, _, _ in outcomes]
        for item, result, error in outcomes:
            self._finish(item, result, error)

    def _run_batch(self, batch: list[_Item], isolate: bool) -> list[tuple[_Item, Any, BaseException | None]]:
        con = self._con
        outcomes: list[tuple[_Item, Any, BaseException | None]] = []
        for item in batch:
            if isolate:
                con.execute("SAVEPOINT w")
            try:
                result = item.fn(con)
                if isolate:
                    con.execute("RELEASE w")
                outcomes.append((item, result, None))
            except BaseException as exc:
                if not isolate:
                    return outcomes + [(item, None, exc)]
                con.execute("ROLLBACK TO w")
                con.execute("RELEASE w")
                outcomes.append((item, None, exc))
        return outcomes

    def _before_commit(self) -> None:
        for hook in self.before_commit:
            hook(self._con)

    def _bump(self, con: Any) -> None:
        """One more write in the stored generation (inside the transaction that makes the write)."""
        if not self.track_generation:
            return
        con.execute(BUMP_GENERATION)
        self.generation += 1

    def _rollback(self) -> None:
        if self._con.in_transaction:
            self._con.execute("ROLLBACK")
        for hook in self.on_rollback:
            hook()

    def _finish(self, item: _Item, result: Any, error: BaseException | None) -> None:
        try:
            self._settle(item, result, error)
        finally:
            if not item.background:
                with self._lock:
                    self._visible -= 1

    def _settle(self, item: _Item, result: Any, error: BaseException | None) -> None:
        if error is None:
            self.stats.committed += 1
            if item.after is not None:
                try:
                    item.after(result)
                except Exception:
                    log.exception("memlab writer: after-commit hook failed")
            if item.future is not None:
                item.future.set_result(result)
            return
        self.stats.failed += 1
        if item.future is not None:
            item.future.set_exception(error)
            return
        self.stats.unawaited_failed += 1
        text = repr(error)
        self.stats.errors = (self.stats.errors + [text])[-20:]
        with self._lock:
            owed = self._owed.setdefault(item.owner, _Owed())
            owed.count += 1
            owed.last = text
        if text == self._last_logged:  # a full disk fails every write the same way: log it once
            self.stats.repeated += 1
            return
        self._last_logged = text
        log.error("memlab writer: fire-and-forget write failed: %r", error)
