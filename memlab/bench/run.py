"""``memlab bench [SUITE]``: load a suite, run it (or its scale curve), write the report.

Above ``suite``, ``report`` and ``scale``, which each stay importable on their own.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from memlab.bench import report
from memlab.bench.suite import load_suite, run_suite

DEFAULT_SUITE = Path("benchmarks") / "default.toml"


def default_suite_path() -> Path:
    """benchmarks/default.toml from the working directory, else from the source checkout."""
    if DEFAULT_SUITE.is_file():
        return DEFAULT_SUITE
    return Path(__file__).resolve().parents[2] / DEFAULT_SUITE


def main(suite_path: str | Path | None = None, out_dir: str | Path | None = None, quick: bool = False,
         executor: Any = None, progress: bool = True, embedder: str | None = None) -> int:  # fmt: skip
    """`memlab bench [SUITE]`: run a suite, write its report, print the summary table.

    Returns 0 on success, 2 when the suite file is wrong (the CLI prints the message).
    ``embedder`` replaces the suite's ``embedder.name`` (every method's base config).
    """
    path = Path(suite_path) if suite_path is not None else default_suite_path()
    suite = load_suite(path, quick=quick)
    if embedder:
        suite = replace(suite, config=suite.config.replace(embedder={"name": embedder}))
    out = Path(out_dir) if out_dir is not None else Path("out") / "bench" / suite.name
    if suite.scale is not None:
        from memlab.bench.scale import run_scale_suite

        return run_scale_suite(suite, out, quick=quick, progress=progress)
    records, skipped = run_suite(suite, executor=executor, progress=progress)
    written = report.write_report(records, out, suite=suite, skipped=skipped)
    print(report.summary_table(records))
    for name, why in skipped.items():
        print(f"({name if name.startswith('method ') else 'dataset ' + name} skipped: {why})")
    print(f"\nreport: {written}")
    return 0
