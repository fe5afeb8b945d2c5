"""Memory -> plain data for the plots, widgets and notebooks.

Everything here is a pure function of its arguments (plus reads of an open memory): the
widgets in :mod:`memlab.viz.widgets` are thin shells around these, so tests call these directly.
Reads never reinforce: looking at memory from the workbench is not an access.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memlab.clock import iso
from memlab.store import browse
from memlab.types import Hit, Node

if TYPE_CHECKING:
    from memlab.datasets.schema import Dataset
    from memlab.memory import Memory

__all__ = [
    "ACCESS_PATTERNS",
    "DecayRow",
    "DecayScenario",
    "access_days",
    "archive_day",
    "decay_scenario",
    "decay_table",
    "fact_keys",
    "fact_timeline",
    "fact_versions",
    "find_data",
    "hit_rows",
    "recall_curve",
    "search_rows",
    "synthetic_small",
    "frozen_eval",
    "summary_rows",
    "confusion_matrix",
    "embedder_profile",
    "LOCOMO_DRAGON_RECALL",
    "persona_subset",
    "truth_timeline",
]

SYNTHETIC_SMALL = "datasets/synthetic_small.jsonl"
SYNTHETIC_SMALL_PARAMS: Mapping[str, Any] = {"seed": 0, "personas": 3, "days": 150, "lang_mix": 0.2,
                                             "chatter_per_session": 2}  # fmt: skip


# -- locating data files ----------------------------------------------------------------------------
def _roots(start: Path | None) -> list[Path]:
    """The working directory and the source checkout, with all their parents."""
    here = (start or Path.cwd()).resolve()
    package_root = Path(__file__).resolve().parents[2]
    seen: dict[Path, None] = {}
    for base in (here, package_root):
        for p in (base, *base.parents):
            seen.setdefault(p, None)
    return list(seen)


def find_data(relative: str, start: Path | None = None) -> Path | None:
    """Find ``relative`` (e.g. ``datasets/locomo/locomo8.json``) as ``P/relative`` or
    ``P/shared/relative`` for P the working directory, the checkout, or one of their parents.

    Notebooks run from ``notebooks/``, tests from a temp copy; LoCoMo lives outside the repo
    (``../shared/datasets/locomo``, CC BY-NC), so no single relative path works for all of them.
    """
    for root in _roots(start):
        for candidate in (root / relative, root / "shared" / relative):
            if candidate.is_file():
                return candidate
    return None


def synthetic_small(start: Path | None = None) -> Dataset:
    """The committed ``datasets/synthetic_small.jsonl``, or the same data regenerated (same seed)."""
    path = find_data(SYNTHETIC_SMALL, start)
    if path is not None:
        from memlab.datasets.schema import load_jsonl

        return load_jsonl(path)
    from memlab.datasets.synthetic import generate

    return generate(**SYNTHETIC_SMALL_PARAMS)


# -- facts over time --------------------------------------------------------------------------------
def fact_keys(memory: Memory, min_versions: int = 1) -> list[tuple[str, int]]:
    """Fact keys with their number of versions, most-changed first (the interesting stories)."""
    assert memory.store is not None
    return browse.fact_key_versions(memory.store, min_versions)


def fact_versions(memory: Memory, key: str) -> list[Node]:
    """Every version of one fact (active, superseded, forgotten, archived) in world-time order."""
    assert memory.store is not None
    return memory.store.find_nodes(facts=True, fact_key=key, order="valid_from")


def _supersedes_chain(memory: Memory, node_id: int) -> list[Node]:
    assert memory.store is not None
    ids = browse.supersedes_component(memory.store, node_id)
    return sorted(memory.store.nodes(ids), key=lambda n: (n.valid_from, n.id))


def fact_timeline(memory: Memory, key_or_query: str) -> list[Node]:
    """The versions of a fact, named by its ``fact_key`` or found by a query (its best fact hit).

    A query resolves to the top fact over history (superseded versions included), then to every
    node sharing its key, or to its supersedes chain when it has no key.
    """
    if fact_versions(memory, key_or_query):
        return fact_versions(memory, key_or_query)
    from memlab.retrieval.engine import search

    hits = search(memory.retriever, key_or_query, limit=10, include_history=True, reinforce=False, internal=True)
    facts = [h.node for h in hits if h.node.type != "episodic"]
    if not facts:
        return []
    top = facts[0]
    return fact_versions(memory, top.fact_key) if top.fact_key else _supersedes_chain(memory, top.id)


# -- decay ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class DecayRow:
    id: int
    type: str
    content: str
    base: float
    lam: float
    last_access: str
    strength: float  # effective strength now
    days_left: float | None  # until archived at the threshold; None = never (λ = 0)


def decay_table(memory: Memory, now: float | None = None, limit: int = 20) -> list[DecayRow]:
    """Active facts, weakest first, with the day each would be archived if never touched again."""
    from memlab.knowledge.decay import days_until
    from memlab.knowledge.maintenance import build_policy

    assert memory.store is not None
    now = memory.clock.now() if now is None else now
    policy = build_policy(memory.knowledge)
    beta = float(policy.beta)
    threshold = memory.config.decay.archive_threshold
    nodes = memory.store.find_nodes(facts=True, current=True, archived=False)
    rows = []
    for n in nodes:
        w = policy.weight(n, now)
        left = days_until(threshold, w, n.decay_rate, beta)
        rows.append(DecayRow(n.id, n.type, n.content, n.base_strength, n.decay_rate, iso(n.last_accessed), w,
                             None if math.isinf(left) else left))  # fmt: skip
    return sorted(rows, key=lambda r: (r.strength, r.id))[:limit]


ACCESS_PATTERNS: tuple[str, ...] = (
    "never",
    "daily for a week",
    "weekly",
    "monthly",
    "spaced (1, 3, 7, 21, 60)",
)


def access_days(pattern: str, horizon: float) -> tuple[float, ...]:
    """Days on which a fact is retrieved under a named pattern (reinforcement on access)."""
    steps = {"never": (), "daily for a week": tuple(float(d) for d in range(1, 8)),
             "spaced (1, 3, 7, 21, 60)": (1.0, 3.0, 7.0, 21.0, 60.0)}  # fmt: skip
    if pattern in steps:
        return tuple(d for d in steps[pattern] if d <= horizon)
    every = {"weekly": 7.0, "monthly": 30.0}.get(pattern)
    if every is None:
        raise ValueError(f"unknown access pattern {pattern!r}; known: {list(ACCESS_PATTERNS)}")
    return tuple(every * i for i in range(1, int(horizon // every) + 1))


def archive_day(base: float, lam: float, beta: float, threshold: float, accesses: Iterable[float] = (),
                step: float = 0.1) -> float:  # fmt: skip
    """First day the strength falls to ``threshold`` (``inf``: never).

    Exact, segment by segment: after each access the base grows by ``step`` and the clock
    restarts; an access that comes after the fact was archived never happens.
    """
    from memlab.knowledge.decay import days_until, reinforce

    b, start = base, 0.0
    for a in sorted(accesses):
        end = start + days_until(threshold, b, lam, beta)
        if end <= a:
            return end
        b, start = reinforce(b, step), a
    return start + days_until(threshold, b, lam, beta)


@dataclass(frozen=True)
class DecayScenario:
    days: tuple[float, ...]
    strength: tuple[float, ...]
    accesses: tuple[float, ...]  # the accesses that happened (before archival)
    archive_day: float  # inf: never


def decay_scenario(lam: float = 0.1, beta: float = 0.8, threshold: float = 0.05, base: float = 1.0,
                   pattern: str = "never", horizon: float = 365.0, step: float = 0.1,
                   points: int = 400) -> DecayScenario:  # fmt: skip
    """The curve a fact follows under one access pattern, and the day it would be archived."""
    import numpy as np

    from memlab.knowledge.decay import curve

    planned = access_days(pattern, horizon)
    day = archive_day(base, lam, beta, threshold, planned, step)
    happened = tuple(a for a in planned if a < day)
    grid = np.union1d(np.linspace(0.0, horizon, points), np.asarray(happened, dtype=float))
    values = curve(base, lam, beta, grid, happened, step)
    return DecayScenario(tuple(map(float, grid)), tuple(map(float, values)), happened, day)


# -- search -----------------------------------------------------------------------------------------
def hit_rows(hits: Sequence[Hit], channels: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """One flat row per hit: id, type, score, status, date, one rank column per channel, content."""
    if channels is None:
        channels = sorted({c for h in hits for c in h.ranks})
    rows = []
    for h in hits:
        n = h.node
        status = "active" if n.active else (n.invalid_reason or "archived")
        row: dict[str, Any] = {"id": n.id, "type": n.type, "score": round(h.score, 4), "status": status,
                               "date": iso(n.event_time)}  # fmt: skip
        row.update({c: h.ranks.get(c) for c in channels})
        row["content"] = n.content
        rows.append(row)
    return rows


def search_rows(memory: Memory, query: str, recipe: str | None = None, limit: int = 10,
                **filters: Any) -> tuple[str, list[dict[str, Any]]]:  # fmt: skip
    """(intent, rows) of one search, every channel of the recipe as a rank column; no reinforcement."""
    from memlab.retrieval import engine
    from memlab.retrieval.channels import Filters

    trace = engine.run(memory.retriever, query, limit=limit, recipe=recipe, filters=Filters(**filters))
    hits = engine.to_hits(memory.retriever, trace.fused, with_successors=bool(filters.get("include_history")))
    channels = list(engine.resolve_recipe(memory.retriever, recipe).channels)
    return trace.intent, hit_rows(hits, channels)


# -- benchmark summaries ----------------------------------------------------------------------------
def recall_curve(
    summary: Mapping[str, Any], metric: str = "recall", group: str | None = None
) -> dict[int, float]:
    """``{k: recall@k}`` from a :func:`memlab.bench.replay.summarize` result (overall or one category)."""
    block = summary["overall"] if group is None else summary["by_category"].get(group, {})
    prefix = f"{metric}@"
    out = {}
    for key, value in block.items():
        if key.startswith(prefix) and key[len(prefix) :].isdigit() and value is not None:
            out[int(key[len(prefix) :])] = float(value)
    return dict(sorted(out.items()))


# -- retrieval on a frozen memory -------------------------------------------------------------------
# The paper's dense retriever on LoCoMo (Maharana et al., ACL 2024; dialog turns as units).
LOCOMO_DRAGON_RECALL: Mapping[int, float] = {5: 0.567, 10: 0.662, 25: 0.767, 50: 0.827}


def frozen_eval(memory: Memory, questions: Sequence[Any], recipe: Any = None,
                ks: Sequence[int] = (1, 5, 10, 25)) -> dict[str, Any]:  # fmt: skip
    """Score retrieval variants on an already built memory, each question seeing it ``as_of`` its time.

    Much cheaper than a replay per variant (one ingest + consolidation, then only searches),
    which is what an ablation of fusion knobs needs. It differs from a replay in that decay,
    archival and reinforcement are those of the end of the replay; searches here never reinforce.
    """
    from memlab.bench import metrics as M
    from memlab.bench.replay import question_metrics
    from memlab.bench.subjects import Retrieved, hit_turn_ids
    from memlab.retrieval.engine import search

    records = []
    for q in questions:
        hits = search(
            memory.retriever, q.text, limit=max(ks), recipe=recipe, as_of=q.time, reinforce=False, internal=True
        )
        ids = hit_turn_ids(memory, hits)
        texts = tuple(h.node.content for h in hits)
        records.append(question_metrics(q, Retrieved(tuple(ids), texts, "\n".join(texts[:10]), 0.0, 0.0), ks))
    fields = [f"recall@{k}" for k in ks] + ["mrr", "current_over_stale"]
    return {
        "overall": M.aggregate(records, by=lambda r: "overall", fields=fields, overall=None).get(
            "overall", {}
        ),
        "by_category": M.aggregate(records, by="category", fields=fields, overall=None),
        "by_intent": M.aggregate(records, by="intent", fields=fields, overall=None),
    }


def summary_rows(summaries: Mapping[str, Mapping[str, Any]], fields: Sequence[str],
                 group: str | None = None) -> list[dict[str, Any]]:  # fmt: skip
    """One row per method of ``summarize``/``frozen_eval`` results, the chosen metrics rounded."""
    rows = []
    for name, s in summaries.items():
        block = s["overall"] if group is None else s["by_category"].get(group, {})
        row: dict[str, Any] = {"method": name}
        for f in fields:
            value = block.get(f)
            row[f] = None if value is None else round(float(value), 3)
        rows.append(row)
    return rows


def confusion_matrix(result: Mapping[str, Any]) -> tuple[list[list[int]], list[str]]:
    """(matrix, labels) of ``memlab.retrieval.intent.evaluate_intents`` for ``plot_confusion``."""
    labels = list(result["confusion"])
    return [[int(result["confusion"][t].get(p, 0)) for p in labels] for t in labels], labels


def embedder_profile(embedder: Any, texts: Sequence[str], repeats: int = 1) -> dict[str, Any]:
    """Name, dimension, bytes per stored vector (float32) and texts embedded per second."""
    import time

    start = time.perf_counter()
    for _ in range(repeats):
        embedder.embed_batch(list(texts))
    elapsed = time.perf_counter() - start
    return {"embedder": embedder.name, "dim": embedder.dim, "bytes_per_vector": 4 * embedder.dim,
            "texts_per_s": round(len(texts) * repeats / elapsed) if elapsed > 0 else None}  # fmt: skip


# -- synthetic ground truth -------------------------------------------------------------------------
def persona_subset(dataset: Dataset, prefix: str) -> Dataset:
    """Only one synthetic persona's turns and questions (ids start with its prefix, e.g. ``p000``)."""
    from dataclasses import replace

    turns = tuple(t for t in dataset.turns if t.id.startswith(prefix))
    questions = tuple(q for q in dataset.questions if q.id.startswith(prefix))
    return replace(dataset, name=f"{dataset.name}:{prefix}", turns=turns, questions=questions)


def truth_timeline(dataset: Dataset, persona: str, slot: str) -> list[Any]:
    """The generator's ground truth for one fact as :class:`memlab.viz.plots.TimelineEvent` bars."""
    from memlab.viz.plots import TimelineEvent

    values = dataset.meta.get("timeline", {}).get(persona, {}).get(slot, [])
    return [TimelineEvent(v["value"], v["from"], v["until"], "superseded" if v["until"] else None, f"truth: {slot}")
            for v in values]  # fmt: skip
