"""The single writer: ordering, group commit, drain on close, concurrency, crash durability."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memlab.memory import Memory
from memlab.store.store import Store
from memlab.store.writer import WriterClosed

T0 = 1_700_000_000.0


def _store(path: Path) -> Store:
    return Store(path).open()


def test_writes_apply_in_submission_order(tmp_path: Path) -> None:
    s = _store(tmp_path / "w.db")
    w = s.writer
    w.call(lambda con: con.execute("CREATE TABLE log(i INTEGER)"))
    for i in range(500):
        w.submit_nowait(lambda con, i=i: con.execute("INSERT INTO log VALUES (?)", (i,)))
    w.flush()
    assert [r[0] for r in s.execute_read("SELECT i FROM log ORDER BY rowid")] == list(range(500))
    s.close()


def test_queued_writes_share_transactions(tmp_path: Path) -> None:
    s = _store(tmp_path / "w.db")
    w = s.writer
    w.call(lambda con: con.execute("CREATE TABLE log(i INTEGER)"))
    gate = threading.Event()
    w.submit_nowait(lambda con: gate.wait(5))  # hold the writer while 1000 writes queue up
    before = w.stats.transactions
    for i in range(1000):
        w.submit_nowait(lambda con, i=i: con.execute("INSERT INTO log VALUES (?)", (i,)))
    gate.set()
    w.flush()
    used = w.stats.transactions - before
    assert used <= 5, f"1000 queued writes took {used} transactions"
    s.close()


def test_one_failing_write_rolls_back_alone(tmp_path: Path) -> None:
    s = _store(tmp_path / "w.db")
    w = s.writer
    w.call(lambda con: con.execute("CREATE TABLE log(i INTEGER UNIQUE)"))
    gate = threading.Event()
    w.submit_nowait(lambda con: gate.wait(5))
    ok1 = w.submit(lambda con: con.execute("INSERT INTO log VALUES (1)"))
    bad = w.submit(
        lambda con: (con.execute("INSERT INTO log VALUES (2)"), con.execute("INSERT INTO log VALUES (1)"))
    )
    w.submit_nowait(lambda con: con.execute("INSERT INTO log VALUES (1)"))  # fire-and-forget failure
    ok2 = w.submit(lambda con: con.execute("INSERT INTO log VALUES (3)"))
    gate.set()
    ok1.result(), ok2.result()
    with pytest.raises(sqlite3.IntegrityError if s.driver.name == "sqlite3" else Exception):
        bad.result()
    assert [r[0] for r in s.execute_read("SELECT i FROM log ORDER BY i")] == [1, 3]
    assert w.stats.failed == 2 and len(w.stats.errors) == 1  # the unawaited one is logged and counted
    s.close()


def test_close_drains_the_queue(tmp_path: Path) -> None:
    path = tmp_path / "w.db"
    s = _store(path)
    s.writer.call(lambda con: con.execute("CREATE TABLE log(i INTEGER)"))
    for i in range(2000):
        s.writer.submit_nowait(lambda con, i=i: con.execute("INSERT INTO log VALUES (?)", (i,)))
    s.close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT count(*) FROM log").fetchone()[0] == 2000
    con.close()
    with pytest.raises(WriterClosed):
        s.writer.submit_nowait(lambda con: None)


def test_call_inside_writer_thread_does_not_deadlock(tmp_path: Path) -> None:
    s = _store(tmp_path / "w.db")
    w = s.writer
    assert w.call(lambda con: w.call(lambda c2: 41) + 1) == 42
    s.close()


def test_async_form(tmp_path: Path) -> None:
    s = _store(tmp_path / "w.db")

    async def go() -> int:
        return await s.writer.run(lambda con: con.execute("SELECT 7").fetchone()[0])

    assert asyncio.run(go()) == 7
    s.close()


def test_eight_writers_and_readers_never_see_locked(tmp_path: Path, clock) -> None:
    from memlab.embed.hashing import HashingEmbedder

    errors: list[BaseException] = []
    with Memory.open(tmp_path / "m.db", clock=clock, embedder=HashingEmbedder(32)) as m:
        stop = threading.Event()

        def writer(k: int) -> None:
            try:
                for i in range(150):
                    m.ingest(f"thread {k} message {i}", session_id="s", at=T0 + i)
            except BaseException as exc:
                errors.append(exc)

        def reader() -> None:
            try:
                while not stop.is_set():
                    m.store.execute_read("SELECT count(*) FROM nodes")
                    m.store.execute_read("SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'messag' LIMIT 5")
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=writer, args=(k,)) for k in range(8)]
        readers = [threading.Thread(target=reader) for _ in range(3)]
        for t in threads + readers:
            t.start()
        for t in threads:
            t.join()
        stop.set()
        for t in readers:
            t.join()
        m.flush()
        assert not errors, errors
        assert m.stats()["nodes"]["episodic"] == 8 * 150
        assert m.store.writer.stats.failed == 0


HOLDER = r"""
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN IMMEDIATE")
con.execute("INSERT INTO meta(key, value) VALUES ('held', 'yes')")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
con.execute("COMMIT")
"""


def test_database_locked_by_another_process_waits_instead_of_failing(tmp_path: Path, clock) -> None:
    # The other writer must be another process: two SQLite libraries in one process (stdlib sqlite3
    # and sqlean) do not see each other's POSIX locks, a trap this test once fell into.
    from memlab.embed.hashing import HashingEmbedder

    path = tmp_path / "m.db"
    with Memory.open(path, clock=clock, embedder=HashingEmbedder(32)) as m:
        m.ingest("first", session_id="s", wait=True)
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path), "1.0"], stdout=subprocess.PIPE, text=True
        )
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        started = time.monotonic()
        node_id = m.ingest("second", session_id="s", wait=True)
        waited = time.monotonic() - started
        holder.wait(10)
        assert m.store.node(node_id).content == "second"
        assert m.store.get_meta("held") == "yes"  # the other process's write landed too
    assert waited > 0.5, "the write did not wait for the other process's lock"


CHILD = r"""
import sys, os
from memlab.memory import Memory
from memlab.embed.hashing import HashingEmbedder
m = Memory.open(sys.argv[1], embedder=HashingEmbedder(16))
i = 0
while True:
    m.ingest(f"durable {i}", session_id="s", wait=True)
    print(i, flush=True)
    i += 1
"""


@pytest.mark.parametrize("trial", range(6))
def test_awaited_writes_survive_sigkill(tmp_path: Path, trial: int) -> None:
    path = tmp_path / "k.db"
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    acked = -1
    deadline = time.monotonic() + 30
    assert proc.stdout is not None
    while acked < 40 + trial * 7 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acked = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert acked >= 40, "child did not get going"
    con = sqlite3.connect(path)
    stored = {r[0] for r in con.execute("SELECT content FROM nodes")}
    con.close()
    missing = [i for i in range(acked + 1) if f"durable {i}" not in stored]
    assert not missing, f"acknowledged writes lost after SIGKILL: {missing[:5]}"
