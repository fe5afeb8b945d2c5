"""The episode-window rows that ingest writes equal what migration 3's triggers built.

The oracle is the old triggers themselves: the episodes and temporal edges a run committed are
replayed, in the order ingest wrote them (each episode, then the edge into it), into a fresh
database that carries migration 3's schema and triggers verbatim; both databases' window tables
must then hold the same rows with the same text. Episodes deleted during the run are put back
into that replay, with their edges, and deleted again at the point the run deleted them (their
neighbours' rows keep their text, as they did under the triggers). Real SQLite files throughout.
"""

from __future__ import annotations

import re
import sqlite3
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.store import store as st
from memlab.store.migrations import MIGRATIONS, _split
from memlab.store.writer import WriteFailed

T0 = 1_700_000_000.0
CFG = MemoryConfig().replace(consolidation={"auto": False})  # idle gap: 30 minutes
WORDS = "alpha bananas grapes dates eggs figs kiwi lemon mango nuts olive pear".split()
MSG = re.compile(r"\bn\d+\b")  # each message's own marker word
TABLES = ("window_fts_pair", "window_fts_window")


def window_tables(con: Any) -> dict[str, dict[int, str]]:
    return {t: dict(con.execute(f"SELECT rowid, stem FROM {t} ORDER BY rowid")) for t in TABLES}


@dataclass(frozen=True)
class Deleted:
    """An episode hard-deleted during a run: its row, its edges, and the newest node id then."""

    node: tuple[Any, ...]  # (id, type, content, stem, event_time)
    edges: list[tuple[Any, ...]]  # (id, src, dst, type)
    after: int


def trigger_windows(db: Path, scratch: Path, deleted: Sequence[Deleted] = ()) -> dict[str, dict[int, str]]:
    """The window tables migration 3's triggers build from ``db``'s nodes and edges."""
    src = sqlite3.connect(db)
    try:
        nodes = src.execute("SELECT id, type, content, stem, event_time FROM nodes ORDER BY id").fetchall()
        edges = src.execute("SELECT id, src, dst, type FROM edges ORDER BY id").fetchall()
    finally:
        src.close()
    nodes = sorted(nodes + [d.node for d in deleted])
    edges = sorted(set(edges).union(*(d.edges for d in deleted)))
    deletions: dict[int, list[int]] = defaultdict(list)
    for d in deleted:
        deletions[d.after].append(d.node[0])
    con = sqlite3.connect(scratch, isolation_level=None)
    try:
        con.execute("PRAGMA foreign_keys = ON")  # a deleted episode's edges go with it, as in memlab
        for m in MIGRATIONS[:3]:  # the core graph, users, then the episode windows with their triggers
            for stmt in _split(m.sql):
                con.execute(stmt)
        assert {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")} >= {
            "window_fts_ai", "window_fts_link", "window_fts_ad"
        }
        into: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
        for _, s, d, t in edges:  # ingest writes an episode, then the edge into it
            into[max(s, d)].append((s, d, t))
        for nid, ntype, content, stem, at in nodes:
            con.execute(
                "INSERT INTO nodes(id, type, content, stem, event_time, created_at, valid_from) VALUES (?,?,?,?,?,?,?)",
                (nid, ntype, content, stem, at, at, at),
            )
            for s, d, t in into[nid]:
                con.execute("INSERT INTO edges(src, dst, type, created_at) VALUES (?, ?, ?, ?)", (s, d, t, at))
            for gone in deletions[nid]:
                con.execute("DELETE FROM nodes WHERE id = ?", (gone,))
        return window_tables(con)
    finally:
        con.close()


def assert_same_as_triggers(db: Path, scratch: Path, deleted: Sequence[Deleted] = ()) -> dict[str, dict[int, str]]:
    con = sqlite3.connect(db)
    try:
        got = window_tables(con)
        episodes = {r[0] for r in con.execute("SELECT id FROM nodes WHERE type = 'episodic'")}
    finally:
        con.close()
    want = trigger_windows(db, scratch, deleted)
    for t in TABLES:
        assert set(got[t]) == episodes, t
        diff = {k: (got[t].get(k), want[t].get(k)) for k in set(got[t]) | set(want[t]) if got[t].get(k) != want[t].get(k)}
        assert not diff, (t, sorted(diff.items())[:5])
    return got


class Script:
    """Drives a real Memory through a list of operations, reopening it when asked."""

    def __init__(self, path: Path, batch: int = 512) -> None:
        self.path = path
        self.cfg = CFG.replace(store={"writer_batch": batch})  # a small batch: many transactions
        self.clock = SimulatedClock(T0)
        self.at = T0
        self.mem = Memory.open(path, self.cfg, clock=self.clock, embedder=None)
        self.n = 0
        self.deleted: list[Deleted] = []

    def text(self) -> str:
        self.n += 1
        if self.n % 11 == 0:
            return "?!"  # no words: an empty stem
        return " ".join(WORDS[(self.n * k) % len(WORDS)] for k in (1, 3, 7)[: 1 + self.n % 3]) + f" n{self.n}"

    def ingest(self, user: str, session: str | None, dt: float, wait: bool) -> None:
        self.at += dt
        self.clock.set(max(self.clock.now(), self.at))
        self.mem.ingest(self.text(), session_id=session, at=self.at, user_id=user, wait=wait)

    def flush(self) -> None:
        self.mem.flush()

    def fail(self) -> None:
        """A fire-and-forget write that fails inside a batch: the batch is rolled back and
        replayed write by write (the episode writer's caches are reset)."""
        self.mem.store.writer.submit_nowait(lambda con: con.execute("INSERT INTO no_such_table VALUES (1)"))
        with pytest.raises(WriteFailed):
            self.mem.flush()

    def forget(self) -> None:
        def fn(con: Any) -> None:
            row = con.execute("SELECT max(id) FROM nodes WHERE type = 'episodic' AND valid_until IS NULL").fetchone()
            if row[0] is not None:
                st.invalidate(con, row[0], self.clock.now(), "forgotten")

        self.mem.store.writer.call(fn)

    def delete(self) -> None:
        """Hard-delete the newest episode that has a successor (fire-and-forget, so often in the
        transaction that wrote it): its rows go, its neighbours' rows keep its words."""
        self._delete_nowait(
            "SELECT max(e.src) FROM edges e JOIN nodes n ON n.id = e.src WHERE e.type = 'temporal' AND n.type = 'episodic'"
        )

    def delete_last(self) -> None:
        """Hard-delete the newest episode, queued behind its own write (same transaction): no
        row may be written for it. Only as a script's last step (its id would be reused)."""
        self._delete_nowait("SELECT max(id) FROM nodes WHERE type = 'episodic'")
        self.flush()

    def _delete_nowait(self, pick: str) -> None:
        def fn(con: Any) -> Deleted | None:
            (nid,) = con.execute(pick).fetchone()
            if nid is None:
                return None
            node = con.execute("SELECT id, type, content, stem, event_time FROM nodes WHERE id = ?", (nid,)).fetchone()
            edges = con.execute("SELECT id, src, dst, type FROM edges WHERE ? IN (src, dst)", (nid,)).fetchall()
            (after,) = con.execute("SELECT max(id) FROM nodes").fetchone()
            con.execute("DELETE FROM nodes WHERE id = ?", (nid,))
            return Deleted(tuple(node), [tuple(e) for e in edges], after)

        def record(gone: Deleted | None) -> None:  # after COMMIT only: a rolled-back try records nothing
            if gone is not None:
                self.deleted.append(gone)

        self.mem.store.writer.submit_nowait(fn, after=record)

    def reopen(self) -> None:
        self.mem.close()
        self.mem = Memory.open(self.path, self.cfg, clock=self.clock, embedder=None)

    def close(self) -> None:
        self.mem.close()


@pytest.mark.parametrize("batch", [512, 2])
def test_fixed_script_matches_the_triggers(tmp_path: Path, batch: int) -> None:
    s = Script(tmp_path / "new.db", batch)
    try:
        for _i in range(6):  # one session, fire-and-forget: rows built within one batch (or three)
            s.ingest("ann", "s1", 1, wait=False)
        s.delete()  # the fifth, usually still in the transaction that wrote it
        s.flush()
        s.ingest("ann", "s1", 1, wait=True)  # the cached last episode's row is already committed
        s.ingest("bob", "b1", 1, wait=False)  # another user, interleaved
        s.ingest("ann", "s1", 1, wait=False)
        s.ingest("bob", "b1", -5, wait=False)  # out of order in time
        s.ingest("bob", "b1", 2, wait=True)
        s.ingest("ann", "s1", 3600, wait=False)  # idle gap: rotation to s1#2
        s.ingest("ann", "s1", 1, wait=False)
        s.ingest("ann", None, 1, wait=False)  # an automatic session completes s1#2
        s.ingest("ann", None, 1, wait=False)
        s.forget()  # a soft-deleted episode keeps its windows, and so do its neighbours
        s.ingest("ann", None, 1, wait=True)
        s.ingest("bob", "b2", 5, wait=False)
        s.fail()  # rollback and replay of a batch that held episodes
        s.ingest("bob", "b2", -30, wait=False)  # earlier than the session's last two
        s.ingest("bob", "b2", 1, wait=False)
        s.reopen()  # the new process knows no session: the previous episode comes from the database
        s.ingest("bob", "b2", 1, wait=False)  # continues the adopted session b2 (newest by time)
        s.ingest("bob", "b2", 1, wait=False)
        s.reopen()
        s.ingest("ann", "s1", 1, wait=True)  # s1's first segment again, after completion
        s.ingest("bob", "b1", 1, wait=False)
        for _ in range(5):
            s.ingest("carl", "c1", 0, wait=False)  # same instant
        s.ingest("dora", "d1", 1, wait=False)
        s.delete_last()  # deleted in the transaction that wrote it: no row for it
    finally:
        s.close()
    assert len(s.deleted) == 2
    rows = assert_same_as_triggers(tmp_path / "new.db", tmp_path / "oracle.db", s.deleted)
    assert len(rows["window_fts_pair"]) == s.n - 2
    assert 5 not in rows["window_fts_window"]  # n5 is deleted; its neighbours' rows keep its words
    assert MSG.findall(rows["window_fts_window"][6]) == ["n4", "n5", "n6", "n7"]
    assert MSG.findall(rows["window_fts_window"][7])[:2] == ["n6", "n7"]  # linked after: n5 unseen
    assert any(len(MSG.findall(v)) == 1 for v in rows["window_fts_pair"].values())  # session starts
    assert any(len(MSG.findall(v)) == 4 for v in rows["window_fts_window"].values())  # a full window


def test_a_second_successor_appends_like_the_trigger(tmp_path: Path) -> None:
    """After a restart the previous episode is the session's newest by time: with times out of
    order it already has a successor, and the old trigger appended the new one to its window."""
    s = Script(tmp_path / "new.db")
    try:
        s.ingest("ann", "s1", 10, wait=False)
        s.ingest("ann", "s1", 10, wait=False)
        s.ingest("ann", "s1", -15, wait=True)  # the last written is not the newest by time
        s.reopen()
        s.ingest("ann", "s1", 20, wait=True)  # linked from the second episode, which had a successor
    finally:
        s.close()
    rows = assert_same_as_triggers(tmp_path / "new.db", tmp_path / "oracle.db")
    second = sorted(rows["window_fts_window"])[1]
    assert MSG.findall(rows["window_fts_window"][second]) == ["n1", "n2", "n3", "n4"]


def test_rows_written_by_the_triggers_are_continued(tmp_path: Path) -> None:
    """A database of migration 3 (rows built by the triggers) opened by this version: the open
    session goes on, and the whole table still equals what the triggers would have built."""
    db = tmp_path / "v3.db"
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)")
    for m in MIGRATIONS[:3]:
        for stmt in _split(m.sql):
            con.execute(stmt)
        con.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (m.version, m.name, T0))
    con.execute("INSERT INTO sessions(id, started_at, last_event_at, status) VALUES ('s1', ?, ?, 'open')", (T0, T0 + 2))
    prev = None
    for i, text in enumerate(["alpha apples", "beta bananas", "gamma grapes"]):
        from memlab.lang.text import stem_text

        nid = con.execute(
            "INSERT INTO nodes(type, content, stem, event_time, created_at, valid_from, session_id) "
            "VALUES ('episodic', ?, ?, ?, ?, ?, 's1')",
            (text, stem_text(text), T0 + i, T0 + i, T0 + i),
        ).lastrowid
        if prev is not None:
            con.execute("INSERT INTO edges(src, dst, type, created_at) VALUES (?, ?, 'temporal', ?)", (prev, nid, T0))
        prev = nid
    con.close()
    clock = SimulatedClock(T0 + 10)
    with Memory.open(db, CFG, clock=clock, embedder=None) as m:
        triggers = {r[0] for r in m.store.execute_read("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        assert "window_fts_link" not in triggers and "window_fts_ai" not in triggers
        assert "window_fts_ad" in triggers  # deleting an episode still drops its rows
        m.ingest("delta dates", session_id="s1", at=T0 + 3)
        m.ingest("epsilon eggs", session_id="s1", at=T0 + 4, wait=True)
    with Memory.open(db, CFG, clock=clock, embedder=None) as m:  # and across one more reopen
        m.ingest("zeta zucchini", session_id="s1", at=T0 + 5, wait=True)
    rows = assert_same_as_triggers(db, tmp_path / "oracle.db")
    assert rows["window_fts_window"][3] == "alpha appl beta banana gamma grape delta date"  # a trigger row, extended
    assert rows["window_fts_window"][5] == "gamma grape delta date epsilon egg zeta zucchini"  # across the reopen


OPS = hs.one_of(
    hs.tuples(
        hs.just("ingest"),
        hs.sampled_from(["ann", "bob"]),
        hs.sampled_from(["s1", "s2", "t", None]),
        hs.sampled_from([0.0, 1.0, 1.0, 5.0, -3.0, -100.0, 2000.0]),  # 2000 s > the 30 min idle gap
        hs.booleans(),
    ),
    hs.tuples(hs.sampled_from(["flush", "reopen", "fail", "forget", "delete"])),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=hs.lists(OPS, min_size=1, max_size=40), batch=hs.sampled_from([2, 512]), delete_last=hs.booleans())
def test_random_scripts_match_the_triggers(
    tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[Any, ...]], batch: int, delete_last: bool
) -> None:
    tmp = tmp_path_factory.mktemp("w")
    s = Script(tmp / "new.db", batch)
    try:
        for op in ops:
            if op[0] == "ingest":
                s.ingest(*op[1:])
            else:
                getattr(s, op[0])()
        s.flush()
        if delete_last:
            s.delete_last()
    finally:
        s.close()
    assert_same_as_triggers(tmp / "new.db", tmp / "oracle.db", s.deleted)
