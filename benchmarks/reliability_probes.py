"""Issue 11's probes, run as a user would; prints probe | before (measured on main) | now.

    .venv/bin/python benchmarks/reliability_probes.py

Subprocesses where an exit, a kill or a resource limit is involved; dead servers are real sockets
on 127.0.0.1 (one that accepts and never answers, one refused port). Takes about a minute.

Issue 35's probes print probe | figure for the tree on the path, so one run on a checkout of the
base commit and one on the branch give the before and after figures of the same machine:

    PYTHONPATH=/tmp/base .venv/bin/python benchmarks/reliability_probes.py 35
    PYTHONPATH=.         .venv/bin/python benchmarks/reliability_probes.py 35

(written against the API both trees share; a probe the base cannot run says so). Takes ~2-3 min
on the base (the silent servers cost their full timeouts there), well under one on the branch.
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
    from memlab.types import ConsolidationError

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


# -- issue 35 ---------------------------------------------------------------------------------------------
FIGURES: list[tuple[str, str]] = []
LLM_CALL_S = 5.0  # the probes' chat client: 5 s per call (the default is 60 s, 120 s with retries)
EMBED_CALL_S = 10.0  # the probes' embedding client: 10 s per request, 3 tries (the default is 30 s)


def fig(probe: str, value: str) -> None:
    FIGURES.append((probe, value))
    print(f"  {probe}: {value}", file=sys.stderr, flush=True)


def probe35_failed_write(tmp: Path) -> None:
    import threading

    with Memory.open(tmp / "w.db", NO_AUTO, embedder=None) as m:
        m.store.writer.call(lambda con: con.execute(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content = 'boom' "
            "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END"))
        out: dict[str, str] = {}
        first = threading.Event()

        def flush_as(name: str, text: str, wait: threading.Event | None) -> None:
            m.ingest(text, session_id=name, user_id=name)
            if wait is not None:
                wait.wait(10)
            else:
                time.sleep(0.3)
            try:
                out[name] = f"returned {m.flush(10)}"
            except Exception as exc:
                out[name] = f"raised {type(exc).__name__}"
            first.set()

        a = threading.Thread(target=flush_as, args=("a", "boom", first))
        b = threading.Thread(target=flush_as, args=("b", "a good message", None))
        a.start(), b.start()
        a.join(30), b.join(30)
    fig("1 thread A's write fails, B's succeeds: A's flush / B's flush", f"{out.get('a')} / {out.get('b')}")
    with Memory.open(tmp / "attr.db", NO_AUTO, embedder=None) as m:
        _, err = timed(lambda: m.ingest("hello", session_id="s", attributes={"x": object()}))
        queued = "queued" if not isinstance(err, Exception) else f"{type(err).__name__} at ingest()"
    fig("1 ingest(attributes={'x': object()})", queued)


def pending35(db: Path, n: int) -> None:
    with Memory.open(db, NO_AUTO, clock=SimulatedClock(T0), embedder=None) as m:
        for i in range(n):
            m.ingest(f"I live in city number {i}", session_id=f"c{i}")
        m.end_session()


def probe35_silent_llm(tmp: Path) -> None:
    from memlab.llm.client import OpenAICompatChat

    db = tmp / "llm.db"
    pending35(db, 3)
    cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": True})
    with SilentServer() as srv:
        chat = OpenAICompatChat(srv.base_url, "m", timeout_s=LLM_CALL_S, retries=3, deadline_s=LLM_CALL_S)
        m = Memory.open(db, cfg, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)
        t, report = timed(m.maintain)
        tc, _ = timed(lambda: m.close(timeout=2.0))
    with Memory.open(db, NO_AUTO, embedder=None) as m2:
        sessions = m2.store.sessions()
        states = sorted({s.status for s in sessions})
        errors = sum(bool(s.last_error) for s in sessions)
        episodes = m2.store.execute_read("SELECT count(*) FROM nodes WHERE type = 'episodic'")[0][0]
    fig(f"2 maintain(), silent LLM, 3 pending sessions (auto on; {LLM_CALL_S:g} s per call)",
        f"{t:.1f} s; close(timeout=2) {tc:.1f} s; sessions {states}, {errors}/3 with the error, "
        f"{episodes}/3 episodes kept")
    if "maintain_deadline_s" not in MemoryConfig().consolidation.__dataclass_fields__:
        fig("2 maintain() deadline 2 s, silent LLM, 60 s per call", "no maintain() deadline in this tree")
        return
    db2 = tmp / "llm2.db"
    pending35(db2, 3)
    cfg = cfg.replace(consolidation={"maintain_deadline_s": 2.0, "auto": False})
    with SilentServer() as srv:
        chat = OpenAICompatChat(srv.base_url, "m", timeout_s=60.0, retries=3, deadline_s=120.0)
        m = Memory.open(db2, cfg, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)
        t, report = timed(m.maintain)
        m.close(timeout=1.0)
    fig("2 maintain() deadline 2 s, silent LLM, 60 s per call", f"{t:.1f} s, deadline_reached "
        f"{getattr(report, 'deadline_reached', '?')}")


def probe35_silent_embedder(tmp: Path) -> None:
    with SilentServer() as srv:
        emb = OpenAICompatibleEmbedder(srv.base_url, "m", 32, timeout_s=EMBED_CALL_S)
        m = Memory.open(tmp / "emb.db", NO_AUTO, embedder=emb)
        for i in range(64):
            m.ingest(f"I moved to Vilnius, note {i}", session_id="s")
        t, ok = timed(m.flush)
        tc, _ = timed(lambda: m.close(timeout=2.0))
    fig(f"3 flush(), silent embedder (3 tries x {EMBED_CALL_S:g} s)", f"{t:.1f} s (returned {ok}); close(timeout=2) {tc:.1f} s")


def probe35_reads(tmp: Path) -> None:
    """search() / context() / stats() with each dead server (the vectors' and the LLM's)."""
    from memlab.llm.client import OpenAICompatChat

    db = tmp / "reads.db"
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        for i in range(200):
            m.ingest(f"I moved to Vilnius, note {i}", session_id=f"s{i // 20}")
    with SilentServer() as srv:
        for label, url in (("silent", srv.base_url), ("refused", refused_url())):
            emb = OpenAICompatibleEmbedder(url, "m", 32, timeout_s=EMBED_CALL_S)
            m = Memory.open(tmp / f"reads-{label}.db", NO_AUTO, embedder=emb)
            m.ingest("I moved to Vilnius", session_id="x", wait=True)
            t1, _ = timed(lambda m=m: m.search("Vilnius"))
            t2, _ = timed(lambda m=m: m.search("Vilnius again"))
            t3, _ = timed(lambda m=m: m.context("where do I live?"))
            t4, _ = timed(m.stats)
            m.close(timeout=1.0)
            fig(f"reads, {label} embedder: search 1st / 2nd, context, stats",
                f"{t1:.2f} / {t2:.3f} / {t3:.3f} / {t4:.3f} s")
            cfg = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": True, "read_wait_s": 1.0})
            chat = OpenAICompatChat(url, "m", timeout_s=LLM_CALL_S, retries=3, deadline_s=LLM_CALL_S)
            clock = SimulatedClock(T0)
            m = Memory.open(db, cfg, clock=clock, embedder=None, chat=chat)
            m.ingest("I moved to Porto", session_id="live")
            clock.advance(3600)  # the next read closes the idle conversation: it waits read_wait_s at most
            t1, _ = timed(lambda m=m: m.search("Porto"))
            t2, _ = timed(lambda m=m: m.context("where do I live?"))
            t3, _ = timed(m.stats)
            tc, _ = timed(lambda m=m: m.close(timeout=1.0))
            fig(f"reads, {label} LLM: search (closes a session) / context / stats / close(1)",
                f"{t1:.2f} / {t2:.3f} / {t3:.3f} / {tc:.2f} s")


def probe35_users(tmp: Path) -> None:
    db = tmp / "users.db"
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        m.ingest("alice's code word is tulip", session_id="a", user_id="alice")
        m.ingest("bob's code word is zeppelin", session_id="b", user_id="bob")
    html = tmp / "alice.html"
    p = cli("viz", str(db), "-o", str(html), "--user", "alice", "--embedder", "none")
    leak = "zeppelin" in html.read_text(encoding="utf-8") if html.exists() else None
    fig("4 memlab viz --user alice: bob's secret in the page", f"{leak} (exit {p.returncode})")
    p = cli("stats", str(db), "--user", "bob", "--embedder", "none")
    import json

    try:
        episodic = json.loads(p.stdout)["nodes"]["episodic"]
    except (ValueError, KeyError):
        episodic = p.stderr.strip()[-60:]
    fig("4 memlab stats --user bob: episodes counted (bob has 1 of 2)", str(episodic))


DROP = ["setpriv", "--inh-caps=-all", "--bounding-set=-all"]
RO35 = """
import sys, time
from memlab.config import MemoryConfig
from memlab.memory import Memory
cfg = MemoryConfig().replace(consolidation={"auto": False})
for ro in (True, False):
    t = time.perf_counter()
    try:
        with Memory.open(sys.argv[1], cfg, embedder=None, read_only=ro) as m:
            if ro:
                r = f"read {len(m.search('Vilnius'))} hit"
            else:
                m.ingest("more", session_id="s")
                try:
                    r = f"opened; flush returned {m.flush()}"
                except Exception as exc:
                    r = f"opened; flush raised {type(exc).__name__}"
    except Exception as exc:
        r = f"{type(exc).__name__} at open"
    print(f"{'read_only=True' if ro else 'writable'}: {r} ({time.perf_counter() - t:.2f} s)", end="; ")
"""


def probe35_read_only(tmp: Path) -> None:
    import shutil

    if shutil.which("setpriv") is None:
        fig("5 read-only folder / file (capabilities dropped)", "skipped: no setpriv")
        return
    for what in ("folder", "file"):
        folder = tmp / f"ro-{what}"
        folder.mkdir()
        db = folder / "m.db"
        with Memory.open(db, NO_AUTO, embedder=None) as m:
            m.ingest("I moved to Vilnius", session_id="s", wait=True)
        db.chmod(0o444)
        folder.chmod(0o555 if what == "folder" else 0o777)
        try:
            p = subprocess.run([*DROP, sys.executable, "-c", RO35, str(db)], capture_output=True, text=True,
                               timeout=120)
        finally:
            folder.chmod(0o755)
            db.chmod(0o644)
        fig(f"5 read-only {what} (capabilities dropped)", p.stdout.strip() or p.stderr.strip()[-100:])


EXIT35 = """
import sys
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=HashingEmbedder(32))
for i in range(5000):
    m.ingest(f"msg {i}", session_id="s")
"""


def probe35_exit(tmp: Path) -> None:
    db = tmp / "exit35.db"
    t, _ = timed(lambda: subprocess.run([sys.executable, "-c", EXIT35, str(db)], check=True, timeout=300))
    rows = count(db)
    vectors = count(db, "SELECT count(*) FROM node_vectors")
    fig("6 exit without close(), 5000 ingests (hashing embedder)", f"{rows} rows, {vectors} vectors ({t:.1f} s)")


def probe35_damage(tmp: Path) -> None:
    db = tmp / "damaged.db"
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        for i in range(3000):
            m.ingest(f"message number {i} about Vilnius and cats", session_id=f"s{i // 50}")
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.seek(size // 3 // 4096 * 4096)
        f.write(b"\xa5" * (size // 3 // 4096 * 4096))
    _, err = timed(lambda: Memory.open(db, NO_AUTO, embedder=None).search("Vilnius cats"))
    what = f"{type(err).__module__}.{type(err).__name__}: {str(err)[:60]}" if isinstance(err, Exception) else "nothing"
    fig("7 damage mid-file: search() raises", what)
    p = cli("search", str(db), "Vilnius cats", "--embedder", "none")
    fig("7 damage mid-file: memlab search", f"exit {p.returncode}, traceback {'Traceback' in p.stderr}")


def probe35_api(tmp: Path) -> None:
    with Memory.open(tmp / "api.db", NO_AUTO, embedder=None) as m:
        m.ingest("I live in Berlin", session_id="s", wait=True)
        out = []
        for label, fn in (
            ("search(123)", lambda: m.search(123)),  # type: ignore[arg-type]
            ("search(None)", lambda: m.search(None)),  # type: ignore[arg-type]
            ("context(budget=0)", lambda: m.context("Berlin", budget=0)),
            ("at='0001-01-01'", lambda: m.ingest("x", session_id="t", at="0001-01-01")),
            ("role='robot'", lambda: m.ingest("x", session_id="t", role="robot", wait=True)),
        ):
            _, r = timed(fn)
            out.append(f"{label}: " + (f"{type(r).__name__}({str(r)[:40]!r})" if isinstance(r, Exception) else repr(r)[:30]))
    for line in out:
        fig("8 " + line.split(": ", 1)[0], line.split(": ", 1)[1])


SHARED35 = """
import sys, time
from memlab.config import MemoryConfig
from memlab.memory import Memory
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=None)
start = float(sys.argv[3])
while time.time() < start:
    time.sleep(0.005)
for i in range(100):
    m.ingest(f"{sys.argv[2]} says {i}", session_id="shared")
    if i % 10 == 9:
        m.flush()
    time.sleep(0.002)
m.end_session()
m.close()
"""


def probe35_shared(tmp: Path) -> None:
    from collections import Counter

    db = tmp / "shared.db"
    Memory.open(db, NO_AUTO, embedder=None).close()
    start = str(time.time() + 2.0)
    procs = [subprocess.Popen([sys.executable, "-c", SHARED35, str(db), who, start]) for who in ("a", "b")]
    for proc in procs:
        proc.wait(120)
    with Memory.open(db, NO_AUTO, embedder=None, read_only=True) as m:
        r = m.store.execute_read
        status, n = r("SELECT status, episode_count FROM sessions WHERE id = 'shared'")[0]
        ids = {x[0] for x in r("SELECT id FROM nodes WHERE session_id = 'shared' AND type = 'episodic'")}
        edges = r("SELECT src, dst FROM edges WHERE type = 'temporal'")
    heads = len(ids - {d for _, d in edges})
    forks = max(Counter(s for s, _ in edges).values(), default=0)
    fig("9 two processes x 100 ingests, one session id",
        f"{len(ids)} episodes; row: status {status}, episode_count {n}; chain: {heads} head(s), "
        f"max {forks} successor(s) per episode")


def main35() -> None:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        for probe in (probe35_failed_write, probe35_silent_llm, probe35_silent_embedder, probe35_reads,
                      probe35_users, probe35_read_only, probe35_exit, probe35_damage, probe35_api, probe35_shared):
            try:
                probe(tmp)
            except Exception as exc:  # a tree without the feature: say so, go on
                fig(probe.__name__, f"probe failed: {type(exc).__name__}: {str(exc)[:80]}")
    width = max(len(p) for p, _ in FIGURES)
    for probe_name, value in FIGURES:
        print(f"{probe_name.ljust(width)} | {value}")


def main() -> None:
    if sys.argv[1:] == ["35"]:
        main35()
        return
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
