"""Causal edges between consecutive episodes.

Pairs come from the ``temporal`` edges (each joins an episode to the next one of its session),
in batches of ``consolidation.causal_batch`` (50). The LLM detector (explicit causal language
only, confidence 0.7) runs when a chat model is set; offline the cue detector proposes edges at
a lower confidence. A meta cursor (the last temporal edge judged) makes the step resumable and
keeps the LLM from paying twice for the same pair.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from memlab.knowledge.causal_cues import CausalDetector, CueCausalDetector
from memlab.store import fact_rows
from memlab.store import store as st
from memlab.types import CausalProposal, EpisodeRef

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

log = logging.getLogger("memlab.knowledge")
CURSOR_KEY = "causal_cursor"


def default_detector(knowledge: Knowledge) -> tuple[CausalDetector, str]:
    if knowledge.chat is not None:
        from memlab.knowledge.llm_consolidator import LLMCausalDetector

        return LLMCausalDetector(knowledge.chat), "llm"
    return CueCausalDetector(), "cues"


def next_pairs(knowledge: Knowledge, cursor: int, limit: int) -> list[tuple[int, EpisodeRef, EpisodeRef]]:
    """(temporal edge id, earlier episode, later episode) after ``cursor``, oldest edge first."""
    rows = fact_rows.temporal_pairs(knowledge.store, cursor, limit)
    return [(e, EpisodeRef(*a), EpisodeRef(*b)) for e, a, b in rows]


def _keep(proposals: Sequence[CausalProposal], pairs: set[frozenset[int]]) -> list[CausalProposal]:
    """Only links between the two episodes of a judged pair (detector output is untrusted)."""
    return [
        p for p in proposals if frozenset((p.cause_id, p.effect_id)) in pairs and p.cause_id != p.effect_id
    ]


def write_links(con: Any, links: Sequence[CausalProposal], cursor: int, now: float) -> int:
    added = 0
    for p in links:
        added += fact_rows.link_cause(
            con, p.cause_id, p.effect_id, min(1.0, max(0.0, p.confidence)), str(p.evidence)[:500], now
        )
    st.set_meta(con, CURSOR_KEY, str(cursor))
    return added


def infer_causal(
    knowledge: Knowledge,
    detector: CausalDetector | None = None,
    *,
    batch: int | None = None,
    max_batches: int | None = None,
) -> dict[str, Any]:
    """Judge unjudged consecutive pairs; returns counts. A failing detector stops the step and
    leaves the cursor where it was, so the next run retries the same batch."""
    det, name = (detector, detector.name) if detector else default_detector(knowledge)
    # pairs per detector call: an LLM's prompt size (consolidation.causal_batch), or the detector's own
    # (the cue scan reads a thousand at a time: at 1M turns fifty a call were 15,000 reads and writes)
    size = batch or det.batch or knowledge.config.consolidation.causal_batch
    report: dict[str, Any] = {
        "detector": name,
        "pairs": 0,
        "edges": 0,
        "batches": 0,
        "llm_calls": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
    }
    cursor = int(knowledge.store.get_meta(CURSOR_KEY) or 0)
    while max_batches is None or report["batches"] < max_batches:
        pairs = next_pairs(knowledge, cursor, size)
        if not pairs:
            break
        episodes = list({e.id: e for _, a, b in pairs for e in (a, b)}.values())
        try:
            plan = det.detect(episodes)
        except Exception as exc:
            report["error"] = f"{type(exc).__name__}: {exc}"
            log.warning("memlab: causal detection failed: %r", exc)
            break
        links = _keep(plan.causal, {frozenset((a.id, b.id)) for _, a, b in pairs})
        cursor = pairs[-1][0]
        now = knowledge.clock.now()
        report["edges"] += knowledge.store.writer.call(partial(write_links, links=links, cursor=cursor, now=now))
        report["pairs"] += len(pairs)
        report["batches"] += 1
        for k in ("llm_calls", "prompt_tokens", "completion_tokens"):
            report[k] += int(getattr(plan, k, 0) or 0)
    return report
