"""Typed reads and writes over one SQLite file. Write helpers take the writer's connection."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from memlab.clock import Clock
from memlab.config import StoreConfig
from memlab.lang.text import stem_text
from memlab.store import queries as q
from memlab.store.connect import (
    CorruptMemory,
    DatabaseError,
    Driver,
    ReadOnlyDatabaseError,
    check_can_write,
    check_writable,
    choose_driver,
    connect,
    translate,
)
from memlab.store.migrations import migrate
from memlab.store.writer import GENERATION_KEY, SingleWriter
from memlab.types import DEFAULT_USER, EDGE_TYPES, NODE_TYPES, Edge, Entity, Node, Session

EDGE_COLUMNS = (
    "id, src, dst, type, predicate, weight, confidence, valid_from, valid_until, evidence, created_at"
)
SESSION_COLUMNS = (
    "id, started_at, last_event_at, status, episode_count, ended_at, attempts, last_error, consolidated_at, "
    "user_id"
)


def row_to_node(row: Sequence[Any]) -> Node:
    attrs = json.loads(row[18]) if row[18] else {}
    return Node(
        id=row[0],
        type=row[1],
        content=row[2],
        event_time=row[3],
        created_at=row[4],
        valid_from=row[5],
        valid_until=row[6],
        invalid_reason=row[7],
        archived_at=row[8],
        confidence=row[9],
        base_strength=row[10],
        decay_rate=row[11],
        access_count=row[12],
        last_accessed=row[13],
        source_type=row[14],
        source_role=row[15],
        session_id=row[16],
        fact_key=row[17],
        attributes=attrs,
        user_id=row[19] if len(row) > 19 else DEFAULT_USER,
        speaker=row[20] if len(row) > 20 else None,
    )


def row_to_edge(row: Sequence[Any]) -> Edge:
    return Edge(*row)


GENERATION_SQL = f"SELECT value FROM meta WHERE key = '{GENERATION_KEY}'"


class Store:
    """One memlab database: a writer thread plus a read-only connection per reading thread."""

    def __init__(
        self,
        path: str | Path,
        config: StoreConfig | None = None,
        clock: Clock | None = None,
        *,
        read_only: bool = False,
    ) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self.config = config or StoreConfig()
        self.clock = clock
        self._driver: Driver | None = None
        self._writer: SingleWriter | None = None
        self._local = threading.local()
        self._readers: list[Any] = []
        self._readers_lock = threading.Lock()

    # -- lifecycle -------------------------------------------------------------------------
    def open(self) -> Store:
        self._driver = choose_driver(self.config.driver)
        _check_file(self.path)
        now = self.clock.now() if self.clock else 0.0
        if self.path.exists() and self.path.stat().st_size > 0:
            probe = self._connect(readonly=True)
            try:  # inspect before connect() switches the file to WAL
                _check_memlab(probe, self.path)
            except self.driver.module.DatabaseError as exc:
                raise translate(self.path, exc) or DatabaseError(
                    f"{self.path}: cannot read the database ({exc}); memlab did not modify it"
                ) from exc
            finally:
                probe.close()
        if self.read_only:
            return self._open_read_only()
        check_can_write(self.path)
        boot = self._connect()
        try:
            check_writable(boot, self.path, self.driver.errors)
            migrate(boot, now)
        except self.driver.module.DatabaseError as exc:
            raise DatabaseError(f"{self.path}: {exc}") from exc
        finally:
            boot.close()
        cfg = self.config
        self._writer = SingleWriter(
            self._connect,
            batch_max=cfg.writer_batch,
            max_queued=cfg.writer_queue_max,
            full=cfg.writer_queue_full,
            put_timeout_s=cfg.writer_put_timeout_s,
            track_generation=True,
        ).start()
        return self

    def _open_read_only(self) -> Store:
        if not self.path.exists() or self.path.stat().st_size == 0:
            raise DatabaseError(f"{self.path}: no memlab database here to read (read-only open creates nothing)")
        try:
            tables = {r[0] for r in self.execute_read("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except self.driver.errors as exc:
            self.close()
            raise translate(self.path, exc) or DatabaseError(f"{self.path}: cannot read the database ({exc})") from exc
        if "nodes" not in tables:
            self.close()
            raise DatabaseError(f"{self.path}: the schema is not set up; open it once writable to migrate it")
        return self

    @property
    def driver(self) -> Driver:
        if self._driver is None:
            raise RuntimeError("store is not open")
        return self._driver

    @property
    def writer(self) -> SingleWriter:
        if self._writer is None:
            if self.read_only and self._driver is not None:
                raise ReadOnlyDatabaseError(
                    f"{self.path} was opened read-only: nothing can be written (open it without read_only=True)"
                )
            raise RuntimeError("store is not open")
        return self._writer

    def _connect(self, readonly: bool = False) -> Any:
        return connect(
            self.path,
            self.driver,
            readonly=readonly,
            busy_timeout_ms=self.config.busy_timeout_ms,
            synchronous=self.config.synchronous,
        )

    def close(self, timeout: float | None = None) -> bool:
        """Close readers, then drain and stop the writer; False if it did not stop within ``timeout``."""
        # readers first: the last connection to close checkpoints the WAL, and a read-only one cannot
        with self._readers_lock:
            for con in self._readers:
                con.close()
            self._readers.clear()
        self._local = threading.local()
        if self._writer is not None:
            return self._writer.close(timeout)
        return True

    def reader(self) -> Any:
        """This thread's read-only connection (readers never take the write lock)."""
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._connect(readonly=True)
            self._local.con = con
            with self._readers_lock:
                self._readers.append(con)
        return con

    def execute_read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        rows: list[Any] = self.reader().execute(sql, params).fetchall()
        return rows

    # -- typed reads -------------------------------------------------------------------------
    def node(self, node_id: int) -> Node | None:
        found = self.nodes([node_id])
        return found[0] if found else None

    def nodes(self, ids: Sequence[int]) -> list[Node]:
        """Nodes in the order of ``ids`` (missing ids skipped)."""
        out: dict[int, Node] = {}
        for chunk in _chunks(list(dict.fromkeys(ids)), 900):
            sql, params = q.nodes_by_ids(chunk)
            for row in self.execute_read(sql, params):
                out[row[0]] = row_to_node(row)
        return [out[i] for i in ids if i in out]

    def find_nodes(
        self, where: q.NodeFilter | None = None, *, order: q.NodeOrder = "time", limit: int | None = None, **fields: Any
    ) -> list[Node]:
        """Nodes passing a ``NodeFilter`` (or its fields as keywords: ``find_nodes(facts=True,
        current=True)``), in a named order (``q.NODE_ORDERS``), at most ``limit``."""
        clause, params = q.filter_where(where if where is not None else q.NodeFilter(**fields))
        return self._nodes_where(clause, params, order, limit)

    def _nodes_where(self, where: str, params: q.Params, order: q.NodeOrder, limit: int | None) -> list[Node]:
        sql, p = q.find_nodes(where, params, order, limit)
        return [row_to_node(r) for r in self.execute_read(sql, p)]

    def edges(
        self, node_id: int | None = None, types: Sequence[str] | None = None, direction: str = "both"
    ) -> list[Edge]:
        parts: list[str] = ["1"]
        params: list[Any] = []
        if node_id is not None:
            side = {"out": "src = ?", "in": "dst = ?", "both": "(src = ? OR dst = ?)"}[direction]
            parts.append(side)
            params.extend([node_id] * side.count("?"))
        if types:
            parts.append(f"type IN ({','.join('?' * len(types))})")
            params.extend(types)
        sql = f"SELECT {EDGE_COLUMNS} FROM edges WHERE {' AND '.join(parts)} ORDER BY id"
        return [row_to_edge(r) for r in self.execute_read(sql, params)]

    def session(self, session_id: str) -> Session | None:
        rows = self.execute_read(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,))
        return Session(*rows[0]) if rows else None

    def sessions_by_id(self, session_ids: Sequence[str]) -> dict[str, Session]:
        """``session`` of many ids in one query (the unknown ones are left out)."""
        if not session_ids:
            return {}
        marks = ",".join("?" * len(session_ids))
        rows = self.execute_read(f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id IN ({marks})", tuple(session_ids))
        return {r[0]: Session(*r) for r in rows}

    def sessions(self, status: str | None = None) -> list[Session]:
        where, params = ("status = ?", (status,)) if status else ("1", ())
        rows = self.execute_read(
            f"SELECT {SESSION_COLUMNS} FROM sessions WHERE {where} ORDER BY started_at", params
        )
        return [Session(*r) for r in rows]

    def entity(self, entity_id: int) -> Entity | None:
        rows = self.execute_read(
            "SELECT id, canonical_name, type, summary, mention_count, first_seen, last_seen, merged_into, "
            "attributes FROM entities WHERE id = ?",
            (entity_id,),
        )
        if not rows:
            return None
        r = rows[0]
        aliases = tuple(
            a
            for (a,) in self.execute_read(
                "SELECT alias FROM entity_aliases WHERE entity_id = ? ORDER BY alias", (entity_id,)
            )
        )
        return Entity(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], aliases, json.loads(r[8] or "{}"))

    def fact_subjects(self, user_id: str, as_of: float | None = None, limit: int = 2000) -> list[str]:
        """The subjects of one user's visible keyed facts (``mark`` of ``mark|city``), most facts first."""
        vis, params = q.visibility(as_of)
        return [
            s
            for (s,) in self.execute_read(
                "SELECT substr(n.fact_key, 1, instr(n.fact_key, '|') - 1) AS s FROM nodes n "
                f"WHERE n.user_id = ? AND n.fact_key IS NOT NULL AND n.type != 'episodic' AND {vis} "
                f"GROUP BY s ORDER BY count(*) DESC, s LIMIT {int(limit)}",
                (user_id, *params),
            )
            if s
        ]

    def aliases_of(self, keys: Sequence[str], user_id: str) -> dict[str, list[str]]:
        """For each normalised name in ``keys``, every alias of the user's entities that it names
        ("konstantin" -> ["Konstantin", "Kostya"]); names no entity has are absent."""
        if not keys:
            return {}
        rows = self.execute_read(
            "SELECT a0.alias_norm, a.alias FROM entity_aliases a0 JOIN entities e ON e.id = a0.entity_id "
            "JOIN entity_aliases a ON a.entity_id = a0.entity_id "
            "WHERE a0.alias_norm IN (SELECT value FROM json_each(?)) AND e.user_id = ? AND e.merged_into IS NULL",
            (json.dumps(list(keys)), user_id),
        )
        out: dict[str, list[str]] = {}
        for key, alias in rows:
            out.setdefault(str(key), []).append(str(alias))
        return out

    def linked_entities(self, node_ids: Sequence[int]) -> dict[int, list[tuple[str, str, str]]]:
        """For each node, the (normalised alias, type, link role) of the entities it is linked to,
        every alias of each entity; nodes with no link are absent."""
        if not node_ids:
            return {}
        rows = self.execute_read(
            "SELECT ne.node_id, a.alias_norm, e.type, coalesce(ne.role, '') FROM node_entities ne "
            "JOIN entities e ON e.id = ne.entity_id JOIN entity_aliases a ON a.entity_id = e.id "
            "WHERE ne.node_id IN (SELECT value FROM json_each(?)) AND e.merged_into IS NULL",
            (json.dumps([int(i) for i in node_ids]),),
        )
        out: dict[int, list[tuple[str, str, str]]] = {}
        for node, alias, etype, role in rows:
            out.setdefault(int(node), []).append((str(alias), str(etype), str(role)))
        return out

    def derived_keys(self, episode_ids: Sequence[int]) -> dict[int, set[str]]:
        """For each episode, the keys of the facts derived from it, the subject case-folded
        (``mark|city``); episodes that gave no keyed fact are absent."""
        if not episode_ids:
            return {}
        rows = self.execute_read(
            "SELECT e.dst, f.fact_key FROM edges e "
            "JOIN nodes f ON f.id = e.src WHERE e.type = 'derived_from' AND f.fact_key IS NOT NULL "
            "AND e.dst IN (SELECT value FROM json_each(?))",
            (json.dumps([int(i) for i in episode_ids]),),
        )
        out: dict[int, set[str]] = {}
        for episode, key in rows:
            subject, _, attribute = str(key).partition("|")
            if subject:
                out.setdefault(int(episode), set()).add(f"{subject.casefold()}|{attribute}")
        return out

    def facts_about(
        self,
        subjects: Sequence[str],
        user_id: str,
        as_of: float | None = None,
        limit: int = 200,
        relatives: bool = False,
    ) -> list[Node]:
        """One user's visible keyed facts whose subject is one of ``subjects`` (and, with
        ``relatives``, their relatives': ``mark's sister|city``), newest first."""
        if not subjects:
            return []
        vis, params = q.visibility(as_of)
        where, p = q.subject_facts(user_id, subjects, relatives, vis, params)
        return self._nodes_where(where, p, "latest_valid", limit)

    def named_relatives(self, owners: Sequence[str], user_id: str) -> list[tuple[str, str]]:
        """(key, value) of one user's active ``relation`` facts that name a relative of one of
        ``owners`` ("keith|relation" = "user's father"): who "my dad" is when memory knows."""
        owners = [o.casefold() for o in owners if o]
        if not owners:
            return []
        likes = " OR ".join("lower(json_extract(n.attributes, '$.value')) LIKE ?" for _ in owners)
        rows = self.execute_read(
            "SELECT n.fact_key, json_extract(n.attributes, '$.value') FROM nodes n WHERE n.user_id = ? "
            f"AND n.fact_key LIKE '%|relation' AND n.valid_until IS NULL AND n.archived_at IS NULL AND ({likes})",
            (user_id, *(f"{o}'s %" for o in owners)),
        )
        return [(str(k), str(v)) for k, v in rows if v]

    def replaced_values(self, keys: Sequence[str], user_id: str) -> list[tuple[str, str]]:
        """(key, value) of one user's superseded facts under ``keys``: the values a key once had."""
        keys = list(dict.fromkeys(k for k in keys if k))
        if not keys:
            return []
        marks = ",".join("?" * len(keys))
        rows = self.execute_read(
            "SELECT n.fact_key, json_extract(n.attributes, '$.value') FROM nodes n "
            f"WHERE n.user_id = ? AND n.fact_key IN ({marks}) AND n.invalid_reason = 'superseded'",
            (user_id, *keys),
        )
        return [(str(k), str(v)) for k, v in rows if v]

    # -- graph reads of the read path --------------------------------------------------------------
    def hop(self, ids: Sequence[int], edge_type: str, direction: str) -> list[tuple[int, int]]:
        """(from id, to id) of one ``edge_type`` hop from ``ids`` (``out``: src->dst, ``in``: dst->src)."""
        return [(r[0], r[1]) for r in self.execute_read(q.hop(edge_type, direction), [json.dumps(list(ids))])]

    def node_types(self, ids: Sequence[int]) -> dict[int, str]:
        rows = self.execute_read(
            "SELECT id, type FROM nodes WHERE id IN (SELECT value FROM json_each(?))", [json.dumps(list(ids))]
        )
        return {r[0]: r[1] for r in rows}

    def has_type(self, types: Sequence[str]) -> bool:
        """Whether any node of one of ``types`` exists (an index probe)."""
        marks = ",".join("?" * len(types))
        return bool(self.execute_read(f"SELECT 1 FROM nodes WHERE type IN ({marks}) LIMIT 1", list(types)))

    def stale_episodes(self, episode_ids: Sequence[int]) -> set[int]:
        """Episodes whose every derived fact has been superseded: their claim is history now.

        For read paths that should not put "I prefer Python" next to the fact that replaced it; an
        episode no fact was derived from is never stale (nothing says it is outdated).
        """
        ids = list(dict.fromkeys(int(i) for i in episode_ids))
        if not ids:
            return set()
        rows = self.execute_read(
            "SELECT e.dst, min(f.invalid_reason = 'superseded') FROM edges e JOIN nodes f ON f.id = e.src "
            f"WHERE e.type = 'derived_from' AND e.dst IN ({','.join('?' * len(ids))}) GROUP BY e.dst",
            ids,
        )
        return {r[0] for r in rows if r[1]}

    def replaced_by(self, episode_ids: Sequence[int]) -> dict[int, tuple[float, str]]:
        """For stale episodes: (valid_from, content) of the newest fact that superseded a fact derived
        from them (``supersedes`` edges run new -> old), so a reader sees what replaced the claim."""
        ids = list(dict.fromkeys(int(i) for i in episode_ids))
        if not ids:
            return {}
        rows = self.execute_read(
            "SELECT d.dst, n.valid_from, n.content FROM edges d JOIN edges s ON s.dst = d.src AND s.type = 'supersedes' "
            "JOIN nodes n ON n.id = s.src WHERE d.type = 'derived_from' "
            f"AND d.dst IN ({','.join('?' * len(ids))}) ORDER BY n.valid_from",
            ids,
        )
        return {int(r[0]): (float(r[1]), str(r[2])) for r in rows}

    # -- sessions and vectors ------------------------------------------------------------------------
    def session_last_event(self, session_id: str) -> float | None:
        """The newest event time among a session's nodes (None when it has none)."""
        rows = self.execute_read("SELECT max(event_time) FROM nodes WHERE session_id = ?", (session_id,))
        return rows[0][0] if rows else None

    def has_session(self, session_id: str) -> bool:
        return bool(self.execute_read("SELECT 1 FROM sessions WHERE id = ?", (session_id,)))

    def unembedded(self, limit: int | None = None) -> list[tuple[int, str]]:
        """(id, content) of the nodes without a stored vector, in id order."""
        sql = (
            "SELECT n.id, n.content FROM nodes n WHERE NOT EXISTS "
            "(SELECT 1 FROM node_vectors v WHERE v.node_id = n.id) ORDER BY n.id"
        )
        if limit:
            sql += f" LIMIT {int(limit)}"
        return [(r[0], r[1]) for r in self.execute_read(sql)]

    def note_sessions_error(self, session_ids: Sequence[str], note: str) -> None:
        """Record ``note`` as the last error of sessions still waiting (no attempt spent)."""
        self.writer.call(
            lambda con: con.executemany(
                "UPDATE sessions SET last_error = ? WHERE id = ? AND status IN ('pending', 'failed')",
                [(note, sid) for sid in session_ids],
            )
        )

    def unembedded_count(self) -> int:
        return int(
            self.execute_read(
                "SELECT count(*) FROM nodes n WHERE NOT EXISTS (SELECT 1 FROM node_vectors v WHERE v.node_id = n.id)"
            )[0][0]
        )

    def generation(self) -> tuple[int, int, int]:
        """The write generation: the stored counter that every committed write transaction of any
        process bumps (``writer.GENERATION_KEY``) except reinforcement's; a read-only store adds
        its reader's ``PRAGMA data_version`` (it has no writer of its own, so any commit moves it:
        a writer that predates the counter is seen too), with the reader it was read on (the
        pragma counts per connection). What a read memoised under one generation holds until the
        next."""
        rows = self.execute_read(GENERATION_SQL)
        stored = int(rows[0][0]) if rows else 0
        if not self.read_only:
            return stored, 0, 0
        con = self.reader()
        return stored, id(con), int(con.execute("PRAGMA data_version").fetchone()[0])

    def get_meta(self, key: str) -> str | None:
        rows = self.execute_read("SELECT value FROM meta WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    def counts(self, user_id: str | None = None) -> dict[str, Any]:
        """Nodes by type and state, edges by type, entities, sessions by status (only ``user_id``'s
        when given: an edge counts for the user whose node it starts from)."""
        def r(sql: str, where: str) -> list[Any]:
            return self.execute_read(sql.format(where=where if user_id is not None else "1"), params)

        params: tuple[Any, ...] = () if user_id is None else (user_id,)
        nodes = {t: 0 for t in NODE_TYPES}
        nodes.update(dict(r("SELECT type, count(*) FROM nodes WHERE {where} GROUP BY type", "user_id = ?")))
        edges = {t: 0 for t in EDGE_TYPES}
        edges.update(dict(r(
            "SELECT e.type, count(*) FROM edges e JOIN nodes n ON n.id = e.src WHERE {where} GROUP BY e.type"
            if user_id is not None else "SELECT type, count(*) FROM edges WHERE {where} GROUP BY type",
            "n.user_id = ?",
        )))
        state = r(
            "SELECT sum(valid_until IS NULL AND archived_at IS NULL), sum(invalid_reason = 'superseded'), "
            "sum(invalid_reason = 'forgotten'), sum(archived_at IS NOT NULL) FROM nodes WHERE {where}",
            "user_id = ?",
        )[0]
        return {
            "nodes": nodes,
            "nodes_total": sum(nodes.values()),
            "active": state[0] or 0,
            "superseded": state[1] or 0,
            "forgotten": state[2] or 0,
            "archived": state[3] or 0,
            "edges": edges,
            "entities": r("SELECT count(*) FROM entities WHERE merged_into IS NULL AND {where}", "user_id = ?")[0][0],
            "sessions": dict(r("SELECT status, count(*) FROM sessions WHERE {where} GROUP BY status", "user_id = ?")),
            "vectors": r(
                "SELECT count(*) FROM node_vectors v JOIN nodes n ON n.id = v.node_id WHERE {where}"
                if user_id is not None else "SELECT count(*) FROM node_vectors WHERE {where}",
                "n.user_id = ?",
            )[0][0],
            "unembedded": r(
                "SELECT count(*) FROM nodes n WHERE {where} AND NOT EXISTS "
                "(SELECT 1 FROM node_vectors v WHERE v.node_id = n.id)",
                "n.user_id = ?",
            )[0][0],
        }

    def size_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                total += p.stat().st_size
        return total


# -- write helpers: run on the writer thread with its connection ------------------------------
def insert_node(
    con: Any,
    *,
    type: str,
    content: str,
    event_time: float,
    created_at: float,
    valid_from: float | None = None,
    confidence: float = 1.0,
    base_strength: float = 1.0,
    decay_rate: float = 0.1,
    source_type: str | None = None,
    source_role: str | None = None,
    session_id: str | None = None,
    fact_key: str | None = None,
    attributes: dict[str, Any] | None = None,
    stem: str | None = None,
    user_id: str = DEFAULT_USER,
    speaker: str | None = None,
) -> int:
    cur = con.execute(
        q.insert_node(),
        (
            type,
            content,
            stem if stem is not None else stem_text(content),
            event_time,
            created_at,
            event_time if valid_from is None else valid_from,
            confidence,
            base_strength,
            decay_rate,
            source_type,
            source_role,
            session_id,
            fact_key,
            json.dumps(attributes or {}, ensure_ascii=False),
            user_id,
            speaker,
        ),
    )
    return int(cur.lastrowid)


def insert_edge(
    con: Any,
    src: int,
    dst: int,
    type: str,
    *,
    created_at: float,
    predicate: str | None = None,
    weight: float = 1.0,
    confidence: float = 1.0,
    valid_from: float | None = None,
    evidence: str | None = None,
) -> None:
    con.execute(
        q.insert_edge(), (src, dst, type, predicate, weight, confidence, valid_from, evidence, created_at)
    )


def invalidate(con: Any, node_id: int, valid_until: float, reason: str) -> None:
    """Soft-delete: the node leaves the active view; history keeps it."""
    con.execute(
        "UPDATE nodes SET valid_until = ?, invalid_reason = ? WHERE id = ? AND valid_until IS NULL",
        (valid_until, reason, node_id),
    )


def set_meta(con: Any, key: str, value: str) -> None:
    con.execute(
        "INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


def drop_vectors(con: Any) -> None:
    """Forget every stored node and entity vector (a re-embed follows)."""
    con.execute("DELETE FROM node_vectors")
    con.execute("DELETE FROM entity_vectors")
    con.execute("DROP TABLE IF EXISTS vec_nodes")


def record_access(con: Any, ids: Sequence[int], now: float, bump: Callable[[float], float]) -> None:
    """Reinforce the nodes read (``bump`` maps an old base strength to the new one) and stamp the access."""
    marks = ",".join("?" * len(ids))
    rows = con.execute(f"SELECT id, base_strength FROM nodes WHERE id IN ({marks})", list(ids)).fetchall()
    con.executemany(
        "UPDATE nodes SET base_strength = ?, access_count = access_count + 1, last_accessed = ? WHERE id = ?",
        [(bump(base), now, node_id) for node_id, base in rows],
    )


# -- sessions on the ingest path ------------------------------------------------------------------
def open_session(con: Any, session_id: str, at: float, user_id: str) -> bool:
    """Insert the session's row; False when it existed already (another writer made it)."""
    cur = con.execute(
        "INSERT INTO sessions(id, started_at, last_event_at, status, user_id) "
        "VALUES (?, ?, ?, 'open', ?) ON CONFLICT(id) DO NOTHING",
        (session_id, at, at, user_id),
    )
    return bool(cur.rowcount)


def ensure_session(con: Any, session_id: str, at: float) -> None:
    """The session's row, if its first write never landed (the default user's, as before)."""
    con.execute(
        "INSERT INTO sessions(id, started_at, last_event_at, status) VALUES (?, ?, ?, 'open') "
        "ON CONFLICT(id) DO NOTHING",
        (session_id, at, at),
    )


def last_episode_row(con: Any, session_id: str, by_insertion: bool = False) -> tuple[int, str, float] | None:
    """(id, stem, event_time) of a session's last episode: the newest by time, or (while another
    process writes the file) the last inserted, so that two writers of one session extend one chain."""
    order = "ORDER BY id DESC LIMIT 1" if by_insertion else "ORDER BY event_time DESC, id DESC LIMIT 1"
    row = con.execute(
        "SELECT id, stem, event_time FROM nodes WHERE session_id = ? AND +type = 'episodic' " + order,
        (session_id,),
    ).fetchone()
    return None if row is None else (int(row[0]), str(row[1]), float(row[2]))


def session_status(con: Any, session_id: str) -> str | None:
    row = con.execute("SELECT status FROM sessions WHERE id = ?", (session_id,)).fetchone()
    return None if row is None else str(row[0])


def reopen_session(con: Any, session_id: str) -> None:
    """Another process completed the session while this one still writes to it: open it again, so
    that its new episodes reach consolidation."""
    con.execute("UPDATE sessions SET status = 'open', ended_at = NULL WHERE id = ?", (session_id,))


def last_episode(con: Any, session_id: str) -> tuple[int, str] | None:
    """(id, stem) of a session's newest episode."""
    row = con.execute(
        "SELECT id, stem FROM nodes WHERE session_id = ? AND +type = 'episodic' "
        "ORDER BY event_time DESC, id DESC LIMIT 1",
        (session_id,),
    ).fetchone()
    return None if row is None else (row[0], row[1])


def complete_session(con: Any, session_id: str, now: float) -> bool:
    """Mark an open session pending consolidation; False if it was not open. Its episode count and
    last time are recounted even when another process completed it first."""
    cur = con.execute(
        "UPDATE sessions SET status = 'pending', ended_at = ? WHERE id = ? AND status = 'open'", (now, session_id)
    )
    con.execute(
        "UPDATE sessions SET "
        "last_event_at = coalesce((SELECT max(event_time) FROM nodes WHERE session_id = ?1), last_event_at), "
        "episode_count = (SELECT count(*) FROM nodes WHERE session_id = ?1 AND +type = 'episodic') "
        "WHERE id = ?1",
        (session_id,),
    )
    return bool(cur.rowcount)


def _chunks(items: list[Any], size: int) -> Iterable[list[Any]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_file(path: Path) -> None:
    if not path.exists():
        if not path.parent.exists():
            raise DatabaseError(f"{path}: folder {path.parent} does not exist")
        return
    if path.is_dir():
        raise DatabaseError(f"{path} is a directory, not a database file")
    if os.path.getsize(path) == 0:
        return
    with open(path, "rb") as fh:
        head = fh.read(16)
    if head != _SQLITE_MAGIC:
        raise CorruptMemory(
            f"{path}: the file is not a SQLite database (bad header); memlab did not modify it. If it "
            "was one, restore a backup; `sqlite3 FILE 'PRAGMA integrity_check'` tells what is damaged"
        )


def _check_memlab(con: Any, path: Path) -> None:
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and "schema_migrations" not in tables:
        raise DatabaseError(
            f"{path}: an SQLite database, but not a memlab one (tables: {sorted(tables)[:5]}); "
            "memlab did not modify it"
        )
