"""Recall@10 of a cheaper vector first pass, against the exact 256-d scan (issue 12, part 4).

A Matryoshka prefix (wordllama is trained for 64/128/256-d truncation): score every row on its
first d dimensions (renormalised), keep a pool of the best, re-rank the pool exactly on 256-d.
The matrix is the database's own ``node_vectors``; queries are the scale suite's question texts
plus 100 stored rows. Recall is tie-aware: synthetic turns repeat, so many rows share a score,
and a returned row counts when its exact score reaches the exact 10th best.

    python benchmarks/vector_prefix_recall.py /tmp/scale-100000.db
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from memlab.bench.scale import scale_vectors_and_queries


def best_ms(fn: Callable[[], object], repeat: int = 7) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1000


def prefix_recall(mat: np.ndarray, queries: np.ndarray, d: int, pool: int, kth: list[float]) -> list[float]:
    prefix = mat[:, :d] / np.maximum(np.linalg.norm(mat[:, :d], axis=1, keepdims=True), 1e-9)
    out = []
    for q, floor in zip(queries, kth, strict=True):
        qd = q[:d] / max(float(np.linalg.norm(q[:d])), 1e-9)
        cand = np.argpartition(-(prefix @ qd), pool)[:pool]
        top = cand[np.argsort(-(mat[cand] @ q))[:10]]
        out.append(float(np.sum(mat[top] @ q >= floor - 1e-6)) / 10)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("db")
    p.add_argument("--dims", default="32,64,128")
    p.add_argument("--pools", default="100,200,400,1000")
    args = p.parse_args(argv)
    mat, queries = scale_vectors_and_queries(args.db)
    kth = [-float(np.partition(-(mat @ q), 9)[9]) for q in queries]
    print(f"{len(mat):,} rows x 256-d, {len(queries)} queries; exact scan {best_ms(lambda: mat @ queries[0]):.1f} ms")
    print("| prefix d | pool | recall@10 mean | min | prefix scan ms |\n|---|---|---|---|---|")
    for d in (int(x) for x in args.dims.split(",")):
        part = np.ascontiguousarray(mat[:, :d])
        ms = best_ms(lambda part=part, d=d: part @ queries[0][:d])
        for pool in (int(x) for x in args.pools.split(",")):
            rec = prefix_recall(mat, queries, d, pool, kth)
            print(f"| {d} | {pool} | {np.mean(rec):.4f} | {np.min(rec):.1f} | {ms:.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
