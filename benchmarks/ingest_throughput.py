"""Durable ingest throughput, old vs new, measured in one run (issue 12).

N fire-and-forget ``Memory.ingest()`` calls (sessions of 50 messages, no embedder) then
``flush()``; the figure is committed messages per second from the first call to the end of the
flush. Each variant runs in its own subprocess with its own source tree on ``PYTHONPATH``, and
the variants alternate round by round (the machine is shared and noisy); the table gives every
round and the median.

    python benchmarks/ingest_throughput.py                         # old = merge-base with main, new = this tree
    python benchmarks/ingest_throughput.py --n 5000,20000 --rounds 3
    python benchmarks/ingest_throughput.py --variant pre-rel=4c7a008   # more git revisions to compare
    python benchmarks/ingest_throughput.py --json out.json

A variant is ``NAME=REV`` (a git revision, exported with ``git archive`` to a temporary folder)
or ``NAME=PATH`` (a source tree holding ``memlab/``); ``new`` is this checkout, working tree
included.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, random, sys, tempfile, time
from pathlib import Path
from memlab.clock import SimulatedClock
from memlab.config import MemoryConfig
from memlab.memory import Memory
import memlab

n, per_session = int(sys.argv[1]), int(sys.argv[2])
T0 = 1_700_000_000.0
WORDS = ("deploy migration table berlin vilnius python rust boss meeting lunch coffee project release bug "
         "review design memory graph sqlite vector query budget travel train weekend family dog cat").split()
rng = random.Random(0)
texts = [" ".join(rng.choices(WORDS, k=rng.randint(8, 24))) for _ in range(n)]
cfg = MemoryConfig().replace(consolidation={"auto": False})
with tempfile.TemporaryDirectory() as tmp:
    mem = Memory.open(Path(tmp) / "ingest.db", cfg, clock=SimulatedClock(T0), embedder=None)
    started = time.perf_counter()
    for i, text in enumerate(texts):
        mem.ingest(text, session_id=f"s{i // per_session}", at=T0 + i)
    mem.flush()
    elapsed = time.perf_counter() - started
    stats = mem.store.writer.stats
    committed = stats.committed
    transactions = stats.transactions
    mem.close()
print(json.dumps({"source": str(Path(memlab.__file__).parent), "seconds": elapsed, "committed": committed,
                  "transactions": transactions, "msgs_per_s": n / elapsed}))
"""


def export(rev: str, dest: Path) -> Path:
    """The tree of ``rev`` under ``dest`` (only ``memlab/`` is needed)."""
    dest.mkdir(parents=True, exist_ok=True)
    archive = dest / "src.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), rev, "memlab"], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")
    archive.unlink()
    return dest


def resolve(spec: str, tmp: Path) -> tuple[str, Path, str]:
    name, _, target = spec.partition("=")
    if not target:
        raise SystemExit(f"--variant wants NAME=REV or NAME=PATH, got {spec!r}")
    if (Path(target) / "memlab").is_dir():
        return name, Path(target).resolve(), target
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", target], check=True, capture_output=True, text=True
    ).stdout.strip()
    return name, export(sha, tmp / name), sha


def run_one(tree: Path, n: int, per_session: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(n), str(per_session)],
        env=env, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(),
    ).stdout
    rec: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    if Path(str(rec["source"])).resolve() != (tree / "memlab").resolve():
        raise SystemExit(f"imported memlab from {rec['source']}, not {tree}")
    if rec["committed"] < n:
        raise SystemExit(f"only {rec['committed']} of {n} writes committed")
    return rec


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", default="5000,20000", help="message counts, comma-separated")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--per-session", type=int, default=50)
    ap.add_argument("--old", default=None, help="revision or tree for 'old' (default: merge-base HEAD main)")
    ap.add_argument("--variant", action="append", default=[], help="extra NAME=REV or NAME=PATH")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.n.split(",") if x]
    old = args.old or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        variants = [resolve(f"old={old}", tmp), *(resolve(v, tmp) for v in args.variant), ("new", ROOT, "working tree")]
        results: dict[str, dict[int, list[float]]] = {name: {n: [] for n in sizes} for name, _, _ in variants}
        for r in range(args.rounds):
            order = variants if r % 2 == 0 else variants[::-1]  # alternate who goes first
            for n in sizes:
                for name, tree, _ in order:
                    rec = run_one(tree, n, args.per_session)
                    results[name][n].append(rec["msgs_per_s"])
                    print(f"round {r + 1} n={n} {name:>10}: {rec['msgs_per_s']:8.0f} msg/s "
                          f"({rec['transactions']:.0f} transactions)", file=sys.stderr, flush=True)
    base = {n: statistics.median(results["old"][n]) for n in sizes}
    print(f"\ncommitted msg/s, fire-and-forget ingest + flush, sessions of {args.per_session}, no embedder; "
          f"median of {args.rounds} alternating rounds\n")
    print("| variant | source | " + " | ".join(f"n={n} median (rounds)" for n in sizes) + " | " +
          " | ".join(f"vs old n={n}" for n in sizes) + " |")
    print("|---|---|" + "---|" * (2 * len(sizes)))
    for name, _, label in variants:
        med = {n: statistics.median(results[name][n]) for n in sizes}
        cells = [f"{med[n]:,.0f} ({', '.join(f'{x:,.0f}' for x in results[name][n])})" for n in sizes]
        ratios = [f"{med[n] / base[n]:.2f}x" for n in sizes]
        print(f"| {name} | {label} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
    if args.json:
        args.json.write_text(json.dumps({"sizes": sizes, "rounds": args.rounds, "results": {
            name: {str(n): v for n, v in per.items()} for name, per in results.items()}}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
