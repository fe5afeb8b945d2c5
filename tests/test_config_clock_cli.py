"""MemoryConfig round trips, clocks, and the core CLI commands (ingest, stats, reembed)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from memlab.cli import main
from memlab.clock import SimulatedClock, from_iso, iso
from memlab.config import MemoryConfig


def test_config_round_trips_through_dict_and_toml() -> None:
    cfg = MemoryConfig().replace(
        decay={"beta": 1.0}, retrieval={"weights": {"fts": 2.0}}, embedder={"dim": 64}
    )
    assert MemoryConfig.from_dict(cfg.to_dict()) == cfg
    assert MemoryConfig.from_toml(cfg.to_toml()) == cfg
    assert cfg.decay.beta == 1.0 and cfg.embedder.dim == 64 and cfg.retrieval.weights == {"fts": 2.0}


def test_config_rejects_unknown_keys_with_the_known_ones_listed() -> None:
    with pytest.raises(ValueError, match="unknown key.*'bta'.*known"):
        MemoryConfig.from_dict({"decay": {"bta": 1.0}})
    with pytest.raises(ValueError, match="unknown config section"):
        MemoryConfig().replace(nonsense={"x": 1})


def test_simulated_clock_moves_only_forward() -> None:
    c = SimulatedClock(100.0)
    assert c.advance(50) == 150.0 and c.now() == 150.0
    with pytest.raises(ValueError):
        c.set(10.0)
    assert iso(from_iso("2024-03-01T12:30:00")) == "2024-03-01 12:30"


def _run(*argv: str) -> int:
    return main(list(argv))


def test_cli_ingest_jsonl_then_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "chat.jsonl"
    lines = [
        json.dumps({"text": "I live in Berlin", "session_id": "a", "time": "2024-03-01T10:00:00"}),
        "{broken json",
        json.dumps({"text": "I moved to Vilnius", "session_id": "b", "time": "2024-06-01T10:00:00"}),
    ]
    src.write_text("\n".join(lines), encoding="utf-8")
    db = tmp_path / "m.db"
    assert _run("ingest", str(db), str(src), "--embedder", "hashing", "--dim", "32", "--skip-bad") == 0
    out = capsys.readouterr()
    assert "ingested 2 messages" in out.out and "chat.jsonl:2: not JSON" in out.err
    assert _run("stats", str(db), "--embedder", "hashing", "--dim", "32") == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["nodes"]["episodic"] == 2 and stats["vectors"] == stats["nodes_total"]
    assert stats["layers"]["embedder"] == "hashing-32 (32-d)"


def test_cli_reports_embedder_mismatch_and_reembeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / "notes.txt"
    src.write_text("first note\nsecond note\n", encoding="utf-8")
    db = tmp_path / "m.db"
    assert _run("ingest", str(db), str(src), "--embedder", "hashing", "--dim", "32") == 0
    assert _run("stats", str(db), "--embedder", "hashing", "--dim", "64") == 2
    assert "memlab reembed" in capsys.readouterr().err
    assert _run("reembed", str(db), "--embedder", "hashing", "--dim", "64") == 0
    assert "re-embedded with hashing-64: 2 vectors" in capsys.readouterr().out
    assert _run("stats", str(db), "--embedder", "hashing", "--dim", "64") == 0


def test_cli_refuses_a_corrupt_file_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"garbage" * 50)
    proc = subprocess.run(
        [sys.executable, "-m", "memlab.cli", "stats", str(bad), "--embedder", "hashing"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "not a SQLite database" in proc.stderr and "Traceback" not in proc.stderr
    assert bad.read_bytes() == b"garbage" * 50
