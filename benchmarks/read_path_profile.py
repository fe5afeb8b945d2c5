"""Where one read spends its time: milliseconds and SQL statements per channel and per step.

    python benchmarks/read_path_profile.py                      # conv-26, closed, after maintain
    python benchmarks/read_path_profile.py --embedder default   # the configured embedder

Builds one LoCoMo conversation the way ``read_path_latency.py`` does (ingest, maintain, the
phrase-rule consolidator, ``HashingEmbedder(64)`` unless ``--embedder default``), opens it with
the side effects off, and asks every question twice: ``search(limit=10)`` then ``context``.
Each channel function (``channels.CHANNEL_FUNCS``) and each engine step (embedding, intent,
the seed ranking, fusion, hits, history) is wrapped with a timer; every statement the reader
connection runs is counted (``set_trace_callback``) against the step under way. A channel that
reads another's memoised hits (``fts_session`` after ``fts_window``) costs only its own work.

Prints, per read kind, one row per step: calls per read, mean and p95 milliseconds per read
(0 when a step did not run), SQL statements memlab ran per read, and FTS5's own reads of its
shadow tables under them (one doc-size read per row BM25 scores, index pages); then the read's total and what is not
inside a wrapped step ("other": the facade, filters, context assembly).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import read_path_latency as rpl  # noqa: E402  (the same build as the latency benchmark)

from memlab.clock import SimulatedClock  # noqa: E402
from memlab.datasets.locomo import load_locomo  # noqa: E402
from memlab.retrieval import channels as ch  # noqa: E402
from memlab.retrieval import engine  # noqa: E402

# FTS5's own reads of its shadow tables (a doc-size read per ranked row, index pages): the
# trace callback sees them too; counted apart from the statements memlab runs
FTS_SHADOW = re.compile(r"'(?:nodes_fts|window_fts_\w+)_(?:docsize|data|idx|content|config)'")
STEPS = ("embed", "intent", "text_rank", "fusion", "to_hits", "history_last")


class Meter:
    """Time and statements per step of the read under way (steps nest: the inner one is charged)."""

    def __init__(self) -> None:
        self.stack: list[str] = []
        self.ms: dict[str, float] = {}
        self.sql: dict[str, int] = {}
        self.internal: dict[str, int] = {}
        self.calls: dict[str, int] = {}

    def reset(self) -> None:
        self.ms, self.sql, self.internal, self.calls = {}, {}, {}, {}

    def statement(self, sql: str) -> None:
        step = self.stack[-1] if self.stack else "other"
        counts = self.internal if FTS_SHADOW.search(sql) else self.sql
        counts[step] = counts.get(step, 0) + 1

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        outer = self.stack[-1] if self.stack else None
        self.stack.append(name)
        t0 = time.perf_counter()
        try:
            yield
        finally:
            took = (time.perf_counter() - t0) * 1000
            self.stack.pop()
            self.ms[name] = self.ms.get(name, 0.0) + took
            self.calls[name] = self.calls.get(name, 0) + 1
            if outer is not None:  # the outer step is charged its own time only
                self.ms[outer] = self.ms.get(outer, 0.0) - took


def wrapped(meter: Meter, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def run(*a: Any, **kw: Any) -> Any:
        with meter.step(name):
            return fn(*a, **kw)

    return run


def instrument(meter: Meter, m: Any, count_sql: bool = True) -> None:
    for name, fn in list(ch.CHANNEL_FUNCS.items()):
        ch.CHANNEL_FUNCS[name] = wrapped(meter, name, fn)
    for attr, name in (("classify", "intent"), ("_text_rank", "text_rank"), ("rrf", "fusion"),
                       ("to_hits", "to_hits"), ("history_last", "history_last")):  # fmt: skip
        setattr(engine, attr, wrapped(meter, name, getattr(engine, attr)))
    r = m.retriever
    r.embed_query = wrapped(meter, "embed", r.embed_query)
    if count_sql:  # the callback costs a Python call per statement (FTS5's own reads too)
        m.store.reader().set_trace_callback(meter.statement)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def table(kind: str, rows: list[dict[str, Any]]) -> str:
    n = len(rows)
    names = [*ch.CHANNEL_FUNCS, *STEPS, "other"]
    out = [
        f"{kind}: {n} reads",
        f"  {'step':14s} {'calls/read':>10s} {'mean ms':>8s} {'p95 ms':>8s} {'SQL/read':>9s} {'FTS5 reads':>10s}",
    ]
    for name in names:
        ms = [r["ms"].get(name, 0.0) for r in rows]
        if not any(r["calls"].get(name) or r["sql"].get(name) for r in rows):
            continue
        calls = sum(r["calls"].get(name, 0) for r in rows) / n
        sql = sum(r["sql"].get(name, 0) for r in rows) / n
        fts = sum(r["internal"].get(name, 0) for r in rows) / n
        out.append(f"  {name:14s} {calls:10.2f} {statistics.fmean(ms):8.3f} {pct(ms, 95):8.3f} {sql:9.2f} {fts:10.1f}")
    total = [r["total"] for r in rows]
    sql_total = statistics.fmean(sum(r["sql"].values()) for r in rows)
    fts_total = statistics.fmean(sum(r["internal"].values()) for r in rows)
    out.append(
        f"  {'total':14s} {'':10s} {statistics.fmean(total):8.3f} {pct(total, 95):8.3f} {sql_total:9.2f} {fts_total:10.1f}"
    )
    return "\n".join(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=rpl.DATA)
    ap.add_argument("--conversation", default="conv-26")
    ap.add_argument("--embedder", choices=("hashing", "default"), default="hashing")
    ap.add_argument("--no-sql", action="store_true", help="time only (no statement counts, no tracing cost)")
    args = ap.parse_args()
    rpl.EMBEDDER["name"] = args.embedder
    conv = next(d for d in load_locomo(args.data) if d.name.endswith(args.conversation))
    end = conv.turns[-1].time + 3600
    meter = Meter()
    reads: dict[str, list[dict[str, Any]]] = {"search(limit=10)": [], "context": []}
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "full.db"
        rpl.build(db, conv.turns, end)
        with rpl.opened(db, "off", SimulatedClock(end)) as m:
            m.search("warm up", limit=10)
            m.context("warm up")
            instrument(meter, m, count_sql=not args.no_sql)
            for qn in conv.questions:
                for kind, read in (("search(limit=10)", lambda t: m.search(t, limit=10)), ("context", m.context)):
                    meter.reset()
                    t0 = time.perf_counter()
                    with meter.step("other"):
                        read(qn.text)
                    total = (time.perf_counter() - t0) * 1000
                    reads[kind].append({"ms": dict(meter.ms), "sql": dict(meter.sql), "calls": dict(meter.calls),
                                        "internal": dict(meter.internal), "total": total})  # fmt: skip
            m.store.reader().set_trace_callback(None)
    print(f"{conv.name}: {len(conv.turns)} turns, {len(conv.questions)} questions, embedder {args.embedder}, "
          f"side effects off{', statements not counted' if args.no_sql else ''}")  # fmt: skip
    for kind, rows in reads.items():
        print(table(kind, rows))


if __name__ == "__main__":
    main()
