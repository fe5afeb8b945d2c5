"""What a consolidator proposes. A consolidator reads episodes and returns a ``Plan``; it never
writes. The knowledge layer applies the plan (entities, derived_from edges, supersession), so the
LLM path and the offline rule path are interchangeable and a plan can be inspected or diffed.

Keys: ``FactProposal.key`` is ``"subject|attribute"`` (e.g. ``"user|city"``). Two active facts with
the same key are conflict *candidates*; the applier decides whether the new one supersedes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

FactType = Literal["semantic", "procedural", "opinion"]
FACT_TYPES: tuple[str, ...] = ("semantic", "procedural", "opinion")


@dataclass(frozen=True)
class EpisodeRef:
    """One episode as a consolidator sees it (input)."""

    id: int
    content: str
    time: float
    role: str
    session_id: str
    speaker: str | None = None  # who said it (None: the user)
    user_id: str = "default"


@dataclass(frozen=True)
class EntityMention:
    """A named thing seen in episodes; ``type`` is one of ``memlab.types.ENTITY_TYPES``."""

    name: str
    type: str
    role: str | None = None  # how the fact relates to it: "city", "employer", "manager", ...
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class FactProposal:
    content: str
    type: str  # FactType
    key: str | None
    value: str | None
    source_ids: tuple[int, ...]
    confidence: float
    entities: tuple[EntityMention, ...] = ()


@dataclass(frozen=True)
class CausalProposal:
    """``cause_id`` led to ``effect_id`` (both episode ids)."""

    cause_id: int
    effect_id: int
    confidence: float
    evidence: str


@dataclass(frozen=True)
class FactEnd:
    """A fact the episodes say is over with nothing in its place ("I quit tennis"): the active
    fact with ``key`` (of the episodes' user) ends at the newest source episode's time."""

    key: str  # e.g. "user|sport:tennis"
    source_ids: tuple[int, ...]
    fact_id: int | None = None  # only this fact of that key (an LLM names the fact it ends)


@dataclass(frozen=True)
class Plan:
    session_id: str
    facts: tuple[FactProposal, ...] = ()
    entities: tuple[EntityMention, ...] = ()
    causal: tuple[CausalProposal, ...] = ()
    ends: tuple[FactEnd, ...] = ()
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    notes: tuple[str, ...] = ()
    rejected: tuple[str, ...] = ()  # proposals grounding turned down, one note each (memlab.knowledge.grounding)


@dataclass(frozen=True)
class ConsolidationContext:
    """What the consolidator may know besides the episodes: active facts as (id, content, key)."""

    session_id: str
    existing_facts: Sequence[tuple[int, str, str | None]] = ()
    # the active keyed facts about some subjects, as (key, value): what a statement may update
    facts_about: Callable[[Sequence[str]], Sequence[tuple[str, str]]] | None = None


class ConsolidationError(RuntimeError):
    """A session could not be consolidated; the caller leaves it pending and loses nothing."""


@runtime_checkable
class Consolidator(Protocol):
    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        """Propose facts, entities and causal links for ``episodes``; never write."""
        ...
