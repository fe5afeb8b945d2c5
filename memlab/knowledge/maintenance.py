"""The maintenance pipeline: consolidate -> decay + archive -> entity enrichment -> causal edges
-> embed (repair nodes left without a vector by an embedder outage or a crash).

Safe to run from cron. Each run is a row in ``maintenance_runs``; after every step the row
records the step and the report so far. A run that was killed leaves ``finished_at`` empty; the
next run resumes it and skips the steps already done. Every step is idempotent on its own
(consolidation is per-session, decay is recomputed from the stored base, enrichment only touches
entities without a summary, causal inference keeps a cursor), so redoing a half-done step is safe.

Decay is computed, never compounded: effective confidence is
``policy.weight(node, now)`` from ``base_strength`` and the time since the last access; the
result is written to ``confidence`` as a cache for readers and never read back as a base.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from memlab.knowledge.consolidation.run import DEADLINE_NOTE
from memlab.knowledge.decay import DecayPolicy
from memlab.retry import remaining
from memlab.store import upkeep

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

STEPS: tuple[str, ...] = ("consolidate", "decay", "enrich", "causal", "embed")
EMBED_WAIT_S = 60.0  # the repair waits this long for the embedder; what is left waits for the next run
DECAY_CHUNK = 5000
Step = Callable[..., dict[str, Any]]


def build_policy(knowledge: Knowledge) -> DecayPolicy:
    """The memory's decay policy (built once by the composition root)."""
    return knowledge.decay  # type: ignore[no-any-return]


# -- steps ---------------------------------------------------------------------------------------------
def step_consolidate(knowledge: Knowledge, now: float, deadline: float | None = None) -> dict[str, Any]:
    """Close every session idle past the timeout (by the memory's clock), then consolidate; by
    ``deadline`` (monotonic) it stops, and the sessions not done stay pending."""
    from memlab.knowledge.consolidation import consolidate

    closed = knowledge.close_idle_sessions()
    knowledge.wait_consolidated(remaining(deadline))
    r = consolidate(knowledge, deadline=deadline)
    keys = (
        "sessions",
        "episodes",
        "facts_created",
        "facts_deduplicated",
        "superseded",
        "entities_created",
        "causal_edges",
        "llm_calls",
        "prompt_tokens",
        "completion_tokens",
        "rejected_ungrounded",
        "rejected",
    )
    return {
        **{k: r[k] for k in keys},
        "sessions_closed": len(closed),
        "consolidated": len(r["consolidated"]),
        "failed": r["failed"],
        "left_pending": sorted(sid for sid, why in r["skipped"].items() if why == DEADLINE_NOTE),
    }


def step_decay(
    knowledge: Knowledge, now: float, policy: DecayPolicy | None = None, chunk: int = DECAY_CHUNK
) -> dict[str, Any]:
    """Recompute effective confidence of every non-episodic, unarchived node; archive the weak.

    A node is archived when its effective confidence is below ``decay.archive_threshold`` and it
    decays at all (λ > 0). The archive UPDATE re-checks ``last_accessed``, so a node read between
    our read and our write (and thereby reinforced) is left alone.
    """
    policy = policy or build_policy(knowledge)
    threshold = knowledge.config.decay.archive_threshold
    out = {"checked": 0, "updated": 0, "archived": 0}
    last_id = 0
    while True:
        rows = upkeep.decaying_page(knowledge.store, last_id, chunk)
        if not rows:
            return out
        last_id = rows[-1].id
        updates, archive = [], []
        for n in rows:
            w = float(policy.weight(n, now))
            if abs(w - n.confidence) > 1e-9:
                updates.append((w, n.id))
            if w < threshold and n.decay_rate > 0:
                archive.append((now, n.id, n.last_accessed if n.last_accessed is not None else -1.0))
        out["checked"] += len(rows)
        out["updated"] += len(updates)
        out["archived"] += knowledge.store.writer.call(partial(_write_decay, updates=updates, archive=archive))


_write_decay = upkeep.write_decay


def step_enrich(knowledge: Knowledge, now: float) -> dict[str, Any]:
    from memlab.knowledge.entities import enrich_entities

    return enrich_entities(knowledge)


def step_causal(knowledge: Knowledge, now: float) -> dict[str, Any]:
    from memlab.knowledge.causal import infer_causal

    return infer_causal(knowledge)


def step_embed(
    knowledge: Knowledge, now: float, wait_s: float = EMBED_WAIT_S, deadline: float | None = None
) -> dict[str, Any]:
    """Queue every node without a vector and wait (bounded) for the embedder."""
    queued = knowledge.embed_missing()
    left = remaining(deadline)
    done = knowledge.flush(wait_s if left is None else min(wait_s, left)) if queued else True
    missing = knowledge.store.unembedded_count()
    return {"queued": queued, "missing": missing if knowledge.embedder is not None else None, "waited": done}


RUNNERS: dict[str, Step] = {
    "consolidate": step_consolidate,
    "decay": step_decay,
    "enrich": step_enrich,
    "causal": step_causal,
    "embed": step_embed,
}
_BOUNDED = (step_consolidate, step_embed)  # the built-in steps that take the run's deadline


# -- the run record --------------------------------------------------------------------------------------
def _open_run(knowledge: Knowledge, now: float) -> tuple[int, dict[str, Any], bool]:
    """(run id, report so far, resumed?) — the newest unfinished run, or a new one."""
    found = upkeep.unfinished_run(knowledge.store)
    if found is not None:
        report = json.loads(found[1] or "{}")
        report.setdefault("steps", {})
        return found[0], report, True
    started = knowledge.store.writer.call(partial(upkeep.start_run, now=now, report=json.dumps({"steps": {}})))
    return started, {"steps": {}}, False


def _record(
    knowledge: Knowledge, run_id: int, step: str | None, report: dict[str, Any], finished: float | None
) -> None:
    text = json.dumps(report, default=str, ensure_ascii=False)
    knowledge.store.writer.call(partial(upkeep.record_run, run_id=run_id, step=step, report=text, finished=finished))


def maintain(
    knowledge: Knowledge,
    now: float | None = None,
    *,
    steps: Sequence[str] = STEPS,
    runners: Mapping[str, Step] | None = None,
    deadline: float | None = None,
    on_step: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Run the pipeline (or resume an interrupted run); returns each step's counts and timings.

    ``deadline`` (a ``time.monotonic()`` value) bounds the run: no step starts after it, and
    consolidation stops starting sessions (those stay pending, the report lists them); a step not
    run is under ``errors`` and ``deadline_reached`` is set.

    A step that raises is reported under ``errors`` and the run goes on; a run killed mid-way
    (or interrupted by KeyboardInterrupt) stays unfinished and the next call resumes it.
    """
    assert knowledge.store is not None, "memory is not open"
    unknown = [s for s in steps if s not in RUNNERS]
    if unknown:
        raise ValueError(f"unknown maintenance step(s) {unknown}; known: {list(STEPS)}")
    now = knowledge.clock.now() if now is None else float(now)
    funcs = {**RUNNERS, **(runners or {})}
    run_id, report, resumed = _open_run(knowledge, now)
    report["run_id"], report["now"] = run_id, now
    if resumed:
        report["resumed"] = sorted(report["steps"])
    for name in steps:
        if name in report["steps"]:
            continue
        if deadline is not None and time.monotonic() >= deadline:
            report["deadline_reached"] = True
            report.setdefault("errors", {})[name] = "not run: the maintain() deadline was reached"
            continue
        t0 = time.perf_counter()
        fn = funcs[name]
        try:
            result = fn(knowledge, now, deadline=deadline) if fn in _BOUNDED else fn(knowledge, now)
        except Exception as exc:
            report.setdefault("errors", {})[name] = f"{type(exc).__name__}: {exc}"
            result = {"error": report["errors"][name]}
        result["seconds"] = round(time.perf_counter() - t0, 4)
        if result.get("left_pending"):
            report["deadline_reached"] = True
        report["steps"][name] = result
        _record(knowledge, run_id, name, report, None)
        if on_step is not None:
            on_step(name)
    _record(knowledge, run_id, None, report, knowledge.clock.now())
    return report
