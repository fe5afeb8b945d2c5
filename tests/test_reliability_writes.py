"""Issue 11, the write side: nothing accepted is lost, every bad input gets a clear error."""

from __future__ import annotations

import contextlib
import gc
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from memlab.cli import main as cli
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.ingest import InvalidMessage, SessionTracker
from memlab.memory import Memory
from memlab.store.connect import DatabaseError, ReadOnlyDatabaseError
from memlab.store.writer import SingleWriter, WriterBusy

NO_AUTO = MemoryConfig().replace(consolidation={"auto": False})


def open_mem(path: Path, cfg: MemoryConfig = NO_AUTO, **kw: object) -> Memory:
    return Memory.open(path, cfg, embedder=HashingEmbedder(32), **kw)  # type: ignore[arg-type]


def episodes(path: Path) -> int:
    with open_mem(path, read_only=True) as m:
        return int(m.store.execute_read("SELECT count(*) FROM nodes WHERE type = 'episodic'")[0][0])


# -- 1. a normal exit without close() commits every accepted write ---------------------------------
EXIT_SCRIPT = """
import sys
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=HashingEmbedder(32))
for i in range(int(sys.argv[2])):
    m.ingest(f"msg {i}", session_id="s")
"""


def test_exit_without_close_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    subprocess.run([sys.executable, "-c", EXIT_SCRIPT, str(db), "3000"], check=True, timeout=120)
    assert episodes(db) == 3000


def test_unreferenced_memory_is_drained_when_collected(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    m = open_mem(db)
    for i in range(200):
        m.ingest(f"msg {i}", session_id="s")
    del m
    gc.collect()  # the finalizer commits and closes
    assert episodes(db) == 200


# -- bounded queue with backpressure -----------------------------------------------------------------
@contextlib.contextmanager
def stalled_writer(tmp_path: Path, **kw: object) -> Iterator[tuple[SingleWriter, threading.Event]]:
    import sqlite3

    w = SingleWriter(lambda: sqlite3.connect(tmp_path / "w.db", isolation_level=None,
                                             check_same_thread=False), batch_max=1, **kw)  # type: ignore[arg-type]
    w.start()
    gate = threading.Event()
    w.submit_nowait(lambda con: gate.wait(30))
    try:
        yield w, gate
    finally:
        gate.set()
        w.close()


def test_full_queue_raises_a_clear_error(tmp_path: Path) -> None:
    with stalled_writer(tmp_path, max_queued=5, full="raise") as (w, gate):
        accepted = 0
        with pytest.raises(WriterBusy, match="write queue full"):
            for _ in range(100):
                w.submit_nowait(lambda con: None)
                accepted += 1
        assert accepted <= 6 and w.pending() <= 5 + 1
        gate.set()
        w.flush()
        assert w.stats.committed == accepted + 2 and w.pending() == 0  # + the stalled write + the barrier


def test_full_queue_blocks_then_times_out(tmp_path: Path) -> None:
    with stalled_writer(tmp_path, max_queued=2, full="block", put_timeout_s=0.05) as (w, _):
        with pytest.raises(WriterBusy, match="for 0.05s"):
            for _ in range(10):
                w.submit_nowait(lambda con: None)


def test_stats_states_the_crash_bound(tmp_path: Path) -> None:
    cfg = NO_AUTO.replace(store={"writer_queue_max": 100, "writer_batch": 8})
    with open_mem(tmp_path / "m.db", cfg) as m:
        m.ingest("hello", session_id="s")
        w = m.stats()["writer"]
        assert w["max_uncommitted"] == 108 and 0 <= w["uncommitted"] <= 108


# -- 2. read-only ------------------------------------------------------------------------------------
def test_read_only_mode_reads_and_refuses_writes(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with open_mem(db) as m:
        m.ingest("I moved to Vilnius", session_id="s", wait=True)
    with open_mem(db, read_only=True) as ro:
        assert ro.search("Vilnius") and ro.stats()["layers"]["read_only"] is True
        with pytest.raises(ReadOnlyDatabaseError, match="read-only"):
            ro.ingest("more", session_id="s")
        with pytest.raises(ReadOnlyDatabaseError):
            _ = ro.store.writer
    assert episodes(db) == 1


def test_read_only_open_of_a_missing_file_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="no memlab database"):
        open_mem(tmp_path / "none.db", read_only=True)
    assert not (tmp_path / "none.db").exists()


@contextlib.contextmanager
def read_only_dir(path: Path) -> Iterator[None]:
    """Make ``path`` read-only for this process: chmod, or (root ignores modes) a read-only bind mount."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [path, *path.iterdir()]}
        for p in modes:
            p.chmod(0o555 if p.is_dir() else 0o444)
        try:
            yield
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    ok = subprocess.run(["mount", "--bind", str(path), str(path)], capture_output=True).returncode == 0
    if ok and subprocess.run(["mount", "-o", "remount,bind,ro", str(path)], capture_output=True).returncode:
        subprocess.run(["umount", str(path)])
        ok = False
    if not ok:
        pytest.skip("running as root without permission to mount: cannot make a read-only folder")
    try:
        yield
    finally:
        subprocess.run(["umount", str(path)], check=True)


def test_writable_open_of_a_read_only_database_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "m.db"
    with open_mem(db) as m:
        m.ingest("hello there", session_id="s", wait=True)
    notes = tmp_path / "notes.txt"
    notes.write_text("one\ntwo\n", encoding="utf-8")
    with read_only_dir(folder):
        with pytest.raises(ReadOnlyDatabaseError, match="read_only=True"):
            open_mem(db)
        with pytest.raises(DatabaseError, match="read-only"):
            open_mem(folder / "new.db")
        assert cli(["ingest", str(db), str(notes), "--embedder", "hashing", "--dim", "32"]) == 2
        assert "read-only" in capsys.readouterr().err
        assert cli(["search", str(db), "hello", "--embedder", "hashing", "--dim", "32"]) == 0
        assert episodes(db) == 1


# -- 4, 5, 8: sessions and times ---------------------------------------------------------------------
def test_failed_first_write_does_not_orphan_the_session(tmp_path: Path) -> None:
    with open_mem(tmp_path / "m.db") as m:
        m.store.writer.call(
            lambda con: con.execute(
                "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content = 'boom' "
                "BEGIN SELECT RAISE(ABORT, 'simulated disk full'); END"
            )
        )
        with pytest.raises(Exception, match="simulated disk full"):
            m.ingest("boom", session_id="chat", wait=True)
        m.ingest("I live in Berlin", session_id="chat", wait=True)
        s = m.store.session("chat")
        assert s is not None and s.status == "open"
        m.end_session()
        m.flush()
        assert m.store.session("chat").status == "pending"  # type: ignore[union-attr]


def test_a_second_process_does_not_take_over_an_open_session(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    agent = open_mem(db)
    agent.ingest("I live in Berlin", session_id="chat-A", wait=True)
    notes = tmp_path / "notes.txt"
    notes.write_text("a note\nanother note\n", encoding="utf-8")
    assert cli(["ingest", str(db), str(notes), "--embedder", "hashing", "--dim", "32"]) == 0
    assert agent.store.session("chat-A").status == "open"  # type: ignore[union-attr]
    agent.ingest("I moved to Vilnius", session_id="chat-A", wait=True)
    rows = agent.store.execute_read("SELECT session_id, count(*) FROM nodes GROUP BY session_id")
    counts = dict(rows)
    assert counts["chat-A"] == 2 and sum(counts.values()) == 4
    agent.close()


def test_session_id_with_hash_continues_after_reopen(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with open_mem(db) as m:
        m.ingest("first", session_id="proj#2", wait=True)
    with open_mem(db) as m:
        m.ingest("second", session_id="proj#2", wait=True)
        assert [s.id for s in m.store.sessions()] == ["proj#2"]


def test_adopted_sessions_are_completed_only_when_idle() -> None:
    t = SessionTracker(idle_s=60)
    assert t.restore([("old", 0.0), ("live", 990.0)], now=1000.0) == ["old"]
    sid, is_new, done = t.assign(None, 1001.0)
    assert sid.startswith("auto-") and is_new and done == []  # "live" is left to its owner
    t2 = SessionTracker(idle_s=60)
    t2.restore([("live", 990.0)], now=1000.0)
    assert t2.assign("live", 1001.0) == ("live", False, [])


@pytest.mark.parametrize("at", [float("nan"), float("inf"), -float("inf"), 1e12, "soon"])
def test_unusable_times_are_refused_before_anything_is_queued(tmp_path: Path, at: object) -> None:
    with open_mem(tmp_path / "m.db") as m:
        with pytest.raises(InvalidMessage, match="at"):
            m.ingest("hello", session_id="s", at=at)  # type: ignore[arg-type]
        m.ingest("fine", wait=True)  # the auto session is not poisoned
        assert m.stats()["writer"]["failed"] == 0


def test_jsonl_ingest_is_all_or_nothing_with_line_numbers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "chat.jsonl"
    src.write_text('{"text": "one"}\n{"txt": "two"}\n{"text": "three", "time": "NaN"}\n', encoding="utf-8")
    db = tmp_path / "m.db"
    assert cli(["ingest", str(db), str(src), "--embedder", "hashing", "--dim", "32"]) == 2
    err = capsys.readouterr().err
    assert "chat.jsonl:2:" in err and "chat.jsonl:3:" in err and "nothing was ingested" in err
    src.write_text('{"text": "one"}\n{"text": "two"}\n', encoding="utf-8")
    assert cli(["ingest", str(db), str(src), "--embedder", "hashing", "--dim", "32"]) == 0
    assert episodes(db) == 2


def test_remember_fact_is_capped_and_forget_refuses_episodes(tmp_path: Path) -> None:
    from memlab.tools import call_tool

    with open_mem(tmp_path / "m.db") as m:
        eid = m.ingest("I live in Berlin", session_id="s", wait=True)
        assert "at most" in call_tool(m, "remember_fact", {"content": "x" * 3_000_000})["error"]
        assert "episode" in call_tool(m, "forget_fact", {"fact_id": eid})["error"]
        assert "limit" in call_tool(m, "search_memory", {"query": "Berlin", "limit": -1})["error"]
        assert "limit" in call_tool(m, "search_memory", {"query": "Berlin", "limit": 10**9})["error"]
        assert m.store.node(eid).active  # type: ignore[union-attr]


def test_flush_reports_fire_and_forget_writes_that_failed_alone(tmp_path: Path) -> None:
    """A write rolled back to its savepoint while the rest of the batch commits is not silently
    'flushed': the next flush() says how many were lost, once."""
    from memlab.store.writer import WriteFailed

    with open_mem(tmp_path / "m.db") as m:
        m.store.writer.call(
            lambda con: con.execute(
                "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content = 'boom' "
                "BEGIN SELECT RAISE(ABORT, 'simulated disk full'); END"
            )
        )
        m.ingest("I live in Berlin", session_id="chat")
        m.ingest("boom", session_id="chat")
        m.ingest("I work at Globex", session_id="chat")
        with pytest.raises(WriteFailed, match="1 queued write"):
            m.store.writer.flush()
        m.store.writer.flush()  # reported once
        contents = {r[0] for r in m.store.execute_read("SELECT content FROM nodes")}
        assert contents == {"I live in Berlin", "I work at Globex"}
