"""Consolidation: completed sessions become facts, entities and links.

``run`` drives it (which sessions, retries, the report), ``validate`` distrusts the
consolidator's plan, ``apply`` writes it in one transaction, ``worker`` runs it in the background.
"""

from memlab.knowledge.consolidation.apply import MAX_ATTEMPTS, apply_plan, mark_failed, prepare
from memlab.knowledge.consolidation.run import (
    SessionNotReady,
    checkpoint,
    consolidate,
    default_consolidator,
    due_failed,
    fetch_episodes,
    run_consolidator,
)
from memlab.knowledge.consolidation.validate import validate_plan
from memlab.knowledge.consolidation.worker import (
    EXT_AUTO,
    AutoConsolidation,
    Checkpoints,
    enable_auto,
    maybe_enable_auto,
    stop_auto,
    wait_consolidated,
)

__all__ = [
    "EXT_AUTO",
    "MAX_ATTEMPTS",
    "AutoConsolidation",
    "Checkpoints",
    "SessionNotReady",
    "apply_plan",
    "checkpoint",
    "consolidate",
    "default_consolidator",
    "due_failed",
    "enable_auto",
    "fetch_episodes",
    "mark_failed",
    "maybe_enable_auto",
    "prepare",
    "run_consolidator",
    "stop_auto",
    "validate_plan",
    "wait_consolidated",
]
