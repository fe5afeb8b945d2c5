"""Validation of a consolidator's plan: it may come from an LLM, so nothing in it is trusted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from memlab.lang.names import normalize_name
from memlab.types import ENTITY_TYPES, FACT_TYPES, EntityMention, EpisodeRef, FactEnd, FactProposal, Plan

MAX_FACT_CHARS = 2000


def _clean_entity(e: Any) -> EntityMention | None:
    if not isinstance(e, EntityMention) or not isinstance(e.name, str) or not normalize_name(e.name):
        return None
    etype = e.type if e.type in ENTITY_TYPES else "concept"
    aliases = tuple(a for a in e.aliases if isinstance(a, str) and normalize_name(a))
    return replace(e, name=e.name.strip()[:200], type=etype, aliases=aliases)


def _clean_fact(f: Any, ids: set[int]) -> FactProposal | None:
    if not isinstance(f, FactProposal) or not isinstance(f.content, str) or not f.content.strip():
        return None
    sources = tuple(dict.fromkeys(i for i in f.source_ids if i in ids))
    if f.type not in FACT_TYPES or not sources or len(f.content) > MAX_FACT_CHARS:
        return None
    conf = min(1.0, max(0.0, float(f.confidence))) if isinstance(f.confidence, int | float) else 0.5
    entities = tuple(e for e in (_clean_entity(x) for x in f.entities) if e is not None)
    key = f.key.strip() if isinstance(f.key, str) and f.key.strip() else None
    value = str(f.value) if f.value is not None else None
    return replace(
        f,
        content=f.content.strip(),
        source_ids=sources,
        confidence=conf,
        entities=entities,
        key=key,
        value=value,
    )


def validate_plan(plan: Plan, episodes: Sequence[EpisodeRef]) -> tuple[Plan, int]:
    """Drop proposals that cite unknown episodes, have unknown types or empty text; count them."""
    ids = {e.id for e in episodes}
    facts = [c for c in (_clean_fact(f, ids) for f in plan.facts) if c is not None]
    mentions = [c for c in (_clean_entity(e) for e in plan.entities) if c is not None]
    causal = [
        c for c in plan.causal if c.cause_id in ids and c.effect_id in ids and c.cause_id != c.effect_id
    ]
    ends = [
        e
        for e in plan.ends
        if isinstance(e, FactEnd) and isinstance(e.key, str) and "|" in e.key and e.source_ids
        and set(e.source_ids) <= ids
    ]  # fmt: skip
    dropped = (
        (len(plan.facts) - len(facts))
        + (len(plan.entities) - len(mentions))
        + (len(plan.causal) - len(causal))
        + (len(plan.ends) - len(ends))
    )
    return (
        replace(plan, facts=tuple(facts), entities=tuple(mentions), causal=tuple(causal), ends=tuple(ends)),
        dropped,
    )
