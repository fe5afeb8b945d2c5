"""The agent tools that read memory: search, entity profiles, timelines, provenance, weak facts."""

from __future__ import annotations

from typing import Any

from memlab.clock import iso
from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.knowledge.decay import days_until
from memlab.store import fact_rows
from memlab.tools.common import MAX_SEARCH_LIMIT, ToolError, decay_policy, get_fact, node_dict, parse_time
from memlab.types import Node


def search_memory(
    memory: Any,
    query: str,
    limit: int = 10,
    types: list[str] | None = None,
    entity: str | None = None,
    since: Any = None,
    until: Any = None,
    as_of: Any = None,
    include_history: bool = False,
    user_id: str | None = None,
) -> dict[str, Any]:
    """Hybrid, intent-aware search within one user (this counts as access: hits are reinforced)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_SEARCH_LIMIT:
        raise ToolError(f"limit must be an integer from 1 to {MAX_SEARCH_LIMIT}, got {limit!r}")
    hits = memory.search(
        query,
        limit=limit,
        types=types or None,
        entity=entity,
        since=parse_time(since, "since"),
        until=parse_time(until, "until"),
        as_of=parse_time(as_of, "as_of"),
        include_history=include_history,
        user_id=user_id,
    )
    now = memory.clock.now()
    return {
        "results": [
            {
                **node_dict(memory, h.node, now),
                "score": round(h.score, 5),
                "channels": h.ranks,
                "superseded_by": list(h.superseded_by),
            }
            for h in hits
        ]
    }


def get_entity_profile(
    memory: Any, entity: str | int, limit: int = 20, user_id: str | None = None
) -> dict[str, Any]:
    """Summary, aliases, current facts, replaced facts and recent episodes about one entity."""
    eid = ent.lookup(memory.knowledge, entity, user_id)
    if eid is None:
        raise ToolError(f"no entity named {entity!r}")
    e = memory.store.entity(eid)
    facts = ent.entity_facts(memory.knowledge, eid, limit=limit, include_history=True)  # an entity is one user's
    rows = fact_rows.entity_episodes(memory.store, eid, limit)
    fmt = [
        {
            **f,
            "valid_from": iso(f["valid_from"]),
            "valid_until": iso(f["valid_until"]) if f["valid_until"] else None,
        }
        for f in facts
    ]
    return {
        "id": e.id,
        "name": e.canonical_name,
        "type": e.type,
        "summary": e.summary,
        "aliases": list(e.aliases),
        "mentions": e.mention_count,
        "first_seen": iso(e.first_seen),
        "last_seen": iso(e.last_seen),
        "facts": [f for f in fmt if f["valid_until"] is None],
        "history": [f for f in fmt if f["valid_until"] is not None],
        "timeline": [{"id": r[0], "content": r[1], "time": iso(r[2])} for r in rows],
    }


def get_timeline(
    memory: Any,
    entity: str | int | None = None,
    since: Any = None,
    until: Any = None,
    types: list[str] | None = None,
    limit: int = 50,
    include_history: bool = True,
    user_id: str | None = None,
) -> dict[str, Any]:
    """Memories in world-time order (oldest first), optionally about one entity or in a window."""
    eid = None
    if entity is not None:
        eid = ent.lookup(memory.knowledge, entity, user_id)
        if eid is None:
            raise ToolError(f"no entity named {entity!r}")
    visible = None if include_history else True  # active now: not ended and not archived
    nodes = memory.store.find_nodes(
        types=types or None,
        since=parse_time(since, "since"),
        until=parse_time(until, "until"),
        current=visible,
        archived=None if visible is None else False,
        entity_id=eid,
        user_id=user_id,
        order="recent",
        limit=limit,
    )
    now = memory.clock.now()
    return {
        "entity_id": eid,
        "events": [{**node_dict(memory, n, now), "time": iso(n.event_time)} for n in reversed(nodes)],
    }


def memory_stats(memory: Any, user_id: str | None = None) -> dict[str, Any]:
    """Nodes and edges by type, entities, orphans, sessions, DB size and live layers (the counts
    are ``user_id``'s only when given)."""
    s = memory.stats(user_id) if user_id is not None else memory.stats()
    orphans = fact_rows.orphan_fact_count(memory.store)
    keys = (
        "nodes",
        "nodes_total",
        "active",
        "superseded",
        "forgotten",
        "archived",
        "edges",
        "entities",
        "sessions",
        "vectors",
        "unembedded",
        "db_bytes",
        "layers",
    )
    return {**{k: s[k] for k in keys if k in s}, "orphan_facts": orphans}


def explain_fact(memory: Any, fact_id: int, user_id: str | None = None) -> dict[str, Any]:
    """Why memory holds a fact: its source episodes, what it replaced or was replaced by, entities."""
    n = get_fact(memory, fact_id, active=False, user_id=user_id)
    con = memory.store.reader()
    now = memory.clock.now()
    src = [e.dst for e in memory.store.edges(n.id, ["derived_from"], "out")]
    chain = cf.chain(con, n.id)
    ents = fact_rows.node_entity_roles(memory.store, n.id)
    policy = decay_policy(memory)
    w = policy.weight(n, now)
    lam = n.decay_rate
    beta = policy.beta
    left = days_until(memory.config.decay.archive_threshold, w, lam, beta) if n.type != "episodic" else None
    return {
        "fact": node_dict(memory, n, now),
        "source": n.source_type,
        "derived_from": [
            {
                "id": e.id,
                "content": e.content,
                "time": iso(e.event_time),
                "role": e.source_role,
                "session_id": e.session_id,
            }
            for e in memory.store.nodes(src)
        ],
        "supersedes": [node_dict(memory, x, now) for x in memory.store.nodes(chain["older"])],
        "superseded_by": [node_dict(memory, x, now) for x in memory.store.nodes(chain["newer"])],
        "entities": [{"id": r[0], "name": r[1], "type": r[2], "role": r[3]} for r in ents],
        "decay": {
            "base": n.base_strength,
            "lambda": lam,
            "last_access": iso(n.last_accessed),
            "days_until_archive": None if left is None or left == float("inf") else round(left, 1),
        },
    }


def weak_facts(memory: Any, limit: int = 10, user_id: str | None = None) -> dict[str, Any]:
    """Active facts with the lowest effective confidence now: the ones about to be archived."""
    policy, now = decay_policy(memory), memory.clock.now()
    threshold = memory.config.decay.archive_threshold
    scored: list[tuple[float, Node]] = []
    last = 0
    while True:
        page = fact_rows.active_fact_page(memory.store, last, user_id)
        if not page:
            break
        last = page[-1].id
        scored.extend((policy.weight(n, now), n) for n in page)
        scored = sorted(scored, key=lambda x: (x[0], x[1].id))[:limit]
    out = []
    for w, n in scored:
        left = days_until(threshold, w, n.decay_rate, policy.beta)
        out.append(
            {
                **node_dict(memory, n, now),
                "days_until_archive": None if left == float("inf") else round(left, 1),
            }
        )
    return {"threshold": threshold, "facts": out}
