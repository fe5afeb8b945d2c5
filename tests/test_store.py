"""Store, migrations, drivers and vectors on real SQLite files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.memory import EmbedderMismatchError, Memory
from memlab.store import queries as q
from memlab.store.connect import DatabaseError, choose_driver
from memlab.store.migrations import MIGRATIONS, _split
from memlab.store.vectors import NumpyVectorIndex, SqliteVecIndex

T0 = 1_700_000_000.0
DRIVERS = ["sqlite3", "sqlean", "pysqlite3"]


def _open(path: Path, driver: str = "auto", backend: str = "auto", dim: int = 32) -> Memory:
    cfg = MemoryConfig().replace(
        store={"driver": driver, "vector_backend": backend}, consolidation={"auto": False}
    )
    return Memory.open(path, cfg, clock=SimulatedClock(T0), embedder=HashingEmbedder(dim))


@pytest.mark.parametrize("driver", DRIVERS)
def test_every_driver_passes_the_store_round_trip(tmp_path: Path, driver: str) -> None:
    with _open(tmp_path / "m.db", driver) as m:
        assert m.store.driver.name == driver
        ids = [m.ingest(f"message {i} about Berlin", session_id="s", at=T0 + i, wait=True) for i in range(5)]
        m.flush()
        nodes = m.store.nodes(ids)
        assert [n.content for n in nodes] == [f"message {i} about Berlin" for i in range(5)]
        assert len(m.store.edges(types=["temporal"])) == 4
        hits = m.index.search(m.store.reader(), m.embed_query("message 3 about Berlin"), 1)
        assert hits[0][0] == ids[3]
        rows = m.store.execute_read("SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH 'berlin'")
        assert len(rows) == 5
        stats = m.stats()
    # stdlib sqlite3 here cannot load extensions: vectors still work through numpy
    assert stats["layers"]["vectors"] == "numpy"
    assert stats["layers"]["sqlite_vec_loadable"] == (
        driver != "sqlite3" or choose_driver("sqlite3").can_load_extensions
    )


def test_sqlite_vec_backend_matches_numpy(tmp_path: Path) -> None:
    texts = [f"note {i} on topic {i % 7} with word{i % 13}" for i in range(200)]
    results = {}
    for backend in ("numpy", "sqlite-vec"):
        with _open(tmp_path / f"{backend}.db", "sqlean", backend) as m:
            for i, t in enumerate(texts):
                m.ingest(t, session_id="s", at=T0 + i)
            m.flush()
            assert m.index.name == backend
            qv = m.embed_query("topic 3 word5")
            results[backend] = m.index.search(m.store.reader(), qv, 10)
    # same scores in the same order (ids may swap only where scores tie)
    np.testing.assert_allclose(
        [s for _, s in results["numpy"]], [s for _, s in results["sqlite-vec"]], atol=1e-5
    )
    assert results["numpy"][0][0] == results["sqlite-vec"][0][0]


def test_sqlite_vec_backend_refused_without_extension_support(tmp_path: Path) -> None:
    if choose_driver("sqlite3").can_load_extensions:
        pytest.skip("this Python's sqlite3 can load extensions")
    with pytest.raises(RuntimeError, match="load extensions"):
        _open(tmp_path / "m.db", "sqlite3", "sqlite-vec")


def test_migrations_recorded_and_idempotent(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    _open(path).close()
    _open(path).close()
    con = sqlite3.connect(path)
    rows = con.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall()
    assert rows == [(m.version, m.name) for m in MIGRATIONS]
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA foreign_key_check").fetchall() == []
    con.close()


def test_split_keeps_trigger_bodies_whole() -> None:
    stmts = _split(
        "CREATE TABLE a(x);\nCREATE TRIGGER t AFTER INSERT ON a BEGIN\n  SELECT 1;\n  SELECT 2;\nEND;\nSELECT 3;"
    )
    assert len(stmts) == 3 and stmts[1].count("SELECT") == 2


def test_embedder_mismatch_is_a_clear_error_and_reembed_fixes_it(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with _open(path, dim=32) as m:
        m.ingest("I live in Berlin", session_id="s")
    with pytest.raises(EmbedderMismatchError, match="reembed"):
        _open(path, dim=64)
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(path, cfg, clock=SimulatedClock(T0), embedder=None) as m:
        m.embedder = HashingEmbedder(64)
        m._start_vectors()
        assert m.reembed() == 1
    with _open(path, dim=64) as m:
        assert m.stats()["vectors"] == 1
        assert m.index.search(m.store.reader(), m.embed_query("Berlin"), 1)[0][0] == 1


def test_corrupt_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "bad.db"
    payload = b"this is not a database" * 100
    path.write_bytes(payload)
    with pytest.raises(DatabaseError, match="not a SQLite database"):
        _open(path)
    assert path.read_bytes() == payload


def test_damaged_sqlite_pages_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    with _open(path) as m:
        for i in range(50):
            m.ingest(f"message {i}" * 20, session_id="s", at=T0 + i)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # smash the schema page after the header
    path.write_bytes(bytes(data))
    with pytest.raises(DatabaseError):
        _open(path)


def test_foreign_sqlite_database_is_not_modified(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE invoices(id INTEGER)")
    con.commit()
    con.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="not a memlab"):
        _open(path)
    assert path.read_bytes() == before


def test_visibility_sql_is_what_we_expect() -> None:
    assert q.visibility() == ("n.valid_until IS NULL AND n.archived_at IS NULL", [])
    sql, params = q.visibility(as_of=5.0)
    assert params == [5.0, 5.0, 5.0] and "valid_from <= ?" in sql
    sql, params = q.node_filter(types=["semantic"], since=1.0, entity_id=3)
    assert "n.type IN (?)" in sql and params == ["semantic", 1.0, 3]


def test_walk_follows_edges_to_depth(tmp_path: Path) -> None:
    from memlab.store import store as st

    with _open(tmp_path / "m.db") as m:
        ids = [m.ingest(f"e{i}", session_id="s", at=T0 + i, wait=True) for i in range(6)]

        def chain(con):  # causal chain 0 -> 2 -> 4
            st.insert_edge(con, ids[0], ids[2], "causal", created_at=T0)
            st.insert_edge(con, ids[2], ids[4], "causal", created_at=T0)

        m.store.writer.call(chain)
        import json

        rows = dict(m.store.execute_read(q.walk("causal", "out", 1), (json.dumps([ids[0]]),)))
        assert rows == {ids[0]: 0, ids[2]: 1}
        rows = dict(m.store.execute_read(q.walk("causal", "in", 4), (json.dumps([ids[4]]),)))
        assert rows == {ids[4]: 0, ids[2]: 1, ids[0]: 2}


def test_numpy_index_refreshes_incrementally_and_after_deletes(tmp_path: Path) -> None:
    with _open(tmp_path / "m.db") as m:
        for i in range(10):
            m.ingest(f"alpha {i}", session_id="s", at=T0 + i)
        m.flush()
        idx = m.index
        assert isinstance(idx, NumpyVectorIndex)
        idx.refresh(m.store.reader())
        assert idx.matrix()[1].shape == (10, 32)
        m.ingest("beta", session_id="s", at=T0 + 20)
        m.flush()
        idx.refresh(m.store.reader())
        assert idx.matrix()[1].shape == (11, 32)
        m.store.writer.call(lambda con: con.execute("DELETE FROM node_vectors WHERE node_id = 1"))
        idx.refresh(m.store.reader())
        assert idx.matrix()[1].shape == (10, 32) and 1 not in set(idx.matrix()[0].tolist())


def test_vector_search_filters_grow_until_enough_survive(tmp_path: Path) -> None:
    with _open(tmp_path / "m.db") as m:
        for i in range(300):
            m.ingest(f"common words here {i}", session_id="s", at=T0 + i)
        m.flush()
        qv = m.embed_query("common words here")
        wanted = {5, 77, 299}
        hits = m.index.search(m.store.reader(), qv, 3, keep=lambda ids: {i for i in ids if i in wanted})
        assert {h for h, _ in hits} == wanted
        scores = [s for _, s in hits]
        assert scores == sorted(scores, reverse=True)
        assert np.isfinite(scores).all()


def test_sqlite_vec_index_type() -> None:
    assert SqliteVecIndex(8).name == "sqlite-vec"
