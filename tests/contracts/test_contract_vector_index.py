"""The vector index contract (``memlab.store.vectors``), the same tests for both backends, on a
real SQLite file: add, search (cosine, best first), keep-filter, removal, persistence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memlab.store import store as st
from memlab.store import vectors
from memlab.store.connect import choose_driver, connect
from memlab.store.migrations import migrate
from memlab.store.vectors import FaissIVFIndex, NumpyVectorIndex, SqliteVecIndex, VectorIndex, sidecar_for

DIM = 8
N = 40
DRIVER = choose_driver()


class SidecarNumpyIndex(NumpyVectorIndex):
    """The numpy index with its .npy sidecar beside the test's database, saved after every search
    (threshold 1), so every later instance reads the sidecar first and SQLite only for the rest."""

    def search(self, con: Any, query: np.ndarray, k: int, keep: Any = None) -> list[tuple[int, float]]:
        if self.sidecar is None:
            self.sidecar = sidecar_for(con.execute("PRAGMA database_list").fetchone()[2], self.dim)
        hits = super().search(con, query, k, keep)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(vectors, "SIDECAR_MIN_NEW", 1)
            self.save(con)
        return hits


try:
    import faiss  # noqa: F401

    HAS_FAISS = True
except ImportError:
    HAS_FAISS = False


class ExhaustiveIVFIndex(FaissIVFIndex):
    """The FAISS IVF backend built synchronously at any size, probing every cell (so exact)."""

    def __init__(self, dim: int) -> None:
        super().__init__(dim, min_rows=1, nlist=4, nprobe=4, background=False)


BACKENDS = [
    pytest.param(NumpyVectorIndex, id="numpy"),
    pytest.param(SidecarNumpyIndex, id="numpy-sidecar"),
    pytest.param(
        ExhaustiveIVFIndex, id="faiss-ivf", marks=pytest.mark.skipif(not HAS_FAISS, reason="faiss-cpu not installed")
    ),
    pytest.param(
        SqliteVecIndex,
        id="sqlite-vec",
        marks=pytest.mark.skipif(not DRIVER.can_load_extensions, reason="no sqlite3 driver loads sqlite-vec"),
    ),
]


def unit_rows(n: int, seed: int = 7) -> np.ndarray:
    v = np.random.default_rng(seed).normal(size=(n, DIM)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def open_db(path: Path) -> Any:
    con = connect(path, DRIVER)
    migrate(con, 0.0)
    return con


def add_nodes(con: Any, index: VectorIndex, vectors: np.ndarray) -> list[int]:
    con.execute("BEGIN")
    ids = [
        st.insert_node(con, type="episodic", content=f"node {i}", event_time=float(i), created_at=float(i))
        for i in range(len(vectors))
    ]
    index.add(con, ids, vectors)
    con.execute("COMMIT")
    return ids


@pytest.fixture(params=BACKENDS)
def index_cls(request: pytest.FixtureRequest) -> type[Any]:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def filled(
    tmp_path: Path, index_cls: type[Any]
) -> Iterator[tuple[Any, NumpyVectorIndex | SqliteVecIndex, list[int], np.ndarray]]:
    con = open_db(tmp_path / "v.db")
    index = index_cls(DIM)
    if isinstance(index, SqliteVecIndex):
        index.ensure(con)
    vectors = unit_rows(N)
    ids = add_nodes(con, index, vectors)
    yield con, index, ids, vectors
    con.close()


def exact_top(vectors: np.ndarray, ids: list[int], query: np.ndarray, k: int) -> list[int]:
    scores = vectors @ query
    return [ids[i] for i in np.argsort(-scores, kind="stable")[:k]]


def test_is_a_vector_index(filled: Any) -> None:
    _, index, _, _ = filled
    assert isinstance(index.name, str) and index.name


def test_search_is_exact_cosine_best_first(filled: Any) -> None:
    con, index, ids, vectors = filled
    query = unit_rows(1, seed=99)[0]
    hits = index.search(con, query, 5)
    assert [i for i, _ in hits] == exact_top(vectors, ids, query, 5)
    scores = [s for _, s in hits]
    assert scores == sorted(scores, reverse=True)
    np.testing.assert_allclose(scores, np.sort(vectors @ query)[::-1][:5], atol=1e-5)


def test_a_stored_vector_finds_itself(filled: Any) -> None:
    con, index, ids, vectors = filled
    (top, score), *_ = index.search(con, vectors[11], 1)
    assert top == ids[11] and score == pytest.approx(1.0, abs=1e-5)


def test_k_larger_than_the_index_returns_everything(filled: Any) -> None:
    con, index, ids, _ = filled
    assert sorted(i for i, _ in index.search(con, unit_rows(1, seed=3)[0], N + 10)) == sorted(ids)


def test_keep_filter_applies_and_still_fills_k(filled: Any) -> None:
    con, index, ids, vectors = filled
    allowed = set(ids[::5])  # 8 of 40
    seen: list[list[int]] = []

    def keep(candidates: list[int]) -> set[int]:
        seen.append(candidates)
        return {c for c in candidates if c in allowed}

    query = unit_rows(1, seed=5)[0]
    hits = index.search(con, query, 6, keep=keep)
    assert seen, "keep was never asked"
    kept = [i for i in ids if i in allowed]
    kept_vectors = vectors[[ids.index(i) for i in kept]]
    assert [i for i, _ in hits] == exact_top(kept_vectors, kept, query, 6)


def test_keep_that_rejects_everything_returns_nothing(filled: Any) -> None:
    con, index, _, _ = filled
    assert index.search(con, unit_rows(1, seed=4)[0], 5, keep=lambda c: set()) == []


def test_removed_vectors_are_not_found(filled: Any) -> None:
    con, index, ids, vectors = filled
    index.search(con, vectors[0], 1)  # warm any cache first
    con.execute("DELETE FROM nodes WHERE id = ?", (ids[3],))  # node_vectors rows cascade
    hits = index.search(con, vectors[3], N)
    assert ids[3] not in [i for i, _ in hits]
    assert len(hits) == N - 1


def test_vectors_persist_in_the_file(tmp_path: Path, index_cls: type[Any]) -> None:
    con = open_db(tmp_path / "p.db")
    index = index_cls(DIM)
    if isinstance(index, SqliteVecIndex):
        index.ensure(con)
    vectors = unit_rows(10)
    ids = add_nodes(con, index, vectors)
    con.close()
    con = open_db(tmp_path / "p.db")
    try:
        fresh = index_cls(DIM)
        assert fresh.search(con, vectors[4], 1)[0][0] == ids[4]
    finally:
        con.close()


def test_empty_index_returns_nothing(tmp_path: Path, index_cls: type[Any]) -> None:
    con = open_db(tmp_path / "e.db")
    try:
        index = index_cls(DIM)
        if isinstance(index, SqliteVecIndex):
            index.ensure(con)
        assert index.search(con, unit_rows(1)[0], 3) == []
    finally:
        con.close()
