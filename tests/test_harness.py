"""memlab.bench.harness: one main() for every perf benchmark, one run record."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest

from memlab.bench import harness, perf_core, perf_knowledge, perf_retrieval
from memlab.bench.harness import Perf


def _fake(seen: list[Path]) -> Perf:
    def add_arguments(ap: argparse.ArgumentParser) -> None:
        ap.add_argument("--n", type=int, default=3)

    def run(args: argparse.Namespace, workdir: Path) -> dict[str, Any]:
        assert workdir.is_dir()
        seen.append(workdir)
        (workdir / "scratch.db").write_bytes(b"x")
        print(f"fake       {args.n} things")
        return {"things": args.n}

    return Perf("fake", "A fake benchmark.\n\nMore words.", add_arguments, run)


def test_main_writes_one_record_with_settings_results_and_provenance(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[Path] = []
    out = tmp_path / "run.json"
    assert harness.main(_fake(seen), ["--n", "5", "--json", str(out)]) == 0
    assert "fake       5 things" in capsys.readouterr().out
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["kind"] == "perf" and record["benchmark"] == "fake"
    assert record["config"] == {"n": 5}  # output options are not settings
    assert record["results"] == {"things": 5}
    assert set(record["env"]) == {"git", "packages", "machine"}
    assert record["seconds"] >= 0 and record["finished_at"]
    assert not seen[0].exists(), "the scratch folder outlives the run"


def test_jsonl_appends_one_line_per_run(tmp_path: Path) -> None:
    log = tmp_path / "results" / "perf.jsonl"
    for n in (1, 2):
        harness.main(_fake([]), ["--n", str(n), "--jsonl", str(log)])
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r["results"]["things"] for r in lines] == [1, 2]


def test_help_names_the_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        harness.main(_fake([]), ["--help"])
    out = capsys.readouterr().out
    assert "memlab perf fake" in out and "A fake benchmark." in out and "--jsonl" in out


@pytest.mark.parametrize("module", [perf_core, perf_knowledge, perf_retrieval])
def test_perf_modules_use_the_harness(module: Any) -> None:
    assert isinstance(module.PERF, Perf)
    args = harness.build_parser(module.PERF).parse_args([])
    assert args.json is None and args.jsonl is None
