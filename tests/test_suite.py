"""Suites: parsing and grids, the CI suite end to end (its report has every metric), Dask executor."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from memlab.bench import report
from memlab.bench.run import main
from memlab.bench.suite import SuiteError, load_suite, parse_suite, run_suite

ROOT = Path(__file__).resolve().parents[1]
CI_SUITE = ROOT / "benchmarks" / "ci.toml"

TINY = {
    "suite": {"name": "tiny", "ks": [1, 5, 10]},
    "config": {"embedder": {"name": "hashing", "dim": 64}},
    "datasets": [{"name": "syn", "kind": "synthetic", "seed": 1,
                  "params": {"personas": 1, "days": 20, "questions_per_persona": 6}}],
    "methods": [{"name": "bm25", "kind": "bm25"},
                {"name": "memlab-fts", "config": {"retrieval": {"recipe": "fts_only"}}}],
}  # fmt: skip

# Every metric a run must report (issue 5, "Metrics").
OVERALL_METRICS = ("recall@1", "recall@5", "recall@10", "recall_all@10", "recall_any@10", "mrr", "ndcg@10",
                   "answer_in_context", "current_over_stale", "stale_in_context")  # fmt: skip


def test_grid_expands_to_the_cartesian_product() -> None:
    data = {**TINY, "grid": [{"base": "memlab-fts", "retrieval.rrf_k": [20, 120], "decay.beta": [0.6, 1.0]}]}
    suite = parse_suite(data)
    names = [m.name for m in suite.methods]
    assert len(names) == 2 + 4
    grid = {m.name: m for m in suite.methods}["memlab-fts[rrf_k=120,beta=0.6]"]
    cfg = grid.memory_config(suite.config)
    assert (cfg.retrieval.rrf_k, cfg.decay.beta, cfg.retrieval.recipe) == (120, 0.6, "fts_only")
    assert cfg.embedder.name == "hashing"  # the suite's base config is kept
    assert len(suite.plan) == 6
    assert parse_suite(data, quick=True).methods == suite.methods[:2]  # --quick skips grids


@pytest.mark.parametrize(
    "change, message",
    [
        ({"methods": [{"name": "x", "kind": "magic"}]}, "unknown kind"),
        ({"methods": [{"name": "x", "config": {"retrieval": {"nope": 1}}}]}, "unknown key"),
        ({"datasets": [{"name": "l", "kind": "locomo"}]}, "needs a path"),
        ({"grid": [{"base": "bm25", "retrieval.rrf_k": [1]}]}, "memlab method"),
        ({"grid": [{"base": "memlab-fts", "rrf_k": [1]}]}, "section.field"),
        ({"methods": [{"name": "a", "kind": "bm25", "datasets": ["nope"]}]}, "unknown dataset"),
        ({"extra": {}}, "unknown top-level"),
    ],
)
def test_wrong_suites_fail_with_a_message(change: dict, message: str) -> None:
    with pytest.raises(SuiteError, match=message):
        parse_suite({**TINY, **change})


def test_paths_are_relative_to_the_suite_file_and_quick_overrides_apply(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "s" / "suite.toml").write_text(
        '[[datasets]]\nname = "l"\nkind = "locomo"\npath = "../data/l.json"\nlimit = 8\nquick = { limit = 1 }\n'
    )
    suite = load_suite(tmp_path / "s" / "suite.toml", quick=True)
    assert suite.datasets[0].path == str((tmp_path / "data" / "l.json").resolve())
    assert suite.datasets[0].limit == 1
    with pytest.raises(SuiteError, match="does not exist"):
        load_suite(tmp_path / "missing.toml")


def test_optional_missing_dataset_is_skipped_not_fatal(tmp_path: Path) -> None:
    data = {**TINY, "datasets": TINY["datasets"] + [
        {"name": "gone", "kind": "locomo", "path": str(tmp_path / "nope.json"), "optional": True}]}  # fmt: skip
    with ThreadPoolExecutor(max_workers=2) as ex:
        records, skipped = run_suite(parse_suite(data), executor=ex, progress=False)
    assert "gone" in skipped and "not found" in skipped["gone"]
    assert {r["dataset"] for r in records} == {"syn"}
    fts = next(r for r in records if r["method"] == "memlab-fts")
    assert fts["config"]["retrieval"]["recipe"] == "fts_only"
    assert fts["metrics"]["overall"]["n"] == fts["questions"]


def test_ci_suite_end_to_end_report_has_every_metric(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(CI_SUITE, out_dir=tmp_path, progress=False) == 0
    printed = capsys.readouterr().out
    assert "cur>stale" in printed and "naive-rag" in printed and "bm25" in printed
    records = report.read_jsonl(tmp_path / "results.jsonl")
    suite = load_suite(CI_SUITE)
    assert {(r["method"], r["dataset"]) for r in records} >= {(m, "synthetic") for m, _ in suite.plan}
    for rec in records:
        assert not rec["errors"], rec["errors"]
        m = rec["metrics"]
        assert (
            rec["env"]["git"]["revision"]
            and rec["env"]["packages"]["numpy"]
            and rec["env"]["machine"]["cpus"]
        )
        assert rec["config"] and rec["seed"] is not None or rec["dataset_kind"] != "synthetic"
        if rec["kind"] == "memlab":  # the k that ran: the config's when set, else the recipe's own
            from memlab.retrieval.recipes import get_recipe

            k = rec["config"]["retrieval"]["rrf_k"]
            own = get_recipe(rec["config"]["retrieval"]["recipe"]).rrf_k
            assert rec["recipe"]["rrf_k"] == (own if k is None else k)
        for kind in ("ingest", "search", "context"):
            assert m["latency"][kind]["p95_ms"] >= m["latency"][kind]["p50_ms"] >= 0
        assert m["ingest"]["turns_per_s"] > 0 and m["footprint"]["bytes_per_node"] > 0
        assert set(m["llm"]) == {"calls", "prompt_tokens", "completion_tokens"}
        assert m["by_category"] and m["by_intent"]
    synthetic = {r["method"]: r["metrics"]["overall"] for r in records if r["dataset"] == "synthetic"}
    for name in ("memlab-hybrid", "bm25"):
        missing = [k for k in OVERALL_METRICS if k not in synthetic[name]]
        assert not missing, f"{name} lacks {missing}"
    text = (tmp_path / "report.md").read_text()
    for column in ("recall@10", "recall_all@10", "recall_any@10", "mrr", "ndcg@10", "answer_in_context",
                   "current_over_stale", "stale_in_context", "context p95", "ingest msg/s", "bytes/node",
                   "LLM calls", "by category", "by intent"):  # fmt: skip
        assert column in text, column
    for png in ("recall-synthetic.png", "latency-synthetic.png", "stale-synthetic.png", "decay.png"):
        assert (tmp_path / "plots" / png).stat().st_size > 1000
        assert f"plots/{png}" in text
    # the Markdown report can be rebuilt from the JSONL alone
    assert "## synthetic" in report.markdown_report(records)
    json.dumps(records)  # records are plain JSON


def test_cli_bench_runs_a_suite_and_reports_bad_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from memlab.cli import main as cli

    bad = tmp_path / "bad.toml"
    bad.write_text('[[methods]]\nname = "x"\nkind = "magic"\n')
    assert cli(["bench", str(bad)]) == 2
    assert "unknown kind" in capsys.readouterr().err


def test_dask_client_is_accepted_as_executor() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:  # fmt: skip
        records, skipped = run_suite(parse_suite(TINY), executor=client, progress=False)
    assert not skipped
    assert [r["method"] for r in records] == ["bm25", "memlab-fts"]
    assert all(not r["errors"] and r["metrics"]["overall"]["n"] > 0 for r in records)
