"""Applying a validated plan: vectors and candidates computed first (outside the writer), then
one writer transaction that writes facts, entities, links and causal edges and closes the session."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.knowledge import conflicts as cf
from memlab.knowledge import entities as ent
from memlab.knowledge import facts as fw
from memlab.knowledge.decay import initial_rate
from memlab.lang.names import normalize_name
from memlab.store import fact_rows
from memlab.store import store as st
from memlab.types import EntityMention, EpisodeRef, FactProposal, Plan

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

log = logging.getLogger("memlab.knowledge")
MAX_ATTEMPTS = 3
LAST_ATTEMPT = "session_last_attempt:"  # meta key prefix: when a session's last attempt failed


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


def _embed(knowledge: Knowledge, texts: list[str]) -> np.ndarray | None:
    if knowledge.embedder is None or not texts:
        return None
    try:
        return knowledge.embedder.embed_batch(texts)  # type: ignore[no-any-return]
    except Exception as exc:  # degrade: embed_missing() picks the facts up later
        log.warning("memlab: embedding during consolidation failed: %r", exc)
        return None


def plan_texts(plan: Plan) -> list[str]:
    """What ``prepare`` embeds for a plan: its fact texts, then its mention names."""
    return [f.content for f in plan.facts] + [e.name for e in all_mentions(plan)]


def needs_reads(plan: Plan) -> bool:
    """Whether ``prepare`` reads the database for this plan (keyless facts look up candidates):
    then it must run after every earlier session's plan is committed."""
    return any(f.key is None for f in plan.facts)


def prepare(
    knowledge: Knowledge,
    plan: Plan,
    episodes: Sequence[EpisodeRef],
    vectors: dict[str, np.ndarray] | None = None,
) -> Prepared:
    """``vectors``: texts already embedded (several sessions' texts in one batch); None embeds
    this plan's texts here."""
    facts = plan.facts
    names = [e.name for e in all_mentions(plan)]
    if vectors is None:
        fvecs = _embed(knowledge, [f.content for f in facts])
        nvecs = _embed(knowledge, names)
    else:
        fvecs = _looked_up(vectors, [f.content for f in facts])
        nvecs = _looked_up(vectors, names)
    keyless: list[list[cf.Candidate]] = []
    con = knowledge.store.reader()
    for i, f in enumerate(facts):
        if f.key is not None:
            keyless.append([])
            continue
        user = session_user(episodes)
        ids = [
            eid
            for e in f.entities
            if (eid := ent.find_by_alias(con, ent.mention_keys(e), user_id=user)) is not None
        ]
        vec = fvecs[i] if fvecs is not None else None
        keyless.append(
            cf.search_candidates(
                knowledge, f.content, vec, fact_type=f.type, entity_ids=ids, limit=5, user_id=user
            )
        )
    return Prepared(
        fact_vectors=[fvecs[i] if fvecs is not None else None for i in range(len(facts))],
        name_vectors={n: nvecs[i] for i, n in enumerate(names)} if nvecs is not None else {},
        keyless=keyless,
        normalized=[f" {normalize_name(e.content)} " for e in episodes],
    )


def _looked_up(vectors: dict[str, np.ndarray], texts: list[str]) -> np.ndarray | None:
    if not texts or any(t not in vectors for t in texts):
        return None
    return np.stack([vectors[t] for t in texts])


def embed_texts(knowledge: Knowledge, texts: Sequence[str]) -> dict[str, np.ndarray]:
    """One embedder call for the distinct ``texts``; {} without an embedder or when it fails
    (the facts are then embedded later, on the slow path, as ``prepare`` does)."""
    unique = list(dict.fromkeys(texts))
    vecs = _embed(knowledge, unique)
    return {} if vecs is None else dict(zip(unique, vecs, strict=True))


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
    ended: int = 0

    @property
    def facts_created(self) -> int:
        return len(self.created)

    @property
    def entities_created(self) -> int:
        return len(self.entities)


def apply_plan(
    con: Any,
    knowledge: Knowledge,
    plan: Plan,
    episodes: Sequence[EpisodeRef],
    prep: Prepared,
    name: str,
    *,
    after: tuple[float, int] | None = None,
    close: bool = True,
) -> Applied:
    """Write a validated plan; raises ``AlreadyDone`` (rolling it back) if the session was
    consolidated meanwhile, or (``after`` given) its checkpoint moved since ``episodes`` were read.

    ``close`` marks the session consolidated; ``close=False`` is a checkpoint of an open session:
    the session stays open and its checkpoint moves to the last of ``episodes``."""
    if after is not None and fact_rows.checkpoint_of(con, plan.session_id) != after:
        raise AlreadyDone()
    if not close and not fact_rows.is_open(con, plan.session_id):
        raise AlreadyDone()  # it closed meanwhile: its consolidation takes these episodes
    now = knowledge.clock.now()
    out = Applied()
    times = {e.id: e.time for e in episodes}
    resolved = _resolve_mentions(con, knowledge, plan, episodes, prep, now, out)
    users = {e.id: e.user_id for e in episodes}
    for i, fact in enumerate(plan.facts):
        _apply_fact(con, knowledge, fact, i, times, users, resolved, prep, now, name, plan.session_id, out)
    for e in plan.ends:  # "I quit tennis": the fact ends, nothing replaces it
        until = max(times[s] for s in e.source_ids)
        for cand in cf.keyed_candidates(con, e.key, user_id=users[e.source_ids[0]]):
            if e.fact_id not in (None, cand.id):
                continue
            if cand.valid_from <= until and fw.end(con, cand.id, until):
                out.ended += 1
    for c in plan.causal:
        valid_from = max(times[c.cause_id], times[c.effect_id])
        out.causal_edges += fact_rows.add_causal_edge(
            con, c.cause_id, c.effect_id, c.confidence, valid_from, c.evidence, now
        )
    if not close:
        if episodes:
            fact_rows.set_checkpoint(con, plan.session_id, (episodes[-1].time, episodes[-1].id))
        return out
    if not fact_rows.mark_consolidated(con, plan.session_id, now):
        raise AlreadyDone()
    if after != fact_rows.START:  # START was re-checked above: no checkpoint row to forget
        fact_rows.set_checkpoint(con, plan.session_id, None)
    return out


class AlreadyDone(Exception):
    """Raised inside the transaction to roll back a plan whose session someone else finished."""


def _resolve_mentions(
    con: Any,
    knowledge: Knowledge,
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
        r = ent.resolve(con, m, now, prep.name_vectors.get(m.name), user_id=session_user(episodes))
        if r.created:
            out.entities.append(r.entity_id)
        keys = ent.mention_keys(m)
        for k in keys:
            resolved[k] = r.entity_id
        needles = [f" {k} " for k in keys]
        hits = [e for e, text in normalized if any(n in text for n in needles)]
        for e in hits:
            ent.link(con, e.id, r.entity_id, "mention")
            out.entity_links += 1
        first = min((e.time for e in hits), default=episodes[0].time)
        last = max((e.time for e in hits), default=episodes[-1].time)
        ent.count_mentions(con, r.entity_id, max(1, len(hits)), first, last)
    return resolved


def _apply_fact(
    con: Any,
    knowledge: Knowledge,
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
    dedup = knowledge.config.consolidation.dedup_cosine
    user = users[fact.source_ids[0]]
    candidates = cf.same_content_candidates(con, fact.content, fact.type, user_id=user)
    if fact.key is not None:
        candidates += cf.keyed_candidates(con, fact.key, user_id=user)
    else:
        candidates += [c for c in prep.keyless[i] if fact_rows.is_active(con, c.id)]
    verdicts = [(c, cf.verdict(fact.content, fact.key, fact.value, c, dedup)) for c in candidates]
    dup = next((c for c, v in verdicts if v == "duplicate"), None)
    if dup is not None:
        if dup.archived:
            fact_rows.restore(con, dup.id, fact.confidence, now)
        fw.derive(con, dup.id, [(s, times[s]) for s in fact.source_ids], now)
        out.facts_deduplicated += 1
        return
    links = [
        (eid, e.role)
        for e in fact.entities
        if (eid := next((resolved[k] for k in ent.mention_keys(e) if k in resolved), None)) is not None
    ]
    vector = prep.fact_vectors[i]
    node_id = fw.write_fact(
        con,
        fw.NewFact(
            type=fact.type,
            content=fact.content,
            user_id=user,
            valid_from=valid_from,
            confidence=fact.confidence,
            source_type=f"consolidation:{name}",
            key=fact.key,
            value=fact.value,
            session_id=sid,
        ),
        now=now,
        decay_rate=initial_rate(knowledge.config.decay.lambda_, knowledge.config.decay.keyed_factor, fact.key),
        vector=vector,
        index=knowledge.index,
        entities=links,
        sources=[(s, times[s]) for s in fact.source_ids],
    )
    out.created.append((node_id, fact.content))
    if vector is not None and knowledge.index is not None:
        out.embedded.append(node_id)
    out.entity_links += len(links)
    for c, v in verdicts:
        if v != "supersedes" or c.id == node_id:
            continue
        old, new = (c.id, node_id) if c.valid_from <= valid_from else (node_id, c.id)  # a late, older claim
        if fw.supersede(con, old, new, now, knowledge.config.consolidation):
            out.superseded += 1


def session_user(episodes: Sequence[EpisodeRef]) -> str:
    return episodes[0].user_id if episodes else "default"


def mark_failed(
    con: Any, sid: str, error: str, max_attempts: int | None = MAX_ATTEMPTS, *, now: float | None = None
) -> str:
    """attempts + 1 and last_error; ``failed`` once attempts reach ``max_attempts``, else ``pending``.

    ``max_attempts=None`` records the error only (no attempt spent). ``now`` stamps the attempt,
    from which ``due_failed`` computes the retry backoff."""
    if now is not None:
        st.set_meta(con, LAST_ATTEMPT + sid, repr(float(now)))
    return fact_rows.record_failure(con, sid, error, max_attempts)


def after_commit(knowledge: Knowledge, applied: Applied, entities: bool = True) -> None:
    """Embed what the transaction could not: facts without a vector, new entities (unless
    ``entities=False``: ``embed_new_entities`` did it inside the transaction)."""
    done = set(applied.embedded)
    for node_id, content in applied.created:
        if node_id not in done:
            knowledge.queue_embedding(node_id, content)
    if entities:
        ent.embed_entities(knowledge, applied.entities)


def embed_new_entities(con: Any, knowledge: Knowledge, applied: Applied) -> None:
    """``ent.embed_entities`` inside the transaction that created them: a later plan of the same
    transaction resolves its mentions against these vectors, as it would after a commit."""
    if knowledge.embedder is None or not applied.entities:
        return
    rows = fact_rows.entity_texts(con, applied.entities)
    if not rows:
        return
    try:
        vecs = knowledge.embedder.embed_batch([ent.entity_text(r[1], r[2]) for r in rows])
    except Exception:  # the slow path degrades: entities then resolve by alias only
        return
    ent.store_vectors(con, [r[0] for r in rows], vecs)
