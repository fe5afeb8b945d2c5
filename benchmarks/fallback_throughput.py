"""Offline extraction throughput with and without the learned fallback (issue 10), in one run.

3,000 chat messages (the dev statements' texts, cycled) go through ``analyze_many`` in pages of 50
per language, as the nlp consolidator parses a page of episodes; the figure is messages per second
after the parsers are loaded. Variants run in their own subprocesses and alternate round by round
(the machine is shared): ``base`` (a git revision, default HEAD's merge-base with main, exported with
git archive), ``off`` (this tree, fallback off) and ``on`` (this tree, fallback on).

    PYTHONPATH=. .venv/bin/python benchmarks/fallback_throughput.py [--n 3000] [--rounds 3] [--base REV]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
from ingest_throughput import export  # noqa: E402

CHILD = r"""
import inspect, json, sys, time
from pathlib import Path
from memlab.knowledge.extract import clauses, nlp
n, learned, data = int(sys.argv[1]), sys.argv[2] == "1", Path(sys.argv[3])
rows = []
for f in ("statements_dev2.jsonl", "statements_dev4.jsonl", "statements_dev5.jsonl"):
    rows += [json.loads(x) for x in (data / f).read_text(encoding="utf-8").splitlines() if x.strip()]
rows = (rows * (n // len(rows) + 1))[:n]
nlp.warm()
kw = {"learned": learned} if "learned" in inspect.signature(clauses.analyze_many).parameters else {}
clauses.analyze_many(["I live in Oslo and write Go."], "en", **kw)  # the model loads here, not in the timing
facts = 0
t0 = time.perf_counter()
for lang in ("en", "ru"):
    texts = [r["text"] for r in rows if r["lang"] == lang]
    for i in range(0, len(texts), 50):
        facts += sum(len(a[0]) for a in clauses.analyze_many(texts[i : i + 50], lang, **kw))
dt = time.perf_counter() - t0
print(json.dumps({"msgs_per_s": n / dt, "seconds": dt, "facts": facts}))
"""


def run(tree: Path, n: int, learned: bool) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    data = ROOT / "datasets" / "statements"
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(n), "1" if learned else "0", str(data)],
        env=env, check=True, capture_output=True, text=True, cwd=tempfile.gettempdir(),
    ).stdout
    rec: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return rec


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=3000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--base", default=None, help="revision for 'base' (default: merge-base HEAD main)")
    args = ap.parse_args()
    base = args.base or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True, capture_output=True, text=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        variants = {"base": (export(base, Path(tmp) / "base"), False), "off": (ROOT, False), "on": (ROOT, True)}
        got: dict[str, list[dict[str, float]]] = {k: [] for k in variants}
        for r in range(args.rounds):
            for name, (tree, learned) in variants.items():
                rec = run(tree, args.n, learned)
                got[name].append(rec)
                print(f"round {r + 1} {name}: {rec['msgs_per_s']:.1f} msg/s ({rec['facts']} facts)", flush=True)
    print("\n| variant | median msg/s | rounds | facts |\n|---|---:|---|---:|")
    for name, recs in got.items():
        rates = [x["msgs_per_s"] for x in recs]
        print(f"| {name} | {statistics.median(rates):.1f} | {', '.join(f'{x:.1f}' for x in rates)} | {recs[0]['facts']} |")


if __name__ == "__main__":
    main()
