"""The replay engine: months of conversation through a memory in seconds, on a simulated clock.

Events run in world-time order: every turn at its own time, session ends when the session id
changes (and idle expiry through ``memory.tick()``), nightly maintenance at each simulated UTC
midnight, and each question at its question time, so a question only sees what was said before
it. Each question is scored on the spot (memlab.bench.metrics) and only its metric record is
kept, so a long replay holds no contexts in memory.

What is driven is a :class:`Subject` (memlab.bench.subjects): memlab's ``Memory`` through :class:`MemlabSubject`, or a
baseline (memlab.bench.baselines). All of them go through the same scoring.
"""

from __future__ import annotations

import contextlib
import dataclasses
import heapq
import json
import logging
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from memlab.bench import metrics as M
from memlab.bench.subjects import (  # noqa: F401  re-exported: the subjects were defined here
    MemlabSubject,
    Retrieved,
    Subject,
    add_llm_usage,
    hit_turn_ids,
)
from memlab.clock import DAY, SimulatedClock
from memlab.datasets.schema import Dataset, Question, Turn

log = logging.getLogger("memlab.bench")

KS: tuple[int, ...] = (1, 5, 10, 25, 50)
LATENCY_KINDS: tuple[str, ...] = ("ingest", "search", "context")
ANSWER_FIELDS: tuple[str, ...] = ("answer_f1", "answer_em", "judge", "reader_failed")  # with a reader only


# -- results -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReplayResult:
    """One dataset through one subject: per-question metric records and everything measured."""

    dataset: str
    method: str
    questions: tuple[dict[str, Any], ...]
    latencies: dict[str, tuple[float, ...]]  # seconds, per kind (ingest, search, context)
    n_turns: int
    ingest_wall_s: float  # all ingest calls plus the final settle: throughput's denominator
    wall_s: float
    footprint: dict[str, Any] = field(default_factory=dict)
    maintenance: tuple[dict[str, Any], ...] = ()
    decay: dict[str, Any] = field(default_factory=dict)

    def summary(self, ks: Sequence[int] = KS) -> dict[str, Any]:
        return summarize([self], ks)


def question_metrics(q: Question, r: Retrieved, ks: Sequence[int] = KS) -> dict[str, Any]:
    """Every metric of one question, None where it does not apply (aggregate skips None)."""
    rec: dict[str, Any] = {
        "question_id": q.id, "category": q.category or "-", "intent": q.intent, "lang": q.lang,
        "search_ms": r.search_s * 1000, "context_ms": r.context_s * 1000,
    }  # fmt: skip
    scorable = bool(q.evidence) and not q.abstain
    for k in ks:
        rec[f"recall@{k}"] = M.recall_at_k(r.ranked_ids, q.evidence, k) if scorable else None
        rec[f"recall_all@{k}"] = M.recall_all_at_k(r.ranked_ids, q.evidence, k) if scorable else None
        rec[f"recall_any@{k}"] = M.recall_any_at_k(r.ranked_ids, q.evidence, k) if scorable else None
    rec["mrr"] = M.mrr(r.ranked_ids, q.evidence) if scorable else None
    rec["ndcg@10"] = M.ndcg_at_k(r.ranked_ids, q.evidence, 10) if scorable else None
    answerable = bool(q.answers) and not q.abstain
    rec["answer_in_context"] = M.answer_in_context(r.context, q.answers) if answerable else None
    if q.stale_answers and not q.abstain:
        rec["current_over_stale"] = M.current_over_stale(r.ranked_texts, q.answers, q.stale_answers)
        rec["stale_in_context"] = M.stale_in_context(r.context, q.stale_answers, q.answers)
        rec["stale_as_current"] = M.stale_as_current(r.context, q.stale_answers, q.answers)
    else:
        rec["current_over_stale"] = rec["stale_in_context"] = rec["stale_as_current"] = None
    rec["context_tokens"] = len(r.context.split())
    return rec


# -- the engine --------------------------------------------------------------------------------


def _events(dataset: Dataset) -> Iterator[tuple[float, int, Turn | Question]]:
    """Turns and questions in time order; a question at the same instant as a turn comes first
    (a question at T sees turns strictly before T, as ``Dataset.turns_before``)."""
    turns = ((t.time, 1, t) for t in dataset.turns)
    questions = ((q.time, 0, q) for q in sorted(dataset.questions, key=lambda q: (q.time, q.id)))
    return heapq.merge(questions, turns, key=lambda e: (e[0], e[1]))


def _midnights(after: float, until: float) -> Iterable[float]:
    """UTC midnights m with after < m <= until."""
    m = (math.floor(after / DAY) + 1) * DAY
    while m <= until:
        yield m
        m += DAY


def _progress(total: int, desc: str, enabled: bool) -> Any:
    if not enabled:
        return contextlib.nullcontext(None)
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="ev", leave=False, mininterval=0.5)


SubjectFactory = Callable[[SimulatedClock], Any]


def replay(
    dataset: Dataset,
    memory_factory: SubjectFactory,
    *,
    progress: bool = True,
    ks: Sequence[int] = KS,
    nightly: bool = True,
    method: str | None = None,
    speaker_prefix: bool = True,
    reader: Any = None,
) -> ReplayResult:
    """Replay ``dataset`` through a fresh memory from ``memory_factory(clock)``.

    The factory gets the replay's :class:`SimulatedClock` and returns a started ``Memory`` (it
    is wrapped in :class:`MemlabSubject`) or any :class:`Subject`. The subject is closed at the
    end, also on error. ``speaker_prefix`` stores "Speaker: text", as LoCoMo's retrieval
    baselines do: questions name people ("When did Caroline..."), the turns alone often do not.
    ``reader`` (a ``memlab.bench.answers.Reader``) answers each question from the context, and
    its token F1, exact match and judge verdict join the question's record.
    """
    start = (
        dataset.turns[0].time if dataset.turns else (dataset.questions[0].time if dataset.questions else 0.0)
    )
    clock = SimulatedClock(start)
    made = memory_factory(clock)
    subject: Subject = made if isinstance(made, Subject) else MemlabSubject(made)
    run = _Run(subject, clock, ks, nightly, speaker_prefix, reader)
    t_wall = time.perf_counter()
    try:
        total = len(dataset.turns) + len(dataset.questions)
        with _progress(total, f"{method or subject.name} {dataset.name}", progress) as bar:
            for t, _, item in _events(dataset):
                run.advance(t)
                run.turn(item) if isinstance(item, Turn) else run.question(item)
                if bar is not None:
                    bar.update(1)
        run.finish()
        footprint = subject.footprint()
    finally:
        subject.close()
    return ReplayResult(
        dataset=dataset.name, method=method or subject.name, questions=tuple(run.records),
        latencies={k: tuple(v) for k, v in run.latencies.items()}, n_turns=len(dataset.turns),
        ingest_wall_s=run.ingest_wall, wall_s=time.perf_counter() - t_wall, footprint=footprint,
        maintenance=tuple(run.maintenance), decay={"days": run.decay_days, "samples": run.decay_samples},
    )  # fmt: skip


class _Run:
    """The mutable state of one replay (kept out of ``replay`` so each step is a small method)."""

    def __init__(self, subject: Subject, clock: SimulatedClock, ks: Sequence[int], nightly: bool,
                 speaker_prefix: bool, reader: Any = None) -> None:  # fmt: skip
        self.subject, self.clock, self.ks, self.nightly = subject, clock, tuple(ks), nightly
        self.reader = reader
        self.speaker_prefix = speaker_prefix
        self.session: str | None = None
        self.records: list[dict[str, Any]] = []
        self.latencies: dict[str, list[float]] = {k: [] for k in LATENCY_KINDS}
        self.ingest_wall = 0.0
        self.maintenance: list[dict[str, Any]] = []
        self.decay_days: list[float] = []
        self.decay_samples: list[dict[str, float]] = []
        self.first = clock.now()
        self.limit = max(self.ks)

    def advance(self, t: float) -> None:
        now = self.clock.now()
        if self.nightly:
            for midnight in _midnights(now, t):
                self.clock.set(midnight)
                self.subject.idle(midnight)
                self._nightly(midnight)
        self.clock.set(max(t, self.clock.now()))
        self.subject.idle(self.clock.now())

    def _nightly(self, midnight: float) -> None:
        t0 = time.perf_counter()
        report = self.subject.nightly(midnight)
        if report is not None:
            self.maintenance.append({"time": midnight, "wall_s": time.perf_counter() - t0, **_plain(report)})
        sample = self.subject.decay_sample(midnight)
        if sample:
            self.decay_days.append((midnight - self.first) / DAY)
            self.decay_samples.append(sample)

    def turn(self, turn: Turn) -> None:
        if self.session is not None and turn.session_id != self.session:
            self.subject.end_session()
        self.session = turn.session_id
        if self.speaker_prefix and turn.speaker:
            turn = dataclasses.replace(turn, text=f"{turn.speaker}: {turn.text}")
        t0 = time.perf_counter()
        self.subject.ingest(turn)
        dt = time.perf_counter() - t0
        self.latencies["ingest"].append(dt)
        self.ingest_wall += dt

    def question(self, q: Question) -> None:
        t0 = time.perf_counter()
        self.subject.settle()
        self.ingest_wall += time.perf_counter() - t0  # the slow path's catch-up is ingest work
        r = self.subject.retrieve(q, self.limit)
        self.latencies["search"].append(r.search_s)
        self.latencies["context"].append(r.context_s)
        rec = question_metrics(q, r, self.ks)
        if self.reader is not None:
            rec.update(self.reader.scores(q, r.context))
        self.records.append(rec)

    def finish(self) -> None:
        if self.session is not None:
            self.subject.end_session()
        t0 = time.perf_counter()
        self.subject.settle()
        self.ingest_wall += time.perf_counter() - t0


def _plain(report: dict[str, Any]) -> dict[str, Any]:
    """A JSON-safe copy of a maintenance report (numbers, strings, lists and dicts only)."""
    plain: dict[str, Any] = json.loads(json.dumps(report, default=str))
    return plain


# -- aggregation -------------------------------------------------------------------------------


def _latency(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"n": 0, "p50_ms": float("nan"), "p95_ms": float("nan"), "mean_ms": float("nan")}
    p = M.percentiles(values, (50, 95))
    return {"n": len(values), "p50_ms": p[50] * 1000, "p95_ms": p[95] * 1000,
            "mean_ms": sum(values) / len(values) * 1000}  # fmt: skip


def _metric_fields(ks: Sequence[int]) -> list[str]:
    fields = [f"{m}@{k}" for k in ks for m in ("recall", "recall_all", "recall_any")]
    return fields + ["mrr", "ndcg@10", "answer_in_context", "current_over_stale", "stale_in_context", "stale_as_current",
                     "context_tokens", *ANSWER_FIELDS]  # fmt: skip


def summarize(results: Sequence[ReplayResult], ks: Sequence[int] = KS) -> dict[str, Any]:
    """Metrics of one method over one or more replays (e.g. the ten LoCoMo conversations)."""
    records = [r for res in results for r in res.questions]
    fields = _metric_fields(ks)
    overall = M.aggregate(records, by=lambda r: "overall", fields=fields, overall=None).get(
        "overall", {"n": 0.0}
    )
    lat = {k: _latency([x for res in results for x in res.latencies.get(k, ())]) for k in LATENCY_KINDS}
    n_turns = sum(r.n_turns for r in results)
    ingest_wall = sum(r.ingest_wall_s for r in results)
    nodes = sum(int(r.footprint.get("nodes", 0) or 0) for r in results)
    db_bytes = sum(int(r.footprint.get("db_bytes", 0) or 0) for r in results)
    llm: dict[str, int] = {}
    for res in results:
        for k, v in (res.footprint.get("llm") or {}).items():
            llm[k] = llm.get(k, 0) + int(v)
    return {
        "overall": overall,
        "by_category": M.aggregate(records, by="category", fields=fields, overall=None),
        "by_intent": M.aggregate(records, by="intent", fields=fields, overall=None),
        "latency": lat,
        "ingest": {
            "turns": n_turns,
            "wall_s": ingest_wall,
            "turns_per_s": n_turns / ingest_wall if ingest_wall > 0 else float("nan"),
        },  # fmt: skip
        "footprint": {
            "nodes": nodes,
            "db_bytes": db_bytes,
            "bytes_per_node": db_bytes / nodes if nodes else float("nan"),
            "replays": len(results),
        },  # fmt: skip
        "llm": llm or {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0},
        "wall_s": sum(r.wall_s for r in results),
    }
