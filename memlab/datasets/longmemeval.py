"""Loader for the official LongMemEval JSON (Wu et al., ICLR 2025; xiaowu0162/LongMemEval).

Each LongMemEval question comes with its own haystack of sessions, so each question becomes one
:class:`Dataset` (its haystack as turns, the question as the only question). Evidence follows the
official turn-level retrieval evaluation: the ids of *user* turns marked ``has_answer``; the
session-level evidence (``answer_session_ids``) is kept in ``meta``. Question ids ending in
``_abs`` are abstention questions (the official evaluation skips them for retrieval).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memlab.datasets.locomo import read_json
from memlab.datasets.schema import Dataset, DatasetError, Question, Turn, guess_intent

TURN_SPACING_S = 10.0
_REQUIRED = ("question_id", "question", "answer", "haystack_sessions", "haystack_dates")


def parse_longmemeval_date(text: str) -> float:
    """``"2023/05/20 (Sat) 02:21"`` -> epoch seconds (taken as UTC); the weekday is ignored."""
    cleaned = re.sub(r"\([^)]*\)", " ", str(text))
    cleaned = " ".join(cleaned.split())
    for fmt in ("%Y/%m/%d %H:%M", "%Y/%m/%d"):
        try:
            return datetime.strptime(cleaned, fmt).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
    raise DatasetError(f"LongMemEval date {text!r} is not like '2023/05/20 (Sat) 02:21'")


def _session_ids(item: dict[str, Any], n: int, qid: str) -> list[str]:
    raw = item.get("haystack_session_ids") or [f"s{i}" for i in range(n)]
    if len(raw) != n:
        raise DatasetError(f"LongMemEval {qid}: {len(raw)} session ids for {n} sessions")
    ids: list[str] = []
    for i, sid in enumerate(str(s) for s in raw):
        # Session ids repeat in a few haystacks; turn ids must stay unique.
        ids.append(sid if sid not in ids else f"{sid}#{i}")
    return ids


def _haystack(item: dict[str, Any], qid: str) -> tuple[list[Turn], list[str]]:
    sessions = item["haystack_sessions"]
    dates = item["haystack_dates"]
    if not isinstance(sessions, list) or not isinstance(dates, list) or len(sessions) != len(dates):
        raise DatasetError(
            f"LongMemEval {qid}: haystack_sessions and haystack_dates must be lists of equal length"
        )
    turns: list[Turn] = []
    evidence: list[str] = []
    for sid, date, session in zip(_session_ids(item, len(sessions), qid), dates, sessions, strict=True):
        start = parse_longmemeval_date(date)
        if not isinstance(session, list):
            raise DatasetError(f"LongMemEval {qid}: session {sid} is not a list of turns")
        for i, raw in enumerate(session):
            if not isinstance(raw, dict) or "content" not in raw:
                raise DatasetError(f"LongMemEval {qid}: session {sid} turn {i} lacks 'content'")
            role = "assistant" if raw.get("role") == "assistant" else "user"
            turn = Turn(
                id=f"{sid}:{i}",
                session_id=sid,
                speaker=role,
                role=role,
                text=str(raw["content"]),
                time=start + i * TURN_SPACING_S,
            )
            turns.append(turn)
            if role == "user" and raw.get("has_answer"):
                evidence.append(turn.id)
    return turns, evidence


def _dataset(item: Any, index: int) -> Dataset:
    if not isinstance(item, dict) or any(k not in item for k in _REQUIRED):
        raise DatasetError(f"LongMemEval item {index}: expected an object with {', '.join(_REQUIRED)}")
    qid = str(item["question_id"])
    turns, evidence = _haystack(item, qid)
    text = str(item["question"])
    q_time = (
        parse_longmemeval_date(item["question_date"])
        if item.get("question_date")
        else (max((t.time for t in turns), default=0.0) + 3600.0)
    )
    abstain = qid.endswith("_abs")
    question = Question(
        id=qid,
        text=text,
        time=q_time,
        answers=(str(item["answer"]),),
        evidence=tuple(evidence),
        intent=guess_intent(text),
        category=str(item.get("question_type", "")),
        abstain=abstain,
    )
    meta = {
        "source": "LongMemEval",
        "question_id": qid,
        "question_type": question.category,
        "answer_session_ids": [str(s) for s in item.get("answer_session_ids", [])],
        "abstention": abstain,
    }
    return Dataset(name=f"longmemeval:{qid}", turns=tuple(turns), questions=(question,), meta=meta)


def iter_longmemeval(path: str | Path) -> Iterator[Dataset]:
    """Yield one Dataset per question, in file order (the haystacks are built one at a time)."""
    data = read_json(path, "LongMemEval")
    if not isinstance(data, list):
        raise DatasetError(
            f"LongMemEval file {path}: expected a JSON list of questions, got {type(data).__name__}"
        )
    for i, item in enumerate(data):
        yield _dataset(item, i)


def load_longmemeval(path: str | Path) -> list[Dataset]:
    """All questions of a LongMemEval file, one Dataset each."""
    return list(iter_longmemeval(path))
