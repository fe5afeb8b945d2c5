"""Entities: resolution, mention counts, alias merging, explicit merges and LLM enrichment.

Resolution goes name -> ``entity_aliases`` (indexed on the normalised alias; a JSON
alias column would force a full scan) -> entity vectors. Names are compared through ``normalize_name`` (case,
diacritics, Russian endings), so "Вильнюсе" finds "Вильнюс". Merged entities keep a
``merged_into`` pointer; every lookup follows it to the surviving entity.

Functions taking ``con`` run on the writer thread inside its transaction; the others take a
``Memory`` and submit their own writes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import numpy as np

from memlab.lang.names import normalize_name
from memlab.store import entity_rows as er
from memlab.store import fact_rows
from memlab.store.vectors import to_blob
from memlab.types import DEFAULT_USER, ENTITY_TYPES, EntityMention

if TYPE_CHECKING:
    from memlab.knowledge.part import Knowledge

VECTOR_MATCH = 0.92  # cosine between a new name and an entity vector that counts as the same entity
MIN_MENTIONS_FOR_SUMMARY = 3


@dataclass(frozen=True)
class Resolved:
    entity_id: int
    created: bool


def entity_text(name: str, summary: str | None = None) -> str:
    """What an entity vector embeds: its name, plus its summary once it has one."""
    return f"{name}: {summary}" if summary else name


root = er.root  # follow ``merged_into`` to the surviving entity (merges may chain)


def mention_keys(mention: EntityMention) -> list[str]:
    keys = (normalize_name(n) for n in (mention.name, *mention.aliases))
    return list(dict.fromkeys(k for k in keys if k))


def _pick(con: Any, rows: Sequence[er.AliasRow], etype: str | None) -> tuple[int, str] | None:
    """(surviving entity, its type) among alias matches: one of type ``etype`` wins, then a concept."""
    found: set[tuple[int, str]] = set()
    for _, eid, merged, etype_found in rows:
        if merged is None:  # not merged: its own root (two lookups a mention saved on the write path)
            found.add((eid, etype_found))
            continue
        rid = root(con, eid)
        t = er.entity_type(con, rid)
        if t is not None:
            found.add((rid, t))
    for rid, t in sorted(found):
        if etype is None or t == etype:
            return rid, t
    for rid, t in sorted(found):
        if t == "concept" or etype == "concept":
            return rid, t
    return None


def find_by_alias(
    con: Any, keys: Sequence[str], etype: str | None = None, user_id: str | None = None
) -> int | None:
    """The surviving entity named by any of ``keys``; one of type ``etype`` (or "concept") wins.

    A name that only matches an entity of another specific type ("Jordan" the person vs the
    place) is not the same entity. With ``user_id`` only that user's entities count.
    """
    if not keys:
        return None
    hit = _pick(con, er.alias_rows(con, keys, user_id), etype)
    return hit[0] if hit is not None else None


def find_by_vector(
    con: Any, vec: np.ndarray | None, etype: str, threshold: float = VECTOR_MATCH, user_id: str | None = None
) -> int | None:
    """Nearest surviving entity of the same type (and user) by name vector, if it is close enough."""
    if vec is None:
        return None
    rows = er.vectors_of_type(con, etype, user_id)
    if not rows:
        return None
    if len(rows[0][1]) != 4 * vec.shape[0]:
        return None
    mat = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), -1)  # one copy
    scores = mat @ np.asarray(vec, dtype=np.float32)
    best = int(np.argmax(scores))
    return int(rows[best][0]) if float(scores[best]) >= threshold else None


def add_aliases(con: Any, entity_id: int, names: Iterable[str], present: Iterable[str] = ()) -> None:
    """``present``: normalised aliases this entity is known to have already (their insert is a no-op)."""
    have = set(present)
    for name in names:
        key = normalize_name(name)
        if key and key not in have:
            er.add_alias(con, entity_id, key, name)


def resolve(
    con: Any, mention: EntityMention, now: float, vec: np.ndarray | None = None, user_id: str = DEFAULT_USER
) -> Resolved:
    """The user's entity a mention names, created if new; the mention's names become aliases."""
    etype = mention.type if mention.type in ENTITY_TYPES else "concept"
    keys = mention_keys(mention)
    if not keys:
        raise ValueError(f"entity name {mention.name!r} has no letters or digits")
    rows = er.alias_rows(con, keys, user_id)
    hit = _pick(con, rows, etype)
    eid, found_type = hit if hit is not None else (find_by_vector(con, vec, etype, user_id=user_id), etype)
    created = eid is None
    if eid is None:
        eid = er.create(con, mention.name.strip(), etype, now, user_id)
    elif etype != "concept" and found_type == "concept":  # a cue-typed "concept" learns its real type
        er.retype_concept(con, eid, etype)
    # the aliases the lookup saw on this entity are there already: only the new ones are inserted
    add_aliases(con, eid, (mention.name.strip(), *mention.aliases), (r[0] for r in rows if r[1] == eid))
    return Resolved(eid, created)


count_mentions = er.count_mentions
link = er.link


def store_vectors(con: Any, ids: Sequence[int], vectors: np.ndarray) -> None:
    er.store_vectors(con, [(int(i), to_blob(v)) for i, v in zip(ids, vectors, strict=True)])


# -- Memory-level operations -------------------------------------------------------------------


def lookup(knowledge: Knowledge, name_or_id: str | int, user_id: str | None = None) -> int | None:
    """Entity id for an id or a name/alias (read side, follows merges); with ``user_id`` only
    that user's entities are found."""
    con = knowledge.store.reader()
    if isinstance(name_or_id, int) or (isinstance(name_or_id, str) and name_or_id.isdigit()):
        found = er.owned_id(con, int(name_or_id), user_id)
        return root(con, found) if found is not None else None
    return find_by_alias(con, [k for k in [normalize_name(str(name_or_id))] if k], user_id=user_id)


def embed_entities(knowledge: Knowledge, ids: Sequence[int]) -> int:
    """(Re)compute entity vectors from name + summary; 0 without an embedder or on failure."""
    if knowledge.embedder is None or not ids:
        return 0
    rows = fact_rows.entity_texts(knowledge.store.reader(), ids)
    if not rows:
        return 0
    try:
        vecs = knowledge.embedder.embed_batch([entity_text(r[1], r[2]) for r in rows])
    except Exception:  # the slow path degrades: entities then resolve by alias only
        return 0
    ids_found = [r[0] for r in rows]
    knowledge.store.writer.call(lambda con: store_vectors(con, ids_found, vecs))
    return len(ids_found)


def merge_entities(knowledge: Knowledge, keep_id: int, drop_id: int) -> dict[str, Any]:
    """Fold ``drop_id`` into ``keep_id``: aliases, node links and mention counts move over."""
    if keep_id == drop_id:
        raise ValueError("cannot merge an entity into itself")

    def fn(con: Any) -> dict[str, Any]:
        keep, drop = root(con, keep_id), root(con, drop_id)
        for eid in (keep_id, drop_id):
            if not er.exists(con, eid):
                raise ValueError(f"no entity with id {eid}")
        if keep == drop:
            return {"kept": keep, "dropped": drop_id, "moved_links": 0, "already_merged": True}
        name = er.canonical_name(con, drop)
        moved = er.fold(con, keep, drop)
        add_aliases(con, keep, [name])
        er.retire(con, keep, drop)
        return {"kept": keep, "dropped": drop, "moved_links": moved, "already_merged": False}

    return knowledge.store.writer.call(fn)  # type: ignore[no-any-return]


def enrich_entities(
    knowledge: Knowledge, min_mentions: int = MIN_MENTIONS_FOR_SUMMARY, limit: int = 50, summarizer: Any = None
) -> dict[str, Any]:
    """Summarise frequently mentioned entities that have no summary yet, then re-embed them.

    ``summarizer(chat, name, facts, entity_type) -> str`` defaults to the LLM helper; without
    a chat model nothing is written and the candidates are reported as skipped.
    """
    rows = er.unsummarised(knowledge.store, min_mentions, limit)
    if not rows:
        return {"candidates": 0, "summarized": 0, "skipped": 0, "failed": 0}
    if knowledge.chat is None:
        return {
            "candidates": len(rows),
            "summarized": 0,
            "skipped": len(rows),
            "failed": 0,
            "reason": "no LLM configured: entity summaries skipped",
        }
    summarize = summarizer or _default_summarizer()
    done: list[int] = []
    failed = 0
    for eid, name, etype in rows:
        facts = entity_facts(knowledge, eid, limit=30)
        try:
            summary = str(summarize(knowledge.chat, name, [f["content"] for f in facts], etype)).strip()
        except Exception:
            failed += 1
            continue
        if not summary:
            failed += 1
            continue
        knowledge.store.writer.call(partial(_fill_summary, summary=summary, entity_id=eid))
        done.append(eid)
    embed_entities(knowledge, done)
    return {"candidates": len(rows), "summarized": len(done), "skipped": 0, "failed": failed}


def _default_summarizer() -> Any:
    from memlab.knowledge.llm_consolidator import summarize_entity

    return summarize_entity


def entity_facts(
    knowledge: Knowledge, entity_id: int, limit: int = 50, include_history: bool = False
) -> list[dict[str, Any]]:
    """Facts (non-episodic nodes) linked to an entity, newest first."""
    rows = er.linked_facts(knowledge.store, entity_id, limit, include_history)
    return [
        {
            "id": r[0],
            "type": r[1],
            "content": r[2],
            "valid_from": r[3],
            "valid_until": r[4],
            "invalid_reason": r[5],
            "role": r[6],
        }
        for r in rows
    ]


_fill_summary = er.fill_summary
