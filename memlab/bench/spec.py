"""What a benchmark suite file says, as data: the suite, its datasets, and the error for a bad file.

Apart from ``suite.py`` (which parses and runs suites) so the report and scale modules can
name these types without importing the runner.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memlab.bench.baselines import MethodSpec
from memlab.bench.replay import KS
from memlab.config import MemoryConfig


class SuiteError(ValueError):
    """A suite file that cannot be run (the message says which entry and why)."""


@dataclass(frozen=True)
class DatasetSpec:
    name: str
    kind: str
    seed: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    path: str | None = None
    limit: int | None = None  # conversations (LoCoMo) or questions (LongMemEval) to use
    optional: bool = False  # a missing file skips the dataset instead of failing the suite
    speaker_prefix: bool = True  # store "Speaker: text" (see replay.replay)
    quick: dict[str, Any] = field(default_factory=dict)  # overrides for quick runs


@dataclass(frozen=True)
class Suite:
    name: str
    path: Path | None
    datasets: tuple[DatasetSpec, ...]
    methods: tuple[MethodSpec, ...]
    plan: tuple[tuple[str, str], ...]  # (method name, dataset name) pairs to run
    config: MemoryConfig
    ks: tuple[int, ...] = KS
    max_workers: int = 2
    nightly: bool = True
    scale: dict[str, Any] | None = None
    description: str = ""
    reader: Any = None  # memlab.bench.answers.ReaderSpec from [reader]: answer accuracy (F1, EM, judge)
