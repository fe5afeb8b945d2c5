"""One pattern for the perf benchmarks (``memlab perf NAME``).

A benchmark module declares a ``Perf``: its name, its command-line options and a ``run(args,
workdir) -> results`` that prints its figures as it goes and returns them. ``main(perf, argv)``
does the rest, the same way for every benchmark: parse, run in a scratch folder that is removed
afterwards, and write one run record with the settings, the results, the wall time and the
provenance the suite records carry (git revision, package versions, machine; see
``memlab.bench.report.environment``)::

    PERF = Perf("core", __doc__, add_arguments, run)

    def main(argv=None):
        return harness.main(PERF, argv)

``--json PATH`` writes the record as one JSON document; ``--jsonl PATH`` appends it as one line,
so a results file collects runs over time (``out/perf.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memlab.bench.report import environment

Results = dict[str, Any]
OUTPUT_OPTIONS = ("json", "jsonl")


@dataclass(frozen=True)
class Perf:
    name: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Path], Results]


def build_parser(perf: Perf) -> argparse.ArgumentParser:
    first_line = (perf.description or "").strip().splitlines()[:1]
    ap = argparse.ArgumentParser(prog=f"memlab perf {perf.name}", description=" ".join(first_line) or None)
    perf.add_arguments(ap)
    ap.add_argument("--json", default=None, help="write the run record (JSON) to this file")
    ap.add_argument("--jsonl", default=None, help="append the run record as one line to this JSONL file")
    return ap


def run_record(name: str, settings: Mapping[str, Any], results: Results, seconds: float) -> dict[str, Any]:
    """What one perf run leaves behind; ``config`` holds the benchmark's own settings."""
    return {
        "kind": "perf",
        "benchmark": name,
        "config": dict(settings),
        "results": results,
        "seconds": round(seconds, 3),
        "env": environment(),
        "finished_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def write_record(record: Mapping[str, Any], *, json_path: str | None, jsonl_path: str | None) -> None:
    if json_path:
        p = Path(json_path)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(record, indent=2, ensure_ascii=False, default=str) + "\n", encoding="utf-8")
    if jsonl_path:
        p = Path(jsonl_path)
        p.parent.mkdir(parents=True, exist_ok=True)
        with p.open("a", encoding="utf-8", newline="\n") as f:  # same line format as report.write_jsonl
            f.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")


def main(perf: Perf, argv: Sequence[str] | None = None) -> int:
    args = build_parser(perf).parse_args(list(argv) if argv is not None else None)
    settings = {k: v for k, v in vars(args).items() if k not in OUTPUT_OPTIONS}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix=f"memlab-perf-{perf.name}-") as tmp:
        results = perf.run(args, Path(tmp))
    record = run_record(perf.name, settings, results, time.perf_counter() - started)
    write_record(record, json_path=args.json, jsonl_path=args.jsonl)
    return 0
