"""Search / context latency at 100K episodes, the default recipe beside main's channel set.

    python benchmarks/search_latency_100k.py --db /tmp/s100k.db            # builds it once, then reuses
    PYTHONPATH=OTHER_TREE python benchmarks/search_latency_100k.py --db /tmp/s100k.db   # same file, other code

The database is the scale suite's synthetic turns through ``Memory.ingest`` (memlab.bench.scale);
each run works on a copy, so reinforcement writes never change the shared file. Two rounds of
the 100 scale queries (``search(limit=10)``, then ``context``), after a warm-up; prints p50 / p95.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from memlab.bench import scale
from memlab.bench.perf_retrieval import BEFORE
from memlab.clock import SimulatedClock
from memlab.compose import build_embedder
from memlab.config import MemoryConfig
from memlab.memory import Memory

CONFIG = MemoryConfig().replace(consolidation={"auto": False})


def build(db: Path, size: int) -> None:
    clock = SimulatedClock(0.0)
    with Memory.open(db, CONFIG, clock=clock, embedder=build_embedder(CONFIG)) as m:
        scale._ingest(m, clock, size, 0, False)
        m.flush()


def measure(db: Path, rounds: int = 2) -> None:
    texts = scale.query_texts(0, 100)
    with Memory.open(db, CONFIG, embedder=build_embedder(CONFIG)) as m:
        m.search("warm up the caches", limit=10)
        for t in texts[:5]:
            m.search(t + " warm", limit=10)
            m.search(t, limit=10, recipe=BEFORE)
        for _ in range(rounds):
            for name, rec in (("main's channels", BEFORE), ("default", None)):
                search, context = [], []
                for t in texts:
                    t0 = time.perf_counter()
                    m.search(t, limit=10, recipe=rec)
                    t1 = time.perf_counter()
                    if rec is None:
                        m.context(t)
                    search.append((t1 - t0) * 1000)
                    context.append((time.perf_counter() - t1) * 1000)
                line = f"{name:16s} search p50 {np.percentile(search, 50):.1f} p95 {np.percentile(search, 95):.1f}"
                if rec is None:
                    line += f" | context p50 {np.percentile(context, 50):.1f} p95 {np.percentile(context, 95):.1f}"
                print(line)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--db", default="/tmp/memlab-s100k.db")
    p.add_argument("--size", type=int, default=100_000)
    args = p.parse_args()
    db = Path(args.db)
    if not db.is_file():
        build(db, args.size)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work.db"
        shutil.copy(db, work)
        measure(work)


if __name__ == "__main__":
    main()
