"""The replay engine: months of conversation through a memory in seconds, on a simulated clock.

Events run in world-time order: every turn at its own time, session ends when the session id
changes (and idle expiry through ``memory.tick()``), nightly maintenance at each simulated UTC
midnight, and each question at its question time, so a question only sees what was said before
it. Each question is scored on the spot (memlab.bench.metrics) and only its metric record is
kept, so a long replay holds no contexts in memory.

What is driven is a :class:`Subject`: memlab's ``Memory`` through :class:`MemlabSubject`, or a
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
from memlab.clock import DAY, SimulatedClock
from memlab.datasets.schema import Dataset, Question, Turn

log = logging.getLogger("memlab.bench")

KS: tuple[int, ...] = (1, 5, 10, 25, 50)
LATENCY_KINDS: tuple[str, ...] = ("ingest", "search", "context")


@dataclass(frozen=True)
class Retrieved:
    """What a subject returned for one question: ranked turn ids and texts, the context, timings."""

    ranked_ids: tuple[str, ...]
    ranked_texts: tuple[str, ...]
    context: str
    search_s: float
    context_s: float


class Subject:
    """What :func:`replay` drives. ``ingest`` and ``retrieve`` are required; the rest are hooks.

    A subject owns its storage; the clock belongs to the replay.
    """

    name = "subject"

    def ingest(self, turn: Turn) -> None:
        raise NotImplementedError

    def retrieve(self, question: Question, limit: int) -> Retrieved:
        raise NotImplementedError

    def end_session(self) -> None:
        """The current conversation ended (a new session id follows, or the data ran out)."""

    def idle(self, now: float) -> None:
        """The clock moved to ``now``: expire idle sessions."""

    def nightly(self, now: float) -> dict[str, Any] | None:
        """Simulated midnight: run maintenance; returns its report, if any."""
        return None

    def settle(self) -> None:
        """Make everything ingested so far searchable (called before each question)."""

    def decay_sample(self, now: float) -> dict[str, float] | None:
        """After nightly maintenance: numbers for the decay curve (e.g. mean fact strength)."""
        return None

    def footprint(self) -> dict[str, Any]:
        """Nodes, bytes on disk, LLM usage: whatever the subject can tell."""
        return {}

    def close(self) -> None:
        """Release files and threads."""


# -- memlab's Memory as a subject --------------------------------------------------------------


class MemlabSubject(Subject):
    """Drives a started ``memlab.Memory``: hot-path ingest, consolidation at session end, search.

    Turn ids travel in the episode's attributes (``{"turn_id": ...}``), so ingest stays
    fire-and-forget; facts are mapped to turns through their ``derived_from`` edges. Completed
    sessions are consolidated on this thread before the next question (open the memory with
    ``consolidation.auto = false`` for a deterministic replay that also counts LLM usage; with
    auto on, the background worker is waited for).
    """

    def __init__(self, memory: Any, *, consolidate: bool = True, maintain: bool = True) -> None:
        self.memory = memory
        self.name = f"memlab-{memory.config.retrieval.recipe}"
        self._consolidate = consolidate
        self._maintain = maintain
        self._dirty_sessions = False
        self.llm: dict[str, int] = {"calls": 0, "prompt_tokens": 0, "completion_tokens": 0}
        self.missing: set[str] = set()  # layers not (yet) importable: recorded, not fatal

    def ingest(self, turn: Turn) -> None:
        speaker = turn.speaker if turn.speaker and turn.speaker != turn.role else None
        self.memory.ingest(turn.text, session_id=turn.session_id, role=_role(turn.role), at=turn.time,
                           speaker=speaker, attributes={"turn_id": turn.id})  # fmt: skip

    def end_session(self) -> None:
        if self.memory.end_session():
            self._dirty_sessions = True

    def idle(self, now: float) -> None:
        """Nothing: as in real use, idle sessions close at the next read or nightly maintain()."""

    def nightly(self, now: float) -> dict[str, Any] | None:
        if not self._maintain:
            return None
        self.settle()
        report = _as_dict(self._optional("maintenance", lambda: self.memory.maintain()))
        if report is None:
            return None
        add_llm_usage(self.llm, (report.get("steps") or {}).get("consolidate"))
        return report

    def settle(self) -> None:
        self.memory.flush()
        if self.memory.extensions.get("memlab.knowledge.auto") is not None:
            # background consolidation is on: wait for it, so a question never races it
            self._optional("consolidation", lambda: _wait_consolidated(self.memory))
        if self._dirty_sessions and self._consolidate:
            self._dirty_sessions = False
            add_llm_usage(self.llm, self._optional("consolidation", lambda: self.memory.consolidate()))
            self.memory.flush()

    def retrieve(self, question: Question, limit: int) -> Retrieved:
        t0 = time.perf_counter()
        hits = self.memory.search(question.text, limit=limit)
        t1 = time.perf_counter()
        context = self._optional("context", lambda: self.memory.context(question.text))
        if context is None and "context" in self.missing:  # until memlab.retrieval.context lands
            context = "\n".join(h.node.content for h in hits[:10])
        t2 = time.perf_counter()
        ids = hit_turn_ids(self.memory, hits)
        return Retrieved(tuple(ids), tuple(h.node.content for h in hits), context or "", t1 - t0, t2 - t1)

    def decay_sample(self, now: float) -> dict[str, float] | None:
        """Mean effective strength of the active non-episodic nodes (the decay curve as replayed)."""
        policy = self.memory.parts.decay
        nodes = self.memory.store.find_nodes(
            "n.type != 'episodic' AND n.valid_until IS NULL AND n.archived_at IS NULL"
        )
        archived = self.memory.store.execute_read("SELECT count(*) FROM nodes WHERE archived_at IS NOT NULL")[
            0
        ][0]
        if not nodes and not archived:
            return None
        weights = [policy.weight(n, now) for n in nodes]
        return {"mean_strength": sum(weights) / len(weights) if weights else 0.0,
                "active": float(len(nodes)), "archived": float(archived)}  # fmt: skip

    def footprint(self) -> dict[str, Any]:
        stats = self.memory.stats()
        return {
            "nodes": stats["nodes_total"],
            "nodes_by_type": stats["nodes"],
            "superseded": stats["superseded"],
            "archived": stats["archived"],
            "edges": sum(stats["edges"].values()),
            "entities": stats["entities"],
            "db_bytes": stats["db_bytes"],
            "llm": dict(self.llm),
            "missing_layers": sorted(self.missing),
        }

    def close(self) -> None:
        self.memory.close()

    def _optional(self, layer: str, fn: Callable[[], Any]) -> Any:
        """Run a knowledge-layer call; a layer that is not installed yet is noted, not fatal."""
        if layer in self.missing:
            return None
        try:
            return fn()
        except ModuleNotFoundError as exc:
            if not (exc.name or "").startswith("memlab."):
                raise
            log.warning("memlab.bench: %s layer unavailable (%s); replay continues without it", layer, exc)
            self.missing.add(layer)
            return None


def _wait_consolidated(memory: Any) -> None:
    from memlab.knowledge.lifecycle import wait_consolidated

    wait_consolidated(memory)


def _role(role: str) -> str:
    return role if role in ("user", "assistant", "system", "tool") else "user"


LLM_KEYS: tuple[tuple[str, str], ...] = (
    ("llm_calls", "calls"), ("prompt_tokens", "prompt_tokens"), ("completion_tokens", "completion_tokens"),
)  # fmt: skip


def _as_dict(report: Any) -> dict[str, Any] | None:
    """A report as a plain dict (typed reports have ``to_dict``); None stays None."""
    if report is None or isinstance(report, dict):
        return report
    return report.to_dict()  # type: ignore[no-any-return]


def add_llm_usage(total: dict[str, int], report: Any) -> None:
    """Add the LLM calls and tokens a consolidation report says it spent (0 with the rules)."""
    report = _as_dict(report)
    if report is not None:
        for src, dst in LLM_KEYS:
            total[dst] = total.get(dst, 0) + int(report.get(src, 0) or 0)


def hit_turn_ids(memory: Any, hits: Sequence[Any]) -> list[str]:
    """Hits -> dataset turn ids, in rank order, each id once.

    An episode carries its turn id; a fact stands for the episodes it was derived from
    (fact -> derived_from -> episode), which take the fact's rank.
    """
    facts = [h.node.id for h in hits if "turn_id" not in h.node.attributes]
    sources = _derived_turns(memory, facts) if facts else {}
    out: dict[str, None] = {}
    for h in hits:
        tid = h.node.attributes.get("turn_id")
        for t in [tid] if tid is not None else sources.get(h.node.id, []):
            out.setdefault(str(t), None)
    return list(out)


def _derived_turns(memory: Any, node_ids: list[int]) -> dict[int, list[str]]:
    sql = (
        "SELECT e.src, json_extract(n.attributes, '$.turn_id') FROM edges e JOIN nodes n ON n.id = e.dst "
        "WHERE e.type = 'derived_from' AND e.src IN (SELECT value FROM json_each(?)) "
        "AND json_extract(n.attributes, '$.turn_id') IS NOT NULL ORDER BY e.src, n.event_time DESC"
    )
    out: dict[int, list[str]] = {}
    for src, tid in memory.store.execute_read(sql, (json.dumps(node_ids),)):
        out.setdefault(int(src), []).append(str(tid))
    return out


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
) -> ReplayResult:
    """Replay ``dataset`` through a fresh memory from ``memory_factory(clock)``.

    The factory gets the replay's :class:`SimulatedClock` and returns a started ``Memory`` (it
    is wrapped in :class:`MemlabSubject`) or any :class:`Subject`. The subject is closed at the
    end, also on error. ``speaker_prefix`` stores "Speaker: text", as LoCoMo's retrieval
    baselines do: questions name people ("When did Caroline..."), the turns alone often do not.
    """
    start = (
        dataset.turns[0].time if dataset.turns else (dataset.questions[0].time if dataset.questions else 0.0)
    )
    clock = SimulatedClock(start)
    made = memory_factory(clock)
    subject: Subject = made if isinstance(made, Subject) else MemlabSubject(made)
    run = _Run(subject, clock, ks, nightly, speaker_prefix)
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
                 speaker_prefix: bool) -> None:  # fmt: skip
        self.subject, self.clock, self.ks, self.nightly = subject, clock, tuple(ks), nightly
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
        self.records.append(question_metrics(q, r, self.ks))

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
                     "context_tokens"]  # fmt: skip


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
