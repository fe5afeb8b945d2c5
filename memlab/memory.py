"""The Memory facade: opens the parts, wires them together, and delegates.

It owns no retrieval or knowledge logic itself: ``search``/``context`` delegate to
``memlab.retrieval``, ``consolidate``/``maintain`` to ``memlab.knowledge``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from memlab.clock import Clock, SystemClock
from memlab.config import MemoryConfig
from memlab.embed.base import Embedder
from memlab.embed.worker import EmbedWorker
from memlab.ingest import EpisodeWriter, SessionTracker, clean_text, complete_session_fn
from memlab.store import store as st
from memlab.store.connect import DatabaseError
from memlab.store.store import Store
from memlab.store.vectors import NumpyVectorIndex, SqliteVecIndex, make_index
from memlab.store.writer import SingleWriter

log = logging.getLogger("memlab")
_DEFAULT: Any = object()


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
        chat: Any = None,
    ) -> None:
        self.path = Path(path)
        self.config = config or MemoryConfig()
        self.clock: Clock = clock or SystemClock()
        self._embedder_arg = embedder
        self.chat = chat  # an optional memlab.llm ChatModel for LLM consolidation
        self.embedder: Embedder | None = None
        self._store: Store | None = None
        self.index: NumpyVectorIndex | SqliteVecIndex | None = None
        self._worker: EmbedWorker | None = None
        self._episodes = EpisodeWriter()
        self._tracker: SessionTracker | None = None
        self._listeners: list[Callable[[str], None]] = []
        self._opened = False
        self.extensions: dict[str, Any] = {}  # per-memory state of optional layers (caches, classifiers)

    # -- lifecycle -------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path, config: MemoryConfig | None = None, **kwargs: Any) -> Memory:
        return cls(path, config, **kwargs).start()

    def start(self) -> Memory:
        if self._opened:
            return self
        self.embedder = self._build_embedder()
        store = Store(self.path, self.config.store, self.clock).open()
        self._store = store
        try:
            self._check_embedder()
            self._start_vectors()
            writer = self._writer
            writer.on_rollback.append(self._episodes.reset)
            self._tracker = SessionTracker(self.config.ingest.session_idle_minutes * 60, self._session_exists)
            open_sessions = [(s.id, self._last_event(s.id, s.last_event_at)) for s in store.sessions("open")]
            stale = self._tracker.restore(open_sessions)
            self._opened = True
            from memlab.knowledge.lifecycle import maybe_enable_auto

            maybe_enable_auto(self)  # consolidate sessions as they complete (config.consolidation.auto)
            self._complete(stale)
        except BaseException:
            store.close()
            raise
        return self

    def __enter__(self) -> Memory:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Drain queued embeddings and writes, then close every connection."""
        if not self._opened:
            return
        from memlab.knowledge.lifecycle import stop_auto

        stop_auto(self)  # drain background consolidation while the writer still runs
        self._opened = False
        if self._worker is not None:
            self._worker.wait_idle()
            self._worker.close()
        self.store.close()

    # -- wiring ------------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("memory is not open: use Memory.open(path) or `with Memory(path) as m`")
        return self._store

    @property
    def _writer(self) -> SingleWriter:
        return self.store.writer

    def _build_embedder(self) -> Embedder | None:
        if self._embedder_arg is not _DEFAULT:
            return self._embedder_arg  # type: ignore[no-any-return]
        from memlab.embed.factory import build_embedder

        return build_embedder(self.config.embedder)

    def _check_embedder(self) -> None:
        if self.embedder is None:
            return
        name, dim = self.store.get_meta("embedder_name"), self.store.get_meta("embedder_dim")
        if name is None:
            emb = self.embedder

            def record(con: Any) -> None:
                st.set_meta(con, "embedder_name", emb.name)
                st.set_meta(con, "embedder_dim", str(emb.dim))

            self._writer.call(record)
            return
        if name != self.embedder.name or int(dim or 0) != self.embedder.dim:
            raise EmbedderMismatchError(
                f"{self.path} was embedded with {name} ({dim}-d) but was opened with "
                f"{self.embedder.name} ({self.embedder.dim}-d). Open it with the same embedder, or "
                f"re-embed it: `memlab reembed {self.path} --embedder <name> --dim <dim>` "
                "(Memory.reembed() in Python)."
            )

    def _start_vectors(self) -> None:
        if self.embedder is None:
            return
        self.index = make_index(
            self.config.store.vector_backend, self.embedder.dim, self.store.driver.can_load_extensions
        )
        if isinstance(self.index, SqliteVecIndex):
            self._writer.call(self.index.ensure)
        cfg = self.config.ingest
        self._worker = EmbedWorker(
            self.embedder,
            self._store_vectors,
            batch_size=self.config.embedder.batch_size,
            max_wait_s=cfg.embed_batch_max_wait_ms / 1000,
            retries=cfg.embed_retries,
            backoff_s=cfg.embed_backoff_s,
        ).start()

    def _store_vectors(self, ids: list[int], vectors: np.ndarray) -> None:
        index = self.index
        assert index is not None
        self._writer.submit_nowait(lambda con: index.add(con, ids, vectors))

    def _last_event(self, session_id: str, default: float) -> float:
        row = self.store.execute_read("SELECT max(event_time) FROM nodes WHERE session_id = ?", (session_id,))
        return float(row[0][0]) if row and row[0][0] is not None else default

    def _session_exists(self, session_id: str) -> bool:
        return bool(self.store.execute_read("SELECT 1 FROM sessions WHERE id = ?", (session_id,)))

    # -- hot path ----------------------------------------------------------------------------
    def ingest(
        self,
        text: str | bytes,
        session_id: str | None = None,
        role: str = "user",
        at: float | None = None,
        *,
        wait: bool = False,
        attributes: dict[str, Any] | None = None,
    ) -> int | None:
        """Record one message as an episode. Fire-and-forget unless ``wait=True`` (returns the id).

        No LLM and no network here: the episode, its FTS row and the temporal edge to the session's
        previous episode are written by the single writer; embedding happens on the slow path.
        """
        fn, after = self._prepare(text, session_id, role, at, attributes)
        if wait:
            return self._writer.submit(fn, after).result()  # type: ignore[no-any-return]
        self._writer.submit_nowait(fn, after)
        return None

    async def ingest_async(
        self,
        text: str | bytes,
        session_id: str | None = None,
        role: str = "user",
        at: float | None = None,
        *,
        attributes: dict[str, Any] | None = None,
    ) -> int:
        fn, after = self._prepare(text, session_id, role, at, attributes)
        return await asyncio.wrap_future(self._writer.submit(fn, after))  # type: ignore[no-any-return]

    def _prepare(
        self,
        text: Any,
        session_id: str | None,
        role: str,
        at: float | None,
        attributes: dict[str, Any] | None,
    ) -> tuple[Callable[[Any], int], Callable[[int], None]]:
        if not self._opened:
            raise RuntimeError("memory is not open: use Memory.open(path) or `with Memory(path) as m`")
        clean, attrs = clean_text(text, self.config.ingest.max_message_chars)
        if attributes:
            attrs = {**attributes, **attrs}
        now = self.clock.now()
        t = now if at is None else float(at)
        assert self._tracker is not None
        sid, is_new, completed = self._tracker.assign(session_id, t)
        self._complete(completed)
        fn = self._episodes.write_fn(
            text=clean, session_id=sid, is_new=is_new, role=role, at=t, created_at=now, attrs=attrs
        )
        worker = self._worker

        def after(node_id: int) -> None:
            if worker is not None:
                worker.put(node_id, clean)

        return fn, after

    # -- sessions ------------------------------------------------------------------------------
    def on_session_complete(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(session_id)`` (on the writer thread, keep it short) when a session completes."""
        self._listeners.append(callback)

    def end_session(self) -> list[str]:
        """Complete the current session now (e.g. the agent's conversation ended)."""
        assert self._tracker is not None
        ids = self._tracker.end()
        self._complete(ids)
        return ids

    def tick(self) -> list[str]:
        """Complete the current session if it has idled past ``ingest.session_idle_minutes``."""
        assert self._tracker is not None
        ids = self._tracker.expire(self.clock.now())
        self._complete(ids)
        return ids

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
    def flush(self, timeout: float | None = None) -> None:
        """Wait until every queued write and embedding is committed."""
        self._writer.flush(timeout)
        if self._worker is not None:
            self._worker.wait_idle(timeout)
        self._writer.flush(timeout)

    def embed_missing(self, limit: int | None = None) -> int:
        """Queue nodes that have no vector (after embedder failures or a re-embed)."""
        if self._worker is None:
            return 0
        sql = (
            "SELECT n.id, n.content FROM nodes n WHERE NOT EXISTS "
            "(SELECT 1 FROM node_vectors v WHERE v.node_id = n.id) ORDER BY n.id"
        )
        if limit:
            sql += f" LIMIT {int(limit)}"
        rows = self.store.execute_read(sql)
        for node_id, content in rows:
            self._worker.put(node_id, content)
        return len(rows)

    def reembed(self) -> int:
        """Drop every vector, record the current embedder, and embed all nodes again."""
        assert self.embedder is not None
        emb = self.embedder

        def fn(con: Any) -> None:
            con.execute("DELETE FROM node_vectors")
            con.execute("DELETE FROM entity_vectors")
            con.execute("DROP TABLE IF EXISTS vec_nodes")
            st.set_meta(con, "embedder_name", emb.name)
            st.set_meta(con, "embedder_dim", str(emb.dim))

        self._writer.call(fn)
        if isinstance(self.index, SqliteVecIndex):
            self._writer.call(self.index.ensure)
        n = self.embed_missing()
        self.flush()
        return n

    def embed_query(self, text: str) -> np.ndarray | None:
        """The query's vector (cached); None when no embedder is configured or it fails."""
        if self.embedder is None:
            return None
        cache: Callable[[str], np.ndarray] | None = self.extensions.get("query_cache")
        if cache is None:
            embedder = self.embedder
            as_query = getattr(embedder, "embed_query", None)  # e5-style models prefix queries

            @lru_cache(maxsize=4096)
            def embed(q: str) -> np.ndarray:
                return as_query(q) if as_query is not None else embedder.embed_batch([q])[0]

            cache = self.extensions["query_cache"] = embed
        try:
            return cache(text)
        except Exception as exc:
            log.warning("memlab: query embedding failed, vector channel skipped: %r", exc)
            return None

    # -- read and knowledge layers (delegates) ---------------------------------------------
    def search(self, query: str, **kwargs: Any) -> Any:
        from memlab.retrieval.engine import search

        return search(self, query, **kwargs)

    def context(self, prompt: str, **kwargs: Any) -> Any:
        from memlab.retrieval.context import build_context

        return build_context(self, prompt, **kwargs)

    def consolidate(self, session_id: str | None = None, **kwargs: Any) -> Any:
        from memlab.knowledge.lifecycle import consolidate

        return consolidate(self, session_id, **kwargs)

    def maintain(self, **kwargs: Any) -> Any:
        from memlab.knowledge.maintenance import maintain

        return maintain(self, **kwargs)

    # -- introspection -----------------------------------------------------------------------
    def stats(self) -> dict[str, Any]:
        """Counts, sizes and which layers are live (DESIGN.md §6)."""
        self.flush()
        counts = self.store.counts()
        w = self._writer.stats
        drv = self.store.driver
        return {
            **counts,
            "path": str(self.path),
            "db_bytes": self.store.size_bytes(),
            "driver": drv.name,
            "sqlite_version": drv.sqlite_version,
            "layers": {
                "fts5": True,
                "vectors": self.index.name if self.index is not None else None,
                "sqlite_vec_loadable": drv.can_load_extensions,
                "embedder": f"{self.embedder.name} ({self.embedder.dim}-d)" if self.embedder else None,
                "llm": self.chat is not None or self.config.consolidation.consolidator == "llm",
                "consolidator": self.config.consolidation.consolidator,
            },
            "writer": {
                "submitted": w.submitted,
                "committed": w.committed,
                "failed": w.failed,
                "transactions": w.transactions,
                "errors": list(w.errors),
            },
            "embedding": vars(self._worker.stats).copy() if self._worker else None,
        }
