"""Typed reports of what a consolidation or maintenance run did.

Each is a dataclass with ``to_dict()`` for JSON. Item access (``report["facts_created"]``) still
works, so scripts written against the earlier dict reports keep running.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, TypeVar

R = TypeVar("R", bound="_Report")


class _Report:
    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)  # type: ignore[call-overload, no-any-return]

    def __getitem__(self, key: str) -> Any:
        if key not in self.__dataclass_fields__:  # type: ignore[attr-defined]
            raise KeyError(key)
        return getattr(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self.__dataclass_fields__  # type: ignore[attr-defined]

    def get(self, key: str, default: Any = None) -> Any:
        return getattr(self, key, default) if key in self else default

    @classmethod
    def from_dict(cls: type[R], data: dict[str, Any]) -> R:
        known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(frozen=True)
class ConsolidationReport(_Report):
    consolidator: str
    sessions: int = 0
    consolidated: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    failed: dict[str, Any] = field(default_factory=dict)
    episodes: int = 0
    facts_created: int = 0
    facts_deduplicated: int = 0
    superseded: int = 0
    ended: int = 0  # facts the episodes said are over, with nothing in their place ("I quit tennis")
    entities_created: int = 0
    entity_links: int = 0
    causal_edges: int = 0
    dropped_proposals: int = 0
    rejected_ungrounded: int = 0  # LLM facts their sources do not support (memlab.knowledge.grounding)
    rejected: list[str] = field(default_factory=list)  # one note per rejected fact: what, from where, why
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class MaintenanceReport(_Report):
    """Each step's counts and seconds under ``steps``; a step that raised is under ``errors``."""

    run_id: int
    now: float
    steps: dict[str, dict[str, Any]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    resumed: list[str] = field(default_factory=list)
    sessions_closed: list[str] = field(default_factory=list)
    deadline_reached: bool = False  # some work was left for the next run (sessions stay pending)


@dataclass(frozen=True)
class MemoryStats(_Report):
    """What ``Memory.stats()`` reports: committed counts (never waits on queued work), the file,
    which layers are live, and what a crash could lose right now (``writer.uncommitted``)."""

    nodes: dict[str, int]  # by type
    nodes_total: int
    active: int
    superseded: int
    forgotten: int
    archived: int
    edges: dict[str, int]  # by type
    entities: int
    sessions: dict[str, int]  # by status
    vectors: int
    unembedded: int
    path: str
    db_bytes: int
    driver: str
    sqlite_version: str
    layers: dict[str, Any]
    writer: dict[str, Any] | None = None  # None when read-only
    embedding: dict[str, Any] | None = None  # the embed worker's counters; None without an embedder
    user_id: str | None = None  # counts are this user's only (None: the whole file)
