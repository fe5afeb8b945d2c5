"""The Memory facade: opens the parts, wires them together, and delegates.

It owns no retrieval or knowledge logic itself: ``search``/``context`` delegate to
``memlab.retrieval``, ``consolidate``/``maintain`` to ``memlab.knowledge``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import math
import threading
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, NoReturn, ParamSpec, TypeVar

import numpy as np

from memlab.clock import Clock, InvalidTime, SystemClock, maybe_epoch, to_epoch
from memlab.compose import Parts, build_index, build_knowledge, build_parts, build_retriever
from memlab.config import MemoryConfig
from memlab.embed.base import Embedder
from memlab.embed.worker import EmbedWorker
from memlab.ingest import (
    ROLES,
    EpisodeWriter,
    InvalidMessage,
    InvalidMessageTime,
    SessionTracker,
    check_name,
    clean_text,
    complete_session_fn,
)
from memlab.knowledge.decay import access_write
from memlab.knowledge.part import Knowledge
from memlab.reports import ConsolidationReport, MaintenanceReport, MemoryStats
from memlab.retrieval.recipes import Recipe
from memlab.retrieval.retriever import Retriever
from memlab.retry import CircuitBreaker, call_within, deadline_in, remaining
from memlab.store import store as st
from memlab.store.connect import CorruptMemory, DatabaseError, ReadOnlyDatabaseError, corrupt_hint, translate
from memlab.store.store import Store
from memlab.store.vectors import (
    AnyIndex,
    FaissIVFIndex,
    NumpyVectorIndex,
    SqliteVecIndex,
    sidecar_for,
)
from memlab.store.writer import SingleWriter
from memlab.types import DEFAULT_USER, Hit, Preloading, Session

if TYPE_CHECKING:
    from memlab.knowledge.consolidation.worker import Checkpoints

log = logging.getLogger("memlab")
_DEFAULT: Any = object()
TimeLike = float | int | str | datetime
MAX_LIMIT = 1000  # hits one search may return (each returned hit is reinforced)


def _limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be an integer from 1 to {MAX_LIMIT}, got {limit!r}")
    return limit
P = ParamSpec("P")
R = TypeVar("R")


def _db_errors(method: Callable[Concatenate[Memory, P], R]) -> Callable[Concatenate[Memory, P], R]:
    """A driver error from a damaged or read-only file, raised as memlab's own ``CorruptMemory`` /
    ``ReadOnlyMemory`` naming the file (damage in the middle of a file shows only when read)."""

    @functools.wraps(method)
    def call(self: Memory, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            _raise_mapped(self.path, exc)

    return call  # type: ignore[return-value]


def _raise_mapped(path: Path, exc: Exception) -> NoReturn:
    mapped = translate(path, exc)
    if mapped is None:
        raise exc
    raise mapped from exc


def _damage_in(report: dict[str, Any]) -> str | None:
    """The first error of a maintenance report that says the file is damaged, if any."""
    failed = (report.get("steps", {}).get("consolidate") or {}).get("failed") or {}
    errors = [*report.get("errors", {}).values(), *(str(f.get("error", "")) for f in failed.values())]
    return next((e for e in errors if "malformed" in e or "not a database" in e), None)


def _check_query(text: Any, what: str) -> None:
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, got {type(text).__name__}")


EXIT_EMBED_WAIT_S = 5.0  # at interpreter exit, how long queued embeddings may take (maintain repairs)
MIN_TIME, MAX_TIME = -62135596800.0, 253402300799.0  # 0001-01-01 .. 9999-12-31 (what datetime can show)


class EmbedderMismatchError(DatabaseError):
    """The database was embedded with another model or dimension than the one given."""


class Memory:
    """Graph cognitive memory on one SQLite file.

    >>> with Memory.open("agent.db") as mem:          # doctest: +SKIP
    ...     mem.ingest("I moved to Vilnius", session_id="chat-1")
    """

    def __init__(
        self,
        path: str | Path,
        config: MemoryConfig | None = None,
        *,
        clock: Clock | None = None,
        embedder: Embedder | None = _DEFAULT,
        chat: Any = _DEFAULT,
        read_only: bool = False,
        **parts: Any,
    ) -> None:
        """Store the parameters; nothing opens until ``start()`` (or ``Memory.open``).

        Any part of ``memlab.compose.Parts`` (embedder, chat, consolidator, intent, recipe, decay)
        may be given to override what the config would build.
        """
        self.path = Path(path)
        self.read_only = read_only
        self.config = config or MemoryConfig()
        if read_only:  # a reader must not write: no reinforcement on access
            self.config = self.config.replace(retrieval={"reinforce_on_access": False})
        self.clock: Clock = clock or SystemClock()
        self._overrides = {k: v for k, v in {"embedder": embedder, "chat": chat, **parts}.items() if v is not _DEFAULT}
        self._parts: Parts | None = None
        self.chat: Any = None  # the memlab.llm ChatModel for LLM consolidation, when configured
        self.embedder: Embedder | None = None
        self._store: Store | None = None
        self.index: AnyIndex | None = None
        self._worker: EmbedWorker | None = None
        self._episodes = EpisodeWriter()
        self._trackers: dict[str, SessionTracker] = {}  # one current conversation per user
        self._warming: threading.Thread | None = None  # loads the consolidator's parsers once
        self._checkpoints: Checkpoints | None = None  # in-session consolidation, in the background
        self._listeners: list[Callable[[str], None]] = []
        self._opened = False
        self._finalizer: weakref.finalize[..., Memory] | None = None
        self.query_breaker = CircuitBreaker(self.config.embedder.query_cooldown_s)
        self.extensions: dict[str, Any] = {}  # per-memory state of optional layers (caches, classifiers)

    # -- lifecycle -------------------------------------------------------------------------
    @classmethod
    def open(
        cls, path: str | Path, config: MemoryConfig | None = None, *, reembed: bool = False, **kwargs: Any
    ) -> Memory:
        """Open (or create) the memory at ``path``.

        ``reembed=True`` is the way in after changing the embedder: every vector is dropped and
        recomputed with the configured one (otherwise a mismatch raises ``EmbedderMismatchError``).
        """
        return cls(path, config, **kwargs).start(reembed=reembed)

    @property
    def parts(self) -> Parts:
        if self._parts is None:
            raise RuntimeError("memory is not open: use Memory.open(path) or `with Memory(path) as m`")
        return self._parts

    @_db_errors
    def start(self, *, reembed: bool = False) -> Memory:
        if self._opened:
            return self
        # a reader never consolidates: it needs no chat model, whatever the config names
        cfg = self.config.replace(consolidation={"consolidator": "rules"}) if self.read_only else self.config
        self._parts = build_parts(cfg, clock=self.clock, **self._overrides)
        self.embedder, self.chat = self._parts.embedder, self._parts.chat
        _warm_in_background(self.embedder)  # before the store opens: its load overlaps the open
        store = Store(self.path, self.config.store, self.clock, read_only=self.read_only).open()
        self._store = store
        if self.read_only:
            return self._start_read_only()
        try:
            if reembed:
                self._record_embedder(drop_vectors=True)
            else:
                self._check_embedder()
            self._start_vectors()
            writer = self._writer
            writer.on_rollback.append(self._episodes.reset)
            writer.before_commit.append(self._episodes.flush_windows)
            writer.on_foreign_commit.append(self._episodes.forget_tails)
            stale = self._restore_sessions(store.sessions("open"))
            self._opened = True
            if self.config.consolidation.auto:  # not imported otherwise: ~40 ms of a fresh open
                from memlab.knowledge.consolidation import maybe_enable_auto

                maybe_enable_auto(self)  # consolidate sessions as they complete
            self._complete(stale)
            if reembed:
                self.embed_missing()
        except BaseException:
            if self._worker is not None:
                self._worker.close(0)
            store.close()
            raise
        # accepted writes are committed at a normal exit even without close() (and on garbage
        # collection of an unclosed memory); the threads are daemons, so nothing else would
        self._finalizer = weakref.finalize(self, _shutdown, store, self._worker, self.config.ingest.embed_stall_s)
        return self

    def _start_read_only(self) -> Memory:
        try:
            self._check_embedder()
            if self.embedder is not None:
                self.index = self._make_index(self.embedder.dim)
        except BaseException:
            self.store.close()
            raise
        self._opened = True
        return self

    def __enter__(self) -> Memory:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self, timeout: float | None = None) -> bool:
        """Commit every accepted write, wait for queued embeddings, then close every connection.

        Never waits on a dead server past ``timeout``: sessions queued for background
        consolidation stay pending (maintain() picks them up) and texts still waiting for the
        embedder stay unembedded (maintain() repairs them). Accepted writes are always committed.
        Returns False when something was left behind at the deadline.
        """
        if not self._opened:
            return True
        deadline = deadline_in(timeout)
        self._opened = False
        clean = True
        try:
            if self._checkpoints is not None:  # what ingest asked for runs before the writer stops
                clean = self._checkpoints.close(remaining(deadline)) and clean
            clean = self._stop_consolidation(deadline) and clean
            if self._worker is not None:
                self._writer.flush(remaining(deadline))  # their after-commit hooks queue embeddings
                idle = self._worker.wait_idle(remaining(deadline), self.config.ingest.embed_stall_s)
                # a stalled embedder is abandoned now, not joined for its retries (maintain repairs)
                clean = self._worker.close(remaining(deadline) if idle else 0) and idle and clean
                self._writer.flush(remaining(deadline))
                self._save_vectors()
        except Exception as exc:  # e.g. a full disk: still stop every thread below
            log.error("memlab: closing %s: %r", self.path, exc)
            clean = False
        finally:
            clean = self.store.close(remaining(deadline)) and clean
            if self._finalizer is not None:
                self._finalizer.detach()
        return clean

    def _stop_consolidation(self, deadline: float | None) -> bool:
        from memlab.knowledge.consolidation import EXT_AUTO

        auto = self.extensions.pop(EXT_AUTO, None)
        return True if auto is None else bool(auto.close(remaining(deadline), drop_queued=True))

    # -- wiring ------------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("memory is not open: use Memory.open(path) or `with Memory(path) as m`")
        return self._store

    @property
    def _writer(self) -> SingleWriter:
        return self.store.writer

    def _record_embedder(self, drop_vectors: bool = False) -> None:
        """Record the current embedder in the database (dropping every stored vector first)."""
        emb = self.embedder
        if emb is None:
            return

        def fn(con: Any) -> None:
            if drop_vectors:
                st.drop_vectors(con)
            st.set_meta(con, "embedder_name", emb.name)
            st.set_meta(con, "embedder_dim", str(emb.dim))

        self._writer.call(fn)

    def _check_embedder(self) -> None:
        if self.embedder is None:
            return
        name, dim = self.store.get_meta("embedder_name"), self.store.get_meta("embedder_dim")
        if name is None:
            if self.read_only:
                return
            self._record_embedder()
            return
        if name != self.embedder.name or int(dim or 0) != self.embedder.dim:
            raise EmbedderMismatchError(
                f"{self.path} was embedded with {name} ({dim}-d) but was opened with "
                f"{self.embedder.name} ({self.embedder.dim}-d). Open it with the same embedder, or "
                f"re-embed it: `memlab reembed {self.path} --embedder <name> --dim <dim>` "
                "(Memory.open(path, config, reembed=True) in Python)."
            )

    def _make_index(self, dim: int) -> AnyIndex:
        cfg = self.config.store
        sidecar = sidecar_for(self.path, dim) if cfg.vector_cache else None
        return build_index(self.config, dim, self.store.driver.can_load_extensions, sidecar)

    def _save_vectors(self) -> None:
        """Leave the loaded vector matrix in its sidecar file for the next process (not read-only)."""
        if isinstance(self.index, (NumpyVectorIndex, FaissIVFIndex)) and not self.read_only:
            try:
                self.index.save(self.store.reader())
            except Exception as exc:  # a cache: never fail a close over it
                log.warning("memlab: saving the vector sidecar of %s: %r", self.path, exc)

    def _start_vectors(self) -> None:
        if self.embedder is None:
            return
        self.index = self._make_index(self.embedder.dim)
        if isinstance(self.index, SqliteVecIndex):
            self._writer.call(self.index.ensure)
        cfg = self.config.ingest
        self._worker = EmbedWorker(
            self.embedder,
            vector_sink(self.store, self.index),  # not a bound method: the worker must not keep us alive
            batch_size=self.config.embedder.batch_size,
            max_wait_s=cfg.embed_batch_max_wait_ms / 1000,
            retries=cfg.embed_retries,
            backoff_s=cfg.embed_backoff_s,
            cooldown_s=cfg.embed_cooldown_s,
        ).start()

    def _last_event(self, session_id: str, default: float) -> float:
        last = self.store.session_last_event(session_id)
        return float(last) if last is not None else default

    def _session_exists(self, session_id: str) -> bool:
        return self.store.has_session(session_id)

    def _tracker(self, user_id: str) -> SessionTracker:
        tracker = self._trackers.get(user_id)
        if tracker is None:
            idle_s = self.config.ingest.session_idle_minutes * 60
            tracker = self._trackers.setdefault(user_id, SessionTracker(idle_s, self._session_exists))
        return tracker

    def _restore_sessions(self, open_sessions: Sequence[Session]) -> list[str]:
        """Adopt sessions an earlier process left open (the newest per user stays current)."""
        by_user: dict[str, list[tuple[str, float]]] = {}
        for s in open_sessions:
            by_user.setdefault(s.user_id, []).append((s.id, self._last_event(s.id, s.last_event_at)))
        now = self.clock.now()
        return [sid for user, found in by_user.items() for sid in self._tracker(user).restore(found, now=now)]

    # -- hot path ----------------------------------------------------------------------------
    @_db_errors
    def ingest(
        self,
        text: str | bytes,
        session_id: str | None = None,
        role: str = "user",
        at: TimeLike | None = None,
        *,
        user_id: str | None = None,
        speaker: str | None = None,
        wait: bool = False,
        attributes: dict[str, Any] | None = None,
    ) -> int | None:
        """Record one message as an episode. Fire-and-forget unless ``wait=True`` (returns the id).

        ``user_id`` partitions the memory (nothing crosses users); ``speaker`` names who is talking
        (default: the user), and first-person statements become facts about the speaker. ``at`` is
        the message's world time (datetime, ISO-8601 or epoch seconds; default: now).
        No LLM and no network here: the episode, its FTS row and the temporal edge to the session's
        previous episode are written by the single writer; embedding happens on the slow path.
        """
        written = self._submit(text, session_id, role, at, attributes, user_id, speaker, wait)
        return None if written is None else written.result()

    async def ingest_async(
        self,
        text: str | bytes,
        session_id: str | None = None,
        role: str = "user",
        at: TimeLike | None = None,
        *,
        user_id: str | None = None,
        speaker: str | None = None,
        attributes: dict[str, Any] | None = None,
    ) -> int:
        """``ingest(..., wait=True)`` for an event loop: the same validation and write, awaited
        instead of blocking (messages are queued in the order their calls start)."""
        import asyncio  # imported here: ~50 ms (with ssl) of every fresh open otherwise

        written = self._submit(text, session_id, role, at, attributes, user_id, speaker, True)
        assert written is not None
        try:
            return await asyncio.wrap_future(written)
        except Exception as exc:  # the mapping ``ingest`` gets from @_db_errors
            _raise_mapped(self.path, exc)

    @_db_errors
    def _submit(
        self,
        text: Any,
        session_id: str | None,
        role: str,
        at: TimeLike | None,
        attributes: dict[str, Any] | None,
        user_id: str | None,
        speaker: str | None,
        track: bool,
    ) -> Future[int] | None:
        """The one validation and write path of a message: queued to the writer, with a future
        when ``track`` (``ingest(wait=True)``, ``ingest_async``), fire-and-forget otherwise."""
        fn, after = self._prepare(text, session_id, role, at, attributes, user_id, speaker)
        if track:
            return self._writer.submit(fn, after)  # type: ignore[no-any-return]
        self._writer.submit_nowait(fn, after)
        return None

    def _prepare(
        self,
        text: Any,
        session_id: str | None,
        role: str,
        at: TimeLike | None,
        attributes: dict[str, Any] | None,
        user_id: str | None,
        speaker: str | None,
    ) -> tuple[Callable[[Any], int], Callable[[int], None]]:
        if not self._opened:
            raise RuntimeError("memory is not open: use Memory.open(path) or `with Memory(path) as m`")
        if self.read_only:
            raise ReadOnlyDatabaseError(f"{self.path} was opened read-only: open it without read_only=True to ingest")
        clean, attrs = clean_text(text, self.config.ingest.max_message_chars)
        if role not in ROLES:
            raise InvalidMessage(f"role must be one of {', '.join(ROLES)}, got {role!r}")
        if attributes:
            attrs = {**check_attributes(attributes), **attrs}
        user = check_name(user_id, "user_id") or DEFAULT_USER
        who = check_name(speaker, "speaker")
        now = self.clock.now()
        try:
            t = now if at is None else to_epoch(at, "at")
        except InvalidTime as exc:
            raise InvalidMessageTime(str(exc)) from None
        sid, is_new, completed = self._tracker(user).assign(session_id, t)
        self._complete(completed)
        if self._warming is None:
            self._warm_consolidator()
        fn = self._episodes.write_fn(
            text=clean,
            session_id=sid,
            is_new=is_new,
            role=role,
            at=t,
            created_at=now,
            attrs=attrs,
            user_id=user,
            speaker=who,
        )
        worker = self._worker
        checkpoints = self._checkpointer()

        def after(node_id: int) -> None:  # on the writer thread, after the commit
            if worker is not None:
                worker.put(node_id, clean)
            if checkpoints is not None:
                checkpoints.request(sid)

        return fn, after

    # -- sessions ------------------------------------------------------------------------------
    def on_session_complete(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(session_id)`` (on the writer thread, keep it short) when a session completes."""
        self._listeners.append(callback)

    def end_session(self, user_id: str | None = None) -> list[str]:
        """Complete the current session now (e.g. the agent's conversation ended); every user's
        when ``user_id`` is None."""
        users = list(self._trackers) if user_id is None else [user_id]
        ids = [sid for u in users if u in self._trackers for sid in self._trackers[u].end()]
        self._complete(ids)
        return ids

    def close_idle_sessions(self) -> list[str]:
        """Complete every session idle past ``ingest.session_idle_minutes`` by the memory's clock.

        ``maintain()`` calls this first, so a long-running agent's last conversation becomes
        knowledge without a restart or a new session. Sessions another process left open count too.
        """
        now = self.clock.now()
        ids = self._expire_current(now)
        idle_s = self.config.ingest.session_idle_minutes * 60
        current = {t.current_id for t in self._trackers.values()}
        ids += [
            s.id
            for s in self.store.sessions("open")
            if s.id not in current and s.id not in ids and now - self._last_event(s.id, s.last_event_at) > idle_s
        ]
        self._complete(ids)
        return ids

    def _expire_current(self, now: float) -> list[str]:
        """This process's current sessions that idled past the timeout (each user's tracker)."""
        return [sid for t in list(self._trackers.values()) for sid in t.expire(now)]

    def tick(self) -> list[str]:
        """Alias of ``close_idle_sessions`` (kept for existing callers)."""
        return self.close_idle_sessions()

    def _complete(self, session_ids: list[str]) -> None:
        for sid in session_ids:
            self._writer.submit_nowait(complete_session_fn(sid, self.clock.now()), self._announce)

    def _announce(self, session_id: str | None) -> None:
        if session_id is None:
            return
        for cb in list(self._listeners):
            try:
                cb(session_id)
            except Exception:
                log.exception("memlab: session-complete callback failed for %s", session_id)

    # -- slow path ------------------------------------------------------------------------------
    @_db_errors
    def flush(self, timeout: float | None = None) -> bool:
        """Commit every queued write, then wait for queued embeddings; False if ``timeout`` came
        first or the embedder stalled.

        On return the episodes are durable. Embeddings are waited for only while they progress:
        once no batch has finished for ``ingest.embed_stall_s`` (5 s; a hung embedding server),
        flush returns False and those texts stay unembedded until maintain() repairs them.
        Raises ``WriteFailed`` when a write this thread queued fire-and-forget failed."""
        if self.read_only:
            return True
        deadline = deadline_in(timeout)
        try:
            self._writer.flush(remaining(deadline))
            if self._worker is not None and not self._worker.wait_idle(
                remaining(deadline), self.config.ingest.embed_stall_s
            ):
                return False
            self._writer.flush(remaining(deadline))
        except TimeoutError:
            return False
        return True

    def queue_embedding(self, node_id: int, text: str) -> bool:
        """Hand a stored node's text to the slow path (embedded and indexed in the background);
        False when no embedder runs. For nodes written without a vector (tools, consolidation)."""
        if self._worker is None:
            return False
        self._worker.put(node_id, text)
        return True

    @_db_errors
    def embed_missing(self, limit: int | None = None) -> int:
        """Queue nodes that have no vector (after embedder failures or a re-embed)."""
        if self._worker is None:
            return 0
        rows = self.store.unembedded(limit)
        if rows:
            self._worker.breaker.reset()  # a repair run probes the embedder even during a cool-down
        for node_id, content in rows:
            self._worker.put(node_id, content)
        return len(rows)

    @_db_errors
    def reembed(self) -> int:
        """Drop every vector, record the current embedder, and embed all nodes again."""
        assert self.embedder is not None
        self._record_embedder(drop_vectors=True)
        if isinstance(self.index, SqliteVecIndex):
            self._writer.call(self.index.ensure)
        n = self.embed_missing()
        self.flush()
        return n

    def embed_query(self, text: str) -> np.ndarray | None:
        """The query's vector (cached); None when no embedder is configured, it fails, or it takes
        longer than ``embedder.query_timeout_s``. After a failure the vector channel is skipped for
        ``embedder.query_cooldown_s`` (``stats()["layers"]["query_vectors"]`` says "open")."""
        if self.embedder is None:
            return None
        cache: Callable[[str], np.ndarray] | None = self.extensions.get("query_cache")
        if cache is None:
            embedder, budget = self.embedder, self.config.embedder.query_timeout_s

            @lru_cache(maxsize=4096)
            def embed(q: str) -> np.ndarray:
                vec: np.ndarray = call_with_timeout(lambda: embedder.embed_query(q), budget)
                return vec

            cache = self.extensions["query_cache"] = embed
        if not self.query_breaker.allow():
            return None
        try:
            vec = cache(text)
        except Exception as exc:
            if self.query_breaker.failure(exc):  # logged once per outage, not once per query
                log.warning(
                    "memlab: query embedding failed (%r); searching without vectors for %.0f s",
                    exc,
                    self.query_breaker.cooldown_s,
                )
            return None
        self.query_breaker.success()
        return vec

    # -- read and knowledge layers (delegates) ---------------------------------------------
    _retriever: Retriever | None = None
    _knowledge: Knowledge | None = None
    _knowledge_ports: tuple[Any, ...] = ()

    @property
    def knowledge(self) -> Knowledge:
        """The knowledge layer's part over this memory's store and index (built once; again, with
        the same consolidation lock, when a reopen, a re-embed or a new chat model changes a port)."""
        now = (self.store, self.index, self.embedder, self.chat, self.parts, self.retriever)
        with _PARTS_LOCK:  # the background consolidation thread reads it too: one part, one lock
            return self._knowledge_for(now)

    def _knowledge_for(self, now: tuple[Any, ...]) -> Knowledge:
        k = self._knowledge
        if k is None or any(a is not b for a, b in zip(self._knowledge_ports, now, strict=True)):
            hooks = {
                "queue_embedding": _weak(self.queue_embedding),
                "flush": _weak(self.flush),
                "embed_missing": _weak(self.embed_missing),
                "close_idle_sessions": _weak(self.close_idle_sessions),
                "wait_consolidated": _weak(self.wait_consolidated),
            }
            k = self._knowledge = build_knowledge(
                self.config, self.parts, self.store, self.index, hooks, k.lock if k is not None else None,
                chat=self.chat, embedder=self.embedder, retriever=now[-1],
            )
            self._knowledge_ports = now
        return k

    def wait_consolidated(self, timeout: float | None = None) -> bool:
        """Wait (at most ``timeout`` seconds) until the sessions completed so far are consolidated
        by the background worker; False when some were still queued then."""
        from memlab.knowledge.consolidation import wait_consolidated

        return wait_consolidated(self, timeout)

    @property
    def retriever(self) -> Retriever:
        """The read path's part over this memory's store and index (built once; again when a
        re-embed or a reopen gives it another index or store)."""
        r = self._retriever
        if r is None or r.store is not self.store or r.index is not self.index or r.intent is not self.parts.intent:
            # weak: the part must not keep this memory alive (a dropped Memory still closes)
            r = self._retriever = build_retriever(
                self.config, self.parts, self.store, self.index, _weak(self.embed_query), _weak(self.record_access)
            )
        return r

    @_db_errors
    def search(
        self,
        query: str,
        *,
        limit: int | None = None,
        user_id: str | None = None,
        recipe: str | Recipe | None = None,
        types: Sequence[str] | None = None,
        since: TimeLike | None = None,
        until: TimeLike | None = None,
        entity: int | str | None = None,
        as_of: TimeLike | None = None,
        include_history: bool = False,
        reinforce: bool | None = None,
    ) -> list[Hit]:
        """Hybrid search over what memory holds now (or at world time ``as_of``).

        A message ingested on this ``Memory`` is visible to the next search: queued writes are
        committed first (fire-and-forget ingest only queues them). Its vector may still be on the
        slow path, so a fresh message is found by FTS and graph channels before the vector one.
        Times accept aware datetimes (naive = UTC), ISO-8601 strings and epoch seconds.
        """
        from memlab.retrieval.engine import search

        _check_query(query, "query")
        self._visible()
        return search(
            self.retriever,
            query,
            limit=_limit(limit),
            user_id=user_id,
            recipe=recipe,
            types=types,
            since=maybe_epoch(since, "since"),
            until=maybe_epoch(until, "until"),
            entity=entity,
            as_of=maybe_epoch(as_of, "as_of"),
            include_history=include_history,
            reinforce=reinforce,
        )

    @_db_errors
    def context(
        self,
        prompt: str,
        *,
        user_id: str | None = None,
        budget: int | None = None,
        as_of: TimeLike | None = None,
        limit: int | None = None,
        recipe: str | Recipe | None = None,
    ) -> str:
        """The token-budgeted Markdown context for ``prompt``; "" when memory holds nothing relevant.

        Facts are current ones ("since DATE"); an episode whose content was later replaced is shown,
        if at all, under History with what replaced it. ``as_of`` answers from what memory held then.
        """
        from memlab.retrieval.context import build_context

        _check_query(prompt, "prompt")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or budget <= 0):
            raise ValueError(f"budget must be a positive number of tokens, got {budget!r}")
        self._visible()
        text = build_context(
            self.retriever,
            prompt,
            user_id=user_id,
            budget=budget,
            as_of=maybe_epoch(as_of, "as_of"),
            limit=_limit(limit),
            recipe=recipe,
        )
        return text or ""

    def record_access(self, ids: Sequence[int]) -> None:
        """Reinforce what a read returned: a write queued to the writer thread, never waited for here.
        Neutral: strength and access stamps are read by no ranking, so a read memoised before it
        (``engine.search``) still holds after it (its nodes are read again, fresh)."""
        step = self.config.decay.reinforce_step
        self._writer.submit_nowait(access_write(ids, self.clock.now(), step), background=True, neutral=True)

    def _visible(self) -> None:
        """Before a read: what this process queued is committed (a reader has no queue; queued
        reinforcement is not waited for), and a conversation idle past the timeout is closed and
        consolidated, waited for up to ``consolidation.read_wait_s`` (a dead LLM server delays one
        read by that much, never more; the session then stays queued in the background and
        maintain() retries it). The open conversation's in-session consolidation runs in the
        background from ingest; a read waits for it only while one it must see is still running."""
        if self.read_only:
            return
        closed = self._expire_current(self.clock.now())
        self._complete(closed)
        self._writer.flush_visible()
        wait = self.config.consolidation.read_wait_s
        if closed and wait > 0:
            from memlab.knowledge.consolidation import EXT_AUTO

            auto = self.extensions.get(EXT_AUTO)
            if auto is not None and not auto.wait_for(closed, wait):
                log.warning("memlab: consolidation of %s still running after %.1f s; reading without it", closed, wait)
        chosen = self.parts.consolidator
        checkpoints = self._checkpoints
        if checkpoints is None or checkpoints.idle() or (isinstance(chosen, Preloading) and not chosen.ready()):
            return  # parsers still loading: the read goes on, the facts follow once they are loaded
        if wait > 0 and not checkpoints.settled(wait):
            log.warning("memlab: in-session consolidation still running after %.1f s; reading without it", wait)

    def _checkpointer(self) -> Checkpoints | None:
        """The background in-session consolidation that ingest feeds (None when reads do not
        consolidate the open conversation)."""
        if self._checkpoints is None and self._in_session():
            from memlab.knowledge.consolidation import Checkpoints, checkpoint

            checkpoint_open = _weak(self._knowledge_ready)
            self._checkpoints = Checkpoints(lambda ids: checkpoint(k, ids) if (k := checkpoint_open()) else None)
        return self._checkpoints

    def _knowledge_ready(self) -> Knowledge:
        """The knowledge part once the consolidator's parsers have loaded (what a background
        checkpoint runs with)."""
        warming = self._warming
        if warming is not None and warming.ident is not None:
            warming.join()
        return self.knowledge

    def _in_session(self) -> bool:
        cfg = self.config.consolidation
        return cfg.auto and cfg.reads_consolidate

    def _warm_consolidator(self) -> None:
        """A conversation started in this process: load the consolidator's parsers in the
        background, so the reads that consolidate it in line never wait for a model load."""
        chosen = self.parts.consolidator
        warm = chosen.warm if isinstance(chosen, Preloading) else None

        def run() -> None:
            try:
                if warm is not None:
                    warm()
            except Exception as exc:  # the first consolidation reports it properly
                log.warning("memlab: loading the consolidator's parsers failed: %r", exc)

        self._warming = threading.Thread(target=run, name="memlab-warm", daemon=True)
        if warm is not None and self._in_session():
            self._warming.start()

    def checkpoint(self, *, wait_s: float = -1) -> ConsolidationReport:
        """Consolidate what this process's open conversations received since the last checkpoint,
        leaving them open: a fact said a minute ago is current for the next read. With
        ``consolidation.auto`` on, every read does this first (offline consolidators only, see
        ``consolidation.in_session``); the session's close then consolidates only the rest."""
        from memlab.knowledge.consolidation import checkpoint

        open_ids = [sid for t in list(self._trackers.values()) if (sid := t.current_id) is not None]
        return ConsolidationReport.from_dict(checkpoint(self.knowledge, open_ids, wait_s=wait_s))

    @_db_errors
    def consolidate(self, session_id: str | None = None) -> ConsolidationReport:
        """Consolidate one completed session, or every pending one, with the configured consolidator."""
        from memlab.knowledge.consolidation import consolidate

        return ConsolidationReport.from_dict(consolidate(self.knowledge, session_id))

    @_db_errors
    def maintain(
        self,
        now: TimeLike | None = None,
        *,
        steps: Sequence[str] | None = None,
        deadline_s: float | None = None,
        on_step: Callable[[str], None] | None = None,
    ) -> MaintenanceReport:
        """The nightly pipeline: close idle sessions, consolidate, decay, enrich entities, causal
        edges, repair missing vectors (``steps`` runs a subset, in pipeline order).

        Returns within ``deadline_s`` (default ``consolidation.maintain_deadline_s``; 0: no bound)
        plus one step's wind-down: no step or session starts after it and a chat model's call is
        cut short there. Sessions not consolidated stay pending with the error recorded
        (``report.deadline_reached``); the next run picks them up. ``on_step(name)`` is called
        after each step (a progress bar)."""
        from memlab.knowledge.maintenance import STEPS, maintain

        limit = self.config.consolidation.maintain_deadline_s if deadline_s is None else deadline_s
        deadline = deadline_in(limit) if limit and limit > 0 else None
        within = getattr(self.chat, "within", None)
        with within(deadline) if within is not None else contextlib.nullcontext():
            report = maintain(
                self.knowledge, maybe_epoch(now, "now"), steps=steps or STEPS, deadline=deadline, on_step=on_step
            )
        damage = _damage_in(report)
        if damage is not None:  # the steps record their errors and go on; a damaged file is fatal
            raise CorruptMemory(corrupt_hint(self.path, damage))
        return MaintenanceReport.from_dict(report)

    # -- introspection -----------------------------------------------------------------------
    @_db_errors
    def stats(self, user_id: str | None = None) -> MemoryStats:
        """Counts, sizes, which layers are live and what a crash could lose now (``to_dict()`` for
        JSON; ``stats()["nodes"]`` item access works too); with ``user_id``, that user's counts.

        Never blocks on queued work: counts are of what is committed."""
        counts = self.store.counts(check_name(user_id, "user_id"))
        drv = self.store.driver
        return MemoryStats(
            **counts,
            path=str(self.path),
            db_bytes=self.store.size_bytes(),
            driver=drv.name,
            sqlite_version=drv.sqlite_version,
            layers={
                "fts5": True,
                "vectors": self.index.name if self.index is not None else None,
                "sqlite_vec_loadable": drv.can_load_extensions,
                "embedder": f"{self.embedder.name} ({self.embedder.dim}-d)" if self.embedder else None,
                "llm": self.chat is not None or self.config.consolidation.consolidator == "llm",
                "llm_breaker": getattr(getattr(self.chat, "breaker", None), "state", None),
                "consolidator": self.config.consolidation.consolidator,
                "query_vectors": self.query_breaker.state if self.embedder else None,
                "embed_worker": self._worker.breaker.state if self._worker else None,
                "read_only": self.read_only,
            },
            writer=self._writer_stats(),
            embedding=vars(self._worker.stats).copy() if self._worker else None,
            user_id=user_id,
        )

    def _writer_stats(self) -> dict[str, Any] | None:
        if self.read_only:
            return None
        writer = self._writer
        w = writer.stats
        return {
            "submitted": w.submitted,
            "committed": w.committed,
            "failed": w.failed,
            "transactions": w.transactions,
            "errors": list(w.errors),
            # accepted but not yet committed: what kill -9 or a power cut would lose right now,
            # and the most it can ever be (the queue bound plus one group-commit batch)
            "uncommitted": writer.pending(),
            "max_uncommitted": writer.max_queued + writer.batch_max,
        }


def check_attributes(attributes: Any) -> dict[str, Any]:
    """Message attributes as stored: a dict that JSON can write (checked before anything is queued,
    so a bad value fails the caller's own ingest and no other write)."""
    if not isinstance(attributes, dict):
        raise InvalidMessage(f"attributes must be a dict, got {type(attributes).__name__}")
    try:
        json.dumps(attributes, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise InvalidMessage(f"attributes must be JSON-serialisable: {exc}") from None
    return attributes


def check_time(at: Any) -> float:
    """A message time as epoch seconds; refuses NaN, infinities and dates past year 9999."""
    try:
        t = float(at)
    except (TypeError, ValueError):
        raise InvalidMessage(f"at must be epoch seconds (a number), got {at!r}") from None
    if not math.isfinite(t) or not MIN_TIME <= t <= MAX_TIME:
        raise InvalidMessage(f"at={at!r} is not a usable time: give epoch seconds between year 1 and 9999")
    return t


def call_with_timeout(fn: Callable[[], Any], timeout_s: float) -> Any:
    """``fn()`` within ``timeout_s`` (``TimeoutError`` after it): a query embedding's budget."""
    return call_within(fn, timeout_s, "query embedding")


def _warm_in_background(embedder: Embedder | None) -> None:
    """Load a local embedder's model on a daemon thread, so the first query finds it loaded
    (measured: 0.2-0.3 s of the first search after a reopen at 100K was the wordllama load)."""
    if embedder is None:
        return

    def run() -> None:
        try:
            embedder.warm()
        except Exception as exc:  # the first real call reports it
            log.debug("memlab: warming the embedder: %r", exc)

    threading.Thread(target=run, name="memlab-embedder-warm", daemon=True).start()


def vector_sink(store: Store, index: AnyIndex) -> Callable[[list[int], np.ndarray], None]:
    def store_vectors(ids: list[int], vectors: np.ndarray) -> None:
        store.writer.submit_nowait(lambda con: index.add(con, ids, vectors))

    return store_vectors


def _shutdown(store: Store, worker: EmbedWorker | None, stall_s: float = EXIT_EMBED_WAIT_S) -> None:
    """Interpreter exit (or garbage collection) of an unclosed memory: commit every accepted write,
    then drain the embeddings their commits queued, for at most ``EXIT_EMBED_WAIT_S`` (what is left
    stays unembedded until maintain() or ``memlab embed-missing``)."""
    try:
        deadline = deadline_in(EXIT_EMBED_WAIT_S)
        if worker is not None:
            with contextlib.suppress(Exception):  # a failed write is logged; go on to the vectors
                store.writer.flush()  # their after-commit hooks queue the embeddings
            worker.wait_idle(remaining(deadline), stall_s)
            worker.close(0)
        store.close()
    except Exception as exc:  # at exit there is nobody to raise to
        log.error("memlab: closing %s at exit: %r", store.path, exc)


_PARTS_LOCK = threading.Lock()  # building a part (rare): never two for one memory at once


def _weak(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` without a strong reference to its object (None once the object is gone)."""
    ref = weakref.WeakMethod(method)

    def call(*args: Any, **kwargs: Any) -> Any:
        bound = ref()
        return bound(*args, **kwargs) if bound is not None else None

    return call
