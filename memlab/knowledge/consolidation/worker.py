"""Background consolidation: a thread that consolidates sessions as they complete."""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from memlab.knowledge.consolidation.run import consolidate

if TYPE_CHECKING:
    from memlab.view import MemoryView

log = logging.getLogger("memlab.knowledge")
EXT_AUTO = "memlab.knowledge.auto"


class AutoConsolidation:
    """A background thread that consolidates sessions as they complete (never on the writer thread)."""

    def __init__(self, memory: MemoryView, run: Callable[[str], Any] | None = None) -> None:
        self.memory = memory
        self._run = run or (lambda sid: consolidate(memory.knowledge, sid, count_attempt=False))
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        self.done = 0
        self._thread = threading.Thread(target=self._loop, name="memlab-consolidate", daemon=True)
        self._closed = False
        self._pending: set[str] = set()  # queued or in progress
        self._settled = threading.Condition()

    def start(self) -> AutoConsolidation:
        self._thread.start()
        return self

    def enqueue(self, session_id: str) -> None:
        if not self._closed:
            with self._settled:
                self._pending.add(session_id)
            self.queue.put(session_id)

    def _loop(self) -> None:
        while True:
            sid = self.queue.get()
            try:
                if sid is None:
                    return
                self._run(sid)
                self.done += 1
            except Exception as exc:  # e.g. the memory closed under us: report, keep the session pending
                self.errors = (self.errors + [f"{sid}: {exc!r}"])[-20:]
                log.warning("memlab: background consolidation of %s failed: %r", sid, exc)
            finally:
                with self._settled:
                    self._pending.discard(sid or "")
                    self._settled.notify_all()
                self.queue.task_done()

    def wait_for(self, session_ids: Iterable[str], timeout: float) -> bool:
        """Block until these sessions are consolidated (or failed), at most ``timeout`` seconds;
        False when some are still queued then."""
        ids = set(session_ids)
        if not self._thread.is_alive():
            return not ids & self._pending
        with self._settled:
            return self._settled.wait_for(lambda: not ids & self._pending, timeout)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until every queued session has been processed; False when some still were at
        ``timeout``."""
        if not self._thread.is_alive():
            return True
        if timeout is None:
            self.queue.join()
            return True
        with self._settled:
            return self._settled.wait_for(lambda: not self._pending, timeout)

    def close(self, timeout: float | None = None, *, drop_queued: bool = False) -> bool:
        """Finish the queue (or, with ``drop_queued``, only the session in progress: the rest stay
        pending for maintain()), then stop the thread; False if it still runs at ``timeout``."""
        if self._closed:
            return not self._thread.is_alive()
        self._closed = True
        if drop_queued:
            self._drop_queued()
        if self._thread.is_alive():
            self.queue.put(None)
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def _drop_queued(self) -> None:
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return
            self.queue.task_done()


class Checkpoints:
    """In-session consolidation off the read path: ingest asks for a checkpoint of the open
    session it wrote to (on the writer thread, after the commit), a background thread runs it;
    a read waits only while one it must see is still running (``settled``).

    Bounded: the queue is the set of open sessions asked for (one entry each, however many
    messages). Never lost: ``close`` runs what was asked for before the thread stops (and a
    checkpoint is an optimisation in any case: the session's close consolidates what it missed)."""

    def __init__(self, run: Callable[[list[str]], Any]) -> None:
        self._run = run
        self._cond = threading.Condition()
        self._asked: dict[str, None] = {}
        self._requested = 0  # asks so far
        self._settled = 0  # asks whose checkpoint has run
        self._closed = False
        self._thread: threading.Thread | None = None
        self.errors: list[str] = []

    def request(self, session_id: str) -> None:
        with self._cond:
            if self._closed:
                return
            self._asked[session_id] = None
            self._requested += 1
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="memlab-checkpoint", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _loop(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._asked) or self._closed)
                if not self._asked:
                    return
                batch, upto = list(self._asked), self._requested
                self._asked.clear()
            try:
                self._run(batch)
            except Exception as exc:  # e.g. the memory closed under us: the session's close does it
                self.errors = (self.errors + [f"{batch}: {exc!r}"])[-20:]
                log.warning("memlab: background checkpoint of %s failed: %r", batch, exc)
            finally:
                with self._cond:
                    self._settled = upto
                    self._cond.notify_all()

    def idle(self) -> bool:
        """Whether every checkpoint asked for so far has run."""
        with self._cond:
            return self._settled >= self._requested

    def settled(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` seconds) until the checkpoints asked for so far have run."""
        with self._cond:
            target = self._requested
            return self._cond.wait_for(lambda: self._settled >= target, timeout)

    def close(self, timeout: float | None = None) -> bool:
        """Run what was asked for, then stop the thread; False if it still runs at ``timeout``."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return thread is None or not thread.is_alive()


def enable_auto(memory: MemoryView) -> AutoConsolidation:
    """Consolidate each completed session in the background (idempotent per memory).

    Also queues sessions already pending (e.g. completed when the memory was opened).
    """
    auto = memory.extensions.get(EXT_AUTO)
    if auto is not None:
        return auto  # type: ignore[no-any-return]
    auto = AutoConsolidation(memory).start()
    memory.extensions[EXT_AUTO] = auto
    memory.on_session_complete(auto.enqueue)
    for s in memory.store.sessions("pending"):
        auto.enqueue(s.id)
    return auto


def maybe_enable_auto(memory: MemoryView) -> AutoConsolidation | None:
    """``enable_auto`` when ``config.consolidation.auto`` is on (what ``Memory.start`` should call)."""
    return enable_auto(memory) if memory.config.consolidation.auto else None


def wait_consolidated(memory: MemoryView, timeout: float | None = None) -> bool:
    """Wait until completed sessions announced so far are consolidated by the background worker
    (at most ``timeout`` seconds: False when some were still queued then)."""
    memory.flush(timeout)  # session-complete callbacks fire after their commit
    auto = memory.extensions.get(EXT_AUTO)
    return True if auto is None else bool(auto.wait(timeout))


def stop_auto(memory: MemoryView) -> None:
    """Drain and stop the background worker (what ``Memory.close`` should call before closing)."""
    auto = memory.extensions.pop(EXT_AUTO, None)
    if auto is not None:
        memory.flush()
        auto.close()
