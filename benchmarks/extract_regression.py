"""Row-by-row regression check of the offline extractor (memlab.bench.regression).

    .venv/bin/python benchmarks/extract_regression.py [--save FILE] [--compare FILE] [--allow ID,...]
        [--splits dev,dev9,...] [--no-scenarios] [--include-held-out]

Runs the extractor on every labelled statement split and every update-scenario split (the held-out
``test`` splits and any ``test*`` / ``*17`` left out unless --include-held-out) and writes the
snapshot to --save (default out/extract_regression/latest.json). With --compare it prints, per
split, P/R and scenarios before -> after and every row that lost a right fact or gained a wrong one
(and every scenario that stopped passing), and exits 1 when there is one that --allow does not name.
The committed base: benchmarks/results/knowledge/regression_base.json.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from memlab.bench import regression as R

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "out" / "extract_regression"


def _commit() -> str:
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
        )
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


def _write(path: Path, snap: R.Snapshot) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(R.dumps(snap), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--save", type=Path, help="write the snapshot here (default out/extract_regression/latest.json)"
    )
    ap.add_argument("--compare", type=Path, help="a snapshot to compare against (e.g. the committed base)")
    ap.add_argument("--allow", default="", help="row or scenario ids whose regression the note names")
    ap.add_argument("--splits", default="", help="only these splits (comma-separated)")
    ap.add_argument("--no-scenarios", action="store_true", help="statements only")
    ap.add_argument(
        "--include-held-out", action="store_true", help="also the held-out test splits (the lead, once)"
    )
    args = ap.parse_args(argv)
    chosen = R.splits(include_held_out=args.include_held_out, only=[s for s in args.splits.split(",") if s])
    t0 = time.perf_counter()

    def progress(name: str) -> None:
        print(f"{name}: {time.perf_counter() - t0:.0f} s", file=sys.stderr)

    snap = R.snapshot(chosen, scenarios=not args.no_scenarios, progress=progress)
    seconds = time.perf_counter() - t0
    snap["meta"] = {"commit": _commit(), "seconds": round(seconds, 1), "scenarios": not args.no_scenarios}
    save = args.save or DEFAULT_OUT / "latest.json"
    _write(save, snap)
    rows = sum(len(s.statements) for s in chosen.values())
    scen = sum(len(s.scenarios) for s in chosen.values()) if not args.no_scenarios else 0
    print(f"{len(chosen)} splits, {rows} statements, {scen} scenarios in {seconds:.0f} s -> {save}")
    if not args.compare:
        return 0
    before = json.loads(args.compare.read_text(encoding="utf-8"))
    diffs = R.compare(before, snap)
    allow = frozenset(a for a in args.allow.split(",") if a)
    report = R.render(diffs, allow)
    print(
        f"\n## {before.get('meta', {}).get('commit', args.compare)} -> {snap['meta']['commit']}\n\n{report}"
    )
    (save.parent / (save.stem + ".compare.md")).write_text(report + "\n", encoding="utf-8")
    bad = [i for d in diffs for i in d.regressions(allow)]
    print(f"\n{len(bad)} regressions" + (f": {', '.join(bad[:20])}" if bad else ""))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
