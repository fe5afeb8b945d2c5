"""Issue 35: a failed write is never reported done, nothing waits without bound, errors are ours."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memlab import CorruptMemory, ReadOnlyMemory, WriteFailed
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.embed.openai import OpenAICompatibleEmbedder
from memlab.ingest import InvalidMessage
from memlab.memory import Memory
from memlab.testing.dead_servers import SilentServer

NO_AUTO = MemoryConfig().replace(consolidation={"auto": False})
T0 = 1_700_000_000.0


def open_mem(path: Path, cfg: MemoryConfig = NO_AUTO, **kw: object) -> Memory:
    return Memory.open(path, cfg, embedder=HashingEmbedder(32), **kw)  # type: ignore[arg-type]


def rows(path: Path, sql: str = "SELECT count(*) FROM nodes WHERE type = 'episodic'") -> int:
    with Memory.open(path, NO_AUTO, embedder=None, read_only=True) as m:
        return int(m.store.execute_read(sql)[0][0])


def boom_trigger(m: Memory) -> None:
    m.store.writer.call(
        lambda con: con.execute(
            "CREATE TEMP TRIGGER boom BEFORE INSERT ON nodes WHEN NEW.content = 'boom' "
            "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END"
        )
    )


# -- 1. failures belong to the writes that caused them ------------------------------------------------
def in_thread(fn: object) -> BaseException | bool | None:
    box: list[BaseException | bool | None] = []

    def run() -> None:
        try:
            box.append(fn())  # type: ignore[operator]
        except BaseException as exc:
            box.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join(30)
    return box[0]


def test_a_failed_write_is_reported_to_its_own_thread_not_to_another(tmp_path: Path) -> None:
    with open_mem(tmp_path / "m.db") as m:
        boom_trigger(m)
        gate = threading.Event()

        def a() -> bool:
            m.ingest("boom", session_id="a", user_id="a")
            gate.wait(10)
            return m.flush(10)

        def b() -> bool:
            m.ingest("a good message", session_id="b", user_id="b")
            time.sleep(0.3)  # A's failed write is committed (rolled back) before B flushes
            try:
                return m.flush(10)
            finally:
                gate.set()

        results: dict[str, BaseException | bool | None] = {}
        ta = threading.Thread(target=lambda: results.__setitem__("a", in_thread(a)))
        tb = threading.Thread(target=lambda: results.__setitem__("b", in_thread(b)))
        ta.start(), tb.start()
        ta.join(30), tb.join(30)
        assert results["b"] is True  # not someone else's error
        assert isinstance(results["a"], WriteFailed) and "simulated failure" in str(results["a"])
        assert m.flush() is True  # reported once


def test_unserialisable_attributes_are_refused_before_anything_is_queued(tmp_path: Path) -> None:
    with open_mem(tmp_path / "m.db") as m:
        before = m.store.writer.stats.submitted
        with pytest.raises(InvalidMessage, match="JSON"):
            m.ingest("I live in Berlin", session_id="s", attributes={"when": object()})
        with pytest.raises(InvalidMessage, match="JSON"):
            m.ingest("I live in Berlin", session_id="s", attributes={"x": float("nan")})
        assert m.store.writer.stats.submitted == before
        m.ingest("I live in Berlin", session_id="s", attributes={"ok": [1, "two"]})
        assert m.flush() is True
    assert rows(tmp_path / "m.db") == 1


# -- 3. flush() does not wait on a silent embedder ----------------------------------------------------
def test_flush_with_a_silent_embedder_returns_within_the_stall_bound(tmp_path: Path) -> None:
    cfg = NO_AUTO.replace(ingest={"embed_stall_s": 0.5})
    with SilentServer() as srv:
        emb = OpenAICompatibleEmbedder(srv.base_url, "m", 32, timeout_s=30.0)
        m = Memory.open(tmp_path / "m.db", cfg, embedder=emb)
        for i in range(10):
            m.ingest(f"note {i}", session_id="s")
        t0 = time.perf_counter()
        assert m.flush() is False  # the episodes are durable, their vectors are not there yet
        assert time.perf_counter() - t0 < 3.0
        assert m.stats()["nodes_total"] == 10
        m.close(timeout=0.5)
    assert rows(tmp_path / "m.db") == 10


# -- 5. read-only folders and files -------------------------------------------------------------------
DROP = ["setpriv", "--inh-caps=-all", "--bounding-set=-all"]
RO_CHILD = """
import sys
from memlab import ReadOnlyMemory
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
cfg = MemoryConfig().replace(consolidation={"auto": False})
with Memory.open(sys.argv[1], cfg, embedder=HashingEmbedder(32), read_only=True) as m:
    print("read", len(m.search("Vilnius")))
    try:
        m.ingest("more", session_id="s")
    except ReadOnlyMemory:
        print("ingest ReadOnlyMemory")
try:
    Memory.open(sys.argv[1], cfg, embedder=HashingEmbedder(32))
    print("writable open succeeded")
except ReadOnlyMemory as exc:
    print("open ReadOnlyMemory", "read_only=True" in str(exc))
"""


def can_drop_privileges() -> bool:
    if shutil.which("setpriv") is None:
        return False
    probe = subprocess.run([*DROP, "true"], capture_output=True)
    return probe.returncode == 0


@pytest.mark.skipif(not can_drop_privileges(), reason="needs setpriv (util-linux) to drop capabilities")
@pytest.mark.parametrize("what", ["folder", "file"])
def test_read_only_folder_or_file_reads_and_refuses_writes_at_open(tmp_path: Path, what: str) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "m.db"
    with open_mem(db) as m:
        m.ingest("I moved to Vilnius", session_id="s", wait=True)
    db.chmod(0o444)
    folder.chmod(0o555 if what == "folder" else 0o777)
    try:
        p = subprocess.run([*DROP, sys.executable, "-c", RO_CHILD, str(db)], capture_output=True, text=True,
                           timeout=60)
        leftovers = sorted(x.name for x in folder.iterdir())
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split("\n")[:3] == ["read 1", "ingest ReadOnlyMemory", "open ReadOnlyMemory True"], p.stdout
    assert "Traceback" not in p.stderr
    if what == "folder":  # read as immutable: no WAL side files were needed (none could be made)
        assert leftovers == ["m.db"]
    assert rows(db) == 1


# -- 6. embeddings queued at a normal exit without close() -------------------------------------------
EXIT_SCRIPT = """
import sys
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
m = Memory.open(sys.argv[1], MemoryConfig().replace(consolidation={"auto": False}), embedder=HashingEmbedder(32))
for i in range(int(sys.argv[2])):
    m.ingest(f"msg {i}", session_id="s")
"""


def test_exit_without_close_drains_the_embeddings_within_the_bound(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", EXIT_SCRIPT, str(db), "2000"], check=True, timeout=120)
    assert time.perf_counter() - t0 < 60
    assert rows(db) == 2000
    assert rows(db, "SELECT count(*) FROM node_vectors") == 2000


# -- 7. damage in the middle of the file --------------------------------------------------------------
def damage(db: Path) -> None:
    with open_mem(db) as m:
        for i in range(3000):
            m.ingest(f"message number {i} about Vilnius and cats", session_id=f"s{i // 50}", at=T0 + i)
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.seek(size // 2 // 4096 * 4096)
        f.write(b"\xa5" * 4096 * 16)


def test_damage_mid_file_is_one_clear_corrupt_memory_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from memlab.cli import main as cli

    db = tmp_path / "m.db"
    damage(db)
    with pytest.raises(CorruptMemory, match="integrity_check") as info:
        with open_mem(db) as m:
            m.search("Vilnius cats")
            m.stats()
            m.maintain(steps=["decay"])
            raise AssertionError("damage not seen")  # pragma: no cover
    assert str(db) in str(info.value)
    code = cli(["search", str(db), "Vilnius cats", "--embedder", "hashing", "--dim", "32"])
    code2 = cli(["stats", str(db), "--embedder", "hashing", "--dim", "32"])
    err = capsys.readouterr().err
    assert code != 0 or code2 != 0
    assert "Traceback" not in err and "integrity_check" in err


def test_a_file_that_is_not_a_database_is_corrupt_memory(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    db.write_bytes(b"hello, this is not SQLite at all" * 100)
    with pytest.raises(CorruptMemory, match="not a SQLite database"):
        open_mem(db)


# -- 8. small API gaps ----------------------------------------------------------------------------------
def test_search_and_context_refuse_non_text_queries_and_bad_budgets(tmp_path: Path) -> None:
    with open_mem(tmp_path / "m.db") as m:
        m.ingest("I live in Berlin", session_id="s", wait=True)
        for bad in (123, None, b"bytes"):
            with pytest.raises(TypeError, match="query must be a str"):
                m.search(bad)  # type: ignore[arg-type]
            with pytest.raises(TypeError, match="prompt must be a str"):
                m.context(bad)  # type: ignore[arg-type]
        for budget in (0, -5):
            with pytest.raises(ValueError, match="budget must be a positive"):
                m.context("Berlin", budget=budget)
        assert m.context("where do I live?", budget=200)


@pytest.mark.parametrize("when", ["0001-01-01", "9999-12-31T00:00:00"])
def test_iso_dates_out_of_range_say_which_dates_work(tmp_path: Path, when: str) -> None:
    with open_mem(tmp_path / "m.db") as m:
        with pytest.raises(InvalidMessage, match="year") as info:
            m.ingest("I live in Berlin", session_id="s", at=when)
        assert "milliseconds" not in str(info.value)
        with pytest.raises(ValueError, match="year"):
            m.search("Berlin", as_of=when)


def test_role_must_be_a_known_role(tmp_path: Path) -> None:
    with open_mem(tmp_path / "m.db") as m:
        with pytest.raises(InvalidMessage, match="role must be one of"):
            m.ingest("hello", session_id="s", role="robot")
        m.ingest("hello", session_id="s", role="assistant", wait=True)


def test_writing_a_read_only_memory_raises_read_only_memory(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with open_mem(db) as m:
        m.ingest("hello", session_id="s", wait=True)
    with open_mem(db, read_only=True) as ro, pytest.raises(ReadOnlyMemory):
        ro.ingest("more", session_id="s")


# -- 2. a silent LLM server: a breaker for the chat model, a deadline for maintain() -----------------
def pending_sessions(db: Path, n: int) -> None:
    from memlab.clock import SimulatedClock

    with Memory.open(db, NO_AUTO, clock=SimulatedClock(T0), embedder=None) as m:
        for i in range(n):
            m.ingest(f"I live in city number {i}", session_id=f"chat-{i}")
        m.end_session()


def llm_memory(db: Path, url: str, *, auto: bool, chat_deadline_s: float, **cfg: object) -> Memory:
    from memlab.clock import SimulatedClock
    from memlab.llm.client import OpenAICompatChat

    config = MemoryConfig().replace(consolidation={"consolidator": "llm", "auto": auto, **cfg})
    chat = OpenAICompatChat(url, "m", timeout_s=30.0, retries=3, backoff_s=0.01, deadline_s=chat_deadline_s)
    return Memory.open(db, config, clock=SimulatedClock(T0 + 3600), embedder=None, chat=chat)


def check_pending_with_errors(db: Path, n: int) -> None:
    with Memory.open(db, NO_AUTO, embedder=None) as m:
        sessions = m.store.sessions()
        assert [s.status for s in sessions] == ["pending"] * n
        assert all(s.last_error for s in sessions)
        assert m.store.execute_read("SELECT count(*) FROM nodes WHERE type = 'episodic'")[0][0] == n


def test_silent_llm_opens_the_breaker_so_maintain_pays_one_deadline_not_one_per_session(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    pending_sessions(db, 3)
    with SilentServer() as srv:
        m = llm_memory(db, srv.base_url, auto=True, chat_deadline_s=1.0)  # a background pass runs too
        t0 = time.perf_counter()
        report = m.maintain()
        took = time.perf_counter() - t0
        assert m.stats()["layers"]["llm_breaker"] == "open"
        m.close(timeout=1.0)
    assert took < 3.5, took  # one silent call (1 s), then every other LLM call is skipped at once
    assert report["steps"]["consolidate"]["consolidated"] == 0
    check_pending_with_errors(db, 3)


def test_maintain_deadline_bounds_a_silent_llm_and_leaves_sessions_pending(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    pending_sessions(db, 3)
    with SilentServer() as srv:
        m = llm_memory(db, srv.base_url, auto=False, chat_deadline_s=60.0, maintain_deadline_s=1.0)
        t0 = time.perf_counter()
        report = m.maintain()
        took = time.perf_counter() - t0
        m.close(timeout=1.0)
    assert took < 3.0, took
    assert report.deadline_reached
    with Memory.open(db, NO_AUTO, embedder=None) as m2:
        sessions = m2.store.sessions()
        assert {s.status for s in sessions} == {"pending"}
        assert any("deadline" in (s.last_error or "") for s in sessions)


def test_guarded_chat_skips_calls_while_the_breaker_is_open() -> None:
    from memlab.llm.client import OpenAICompatChat
    from memlab.llm.errors import LLMUnavailable
    from memlab.llm.guard import GuardedChat

    with SilentServer() as srv:
        chat = GuardedChat(OpenAICompatChat(srv.base_url, "m", timeout_s=30.0, deadline_s=0.5), cooldown_s=60)
        t0 = time.perf_counter()
        with pytest.raises(LLMUnavailable):
            chat.complete([{"role": "user", "content": "hi"}])
        first = time.perf_counter() - t0
        with pytest.raises(LLMUnavailable, match="skipped"):
            chat.complete([{"role": "user", "content": "hi"}])
        assert time.perf_counter() - t0 - first < 0.1
        assert chat.base_url == srv.base_url  # the wrapped client's attributes show through


def test_close_without_timeout_does_not_join_a_silent_embedder(tmp_path: Path) -> None:
    cfg = NO_AUTO.replace(ingest={"embed_stall_s": 0.5})
    with SilentServer() as srv:
        emb = OpenAICompatibleEmbedder(srv.base_url, "m", 32, timeout_s=30.0)
        m = Memory.open(tmp_path / "m.db", cfg, embedder=emb)
        m.ingest("a note", session_id="s")
        t0 = time.perf_counter()
        assert m.close() is False  # something was left behind: the vector
        assert time.perf_counter() - t0 < 3.0
    assert rows(tmp_path / "m.db") == 1
