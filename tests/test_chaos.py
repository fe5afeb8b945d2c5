"""Chaos: SIGKILL at random points (ingest, consolidation, maintenance) and a full disk, each in a
subprocess; after every fault the database must satisfy the invariants below. Seeded, bounded
(a few kills each, seconds in all)."""

from __future__ import annotations

import os
import random
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory

SEED = 11
T0 = 1_700_000_000.0  # messages are dated long ago: sessions left open by a killed run are idle
CFG = MemoryConfig().replace(consolidation={"auto": False})

CHILD = """
import sys, time
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
db, mode = sys.argv[1], sys.argv[2]
cfg = MemoryConfig().replace(consolidation={"auto": mode == "auto"})
m = Memory.open(db, cfg, embedder=HashingEmbedder(32))
if mode in ("ingest", "auto"):
    n = 0
    for chunk in range(100000):
        for i in range(50):
            m.ingest(f"I live in city {n} and my dog Rex likes bone {n}", session_id=f"s{n // 120}",
                     at=T0_VALUE + n)
            n += 1
        m.flush()
        print(n, flush=True)
elif mode == "maintain":
    print("start", flush=True)
    m.maintain()
    print("done", flush=True)
m.close()
""".replace("T0_VALUE", repr(T0))


def spawn(db: Path, mode: str, **kw: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db), mode], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, **kw  # type: ignore[call-overload]
    )


def kill_after(proc: subprocess.Popen[str], seconds: float) -> list[str]:
    time.sleep(seconds)
    proc.send_signal(signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    return out.split()


def check_invariants(db: Path, flushed: int = 0) -> None:
    """Every flushed message present; SQLite, FTS, vectors and nodes consistent; every fact
    derived from episodes; after maintain() no session pending and no node without a vector."""
    with Memory.open(db, CFG, embedder=HashingEmbedder(32)) as m:
        r = m.store.execute_read
        assert r("PRAGMA integrity_check")[0][0] == "ok"
        m.store.writer.call(lambda con: con.execute("INSERT INTO nodes_fts(nodes_fts) VALUES('integrity-check')"))
        assert r("SELECT count(*) FROM nodes WHERE type = 'episodic'")[0][0] >= flushed
        assert r("SELECT count(*) FROM node_vectors v LEFT JOIN nodes n ON n.id = v.node_id WHERE n.id IS NULL")[0][0] == 0
        assert r(
            "SELECT count(*) FROM nodes n WHERE n.type != 'episodic' AND NOT EXISTS "
            "(SELECT 1 FROM edges e WHERE e.src = n.id AND e.type = 'derived_from')"
        )[0][0] == 0, "a fact without its derived_from edges: half-written"
        m.maintain()
        sessions = m.store.counts()["sessions"]
        assert set(sessions) <= {"consolidated"}, sessions
        assert m.stats()["unembedded"] == 0


def test_sigkill_during_ingest_loses_no_flushed_message(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db = tmp_path / "m.db"
    for _ in range(3):
        lines = kill_after(spawn(db, "ingest"), rng.uniform(0.8, 2.0))
        flushed = int(lines[-1]) if lines else 0
        check_invariants(db, flushed)


def test_sigkill_during_consolidation_and_maintenance(tmp_path: Path) -> None:
    rng = random.Random(SEED + 1)
    db = tmp_path / "m.db"
    kill_after(spawn(db, "ingest"), 1.5)  # a backlog of completed sessions
    for mode in ("maintain", "auto", "maintain"):
        kill_after(spawn(db, mode), rng.uniform(0.9, 1.8))
        check_invariants(db)


DISK_FULL_CHILD = """
import logging, resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
errors = []
class Count(logging.Handler):
    def emit(self, record):
        errors.append(record)
logging.getLogger("memlab").addHandler(Count(logging.ERROR))
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=HashingEmbedder(32))
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[2]), int(sys.argv[2])))
flushed = 0
for chunk in range(40):
    for i in range(100):
        try:
            m.ingest("filler text that takes room on the disk " * 20, session_id="s", at=T0_VALUE + flushed + i)
        except Exception as exc:
            pass
    try:
        if m.flush(5):
            flushed += 100
    except Exception as exc:  # WriteFailed: a clear error, and the writes before stay committed
        assert type(exc).__name__ == "WriteFailed", repr(exc)
clean = m.close(10)
print("flushed", flushed, "errors", len(errors), "clean", clean)
""".replace("T0_VALUE", repr(T0))


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_FSIZE"), reason="needs RLIMIT_FSIZE")
def test_full_disk_close_returns_logs_once_and_keeps_what_was_committed(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory.open(db, CFG, embedder=HashingEmbedder(32)):
        pass
    limit = 2_000_000
    proc = subprocess.run(
        [sys.executable, "-c", DISK_FULL_CHILD, str(db), str(limit)],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    words = proc.stdout.split()
    assert words[0] == "flushed" and int(words[3]) < 50, proc.stdout  # not one ERROR line per write
    check_invariants(db, int(words[1]))


def test_kill_is_bounded_by_the_queue(tmp_path: Path) -> None:
    """What SIGKILL can lose is at most what stats() said was uncommitted (queue bound + a batch)."""
    cfg = CFG.replace(store={"writer_queue_max": 200, "writer_batch": 50})
    with Memory.open(tmp_path / "m.db", cfg, embedder=HashingEmbedder(32)) as m:
        for i in range(2000):
            m.ingest(f"message {i}", session_id="s", at=T0 + i)
            assert m.stats()["writer"]["uncommitted"] <= 250 if i % 500 == 0 else True
    assert os.path.exists(tmp_path / "m.db")
