"""Consolidation, the run: a completed session's episodes become facts, entities and links.

The write-path workflow (per session, in order):

1. idempotency: only ``pending``/``failed`` sessions are consolidated (``open`` ones are still
   being written; ``consolidated`` ones are done), and the final UPDATE re-checks the status
   inside the transaction, so two racing runs cannot both apply a plan;
2. the session's episodes are read in pages of ``consolidation.page_size``; each page goes to the
   Consolidator (rule-based offline, LLM when configured), which returns a Plan and never writes;
3. the plan is validated (it may come from an LLM: untrusted), its texts and names are embedded,
   and dedup/conflict candidates are looked up, all outside the writer;
4. the plan is applied inside ONE savepoint: facts valid from their newest source episode's
   time, ``derived_from`` edges, entities + aliases + links + mention counts (+ vectors of new
   entities), conflicts resolved, causal edges, the session marked consolidated. Any error rolls
   all of it back (the session is then recorded as a failed attempt).

Sessions are applied in groups of ``consolidation.group_sessions``, one writer transaction and one
embedder call per group (``_Group``): what made per-session cost at scale. A session that must
read the database (a consolidator asking for existing facts, keyless facts looking up dedup
candidates) first commits the group, so every read sees every earlier session, as one at a time.

A failing consolidator leaves the session ``pending`` (``failed`` after ``max_attempts``) with
``attempts`` + 1 and ``last_error``; episodes are never touched, so nothing is lost. A ``failed``
session is not given up: ``consolidate()`` (so ``maintain()``) retries it once its backoff has
passed (``retry_backoff_s`` x 2^(attempts - max_attempts) after the last attempt, capped at a
day). Background (auto) consolidation records the error but spends no attempt: opening a memory
while the LLM is down must not use up a session's tries.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from memlab.knowledge.consolidation.apply import (
    LAST_ATTEMPT,
    MAX_ATTEMPTS,
    AlreadyDone,
    Applied,
    Prepared,
    after_commit,
    apply_plan,
    embed_new_entities,
    embed_texts,
    mark_failed,
    needs_reads,
    plan_texts,
    prepare,
    session_user,
)
from memlab.knowledge.consolidation.validate import validate_plan
from memlab.lang.text import fts_query
from memlab.store import fact_rows
from memlab.types import ConsolidationContext, ConsolidationError, Consolidator, EpisodeRef, Plan

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

log = logging.getLogger("memlab.knowledge")
MAX_RETRY_BACKOFF_S = 86_400.0
DEADLINE_NOTE = "maintain() deadline reached: left pending"
CONTEXT_FACTS = 40  # existing facts shown to the consolidator
VECTOR_CACHE = 8192  # texts whose vectors a consolidation run keeps (~8 MB at 256-d)


class SessionNotReady(RuntimeError):
    """The session is open (still receiving episodes) or unknown."""


# -- choosing the consolidator -------------------------------------------------------------------
def default_consolidator(knowledge: Knowledge) -> tuple[Consolidator, str]:
    """(consolidator, name) as the composition root built them from the config."""
    return knowledge.consolidator, knowledge.consolidator_name


def _chosen(knowledge: Knowledge, consolidator: Consolidator | None) -> tuple[Consolidator, str]:
    if consolidator is None:
        return default_consolidator(knowledge)
    return consolidator, consolidator.name


def _lock(knowledge: Knowledge) -> threading.Lock:
    return knowledge.lock


# -- public entry point -----------------------------------------------------------------------------
def consolidate(
    knowledge: Knowledge,
    session_id: str | None = None,
    consolidator: Consolidator | None = None,
    *,
    max_attempts: int = MAX_ATTEMPTS,
    count_attempt: bool = True,
    deadline: float | None = None,
) -> dict[str, Any]:
    """Consolidate one session, or every pending one (and failed ones whose backoff has passed);
    returns a report of counts and errors.

    Safe to call repeatedly and from several threads: a consolidated session is skipped.
    ``count_attempt=False`` (background runs) records a failure without spending an attempt.
    ``deadline`` (``time.monotonic()``): no session starts after it; the rest stay pending, listed
    under ``skipped`` with ``DEADLINE_NOTE``.
    """
    assert knowledge.store is not None, "memory is not open"
    knowledge.flush()
    chosen, name = _chosen(knowledge, consolidator)
    report = _empty_report(name)
    breaker = getattr(knowledge.chat, "breaker", None)
    if count_attempt and breaker is not None:  # an asked-for run probes the LLM even in a cool-down
        breaker.reset()
    ids = (
        [session_id] if session_id else [s.id for s in knowledge.store.sessions("pending")] + due_failed(knowledge)
    )
    lock = _lock(knowledge)
    if not lock.acquire(timeout=-1 if deadline is None else max(0.0, deadline - time.monotonic())):
        report["skipped"] = dict.fromkeys(ids, DEADLINE_NOTE)  # a background run held it to the end
        _note_deadline(knowledge, ids)
        return report
    try:
        group = _Group(knowledge, name, report, max_attempts if count_attempt else None)
        for start in range(0, len(ids), group.limit):
            chunk = ids[start : start + group.limit]
            ahead = _ReadAhead(knowledge, chunk)
            for sid in chunk:
                if deadline is not None and time.monotonic() >= deadline:
                    report["skipped"][sid] = DEADLINE_NOTE
                    continue
                _one(knowledge, sid, chosen, group, ahead)
        group.flush()
    finally:
        lock.release()
    _note_deadline(knowledge, [sid for sid, why in report["skipped"].items() if why == DEADLINE_NOTE])
    return report


def _note_deadline(knowledge: Knowledge, session_ids: Sequence[str]) -> None:
    """Sessions a deadline left out say so in ``last_error`` (no attempt spent; still pending)."""
    if session_ids:
        knowledge.store.note_sessions_error(session_ids, DEADLINE_NOTE)


def checkpoint(
    knowledge: Knowledge,
    session_ids: Sequence[str],
    consolidator: Consolidator | None = None,
    *,
    wait_s: float = -1,
) -> dict[str, Any]:
    """Consolidate what open sessions received since their last checkpoint, leaving them open.

    A fact stated a few messages ago is then current for the next read of the same conversation;
    when the session closes, its consolidation takes only the episodes after the checkpoint. Meant
    for the offline consolidators (milliseconds per message); an LLM call per read would not be.
    ``wait_s``: how long to wait for a consolidation in progress (negative: as long as it takes).
    """
    assert knowledge.store is not None, "memory is not open"
    knowledge.store.writer.flush_visible()  # the episodes committed (queued reinforcement is not needed)
    chosen, name = _chosen(knowledge, consolidator)
    report = _empty_report(name)
    lock = _lock(knowledge)
    if not lock.acquire(timeout=wait_s):  # a long consolidation is running: the read goes on without
        report["skipped"] = {sid: "consolidation busy" for sid in session_ids}
        return report
    try:
        for sid in session_ids:
            _checkpoint_one(knowledge, sid, chosen, name, report)
    finally:
        lock.release()
    return report


def _checkpoint_one(knowledge: Knowledge, sid: str, chosen: Consolidator, name: str, report: dict[str, Any]) -> None:
    session = knowledge.store.session(sid)
    if session is None or session.status != "open":
        return
    after = fact_rows.checkpoint_of(knowledge.store.reader(), sid)
    episodes = fetch_episodes(knowledge, sid, knowledge.config.consolidation.page_size, after=after)
    if not episodes:
        return
    try:
        plan = run_consolidator(knowledge, chosen, sid, episodes)
        plan, dropped = validate_plan(plan, episodes)
        prepared = prepare(knowledge, plan, episodes)
        applied = knowledge.store.writer.call(
            lambda con: apply_plan(con, knowledge, plan, episodes, prepared, name, after=after, close=False)
        )
    except AlreadyDone:  # closed (or checkpointed by another process) meanwhile
        return
    except Exception as exc:  # a checkpoint is an optimisation: the session's close does it again
        report["failed"][sid] = {"error": f"{type(exc).__name__}: {exc}", "status": "open"}
        log.warning("memlab: checkpoint of %s failed (%r)", sid, exc)
        return
    after_commit(knowledge, applied)
    report["sessions"] += 1
    _add_counts(report, sid, len(episodes), dropped, applied)


def due_failed(knowledge: Knowledge, now: float | None = None) -> list[str]:
    """Failed sessions whose retry backoff has passed (a failed session is retried, not dropped)."""
    now = knowledge.clock.now() if now is None else now
    base = knowledge.config.consolidation.retry_backoff_s
    due = []
    for s in knowledge.store.sessions("failed"):
        last = knowledge.store.get_meta(LAST_ATTEMPT + s.id)
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
        "ended": 0,
        "entities_created": 0,
        "entity_links": 0,
        "causal_edges": 0,
        "dropped_proposals": 0,
        "rejected_ungrounded": 0,  # LLM facts its sources do not support (memlab.knowledge.grounding)
        "rejected": [],
        "llm_calls": 0,
        "prompt_tokens": 0,
        "completion_tokens": 0,
        "notes": [],
    }


@dataclass
class _Ready:
    sid: str
    plan: Plan
    episodes: list[EpisodeRef]
    dropped: int
    prepared: Prepared | None = None  # None: prepared at the flush, from the group's one embedding batch
    after: tuple[float, int] = fact_rows.START  # the checkpoint the episodes were read after


@dataclass
class _Failed:
    sid: str
    error: str
    now: float


class _Group:
    """Sessions whose plans are ready, applied in ONE writer transaction (one savepoint each).

    Measured at 100K episodes (11K sessions): a transaction, its hand-off to the writer thread and
    two embedder calls per session were over half of consolidation. Nothing a session reads
    depends on what this group has not committed yet: the plans and texts of the sessions come
    from their own episodes; a read of the database (a consolidator asking for existing facts,
    keyless facts looking up dedup candidates) first commits the group (``flush``); inside the
    transaction, each plan sees the plans before it (entity vectors included)."""

    def __init__(self, knowledge: Knowledge, name: str, report: dict[str, Any], max_attempts: int | None) -> None:
        self.knowledge, self.name, self.report, self.max_attempts = knowledge, name, report, max_attempts
        self.items: list[_Ready | _Failed] = []
        self.limit = max(1, knowledge.config.consolidation.group_sessions)
        self.inflight: tuple[list[_Ready | _Failed], Future[list[Outcome]]] | None = None
        self.vector_cache: dict[str, np.ndarray] = {}

    def add(self, item: _Ready | _Failed) -> None:
        self.items.append(item)
        if len(self.items) >= self.limit:
            self._submit()

    def flush(self) -> None:
        """Commit every session added so far and record it: a read after this sees all of them."""
        self._submit()
        self._settle()

    def _submit(self) -> None:
        """Hand the group to the writer and return: the next group is read and planned while this
        one is written (one group in flight; the single writer applies them in order)."""
        if not self.items:
            self._settle()
            return
        items, self.items = self.items, []
        knowledge = self.knowledge
        late = [i for i in items if isinstance(i, _Ready) and i.prepared is None]
        vectors = self._vectors([t for i in late for t in plan_texts(i.plan)])
        for i in late:  # keyed facts only: reads nothing, so it need not wait for the group in flight
            i.prepared = prepare(knowledge, i.plan, i.episodes, vectors)
        self._settle()
        apply = partial(_apply_group, knowledge=knowledge, items=items, name=self.name, max_attempts=self.max_attempts)
        writer = knowledge.store.writer
        fut: Future[list[Outcome]] = Future()
        if writer.in_writer_thread:
            fut.set_result(writer.call(apply))
        else:
            fut = writer.submit(apply)
        self.inflight = (items, fut)

    def _vectors(self, texts: list[str]) -> dict[str, np.ndarray]:
        """Vectors of ``texts``, each embedded once per run: the same names come back session after
        session (a person, their city, their tools: ~2 of every 3 texts at 1M episodes)."""
        cache = self.vector_cache
        if len(cache) > VECTOR_CACHE:
            cache.clear()
        cache.update(embed_texts(self.knowledge, [t for t in dict.fromkeys(texts) if t not in cache]))
        return {t: cache[t] for t in texts if t in cache}

    def _settle(self) -> None:
        if self.inflight is None:
            return
        (items, fut), self.inflight = self.inflight, None
        for item, outcome in zip(items, fut.result(), strict=True):
            self._record(item, outcome)

    def _record(self, item: _Ready | _Failed, outcome: Outcome) -> None:
        report = self.report
        if isinstance(outcome, tuple):
            status, error = outcome
            report["failed"][item.sid] = {"error": error, "status": status}
            log.warning("memlab: consolidation of %s failed (%s)", item.sid, error)
            return
        if outcome is None or isinstance(item, _Failed):
            report["skipped"][item.sid] = "consolidated concurrently"
            return
        after_commit(self.knowledge, outcome, entities=False)
        report["notes"].extend(item.plan.notes)  # what the consolidator dropped or ignored, and why
        report["rejected"].extend(item.plan.rejected)
        report["rejected_ungrounded"] += len(item.plan.rejected)
        _add_counts(report, item.sid, len(item.episodes), item.dropped, outcome)


def _add_counts(report: dict[str, Any], sid: str, episodes: int, dropped: int, applied: Applied) -> None:
    """A session's applied plan in the report."""
    report["consolidated"].append(sid)
    report["episodes"] += episodes
    report["dropped_proposals"] += dropped
    for k in (
        "facts_created",
        "facts_deduplicated",
        "superseded",
        "ended",
        "entities_created",
        "entity_links",
        "causal_edges",
    ):
        report[k] += getattr(applied, k)


Outcome = Applied | tuple[str, str] | None  # applied | (status, error): failed | consolidated concurrently


def _apply_group(
    con: Any, knowledge: Knowledge, items: Sequence[_Ready | _Failed], name: str, max_attempts: int | None
) -> list[Outcome]:
    """On the writer thread: each plan in its own savepoint (a failing one rolls back alone and is
    recorded as a failed attempt). Safe to re-run after a rollback: database work only."""
    out: list[Outcome] = []
    for item in items:
        if isinstance(item, _Failed):
            out.append((mark_failed(con, item.sid, item.error, max_attempts, now=item.now), item.error))
            continue
        assert item.prepared is not None
        con.execute("SAVEPOINT consolidate_session")
        try:
            applied = apply_plan(con, knowledge, item.plan, item.episodes, item.prepared, name, after=item.after)
            embed_new_entities(con, knowledge, applied)
            con.execute("RELEASE consolidate_session")
            out.append(applied)
        except AlreadyDone:
            con.execute("ROLLBACK TO consolidate_session")
            con.execute("RELEASE consolidate_session")
            out.append(None)
        except Exception as exc:
            con.execute("ROLLBACK TO consolidate_session")
            con.execute("RELEASE consolidate_session")
            err = f"{type(exc).__name__}: {exc}"
            out.append((mark_failed(con, item.sid, err, max_attempts, now=knowledge.clock.now()), err))
    return out


class _ReadAhead:
    """The sessions, checkpoints and episodes of a chunk of sessions, read in three queries (three a
    session before: at 1M episodes, 250K sessions of ~4 episodes). Safe to read early: the writer
    re-checks status and checkpoint inside the transaction (a session finished meanwhile is
    skipped), and a closed session receives no more episodes."""

    def __init__(self, knowledge: Knowledge, session_ids: Sequence[str]) -> None:
        self.knowledge = knowledge
        self.sessions = knowledge.store.sessions_by_id(session_ids)
        self.after = fact_rows.checkpoints_of(knowledge.store.reader(), session_ids)
        todo = [s for s in session_ids if s not in self.after and s in self.sessions]
        self.episodes = fact_rows.sessions_episodes(knowledge.store, todo)

    def episodes_of(self, sid: str, after: tuple[float, int]) -> list[EpisodeRef]:
        rows = self.episodes.get(sid) if after == fact_rows.START else None
        if rows is None:
            return fetch_episodes(self.knowledge, sid, self.knowledge.config.consolidation.page_size, after=after)
        return [EpisodeRef(r[0], r[1], r[2], r[3], sid, r[4], r[5]) for r in rows]


def _one(knowledge: Knowledge, sid: str, chosen: Consolidator, group: _Group, ahead: _ReadAhead) -> None:
    report = group.report
    report["sessions"] += 1
    session = ahead.sessions.get(sid)
    if session is None:
        report["skipped"][sid] = "unknown session"
        return
    if session.status in ("consolidated", "open"):
        report["skipped"][sid] = f"status {session.status}"
        return
    after = ahead.after.get(sid, fact_rows.START)  # what a read consolidated while it was open
    episodes = ahead.episodes_of(sid, after)
    try:
        plan = run_consolidator(knowledge, chosen, sid, episodes, before_read=group.flush)
        _count_llm(report, plan)
        plan, dropped = validate_plan(plan, episodes)
        prepared = None
        if needs_reads(plan):  # its dedup candidates must see every earlier session's facts
            group.flush()
            prepared = prepare(knowledge, plan, episodes)
    except Exception as exc:
        _count_llm(report, exc)
        group.add(_Failed(sid, f"{type(exc).__name__}: {exc}", knowledge.clock.now()))
        return
    group.add(_Ready(sid, plan, episodes, dropped, prepared, after))


def _count_llm(report: dict[str, Any], source: Any) -> None:
    report["llm_calls"] += int(getattr(source, "llm_calls", getattr(source, "calls", 0)) or 0)
    report["prompt_tokens"] += int(getattr(source, "prompt_tokens", 0) or 0)
    report["completion_tokens"] += int(getattr(source, "completion_tokens", 0) or 0)


# -- reading ------------------------------------------------------------------------------------------
def fetch_episodes(
    knowledge: Knowledge, session_id: str, page_size: int = 50, *, after: tuple[float, int] = fact_rows.START
) -> list[EpisodeRef]:
    """A session's episodes after ``after`` = (time, id) (every one by default), oldest first, read
    in pages (keyset pagination on time, id)."""
    out: list[EpisodeRef] = []
    last_t, last_id = after
    while True:
        rows = fact_rows.session_episode_page(knowledge.store, session_id, (last_t, last_id), page_size)
        out.extend(EpisodeRef(r[0], r[1], r[2], r[3], session_id, r[4], r[5]) for r in rows)
        if len(rows) < page_size:
            return out
        last_t, last_id = rows[-1][2], rows[-1][0]


def existing_facts(
    knowledge: Knowledge, episodes: Sequence[EpisodeRef], limit: int = CONTEXT_FACTS
) -> list[tuple[int, str, str | None]]:
    """The speaker's active facts that share words with the episodes (what a consolidator may update)."""
    match = fts_query(" ".join(e.content for e in episodes), max_terms=32)
    if not match:
        return []
    return fact_rows.facts_matching(knowledge.store, match, session_user(episodes), limit)


def keyed_values(knowledge: Knowledge, user: str, subjects: Sequence[str]) -> list[tuple[str, str]]:
    """(key, value) of one user's active keyed facts about ``subjects`` and their relatives."""
    assert knowledge.store is not None
    nodes = knowledge.store.facts_about([s.casefold() for s in subjects], user, relatives=True)
    own = [
        (n.fact_key or "", str(n.attributes.get("value") or "")) for n in nodes if n.attributes.get("value")
    ]
    return own + knowledge.store.named_relatives(subjects, user)  # "Keith is User's father": who "my dad" is


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


def run_consolidator(
    knowledge: Knowledge,
    chosen: Consolidator,
    sid: str,
    episodes: Sequence[EpisodeRef],
    before_read: Callable[[], None] | None = None,
) -> Plan:
    """One consolidator call per page of episodes; the plans are concatenated. ``before_read``
    runs before the consolidator's first look at the database (existing facts, keyed values)."""
    settle = _once(before_read)
    page = max(1, knowledge.config.consolidation.page_size)
    plans: list[Plan] = []
    for i in range(0, len(episodes), page):
        chunk = episodes[i : i + page]
        ctx = ConsolidationContext(
            sid,
            LazyFacts(_after(settle, partial(existing_facts, knowledge, chunk))),
            _after(settle, partial(keyed_values, knowledge, session_user(chunk))),
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
        ends=tuple(e for p in plans for e in p.ends),
        llm_calls=sum(p.llm_calls for p in plans),
        prompt_tokens=sum(p.prompt_tokens for p in plans),
        completion_tokens=sum(p.completion_tokens for p in plans),
        notes=tuple(n for p in plans for n in p.notes),
        rejected=tuple(n for p in plans for n in p.rejected),
    )


def _once(fn: Callable[[], None] | None) -> Callable[[], None]:
    done = [fn is None]

    def run() -> None:
        if not done[0]:
            done[0] = True
            assert fn is not None
            fn()

    return run


R = TypeVar("R")


def _after(first: Callable[[], None], fn: Callable[..., R]) -> Callable[..., R]:
    """``fn`` with ``first()`` run before it."""

    def call(*args: Any, **kwargs: Any) -> R:
        first()
        return fn(*args, **kwargs)

    return call
