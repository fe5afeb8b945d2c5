"""Plain, frozen data types shared by every layer of memlab.

Times are floats: seconds since the Unix epoch, UTC. World time (``event_time``,
``valid_from``, ``valid_until``) says when something happened or was true; system time
(``created_at``, ``archived_at``, ``last_accessed``) says when memlab did something.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

NodeType = Literal["episodic", "semantic", "procedural", "opinion"]
EdgeType = Literal["temporal", "causal", "entity", "derived_from", "supersedes"]
EntityType = Literal["person", "organization", "place", "project", "tool", "concept"]
InvalidReason = Literal["superseded", "forgotten"]
Intent = Literal["why", "when", "who", "what", "general"]
SessionStatus = Literal["open", "pending", "consolidated", "failed"]

NODE_TYPES: tuple[str, ...] = ("episodic", "semantic", "procedural", "opinion")
EDGE_TYPES: tuple[str, ...] = ("temporal", "causal", "entity", "derived_from", "supersedes")
ENTITY_TYPES: tuple[str, ...] = ("person", "organization", "place", "project", "tool", "concept")
INTENTS: tuple[str, ...] = ("why", "when", "who", "what", "general")
DEFAULT_USER = "default"  # the user_id of a memory used without users


@dataclass(frozen=True)
class Node:
    id: int
    type: str
    content: str
    event_time: float
    created_at: float
    valid_from: float
    valid_until: float | None = None
    invalid_reason: str | None = None
    archived_at: float | None = None
    confidence: float = 1.0
    base_strength: float = 1.0
    decay_rate: float = 0.1
    access_count: int = 0
    last_accessed: float | None = None
    source_type: str | None = None
    source_role: str | None = None
    session_id: str | None = None
    fact_key: str | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    user_id: str = "default"
    speaker: str | None = None  # who said an episode; None = the user

    @property
    def active(self) -> bool:
        return self.valid_until is None and self.archived_at is None


@dataclass(frozen=True)
class Edge:
    id: int
    src: int
    dst: int
    type: str
    predicate: str | None = None
    weight: float = 1.0
    confidence: float = 1.0
    valid_from: float | None = None
    valid_until: float | None = None
    evidence: str | None = None
    created_at: float = 0.0


@dataclass(frozen=True)
class Entity:
    id: int
    canonical_name: str
    type: str
    summary: str | None = None
    mention_count: int = 0
    first_seen: float | None = None
    last_seen: float | None = None
    merged_into: int | None = None
    aliases: tuple[str, ...] = ()
    attributes: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Session:
    id: str
    started_at: float
    last_event_at: float
    status: str
    episode_count: int = 0
    ended_at: float | None = None
    attempts: int = 0
    last_error: str | None = None
    consolidated_at: float | None = None
    user_id: str = "default"


@dataclass(frozen=True)
class Hit:
    """One retrieved node with its fused score and its rank in every channel (1-based)."""

    node: Node
    score: float
    ranks: dict[str, int] = field(default_factory=dict)
    superseded_by: tuple[int, ...] = ()


# -- what a consolidator proposes ------------------------------------------------------------------
# A consolidator reads episodes and returns a ``Plan``; it never writes. The knowledge layer applies
# the plan (entities, derived_from edges, supersession), so the LLM path and the offline rule path
# are interchangeable and a plan can be inspected or diffed. ``FactProposal.key`` is
# ``"subject|attribute"`` (e.g. ``"user|city"``): two active facts with the same key are conflict
# candidates; the applier decides whether the new one supersedes.
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
class Preloading(Protocol):
    """A capability of a consolidator that loads something slow (parsers, models): ``warm()``
    loads it (on a background thread), ``ready()`` says whether that is done."""

    def warm(self) -> None: ...

    def ready(self) -> bool: ...


@runtime_checkable
class Consolidator(Protocol):
    name: str  # what reports and the consolidation log call it ("nlp", "llm", ...)

    def consolidate(self, episodes: Sequence[EpisodeRef], context: ConsolidationContext) -> Plan:
        """Propose facts, entities and causal links for ``episodes``; never write."""
        ...
