"""Chaos, issue 35: real files, real processes, real sockets on 127.0.0.1. After each fault:
every write whose ingest or flush reported success is on disk, ``PRAGMA integrity_check`` and
the FTS5 integrity check pass, and nothing waited longer than its documented bound."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from memlab.config import MemoryConfig
from memlab.memory import Memory
from memlab.testing.dead_servers import SilentServer

T0 = 1_700_000_000.0
CFG = MemoryConfig().replace(consolidation={"auto": False})
ROOT = Path(__file__).resolve().parents[1]

PRELUDE = """
import json, os, sys, threading, time
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
T0 = 1_700_000_000.0
cfg = MemoryConfig().replace(consolidation={"auto": False}, ingest={"embed_stall_s": 0.5})
db = sys.argv[1]
"""


def child(code: str, *args: str, timeout: float = 60, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", PRELUDE + code, *args], capture_output=True, text=True,
                          timeout=timeout, cwd=str(ROOT), **kw)  # type: ignore[call-overload]


def invariants(db: Path, acknowledged: set[str] | int = 0) -> dict[str, int]:
    """Integrity, FTS5 integrity, and every acknowledged message (texts, or a count) on disk."""
    with Memory.open(db, CFG, embedder=None) as m:
        r = m.store.execute_read
        assert r("PRAGMA integrity_check")[0][0] == "ok"
        m.store.writer.call(lambda con: con.execute("INSERT INTO nodes_fts(nodes_fts) VALUES('integrity-check')"))
        texts = {row[0] for row in r("SELECT content FROM nodes WHERE type = 'episodic'")}
        if isinstance(acknowledged, set):
            assert acknowledged <= texts, sorted(acknowledged - texts)[:5]
        else:
            assert len(texts) >= acknowledged
        return {"episodes": len(texts), "vectors": r("SELECT count(*) FROM node_vectors")[0][0]}


# -- defect 1: two threads, one failing, in a real process -------------------------------------------
THREADS = """
m = Memory.open(db, cfg, embedder=HashingEmbedder(32))
m.store.writer.call(lambda con: con.execute(
    "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content LIKE 'boom%' "
    "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END"))
out = {"ok": [], "bad_reported_ok": 0, "bad_raised": 0, "good_raised": 0}
def good():
    for chunk in range(20):
        texts = [f"good {chunk} {i}" for i in range(10)]
        for t in texts:
            m.ingest(t, session_id="g", user_id="g")
        try:
            if m.flush(10):
                out["ok"] += texts
        except Exception:
            out["good_raised"] += 1
def bad():
    for chunk in range(20):
        m.ingest(f"boom {chunk}", session_id="b", user_id="b")
        try:
            out["bad_reported_ok"] += bool(m.flush(10))
        except Exception:
            out["bad_raised"] += 1
ts = [threading.Thread(target=good), threading.Thread(target=bad)]
[t.start() for t in ts]; [t.join() for t in ts]
m.close()
print(json.dumps(out))
"""


def test_failing_writes_are_reported_to_their_thread_only(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    p = child(THREADS, str(db))
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert out["good_raised"] == 0 and out["bad_reported_ok"] == 0 and out["bad_raised"] == 20
    assert len(out["ok"]) == 200
    invariants(db, set(out["ok"]))


# -- defect 3: a silent embedding server --------------------------------------------------------------
SILENT_EMBED = """
from memlab.embed.openai import OpenAICompatibleEmbedder
m = Memory.open(db, cfg, embedder=OpenAICompatibleEmbedder(sys.argv[2], "m", 32, timeout_s=30.0))
for i in range(50):
    m.ingest(f"note {i}", session_id="s", at=T0 + i)
t = time.perf_counter(); done = m.flush(); tf = time.perf_counter() - t
t = time.perf_counter(); m.search("note"); ts = time.perf_counter() - t
t = time.perf_counter(); m.close(timeout=1.0); tc = time.perf_counter() - t
print(json.dumps({"flush": tf, "flushed": done, "search": ts, "close": tc}))
"""


def test_silent_embedder_flush_search_close_are_bounded(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with SilentServer() as srv:
        p = child(SILENT_EMBED, str(db), srv.base_url)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert out["flush"] < 0.5 + 1.5  # ingest.embed_stall_s (0.5 here) plus scheduling
    assert out["search"] < 2.0 + 1.0  # embedder.query_timeout_s
    assert out["close"] < 1.0 + 1.0  # its timeout
    assert invariants(db, 50)["episodes"] == 50


# -- defect 2: a silent LLM server --------------------------------------------------------------------
SILENT_LLM = """
from memlab.clock import SimulatedClock
from memlab.llm.client import OpenAICompatChat
with Memory.open(db, cfg, clock=SimulatedClock(T0), embedder=None) as m:
    for i in range(3):
        m.ingest(f"I live in city number {i}", session_id=f"c{i}", at=T0 + i)
    m.end_session()
llm = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": True, "maintain_deadline_s": 2.0})
chat = OpenAICompatChat(sys.argv[2], "m", timeout_s=30.0, retries=3, deadline_s=30.0)
m = Memory.open(db, llm, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)
t = time.perf_counter(); report = m.maintain(); tm = time.perf_counter() - t
t = time.perf_counter(); m.close(timeout=1.0); tc = time.perf_counter() - t
print(json.dumps({"maintain": tm, "close": tc, "deadline_reached": report.deadline_reached}))
"""


def test_silent_llm_maintain_returns_by_its_deadline_and_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with SilentServer() as srv:
        p = child(SILENT_LLM, str(db), srv.base_url)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert out["maintain"] < 2.0 + 1.5 and out["deadline_reached"]
    assert out["close"] < 1.0 + 1.0
    invariants(db, 3)
    with Memory.open(db, CFG, embedder=None) as m:
        assert {s.status for s in m.store.sessions()} == {"pending"}
        assert all(s.last_error for s in m.store.sessions())


# -- defect 5: read-only file and folder, capabilities dropped ---------------------------------------
DROP = ["setpriv", "--inh-caps=-all", "--bounding-set=-all"]
READ_ONLY = """
from memlab import ReadOnlyMemory
out = {}
t = time.perf_counter()
try:
    Memory.open(db, cfg, embedder=HashingEmbedder(32)).ingest("lost?", session_id="s")
    out["open"] = "opened"
except ReadOnlyMemory:
    out["open"] = "ReadOnlyMemory"
out["open_s"] = time.perf_counter() - t
with Memory.open(db, cfg, embedder=HashingEmbedder(32), read_only=True) as m:
    out["hits"] = len(m.search("Vilnius"))
print(json.dumps(out))
"""


@pytest.mark.skipif(shutil.which("setpriv") is None or subprocess.run([*DROP, "true"]).returncode != 0,
                    reason="needs setpriv (util-linux) to drop capabilities")
def test_read_only_folder_detected_at_open_and_readable(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "m.db"
    with Memory.open(db, CFG, embedder=None) as m:
        m.ingest("I moved to Vilnius", session_id="s", wait=True)
    before = db.read_bytes()
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        p = subprocess.run([*DROP, sys.executable, "-c", PRELUDE + READ_ONLY, str(db)], capture_output=True,
                           text=True, timeout=60, cwd=str(ROOT))
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout)
    assert out["open"] == "ReadOnlyMemory" and out["open_s"] < 2.0 and out["hits"] == 1
    assert db.read_bytes() == before
    invariants(db, {"I moved to Vilnius"})


# -- defect 6: a normal exit without close() ----------------------------------------------------------
EXIT = """
m = Memory.open(db, cfg, embedder=HashingEmbedder(32))
for i in range(1500):
    m.ingest(f"exit note {i}", session_id="s", at=T0 + i)
"""


def test_exit_without_close_keeps_rows_and_vectors_within_the_exit_bound(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    t = time.perf_counter()
    p = child(EXIT, str(db))
    assert p.returncode == 0, p.stderr[-2000:]
    assert time.perf_counter() - t < 30
    counts = invariants(db, {f"exit note {i}" for i in range(1500)})
    assert counts["vectors"] == 1500


# -- defect 7: damage in the middle of the file --------------------------------------------------------
def test_damaged_file_cli_exits_non_zero_without_traceback_and_untouched(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with Memory.open(db, CFG, embedder=None) as m:
        for i in range(3000):
            m.ingest(f"message number {i} about Vilnius and cats", session_id=f"s{i // 50}", at=T0 + i)
    size = db.stat().st_size
    with open(db, "r+b") as f:  # the middle third of the pages: header and schema stay intact
        f.seek(size // 3 // 4096 * 4096)
        f.write(b"\xa5" * (size // 3 // 4096 * 4096))
    before = db.read_bytes()
    codes = []
    rules = tmp_path / "rules.toml"
    rules.write_text('[consolidation]\nconsolidator = "rules"\nauto = false\n', encoding="utf-8")
    for args in (["search", str(db), "Vilnius cats"], ["stats", str(db)], ["maintain", str(db)]):
        p = subprocess.run([sys.executable, "-m", "memlab.cli", *args, "--embedder", "none", "--config", str(rules)],
                           capture_output=True, text=True, timeout=60, cwd=str(ROOT))
        assert "Traceback" not in p.stderr, p.stderr[-1500:]
        codes.append(p.returncode)
        if p.returncode:
            assert "integrity_check" in p.stderr and str(db) in p.stderr
    assert any(codes), codes
    assert db.read_bytes()[:4096] == before[:4096]  # the header and schema page were not rewritten


# -- defect 9: two processes, one session id, and a kill -------------------------------------------------
SHARED = """
who, n, start = sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
m = Memory.open(db, cfg, embedder=None)
here = db + ".ready-" + who
open(here, "w").close()
other = db + ".ready-" + ("b" if who == "a" else "a")
while time.time() < start or not os.path.exists(other) and time.time() < start + 20:  # both open it first
    time.sleep(0.005)
for i in range(n):
    m.ingest(f"{who} says {i}", session_id="shared")  # now: a live conversation, never idle
    if i % 10 == 9:
        m.flush()
        print(i + 1, flush=True)
    time.sleep(0.002)
m.flush()
open(db + ".done-" + who, "w").close()
until = time.time() + 10  # the other may have been killed
while not os.path.exists(db + ".done-" + ("b" if who == "a" else "a")) and time.time() < until:
    time.sleep(0.005)  # an ended session is not reused: end it only once both are done
m.end_session()
m.close()
print("done", flush=True)
"""


def shared_session(db: Path) -> dict[str, object]:
    with Memory.open(db, CFG, embedder=None) as m:
        r = m.store.execute_read
        ids = {row[0] for row in r("SELECT id FROM nodes WHERE session_id = 'shared' AND type = 'episodic'")}
        edges = [tuple(e) for e in r("SELECT src, dst FROM edges WHERE type = 'temporal'")]
        row = r("SELECT status, episode_count FROM sessions WHERE id = 'shared'")[0]
    outs, ins = Counter(s for s, _ in edges), Counter(d for _, d in edges)
    return {"episodes": len(ids), "status": row[0], "count": row[1], "edges": len(edges),
            "heads": len(ids - set(ins)), "forks": max(outs.values(), default=0), "joins": max(ins.values(), default=0)}


def test_two_processes_sharing_a_session_leave_it_consistent(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    Memory.open(db, CFG, embedder=None).close()
    start = str(time.time() + 1.5)
    a = subprocess.Popen([sys.executable, "-c", PRELUDE + SHARED, str(db), "a", "60", start], cwd=str(ROOT),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    b = subprocess.Popen([sys.executable, "-c", PRELUDE + SHARED, str(db), "b", "90", start], cwd=str(ROOT),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for proc in (a, b):
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and out.split()[-1] == "done", err[-2000:]
    s = shared_session(db)
    assert s == {"episodes": 150, "status": "pending", "count": 150, "edges": 149, "heads": 1, "forks": 1,
                 "joins": 1}, s
    invariants(db, 150)


def test_kill_during_a_shared_session_keeps_every_flushed_message(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    Memory.open(db, CFG, embedder=None).close()
    start = str(time.time() + 1.0)
    a = subprocess.Popen([sys.executable, "-c", PRELUDE + SHARED, str(db), "a", "3000", start], cwd=str(ROOT),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    b = subprocess.Popen([sys.executable, "-c", PRELUDE + SHARED, str(db), "b", "60", start], cwd=str(ROOT),
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(2.2)
    os.kill(a.pid, signal.SIGKILL)
    out_a, _ = a.communicate(timeout=30)
    out_b, err_b = b.communicate(timeout=60)
    assert b.returncode == 0, err_b[-2000:]
    flushed_a = int(out_a.split()[-1]) if out_a.split() else 0
    acknowledged = {f"a says {i}" for i in range(flushed_a)} | {f"b says {i}" for i in range(60)}
    invariants(db, acknowledged)
    s = shared_session(db)
    assert s["forks"] <= 1 and s["joins"] <= 1 and s["heads"] == 1, s  # one chain, even after the kill
