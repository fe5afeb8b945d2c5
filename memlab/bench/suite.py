"""Benchmark suites: a TOML file names datasets, methods and grids; runs fan out over an Executor.

Suite file (see benchmarks/README.md)::

    [suite]                      name, ks, max_workers, nightly
    [config]                     the base MemoryConfig of every memlab method (any sections)
    [[datasets]]                 name, kind = synthetic | locomo | longmemeval | jsonl,
                                 seed + params (synthetic), path (+ limit), optional, quick = {...}
    [[methods]]                  name, kind = memlab | naive_rag | bm25 | full_history, config = {...},
                                 context_k, datasets = [...] (default: all)
    [[grid]]                     base = a memlab method, datasets, "section.field" = [values...]
    [scale]                      a scale-curve suite instead (memlab.bench.scale)
    [reader]                     base_url, model, max_tokens, temperature, prompt, [reader.judge]:
                                 answer accuracy with LoCoMo's token F1 and EM (memlab.bench.answers)

Each (method, dataset, conversation) is one task; tasks run on a ``concurrent.futures.Executor``
(a process pool of at most ``max_workers`` by default) or on a Dask ``distributed.Client``.
Results of one (method, dataset) are merged into one record; report.py writes them out, and
``memlab.bench.run.main`` (``memlab bench``) ties loading, running and reporting together.
"""

from __future__ import annotations

import itertools
import logging
import sys
import tempfile
import tomllib
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from memlab.bench.baselines import MethodSpec, SubjectFactory
from memlab.bench.replay import KS, ReplayResult, replay
from memlab.bench.report import run_record
from memlab.bench.spec import DatasetSpec as DatasetSpec  # re-exported: suite files' types live in spec.py
from memlab.bench.spec import Suite as Suite
from memlab.bench.spec import SuiteError as SuiteError
from memlab.config import MemoryConfig
from memlab.datasets.schema import Dataset, DatasetError

log = logging.getLogger("memlab.bench")

DATASET_KINDS: tuple[str, ...] = ("synthetic", "locomo", "longmemeval", "jsonl")


# -- parsing ----------------------------------------------------------------------------------


def load_suite(path: str | Path, *, quick: bool = False) -> Suite:
    """Read and validate a suite file; relative dataset paths are relative to the file."""
    p = Path(path)
    if not p.is_file():
        raise SuiteError(f"suite file {p} does not exist")
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise SuiteError(f"{p}: not valid TOML ({exc})") from exc
    return parse_suite(data, base_dir=p.parent, path=p, quick=quick)


def parse_suite(data: dict[str, Any], *, base_dir: Path = Path("."), path: Path | None = None,
                quick: bool = False) -> Suite:  # fmt: skip
    head = dict(data.get("suite", {}))
    unknown = sorted(set(data) - {"suite", "config", "datasets", "methods", "grid", "scale", "reader"})
    if unknown:
        raise SuiteError(f"unknown top-level table(s) {unknown}")
    try:
        config = MemoryConfig.from_dict(data.get("config", {}))
    except (ValueError, TypeError) as exc:
        raise SuiteError(f"[config]: {exc}") from exc
    datasets = tuple(_dataset_spec(d, base_dir, quick) for d in data.get("datasets", []))
    methods = [_method_spec(m, config) for m in data.get("methods", [])]
    plan = _plan(methods, data.get("methods", []), datasets)
    grids = data.get("grid", [])
    for g in [grids] if isinstance(grids, dict) else grids:
        if not quick:
            extra_methods, extra_plan = _grid(g, methods, datasets, config)
            methods += extra_methods
            plan += extra_plan
    names = [m.name for m in methods]
    if len(set(names)) != len(names):
        raise SuiteError(f"duplicate method names: {sorted({n for n in names if names.count(n) > 1})}")
    return Suite(
        name=str(head.get("name", path.stem if path else "suite")), path=path, datasets=datasets,
        methods=tuple(methods), plan=tuple(plan), config=config,
        ks=tuple(int(k) for k in head.get("ks", KS)), max_workers=int(head.get("max_workers", 2)),
        nightly=bool(head.get("nightly", True)), scale=data.get("scale"),
        description=str(head.get("description", "")), reader=_reader(data.get("reader")),
    )  # fmt: skip


def _reader(table: Any) -> Any:
    if table is None:
        return None
    from memlab.bench.answers import reader_spec

    try:
        return reader_spec(table)
    except (ValueError, TypeError) as exc:
        raise SuiteError(str(exc)) from exc


def _dataset_spec(d: dict[str, Any], base_dir: Path, quick: bool) -> DatasetSpec:
    known = {"name", "kind", "seed", "params", "path", "limit", "optional", "quick", "speaker_prefix"}
    where = f"[[datasets]] {d.get('name', '?')!r}"
    if set(d) - known:
        raise SuiteError(f"{where}: unknown key(s) {sorted(set(d) - known)}")
    kind = d.get("kind", "synthetic")
    if kind not in DATASET_KINDS:
        raise SuiteError(f"{where}: kind must be one of {list(DATASET_KINDS)}, got {kind!r}")
    if kind != "synthetic" and not d.get("path"):
        raise SuiteError(f"{where}: a {kind} dataset needs a path")
    path = d.get("path")
    spec = DatasetSpec(
        name=str(d.get("name", kind)), kind=kind, seed=d.get("seed"), params=dict(d.get("params", {})),
        path=str((base_dir / path).resolve()) if path else None, limit=d.get("limit"),
        optional=bool(d.get("optional", False)), quick=dict(d.get("quick", {})),
        speaker_prefix=bool(d.get("speaker_prefix", True)),
    )  # fmt: skip
    if quick and spec.quick:
        q = dict(spec.quick)
        spec = replace(spec, params={**spec.params, **q.pop("params", {})}, **q)
    return spec


def _method_spec(m: dict[str, Any], base: MemoryConfig) -> MethodSpec:
    known = {"name", "kind", "config", "context_k", "datasets"}
    where = f"[[methods]] {m.get('name', '?')!r}"
    if set(m) - known or "name" not in m:
        raise SuiteError(f"{where}: needs a name; known keys {sorted(known)}")
    try:
        spec = MethodSpec(name=str(m["name"]), kind=str(m.get("kind", "memlab")), config=dict(m.get("config", {})),
                          context_k=int(m.get("context_k", 10)))  # fmt: skip
        spec.memory_config(base)  # validates the overrides now, not in a worker later
    except (ValueError, TypeError) as exc:
        raise SuiteError(f"{where}: {exc}") from exc
    return spec


def _plan(methods: Sequence[MethodSpec], raw: Sequence[dict[str, Any]], datasets: Sequence[DatasetSpec]
          ) -> list[tuple[str, str]]:  # fmt: skip
    names = [d.name for d in datasets]
    plan = []
    for m, r in zip(methods, raw, strict=True):
        wanted = r.get("datasets", names)
        unknown = sorted(set(wanted) - set(names))
        if unknown:
            raise SuiteError(f"method {m.name!r}: unknown dataset(s) {unknown}")
        plan += [(m.name, d) for d in names if d in wanted]
    return plan


def _grid(g: dict[str, Any], methods: Sequence[MethodSpec], datasets: Sequence[DatasetSpec], base: MemoryConfig
          ) -> tuple[list[MethodSpec], list[tuple[str, str]]]:  # fmt: skip
    """The cartesian product of the ``"section.field" = [values]`` axes, applied to a base method."""
    by_name = {m.name: m for m in methods}
    base_name = g.get("base")
    if base_name not in by_name or by_name[base_name].kind != "memlab":
        raise SuiteError(f"[[grid]]: base must name a memlab method, got {base_name!r}")
    axes = {k: v for k, v in g.items() if k not in ("base", "datasets")}
    for key, values in axes.items():
        if "." not in key or not isinstance(values, list) or not values:
            raise SuiteError(f'[[grid]]: axis {key!r} must be "section.field" = [values...]')
    wanted = g.get("datasets", [d.name for d in datasets])
    out: list[MethodSpec] = []
    for combo in itertools.product(*axes.values()):
        cfg = {s: dict(f) for s, f in by_name[base_name].config.items()}
        label = []
        for key, value in zip(axes, combo, strict=True):
            section, name = key.split(".", 1)
            cfg.setdefault(section, {})[name] = value
            label.append(f"{name}={value}")
        out.append(_method_spec({"name": f"{base_name}[{','.join(label)}]", "config": cfg}, base))
    return out, [(m.name, d) for m in out for d in wanted]


# -- loading datasets -------------------------------------------------------------------------


def load_datasets(spec: DatasetSpec) -> list[Dataset]:
    """The replay units of a dataset: one per LoCoMo conversation or LongMemEval question."""
    if spec.kind == "synthetic":
        from memlab.datasets.synthetic import generate

        return [generate(seed=spec.seed or 0, **spec.params)]
    assert spec.path is not None
    if spec.kind == "jsonl":
        from memlab.datasets.schema import load_jsonl

        return [load_jsonl(spec.path)]
    if spec.kind == "locomo":
        from memlab.datasets.locomo import load_locomo

        return load_locomo(spec.path, **spec.params)[: spec.limit]
    from memlab.datasets.longmemeval import iter_longmemeval

    items = (d for d in iter_longmemeval(spec.path) if not any(q.abstain for q in d.questions))
    return list(itertools.islice(items, spec.limit))


# -- running ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Task:
    """One replay: plain data, so it can travel to a worker process or a Dask worker."""

    method: MethodSpec
    config: dict[str, Any]
    dataset_name: str
    dataset: Dataset
    workdir: str
    ks: tuple[int, ...]
    nightly: bool
    speaker_prefix: bool = True
    reader: Any = None  # ReaderSpec: plain data, the client is built in the worker


def run_task(task: Task) -> ReplayResult:
    """Replay one dataset with one method (runs in a worker)."""
    factory = SubjectFactory(task.method, MemoryConfig.from_dict(task.config), task.workdir)
    reader = None
    if task.reader is not None:
        from memlab.bench.answers import Reader

        reader = Reader(task.reader)
    return replay(task.dataset, factory, progress=False, ks=task.ks, nightly=task.nightly, method=task.method.name,
                  speaker_prefix=task.speaker_prefix, reader=reader)  # fmt: skip


def _as_executor(executor: Any) -> Executor:
    """A Dask ``distributed.Client`` becomes its concurrent.futures facade."""
    get = getattr(executor, "get_executor", None)
    return get() if callable(get) else executor  # type: ignore[no-any-return]


def _tasks(suite: Suite, units: dict[str, list[Dataset]], workdir: Path) -> list[tuple[str, str, Task]]:
    methods = {m.name: m for m in suite.methods}
    specs = {d.name: d for d in suite.datasets}
    cfg = suite.config.to_dict()
    out = []
    for method_name, ds_name in suite.plan:
        for i, unit in enumerate(units.get(ds_name, [])):
            where = workdir / _safe(method_name) / f"{_safe(ds_name)}-{i}"  # one fresh directory per replay
            task = Task(methods[method_name], cfg, ds_name, unit, str(where),
                        suite.ks, suite.nightly, specs[ds_name].speaker_prefix, suite.reader)  # fmt: skip
            out.append((method_name, ds_name, task))
    # Big replays first so the pool does not end on one long straggler.
    return sorted(out, key=lambda x: -(len(x[2].dataset.turns) + 20 * len(x[2].dataset.questions)))


def _safe(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in name)[:80]


def _load_all(suite: Suite) -> tuple[dict[str, list[Dataset]], dict[str, str]]:
    units: dict[str, list[Dataset]] = {}
    skipped: dict[str, str] = {}
    for spec in suite.datasets:
        if spec.path and not Path(spec.path).exists() and spec.optional:
            skipped[spec.name] = f"file not found: {spec.path}"
            log.warning("memlab.bench: dataset %s skipped (%s)", spec.name, skipped[spec.name])
            continue
        try:
            units[spec.name] = load_datasets(spec)
        except DatasetError as exc:
            raise SuiteError(f"dataset {spec.name!r}: {exc}") from exc
    return units, skipped


def _without_unserved(suite: Suite, skipped: dict[str, str]) -> Suite:
    """The suite less its LLM-consolidated methods when no server is configured (each skipped with
    a note, as a missing optional dataset is): the knowledge suite runs nlp, llm and nlp+llm."""
    from memlab.compose import ConfigError, build_chat

    gone = set()
    for m in suite.methods:
        if m.kind != "memlab":
            continue
        try:
            build_chat(m.memory_config(suite.config).consolidation)
        except ConfigError:
            gone.add(m.name)
            skipped[f"method {m.name}"] = "no LLM server configured (MEMLAB_LLM_BASE_URL and MEMLAB_LLM_MODEL)"
    if not gone:
        return suite
    return replace(suite, methods=tuple(m for m in suite.methods if m.name not in gone),
                   plan=tuple(p for p in suite.plan if p[0] not in gone))  # fmt: skip


def run_suite(suite: Suite, *, executor: Any = None, workdir: str | Path | None = None,
              progress: bool = True) -> tuple[list[dict[str, Any]], dict[str, str]]:  # fmt: skip
    """Run every planned (method, dataset); returns one record per pair and the skipped datasets."""
    units, skipped = _load_all(suite)
    suite = _without_unserved(suite, skipped)
    with tempfile.TemporaryDirectory(prefix="memlab-bench-") as tmp:
        tasks = _tasks(suite, units, Path(workdir or tmp))
        results = _execute(tasks, executor, suite.max_workers, progress)
    specs = {d.name: d for d in suite.datasets}
    methods = {m.name: m for m in suite.methods}
    records = []
    for ds_name in units:  # grouped by dataset, methods in suite order
        for method_name, d in suite.plan:
            if d == ds_name:
                got = results.get((method_name, ds_name), [])
                records.append(run_record(suite, methods[method_name], specs[ds_name], units[ds_name], got))
    return records, skipped


def _execute(tasks: list[tuple[str, str, Task]], executor: Any, max_workers: int, progress: bool
             ) -> dict[tuple[str, str], list[ReplayResult | str]]:  # fmt: skip
    own = executor is None
    if own:
        import multiprocessing

        # spawn: workers start clean (no inherited writer or embedder threads from the parent)
        ex: Executor = ProcessPoolExecutor(max_workers=max(1, min(max_workers, 2)),
                                           mp_context=multiprocessing.get_context("spawn"))  # fmt: skip
    else:
        ex = _as_executor(executor)
    results: dict[tuple[str, str], list[ReplayResult | str]] = {}
    try:
        futures: dict[Future[ReplayResult], tuple[str, str, Task]] = {
            ex.submit(run_task, task): (m, d, task) for m, d, task in tasks
        }
        for fut in _progress_iter(as_completed(futures), len(futures), progress):
            m, d, task = futures[fut]
            results.setdefault((m, d), []).append(_outcome(fut, task))
    finally:
        if own:
            ex.shutdown(wait=True, cancel_futures=True)
    for rs in results.values():
        rs.sort(key=lambda r: r.dataset if isinstance(r, ReplayResult) else "")
    return results


def _outcome(fut: Future[ReplayResult], task: Task) -> ReplayResult | str:
    """A failed replay becomes an error line in its record; the other runs go on."""
    try:
        return fut.result()
    except Exception as exc:
        log.error("memlab.bench: %s on %s failed: %r", task.method.name, task.dataset.name, exc)
        return f"{task.dataset.name}: {type(exc).__name__}: {exc}"


def _progress_iter(it: Iterable[Any], total: int, enabled: bool) -> Iterable[Any]:
    if not enabled:
        return it
    from tqdm.auto import tqdm

    bar: Iterable[Any] = tqdm(it, total=total, desc="replays", unit="run", file=sys.stderr)
    return bar
