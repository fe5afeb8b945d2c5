"""Retrieval channels: each turns a query into a ranked list of node ids (best first).

Every channel has one shape, ``(memory, query_text, query_vec, filters, limit, depth) -> list[int]``,
so the engine can run any subset and fuse them with RRF. ``fts`` and ``vector`` search the text;
the graph channels (``causal``, ``temporal``, ``entity``, ``facts``) start from seeds: the top
text hits (the engine passes them in; computed here when called alone) or entity mentions.

Graph walks never start at a fact: facts hop ``fact -> derived_from -> episode`` first, walk the
episode graph, and hop back to the facts derived from what they reached: a fact has no temporal or causal
edges of its own.
No LLM and no network here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.lang.names import normalize_name
from memlab.lang.text import STOPWORDS, cross_script_stems, query_terms, tokenize
from memlab.retrieval.focus import focus_in, names
from memlab.store import entity_rows as er
from memlab.store import queries as q
from memlab.types import DEFAULT_USER

if TYPE_CHECKING:
    from memlab.retrieval.retriever import Retriever

FACT_TYPES: tuple[str, ...] = ("semantic", "procedural", "opinion")
FTS_POSTING_BUDGET = 2000  # matching rows BM25 may score per query (see fts())
WINDOW_POSTING_BUDGET = 4000  # the same for a window table (counted in its own rows; see window_rows())
MAX_NGRAM = 4  # longest entity mention looked up ("New York City Marathon")
ENTITY_VECTOR_MIN_COSINE = 0.6  # an entity vector this close to the query counts as a mention
ENTITY_VECTOR_TOP = 3
QUESTION_WORDS: frozenset[str] = frozenset(
    "who whom whose what which when where why how кто кого кому кем ком что чего чем когда где куда "
    "откуда почему зачем как какой какая какое какие чей чья чьё чьи".split()
)
ENTITY_CANDIDATES = 2000  # nodes linked to the mentioned entities considered for ranking
ENTITY_LINKS_PER_ENTITY = 5000  # newest links read per mentioned entity (see _entity_links_sql)


@dataclass(frozen=True)
class Filters:
    """The read filters every channel applies to the nodes it returns."""

    types: tuple[str, ...] | None = None
    since: float | None = None
    until: float | None = None
    as_of: float | None = None
    include_history: bool = False
    entity_id: int | None = None
    session_id: str | None = None
    user_id: str | None = None  # None: every user (internal reads); searches always pass one

    def where(self, alias: str = "n") -> tuple[str, list[Any]]:
        return q.node_filter(
            types=self.types,
            since=self.since,
            until=self.until,
            as_of=self.as_of,
            include_history=self.include_history,
            entity_id=self.entity_id,
            session_id=self.session_id,
            user_id=self.user_id,
            alias=alias,
        )

    def visible(self) -> Filters:
        """The same view (as-of, history, user) without the narrowing filters: what a walk may pass
        through. A walk never leaves its user."""
        return Filters(as_of=self.as_of, include_history=self.include_history, user_id=self.user_id)


Channel = Callable[..., list[int]]


# -- helpers -----------------------------------------------------------------------------------------
def _read(retriever: Retriever, sql: str, params: Sequence[Any]) -> list[Any]:
    assert retriever.store is not None, "memory is not open"
    return retriever.store.execute_read(sql, params)


def keep_fn(retriever: Retriever, filters: Filters) -> Callable[[list[int]], set[int]]:
    where, params = filters.where()

    def keep(ids: list[int]) -> set[int]:
        if not ids:
            return set()
        sql, p = q.keep_json(where, params)
        return {r[0] for r in _read(retriever, sql, [json.dumps(ids), *p])}

    return keep


def apply_filter(retriever: Retriever, ids: Sequence[int], filters: Filters) -> list[int]:
    """``ids`` that pass ``filters``, in their order. Within one search each id is checked once
    per filter (the vector, window and graph channels see many of the same ids)."""
    if not ids:
        return []
    order = list(dict.fromkeys(ids))
    memo = search_memo(retriever)
    passed: dict[int, bool] = memo.setdefault(("keep", filters), {}) if memo is not None else {}
    todo = [i for i in order if i not in passed]
    if todo:
        allowed = keep_fn(retriever, filters)(todo)
        passed.update((i, i in allowed) for i in todo)
    return [i for i in order if passed[i]]


def _dedup(ids: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(ids))


def hop(retriever: Retriever, ids: Sequence[int], edge_type: str, direction: str) -> dict[int, list[int]]:
    """Neighbours of each id one ``edge_type`` hop away (``out``: src->dst, ``in``: dst->src)."""
    out: dict[int, list[int]] = {}
    if not ids:
        return out
    assert retriever.store is not None, "memory is not open"
    for a, b in retriever.store.hop(ids, edge_type, direction):
        out.setdefault(a, []).append(b)
    return out


def _types(retriever: Retriever, ids: Sequence[int]) -> dict[int, str]:
    if not ids:
        return {}
    assert retriever.store is not None, "memory is not open"
    return retriever.store.node_types(ids)


def to_episodes(retriever: Retriever, ids: Sequence[int]) -> list[int]:
    """Seeds as episodes: an episode stays, a fact becomes its source episodes (derived_from), in order."""
    kinds = _types(retriever, ids)
    facts = [i for i in ids if kinds.get(i, "episodic") != "episodic"]
    sources = hop(retriever, facts, "derived_from", "out")
    out: list[int] = []
    for i in ids:
        out.extend([i] if kinds.get(i) == "episodic" else sources.get(i, []))
    return _dedup(out)


def with_facts(retriever: Retriever, episodes: Sequence[int]) -> list[int]:
    """Each episode followed by the facts derived from it (the hop back)."""
    derived = hop(retriever, episodes, "derived_from", "in")
    out: list[int] = []
    for e in episodes:
        out.append(e)
        out.extend(derived.get(e, []))
    return _dedup(out)


# -- text channels ---------------------------------------------------------------------------------
def fts(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """BM25 over the stemmed shadow column; the query is an OR of quoted content-word stems.

    BM25 scores every row that matches any term, so a very common term ("like", "feel") costs a
    scan of its whole posting list for almost no score (IDF near 0). Terms are therefore taken
    rarest first until their postings exceed ``FTS_POSTING_BUDGET``; the rarest term always stays.
    Small memories (under the budget) keep every term.
    """
    terms = search_terms(retriever, query_text)
    if not terms or limit <= 0:
        return []
    return [r[0] for r in best_matches(retriever, "nodes_fts", affordable_terms(retriever, terms), filters, limit)]


def search_terms(retriever: Retriever, query_text: str) -> list[str]:
    """The query's stems (``query_terms``) and, for its name-like words, their other-alphabet
    stems that the turn index holds ("Kiwi" also finds "Киви", "Юлия" also "Julia"): a name
    written in the other script is otherwise invisible to every text channel (and to an
    English-only embedder). Once per search (the memo)."""
    memo = search_memo(retriever)
    key = ("terms", query_text)
    if memo is not None and key in memo:
        return list(memo[key])
    terms = query_terms(query_text)
    extra = [t for t in cross_script_stems(query_text) if t not in terms]
    found = doc_freqs(retriever, extra) if extra else {}
    terms += [t for t in extra if found[t] > 0]
    if memo is not None:
        memo[key] = tuple(terms)
    return terms


FILTER_HEAD = 2  # rank this many times ``limit`` rows inside FTS before the node filters join


Match = tuple[int, float, Any, Any]  # (node id, BM25 score (lower is better), session id, speaker)


def best_matches(
    retriever: Retriever, table: str, terms: Sequence[str], filters: Filters, limit: int
) -> list[Match]:
    """(node id, BM25 score (lower is better), session id, speaker) of the best ``limit`` rows of ``table``
    matching any of ``terms`` that pass ``filters``. The filters first see only the FTS table's
    best ``FILTER_HEAD * limit`` rows; when fewer than ``limit`` of those pass while more rows
    match, every match is ranked again with the filters (exact either way)."""
    memo = search_memo(retriever)
    key = ("match", table, tuple(terms), filters, limit)
    if memo is not None and key in memo:
        return list(memo[key])
    where, params = filters.where()
    match = " OR ".join(f'"{t}"' for t in terms)
    head = FILTER_HEAD * limit
    sql, p = q.best_matches(table, match, where, params, limit, head=head)
    rows = _read(retriever, sql, p)
    if len(rows) < limit and (not rows or rows[0][4] >= head):  # the head did not hold every match
        rows = _read(retriever, *q.best_matches(table, match, where, params, limit))
    found = [(int(r[0]), float(r[1]), r[2], r[3]) for r in rows]
    if memo is not None:  # the same ranking asked twice (turn FTS and key expansion, two reads)
        memo[key] = tuple(found)
    return found


WINDOW_TABLES: dict[str, str] = {"fts_pair": "window_fts_pair", "fts_window": "window_fts_window"}
def search_memo(retriever: Retriever) -> dict[Any, Any] | None:
    """The memo of the search under way: channels of one search share window and vector hits
    through it, and later reads of the same query under the same store generation read it too
    (``Retriever.read_memo``): every entry is a function of the store and its key alone. None
    outside ``engine.run`` (a channel called alone computes afresh)."""
    return retriever.memo


def _memoised(retriever: Retriever, key: Any, limit: int, compute: Callable[[int], list[Any]]) -> list[Any]:
    """``compute(limit)`` once per search: a later call with a smaller ``limit`` (or any limit,
    when the first found fewer rows than it asked for) reads the memo."""
    memo = search_memo(retriever)
    cached = memo.get(key) if memo is not None else None
    if cached is not None and (cached[0] >= limit or len(cached[1]) < cached[0]):
        return cached[1][:limit]  # type: ignore[no-any-return]
    rows = compute(limit)
    if memo is not None:
        memo[key] = (limit, rows)
    return rows


def window_rows(retriever: Retriever, table: str, query_text: str, filters: Filters, limit: int) -> list[Match]:
    """(episode id, BM25 score (lower is better), session id, speaker) of the best ``limit`` window hits.
    Terms are chosen against the window table's own postings (a term's window rows are up to 4x
    its turns), within ``WINDOW_POSTING_BUDGET``. fts_window and fts_session read the same hits."""
    terms = search_terms(retriever, query_text)
    if not terms or limit <= 0:
        return []

    if table not in WINDOW_TABLES.values():
        raise ValueError(f"unknown window table {table!r}")

    def compute(n: int) -> list[Match]:
        chosen = affordable_terms(retriever, terms, WINDOW_POSTING_BUDGET, table)
        return best_matches(retriever, table, chosen, filters, n)

    return _memoised(retriever, (table, query_text, filters), limit, compute)


@dataclass(frozen=True)
class WindowChannel:
    """BM25 over episodes indexed with their session neighbours (``table``); episodes only. A
    ``fetch`` above the search's limit reads that many hits once, for the channels that share
    them (``fts_session``, ``fts_speaker`` and ``fts_prf`` read ``fts_window``'s)."""

    table: str
    fetch: int = 0

    def __call__(
        self,
        retriever: Retriever,
        query_text: str,
        query_vec: np.ndarray | None,
        filters: Filters,
        limit: int,
        depth: int = 0,
    ) -> list[int]:
        if limit <= 0:
            return []
        return [r[0] for r in window_rows(retriever, self.table, query_text, filters, max(limit, self.fetch))][:limit]


SESSION_POOL = 300  # window hits aggregated into session scores
SESSION_TOP = 3  # a session scores the sum of its best few window hits
fts_pair = WindowChannel("window_fts_pair")
fts_window = WindowChannel("window_fts_window", fetch=SESSION_POOL)  # fts_session reuses these hits


def fts_session(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """Session-level scoring, then turn re-ranking: sessions ranked by the summed BM25 of their best
    ``SESSION_TOP`` window hits, turns listed session by session in window order (a question's
    evidence often sits in one session that matches as a whole better than any of its turns)."""
    if limit <= 0:
        return []
    by_session: dict[Any, list[tuple[int, float]]] = {}
    for node_id, score, session, _ in window_rows(retriever, "window_fts_window", query_text, filters, SESSION_POOL):
        by_session.setdefault(session, []).append((node_id, -score))  # bm25(): lower is better
    total = {sid: sum(sorted((s for _, s in hits), reverse=True)[:SESSION_TOP]) for sid, hits in by_session.items()}
    order = sorted(by_session, key=lambda sid: -total[sid])
    return [node_id for sid in order for node_id, _ in by_session[sid]][:limit]


def fts_speaker(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """A named person boosts their own turns: the window hits (``fts_window``'s, shared) spoken by
    a speaker the question names ("What did Caroline research?" -> Caroline's turns), in window
    order. Nothing when no speaker is named, or when every speaker among the hits is (no one is
    singled out)."""
    if limit <= 0:
        return []
    rows = window_rows(retriever, "window_fts_window", query_text, filters, SESSION_POOL)
    speakers = {r[3] for r in rows if r[3]}
    named = {s for s in speakers if speaker_named(query_text, s)}
    if not named or named == speakers:
        return []
    return [r[0] for r in rows if r[3] in named][:limit]


def speaker_named(query_text: str, speaker: str) -> bool:
    """Whether the question names ``speaker`` (a word of it; Russian inflections and the other
    alphabet count, as for fact subjects)."""
    return names(query_text, speaker)


PRF_DOCS = 10  # pseudo-relevance feedback reads the best few window hits
PRF_TERMS = 8  # and adds this many of their terms to the query
PRF_CANDIDATES = 40  # most frequent feedback terms whose document frequency is looked up


def fts_prf(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """Pseudo-relevance feedback on FTS (RM-style, Rocchio's lexical form): the query's terms plus
    the ``PRF_TERMS`` terms of the best ``PRF_DOCS`` window hits with the highest tf x idf (idf
    from the window table), ranked by BM25 over the turns within the posting budget."""
    terms = search_terms(retriever, query_text)
    if not terms or limit <= 0:
        return []
    top = [r[0] for r in window_rows(retriever, "window_fts_window", query_text, filters, SESSION_POOL)[:PRF_DOCS]]
    extra = feedback_terms(retriever, top, set(terms))
    return [r[0] for r in best_matches(retriever, "nodes_fts", affordable_terms(retriever, terms + extra), filters, limit)]


def feedback_terms(retriever: Retriever, ids: Sequence[int], skip: set[str]) -> list[str]:
    """The best ``PRF_TERMS`` terms of these episodes' windows by tf x idf, ``skip`` left out."""
    if not ids:
        return []
    tf: dict[str, int] = {}
    for _, text in _read(retriever, q.window_stems(), [json.dumps(list(ids))]):
        for t in str(text).split():
            if t not in skip and t not in STOPWORDS and len(t) > 2:
                tf[t] = tf.get(t, 0) + 1
    cands = sorted(tf, key=lambda t: -tf[t])[:PRF_CANDIDATES]
    df = doc_freqs(retriever, cands, "window_fts_window")
    n = max(1, node_count(retriever))
    score = {t: tf[t] * math.log(n / (1 + df[t])) for t in cands}
    return sorted(cands, key=lambda t: -score[t])[:PRF_TERMS]


def doc_freqs(retriever: Retriever, terms: Sequence[str], table: str = "nodes_fts") -> dict[str, int]:
    """Rows of ``table`` matching each term, cached per memory and table; a cache is dropped when
    the node count has grown by more than 1% (an approximate count is all a posting budget needs)."""
    size = node_count(retriever)
    caches = retriever.doc_freqs
    cache = caches.get(table)
    if cache is None or size > cache[0] * 1.01 + 10:
        cache = caches[table] = (size, {})
    counts: dict[str, int] = cache[1]
    for term in terms:
        if term not in counts:
            if len(counts) > 100_000:
                counts.clear()
            counts[term] = int(_read(retriever, q.fts_doc_freq(table), [f'"{term}"'])[0][0])
    return {t: counts[t] for t in terms}


def node_count(retriever: Retriever) -> int:
    """The highest node id (an index probe), read once per search."""
    memo = search_memo(retriever)
    if memo is not None and "max_id" in memo:
        return int(memo["max_id"])
    size = int(_read(retriever, q.max_node_id(), [])[0][0] or 0)
    if memo is not None:
        memo["max_id"] = size
    return size


def affordable_terms(
    retriever: Retriever, terms: list[str], budget: int | None = None, table: str = "nodes_fts"
) -> list[str]:
    """The query terms to rank with: rarest first while their postings in ``table`` stay within
    ``budget``; the rarest term always stays."""
    budget = FTS_POSTING_BUDGET if budget is None else budget
    if len(terms) == 1:
        return terms
    df = doc_freqs(retriever, terms, table)
    if sum(df.values()) <= budget:
        return terms
    kept: set[str] = set()
    total = 0
    for t in sorted(terms, key=lambda t: (df[t], terms.index(t))):
        if kept and total + df[t] > budget:
            break
        kept.add(t)
        total += df[t]
    return [t for t in terms if t in kept]


def dense_hits(retriever: Retriever, query_vec: np.ndarray, count: int) -> list[tuple[int, float]]:
    """The top ``count`` (node id, cosine) of the vector index before any filter: one scan of the
    index per search, shared by ``vector`` and ``vector_window``."""
    assert retriever.index is not None and retriever.store is not None
    index, reader = retriever.index, retriever.store.reader()
    key = ("dense", np.asarray(query_vec, dtype=np.float32).tobytes())
    return _memoised(retriever, key, count, lambda n: index.search(reader, query_vec, n))


def vector(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """Cosine KNN over stored vectors, post-filtered in SQL. The search's shared dense hits serve
    when enough of them pass the filters; otherwise the index over-fetches until enough pass."""
    if retriever.index is None or query_vec is None or limit <= 0:
        return []
    fetch = max(limit, VECTOR_WINDOW_POOL)
    hits = dense_hits(retriever, query_vec, fetch)
    kept = apply_filter(retriever, [i for i, _ in hits], filters)
    if len(kept) >= limit or len(hits) < fetch:  # enough passed, or the index holds no more
        return kept[:limit]
    assert retriever.store is not None
    hits = retriever.index.search(retriever.store.reader(), query_vec, limit, keep=keep_fn(retriever, filters))
    return [i for i, _ in hits]


VECTOR_WINDOW_POOL = 200  # vector hits whose session neighbours are scored too


def neighbours(retriever: Retriever, ids: Sequence[int]) -> dict[int, list[int]]:
    """Each episode's previous and next episode in its session (temporal edges, one query)."""
    out: dict[int, list[int]] = {}
    if not ids:
        return out
    arr = json.dumps(list(ids))
    for a, b in _read(retriever, q.temporal_neighbours(), [arr, arr]):
        out.setdefault(a, []).append(b)
        out.setdefault(b, []).append(a)
    return out


def _similarities(retriever: Retriever, ids: Iterable[int], query_vec: np.ndarray) -> dict[int, float]:
    """Cosine of each id's stored vector with the query (ids without one are left out); within one
    search each id's vector is read once (``vector_window`` and ``vector_session`` share them)."""
    wanted = list(dict.fromkeys(ids))
    memo = search_memo(retriever)
    key = ("sims", np.asarray(query_vec, dtype=np.float32).tobytes())
    known: dict[int, float | None] = memo.setdefault(key, {}) if memo is not None else {}
    todo = [i for i in wanted if i not in known]
    if todo:
        rows = _read(retriever, q.vectors_json(), [json.dumps(todo)])
        known.update((i, None) for i in todo)
        if rows:
            mat = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1)
            sims = mat @ np.asarray(query_vec, dtype=np.float32)
            known.update((int(r[0]), float(x)) for r, x in zip(rows, sims, strict=True))
    return {i: v for i in wanted if (v := known[i]) is not None}


def vector_window(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """The dense twin of ``fts_window``: an episode scores its own cosine plus the mean cosine of
    its session neighbours (no extra embeddings: the neighbours' stored vectors). Candidates are
    the top vector hits and their neighbours."""
    if retriever.index is None or query_vec is None or limit <= 0:
        return []
    return apply_filter(retriever, window_ranked(retriever, query_vec, limit), filters)[:limit]


def window_ranked(retriever: Retriever, query_vec: np.ndarray, limit: int) -> list[int]:
    """``vector_window``'s ranking before the filters (once per search: ``vector_speaker`` reads it too)."""

    def compute(n: int) -> list[int]:
        sims = dict(dense_hits(retriever, query_vec, max(n, VECTOR_WINDOW_POOL)))
        near = neighbours(retriever, list(sims))  # a neighbour's own other neighbour stays unscored
        cands = set(sims) | {x for ns in near.values() for x in ns}
        sims.update(_similarities(retriever, cands - sims.keys(), query_vec))

        def score(c: int) -> float:
            around = [sims[x] for x in near.get(c, []) if x in sims]
            return sims.get(c, 0.0) + (sum(around) / len(around) if around else 0.0)

        scores = {c: score(c) for c in cands}
        return sorted(cands, key=lambda c: (-scores[c], c))

    key = ("vector_window", np.asarray(query_vec, dtype=np.float32).tobytes())
    return _memoised(retriever, key, max(limit, VECTOR_WINDOW_POOL), compute)


def vector_speaker(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """The dense twin of ``fts_speaker``: ``vector_window``'s hits spoken by a speaker the question
    names, in its order ("What activities does Melanie do?" -> Melanie's turns nearest the
    question, whatever words they use). Nothing when no speaker is named, or every speaker among
    the hits is."""
    if retriever.index is None or query_vec is None or limit <= 0:
        return []
    ranked = window_ranked(retriever, query_vec, limit)
    spoken = {i: s for i, (_, s) in node_meta(retriever, ranked).items() if s}
    speakers = set(spoken.values())
    named = {s for s in speakers if speaker_named(query_text, s)}
    if not named or named == speakers:
        return []
    return apply_filter(retriever, [i for i in ranked if spoken.get(i) in named], filters)[:limit]


def node_meta(retriever: Retriever, ids: Sequence[int]) -> dict[int, tuple[str | None, str | None]]:
    """(session id, speaker) of each id; within one search each id is read once (``vector_speaker``
    and ``vector_session`` see many of the same ids)."""
    if not ids:
        return {}
    memo = search_memo(retriever)
    known: dict[int, tuple[str | None, str | None] | None] = memo.setdefault("meta", {}) if memo is not None else {}
    todo = [i for i in dict.fromkeys(ids) if i not in known]
    if todo:
        known.update((i, None) for i in todo)
        rows = _read(retriever, q.sessions_speakers_json(), [json.dumps(todo)])
        known.update((int(r[0]), (None if r[1] is None else str(r[1]), str(r[2]) if r[2] else None)) for r in rows)
    return {i: v for i in ids if (v := known[i]) is not None}


VECTOR_SESSION_TOP = 3  # a session scores the summed cosine of its best few dense hits


def vector_session(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """The dense twin of ``fts_session``: sessions ranked by the summed cosine of their best
    ``VECTOR_SESSION_TOP`` dense hits (the search's shared ones), then every episode of the best
    sessions listed session by session, nearest first, until ``limit`` (so a session's turns the
    dense hits missed are listed too). A node without a session is a session of its own."""
    if retriever.index is None or query_vec is None or limit <= 0:
        return []
    hits = dense_hits(retriever, query_vec, max(limit, VECTOR_WINDOW_POOL))
    meta = node_meta(retriever, [i for i, _ in hits])
    sims = dict(hits)
    by_session: dict[Any, list[float]] = {}
    for node_id, sim in hits:  # nearest first
        by_session.setdefault(meta.get(node_id, (None, None))[0] or -node_id, []).append(sim)
    total = {k: sum(v[:VECTOR_SESSION_TOP]) for k, v in by_session.items()}
    order = sorted(by_session, key=lambda k: -total[k])
    out: list[int] = []
    for start in range(0, len(order), SESSION_BATCH):
        batch = order[start : start + SESSION_BATCH]
        members = session_members(retriever, [k for k in batch if isinstance(k, str)])
        todo = [i for ids in members.values() for i in ids if i not in sims]
        sims.update(_similarities(retriever, todo, query_vec))
        for k in batch:
            ids = members.get(k, []) if isinstance(k, str) else [-k]
            out.extend(sorted(ids, key=lambda i: (-sims.get(i, -1.0), i)))
        kept = apply_filter(retriever, out, filters)
        if len(kept) >= limit:
            break
    return apply_filter(retriever, out, filters)[:limit]


SESSION_BATCH = 8  # sessions whose episodes vector_session reads at a time


def session_members(retriever: Retriever, sessions: Sequence[str]) -> dict[str, list[int]]:
    """The episodes of each session."""
    out: dict[str, list[int]] = {}
    if not sessions:
        return out
    for node_id, session in _read(retriever, q.session_episodes_json(), [json.dumps(list(sessions))]):
        out.setdefault(str(session), []).append(int(node_id))
    return out


def seeds(
    retriever: Retriever, query_text: str, query_vec: np.ndarray | None, filters: Filters, count: int
) -> list[int]:
    """Where graph walks start when the engine did not pass seeds: FTS and vector hits interleaved."""
    a = fts(retriever, query_text, query_vec, filters.visible(), count)
    b = vector(retriever, query_text, query_vec, filters.visible(), count)
    mixed = [x for pair in zip(a, b, strict=False) for x in pair] + a[len(b) :] + b[len(a) :]
    return _dedup(mixed)[:count]


# -- graph walks -------------------------------------------------------------------------------------
def walk_ranked(
    retriever: Retriever, starts: Sequence[int], edge_type: str, direction: str, depth: int
) -> list[int]:
    """Nodes reached from ``starts`` within ``depth`` hops, ranked by (hops, rank of the start),
    starts themselves excluded. One recursive CTE per start keeps the start's rank."""
    best: dict[int, tuple[int, int]] = {}
    start_set = set(starts)
    memo = search_memo(retriever)
    for rank, start in enumerate(starts):
        walk_key: tuple[Any, ...] = ("walk", start, edge_type, direction, depth)
        rows = memo.get(walk_key) if memo is not None else None
        if rows is None:
            rows = _read(retriever, q.walk(edge_type, direction, depth), [json.dumps([start])])
            if memo is not None:  # the seeds of two reads of a query overlap (limit 10, then 20)
                memo[walk_key] = rows
        for node_id, hops in rows:
            if node_id in start_set or hops == 0:
                continue
            at = (int(hops), rank)
            if node_id not in best or at < best[node_id]:
                best[node_id] = at
    return sorted(best, key=lambda i: (best[i], i))


def _graph(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    seed_ids: Sequence[int] | None,
    walks: Sequence[tuple[str, str]],
    depth: int,
) -> list[int]:
    starts = list(seed_ids) if seed_ids is not None else seeds(retriever, query_text, query_vec, filters, 10)
    episodes = to_episodes(retriever, starts)
    reached: list[int] = []
    for edge_type, direction in walks:
        reached.extend(walk_ranked(retriever, episodes, edge_type, direction, depth))
    ranked = with_facts(retriever, _dedup(reached))
    drop = set(starts) | set(episodes)
    return apply_filter(retriever, [i for i in ranked if i not in drop], filters)[:limit]


def causal(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 2,
    *,
    seed_ids: Sequence[int] | None = None,
    text_rank: Sequence[int] | None = None,
) -> list[int]:
    """Causes first (walk against causal edges, cause -> effect), then effects, up to ``depth`` hops."""
    return _graph(
        retriever, query_text, query_vec, filters, limit, seed_ids, (("causal", "in"), ("causal", "out")), depth
    )


def temporal(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 2,
    *,
    seed_ids: Sequence[int] | None = None,
    text_rank: Sequence[int] | None = None,
) -> list[int]:
    """Chronological neighbours of the seed episodes, both directions, nearest first."""
    return _graph(retriever, query_text, query_vec, filters, limit, seed_ids, (("temporal", "both"),), depth)


# -- entities ---------------------------------------------------------------------------------------
def mention_keys(query_text: str, max_n: int = MAX_NGRAM) -> list[str]:
    """Normalised word n-grams of the query that could name an entity ("my boss", "Sasha"). N-grams
    with a question word or of stop words only are skipped, so the whole question is never taken
    as a name ("who is" names nobody)."""
    words = tokenize(query_text)
    keys: dict[str, None] = {}
    for n in range(min(max_n, len(words)), 0, -1):
        for i in range(len(words) - n + 1):
            gram = words[i : i + n]
            if all(w in STOPWORDS for w in gram) or any(w in QUESTION_WORDS for w in gram):
                continue
            key = normalize_name(" ".join(gram))
            if key:
                keys.setdefault(key, None)
    return list(keys)


def resolve_entities(retriever: Retriever, query_text: str, query_vec: np.ndarray | None) -> list[int]:
    """Entity ids mentioned in the query: alias table by n-gram, then entity vectors; merges
    followed. Once per query and generation (the memo)."""
    memo = search_memo(retriever)
    key = ("entities", query_text, query_vec is None)
    if memo is not None and key in memo:
        return list(memo[key])
    found = _resolve_entities(retriever, query_text, query_vec)
    if memo is not None:
        memo[key] = tuple(found)
    return found


def _resolve_entities(retriever: Retriever, query_text: str, query_vec: np.ndarray | None) -> list[int]:
    keys = mention_keys(query_text)
    found: list[int] = []
    if keys:
        rows = er.alias_hits(retriever.store, keys)  # type: ignore[arg-type]
        order = {k: i for i, k in enumerate(keys)}  # longer n-grams first
        found.extend(e for _, e in sorted(rows, key=lambda r: (order[r[0]], r[1])))
    found.extend(_entity_vector_hits(retriever, query_vec))
    return _follow_merges(retriever, _dedup(found))


def _entity_vector_hits(retriever: Retriever, query_vec: np.ndarray | None) -> list[int]:
    if query_vec is None:
        return []
    rows = er.all_vectors(retriever.store)  # type: ignore[arg-type]
    if not rows:
        return []
    mat = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1)
    if mat.shape[1] != query_vec.shape[0]:
        return []
    sims = mat @ np.asarray(query_vec, dtype=np.float32)
    order = np.argsort(-sims)[:ENTITY_VECTOR_TOP]
    return [int(rows[i][0]) for i in order if sims[i] >= ENTITY_VECTOR_MIN_COSINE]


def _follow_merges(retriever: Retriever, ids: list[int]) -> list[int]:
    assert retriever.store is not None, "memory is not open"
    con = retriever.store.reader()
    return _dedup(er.root(con, entity_id) for entity_id in ids)


def entity(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
    *,
    seed_ids: Sequence[int] | None = None,
    text_rank: Sequence[int] | None = None,
) -> list[int]:
    """Nodes linked to the entities the query mentions. Those the text channels also found come
    first, in text order (a ubiquitous entity, e.g. a conversation partner, would otherwise flood
    the list); the rest by number of matched entities, facts before episodes, newest first."""
    ents = resolve_entities(retriever, query_text, query_vec)
    if not ents or limit <= 0:
        return []
    where, params = filters.where()
    linked = er.node_links(retriever.store, ents, where, params, ENTITY_LINKS_PER_ENTITY, ENTITY_CANDIDATES)  # type: ignore[arg-type]
    if text_rank is None:
        text_rank = seeds(retriever, query_text, query_vec, filters, limit)
    members = set(linked)
    first = [i for i in text_rank if i in members]
    return _dedup(first + linked)[:limit]


# -- key expansion -----------------------------------------------------------------------------------
def facts(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
    *,
    seed_ids: Sequence[int] | None = None,
    text_rank: Sequence[int] | None = None,
) -> list[int]:
    """Episodes reached from matching facts (fact -> derived_from -> episode): a second key for the
    same evidence, after LongMemEval's key expansion (Wu et al., 2024)."""
    if not has_facts(retriever):
        return []
    fact_view = Filters(types=FACT_TYPES, as_of=filters.as_of, include_history=filters.include_history)
    found = fts(retriever, query_text, query_vec, fact_view, limit)
    if seed_ids:
        kinds = _types(retriever, list(seed_ids))
        found = _interleave(found, [i for i in seed_ids if kinds.get(i, "episodic") != "episodic"])
    sources = hop(retriever, found, "derived_from", "out")
    episodes = _dedup(e for f in found for e in sources.get(f, []))
    return apply_filter(retriever, episodes, filters)[:limit]


def keyed(
    retriever: Retriever,
    query_text: str,
    query_vec: np.ndarray | None,
    filters: Filters,
    limit: int,
    depth: int = 0,
) -> list[int]:
    """The facts a question asks for by key: its subject and attribute (``retrieval/focus.py``:
    "Where does Mark live now?" -> ``mark|city``), whatever words the fact is written in, newest
    first. Empty unless the question names both a known subject and an attribute, so a question
    about nothing memory has a key for costs two index probes."""
    if limit <= 0 or (filters.types and not set(filters.types) & set(FACT_TYPES)) or not has_facts(retriever):
        return []

    store = retriever.store
    user = filters.user_id or DEFAULT_USER
    focus = focus_in(store, query_text, user, filters.as_of)
    if not focus.subjects or not focus.attributes:
        return []
    found = [n.id for n in store.facts_about(focus.subjects, user, filters.as_of) if focus.matches(n.fact_key)]
    return apply_filter(retriever, found[:1] if focus.latest else found, filters)[:limit]


def has_facts(retriever: Retriever) -> bool:
    """Whether any fact node exists (an index probe), so key expansion costs nothing before
    consolidation has run; once per search)."""
    assert retriever.store is not None, "memory is not open"
    memo = search_memo(retriever)
    if memo is not None and "has_facts" in memo:
        return bool(memo["has_facts"])
    found = retriever.store.has_type(FACT_TYPES)
    if memo is not None:
        memo["has_facts"] = found
    return found


def _interleave(a: list[int], b: list[int]) -> list[int]:
    mixed = [x for pair in zip(a, b, strict=False) for x in pair] + a[len(b) :] + b[len(a) :]
    return _dedup(mixed)


CHANNEL_FUNCS: dict[str, Channel] = {
    "fts": fts,
    "fts_pair": fts_pair,
    "fts_window": fts_window,
    "fts_session": fts_session,
    "fts_speaker": fts_speaker,
    "fts_prf": fts_prf,
    "vector": vector,
    "vector_window": vector_window,
    "vector_speaker": vector_speaker,
    "vector_session": vector_session,
    "causal": causal,
    "temporal": temporal,
    "entity": entity,
    "facts": facts,
    "keyed": keyed,
}
SEEDED: frozenset[str] = frozenset({"causal", "temporal", "entity", "facts"})
TEXT: tuple[str, ...] = (
    "fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window",
    "vector_speaker", "vector_session", "keyed",
)  # fmt: skip (these run first, before the graph walks)
SEED_TEXT: tuple[str, ...] = ("fts", "vector")  # whose fused hits the graph walks start from
