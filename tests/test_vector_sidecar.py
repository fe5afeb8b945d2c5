"""The numpy index's .npy sidecar: a reopen reads saved rows from it (memory-mapped) and only the
newer rows from SQLite; a sidecar that does not match its database is ignored, never trusted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import Memory
from memlab.store import store as st
from memlab.store import vectors
from memlab.store.connect import choose_driver, connect
from memlab.store.migrations import migrate
from memlab.store.vectors import NumpyVectorIndex, sidecar_for

DIM = 8


@pytest.fixture(autouse=True)
def small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vectors, "SIDECAR_MIN_NEW", 1)
    monkeypatch.setattr(vectors, "BLOCK_ROWS", 16)  # several blocks on small data


def unit_rows(n: int, seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=(n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def open_db(path: Path) -> Any:
    con = connect(path, choose_driver())
    migrate(con, 0.0)
    return con


def add(con: Any, index: NumpyVectorIndex, vecs: np.ndarray) -> list[int]:
    con.execute("BEGIN")
    ids = [st.insert_node(con, type="episodic", content=f"n{i}", event_time=0.0, created_at=0.0) for i in range(len(vecs))]
    index.add(con, ids, vecs)
    con.execute("COMMIT")
    return ids


def exact(con: Any, query: np.ndarray, k: int) -> list[int]:
    rows = con.execute("SELECT node_id, vec FROM node_vectors ORDER BY seq").fetchall()
    mat = np.stack([vectors.from_blob(r[1]) for r in rows])
    return [int(rows[i][0]) for i in np.argsort(-(mat @ query), kind="stable")[:k]]


def test_reopen_reads_the_sidecar_then_the_newer_rows(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    con = open_db(db)
    first = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    add(con, first, unit_rows(40, 1))
    first.refresh(con)
    assert first.save(con) and not first.save(con)  # nothing new: not rewritten
    later = add(con, first, unit_rows(7, 2))
    fresh = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    fresh.refresh(con)
    assert fresh._saved == 40 and fresh._n == 47  # 40 from the file, 7 from SQLite
    assert isinstance(fresh._blocks[0], np.memmap)
    query = unit_rows(1, 3)[0]
    assert [i for i, _ in fresh.search(con, query, 10)] == exact(con, query, 10)
    assert fresh.search(con, unit_rows(7, 2)[5], 1)[0][0] == later[5]
    con.close()


def test_a_delete_makes_the_sidecar_stale(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    con = open_db(db)
    index = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    ids = add(con, index, unit_rows(30, 1))
    index.refresh(con)
    index.save(con)
    con.execute("DELETE FROM nodes WHERE id = ?", (ids[4],))
    fresh = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    hits = fresh.search(con, unit_rows(30, 1)[4], 30)
    assert fresh._saved == 0 and ids[4] not in [i for i, _ in hits] and len(hits) == 29
    con.close()


def test_another_databases_sidecar_is_ignored(tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    con_a, con_b = open_db(a), open_db(b)
    index_a = NumpyVectorIndex(DIM, sidecar_for(a, DIM))
    add(con_a, index_a, unit_rows(20, 1))
    add(con_b, NumpyVectorIndex(DIM), unit_rows(20, 9))  # same seqs and ids, other vectors
    index_a.refresh(con_a)
    index_a.save(con_a)
    for f in tmp_path.glob("a.db.vectors-*"):
        shutil.copy(f, tmp_path / f.name.replace("a.db", "b.db"))
    fresh = NumpyVectorIndex(DIM, sidecar_for(b, DIM))
    query = unit_rows(1, 4)[0]
    assert [i for i, _ in fresh.search(con_b, query, 5)] == exact(con_b, query, 5)
    assert fresh._saved == 0
    con_a.close()
    con_b.close()


def test_a_damaged_sidecar_is_ignored_and_rewritten(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    con = open_db(db)
    index = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    add(con, index, unit_rows(20, 1))
    index.refresh(con)
    index.save(con)
    token = json.loads((tmp_path / f"m.db.vectors-{DIM}.json").read_text())["token"]
    (tmp_path / f"m.db.vectors-{DIM}.{token}.npy").write_bytes(b"not a numpy file")
    fresh = NumpyVectorIndex(DIM, sidecar_for(db, DIM))
    query = unit_rows(1, 5)[0]
    assert [i for i, _ in fresh.search(con, query, 5)] == exact(con, query, 5)
    assert fresh.save(con)
    assert len(list(tmp_path.glob(f"m.db.vectors-{DIM}.*.npy"))) == 2  # rows + keys of the new token only
    con.close()


def test_memory_close_leaves_a_sidecar_and_a_reopen_uses_it(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    config = MemoryConfig().replace(embedder={"name": "hashing", "dim": 32}, consolidation={"auto": False})
    with Memory.open(db, config, clock=SimulatedClock(0.0), embedder=HashingEmbedder(32)) as m:
        for i in range(30):
            m.ingest(f"note {i}: the blue kettle number {i}")
        m.flush()
        before = [h.node.id for h in m.search("blue kettle 7", limit=5)]
    assert (tmp_path / "mem.db.vectors-32.json").is_file()
    with Memory.open(db, config, clock=SimulatedClock(0.0), embedder=HashingEmbedder(32)) as m:
        assert [h.node.id for h in m.search("blue kettle 7", limit=5)] == before
        assert isinstance(m.index, NumpyVectorIndex) and m.index._saved == 30


def test_a_process_that_only_wrote_vectors_leaves_a_sidecar_for_the_next_reader(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    config = MemoryConfig().replace(embedder={"name": "hashing", "dim": 32}, consolidation={"auto": False})
    with Memory.open(db, config, clock=SimulatedClock(0.0), embedder=HashingEmbedder(32)) as m:
        for i in range(30):
            m.ingest(f"note {i}: the blue kettle number {i}")
        m.flush()
        assert isinstance(m.index, NumpyVectorIndex) and not m.index._loaded  # never searched
    assert (tmp_path / "mem.db.vectors-32.json").is_file()
    with Memory.open(db, config, clock=SimulatedClock(0.0), embedder=HashingEmbedder(32)) as m:
        assert m.search("blue kettle 7", limit=5)
        assert isinstance(m.index, NumpyVectorIndex) and m.index._saved == 30  # mapped, not read


def test_vector_cache_off_writes_no_sidecar(tmp_path: Path) -> None:
    db = tmp_path / "mem.db"
    config = MemoryConfig().replace(
        embedder={"name": "hashing", "dim": 32}, consolidation={"auto": False}, store={"vector_cache": False}
    )
    with Memory.open(db, config, clock=SimulatedClock(0.0), embedder=HashingEmbedder(32)) as m:
        m.ingest("one note")
        m.flush()
        m.search("note", limit=5)
    assert not list(tmp_path.glob("mem.db.vectors-*"))


def test_in_memory_databases_have_no_sidecar() -> None:
    assert sidecar_for(":memory:", DIM) is None and sidecar_for("file:x?mode=memory", DIM) is None
