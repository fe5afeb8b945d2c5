"""One real conversation through memory, end to end (``notebooks/08_locomo_walkthrough``).

A LoCoMo conversation is cut to its first sessions, replayed into a memory on a simulated clock,
and then looked at: what was extracted (facts, entities, who said what when), how retrieval
ranked each question's gold evidence in every channel, and the graph. Reads never reinforce.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memlab.clock import iso
from memlab.store import browse
from memlab.types import Hit

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from memlab.bench.replay import ReplayResult
    from memlab.datasets.schema import Dataset, Question
    from memlab.memory import Memory

__all__ = [
    "entity_rows",
    "evidence_hits",
    "extraction_counts",
    "fact_rows",
    "first_sessions",
    "question_ranks",
    "replay_into",
    "speaker_timeline",
    "speaker_timeline_figure",
]

QUESTION_DELAY_S = 3600.0


def _session_number(session_id: str) -> int:
    tail = session_id.rsplit(":S", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def first_sessions(dataset: Dataset, sessions: int = 3) -> Dataset:
    """The first ``sessions`` sessions, and the questions whose gold evidence lies wholly in them
    (asked an hour after the last kept turn), so every kept question is answerable."""
    keep = sorted({t.session_id for t in dataset.turns}, key=_session_number)[:sessions]
    turns = tuple(t for t in dataset.turns if t.session_id in keep)
    turn_ids = {t.id for t in turns}
    asked = (turns[-1].time if turns else 0.0) + QUESTION_DELAY_S
    questions = tuple(
        dataclasses.replace(q, time=asked)
        for q in dataset.questions
        if q.evidence and not q.abstain and set(q.evidence) <= turn_ids
    )
    return dataclasses.replace(
        dataset, name=f"{dataset.name}:S1-{len(keep)}", turns=turns, questions=questions
    )


def replay_into(dataset: Dataset, path: str | Path, config: Any = None) -> ReplayResult:
    """Replay ``dataset`` into a new memory at ``path`` (the hashing embedder unless ``config`` says)."""
    from memlab.bench.replay import replay
    from memlab.config import MemoryConfig
    from memlab.memory import Memory

    cfg = config or MemoryConfig().replace(embedder={"name": "hashing"})
    return replay(dataset, lambda clock: Memory.open(path, cfg, clock=clock), progress=False)


# -- what memory extracted --------------------------------------------------------------------------
def extraction_counts(memory: Memory) -> dict[str, int]:
    """Messages, facts (active and history), entities and edges by type, in one flat row."""
    stats = memory.stats()
    nodes = stats["nodes"]
    facts = sum(v for k, v in nodes.items() if k != "episodic")
    row = {"messages": nodes.get("episodic", 0), "facts": facts, "superseded": stats["superseded"],
           "entities": stats["entities"]}  # fmt: skip
    row.update({f"{k} edges": v for k, v in stats["edges"].items() if v})
    return row


def fact_rows(memory: Memory, limit: int = 20) -> list[dict[str, Any]]:
    """Facts in world-time order: content, since, until, status, how many source messages."""
    assert memory.store is not None
    nodes = memory.store.find_nodes(facts=True, order="valid_from", limit=limit)
    sources = browse.derived_counts(memory.store, by="fact")
    return [{"id": n.id, "type": n.type, "content": n.content, "since": iso(n.valid_from),
             "until": iso(n.valid_until) if n.valid_until else None,
             "status": "active" if n.active else (n.invalid_reason or "archived"),
             "sources": sources.get(n.id, 0)} for n in nodes]  # fmt: skip


def entity_rows(memory: Memory, limit: int = 15) -> list[dict[str, Any]]:
    """Entities by mentions: name, type, mentions, how many facts name them."""
    assert memory.store is not None
    rows = browse.entity_mentions(memory.store, limit)
    return [{"entity": r[0], "type": r[1], "mentions": r[2], "in facts": r[3]} for r in rows]


def _speakers(dataset: Dataset) -> dict[str, str]:
    return {t.id: t.speaker for t in dataset.turns}


def speaker_timeline(memory: Memory, dataset: Dataset) -> list[dict[str, Any]]:
    """One row per (session, speaker): messages, first and last time, facts derived from them."""
    assert memory.store is not None
    speaker_of = _speakers(dataset)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    facts = _facts_per_episode(memory)
    for n in memory.store.find_nodes(facts=False):
        who = speaker_of.get(str(n.attributes.get("turn_id")), n.source_role or "?")
        row = rows.setdefault((n.session_id or "-", who), {"session": n.session_id, "speaker": who, "messages": 0,
                                                           "first": iso(n.event_time), "facts": 0})  # fmt: skip
        row["messages"] += 1
        row["last"] = iso(n.event_time)
        row["facts"] += facts.get(n.id, 0)
    return list(rows.values())


def _facts_per_episode(memory: Memory) -> dict[int, int]:
    assert memory.store is not None
    return browse.derived_counts(memory.store, by="episode")


def speaker_timeline_figure(memory: Memory, dataset: Dataset) -> Figure:
    """Who spoke when: one lane per speaker, a tick per message, a diamond where a fact came from."""
    from matplotlib.figure import Figure

    assert memory.store is not None
    speaker_of = _speakers(dataset)
    facts = _facts_per_episode(memory)
    episodes = memory.store.find_nodes(facts=False)
    speakers = sorted({speaker_of.get(str(n.attributes.get("turn_id")), "?") for n in episodes})
    fig = Figure(figsize=(8, 0.6 + 0.5 * max(1, len(speakers))))
    ax = fig.add_subplot()
    for lane, who in enumerate(speakers):
        mine = [n for n in episodes if speaker_of.get(str(n.attributes.get("turn_id")), "?") == who]
        ax.scatter([n.event_time for n in mine], [lane] * len(mine), marker="|", s=120, label=who)
        sources = [n for n in mine if facts.get(n.id)]
        ax.scatter([n.event_time for n in sources], [lane] * len(sources), marker="D", s=40, color="#59a14f")
    ax.set_yticks(range(len(speakers)), speakers)
    ax.set_ylim(-0.7, len(speakers) - 0.3)
    ticks = sorted({n.event_time for n in episodes})[:: max(1, len(episodes) // 4)]
    ax.set_xticks(ticks, [iso(t)[:10] for t in ticks])
    ax.set_title("messages per speaker (| message, \u25c6 a fact was derived from it)", fontsize=10)
    fig.tight_layout()
    return fig


# -- retrieval against the gold evidence ------------------------------------------------------------
def _search(memory: Memory, question: Question, limit: int) -> list[Hit]:
    from memlab.retrieval.engine import search

    return list(
        search(memory.retriever, question.text, limit=limit, as_of=question.time, reinforce=False, internal=True)
    )


def _hit_turns(memory: Memory, hits: Sequence[Hit]) -> list[list[str]]:
    from memlab.bench.subjects import hit_turn_ids

    return [hit_turn_ids(memory, [h]) for h in hits]


def evidence_hits(memory: Memory, question: Question, limit: int = 10) -> list[dict[str, Any]]:
    """The ranked hits of one question: fused rank, gold or not, every channel's rank, content."""
    hits = _search(memory, question, limit)
    channels = sorted({c for h in hits for c in h.ranks})
    rows = []
    for rank, (h, turns) in enumerate(zip(hits, _hit_turns(memory, hits), strict=True), start=1):
        row: dict[str, Any] = {
            "rank": rank,
            "turns": ", ".join(turns),
            "gold": bool(set(turns) & set(question.evidence)),
        }
        row.update({c: h.ranks.get(c) for c in channels})
        row["content"] = h.node.content
        rows.append(row)
    return rows


def question_ranks(memory: Memory, questions: Sequence[Question], limit: int = 10) -> list[dict[str, Any]]:
    """One row per question: its gold turns, the fused rank of the first gold hit, and the best rank
    any gold hit had in each channel (None: not found in the top ``limit``)."""
    rows = []
    for q in questions:
        hits = _search(memory, q, limit)
        gold = [(i, h) for i, (h, turns) in enumerate(zip(hits, _hit_turns(memory, hits), strict=True), start=1)
                if set(turns) & set(q.evidence)]  # fmt: skip
        row: dict[str, Any] = {"question": q.text, "category": q.category, "gold": ", ".join(q.evidence),
                               "fused": gold[0][0] if gold else None}  # fmt: skip
        for channel in sorted({c for h in hits for c in h.ranks}):
            ranks = [h.ranks[channel] for _, h in gold if channel in h.ranks]
            row[channel] = min(ranks) if ranks else None
        rows.append(row)
    return rows
