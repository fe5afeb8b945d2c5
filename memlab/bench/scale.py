"""The scale curve: ingest N synthetic episodes (1K, 10K, 100K; 1M on request) and measure
ingest time, database size and search/context latency against N.

Turns are streamed from ``memlab.datasets.synthetic.generate_scale`` (1M turns never sit in
memory) into a fresh ``Memory`` on a simulated clock, fire-and-forget, then flushed: the ingest
time is hot path plus slow path (embeddings), until everything is committed. Consolidation of
the completed sessions is timed separately when ``consolidate = true``. Queries are the
questions of a small synthetic dataset with the same seed (the same people and facts).

    memlab bench benchmarks/scale.toml            # 1K, 10K, 100K
    python -m memlab.bench.scale --sizes 1000,10000,100000,1000000
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memlab.bench import metrics as M
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig

if TYPE_CHECKING:
    from memlab.bench.suite import Suite

SIZES: tuple[int, ...] = (1_000, 10_000, 100_000)
EXTRA_SIZES: tuple[int, ...] = (1_000_000,)


@dataclass(frozen=True)
class ScaleSettings:
    sizes: tuple[int, ...] = SIZES
    seed: int = 0
    queries: int = 100
    consolidate: bool = False
    maintain: bool = True  # time maintain() after the import (consolidation of every session first)
    recipe: str | None = None  # None: the config's recipe


@dataclass(frozen=True)
class ScalePoint:
    """One size of the curve; field names match memlab.viz.plots.plot_scale_curve."""

    size: int
    ingest_s: float  # hot + slow path until flushed
    ingest_per_s: float
    hot_path_p50_us: float
    hot_path_p95_us: float
    consolidate_s: float | None
    db_bytes: int
    nodes: int
    bytes_per_node: float
    search_p50_ms: float
    search_p95_ms: float
    context_p50_ms: float
    context_p95_ms: float
    p50_ms: float  # context latency: what an agent waits for before each answer
    p95_ms: float
    build_peak_rss_mb: float = float("nan")  # this process's peak so far (building the memory)
    reopen_first_search_ms: float = float("nan")  # a fresh process: open + first search
    reopen_peak_rss_mb: float = float("nan")  # a fresh process after open + the query set
    ingest_peak_rss_mb: float = float("nan")  # peak after the import + flush (before maintain, queries)
    maintain_s: float | None = None  # maintain() after the import: every step
    consolidate_step_s: float | None = None  # its consolidation step
    sessions: int = 0  # sessions that step consolidated
    sessions_per_s: float = float("nan")  # sessions / consolidate_step_s
    episodes_per_s: float = float("nan")  # their episodes / consolidate_step_s (sessions differ in length by size)
    reopen_open_ms: float = float("nan")  # a fresh process: Memory.open alone


def query_texts(seed: int, n: int) -> list[str]:
    """Question texts about the same synthetic people, cycled to ``n``."""
    from memlab.datasets.synthetic import generate

    texts = [q.text for q in generate(seed=seed, days=90).questions] or ["what do you know about me?"]
    return [texts[i % len(texts)] for i in range(n)]


def _ingest(memory: Any, clock: SimulatedClock, size: int, seed: int, progress: bool) -> list[float]:
    from memlab.datasets.synthetic import generate_scale

    calls: list[float] = []
    bar: Any = contextlib.nullcontext(None)
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=size, desc=f"ingest {size:,}", unit="msg", leave=False, mininterval=0.5)
    with bar as b:
        for turn in generate_scale(size, seed=seed):
            clock.set(max(turn.time, clock.now()))
            t0 = time.perf_counter()
            memory.ingest(f"{turn.speaker}: {turn.text}", session_id=turn.session_id, at=turn.time,
                          role=turn.role if turn.role in ("user", "assistant") else "user")  # fmt: skip
            calls.append(time.perf_counter() - t0)
            if b is not None:
                b.update(1)
    memory.end_session()
    return calls


def _maintain(memory: Any, clock: SimulatedClock) -> dict[str, Any]:
    """maintain() past the idle timeout (every session closes and is consolidated): its seconds,
    its consolidation step's seconds and sessions per second."""
    clock.set(clock.now() + memory.config.ingest.session_idle_minutes * 60 + 1)
    t0 = time.perf_counter()
    report = memory.maintain()
    memory.flush()
    seconds = time.perf_counter() - t0
    step = report.steps.get("consolidate", {})
    sessions, step_s = int(step.get("consolidated", 0)), float(step.get("seconds", 0.0))
    episodes = int(step.get("episodes", 0))
    per_s = (lambda x: x / step_s) if step_s > 0 else (lambda x: float("nan"))
    return {"maintain_s": seconds, "consolidate_step_s": step_s, "sessions": sessions,
            "sessions_per_s": per_s(sessions), "episodes_per_s": per_s(episodes)}  # fmt: skip


def _queries(memory: Any, texts: Sequence[str], recipe: str | None) -> tuple[list[float], list[float]]:
    search: list[float] = []
    context: list[float] = []
    has_context = True
    for text in texts:
        t0 = time.perf_counter()
        memory.search(text, recipe=recipe, limit=10)
        t1 = time.perf_counter()
        search.append(t1 - t0)
        if has_context:
            try:
                memory.context(text)
            except ModuleNotFoundError as exc:  # memlab.retrieval.context not installed: search only
                if not (exc.name or "").startswith("memlab."):
                    raise
                has_context = False
                continue
            context.append(time.perf_counter() - t1)
    return search, context


def scale_vectors_and_queries(db: str | Path) -> tuple[Any, Any]:
    """A scale database's stored 256-d vectors (rows) and 200 query vectors: the scale questions
    embedded with wordllama, then 100 stored rows (seeded), for vector-index recall scripts."""
    import numpy as np

    from memlab.compose import build_embedder
    from memlab.store.connect import choose_driver, connect
    from memlab.store.vectors import NumpyVectorIndex

    index = NumpyVectorIndex(256)
    index.refresh(connect(str(db), choose_driver()))
    mat = np.ascontiguousarray(index.matrix()[1])
    emb = build_embedder(MemoryConfig().replace(embedder={"name": "wordllama", "dim": 256}))
    assert emb is not None
    texts = list(dict.fromkeys(query_texts(0, 100)))
    rows = np.random.default_rng(0).choice(len(mat), 100, replace=False)
    return mat, np.concatenate([emb.embed_batch(texts), mat[rows]]).astype(np.float32)


def peak_rss_mb() -> float:
    """This process's peak resident set. Linux: VmHWM (ru_maxrss survives exec, so a child would
    report its parent's peak); elsewhere ru_maxrss (macOS reports bytes)."""
    import resource
    import sys

    status = Path("/proc/self/status")
    if status.is_file():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


def probe(db: Path, config: MemoryConfig, texts: Sequence[str]) -> dict[str, float]:
    """In this (fresh) process: open ``db``, time the first search (vector matrix load, embedder
    load, caches), run the queries with context, report peak RSS."""
    from memlab.compose import build_embedder
    from memlab.memory import Memory

    t0 = time.perf_counter()
    memory = Memory.open(db, config.replace(consolidation={"auto": False}), embedder=build_embedder(config))
    opened = time.perf_counter() - t0
    try:
        memory.search(texts[0], limit=10, reinforce=False)
        first = time.perf_counter() - t0
        for text in texts:
            memory.context(text)
    finally:
        memory.close()
    return {"reopen_first_search_ms": first * 1000, "reopen_open_ms": opened * 1000, "reopen_peak_rss_mb": peak_rss_mb()}


def compile_package() -> bool:
    """Write memlab's bytecode (``__pycache__``) as installing it does, so a fresh process reads
    it instead of compiling every module: with PYTHONDONTWRITEBYTECODE set (this project's shells)
    a source checkout was recompiled by every probe, ~0.1-0.2 s of its open + first search."""
    import compileall

    import memlab

    try:
        return bool(compileall.compile_dir(str(Path(memlab.__file__).parent), quiet=2))
    except OSError:  # a read-only install already has its bytecode (or goes without)
        return False


def probe_fresh(db: Path, config: MemoryConfig, seed: int, queries: int) -> dict[str, float]:
    """``probe`` in a child process (so nothing of the building process is counted), from
    compiled bytecode like an installed package."""
    import json
    import subprocess
    import sys

    compile_package()
    args = [sys.executable, "-m", "memlab.bench.scale", "--probe", str(db), "--embedder", config.embedder.name,
            "--dim", str(config.embedder.dim), "--queries", str(queries), "--seed", str(seed)]  # fmt: skip
    out = subprocess.run(args, check=True, capture_output=True, text=True, timeout=1800)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def measure(size: int, config: MemoryConfig, workdir: Path, settings: ScaleSettings, *,
            embedder: Any = None, progress: bool = False) -> ScalePoint:  # fmt: skip
    """Ingest ``size`` episodes into a fresh memory and measure it."""
    from memlab.compose import build_embedder
    from memlab.memory import Memory

    clock = SimulatedClock(0.0)
    emb = embedder if embedder is not None else build_embedder(config)
    cfg = config.replace(consolidation={"auto": False})
    memory = Memory.open(workdir / f"scale-{size}.db", cfg, clock=clock, embedder=emb)
    try:
        t0 = time.perf_counter()
        calls = _ingest(memory, clock, size, settings.seed, progress)
        memory.flush()
        ingest_s = time.perf_counter() - t0
        ingest_rss = peak_rss_mb()
        consolidate_s = None
        if settings.consolidate:
            t1 = time.perf_counter()
            memory.consolidate()
            memory.flush()
            consolidate_s = time.perf_counter() - t1
        maintained = _maintain(memory, clock) if settings.maintain else {}
        memory.search("warm up the caches", limit=10)
        search, context = _queries(memory, query_texts(settings.seed, settings.queries), settings.recipe)
        stats = memory.stats()
    finally:
        memory.close()
    fresh: dict[str, Any] = probe_fresh(workdir / f"scale-{size}.db", config, settings.seed, settings.queries)
    hot = M.percentiles(calls or [0.0], (50, 95))
    nan = float("nan")
    s = M.percentiles(search, (50, 95))
    c = M.percentiles(context, (50, 95)) if context else {50: nan, 95: nan}
    nodes = int(stats["nodes_total"])
    return ScalePoint(
        size=size, ingest_s=ingest_s, ingest_per_s=size / ingest_s if ingest_s > 0 else float("nan"),
        hot_path_p50_us=hot[50] * 1e6, hot_path_p95_us=hot[95] * 1e6, consolidate_s=consolidate_s,
        db_bytes=int(stats["db_bytes"]), nodes=nodes, bytes_per_node=stats["db_bytes"] / max(nodes, 1),
        search_p50_ms=s[50] * 1000, search_p95_ms=s[95] * 1000, context_p50_ms=c[50] * 1000,
        context_p95_ms=c[95] * 1000, p50_ms=c[50] * 1000, p95_ms=c[95] * 1000,
        build_peak_rss_mb=peak_rss_mb(), ingest_peak_rss_mb=ingest_rss, **maintained, **fresh,
    )  # fmt: skip


def run_scale(config: MemoryConfig, settings: ScaleSettings, out_dir: str | Path, *,
              progress: bool = True) -> list[dict[str, Any]]:  # fmt: skip
    """Every size in turn (one process: the curve is about one memory growing, not parallelism)."""
    from memlab.bench.report import environment, write_jsonl
    from memlab.compose import build_embedder

    out = Path(out_dir)
    embedder = build_embedder(config)
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="memlab-scale-") as tmp:
        for size in settings.sizes:
            point = measure(size, config, Path(tmp), settings, embedder=embedder, progress=progress)
            rows.append({"kind": "scale", **asdict(point), "config": config.to_dict(), "seed": settings.seed,
                         "env": environment()})  # fmt: skip
            write_jsonl(rows, out / "scale.jsonl")  # after each size: a long run leaves partial results
    return rows


SCALE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("size", "size"), ("ingest s", "ingest_s"), ("msg/s", "ingest_per_s"), ("hot p95 µs", "hot_path_p95_us"),
    ("DB MB", "db_mb"), ("bytes/node", "bytes_per_node"), ("search p50", "search_p50_ms"),
    ("search p95", "search_p95_ms"), ("context p50", "context_p50_ms"), ("context p95", "context_p95_ms"),
    ("ingest RSS MB", "ingest_peak_rss_mb"), ("build RSS MB", "build_peak_rss_mb"),
    ("reopen open ms", "reopen_open_ms"), ("reopen 1st search ms", "reopen_first_search_ms"),
    ("reopen RSS MB", "reopen_peak_rss_mb"), ("maintain s", "maintain_s"), ("sessions", "sessions"),
    ("sessions/s", "sessions_per_s"), ("episodes/s", "episodes_per_s"),
)  # fmt: skip


def scale_table(rows: Sequence[dict[str, Any]], markdown: bool = False) -> str:
    from memlab.bench.report import table

    def cell(row: dict[str, Any], key: str) -> str:
        value = row["db_bytes"] / 1e6 if key == "db_mb" else row.get(key)
        if value is None:
            return "-"
        whole = ("size", "ingest_per_s", "bytes_per_node", "sessions", "sessions_per_s", "episodes_per_s")
        return f"{value:,.0f}" if key in whole else f"{value:,.1f}"

    body = [[cell(r, key) for _, key in SCALE_COLUMNS] for r in rows]
    return table([h for h, _ in SCALE_COLUMNS], body, markdown)


def write_scale_report(
    rows: Sequence[dict[str, Any]], out_dir: str | Path, title: str = "memlab scale curve"
) -> Path:
    from memlab.viz.plots import plot_scale_curve, plot_scale_resources

    out = Path(out_dir)
    (out / "plots").mkdir(parents=True, exist_ok=True)
    plot_scale_curve(rows).savefig(out / "plots" / "scale.png", dpi=110)
    plot_scale_resources(rows).savefig(out / "plots" / "scale_resources.png", dpi=110)
    env = rows[0]["env"] if rows else {}
    emb = rows[0]["config"]["embedder"] if rows else {}
    text = [
        f"# {title}", "",
        f"git {env.get('git', {}).get('revision')} · {env.get('machine', {}).get('platform')} · "
        f"{env.get('machine', {}).get('cpus')} CPUs · embedder {emb.get('name')} ({emb.get('dim')}-d)", "",
        "Ingest = hot path + embeddings until flushed; latencies in ms over the same question set at every size;",
        "context latency is what an agent waits for before each answer.", "",
        "RSS: peak resident set (file-backed pages of the memory-mapped vector sidecar included);",
        "maintain = maintain() after the import, every session closed; sessions/s and episodes/s = its",
        "consolidation step (the generator's sessions are shorter at 1M: compare episodes/s across sizes).", "",
        scale_table(rows, markdown=True), "", "![Scale curve](plots/scale.png)", "",
        "![Memory, reopen and maintenance](plots/scale_resources.png)", "",
    ]  # fmt: skip
    path = out / "scale.md"
    path.write_text("\n".join(text), encoding="utf-8")
    return path


def settings_from(table: dict[str, Any], quick: bool = False) -> ScaleSettings:
    """``[scale]`` of a suite file: sizes, extra_sizes + extra (the 1M point), quick_sizes, seed, queries..."""
    known = {"sizes", "extra_sizes", "extra", "quick_sizes", "seed", "queries", "consolidate", "maintain", "recipe"}
    unknown = sorted(set(table) - known)
    if unknown:
        raise ValueError(f"[scale]: unknown key(s) {unknown}; known: {sorted(known)}")
    sizes = [int(s) for s in table.get("sizes", SIZES)]
    if table.get("extra", False):
        sizes += [int(s) for s in table.get("extra_sizes", EXTRA_SIZES)]
    if quick:
        sizes = [int(s) for s in table.get("quick_sizes", [s for s in sizes if s <= 10_000])]
    return ScaleSettings(sizes=tuple(sizes), seed=int(table.get("seed", 0)), queries=int(table.get("queries", 100)),
                         consolidate=bool(table.get("consolidate", False)), maintain=bool(table.get("maintain", True)),
                         recipe=table.get("recipe"))  # fmt: skip


def run_scale_suite(suite: Suite, out_dir: str | Path, *, quick: bool = False, progress: bool = True) -> int:
    """What ``memlab bench benchmarks/scale.toml`` runs."""
    settings = settings_from(suite.scale or {}, quick)
    rows = run_scale(suite.config, settings, out_dir, progress=progress)
    path = write_scale_report(rows, out_dir, title=f"memlab scale curve: {suite.name}")
    print(scale_table(rows))
    print(f"\nreport: {path}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m memlab.bench.scale", description=__doc__.splitlines()[0])
    p.add_argument(
        "--sizes", default=",".join(str(s) for s in SIZES), help="comma-separated, e.g. 1000,10000"
    )
    p.add_argument("--embedder", default="wordllama")
    p.add_argument("--dim", type=int, default=256)
    p.add_argument("--consolidator", default="rules", help="consolidation.consolidator (rules: flat per-session cost)")
    p.add_argument("--queries", type=int, default=100)
    p.add_argument("--consolidate", action="store_true")
    p.add_argument("--no-maintain", action="store_true", help="skip timing maintain() after the import")
    p.add_argument("--out", default="out/bench/scale")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--probe", default="", help="(internal) measure a fresh open of this database")
    args = p.parse_args(argv)
    config = MemoryConfig().replace(
        embedder={"name": args.embedder, "dim": args.dim}, consolidation={"consolidator": args.consolidator}
    )
    if args.probe:
        import json

        print(json.dumps(probe(Path(args.probe), config, query_texts(args.seed, args.queries))))
        return 0
    settings = ScaleSettings(sizes=tuple(int(s) for s in args.sizes.split(",")), queries=args.queries,
                             consolidate=args.consolidate, maintain=not args.no_maintain)  # fmt: skip
    rows = run_scale(config, settings, args.out)
    write_scale_report(rows, args.out)
    print(scale_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
