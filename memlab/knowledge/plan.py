"""What a consolidator proposes: the plan types, which live in ``memlab.types`` (below every
layer, so the LLM prompts and the composition root need not import the knowledge layer).

This module re-exports them for the modules that still import ``memlab.knowledge.plan`` (the
extractor and the LLM consolidator and prompts); new code imports ``memlab.types``.
"""

from __future__ import annotations

from memlab.types import (
    FACT_TYPES,
    CausalProposal,
    ConsolidationContext,
    ConsolidationError,
    Consolidator,
    EntityMention,
    EpisodeRef,
    FactEnd,
    FactProposal,
    FactType,
    Plan,
)

__all__ = [
    "FACT_TYPES",
    "CausalProposal",
    "ConsolidationContext",
    "ConsolidationError",
    "Consolidator",
    "EntityMention",
    "EpisodeRef",
    "FactEnd",
    "FactProposal",
    "FactType",
    "Plan",
]
