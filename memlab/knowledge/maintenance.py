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

from memlab.knowledge.decay import DecayPolicy
from memlab.store import queries as q
from memlab.store.store import row_to_node

if TYPE_CHECKING:
    from memlab.view import MemoryView

STEPS: tuple[str, ...] = ("consolidate", "decay", "enrich", "causal", "embed")
EMBED_WAIT_S = 60.0  # the repair waits this long for the embedder; what is left waits for the next run
DECAY_CHUNK = 5000
Step = Callable[[Any, float], dict[str, Any]]


def build_policy(memory: MemoryView) -> DecayPolicy:
    """The memory's decay policy (built once by the composition root)."""
    return memory.parts.decay  # type: ignore[no-any-return]


# -- steps ---------------------------------------------------------------------------------------------
def step_consolidate(memory: MemoryView, now: float) -> dict[str, Any]:
    """Close every session idle past the timeout (by the memory's clock), then consolidate."""
    from memlab.knowledge.consolidation import consolidate, wait_consolidated

    closed = memory.close_idle_sessions()
    wait_consolidated(memory)
    r = consolidate(memory)
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
    }


def step_decay(
    memory: MemoryView, now: float, policy: DecayPolicy | None = None, chunk: int = DECAY_CHUNK
) -> dict[str, Any]:
    """Recompute effective confidence of every non-episodic, unarchived node; archive the weak.

    A node is archived when its effective confidence is below ``decay.archive_threshold`` and it
    decays at all (λ > 0). The archive UPDATE re-checks ``last_accessed``, so a node read between
    our read and our write (and thereby reinforced) is left alone.
    """
    policy = policy or build_policy(memory)
    threshold = memory.config.decay.archive_threshold
    out = {"checked": 0, "updated": 0, "archived": 0}
    last_id = 0
    while True:
        rows = memory.store.execute_read(
            f"SELECT {q.NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND archived_at IS NULL AND id > ? "
            "ORDER BY id LIMIT ?",
            (last_id, chunk),
        )
        if not rows:
            return out
        last_id = rows[-1][0]
        updates, archive = [], []
        for n in map(row_to_node, rows):
            w = float(policy.weight(n, now))
            if abs(w - n.confidence) > 1e-9:
                updates.append((w, n.id))
            if w < threshold and n.decay_rate > 0:
                archive.append((now, n.id, n.last_accessed if n.last_accessed is not None else -1.0))
        out["checked"] += len(rows)
        out["updated"] += len(updates)
        out["archived"] += memory.store.writer.call(partial(_write_decay, updates=updates, archive=archive))


def _write_decay(con: Any, updates: list[tuple[float, int]], archive: list[tuple[float, int, float]]) -> int:
    con.executemany("UPDATE nodes SET confidence = ? WHERE id = ?", updates)
    n = 0
    for row in archive:
        n += con.execute(
            "UPDATE nodes SET archived_at = ? WHERE id = ? AND archived_at IS NULL "
            "AND coalesce(last_accessed, -1.0) = ?",
            row,
        ).rowcount
    return n


def step_enrich(memory: MemoryView, now: float) -> dict[str, Any]:
    from memlab.knowledge.entities import enrich_entities

    return enrich_entities(memory)


def step_causal(memory: MemoryView, now: float) -> dict[str, Any]:
    from memlab.knowledge.causal import infer_causal

    return infer_causal(memory)


def step_embed(memory: MemoryView, now: float, wait_s: float = EMBED_WAIT_S) -> dict[str, Any]:
    """Queue every node without a vector and wait (bounded) for the embedder."""
    queued = memory.embed_missing()
    done = memory.flush(wait_s) if queued else True
    missing = memory.store.execute_read(
        "SELECT count(*) FROM nodes n WHERE NOT EXISTS (SELECT 1 FROM node_vectors v WHERE v.node_id = n.id)"
    )[0][0]
    return {"queued": queued, "missing": missing if memory.embedder is not None else None, "waited": done}


RUNNERS: dict[str, Step] = {
    "consolidate": step_consolidate,
    "decay": step_decay,
    "enrich": step_enrich,
    "causal": step_causal,
    "embed": step_embed,
}


# -- the run record --------------------------------------------------------------------------------------
def _open_run(memory: MemoryView, now: float) -> tuple[int, dict[str, Any], bool]:
    """(run id, report so far, resumed?) — the newest unfinished run, or a new one."""
    rows = memory.store.execute_read(
        "SELECT id, report FROM maintenance_runs WHERE finished_at IS NULL ORDER BY id DESC LIMIT 1"
    )
    if rows:
        report = json.loads(rows[0][1] or "{}")
        report.setdefault("steps", {})
        return int(rows[0][0]), report, True

    def fn(con: Any) -> int:
        cur = con.execute(
            "INSERT INTO maintenance_runs(started_at, report) VALUES (?, ?)", (now, json.dumps({"steps": {}}))
        )
        return int(cur.lastrowid)

    return memory.store.writer.call(fn), {"steps": {}}, False


def _record(
    memory: MemoryView, run_id: int, step: str | None, report: dict[str, Any], finished: float | None
) -> None:
    text = json.dumps(report, default=str, ensure_ascii=False)
    memory.store.writer.call(
        lambda con: con.execute(
            "UPDATE maintenance_runs SET step = coalesce(?, step), report = ?, finished_at = ? WHERE id = ?",
            (step, text, finished, run_id),
        )
    )


def maintain(
    memory: MemoryView,
    now: float | None = None,
    *,
    steps: Sequence[str] = STEPS,
    runners: Mapping[str, Step] | None = None,
) -> dict[str, Any]:
    """Run the pipeline (or resume an interrupted run); returns each step's counts and timings.

    A step that raises is reported under ``errors`` and the run goes on; a run killed mid-way
    (or interrupted by KeyboardInterrupt) stays unfinished and the next call resumes it.
    """
    assert memory.store is not None, "memory is not open"
    unknown = [s for s in steps if s not in RUNNERS]
    if unknown:
        raise ValueError(f"unknown maintenance step(s) {unknown}; known: {list(STEPS)}")
    now = memory.clock.now() if now is None else float(now)
    funcs = {**RUNNERS, **(runners or {})}
    run_id, report, resumed = _open_run(memory, now)
    report["run_id"], report["now"] = run_id, now
    if resumed:
        report["resumed"] = sorted(report["steps"])
    for name in steps:
        if name in report["steps"]:
            continue
        t0 = time.perf_counter()
        try:
            result = funcs[name](memory, now)
        except Exception as exc:
            report.setdefault("errors", {})[name] = f"{type(exc).__name__}: {exc}"
            result = {"error": report["errors"][name]}
        result["seconds"] = round(time.perf_counter() - t0, 4)
        report["steps"][name] = result
        _record(memory, run_id, name, report, None)
    _record(memory, run_id, None, report, memory.clock.now())
    return report
