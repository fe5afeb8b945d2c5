"""The lead's once-per-round report on the blind sets: statement P/R per language and scenario
counts for the held-out ``test`` split, test17, test18 and the newest blind set dev19/test19
(dev19 is tuned on from its round; test19 is not). Not for tuning: run it once,
at the end of a round, for the base and the final code in one session (``PYTHONPATH`` picks the code;
the rows always come from this checkout). Usage: ``python benchmarks/blind_report.py OUT.json``."""
import json
import sys
import time
from pathlib import Path

from memlab.bench import statements as S
from memlab.config import MemoryConfig

root = Path(__file__).resolve().parent.parent / "datasets" / "statements"  # the rows, whatever code scores them
out = {"statements": {}, "scenarios": {}}
ext = S.OfflineExtractor()
# each reported split and the suffix of its files (statements{suffix}.jsonl, update_scenarios{suffix}.jsonl)
BLIND = (("test", ""), ("test17", "_dev17"), ("test18", "_dev18"), ("dev19", "_dev19"), ("test19", "_dev19"))
sets = {name: (root / f"statements{suffix}.jsonl", name) for name, suffix in BLIND}
for name, (path, split) in sets.items():
    rows = S.load(path, split)
    t0 = time.perf_counter()
    sc = S.score(ext, rows)
    dt = time.perf_counter() - t0
    out["statements"][name] = {k: {"P": round(v.precision * 100, 1), "R": round(v.recall * 100, 1)} for k, v in sc.items()}
    print(name, f"{len(rows)} rows {dt:.1f}s", json.dumps(out["statements"][name]), flush=True)
scen = {name: (root / f"update_scenarios{suffix}.jsonl", name) for name, suffix in BLIND}
for name, (path, split) in scen.items():
    ss = S.load(path, split)
    res = [S.run_scenario(s, MemoryConfig()) for s in ss]
    for lang in ("en", "ru"):
        rs = [r for r, s in zip(res, ss, strict=True) if s["lang"] == lang]
        out["scenarios"][f"{name}-{lang}"] = f"{sum(r['ok'] for r in rs)}/{len(rs)}"
        print(f"scen {name} {lang}: {out['scenarios'][f'{name}-{lang}']}", flush=True)
Path(sys.argv[1]).write_text(json.dumps(out, indent=1))
