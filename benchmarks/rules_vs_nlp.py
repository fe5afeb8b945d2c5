"""The phrase-rule consolidator (knowledge/rules.py) against the nlp one, on the tuned statement splits.

    PYTHONPATH=. .venv/bin/python benchmarks/rules_vs_nlp.py [--nlp SNAPSHOT] [--n 1500]

P/R per language over every tuned statement split (the held-out ones left out, as the regression
harness does): the rules scored here, the nlp extractor read from a regression snapshot (--nlp,
e.g. out/extract_regression/latest.json) or scored here without one. Throughput: ``--n`` chat
messages (the dev2/dev4/dev5 statements, cycled) consolidated in pages of 50 episodes per language
by each consolidator, after the parsers are loaded; episodes per second.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from memlab.bench import regression as R
from memlab.bench import statements as S
from memlab.knowledge.extract import nlp, nlp_available
from memlab.knowledge.extract.consolidator import NLPConsolidator
from memlab.knowledge.rules import RuleConsolidator
from memlab.types import ConsolidationContext, EpisodeRef

DATA = Path(__file__).resolve().parents[1] / "datasets" / "statements"


def by_lang(snap: dict[str, Any]) -> dict[str, R.Totals]:
    records = [r for split in snap["splits"].values() for r in split["statements"].values()]
    return {lang: R.totals(r for r in records if r["lang"] == lang) for lang in ("en", "ru")}


def throughput(consolidator: Any, n: int) -> float:
    rows: list[dict[str, Any]] = []
    for name in ("statements_dev2.jsonl", "statements_dev4.jsonl", "statements_dev5.jsonl"):
        rows += S.load(DATA / name)
    rows = (rows * (n // len(rows) + 1))[:n]
    t0 = time.perf_counter()
    for lang in ("en", "ru"):
        eps = [EpisodeRef(i, r["text"], float(i), "user", "s") for i, r in enumerate(rows) if r["lang"] == lang]
        for i in range(0, len(eps), 50):
            consolidator.consolidate(eps[i : i + 50], ConsolidationContext("s"))
    return n / (time.perf_counter() - t0)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nlp", type=Path, help="a regression snapshot of the nlp extractor (else scored here)")
    ap.add_argument("--n", type=int, default=1500)
    args = ap.parse_args()
    chosen = R.splits()
    rules = R.snapshot(chosen, S.ConsolidatorExtractor(RuleConsolidator()), scenarios=False)
    if args.nlp:
        nlp_snap = json.loads(args.nlp.read_text(encoding="utf-8"))
        nlp_snap = {"splits": {k: v for k, v in nlp_snap["splits"].items() if k in chosen}}
    else:
        nlp_snap = R.snapshot(chosen, scenarios=False)
    out: dict[str, Any] = {"splits": sorted(chosen)}
    for name, snap in (("rules", rules), ("nlp", nlp_snap)):
        for lang, t in by_lang(snap).items():
            out[f"{name}_{lang}"] = {"P": round(100 * t.precision, 1), "R": round(100 * t.recall, 1),
                                     "predicted": t.predicted, "gold": t.gold}  # fmt: skip
    out["rules_eps_per_s"] = round(throughput(RuleConsolidator(), args.n), 1)
    if nlp_available():
        nlp.warm()
        throughput(NLPConsolidator(), 50)  # the models load here, not in the timing
        out["nlp_eps_per_s"] = round(throughput(NLPConsolidator(), args.n), 1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
