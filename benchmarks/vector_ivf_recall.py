"""Recall@10 and latency of the FAISS IVF-Flat index (``store.vector_backend = "faiss-ivf"``)
against the exact 256-d scan, over a grid of nlist / nprobe (issue 12: the 1M latency target).

IVF-Flat keeps full float32 rows, so every score it returns is the exact inner product: only the
candidate set is approximate. The matrix is the database's own ``node_vectors``; queries are the
scale suite's question texts plus 100 stored rows. Recall is tie-aware (synthetic turns repeat,
so many rows share a score): a returned row counts when its exact score reaches the exact 10th best.

    python benchmarks/vector_ivf_recall.py /tmp/scale-1000000.db --nlist 1024,4096 --share 8,16,32
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from memlab.bench.scale import scale_vectors_and_queries


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return float(np.median(times)) * 1000


def build_ivf(mat: np.ndarray, nlist: int) -> tuple[object, float]:
    """An IVF-Flat trained and filled as ``FaissIVFIndex._build`` does; (index, build seconds)."""
    import faiss

    t0 = time.perf_counter()
    ivf = faiss.IndexIVFFlat(faiss.IndexFlatIP(mat.shape[1]), mat.shape[1], nlist, faiss.METRIC_INNER_PRODUCT)
    sample = np.random.default_rng(0).choice(len(mat), min(len(mat), 40 * nlist), replace=False)
    ivf.train(np.ascontiguousarray(mat[np.sort(sample)]))
    for lo in range(0, len(mat), 65_536):
        ivf.add(np.ascontiguousarray(mat[lo : lo + 65_536]))
    return ivf, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("db")
    p.add_argument("--nlist", default="1024,4096")
    p.add_argument("--share", default="4,8,16,32", help="nprobe = nlist / share")
    p.add_argument("--k", type=int, default=10)
    args = p.parse_args(argv)
    mat, queries = scale_vectors_and_queries(args.db)
    k = args.k
    kth = [-float(np.partition(-(mat @ q), k - 1)[k - 1]) for q in queries]
    exact = median_ms(lambda: mat @ queries[0], 9)
    print(f"{len(mat):,} rows x 256-d, {len(queries)} queries; exact scan {exact:.1f} ms (median of 9)")
    print(f"| nlist | nprobe | recall@{k} mean | min | search ms (median) | build s |\n|---|---|---|---|---|---|")
    for nlist in (int(x) for x in args.nlist.split(",")):
        ivf, built = build_ivf(mat, nlist)
        for share in (int(x) for x in args.share.split(",")):
            ivf.nprobe = max(1, nlist // share)  # type: ignore[attr-defined]
            rec = []
            for q, floor in zip(queries, kth, strict=True):
                _, found = ivf.search(q.reshape(1, -1), k)  # type: ignore[attr-defined]
                got = [r for r in found[0] if r >= 0]
                rec.append(float(np.sum(mat[got] @ q >= floor - 1e-6)) / k)
            ms = median_ms(lambda ivf=ivf: ivf.search(queries[:1], k), 9)  # type: ignore[attr-defined]
            print(f"| {nlist} | {ivf.nprobe} | {np.mean(rec):.4f} | {np.min(rec):.1f} | {ms:.1f} | {built:.1f} |")  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
