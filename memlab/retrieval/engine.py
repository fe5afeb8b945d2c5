"""The read path: plan -> intent -> channels -> weighted RRF -> hits (-> reinforcement).

No LLM anywhere. The query is embedded once; the same vector feeds the vector channel, the
embedding intent classifier and entity-vector lookup. FTS and vectors always run (when the recipe
has them); graph channels run by intent (``Recipe.channels_for``) and start from the top fused
text hits. Returned hits reinforce the nodes they show (one write through the single writer),
except for internal searches (conflict detection, maintenance), which must not count as access.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.clock import iso
from memlab.lang.names import normalize_name
from memlab.retrieval import channels as ch
from memlab.retrieval.complexity import QueryPlan, plan_query
from memlab.retrieval.fusion import Fused, rrf
from memlab.retrieval.intent import VectorIntentClassifier
from memlab.retrieval.recipes import Recipe, configured
from memlab.retrieval.staleness import replaced_in, replaced_values
from memlab.store import entity_rows as er
from memlab.types import DEFAULT_USER, Hit

if TYPE_CHECKING:
    from memlab.retrieval.retriever import Retriever

log = logging.getLogger("memlab.retrieval")
SEED_MIN, SEED_MAX = 5, 10  # graph walks start from this many top text hits


@dataclass(frozen=True)
class Trace:
    """What one search did, for benchmarks and the workbench."""

    intent: str
    plan: QueryPlan
    recipe: str
    channels: dict[str, list[int]]
    fused: list[Fused]


def intent_classifier(retriever: Retriever) -> Any:
    """The memory's intent classifier (built by the composition root)."""
    return retriever.intent


def classify(retriever: Retriever, query: str, query_vec: np.ndarray | None) -> str:
    """Intent of ``query``; an embedding classifier reuses the already computed query vector."""
    clf = intent_classifier(retriever)
    if query_vec is not None and isinstance(clf, VectorIntentClassifier):
        return str(clf.classify_vector(query_vec))
    return str(clf.classify(query))


def resolve_recipe(retriever: Retriever, recipe: str | Recipe | None) -> Recipe:
    """A Recipe object as given; a name (or the configured default) with config weights and k applied."""
    if isinstance(recipe, Recipe):
        return recipe
    if recipe is None:
        return retriever.recipe
    return configured(retriever.config, recipe)


def resolve_entity_filter(retriever: Retriever, entity: int | str | None, user_id: str | None = None) -> int | None:
    """An entity filter given by id or by any alias (of this user's entities); -1 (matches nothing)
    for an unknown name."""
    if entity is None or isinstance(entity, int):
        return entity

    found = er.alias_entity(retriever.store, normalize_name(entity), user_id)  # type: ignore[arg-type]
    return found if found is not None else -1


def run(
    retriever: Retriever,
    query: str,
    *,
    limit: int | None = None,
    recipe: str | Recipe | None = None,
    filters: ch.Filters | None = None,
    min_score_fraction: float | None = None,
) -> Trace:
    """Plan, route, run the channels and fuse; no reinforcement (``search`` adds that)."""
    return _traced(retriever, query, retriever.read_memo(query), limit, recipe, filters, min_score_fraction)


def _traced(
    retriever: Retriever,
    query: str,
    memo: dict[Any, Any],
    limit: int | None,
    recipe: str | Recipe | None,
    filters: ch.Filters | None,
    min_score_fraction: float | None,
) -> Trace:
    retriever.memo = memo  # window and vector hits, channel lists: shared by the reads of this query
    try:
        return _run(retriever, query, limit, recipe, filters or ch.Filters(), min_score_fraction)
    finally:
        retriever.memo = None


def _run(
    retriever: Retriever,
    query: str,
    limit: int | None,
    recipe: str | Recipe | None,
    filters: ch.Filters,
    min_score_fraction: float | None,
) -> Trace:
    cfg = retriever.config
    memo = ch.search_memo(retriever)
    plan = plan_query(query, cfg)
    rec = resolve_recipe(retriever, recipe)
    want = limit or plan.limit
    pool = max(cfg.candidate_pool, rec.pool, want)
    dense = "vector" in rec.channels or "vector_window" in rec.channels
    needs_vec = dense or isinstance(retriever.intent, VectorIntentClassifier) or rec.use_graph
    qvec = _query_vector(retriever, query, memo) if needs_vec and query.strip() else None
    intent = classify(retriever, query, qvec) if rec.use_graph else "general"
    names = rec.channels_for(intent)
    lists: dict[str, list[int]] = {}
    for name in ch.TEXT:
        if name in names:
            key: tuple[Any, ...] = ("list", name, filters, pool, plan.depth, qvec is None)
            lists[name] = _listed(memo, key, lambda n=name: ch.CHANNEL_FUNCS[n](retriever, query, qvec, filters, pool, plan.depth))
    graph = [n for n in names if n in ch.SEEDED]
    if graph:
        text_rank = _text_rank(retriever, query, qvec, filters, lists, rec, pool)
        seeds = text_rank[: min(SEED_MAX, max(SEED_MIN, want // 2))]
        for name in graph:
            key = ("list", name, filters, pool, plan.depth, qvec is None, tuple(seeds), tuple(text_rank))
            lists[name] = _listed(memo, key, lambda n=name: ch.CHANNEL_FUNCS[n](
                retriever, query, qvec, filters, pool, plan.depth, seed_ids=seeds, text_rank=text_rank
            ))  # fmt: skip
    frac = cfg.min_score_fraction if min_score_fraction is None else min_score_fraction
    fused = rrf(lists, rec.weights, rec.rrf_k, frac, limit=want)
    return Trace(intent, plan, rec.name, lists, fused)


def _query_vector(retriever: Retriever, query: str, memo: dict[Any, Any] | None) -> np.ndarray | None:
    """The query's embedding, once per query and generation (the memo)."""
    if memo is not None and "qvec" in memo:
        return memo["qvec"]  # type: ignore[no-any-return]
    qvec = retriever.embed_query(query)
    if memo is not None and qvec is not None:
        memo["qvec"] = qvec
    return qvec


def _listed(memo: dict[Any, Any] | None, key: Any, compute: Any) -> list[int]:
    """A channel's list for these inputs, once per query and generation (the memo): a channel
    reads only the store, the query and its arguments, so the same inputs give the same list."""
    if memo is not None and key in memo:
        return list(memo[key])
    found: list[int] = compute()
    if memo is not None:
        memo[key] = tuple(found)
    return found


def _text_rank(
    retriever: Retriever,
    query: str,
    qvec: np.ndarray | None,
    filters: ch.Filters,
    lists: dict[str, list[int]],
    rec: Recipe,
    count: int,
) -> list[int]:
    """Fused text hits in the visible view (walks may start outside the narrowing filters); graph
    walks start from the first few, the entity channel orders its members by it."""
    if filters == filters.visible() and lists:
        # turn-level channels only: the window channels already rank a hit's neighbours, which
        # are what the temporal walk is for
        text = {k: v for k, v in lists.items() if k in ch.SEED_TEXT}
        return [f.id for f in rrf(text, rec.weights, rec.rrf_k, limit=count)]
    return ch.seeds(retriever, query, qvec, filters, count)


def search(
    retriever: Retriever,
    query: str,
    *,
    limit: int | None = None,
    recipe: str | Recipe | None = None,
    types: Sequence[str] | None = None,
    since: float | None = None,
    until: float | None = None,
    entity: int | str | None = None,
    as_of: float | None = None,
    include_history: bool = False,
    reinforce: bool | None = None,
    internal: bool = False,
    min_score_fraction: float | None = None,
    user_id: str | None = None,
) -> list[Hit]:
    """Hybrid search within one user (``user_id``, default: the default user). Active nodes only
    unless ``as_of`` (world time) or ``include_history``.

    ``reinforce`` defaults to ``config.retrieval.reinforce_on_access``; ``internal=True`` never
    reinforces (conflict detection and maintenance must not count as access).
    """
    assert retriever.store is not None, "memory is not open"
    user = user_id or DEFAULT_USER
    filters = ch.Filters(
        types=tuple(types) if types else None,
        since=since,
        until=until,
        as_of=as_of,
        include_history=include_history,
        entity_id=resolve_entity_filter(retriever, entity, user),
        user_id=user,
    )
    memo = retriever.read_memo(query)
    # a Recipe object may hold weights a later one of the same name does not: only names are keys
    key = ("hits", limit, recipe, filters, min_score_fraction) if not isinstance(recipe, Recipe) else None
    kept = memo.get(key) if key is not None else None
    if kept is not None:
        hits = _rehit(retriever, kept)
    else:
        trace = _traced(retriever, query, memo, limit, recipe, filters, min_score_fraction)
        hits = to_hits(retriever, trace.fused, with_successors=include_history)
        if as_of is None and not include_history:
            hits = history_last(retriever, hits, user)
        if key is not None:
            memo[key] = tuple((h.node.id, h.score, tuple(h.ranks.items()), h.superseded_by) for h in hits)
    do_reinforce = retriever.config.reinforce_on_access if reinforce is None else reinforce
    if hits and do_reinforce and not internal:
        retriever.record_access([h.node.id for h in hits])  # a queued side effect, not a write here
    return hits


def _rehit(retriever: Retriever, kept: Sequence[tuple[int, float, tuple[tuple[str, int], ...], tuple[int, ...]]]) -> list[Hit]:
    """A memoised search's hits with their nodes read again (one statement): the ranking holds
    within a generation, a node's strength and access stamps may have moved (reinforcement)."""
    assert retriever.store is not None
    nodes = {n.id: n for n in retriever.store.nodes([k[0] for k in kept])}
    return [Hit(nodes[i], score, dict(ranks), succ) for i, score, ranks, succ in kept if i in nodes]


def history_last(retriever: Retriever, hits: list[Hit], user_id: str = DEFAULT_USER) -> list[Hit]:
    """Episodes whose every derived fact was superseded ("I prefer Python" after "I write Rust
    now"), and episodes naming a value a fact among the hits no longer has, rank after everything
    current; they stay findable, as history, in their own order."""
    assert retriever.store is not None
    episodes = [h.node for h in hits if h.node.type == "episodic"]
    stale = retriever.store.stale_episodes([n.id for n in episodes])
    facts = [h.node for h in hits if h.node.type != "episodic" and h.node.fact_key]
    replaced = replaced_values(retriever.store, facts, user_id)
    stale |= {n.id for n in episodes if replaced and replaced_in(n.content, replaced) is not None}
    if not stale:
        return hits
    return [h for h in hits if h.node.id not in stale] + [h for h in hits if h.node.id in stale]


def to_hits(retriever: Retriever, fused: Sequence[Fused], with_successors: bool = False) -> list[Hit]:
    assert retriever.store is not None
    nodes = {n.id: n for n in retriever.store.nodes([f.id for f in fused])}
    succ = (
        successors(retriever, [i for i, n in nodes.items() if n.invalid_reason == "superseded"])
        if with_successors
        else {}
    )
    return [
        Hit(nodes[f.id], f.score, dict(f.ranks), tuple(succ.get(f.id, ()))) for f in fused if f.id in nodes
    ]


def successors(retriever: Retriever, ids: Sequence[int]) -> dict[int, list[int]]:
    """For superseded nodes: the nodes that superseded them (``supersedes`` edges, new -> old)."""
    return ch.hop(retriever, ids, "supersedes", "in")




# -- presentation ------------------------------------------------------------------------------------
def format_hits(hits: Sequence[Hit], width: int = 70) -> str:
    """A plain-text table: id | type | score | per-channel ranks | date | content (truncated)."""
    if not hits:
        return "(no hits)"
    rows = [("id", "type", "score", "ranks", "date", "content")]
    for h in hits:
        ranks = " ".join(f"{c}:{r}" for c, r in sorted(h.ranks.items())) or "-"
        text = " ".join(h.node.content.split())
        text = text if len(text) <= width else text[: width - 1] + "…"
        if h.superseded_by:
            text += f"  [superseded by {', '.join(map(str, h.superseded_by))}]"
        elif not h.node.active:
            text += f"  [{h.node.invalid_reason or 'archived'}]"
        rows.append((str(h.node.id), h.node.type, f"{h.score:.4f}", ranks, iso(h.node.event_time), text))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    return "\n".join(
        " | ".join(c.ljust(w) for c, w in zip(r[:5], widths, strict=True)) + " | " + r[5] for r in rows
    )
