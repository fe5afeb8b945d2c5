"""What the replay drives: the :class:`Subject` protocol, memlab's ``Memory`` as
:class:`MemlabSubject`, and what a subject returns per question (:class:`Retrieved`). The
baselines (naive vector RAG, BM25) are subjects too, in ``memlab.bench.baselines``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from memlab.datasets.schema import Question, Turn
from memlab.store import browse

log = logging.getLogger("memlab.bench")


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
        elif self._consolidate and self.memory.close_idle_sessions():
            # auto off (a deterministic replay): do what the question's read does with auto on,
            # close the conversations idle past the timeout and consolidate them before answering
            self._dirty_sessions = True
        if self._dirty_sessions and self._consolidate:
            self._dirty_sessions = False
            add_llm_usage(self.llm, self._optional("consolidation", lambda: self.memory.consolidate()))
            self.memory.flush()
        cfg = self.memory.config.consolidation
        if self._consolidate and not cfg.auto and cfg.reads_consolidate:
            # and, as that read does, what the open conversation said so far
            self._optional("consolidation", lambda: self.memory.checkpoint())
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
        nodes = self.memory.store.find_nodes(facts=True, current=True, archived=False)
        archived = browse.archived_count(self.memory.store)
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
    from memlab.knowledge.consolidation import wait_consolidated

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
    return browse.derived_turns(memory.store, node_ids)
