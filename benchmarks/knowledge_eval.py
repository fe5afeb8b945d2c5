"""Extraction and knowledge updates on the blind statement set (datasets/statements/).

    .venv/bin/python benchmarks/knowledge_eval.py [--split test|dev|dev2|dev3|...|devN] [--llm] [--local]
        [--llm-limit N] [--no-rules] [--no-scenarios] [--errors FILE]

Prints precision/recall per language for the offline extractor (and the phrase rules it
replaced, as the baseline in the same run), then the update scenarios replayed as a user lives
them (pass = the Facts section gives the current value and no stale one).

With ``--llm`` the LLM side runs beside them on the first ``--llm-limit`` statements and
scenarios, with the same metrics and episodes/s: ``nlp`` (offline), ``llm`` (the model's facts,
grounded) and ``nlp+llm`` (the model proposes, grounding and the offline reading dispose). The
server is MEMLAB_LLM_BASE_URL / MEMLAB_LLM_MODEL, or with ``--local`` the tiny model on a
llama-server started here (memlab[local-llm]). That model is the BASE Gemma 3 270M: its figures
are low by design; it is a protocol peer, not an extractor. Tune on dev; report test once per change.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from memlab.bench import statements as S
from memlab.config import MemoryConfig
from memlab.types import ConsolidationContext, EpisodeRef


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


def _split(name: str) -> str:
    """test, dev, dev3 (scenarios only) or a devN whose statements or scenarios file exists."""
    folder = S.DEFAULT_PATH.parent
    if name in ("test", "dev", "dev3") or any(
            (folder / f"{kind}_{name}.jsonl").exists() for kind in ("statements", "update_scenarios")):
        return name
    raise argparse.ArgumentTypeError(f"unknown split {name!r}: no statements_{name}.jsonl in {folder}")


def _statements(split: str) -> list[dict[str, Any]]:
    """dev / test: statements.jsonl by split; dev3 scores dev (it has scenarios only);
    dev2, dev4 and later: their own files (statements_dev2.jsonl, ...), every row."""
    if split not in ("dev", "dev3", "test"):
        return S.load(S.DEFAULT_PATH.with_name(f"statements_{split}.jsonl"))
    return S.load(split="dev" if split == "dev3" else split)


def _scenarios(split: str) -> list[dict[str, Any]]:
    """dev / test: update_scenarios.jsonl by split (dev2 has none of its own: dev); dev3 / dev4 /
    dev5 and later: update_scenarios_dev3.jsonl / ..._dev4.jsonl / ..., every row."""
    if split not in ("dev", "dev2", "test"):
        return S.load(S.SCENARIOS_PATH.with_name(f"update_scenarios_{split}.jsonl"))
    return S.load(S.SCENARIOS_PATH, "dev" if split == "dev2" else split)


def _write_errors(path: str, errors: list[dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for e in errors:
            fh.write(json.dumps(e, ensure_ascii=False) + "\n")


def _llm_parts(base_url: str, model: str, max_tokens: int) -> tuple[Any, Any, dict[str, Any]]:
    """(llm consolidator, nlp+llm consolidator, the consolidation settings for scenario configs)."""
    from memlab.knowledge.extract.consolidator import NLPConsolidator
    from memlab.knowledge.llm_consolidator import LLMConsolidator, ProposeAndDispose
    from memlab.llm.client import OpenAICompatChat

    settings = {"base_url": base_url, "model": model, "max_tokens": max_tokens, "retries": 1, "timeout_s": 60.0}
    chat = OpenAICompatChat(base_url, model, max_tokens=max_tokens, retries=1, timeout_s=60.0)
    llm = LLMConsolidator(chat, max_tokens=max_tokens)
    return llm, ProposeAndDispose(llm, NLPConsolidator()), settings


def _side_by_side(rows: list[dict[str, Any]], llm: Any, both: Any) -> None:
    print(f"\n## Statements side by side: nlp, llm, nlp+llm on the first {len(rows)} rows\n")
    from memlab.knowledge.extract.consolidator import NLPConsolidator

    # all three as consolidators, keyed facts as triples: only what the LLM adds differs
    extractors = {"nlp": S.ConsolidatorExtractor(NLPConsolidator()), "llm": S.ConsolidatorExtractor(llm),
                  "nlp+llm": S.ConsolidatorExtractor(both)}  # fmt: skip
    scores, rates = {}, {}
    for name, fn in extractors.items():
        t0 = time.perf_counter()
        scores[name] = S.score(fn, rows)
        rates[name] = len(rows) / (time.perf_counter() - t0)
    print(S.table(scores))
    print("\n| extractor | episodes/s | rejected by grounding | failed calls |\n|---|---:|---:|---:|")
    for name, fn in extractors.items():
        print(f"| {name} | {rates[name]:.2f} | {getattr(fn, 'rejected', 0)} | {getattr(fn, 'failed', 0)} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", default="test", type=_split, help="test, dev, or devN with its own files")
    ap.add_argument("--llm", action="store_true", help="also run llm and nlp+llm side by side (needs a server)")
    ap.add_argument("--local", action="store_true", help="with --llm: start the tiny model's llama-server here")
    ap.add_argument("--llm-limit", type=int, default=40, help="statements (and a quarter as many scenarios) for the LLM")
    ap.add_argument("--max-tokens", type=int, default=200, help="the LLM's answer cap")
    ap.add_argument("--no-rules", action="store_true", help="skip the phrase-rules baseline")
    ap.add_argument("--no-scenarios", action="store_true", help="statements only")
    ap.add_argument("--learned", action="store_true", help="also score the nlp extractor with its trained fallback")
    ap.add_argument("--errors", help="write the offline extractor's mistakes (JSON lines) to this file")
    args = ap.parse_args()
    if args.local:
        from memlab.llm.serve import MODEL_ID, LocalServer

        with LocalServer(port=0) as srv:
            return run(args, srv.base_url, MODEL_ID)
    return run(args, os.environ.get("MEMLAB_LLM_BASE_URL", ""), os.environ.get("MEMLAB_LLM_MODEL", ""))


def run(args: argparse.Namespace, base_url: str, model: str) -> None:
    rows = _statements(args.split)
    llm_on = args.llm and bool(base_url and model)
    llm, both, settings = _llm_parts(base_url, model, args.max_tokens) if llm_on else (None, None, {})
    scores = {}
    extractors: list[tuple[str, S.Extractor]] = [("nlp (offline default)", S.OfflineExtractor())]
    if not args.no_rules:
        extractors.insert(0, ("rules (before)", rules_extractor))
    if args.learned:
        extractors.append(("nlp + learned fallback", S.OfflineExtractor(learned=True)))
    for name, fn in extractors:
        t0 = time.perf_counter()
        scores[name] = S.score(fn, rows)
        print(f"{name}: {len(rows)} statements in {time.perf_counter() - t0:.1f} s")
    print(f"\n## Statements, {args.split} split\n")
    print(S.table(scores))
    if args.errors:
        _write_errors(args.errors, scores["nlp (offline default)"]["all"].errors)
    if llm_on:
        _side_by_side(rows[: args.llm_limit], llm, both)
    else:
        print("\nLLM consolidator: skipped (--llm with MEMLAB_LLM_BASE_URL / MEMLAB_LLM_MODEL, or --llm --local)")
    if args.no_scenarios:
        return
    print(f"\n## Update scenarios, {args.split} split (one nightly maintain, Facts section checked)\n")
    configs = {"rules (before)": MemoryConfig().replace(consolidation={"consolidator": "rules"}),
               "nlp (offline default)": MemoryConfig()}  # fmt: skip
    if args.no_rules:
        del configs["rules (before)"]
    if args.learned:
        configs["nlp + learned fallback"] = MemoryConfig().replace(consolidation={"learned_fallback": True})
    scenarios = _scenarios(args.split)
    few = scenarios[: max(1, args.llm_limit // 4)]
    if llm_on:
        configs["nlp (same scenarios as the LLM)"] = MemoryConfig()
        configs["llm"] = MemoryConfig().replace(consolidation={"consolidator": "llm", **settings})
        configs["nlp+llm"] = MemoryConfig().replace(consolidation={"consolidator": "nlp+llm", **settings})
    print("| consolidator | lang | pass (about the person asked) | pass (seed check: whole Facts section) "
          "| stale as current (all) | stale as current (updates) | turns/s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for name, cfg in configs.items():
        chosen = few if name in ("llm", "nlp+llm") or name.startswith("nlp (same") else scenarios
        t0 = time.perf_counter()
        results = [S.run_scenario(s, cfg) for s in chosen]
        rate = sum(len(s["turns"]) for s in chosen) / (time.perf_counter() - t0)
        scenarios_run = chosen
        if args.errors:
            _write_errors(args.errors + f".scenarios.{name.split()[0]}", [
                {**r, "scenario": s} for r, s in zip(results, scenarios_run, strict=True) if not r["ok"]])
        for lang in ("en", "ru"):
            rs = [r for r, s in zip(results, scenarios_run, strict=True) if s["lang"] == lang]
            if not rs:
                continue
            ok = sum(r["ok"] for r in rs)
            seed = sum(r["seed_check"] for r in rs)
            sac = sum(r["stale_as_current"] for r in rs)
            upd = [r for r, s in zip(results, scenarios_run, strict=True) if s["lang"] == lang and S.is_update(s)]
            sac_upd = sum(r["stale_as_current"] for r in upd)
            print(f"| {name} | {lang} | {ok}/{len(rs)} | {seed}/{len(rs)} | {sac}/{len(rs)} | {sac_upd}/{len(upd)} "
                  f"| {rate:.1f} |")
    print("\nstale as current (updates): only scenarios where a stale value was the subject's before the current"
          " one (a non-update control's 'stale' was never held, so naming it is no superseded value)")


if __name__ == "__main__":
    main()
