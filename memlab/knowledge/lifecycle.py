"""Consolidation: a completed session's episodes become facts, entities and links.

The write-path workflow (one session at a time):

1. idempotency: only ``pending``/``failed`` sessions are consolidated (``open`` ones are still
   being written; ``consolidated`` ones are done), and the final UPDATE re-checks the status
   inside the transaction, so two racing runs cannot both apply a plan;
2. the session's episodes are read in pages of ``consolidation.page_size``; each page goes to the
   Consolidator (rule-based offline, LLM when configured), which returns a Plan and never writes;
3. the plan is validated (it may come from an LLM: untrusted), its texts and names are embedded,
   and dedup/conflict candidates are looked up, all outside the writer;
4. the plan is applied in ONE writer transaction: facts valid from their newest source episode's
   time, ``derived_from`` edges, entities + aliases + links + mention counts, conflicts resolved,
   causal edges, the session marked consolidated. Any error rolls all of it back.

A failing consolidator leaves the session ``pending`` (``failed`` after ``max_attempts``) with
``attempts`` + 1 and ``last_error``; episodes are never touched, so nothing is lost. A ``failed``
session is not given up: ``consolidate()`` (so ``maintain()``) retries it once its backoff has
passed (``retry_backoff_s`` x 2^(attempts - max_attempts) after the last attempt, capped at a
day). Background (auto) consolidation records the error but spends no attempt: opening a memory
while the LLM is down must not use up a session's tries.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.knowledge.names import normalize_name
from memlab.knowledge.plan import (
    FACT_TYPES,
    ConsolidationContext,
    ConsolidationError,
    Consolidator,
    EntityMention,
    EpisodeRef,
    FactProposal,
    Plan,
)
from memlab.store import store as st
from memlab.text import fts_query
from memlab.types import ENTITY_TYPES

if TYPE_CHECKING:
    from memlab.view import MemoryView

log = logging.getLogger("memlab.knowledge")
EXT_AUTO = "memlab.knowledge.auto"
EXT_LOCK = "memlab.knowledge.lock"
MAX_ATTEMPTS = 3
MAX_FACT_CHARS = 2000
MAX_RETRY_BACKOFF_S = 86_400.0
_LAST_ATTEMPT = "session_last_attempt:"  # meta key prefix: when a session's last attempt failed
CONTEXT_FACTS = 40  # existing facts shown to the consolidator


class SessionNotReady(RuntimeError):
    """The session is open (still receiving episodes) or unknown."""


# -- choosing the consolidator -------------------------------------------------------------------
def default_consolidator(memory: MemoryView) -> tuple[Consolidator, str]:
    """(consolidator, name) as the composition root built them from the config."""
    return memory.parts.consolidator, memory.parts.consolidator_name


def _lock(memory: MemoryView) -> threading.Lock:
    return memory.extensions.setdefault(EXT_LOCK, threading.Lock())  # type: ignore[no-any-return]


# -- public entry point -----------------------------------------------------------------------------
def consolidate(
    memory: MemoryView,
    session_id: str | None = None,
    consolidator: Consolidator | None = None,
    *,
    max_attempts: int = MAX_ATTEMPTS,
    count_attempt: bool = True,
) -> dict[str, Any]:
    """Consolidate one session, or every pending one (and failed ones whose backoff has passed);
    returns a report of counts and errors.

    Safe to call repeatedly and from several threads: a consolidated session is skipped.
    ``count_attempt=False`` (background runs) records a failure without spending an attempt.
    """
    assert memory.store is not None, "memory is not open"
    memory.flush()
    chosen, name = (
        (consolidator, getattr(consolidator, "name", type(consolidator).__name__))
        if consolidator is not None
        else default_consolidator(memory)
    )
    report = _empty_report(name)
    ids = [session_id] if session_id else [s.id for s in memory.store.sessions("pending")] + due_failed(memory)
    with _lock(memory):
        for sid in ids:
            _one(memory, sid, chosen, name, report, max_attempts if count_attempt else None)
    return report


def due_failed(memory: MemoryView, now: float | None = None) -> list[str]:
    """Failed sessions whose retry backoff has passed (a failed session is retried, not dropped)."""
    now = memory.clock.now() if now is None else now
    base = memory.config.consolidation.retry_backoff_s
    due = []
    for s in memory.store.sessions("failed"):
        last = memory.store.get_meta(_LAST_ATTEMPT + s.id)
        wait = min(MAX_RETRY_BACKOFF_S, base * 2 ** max(0, s.attempts - MAX_ATTEMPTS))
        if last is None or now >= float(last) + wait:
            due.append(s.id)
    return due


def _empty_report(name: str) -> dict[str, Any]:
    return {
        "consolidator": name,
        "sessions": 0,
        "consolidated": [],
        "skipped": {},
        "failed": {},
        "episodes": 0,
        "facts_created": 0,
        "facts_deduplicated": 0,
        "superseded": 0,
        "entities_created": 0,
        "entity_links": 0,
        "causal_edges": 0,
        "dropped_proposals": 0,
        "llm_calls": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "notes": [],
    }


def _one(
    memory: MemoryView, sid: str, chosen: Consolidator, name: str, report: dict[str, Any], max_attempts: int | None
) -> None:
    report["sessions"] += 1
    session = memory.store.session(sid)
    if session is None:
        report["skipped"][sid] = "unknown session"
        return
    if session.status in ("consolidated", "open"):
        report["skipped"][sid] = f"status {session.status}"
        return
    episodes = fetch_episodes(memory, sid, memory.config.consolidation.page_size)
    try:
        plan = run_consolidator(memory, chosen, sid, episodes)
        _count_llm(report, plan)
        plan, dropped = validate_plan(plan, episodes)
        prepared = prepare(memory, plan, episodes)
        applied = memory.store.writer.call(
            lambda con: apply_plan(con, memory, plan, episodes, prepared, name)
        )
    except _AlreadyDone:
        report["skipped"][sid] = "consolidated concurrently"
        return
    except Exception as exc:
        _count_llm(report, exc)
        err = f"{type(exc).__name__}: {exc}"
        now = memory.clock.now()
        status = memory.store.writer.call(lambda con: mark_failed(con, sid, err, max_attempts, now=now))
        report["failed"][sid] = {"error": err, "status": status}
        log.warning("memlab: consolidation of %s failed (%s)", sid, err)
        return
    after_commit(memory, applied)
    report["consolidated"].append(sid)
    report["episodes"] += len(episodes)
    report["dropped_proposals"] += dropped
    for k in (
        "facts_created",
        "facts_deduplicated",
        "superseded",
        "entities_created",
        "entity_links",
        "causal_edges",
    ):
        report[k] += getattr(applied, k)


def _count_llm(report: dict[str, Any], source: Any) -> None:
    report["llm_calls"] += int(getattr(source, "llm_calls", getattr(source, "calls", 0)) or 0)
    report["prompt_tokens"] += int(getattr(source, "prompt_tokens", 0) or 0)
    report["completion_tokens"] += int(getattr(source, "completion_tokens", 0) or 0)


# -- reading ------------------------------------------------------------------------------------------
def fetch_episodes(memory: MemoryView, session_id: str, page_size: int = 50) -> list[EpisodeRef]:
    """Every episode of a session, oldest first, read in pages (keyset pagination on time, id)."""
    out: list[EpisodeRef] = []
    last_t, last_id = float("-inf"), -1
    while True:
        rows = memory.store.execute_read(
            "SELECT id, content, event_time, coalesce(source_role, 'user'), speaker, user_id FROM nodes "
            "WHERE session_id = ? AND +type = 'episodic' AND (event_time, id) > (?, ?) "
            "ORDER BY event_time, id LIMIT ?",
            (session_id, last_t, last_id, page_size),
        )
        out.extend(EpisodeRef(r[0], r[1], r[2], r[3], session_id, r[4], r[5]) for r in rows)
        if len(rows) < page_size:
            return out
        last_t, last_id = rows[-1][2], rows[-1][0]


def existing_facts(
    memory: MemoryView, episodes: Sequence[EpisodeRef], limit: int = CONTEXT_FACTS
) -> list[tuple[int, str, str | None]]:
    """Active facts that share words with the episodes (what a consolidator may update)."""
    match = fts_query(" ".join(e.content for e in episodes), max_terms=32)
    if not match:
        return []
    rows = memory.store.execute_read(
        "SELECT n.id, n.content, n.fact_key FROM nodes_fts JOIN nodes n ON n.id = nodes_fts.rowid "
        "WHERE nodes_fts MATCH ? AND n.type != 'episodic' AND n.valid_until IS NULL AND n.archived_at IS NULL "
        "ORDER BY bm25(nodes_fts) LIMIT ?",
        (match, limit),
    )
    return [(r[0], r[1], r[2]) for r in rows]


def keyed_values(memory: MemoryView, user: str, subjects: Sequence[str]) -> list[tuple[str, str]]:
    """(key, value) of one user's active keyed facts about ``subjects`` and their relatives."""
    assert memory.store is not None
    nodes = memory.store.facts_about([s.casefold() for s in subjects], user, relatives=True)
    return [(n.fact_key or "", str(n.attributes.get("value") or "")) for n in nodes if n.attributes.get("value")]


class LazyFacts(Sequence[tuple[int, str, str | None]]):
    """``ConsolidationContext.existing_facts`` computed on first use.

    The FTS lookup scores every matching episode (measured: over half of rule consolidation time
    at 20K episodes), and the rule consolidator never reads it; the LLM one pays it once.
    """

    def __init__(self, compute: Callable[[], list[tuple[int, str, str | None]]]) -> None:
        self._compute = compute
        self._items: list[tuple[int, str, str | None]] | None = None

    def _get(self) -> list[tuple[int, str, str | None]]:
        if self._items is None:
            self._items = self._compute()
        return self._items

    def __len__(self) -> int:
        return len(self._get())

    def __getitem__(self, i: Any) -> Any:
        return self._get()[i]


def run_consolidator(memory: MemoryView, chosen: Consolidator, sid: str, episodes: Sequence[EpisodeRef]) -> Plan:
    """One consolidator call per page of episodes; the plans are concatenated."""
    page = max(1, memory.config.consolidation.page_size)
    plans: list[Plan] = []
    for i in range(0, len(episodes), page):
        chunk = episodes[i : i + page]
        ctx = ConsolidationContext(
            sid, LazyFacts(partial(existing_facts, memory, chunk)), partial(keyed_values, memory, _user(chunk))
        )
        plan = chosen.consolidate(chunk, ctx)
        if not isinstance(plan, Plan):
            raise ConsolidationError(f"consolidator returned {type(plan).__name__}, not a Plan")
        plans.append(plan)
    return Plan(
        session_id=sid,
        facts=tuple(f for p in plans for f in p.facts),
        entities=tuple(e for p in plans for e in p.entities),
        causal=tuple(c for p in plans for c in p.causal),
        llm_calls=sum(p.llm_calls for p in plans),
        prompt_tokens=sum(p.prompt_tokens for p in plans),
        completion_tokens=sum(p.completion_tokens for p in plans),
        notes=tuple(n for p in plans for n in p.notes),
    )


# -- validation ----------------------------------------------------------------------------------------
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
    dropped = (
        (len(plan.facts) - len(facts))
        + (len(plan.entities) - len(mentions))
        + (len(plan.causal) - len(causal))
    )
    return replace(plan, facts=tuple(facts), entities=tuple(mentions), causal=tuple(causal)), dropped


# -- preparation (outside the writer) ------------------------------------------------------------------
@dataclass
class Prepared:
    """Vectors and keyless dedup candidates computed before the write transaction."""

    fact_vectors: list[np.ndarray | None]
    name_vectors: dict[str, np.ndarray]
    keyless: list[list[cf.Candidate]]
    normalized: list[str] = field(default_factory=list)  # " normalised episode text " for mention lookup


def all_mentions(plan: Plan) -> list[EntityMention]:
    """Plan-level mentions plus the entities attached to facts, one per normalised name."""
    by_key: dict[str, EntityMention] = {}
    for e in (*plan.entities, *(x for f in plan.facts for x in f.entities)):
        k = normalize_name(e.name)
        old = by_key.get(k)
        if old is None or (old.type == "concept" and e.type != "concept"):
            by_key[k] = (
                e if old is None else replace(e, aliases=tuple(dict.fromkeys(old.aliases + e.aliases)))
            )
    return list(by_key.values())


def _embed(memory: MemoryView, texts: list[str]) -> np.ndarray | None:
    if memory.embedder is None or not texts:
        return None
    try:
        return memory.embedder.embed_batch(texts)  # type: ignore[no-any-return]
    except Exception as exc:  # degrade: embed_missing() picks the facts up later
        log.warning("memlab: embedding during consolidation failed: %r", exc)
        return None


def prepare(memory: MemoryView, plan: Plan, episodes: Sequence[EpisodeRef]) -> Prepared:
    facts = plan.facts
    fvecs = _embed(memory, [f.content for f in facts])
    names = [e.name for e in all_mentions(plan)]
    nvecs = _embed(memory, names)
    keyless: list[list[cf.Candidate]] = []
    con = memory.store.reader()
    for i, f in enumerate(facts):
        if f.key is not None:
            keyless.append([])
            continue
        user = _user(episodes)
        ids = [
            eid for e in f.entities if (eid := ent.find_by_alias(con, ent.mention_keys(e), user_id=user)) is not None
        ]
        vec = fvecs[i] if fvecs is not None else None
        keyless.append(
            cf.search_candidates(memory, f.content, vec, fact_type=f.type, entity_ids=ids, limit=5, user_id=user)
        )
    return Prepared(
        fact_vectors=[fvecs[i] if fvecs is not None else None for i in range(len(facts))],
        name_vectors={n: nvecs[i] for i, n in enumerate(names)} if nvecs is not None else {},
        keyless=keyless,
        normalized=[f" {normalize_name(e.content)} " for e in episodes],
    )


# -- applying (inside the writer) ----------------------------------------------------------------------
@dataclass
class Applied:
    created: list[tuple[int, str]] = field(default_factory=list)  # (node id, content) to embed
    embedded: list[int] = field(default_factory=list)
    facts_deduplicated: int = 0
    superseded: int = 0
    entities: list[int] = field(default_factory=list)  # created entity ids (need vectors)
    entity_links: int = 0
    causal_edges: int = 0

    @property
    def facts_created(self) -> int:
        return len(self.created)

    @property
    def entities_created(self) -> int:
        return len(self.entities)


def apply_plan(
    con: Any, memory: MemoryView, plan: Plan, episodes: Sequence[EpisodeRef], prep: Prepared, name: str
) -> Applied:
    """Write a validated plan; raises ``_AlreadyDone`` (rolling it back) if the session was
    consolidated meanwhile."""
    now = memory.clock.now()
    out = Applied()
    times = {e.id: e.time for e in episodes}
    resolved = _resolve_mentions(con, memory, plan, episodes, prep, now, out)
    users = {e.id: e.user_id for e in episodes}
    for i, fact in enumerate(plan.facts):
        _apply_fact(con, memory, fact, i, times, users, resolved, prep, now, name, plan.session_id, out)
    for c in plan.causal:
        cur = con.execute(
            "INSERT INTO edges(src, dst, type, predicate, confidence, valid_from, evidence, created_at) "
            "VALUES (?, ?, 'causal', 'caused', ?, ?, ?, ?) ON CONFLICT(src, dst, type) DO NOTHING",
            (
                c.cause_id,
                c.effect_id,
                c.confidence,
                max(times[c.cause_id], times[c.effect_id]),
                c.evidence[:500],
                now,
            ),
        )
        out.causal_edges += cur.rowcount
    cur = con.execute(
        "UPDATE sessions SET status = 'consolidated', consolidated_at = ?, last_error = NULL "
        "WHERE id = ? AND status IN ('pending', 'failed')",
        (now, plan.session_id),
    )
    if cur.rowcount == 0:
        raise _AlreadyDone()
    return out


class _AlreadyDone(Exception):
    """Raised inside the transaction to roll back a plan whose session someone else finished."""


def _resolve_mentions(
    con: Any,
    memory: MemoryView,
    plan: Plan,
    episodes: Sequence[EpisodeRef],
    prep: Prepared,
    now: float,
    out: Applied,
) -> dict[str, int]:
    """Resolve every mention to an entity; link it to the episodes that name it; count mentions."""
    normalized = list(zip(episodes, prep.normalized, strict=True))
    resolved: dict[str, int] = {}
    for m in all_mentions(plan):
        r = ent.resolve(con, m, now, prep.name_vectors.get(m.name), user_id=_user(episodes))
        if r.created:
            out.entities.append(r.entity_id)
        keys = ent.mention_keys(m)
        for k in keys:
            resolved[k] = r.entity_id
        hits = [e for e, text in normalized if any(f" {k} " in text for k in keys)]
        for e in hits:
            ent.link(con, e.id, r.entity_id, "mention")
            out.entity_links += 1
        first = min((e.time for e in hits), default=episodes[0].time)
        last = max((e.time for e in hits), default=episodes[-1].time)
        ent.count_mentions(con, r.entity_id, max(1, len(hits)), first, last)
    return resolved


def _apply_fact(
    con: Any,
    memory: MemoryView,
    fact: FactProposal,
    i: int,
    times: dict[int, float],
    users: dict[int, str],
    resolved: dict[str, int],
    prep: Prepared,
    now: float,
    name: str,
    sid: str,
    out: Applied,
) -> None:
    valid_from = max(times[s] for s in fact.source_ids)
    dedup = memory.config.consolidation.dedup_cosine
    user = users[fact.source_ids[0]]
    candidates = cf.same_content_candidates(con, fact.content, fact.type, user_id=user)
    if fact.key is not None:
        candidates += cf.keyed_candidates(con, fact.key, user_id=user)
    else:
        candidates += [c for c in prep.keyless[i] if _still_active(con, c.id)]
    verdicts = [(c, cf.verdict(fact.content, fact.key, fact.value, c, dedup)) for c in candidates]
    dup = next((c for c, v in verdicts if v == "duplicate"), None)
    if dup is not None:
        _derive(con, dup.id, fact.source_ids, times, now)
        out.facts_deduplicated += 1
        return
    node_id = st.insert_node(
        con,
        type=fact.type,
        content=fact.content,
        event_time=valid_from,
        created_at=now,
        valid_from=valid_from,
        confidence=fact.confidence,
        base_strength=fact.confidence,
        decay_rate=memory.config.decay.lambda_,
        source_type=f"consolidation:{name}",
        session_id=sid,
        fact_key=fact.key,
        attributes={"value": fact.value} if fact.value is not None else None,
        user_id=user,
    )
    out.created.append((node_id, fact.content))
    _store_vector(con, memory, node_id, prep.fact_vectors[i], out)
    _derive(con, node_id, fact.source_ids, times, now)
    for e in fact.entities:
        eid = next((resolved[k] for k in ent.mention_keys(e) if k in resolved), None)
        if eid is not None:
            ent.link(con, node_id, eid, e.role)
            out.entity_links += 1
    cfg = memory.config.consolidation
    for c, v in verdicts:
        if v != "supersedes" or c.id == node_id:
            continue
        old, new = (c.id, node_id) if c.valid_from <= valid_from else (node_id, c.id)  # a late, older claim
        if cf.resolve_conflict(
            con, old, new, now, confidence=cfg.superseded_confidence, decay_rate=cfg.superseded_decay_rate
        ):
            out.superseded += 1


def _user(episodes: Sequence[EpisodeRef]) -> str:
    return episodes[0].user_id if episodes else "default"


def _still_active(con: Any, node_id: int) -> bool:
    row = con.execute(
        "SELECT valid_until IS NULL AND archived_at IS NULL FROM nodes WHERE id = ?", (node_id,)
    ).fetchone()
    return bool(row and row[0])


def _derive(con: Any, fact_id: int, sources: Sequence[int], times: dict[int, float], now: float) -> None:
    for s in sources:
        st.insert_edge(con, fact_id, s, "derived_from", created_at=now, valid_from=times[s])


def _store_vector(con: Any, memory: MemoryView, node_id: int, vec: np.ndarray | None, out: Applied) -> None:
    if vec is None or memory.index is None:
        return
    memory.index.add(con, [node_id], np.asarray(vec, dtype=np.float32)[None, :])
    out.embedded.append(node_id)


def mark_failed(
    con: Any, sid: str, error: str, max_attempts: int | None = MAX_ATTEMPTS, *, now: float | None = None
) -> str:
    """attempts + 1 and last_error; ``failed`` once attempts reach ``max_attempts``, else ``pending``.

    ``max_attempts=None`` records the error only (no attempt spent). ``now`` stamps the attempt,
    from which ``due_failed`` computes the retry backoff."""
    if now is not None:
        st.set_meta(con, _LAST_ATTEMPT + sid, repr(float(now)))
    if max_attempts is None:
        con.execute("UPDATE sessions SET last_error = ? WHERE id = ?", (error[:2000], sid))
        row = con.execute("SELECT status FROM sessions WHERE id = ?", (sid,)).fetchone()
        return str(row[0]) if row else "unknown"
    con.execute(
        "UPDATE sessions SET attempts = attempts + 1, last_error = ?, "
        "status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'pending' END "
        "WHERE id = ? AND status IN ('pending', 'failed')",
        (error[:2000], max_attempts, sid),
    )
    row = con.execute("SELECT status FROM sessions WHERE id = ?", (sid,)).fetchone()
    return str(row[0]) if row else "unknown"


def after_commit(memory: MemoryView, applied: Applied) -> None:
    """Embed what the transaction could not: facts without a vector, new entities."""
    done = set(applied.embedded)
    for node_id, content in applied.created:
        if node_id not in done:
            memory.queue_embedding(node_id, content)
    ent.embed_entities(memory, applied.entities)


# -- auto mode -------------------------------------------------------------------------------------------
class AutoConsolidation:
    """A background thread that consolidates sessions as they complete (never on the writer thread)."""

    def __init__(self, memory: MemoryView, run: Callable[[str], Any] | None = None) -> None:
        self.memory = memory
        self._run = run or (lambda sid: consolidate(memory, sid, count_attempt=False))
        self.queue: queue.Queue[str | None] = queue.Queue()
        self.errors: list[str] = []
        self.done = 0
        self._thread = threading.Thread(target=self._loop, name="memlab-consolidate", daemon=True)
        self._closed = False

    def start(self) -> AutoConsolidation:
        self._thread.start()
        return self

    def enqueue(self, session_id: str) -> None:
        if not self._closed:
            self.queue.put(session_id)

    def _loop(self) -> None:
        while True:
            sid = self.queue.get()
            try:
                if sid is None:
                    return
                self._run(sid)
                self.done += 1
            except Exception as exc:  # e.g. the memory closed under us: report, keep the session pending
                self.errors = (self.errors + [f"{sid}: {exc!r}"])[-20:]
                log.warning("memlab: background consolidation of %s failed: %r", sid, exc)
            finally:
                self.queue.task_done()

    def wait(self) -> None:
        """Block until every queued session has been processed."""
        if self._thread.is_alive():
            self.queue.join()

    def close(self, timeout: float | None = None, *, drop_queued: bool = False) -> bool:
        """Finish the queue (or, with ``drop_queued``, only the session in progress: the rest stay
        pending for maintain()), then stop the thread; False if it still runs at ``timeout``."""
        if self._closed:
            return not self._thread.is_alive()
        self._closed = True
        if drop_queued:
            self._drop_queued()
        if self._thread.is_alive():
            self.queue.put(None)
            self._thread.join(timeout)
        return not self._thread.is_alive()

    def _drop_queued(self) -> None:
        while True:
            try:
                self.queue.get_nowait()
            except queue.Empty:
                return
            self.queue.task_done()


def enable_auto(memory: MemoryView) -> AutoConsolidation:
    """Consolidate each completed session in the background (idempotent per memory).

    Also queues sessions already pending (e.g. completed when the memory was opened).
    """
    auto = memory.extensions.get(EXT_AUTO)
    if auto is not None:
        return auto  # type: ignore[no-any-return]
    auto = AutoConsolidation(memory).start()
    memory.extensions[EXT_AUTO] = auto
    memory.on_session_complete(auto.enqueue)
    for s in memory.store.sessions("pending"):
        auto.enqueue(s.id)
    return auto


def maybe_enable_auto(memory: MemoryView) -> AutoConsolidation | None:
    """``enable_auto`` when ``config.consolidation.auto`` is on (what ``Memory.start`` should call)."""
    return enable_auto(memory) if memory.config.consolidation.auto else None


def wait_consolidated(memory: MemoryView) -> None:
    """Wait until completed sessions announced so far are consolidated by the background worker."""
    memory.flush()  # session-complete callbacks fire after their commit
    auto = memory.extensions.get(EXT_AUTO)
    if auto is not None:
        auto.wait()


def stop_auto(memory: MemoryView) -> None:
    """Drain and stop the background worker (what ``Memory.close`` should call before closing)."""
    auto = memory.extensions.pop(EXT_AUTO, None)
    if auto is not None:
        memory.flush()
        auto.close()
