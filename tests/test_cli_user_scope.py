"""Issue 35, the command line: every --user scopes, read commands never create, errors are one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memlab.cli import format_maintenance, main
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory

EMB = ["--embedder", "hashing", "--dim", "32"]
ROOT = Path(__file__).resolve().parents[1]
ALICE_SECRET, BOB_SECRET = "tulip", "zeppelin"


@pytest.fixture
def two_users(tmp_path: Path) -> Path:
    db = tmp_path / "m.db"
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(db, cfg, embedder=HashingEmbedder(32)) as m:
        m.ingest(f"My locker code word is {ALICE_SECRET} and I live in Porto", session_id="a", user_id="alice")
        m.ingest("I work at Globex as a painter", session_id="a", user_id="alice")
        m.ingest(f"My locker code word is {BOB_SECRET} and I live in Oslo", session_id="b", user_id="bob")
        m.end_session()
        m.flush()
    return db


@pytest.fixture
def rules(tmp_path: Path) -> list[str]:
    """--config with the rule consolidator: no parser loads, so the CLI tests stay quick."""
    path = tmp_path / "rules.toml"
    path.write_text('[consolidation]\nconsolidator = "rules"\n', encoding="utf-8")
    return ["--config", str(path)]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


# -- defect 4: every command that takes --user scopes by it -------------------------------------------
def test_viz_user_exports_only_that_users_memory(two_users: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyvis")
    out = tmp_path / "alice.html"
    code, _, err = run(["viz", str(two_users), "-o", str(out), "--user", "alice", *EMB], capsys)
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert ALICE_SECRET in page and BOB_SECRET not in page and "Oslo" not in page
    everyone = tmp_path / "all.html"
    assert run(["viz", str(two_users), "-o", str(everyone), *EMB], capsys)[0] == 0
    assert BOB_SECRET in everyone.read_text(encoding="utf-8")


def test_stats_user_counts_only_that_user(two_users: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stats", str(two_users), "--user", "bob", *EMB], capsys)
    assert code == 0
    stats = json.loads(out)
    assert stats["nodes"]["episodic"] == 1 and stats["user_id"] == "bob"
    assert stats["sessions"] == {"pending": 1} and stats["vectors"] == 1
    whole = json.loads(run(["stats", str(two_users), *EMB], capsys)[1])
    assert whole["nodes"]["episodic"] == 3


def test_search_user_finds_only_that_users_text(two_users: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["search", str(two_users), "locker code word", "--user", "alice", "--json", *EMB], capsys)
    assert code == 0
    assert ALICE_SECRET in out and BOB_SECRET not in out


def test_context_user_holds_only_that_users_text(two_users: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["context", str(two_users), "what is my locker code word?", "--user", "bob", *EMB], capsys)
    assert code == 0
    assert BOB_SECRET in out and ALICE_SECRET not in out


def test_ingest_user_writes_under_that_user(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: list[str]
) -> None:
    db, src = tmp_path / "m.db", tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": f"my code word is {BOB_SECRET}"}) + "\n", encoding="utf-8")
    assert run(["ingest", str(db), str(src), "--user", "bob", *EMB, *rules], capsys)[0] == 0
    src.write_text(json.dumps({"text": f"my code word is {ALICE_SECRET}"}) + "\n", encoding="utf-8")
    assert run(["ingest", str(db), str(src), "--user", "alice", *EMB, *rules], capsys)[0] == 0
    _, out, _ = run(["search", str(db), "code word", "--user", "alice", "--json", *EMB], capsys)
    assert ALICE_SECRET in out and BOB_SECRET not in out


def test_mcp_user_scopes_every_tool(two_users: Path) -> None:
    pytest.importorskip("mcp")
    import anyio
    from mcp import Client
    from mcp.client.stdio import StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, args=["-m", "memlab.cli", "mcp", str(two_users), "--user", "alice", *EMB],
        cwd=str(ROOT),
    )
    seen: dict[str, str] = {}

    async def session() -> None:
        with anyio.fail_after(60):
            async with Client(params) as c:
                found = await c.call_tool("search_memory", {"query": "locker code word"})
                seen["search"] = found.content[0].text
                stats = await c.call_tool("memory_stats", {})
                seen["stats"] = stats.content[0].text

    anyio.run(session)
    assert ALICE_SECRET in seen["search"] and BOB_SECRET not in seen["search"]
    assert json.loads(seen["stats"])["nodes"]["episodic"] == 2


@pytest.mark.parametrize("command", ["maintain", "consolidate", "reembed", "embed-missing"])
def test_commands_that_cannot_scope_do_not_take_user(two_users: Path, command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, str(two_users), "--user", "alice", *EMB])


# -- read commands never create a database ------------------------------------------------------------
@pytest.mark.parametrize("command", ["maintain", "search", "context", "stats", "viz", "consolidate", "mcp"])
def test_read_and_maintain_commands_refuse_a_missing_or_empty_path(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = {"search": ["q"], "context": ["q"], "viz": ["-o", str(tmp_path / "g.html")]}.get(command, [])
    missing = tmp_path / "typo.db"
    code, _, err = run([command, str(missing), *extra, *EMB], capsys)
    assert code == 2 and "no such memlab database" in err and "Traceback" not in err
    assert not missing.exists()
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    code, _, err = run([command, str(empty), *extra, *EMB], capsys)
    assert code == 2 and "empty" in err
    assert empty.stat().st_size == 0


def test_ingest_creates_the_database(tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: list[str]) -> None:
    src = tmp_path / "notes.txt"
    src.write_text("one note\n", encoding="utf-8")
    assert run(["ingest", str(tmp_path / "new.db"), str(src), *EMB, *rules], capsys)[0] == 0
    assert (tmp_path / "new.db").stat().st_size > 0


# -- arguments, version, maintain's report, progress ---------------------------------------------------
def test_limit_that_is_not_a_number_says_so(two_users: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["search", str(two_users), "q", "--limit", "abc", *EMB])
    assert info.value.code == 2
    assert "--limit: expected a positive integer" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["viz", str(two_users), "--limit", "abc", *EMB])
    assert "--limit: expected a positive integer" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import memlab

    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.strip() == f"memlab {memlab.__version__}"


def test_maintain_prints_readable_text_or_json(two_users: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["maintain", str(two_users), *EMB], capsys)
    assert code == 0, err
    assert out.startswith("maintenance run ") and "consolidate" in out and "MaintenanceReport(" not in out
    assert "{" not in out
    code, out, _ = run(["maintain", str(two_users), "--json", *EMB], capsys)
    assert code == 0 and set(json.loads(out)["steps"]) == {"consolidate", "decay", "enrich", "causal", "embed"}


def test_format_maintenance_names_failed_sessions_and_the_deadline() -> None:
    text = format_maintenance({
        "run_id": 7, "steps": {"consolidate": {"sessions": 3, "failed": {"s1": {"error": "LLM down"}},
                                               "seconds": 1.5}},
        "errors": {"decay": "not run: the maintain() deadline was reached"}, "deadline_reached": True,
    })
    assert "session s1 not consolidated: LLM down" in text and "deadline reached" in text


def test_piped_ingest_prints_no_progress_bar(tmp_path: Path, rules: list[str]) -> None:
    src = tmp_path / "notes.txt"
    src.write_text("".join(f"note {i}\n" for i in range(300)), encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "memlab.cli", "ingest", str(tmp_path / "m.db"), str(src), *EMB, *rules],
                       capture_output=True, text=True, timeout=120, cwd=str(ROOT))
    assert p.returncode == 0, p.stderr
    assert p.stderr == "" and p.stdout.strip() == f"ingested 300 messages into {tmp_path / 'm.db'}"


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from memlab import cli

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    fake = Tty()
    monkeypatch.setattr(sys, "stderr", fake)
    bar = cli.progress(10, "ingest")
    bar.update(10)
    bar.close()
    assert "ingest:" in fake.getvalue() and "/10" in fake.getvalue()  # a tqdm bar was drawn
