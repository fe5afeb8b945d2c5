"""The optional FAISS IVF backend: exact scores, recall on clustered data, exact scans until its
background build is ready, catching up on appended rows, and a clear error without faiss."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from memlab.store import store as st
from memlab.store.connect import choose_driver, connect
from memlab.store.migrations import migrate
from memlab.store.vectors import FaissIVFIndex, make_index

faiss = pytest.importorskip("faiss")
DIM = 16


def clustered(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.normal(size=(20, DIM))
    v = centres[rng.integers(0, 20, n)] + 0.3 * rng.normal(size=(n, DIM))
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def filled(tmp_path: Path, vecs: np.ndarray, index: Any) -> tuple[Any, list[int]]:
    con = connect(tmp_path / "v.db", choose_driver())
    migrate(con, 0.0)
    con.execute("BEGIN")
    ids = [st.insert_node(con, type="episodic", content="x", event_time=0.0, created_at=0.0) for _ in vecs]
    index.add(con, ids, vecs)
    con.execute("COMMIT")
    return con, ids


def test_scores_are_exact_and_recall_is_high(tmp_path: Path) -> None:
    vecs = clustered(3000, 1)
    index = FaissIVFIndex(DIM, min_rows=1, nlist=32, background=False)  # nprobe 4 of 32
    con, ids = filled(tmp_path, vecs, index)
    hits = 0
    for q in clustered(50, 2):
        got = index.search(con, q, 10)
        exact = set(np.argsort(-(vecs @ q))[:10].tolist())
        hits += len({ids.index(i) for i, _ in got} & exact)
        for i, score in got:
            assert score == pytest.approx(float(vecs[ids.index(i)] @ q), abs=1e-5)
    assert hits / 500 >= 0.9  # small data, few probes; the benchmark measures recall at scale
    con.close()


def test_exact_until_the_background_build_is_ready_then_appended_rows_join(tmp_path: Path) -> None:
    vecs = clustered(500, 3)
    index = FaissIVFIndex(DIM, min_rows=100, nlist=8, nprobe=8)
    gate = threading.Event()
    build = index._build
    index._build = lambda epoch, n: (gate.wait(5), build(epoch, n))  # type: ignore[method-assign]
    con, ids = filled(tmp_path, vecs, index)
    assert index.search(con, vecs[7], 1)[0][0] == ids[7]  # exact scan while the IVF builds
    gate.set()
    for _ in range(100):
        if index._ivf is not None:
            break
        threading.Event().wait(0.05)
    assert index._ivf is not None and index._indexed == 500
    more = clustered(5, 4)
    con.execute("BEGIN")
    new = [st.insert_node(con, type="episodic", content="y", event_time=0.0, created_at=0.0) for _ in more]
    index.add(con, new, more)
    con.execute("COMMIT")
    assert index.search(con, more[2], 1)[0][0] == new[2]
    assert index._indexed == 505
    con.close()


def test_make_index_names_the_extra_when_faiss_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_faiss(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "faiss":
            raise ImportError("no faiss")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_faiss)
    with pytest.raises(RuntimeError, match=r"memlab\[ann\]"):
        make_index("faiss-ivf", DIM, False)
