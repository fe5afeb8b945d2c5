"""Benchmark records and reports: JSONL (one record per method x dataset), Markdown, PNG plots.

Every record carries what is needed to reproduce and compare it: the full config, the dataset
and its seed, the git revision, package versions and the machine. The Markdown report is
built from the records alone, so it can be regenerated from a results.jsonl later.
"""

from __future__ import annotations

import functools
import json
import math
import os
import platform
import subprocess
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memlab.bench import metrics as M
from memlab.bench.replay import ReplayResult, summarize

if TYPE_CHECKING:
    from memlab.bench.baselines import MethodSpec
    from memlab.bench.spec import DatasetSpec, Suite
    from memlab.datasets.schema import Dataset

PACKAGES: tuple[str, ...] = (
    "memlab", "numpy", "sqlite-vec", "sqlean.py", "wordllama", "rank-bm25", "matplotlib", "dask", "distributed",
)  # fmt: skip

# Columns of the printed summary: (header, metric path, format)
SUMMARY_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("cur>stale", "overall.current_over_stale", "pct"),
    ("stale-in-ctx", "overall.stale_in_context", "pct"),
    ("stale-as-cur", "overall.stale_as_current", "pct"),
    ("recall@10", "overall.recall@10", "pct"),
    ("ans-in-ctx", "overall.answer_in_context", "pct"),
    ("ctx p95 ms", "latency.context.p95_ms", "ms"),
    ("search p95 ms", "latency.search.p95_ms", "ms"),
    ("ingest msg/s", "ingest.turns_per_s", "int"),
)


# -- environment -------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def environment() -> dict[str, Any]:
    """Git revision, package versions and machine: the provenance of every record."""
    return {"git": git_revision(), "packages": package_versions(), "machine": machine()}


def git_revision(cwd: str | Path | None = None) -> dict[str, Any]:
    where = Path(cwd) if cwd else Path(__file__).resolve().parents[2]

    def git(*args: str) -> str | None:
        try:
            out = subprocess.run(["git", *args], cwd=where, capture_output=True, text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return None
        return out.stdout.strip() if out.returncode == 0 else None

    rev = git("rev-parse", "HEAD")
    status = git("status", "--porcelain", "--untracked-files=no")
    return {"revision": rev, "dirty": bool(status) if status is not None else None}


def package_versions(names: Sequence[str] = PACKAGES) -> dict[str, str | None]:
    from importlib import metadata

    out: dict[str, str | None] = {}
    for name in names:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = None
    return out


def machine() -> dict[str, Any]:
    import sqlite3

    return {
        "platform": platform.platform(), "python": platform.python_version(), "machine": platform.machine(),
        "processor": platform.processor() or None, "cpus": os.cpu_count(), "stdlib_sqlite": sqlite3.sqlite_version,
    }  # fmt: skip


# -- records -----------------------------------------------------------------------------------


def _quantiles_ms(values: Sequence[float]) -> list[float]:
    """0th..100th percentiles in ms: a latency distribution small enough for a JSONL record."""
    if not values:
        return []
    q = M.percentiles(values, list(range(101)))
    return [round(q[p] * 1000, 4) for p in range(101)]


def _method_config(suite: Suite, method: MethodSpec) -> dict[str, Any]:
    cfg = method.memory_config(suite.config)
    if method.kind == "memlab":
        return cfg.to_dict()
    embedder = cfg.to_dict()["embedder"] if method.kind == "naive_rag" else None
    return {"baseline": method.kind, "context_k": method.context_k, "embedder": embedder}


def _recipe_ran(suite: Suite, method: MethodSpec) -> dict[str, Any] | None:
    """The recipe a memlab method ran with, resolved (the config's None means "the recipe's k")."""
    if method.kind != "memlab":
        return None
    from memlab.compose import build_recipe

    r = build_recipe(method.memory_config(suite.config))
    return {"name": r.name, "rrf_k": r.rrf_k, "weights": dict(r.weights), "channels": list(r.channels)}


def run_record(suite: Suite, method: MethodSpec, spec: DatasetSpec, units: Sequence[Dataset],
               results: Sequence[ReplayResult | str]) -> dict[str, Any]:  # fmt: skip
    """The JSONL record of one method on one dataset (all its replays merged)."""
    ok = [r for r in results if isinstance(r, ReplayResult)]
    errors = [r for r in results if isinstance(r, str)]
    lat = {k: [x for r in ok for x in r.latencies.get(k, ())] for k in ("ingest", "search", "context")}
    missing = sorted({m for r in ok for m in r.footprint.get("missing_layers", [])})
    return {
        "suite": suite.name,
        "method": method.name,
        "kind": method.kind,
        "dataset": spec.name,
        "dataset_kind": spec.kind,
        "seed": spec.seed,
        "dataset_params": spec.params,
        "dataset_path": spec.path,
        "units": len(units),
        "turns": sum(len(u.turns) for u in units),
        "questions": sum(len(u.questions) for u in units),
        "config": _method_config(suite, method),
        "recipe": _recipe_ran(suite, method),
        "metrics": summarize(ok, suite.ks) if ok else {},
        "ks": list(suite.ks),
        "latency_quantiles_ms": {k: _quantiles_ms(v) for k, v in lat.items()},
        "decay": ok[0].decay if ok else {},
        "maintenance_runs": sum(len(r.maintenance) for r in ok),
        "missing_layers": missing,
        "dataset_meta": _dataset_meta(units),
        "errors": errors,
        "reader": suite.reader.described() if getattr(suite, "reader", None) is not None else None,
        "env": environment(),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _dataset_meta(units: Sequence[Dataset]) -> dict[str, Any]:
    """A small extract of loader metadata (LoCoMo evidence repairs), not the whole ground truth."""
    evidence: dict[str, int] = {}
    for u in units:
        for k, v in (u.meta.get("evidence") or {}).items():
            if isinstance(v, int):
                evidence[k] = evidence.get(k, 0) + v
    return {"evidence": evidence} if evidence else {}


def write_jsonl(records: Sequence[Mapping[str, Any]], path: str | Path) -> Path:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with p.open("w", encoding="utf-8", newline="\n") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, default=str) + "\n")
    return p


def read_jsonl(path: str | Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]


# -- formatting --------------------------------------------------------------------------------


def get(record: Mapping[str, Any], dotted: str) -> Any:
    """``get(rec, "overall.recall@10")`` looks under ``rec["metrics"]``; None if absent."""
    node: Any = record.get("metrics", {})
    for part in dotted.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def fmt(value: Any, kind: str = "num") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if kind == "pct":
        return f"{100 * float(value):.1f}%"
    if kind == "ms":
        return f"{float(value):.1f}"
    if kind == "int":
        return f"{float(value):,.0f}"
    return f"{float(value):.3f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> str:
    if markdown:
        lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
        return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows])
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    line = "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True))
    body = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in rows]
    return "\n".join([line, "-" * len(line), *body])


# with a reader model only: answer accuracy as LoCoMo scores it (memlab.bench.answers)
ANSWER_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("F1", "overall.answer_f1", "pct"),
    ("EM", "overall.answer_em", "pct"),
    ("judge", "overall.judge", "pct"),
)


def _columns(records: Sequence[Mapping[str, Any]]) -> tuple[tuple[str, str, str], ...]:
    read = any(r.get("reader") for r in records)
    judged = any(get(r, "overall.judge") is not None for r in records)
    extra = tuple(c for c in ANSWER_COLUMNS if read and (c[0] != "judge" or judged))
    return extra + SUMMARY_COLUMNS


def summary_table(records: Sequence[Mapping[str, Any]], markdown: bool = False) -> str:
    """memlab vs the baselines: answer accuracy (with a reader), knowledge updates, recall@10,
    latency (the `memlab bench` output)."""
    columns = _columns(records)
    headers = ["dataset", "method", *(c[0] for c in columns)]
    rows = [[str(r["dataset"]), str(r["method"]) + (" (ERROR)" if r.get("errors") else ""),
             *(fmt(get(r, path), kind) for _, path, kind in columns)] for r in records]  # fmt: skip
    return table(headers, rows, markdown)


def answer_note(records: Sequence[Mapping[str, Any]]) -> list[str]:
    """The reader's model, settings and prompt; or why there are no answer-accuracy columns."""
    spec = next((r["reader"] for r in records if r.get("reader")), None)
    if spec is None:
        return ["*Answer accuracy (F1, EM): no reader model configured, so the columns are absent. Add a "
                "`[reader]` table (base_url, model) to the suite.*", ""]  # fmt: skip
    reader = spec["reader"]
    out = ["## Answer accuracy", "",
           f"Reader `{reader['model']}` at {reader['base_url']} (max_tokens {reader['max_tokens']}, temperature "
           f"{reader['temperature']}); each question is asked with each method's context; scored with LoCoMo's "
           "token F1 (stemmed, articles and punctuation dropped; category 1 per comma-separated part) and exact "
           "match.", "", f"Prompt (after the context): {spec['prompt']}", ""]  # fmt: skip
    if spec.get("judge"):
        out += [f"Judge `{spec['judge']['model']}`: {spec['judge_prompt']}", ""]
    failed = [f"{r['method']} on {r['dataset']}: {fmt(get(r, 'overall.reader_failed'), 'pct')}"
              for r in records if get(r, "overall.reader_failed")]  # fmt: skip
    if failed:
        out += [f"Reader calls that failed (not scored): {'; '.join(failed)}", ""]
    return out


def _by_group_table(records: Sequence[Mapping[str, Any]], group: str, metric: str, kind: str = "pct") -> str:
    groups = sorted({g for r in records for g in (get(r, group) or {})})
    rows = [[str(r["method"]), *(fmt((get(r, group) or {}).get(g, {}).get(metric), kind) for g in groups)]
            for r in records]  # fmt: skip
    return table(["method", *groups], rows, markdown=True)


DETAIL_METRICS: tuple[tuple[str, str], ...] = (
    ("recall@5", "pct"), ("recall@10", "pct"), ("recall@25", "pct"), ("recall_all@10", "pct"),
    ("recall_any@10", "pct"), ("mrr", "num"), ("ndcg@10", "num"), ("answer_in_context", "pct"),
    ("current_over_stale", "pct"), ("stale_in_context", "pct"), ("stale_as_current", "pct"),
    ("context_tokens", "int"),
)  # fmt: skip


def _dataset_section(name: str, records: Sequence[Mapping[str, Any]], plots: Mapping[str, str]) -> list[str]:
    r0 = records[0]
    out = [f"## {name}", "", f"{r0['dataset_kind']}: {r0['units']} replay unit(s), {r0['turns']} turns, "
           f"{r0['questions']} questions" + (f", seed {r0['seed']}" if r0.get("seed") is not None else ""), ""]  # fmt: skip
    headers = ["method", *(m for m, _ in DETAIL_METRICS)]
    rows = [[str(r["method"]), *(fmt(get(r, f"overall.{m}"), k) for m, k in DETAIL_METRICS)] for r in records]
    out += ["### Retrieval and knowledge updates", "", table(headers, rows, markdown=True), ""]
    out += ["### recall@10 by category", "", _by_group_table(records, "by_category", "recall@10"), ""]
    out += [
        "### answer-in-context by intent",
        "",
        _by_group_table(records, "by_intent", "answer_in_context"),
        "",
    ]
    lat_rows = [[str(r["method"]), *(fmt(get(r, f"latency.{k}.{p}"), "ms") for k in ("ingest", "search", "context")
                                     for p in ("p50_ms", "p95_ms")),
                 fmt(get(r, "ingest.turns_per_s"), "int"), fmt(get(r, "footprint.bytes_per_node"), "int"),
                 fmt(get(r, "footprint.nodes"), "int"), fmt(get(r, "llm.calls"), "int")] for r in records]  # fmt: skip
    lat_headers = ["method", "ingest p50", "ingest p95", "search p50", "search p95", "context p50", "context p95",
                   "ingest msg/s", "bytes/node", "nodes", "LLM calls"]  # fmt: skip
    out += ["### Latency (ms), throughput, footprint", "", table(lat_headers, lat_rows, markdown=True), ""]
    for key, title in (
        ("recall", "Recall@k"),
        ("latency", "Context latency"),
        ("stale", "Stale facts in context"),
    ):
        if f"{key}:{name}" in plots:
            out += [f"![{title}]({plots[f'{key}:{name}']})", ""]
    return out


def markdown_report(records: Sequence[Mapping[str, Any]], *, title: str = "memlab benchmark",
                    description: str = "", plots: Mapping[str, str] | None = None,
                    skipped: Mapping[str, str] | None = None) -> str:  # fmt: skip
    plots = plots or {}
    env = records[0]["env"] if records else environment()
    git = env.get("git", {})
    m = env.get("machine", {})
    out = [f"# {title}", ""]
    if description:
        out += [description, ""]
    out += [f"git {git.get('revision') or '?'}{' (dirty)' if git.get('dirty') else ''} · {m.get('platform')} · "
            f"{m.get('cpus')} CPUs · Python {m.get('python')}", ""]  # fmt: skip
    out += ["## Summary", "", summary_table(records, markdown=True), ""]
    out += answer_note(records)
    for name, why in (skipped or {}).items():
        what = name if name.startswith("method ") else f"Dataset {name}"
        out += [f"*{what[:1].upper() + what[1:]} skipped: {why}.*", ""]
    for name in dict.fromkeys(r["dataset"] for r in records):
        out += _dataset_section(name, [r for r in records if r["dataset"] == name], plots)
    if "decay" in plots:
        out += ["## Decay", "", "Policy lines: the configured curve from a last access; replay lines: the mean "
                "strength of the active facts at each simulated midnight (days since the replay began).", "",
                f"![Decay curves]({plots['decay']})", ""]  # fmt: skip
    notes = [f"- {r['method']} on {r['dataset']}: layers missing during the run: {', '.join(r['missing_layers'])}"
             for r in records if r.get("missing_layers")]  # fmt: skip
    notes += [f"- {r['method']} on {r['dataset']}: {len(r['errors'])} replay(s) failed: {r['errors'][0]}"
              for r in records if r.get("errors")]  # fmt: skip
    if notes:
        out += ["## Notes", "", *notes, ""]
    return "\n".join(out)


# -- plots -------------------------------------------------------------------------------------


def _save(fig: Any, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    return path.name if path.parent.name == "" else f"{path.parent.name}/{path.name}"


def write_plots(records: Sequence[Mapping[str, Any]], out_dir: str | Path) -> dict[str, str]:
    """PNG plots next to the report; returns {key: path relative to out_dir}."""
    from memlab.viz import plots as P

    out = Path(out_dir) / "plots"
    written: dict[str, str] = {}
    for name in dict.fromkeys(r["dataset"] for r in records):
        rs = [r for r in records if r["dataset"] == name and r.get("metrics")]
        slug = "".join(c if c.isalnum() else "-" for c in name)
        curves = {r["method"]: {k: v for k in r["ks"] if (v := get(r, f"overall.recall@{k}")) is not None}
                  for r in rs}  # fmt: skip
        if any(curves.values()):
            written[f"recall:{name}"] = _save(P.plot_recall_at_k({m: c for m, c in curves.items() if c}),
                                              out / f"recall-{slug}.png")  # fmt: skip
        samples = {r["method"]: r["latency_quantiles_ms"].get("context", []) for r in rs}
        if any(samples.values()):
            written[f"latency:{name}"] = _save(P.plot_latency(samples), out / f"latency-{slug}.png")
        stale = {r["method"]: v for r in rs if (v := get(r, "overall.stale_in_context")) is not None}
        if stale:
            written[f"stale:{name}"] = _save(P.plot_stale_rate(stale), out / f"stale-{slug}.png")
    decay = decay_curves(records)
    if decay:
        threshold = next(
            (r["config"]["decay"]["archive_threshold"] for r in records if r["kind"] == "memlab"), None
        )
        written["decay"] = _save(P.plot_decay_curves(decay, threshold=threshold), out / "decay.png")
    return written


def decay_curves(
    records: Sequence[Mapping[str, Any]], days: int = 180
) -> dict[str, tuple[list[float], list[float]]]:
    """The configured curves (one per distinct λ, β) and, once per dataset and decay setting,
    the mean strength of the active facts as the replay saw it night after night."""
    import numpy as np

    from memlab.knowledge.decay import curve

    xs = np.linspace(0, days, 181)
    out: dict[str, tuple[list[float], list[float]]] = {}
    seen: set[tuple[Any, ...]] = set()
    for r in records:
        if r.get("kind") != "memlab":
            continue
        d = r["config"]["decay"]
        if d["policy"] != "none":
            label = f"policy λ={d['lambda_']:g} β={d['beta']:g}"
            out[label] = (xs.tolist(), curve(1.0, d["lambda_"], d["beta"], xs).tolist())
        samples = (r.get("decay") or {}).get("samples") or []
        key = (r["dataset"], d["policy"], d["lambda_"], d["beta"])
        if samples and key not in seen:
            seen.add(key)
            label = f"replay: {r['method'].removeprefix('memlab-')} ({r['dataset']})"
            out[label] = (list(r["decay"]["days"]), [s.get("mean_strength", 0.0) for s in samples])
    return out


def write_report(records: Sequence[Mapping[str, Any]], out_dir: str | Path, *, suite: Suite | None = None,
                 skipped: Mapping[str, str] | None = None) -> Path:  # fmt: skip
    """results.jsonl + report.md + plots/*.png under ``out_dir``; returns the report's path."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(records, out / "results.jsonl")
    plots = write_plots(records, out)
    text = markdown_report(records, title=f"memlab benchmark: {suite.name}" if suite else "memlab benchmark",
                           description=suite.description if suite else "", plots=plots, skipped=skipped)  # fmt: skip
    path = out / "report.md"
    path.write_text(text + "\n", encoding="utf-8")
    return path
