"""Extraction and knowledge updates on the blind statement set (datasets/statements/).

    .venv/bin/python benchmarks/knowledge_eval.py [--split test] [--llm]

Prints precision/recall per language for the offline extractor (and the phrase rules it
replaced, as the baseline in the same run), then the update scenarios replayed as a user lives
them (pass = the Facts section gives the current value and no stale one). The LLM consolidator
runs side by side when an OpenAI-compatible server is configured (MEMLAB_LLM_BASE_URL and
MEMLAB_LLM_MODEL); otherwise it is skipped with a note. Tune on dev; report test once per change.
"""

from __future__ import annotations

import argparse
import os
import time

from memlab.bench import statements as S
from memlab.config import MemoryConfig
from memlab.knowledge.plan import ConsolidationContext, EpisodeRef


def rules_extractor(text: str, lang: str, speaker: str) -> list[S.Triple]:
    """The phrase rules (the offline extractor before this round), as triples with subject "speaker"."""
    from memlab.knowledge.rules import RuleConsolidator

    plan = RuleConsolidator().consolidate([EpisodeRef(1, text, 0.0, "user", "s")], ConsolidationContext("s"))
    out = []
    for f in plan.facts:
        subject, attribute = (f.key or "|").split("|", 1)
        attribute = {"language": "programming_language", "pet:dog": "pet_dog", "pet:cat": "pet_cat"}.get(attribute, attribute)
        out.append(("speaker" if subject == "user" else subject, attribute, f.value or ""))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="test", choices=["dev", "test", "dev3"])
    ap.add_argument("--llm", action="store_true", help="also run the LLM consolidator (needs a server)")
    args = ap.parse_args()
    rows = S.load(split=args.split) if args.split != "dev3" else S.load(S.DEFAULT_PATH, "dev")
    scores = {}
    for name, fn in (("rules (before)", rules_extractor), ("nlp (offline default)", S.OfflineExtractor())):
        t0 = time.perf_counter()
        scores[name] = S.score(fn, rows)
        print(f"{name}: {len(rows)} statements in {time.perf_counter() - t0:.1f} s")
    print(f"\n## Statements, {args.split} split\n")
    print(S.table(scores))
    if args.llm or os.environ.get("MEMLAB_LLM_BASE_URL"):
        print("\n(LLM consolidator: run the update scenarios with consolidation.consolidator = 'llm')")
    else:
        print("\nLLM consolidator: skipped (no MEMLAB_LLM_BASE_URL / MEMLAB_LLM_MODEL configured)")
    print(f"\n## Update scenarios, {args.split} split (one nightly maintain, Facts section checked)\n")
    configs = {"rules (before)": MemoryConfig().replace(consolidation={"consolidator": "rules"}),
               "nlp (offline default)": MemoryConfig()}  # fmt: skip
    if os.environ.get("MEMLAB_LLM_BASE_URL"):
        configs["llm"] = MemoryConfig().replace(consolidation={"consolidator": "llm"})
    print("| consolidator | lang | pass (about the person asked) | pass (seed check: whole Facts section) | stale as current |")
    print("|---|---|---:|---:|---:|")
    path = S.SCENARIOS_PATH if args.split != "dev3" else S.SCENARIOS_PATH.with_name("update_scenarios_dev3.jsonl")
    scenarios = S.load(path, args.split)
    for name, cfg in configs.items():
        results = [S.run_scenario(s, cfg) for s in scenarios]
        for lang in ("en", "ru"):
            rs = [r for r, s in zip(results, scenarios, strict=True) if s["lang"] == lang]
            ok = sum(r["ok"] for r in rs)
            seed = sum(r["seed_check"] for r in rs)
            sac = sum(r["stale_as_current"] for r in rs)
            print(f"| {name} | {lang} | {ok}/{len(rs)} | {seed}/{len(rs)} | {sac}/{len(rs)} |")


if __name__ == "__main__":
    main()
