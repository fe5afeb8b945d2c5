"""Agent-facing tools: plain functions ``fn(memory, **arguments) -> JSON-able`` plus JSON schemas.

``TOOLS`` maps each name to ``(function, schema)``; the schema is in OpenAI function-calling
form (``{"name", "description", "parameters"}``) and is what MCP lists too. ``call_tool``
validates arguments against the schema and turns every bad input into ``{"error": ...}`` that
an agent can read and act on, instead of an exception.

Tools that change memory never act on a blind top-1 search hit (DESIGN.md §5): ``correct_fact``
and ``forget_fact`` take an id, or a query that matches exactly one fact; otherwise they return
the candidates.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from memlab.clock import from_iso, iso
from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.knowledge.decay import days_until
from memlab.knowledge.plan import FACT_TYPES, EntityMention
from memlab.store import store as st
from memlab.types import DEFAULT_USER, ENTITY_TYPES, NODE_TYPES, Node

MAX_FACT_CHARS = 2000  # the cap consolidation applies to facts; long text belongs in ingest
MAX_SEARCH_LIMIT = 100


def _fact_text(text: Any, name: str) -> str:
    if not isinstance(text, str):
        raise ToolError(f"{name} must be a string, got {type(text).__name__}")
    clean = " ".join(text.split())
    if not clean:
        raise ToolError(f"{name} is empty")
    if len(clean) > MAX_FACT_CHARS:
        raise ToolError(
            f"{name} has {len(clean)} characters; a fact is one statement of at most {MAX_FACT_CHARS}. "
            "Store long text as a message (ingest) and remember the fact it states"
        )
    return clean

FACT_MATCH_COSINE = 0.75  # a vector-only candidate this close counts as naming the fact


class ToolError(ValueError):
    """Bad input for a tool; ``call_tool`` returns its message as ``{"error": ...}``."""


# -- helpers ----------------------------------------------------------------------------------------
def _time(value: Any, name: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    try:
        return from_iso(str(value))
    except ValueError:
        raise ToolError(f"{name}: expected an ISO date/datetime or epoch seconds, got {value!r}") from None


def _policy(memory: Any) -> Any:
    from memlab.knowledge.maintenance import build_policy

    return build_policy(memory)


def node_dict(memory: Any, n: Node, now: float | None = None) -> dict[str, Any]:
    now = memory.clock.now() if now is None else now
    status = "active" if n.active else (n.invalid_reason or "archived")
    return {
        "id": n.id,
        "type": n.type,
        "content": n.content,
        "status": status,
        "valid_from": iso(n.valid_from),
        "valid_until": iso(n.valid_until) if n.valid_until else None,
        "confidence": round(float(_policy(memory).weight(n, now)), 4),
        "session_id": n.session_id,
        "key": n.fact_key,
    }


def _fact(memory: Any, fact_id: int, *, active: bool = True, user_id: str | None = None) -> Node:
    n: Node | None = memory.store.node(int(fact_id))
    if n is None or user_id is not None and n.user_id != user_id:  # another user's memory does not exist here
        raise ToolError(f"no memory with id {fact_id}")
    if active and n.valid_until is not None:
        raise ToolError(f"memory {fact_id} is no longer valid ({n.invalid_reason}); see explain_fact")
    return n


def _vector(memory: Any, text: str) -> np.ndarray | None:
    if memory.embedder is None:
        return None
    try:
        return memory.embedder.embed_batch([text])[0]  # type: ignore[no-any-return]
    except Exception:
        return None


def find_facts(
    memory: Any, query: str, limit: int = 5, types: tuple[str, ...] = FACT_TYPES, user_id: str | None = None
) -> list[Node]:
    """Active facts that a query names: a lexical match or a close vector; no reinforcement."""
    vec = _vector(memory, query)
    found: dict[int, cf.Candidate] = {}
    for t in types:
        for c in cf.search_candidates(memory, query, vec, fact_type=t, limit=limit, user_id=user_id):
            found[c.id] = c
    from memlab.text import fts_query

    match = fts_query(query)
    lexical: set[int] = set()
    if match and found:
        ids = list(found)
        rows = memory.store.execute_read(
            f"SELECT rowid FROM nodes_fts WHERE nodes_fts MATCH ? AND rowid IN ({','.join('?' * len(ids))})",
            [match, *ids],
        )
        lexical = {r[0] for r in rows}
    keep = [c for c in found.values() if c.id in lexical or (c.cosine or 0.0) >= FACT_MATCH_COSINE]
    keep.sort(key=lambda c: (c.id not in lexical, -(c.cosine or 0.0), c.id))
    return memory.store.nodes([c.id for c in keep[:limit]])  # type: ignore[no-any-return]


def _pick(
    memory: Any, fact_id: int | None, query: str | None, action: str, user_id: str | None = None
) -> Node | dict[str, Any]:
    """The one fact to act on, or a reply listing candidates (never a blind top-1)."""
    if fact_id is not None:
        return _fact(memory, fact_id, user_id=user_id)
    if not query or not query.strip():
        raise ToolError(f"{action}: give fact_id, or a query that names the fact")
    cands = find_facts(memory, query, user_id=user_id)
    if len(cands) == 1:
        return cands[0]
    status = "not_found" if not cands else "ambiguous"
    return {
        "status": status,
        "action": action,
        "message": f"{len(cands)} facts match; call again with fact_id",
        "candidates": [node_dict(memory, n) for n in cands],
    }


# -- the tools --------------------------------------------------------------------------------------------
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
        since=_time(since, "since"),
        until=_time(until, "until"),
        as_of=_time(as_of, "as_of"),
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


def remember_fact(
    memory: Any,
    content: str,
    type: str = "semantic",
    key: str | None = None,
    value: str | None = None,
    entities: list[dict[str, Any]] | None = None,
    confidence: float = 0.9,
    user_id: str | None = None,
) -> dict[str, Any]:
    """Store a fact the agent was told; skips duplicates (same normalised content or cosine > 0.92).

    With a ``key`` ("user|city"), an active fact with that key and another value is superseded.
    """
    content = _fact_text(content, "content")
    vec = _vector(memory, content)
    dup = _duplicate(memory, content, type, vec, user_id or DEFAULT_USER)
    if dup is not None:
        return {
            "status": "duplicate",
            "id": dup[0],
            "similarity": dup[1],
            "message": "already known; not stored",
        }
    mentions = [_mention(e) for e in entities or ()]
    now = memory.clock.now()
    cfg = memory.config
    user = user_id or DEFAULT_USER

    def fn(con: Any) -> dict[str, Any]:
        node_id = st.insert_node(
            con,
            type=type,
            content=content,
            event_time=now,
            created_at=now,
            confidence=confidence,
            base_strength=confidence,
            decay_rate=cfg.decay.lambda_,
            source_type="tool:remember_fact",
            fact_key=key,
            attributes={"value": value} if value is not None else None,
            user_id=user,
        )
        if vec is not None and memory.index is not None:
            memory.index.add(con, [node_id], vec[None, :])
        for m in mentions:
            r = ent.resolve(con, m, now, user_id=user)
            ent.link(con, node_id, r.entity_id, m.role)
            ent.count_mentions(con, r.entity_id, 1, now, now)
        superseded = []
        for c in cf.keyed_candidates(con, key, exclude=node_id, user_id=user) if key else []:
            if cf.verdict(content, key, value, c) == "supersedes" and cf.resolve_conflict(
                con,
                c.id,
                node_id,
                now,
                confidence=cfg.consolidation.superseded_confidence,
                decay_rate=cfg.consolidation.superseded_decay_rate,
            ):
                superseded.append(c.id)
        return {"status": "stored", "id": node_id, "superseded": superseded}

    out: dict[str, Any] = memory.store.writer.call(fn)
    if vec is None:
        memory.queue_embedding(out["id"], content)
    return out


def _duplicate(
    memory: Any, content: str, fact_type: str, vec: np.ndarray | None, user_id: str
) -> tuple[int, float] | None:
    con = memory.store.reader()
    same = cf.same_content_candidates(con, content, user_id=user_id)
    if same:
        return same[0].id, 1.0
    threshold = memory.config.consolidation.dedup_cosine
    for c in cf.search_candidates(memory, content, vec, limit=5, user_id=user_id):
        if c.cosine is not None and c.cosine > threshold:
            return c.id, round(c.cosine, 4)
    return None


def _mention(raw: Any) -> EntityMention:
    if isinstance(raw, str):
        raw = {"name": raw}
    if not isinstance(raw, Mapping) or not str(raw.get("name", "")).strip():
        raise ToolError("each entity needs a non-empty name")
    etype = raw.get("type") or "concept"
    if etype not in ENTITY_TYPES:
        raise ToolError(f"entity type {etype!r} is not one of {list(ENTITY_TYPES)}")
    return EntityMention(str(raw["name"]).strip(), etype, raw.get("role"))


def correct_fact(
    memory: Any, correction: str, fact_id: int | None = None, query: str | None = None, user_id: str | None = None
) -> dict[str, Any]:
    """Replace a fact with a corrected one (the old one is superseded, kept in history).

    Without ``fact_id`` the ``query`` must match exactly one active fact; otherwise the candidates
    come back and nothing changes.
    """
    correction = _fact_text(correction, "correction")
    picked = _pick(memory, fact_id, query, "correct_fact", user_id)
    if isinstance(picked, dict):
        return picked
    old = picked
    if old.type == "episodic":
        raise ToolError(f"memory {old.id} is an episode (a record of what was said); correct a fact instead")
    now = memory.clock.now()
    vec = _vector(memory, correction)
    cfg = memory.config

    def fn(con: Any) -> int:
        new_id = st.insert_node(
            con,
            type=old.type,
            content=correction,
            event_time=now,
            created_at=now,
            confidence=0.9,
            base_strength=0.9,
            decay_rate=cfg.decay.lambda_,
            source_type="tool:correct_fact",
            fact_key=old.fact_key,
            attributes={"corrects": old.id},
            user_id=old.user_id,
        )
        if vec is not None and memory.index is not None:
            memory.index.add(con, [new_id], vec[None, :])
        con.execute(
            "INSERT INTO node_entities(node_id, entity_id, role) SELECT ?, entity_id, role FROM node_entities "
            "WHERE node_id = ? ON CONFLICT DO NOTHING",
            (new_id, old.id),
        )
        if not cf.resolve_conflict(
            con,
            old.id,
            new_id,
            now,
            confidence=cfg.consolidation.superseded_confidence,
            decay_rate=cfg.consolidation.superseded_decay_rate,
        ):
            raise ToolError(f"memory {old.id} changed meanwhile; nothing corrected")
        return new_id

    new_id = memory.store.writer.call(fn)
    return {"status": "corrected", "old_id": old.id, "new_id": new_id, "content": correction}


def confirm_fact(memory: Any, fact_id: int, user_id: str | None = None) -> dict[str, Any]:
    """The user confirmed a fact: full strength and no decay (λ = 0); un-archives it."""
    n = _fact(memory, fact_id, user_id=user_id)
    if n.type == "episodic":
        raise ToolError(f"memory {fact_id} is an episode; episodes never decay")
    memory.store.writer.call(
        lambda con: con.execute(
            "UPDATE nodes SET decay_rate = 0, base_strength = 1.0, confidence = 1.0, archived_at = NULL WHERE id = ?",
            (n.id,),
        )
    )
    return {"status": "confirmed", "id": n.id, "content": n.content}


def forget_fact(
    memory: Any, fact_id: int | None = None, query: str | None = None, user_id: str | None = None
) -> dict[str, Any]:
    """Soft-delete (reason ``forgotten``): gone from search, still in history for ``as_of``."""
    picked = _pick(memory, fact_id, query, "forget_fact", user_id)
    if isinstance(picked, dict):
        return picked
    if picked.type == "episodic":  # as correct_fact and confirm_fact: episodes are the record
        raise ToolError(
            f"memory {picked.id} is an episode (a record of what was said); forget the facts derived from it"
        )
    now = memory.clock.now()
    memory.store.writer.call(
        lambda con: st.invalidate(con, picked.id, max(now, picked.valid_from), "forgotten")
    )
    return {"status": "forgotten", "id": picked.id, "content": picked.content}


def get_entity_profile(memory: Any, entity: str | int, limit: int = 20, user_id: str | None = None) -> dict[str, Any]:
    """Summary, aliases, current facts, replaced facts and recent episodes about one entity."""
    eid = ent.lookup(memory, entity, user_id)
    if eid is None:
        raise ToolError(f"no entity named {entity!r}")
    e = memory.store.entity(eid)
    facts = ent.entity_facts(memory, eid, limit=limit, include_history=True)  # an entity is one user's
    rows = memory.store.execute_read(
        "SELECT n.id, n.content, n.event_time FROM node_entities ne JOIN nodes n ON n.id = ne.node_id "
        "WHERE ne.entity_id = ? AND n.type = 'episodic' ORDER BY n.event_time DESC LIMIT ?",
        (eid, limit),
    )
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
    from memlab.store import queries as q

    eid = None
    if entity is not None:
        eid = ent.lookup(memory, entity, user_id)
        if eid is None:
            raise ToolError(f"no entity named {entity!r}")
    where, params = q.node_filter(
        types=types or None,
        since=_time(since, "since"),
        until=_time(until, "until"),
        include_history=include_history,
        entity_id=eid,
        user_id=user_id,
    )
    nodes = memory.store.find_nodes(where, params, order="n.event_time DESC, n.id DESC", limit=limit)
    now = memory.clock.now()
    return {
        "entity_id": eid,
        "events": [{**node_dict(memory, n, now), "time": iso(n.event_time)} for n in reversed(nodes)],
    }


def memory_stats(memory: Any) -> dict[str, Any]:
    """Nodes and edges by type, entities, orphans, sessions, DB size and live layers."""
    s = memory.stats()
    orphans = memory.store.execute_read(
        "SELECT count(*) FROM nodes n WHERE n.type != 'episodic' AND NOT EXISTS "
        "(SELECT 1 FROM edges e WHERE e.src = n.id OR e.dst = n.id) AND NOT EXISTS "
        "(SELECT 1 FROM node_entities x WHERE x.node_id = n.id)"
    )[0][0]
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
    n = _fact(memory, fact_id, active=False, user_id=user_id)
    con = memory.store.reader()
    now = memory.clock.now()
    src = [e.dst for e in memory.store.edges(n.id, ["derived_from"], "out")]
    chain = cf.chain(con, n.id)
    ents = memory.store.execute_read(
        "SELECT e.id, e.canonical_name, e.type, ne.role FROM node_entities ne JOIN entities e ON e.id = ne.entity_id "
        "WHERE ne.node_id = ? ORDER BY e.id",
        (n.id,),
    )
    policy = _policy(memory)
    w = policy.weight(n, now)
    lam = n.decay_rate
    beta = getattr(policy, "beta", 1.0)
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
    from memlab.store import queries as q
    from memlab.store.store import row_to_node

    policy, now = _policy(memory), memory.clock.now()
    threshold = memory.config.decay.archive_threshold
    scored: list[tuple[float, Node]] = []
    last = 0
    while True:
        rows = memory.store.execute_read(
            f"SELECT {q.NODE_COLUMNS} FROM nodes WHERE type != 'episodic' AND valid_until IS NULL "
            "AND archived_at IS NULL AND id > ? AND (? IS NULL OR user_id = ?) ORDER BY id LIMIT 5000",
            (last, user_id, user_id),
        )
        if not rows:
            break
        last = rows[-1][0]
        scored.extend((policy.weight(n, now), n) for n in map(row_to_node, rows))
        scored = sorted(scored, key=lambda x: (x[0], x[1].id))[:limit]
    out = []
    for w, n in scored:
        left = days_until(threshold, w, n.decay_rate, getattr(policy, "beta", 1.0))
        out.append(
            {
                **node_dict(memory, n, now),
                "days_until_archive": None if left == float("inf") else round(left, 1),
            }
        )
    return {"threshold": threshold, "facts": out}


# -- schemas and dispatch ----------------------------------------------------------------------------------
_TIME = {"type": ["string", "number"], "description": "ISO date/datetime (UTC) or epoch seconds"}
_ID = {"type": "integer", "minimum": 1}
_ENTITY_REF = {"type": ["string", "integer"], "description": "entity name, alias or id"}


def _schema(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": props,
            "required": required,
            "additionalProperties": False,
        },
    }


SCHEMAS: dict[str, dict[str, Any]] = {
    "search_memory": _schema(
        "search_memory",
        "Search long-term memory (facts and past messages).",
        {
            "query": {"type": "string", "minLength": 1},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "types": {"type": "array", "items": {"enum": list(NODE_TYPES)}},
            "entity": _ENTITY_REF,
            "since": _TIME,
            "until": _TIME,
            "as_of": {**_TIME, "description": "answer from what memory held at this time"},
            "include_history": {"type": "boolean"},
        },
        ["query"],
    ),
    "remember_fact": _schema(
        "remember_fact",
        "Store a fact the user stated (duplicates are skipped).",
        {
            "content": {"type": "string", "minLength": 1, "description": "one short sentence about the user"},
            "type": {"enum": list(FACT_TYPES)},
            "key": {"type": ["string", "null"], "description": "subject|attribute, e.g. user|city"},
            "value": {"type": ["string", "null"]},
            "entities": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "properties": {
                        "name": {"type": "string", "minLength": 1},
                        "type": {"enum": list(ENTITY_TYPES)},
                        "role": {"type": ["string", "null"]},
                    },
                },
            },
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        ["content"],
    ),
    "correct_fact": _schema(
        "correct_fact",
        "Replace a wrong fact; returns candidates when the query is ambiguous.",
        {
            "correction": {"type": "string", "minLength": 1},
            "fact_id": _ID,
            "query": {"type": "string", "description": "words naming the fact to correct"},
        },
        ["correction"],
    ),
    "confirm_fact": _schema(
        "confirm_fact", "Mark a fact as confirmed: it will not decay.", {"fact_id": _ID}, ["fact_id"]
    ),
    "forget_fact": _schema(
        "forget_fact",
        "Forget a fact (soft delete); needs an id or an unambiguous query.",
        {"fact_id": _ID, "query": {"type": "string"}},
        [],
    ),
    "get_entity_profile": _schema(
        "get_entity_profile",
        "Everything memory holds about a person, place, tool...",
        {"entity": _ENTITY_REF, "limit": {"type": "integer", "minimum": 1, "maximum": 200}},
        ["entity"],
    ),
    "get_timeline": _schema(
        "get_timeline",
        "Memories in time order, optionally about one entity or period.",
        {
            "entity": _ENTITY_REF,
            "since": _TIME,
            "until": _TIME,
            "types": {"type": "array", "items": {"enum": list(NODE_TYPES)}},
            "limit": {"type": "integer", "minimum": 1, "maximum": 500},
            "include_history": {"type": "boolean"},
        },
        [],
    ),
    "memory_stats": _schema("memory_stats", "Sizes, counts and live layers of this memory.", {}, []),
    "explain_fact": _schema(
        "explain_fact", "Sources, supersession chain and entities of one fact.", {"fact_id": _ID}, ["fact_id"]
    ),
    "weak_facts": _schema(
        "weak_facts",
        "Facts with the lowest confidence now (about to be archived).",
        {"limit": {"type": "integer", "minimum": 1, "maximum": 100}},
        [],
    ),
}

_FUNCS: dict[str, Callable[..., Any]] = {
    "search_memory": search_memory,
    "remember_fact": remember_fact,
    "correct_fact": correct_fact,
    "confirm_fact": confirm_fact,
    "forget_fact": forget_fact,
    "get_entity_profile": get_entity_profile,
    "get_timeline": get_timeline,
    "memory_stats": memory_stats,
    "explain_fact": explain_fact,
    "weak_facts": weak_facts,
}
TOOLS: dict[str, tuple[Callable[..., Any], dict[str, Any]]] = {k: (_FUNCS[k], SCHEMAS[k]) for k in _FUNCS}


def openai_tools() -> list[dict[str, Any]]:
    """The ``tools=`` list for OpenAI-style chat completions."""
    return [{"type": "function", "function": schema} for _, schema in TOOLS.values()]


def call_tool(
    memory: Any, name: str, arguments: str | Mapping[str, Any] | None = None, *, user_id: str | None = None
) -> Any:
    """Validate and run one tool; bad input (or an unknown tool) gives ``{"error": ...}``.

    ``user_id`` scopes every tool to one user's memory: another user's facts, entities and
    episodes are not found (memory_stats alone counts the whole file)."""
    from memlab.llm.parse import first_error

    if name not in TOOLS:
        return {"error": f"unknown tool {name!r}; available: {sorted(TOOLS)}"}
    fn, schema = TOOLS[name]
    if arguments is None or arguments == "":
        args: Any = {}
    elif isinstance(arguments, str):
        try:
            args = json.loads(arguments)
        except json.JSONDecodeError as exc:
            return {"error": f"{name}: arguments are not valid JSON ({exc})"}
    else:
        args = dict(arguments)
    if not isinstance(args, dict):
        return {"error": f"{name}: arguments must be a JSON object"}
    problem = first_error(args, schema["parameters"], "arguments")
    if problem is not None:
        return {"error": f"{name}: {problem}"}
    if user_id is not None and name in USER_SCOPED:
        args["user_id"] = user_id
    try:
        return _jsonable(fn(memory, **args))
    except ToolError as exc:
        return {"error": f"{name}: {exc}"}


USER_SCOPED = frozenset(
    {"search_memory", "remember_fact", "correct_fact", "confirm_fact", "forget_fact", "get_entity_profile",
     "get_timeline", "explain_fact", "weak_facts"}
)  # fmt: skip


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str, ensure_ascii=False))


__all__ = ["TOOLS", "SCHEMAS", "ToolError", "call_tool", "openai_tools", *sorted(_FUNCS)]
