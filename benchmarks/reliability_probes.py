"""Issue 11's probes, run as a user would; prints probe | before (measured on main) | now.

    .venv/bin/python benchmarks/reliability_probes.py

Subprocesses where an exit, a kill or a resource limit is involved; dead servers are real sockets
on 127.0.0.1 (one that accepts and never answers, one refused port). Takes about a minute.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.embed.openai import OpenAICompatibleEmbedder
from memlab.memory import Memory
from memlab.testing.dead_servers import SilentServer, refused_url

NO_AUTO = MemoryConfig().replace(consolidation={"auto": False})
ROWS: list[tuple[str, str, str]] = []
T0 = 1_700_000_000.0


def row(probe: str, before: str, now: str) -> None:
    ROWS.append((probe, before, now))
    print(f"  {probe}: {now}", file=sys.stderr)


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    t = time.perf_counter()
    try:
        out: object = fn()
    except Exception as exc:
        out = exc
    return time.perf_counter() - t, out


def count(db: Path, sql: str = "SELECT count(*) FROM nodes WHERE type = 'episodic'") -> int:
    with Memory.open(db, NO_AUTO, embedder=None, read_only=True) as m:
        return int(m.store.execute_read(sql)[0][0])


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "memlab.cli", *args], capture_output=True, text=True, timeout=300)


@contextlib.contextmanager
def read_only(folder: Path) -> Iterator[bool]:
    if os.geteuid() != 0:
        for p in [folder, *folder.iterdir()]:
            p.chmod(0o555 if p.is_dir() else 0o444)
        yield True
        for p in [folder, *folder.iterdir()]:
            p.chmod(0o755 if p.is_dir() else 0o644)
        return
    ok = subprocess.run(["mount", "--bind", str(folder), str(folder)], capture_output=True).returncode == 0
    ok = ok and subprocess.run(["mount", "-o", "remount,bind,ro", str(folder)], capture_output=True).returncode == 0
    try:
        yield ok
    finally:
        if ok:
            subprocess.run(["umount", str(folder)])


# -- HIGH ---------------------------------------------------------------------------------------------
EXIT = """
import sys
from memlab.config import MemoryConfig
from memlab.memory import Memory
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=None)
for i in range(5000):
    m.ingest(f"msg {i}", session_id="s")
"""


def probe_exit(tmp: Path) -> None:
    db = tmp / "exit.db"
    subprocess.run([sys.executable, "-c", EXIT, str(db)], check=True)
    row("1 exit without close(): 5000 ingests", "0 of 5000 written", f"{count(db)} of 5000 written, {5000 - count(db)} lost")
    cfg = NO_AUTO
    with Memory.open(tmp / "q.db", cfg, embedder=None) as m:
        peak = 0
        for i in range(20000):
            m.ingest(f"m {i}", session_id="s")
            if i % 1000 == 0:
                peak = max(peak, m.stats()["writer"]["uncommitted"])
        bound = m.stats()["writer"]["max_uncommitted"]
    row("1 queue bound (what kill -9 can lose)", "unbounded, ~10K lost, unreported",
        f"bounded at {bound} (stats().writer.max_uncommitted); peak seen {peak}")


def probe_read_only(tmp: Path) -> None:
    folder = tmp / "ro"
    folder.mkdir()
    db = folder / "ro.db"
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        m.ingest("existing", session_id="s", wait=True)
    notes = tmp / "notes.txt"
    notes.write_text("one\ntwo\n", encoding="utf-8")
    with read_only(folder) as ok:
        if not ok:
            row("2 memlab ingest on a read-only db", "'ingested 2', exit 0, 0 rows", "skipped (cannot make a read-only folder)")
            return
        p = cli("ingest", str(db), str(notes), "--embedder", "none")
        s = cli("search", str(db), "existing", "--embedder", "none")
        new = cli("ingest", str(folder / "new.db"), str(notes), "--embedder", "none")
        rows = count(db)
    msg = p.stderr.strip().splitlines()[-1][:70] if p.stderr.strip() else p.stdout.strip()
    row("2 memlab ingest on a read-only db", "'ingested 2 messages', exit 0, 0 rows written",
        f"exit {p.returncode}, {rows - 1} rows written: {msg}...")
    row("2 memlab search on a read-only db", "(opened a writer)", f"exit {s.returncode}, read-only open, hit shown")
    row("8 new db in a read-only folder", "raw sqlite3.OperationalError", f"exit {new.returncode}: {new.stderr.strip()[:60]}...")


def probe_hung_embedder(tmp: Path) -> None:
    with SilentServer() as srv:
        emb = OpenAICompatibleEmbedder(srv.base_url, "m", 32, timeout_s=30.0)
        m = Memory.open(tmp / "hung.db", NO_AUTO, embedder=emb)
        for i in range(64):
            m.ingest(f"I moved to Vilnius, note {i}", session_id="s")
        t1, hits = timed(lambda: m.search("Vilnius"))
        t2, _ = timed(lambda: m.search("note"))
        tf, ok = timed(lambda: m.flush(timeout=2.0))
        ts, _ = timed(m.stats)
        breaker = m.stats()["layers"]["query_vectors"]
        tc, _ = timed(lambda: m.close(timeout=2.0))
    n = len(hits) if isinstance(hits, list) else hits
    row("3 search, hung embedder (1st / 2nd)", "~92 s each", f"{t1:.2f} s ({n} FTS hits) / {t2:.3f} s; breaker {breaker}")
    row("3 flush(timeout=2), hung embedder", "~276 s per 64-msg batch", f"{tf:.2f} s (returned {ok})")
    row("3 stats(), hung embedder", "blocks (calls flush)", f"{ts:.3f} s")
    row("3 close(timeout=2), hung embedder", "waits for every retry", f"{tc:.2f} s; texts left unembedded for maintain()")


# -- MEDIUM --------------------------------------------------------------------------------------------
def probe_orphan(tmp: Path) -> None:
    with Memory.open(tmp / "orphan.db", NO_AUTO, embedder=None) as m:
        m.store.writer.call(lambda con: con.execute(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content = 'boom' "
            "BEGIN SELECT RAISE(ABORT, 'simulated disk full'); END"))
        with contextlib.suppress(Exception):
            m.ingest("boom", session_id="chat", wait=True)
        m.ingest("I live in Berlin", session_id="chat", wait=True)
        s = m.store.session("chat")
    row("4 first write of a session fails", "later messages: no sessions row, never consolidated",
        f"sessions row: {'present, ' + s.status if s else 'MISSING'}")


def probe_takeover(tmp: Path) -> None:
    db = tmp / "take.db"
    agent = Memory.open(db, NO_AUTO, embedder=None)
    agent.ingest("I live in Berlin", session_id="chat-A", wait=True)
    notes = tmp / "n.txt"
    notes.write_text("a note\n", encoding="utf-8")
    cli("ingest", str(db), str(notes), "--embedder", "none")
    status = agent.store.session("chat-A").status  # type: ignore[union-attr]
    agent.ingest("I moved to Vilnius", session_id="chat-A", wait=True)
    n = agent.store.execute_read("SELECT count(*) FROM nodes WHERE session_id = 'chat-A'")[0][0]
    agent.close()
    row("5 CLI ingest while an agent has chat-A open", "appended to chat-A, completed + consolidated it",
        f"chat-A still {status}; agent's next message in chat-A ({n} episodes), CLI used its own session")


def probe_unembedded(tmp: Path) -> None:
    db = tmp / "emb.db"
    with SilentServer() as srv:
        m = Memory.open(db, NO_AUTO, embedder=OpenAICompatibleEmbedder(srv.base_url, "m", 32, timeout_s=1.0))
        for i in range(100):
            m.ingest(f"note {i}", session_id="s")
        m.close(timeout=1.0)
    from memlab.testing.openai_server import OpenAICompatServer

    with OpenAICompatServer(embed_dim=32) as good:
        m = Memory.open(db, NO_AUTO, embedder=OpenAICompatibleEmbedder(good.base_url, "m", 32))
        before = m.stats()["unembedded"]
        m.maintain()
        after = m.stats()["unembedded"]
        m.close()
    cdb = tmp / "cli-emb.db"  # written without an embedder: every node lacks a vector
    with Memory.open(cdb, NO_AUTO, embedder=None) as m:
        for i in range(50):
            m.ingest(f"note {i}", session_id="s")
    p = cli("embed-missing", str(cdb), "--embedder", "hashing", "--dim", "32")
    row("6 nodes without vectors after an outage", "never repaired; no CLI command",
        f"maintain(): {before} -> {after} unembedded; `memlab embed-missing`: exit {p.returncode}, "
        f"{p.stdout.strip()[:40]}")


def pending(db: Path, n: int) -> None:
    with Memory.open(db, NO_AUTO, clock=SimulatedClock(T0), embedder=None) as m:
        for i in range(n):
            m.ingest(f"I live in city {i}", session_id=f"c{i}")
        m.end_session()


def llm_open(db: Path, url: str, timeout_s: float) -> Memory:
    from memlab.llm.client import OpenAICompatChat

    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": True})
    chat = OpenAICompatChat(url, "m", timeout_s=timeout_s, retries=3)
    return Memory.open(db, cfg, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)


def probe_llm(tmp: Path) -> None:
    db = tmp / "llm.db"
    pending(db, 5)
    m = llm_open(db, refused_url(), 60.0)
    tr, _ = timed(lambda: m.close(timeout=5.0))
    with SilentServer() as srv:
        m = llm_open(db, srv.base_url, 60.0)
        time.sleep(0.5)
        tsil, _ = timed(lambda: m.close(timeout=5.0))
    for _ in range(3):
        m = llm_open(db, refused_url(), 60.0)
        m.close(timeout=5.0)
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        attempts = [s.attempts for s in m.store.sessions()]
        statuses = {s.status for s in m.store.sessions()}
    row("7 close(timeout=5), 5 sessions, refused LLM", "18.7 s", f"{tr:.2f} s, sessions left {sorted(statuses)}")
    row("7 close(timeout=5), 5 sessions, silent LLM", "~4 min per session", f"{tsil:.2f} s")
    row("7 attempts spent by 5 opens (LLM down)", "1 per open; failed for good after 3", f"{attempts}")
    db2 = tmp / "failed.db"
    clock = SimulatedClock(T0)
    from memlab.knowledge.consolidation import consolidate
    from memlab.knowledge.plan import ConsolidationError

    class Broken:
        name = "broken"

        def consolidate(self, episodes: object, ctx: object) -> object:
            raise ConsolidationError("model unavailable")

    with Memory.open(db2, NO_AUTO, clock=clock, embedder=None) as m:
        m.ingest("I live in Berlin", session_id="s")
        m.end_session()
        for _ in range(3):
            consolidate(m.knowledge, consolidator=Broken())  # type: ignore[arg-type]
        clock.advance(m.config.consolidation.retry_backoff_s + 1)
        m.maintain(steps=["consolidate"])
        st = m.store.session("s").status  # type: ignore[union-attr]
    row("7 failed session, then maintain() after backoff", "never retried", st)


# -- LOW -----------------------------------------------------------------------------------------------
def probe_low(tmp: Path) -> None:
    from memlab.tools import call_tool

    with Memory.open(tmp / "low.db", NO_AUTO, embedder=HashingEmbedder(32)) as m:
        eid = m.ingest("I live in Berlin", session_id="s", wait=True)
        lim = [call_tool(m, "search_memory", {"query": "Berlin", "limit": v}) for v in (-1, 10**9)]
        row("8 search_memory limit=-1 / 10**9", "drops last hit / whole db reinforced",
            " / ".join(str(x.get("error", "ok"))[:38] for x in lim))
        errs = []
        for at in (float("inf"), 1e12, float("nan")):
            _, out = timed(lambda at=at: m.ingest("x", session_id="t", at=at))
            errs.append(type(out).__name__)
        row("8 at=inf / 1e12 / NaN", "accepted, crash later; IntegrityError", " / ".join(errs))
        big = call_tool(m, "remember_fact", {"content": "x" * 3_000_000})
        row("8 remember_fact 3 MB", "stored", str(big.get("error", big))[:60])
        fg = call_tool(m, "forget_fact", {"fact_id": eid})
        row("8 forget_fact on a raw episode", "hidden (correct/confirm refuse)", str(fg.get("error", fg))[:60])
    db = tmp / "hash.db"
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        m.ingest("a", session_id="proj#2", wait=True)
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        m.ingest("b", session_id="proj#2", wait=True)
        ids = [s.id for s in m.store.sessions()]
    row("8 session 'proj#2' after a reopen", "continued as 'proj#2#2'", f"sessions {ids}")
    src = tmp / "bad.jsonl"
    src.write_text('{"text": "one"}\n{"txt": "two"}\n{"text": "three"}\n', encoding="utf-8")
    jdb = tmp / "j.db"
    p1 = cli("ingest", str(jdb), str(src), "--embedder", "none")
    rows1 = count(jdb) if jdb.exists() else 0
    row("8 JSONL with a bad record (line 2)", "stops at it, no line number; rerun duplicates",
        f"exit {p1.returncode}, {rows1} rows, stderr: {p1.stderr.strip().splitlines()[0][-45:]}")
    probe_disk_full(tmp)


DISK_FULL = """
import logging, resource, signal, sys, threading
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
from memlab.config import MemoryConfig
from memlab.memory import Memory
n = [0]
class Count(logging.Handler):
    def emit(self, record): n[0] += 1
logging.getLogger("memlab").addHandler(Count(logging.ERROR))
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=None)
resource.setrlimit(resource.RLIMIT_FSIZE, (1_000_000, 1_000_000))
for i in range(20000):
    try:
        m.ingest("filler " * 50, session_id="s")
    except Exception:
        pass
try:
    clean = m.close(10)
    raised = "no"
except Exception as exc:
    clean, raised = False, type(exc).__name__
threads = [t.name for t in threading.enumerate() if t.name.startswith("memlab")]
print(f"close raised {raised}, returned {clean}, {n[0]} ERROR lines, memlab threads left {threads}")
"""


def probe_disk_full(tmp: Path) -> None:
    db = tmp / "full.db"
    with Memory.open(db, NO_AUTO, embedder=None):
        pass
    p = subprocess.run([sys.executable, "-c", DISK_FULL, str(db)], capture_output=True, text=True, timeout=300)
    row("8 full disk: close()", "raises, threads left, 19,005 identical ERROR lines",
        (p.stdout.strip() or p.stderr.strip()[-120:]) + f" (exit {p.returncode})")


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for probe in (probe_exit, probe_read_only, probe_hung_embedder, probe_orphan, probe_takeover,
                      probe_unembedded, probe_llm, probe_low):
            probe(tmp)
    widths = [max(len(r[i]) for r in [*ROWS, ("probe", "before (main)", "now")]) for i in range(2)]
    print(f"{'probe'.ljust(widths[0])} | {'before (main)'.ljust(widths[1])} | now")
    print(f"{'-' * widths[0]}-+-{'-' * widths[1]}-+-----")
    for probe, before, now in ROWS:
        print(f"{probe.ljust(widths[0])} | {before.ljust(widths[1])} | {now}")


if __name__ == "__main__":
    main()
