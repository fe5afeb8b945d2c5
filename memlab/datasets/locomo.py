"""Loader for the official LoCoMo JSON (Maharana et al., ACL 2024; snap-research/LoCoMo).

One :class:`Dataset` per conversation. The data is CC BY-NC 4.0: it is read by path and never
copied into this repository.

Known faults of the file are repaired or counted in ``meta["evidence"]``, never fatal:
evidence lists like ``"D8:6; D9:17"`` are split, ``"D:11:26"`` and ``"D30:05"`` are
normalised, unparseable ids (``"D"``) are dropped as malformed, ids of turns that do not
exist are dropped as missing; integer answers become strings; adversarial questions
(category 5, ``adversarial_answer``) become abstention questions; session dates without turns
are listed in ``meta["empty_sessions"]``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memlab.datasets.schema import Dataset, DatasetError, Question, Turn, guess_intent

# Category ids as the JSON and the official scoring code use them (see shared datasets README).
CATEGORIES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}
TURN_SPACING_S = 10.0  # turns of one session keep their order a few seconds apart
QUESTION_DELAY_S = 3600.0  # questions are asked an hour after the last turn

_SESSION_KEY = re.compile(r"^session_(\d+)$")
_DATE_KEY = re.compile(r"^session_(\d+)_date_time$")
_EVIDENCE = re.compile(r"^D:?(\d+):0*(\d+)$")


def parse_locomo_date(text: str) -> float:
    """``"1:56 pm on 8 May, 2023"`` -> epoch seconds (taken as UTC)."""
    try:
        dt = datetime.strptime(" ".join(text.split()), "%I:%M %p on %d %B, %Y")
    except ValueError as e:
        raise DatasetError(f"LoCoMo session date {text!r} is not like '1:56 pm on 8 May, 2023'") from e
    return dt.replace(tzinfo=UTC).timestamp()


@dataclass
class EvidenceReport:
    """How the evidence ids of one conversation were read."""

    total: int = 0  # raw evidence strings
    ok: int = 0  # ids kept as they were
    repaired: int = 0  # ids kept after splitting or normalising
    malformed: int = 0  # pieces that are not an id at all (dropped)
    missing: int = 0  # well-formed ids of turns that do not exist (dropped)
    issues: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "ok": self.ok,
            "repaired": self.repaired,
            "malformed": self.malformed,
            "missing": self.missing,
            "issues": list(self.issues),
        }


def normalize_evidence(raw: str) -> tuple[list[str], list[str]]:
    """Split and normalise one raw evidence string: (ids, malformed pieces)."""
    ids: list[str] = []
    bad: list[str] = []
    for piece in re.split(r"[;,\s]+", str(raw).strip()):
        if not piece:
            continue
        m = _EVIDENCE.match(piece)
        if m:
            ids.append(f"D{int(m.group(1))}:{int(m.group(2))}")
        else:
            bad.append(piece)
    return ids, bad


def _read_evidence(raw_list: Any, qid: str, turn_ids: set[str], report: EvidenceReport) -> tuple[str, ...]:
    out: list[str] = []
    for raw in raw_list if isinstance(raw_list, list) else [raw_list]:
        report.total += 1
        ids, bad = normalize_evidence(str(raw))
        for piece in bad:
            report.malformed += 1
            report.issues.append({"question": qid, "raw": str(raw), "problem": f"malformed {piece!r}"})
        for eid in ids:
            if eid not in turn_ids:
                report.missing += 1
                report.issues.append({"question": qid, "raw": str(raw), "problem": f"no turn {eid}"})
                continue
            if eid == raw:
                report.ok += 1
            else:
                report.repaired += 1
                report.issues.append({"question": qid, "raw": str(raw), "problem": f"repaired to {eid}"})
            if eid not in out:
                out.append(eid)
    return tuple(out)


def _turn_text(raw: dict[str, Any], include_captions: bool) -> str:
    text = str(raw.get("text", ""))
    caption = raw.get("blip_caption")
    if include_captions and caption:
        # The LoCoMo paper shows shared images to models as their BLIP-2 caption.
        text = f"{text} [shares {caption}]"
    return text


def _sessions(conv: dict[str, Any], sample_id: str) -> tuple[dict[int, list[Any]], dict[int, str]]:
    sessions: dict[int, list[Any]] = {}
    dates: dict[int, str] = {}
    for key, value in conv.items():
        if m := _SESSION_KEY.match(key):
            if not isinstance(value, list):
                raise DatasetError(f"LoCoMo {sample_id}: {key} is not a list of turns")
            sessions[int(m.group(1))] = value
        elif m := _DATE_KEY.match(key):
            dates[int(m.group(1))] = str(value)
    return sessions, dates


def _turns(conv: dict[str, Any], sample_id: str, include_captions: bool) -> tuple[list[Turn], dict[str, Any]]:
    sessions, dates = _sessions(conv, sample_id)
    speaker_a = str(conv.get("speaker_a", ""))
    turns: list[Turn] = []
    for n in sorted(sessions):
        if n not in dates:
            raise DatasetError(f"LoCoMo {sample_id}: session_{n} has turns but no session_{n}_date_time")
        start = parse_locomo_date(dates[n])
        for i, raw in enumerate(sessions[n]):
            speaker = str(raw.get("speaker", ""))
            turns.append(
                Turn(
                    id=str(raw.get("dia_id") or f"D{n}:{i + 1}"),
                    session_id=f"{sample_id}:S{n}",
                    speaker=speaker,
                    # Both LoCoMo speakers are people; speaker_a plays the user, speaker_b the other side.
                    role="user" if speaker == speaker_a else "assistant",
                    text=_turn_text(raw, include_captions),
                    time=start + i * TURN_SPACING_S,
                )
            )
    info = {
        "speakers": [speaker_a, str(conv.get("speaker_b", ""))],
        "session_dates": {str(n): dates[n] for n in sorted(dates)},
        "sessions_with_turns": sum(1 for n in sessions if sessions[n]),
        "empty_sessions": sorted(n for n in dates if not sessions.get(n)),
    }
    return turns, info


def _question(
    raw: dict[str, Any], qid: str, time: float, turn_ids: set[str], report: EvidenceReport
) -> Question:
    category_id = raw.get("category")
    category = CATEGORIES.get(category_id, str(category_id)) if isinstance(category_id, int) else "unknown"
    adversarial = category_id == 5
    answer = raw.get("answer")
    text = str(raw.get("question", ""))
    return Question(
        id=qid,
        text=text,
        time=time,
        answers=() if adversarial or answer is None else (str(answer),),
        evidence=_read_evidence(raw.get("evidence", []), qid, turn_ids, report),
        intent=guess_intent(text),
        category=category,
        abstain=adversarial,
    )


def _conversation(item: Any, index: int, include_captions: bool) -> Dataset:
    if not isinstance(item, dict) or not isinstance(item.get("conversation"), dict):
        raise DatasetError(f"LoCoMo item {index}: expected an object with a 'conversation' object")
    if not isinstance(item.get("qa"), list):
        raise DatasetError(f"LoCoMo item {index}: expected a 'qa' list")
    sample_id = str(item.get("sample_id", f"conv-{index}"))
    turns, info = _turns(item["conversation"], sample_id, include_captions)
    turn_ids = {t.id for t in turns}
    q_time = (max(t.time for t in turns) if turns else 0.0) + QUESTION_DELAY_S
    report = EvidenceReport()
    questions = []
    adversarial_answers: dict[str, str] = {}
    for i, raw in enumerate(item["qa"]):
        if not isinstance(raw, dict):
            raise DatasetError(f"LoCoMo {sample_id}: qa[{i}] is not an object")
        q = _question(raw, f"{sample_id}:q{i}", q_time, turn_ids, report)
        if "adversarial_answer" in raw:
            adversarial_answers[q.id] = str(raw["adversarial_answer"])
        questions.append(q)
    meta = {
        "source": "LoCoMo",
        "sample_id": sample_id,
        **info,
        "categories": {str(k): v for k, v in CATEGORIES.items()},
        "evidence": report.as_dict(),
        "adversarial_answers": adversarial_answers,
    }
    return Dataset(name=f"locomo:{sample_id}", turns=tuple(turns), questions=tuple(questions), meta=meta)


def read_json(path: str | Path, what: str) -> Any:
    """Parse a JSON file, turning a missing or broken file into a DatasetError that says so."""
    p = Path(path)
    if not p.is_file():
        raise DatasetError(f"{what} file {p} does not exist")
    try:
        with p.open(encoding="utf-8") as f:
            return json.load(f)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DatasetError(f"{what} file {p} is not valid JSON: {e}") from e


def load_locomo(path: str | Path, include_captions: bool = True) -> list[Dataset]:
    """Read the LoCoMo JSON list; one Dataset per conversation, in file order."""
    data = read_json(path, "LoCoMo")
    if not isinstance(data, list):
        raise DatasetError(
            f"LoCoMo file {path}: expected a JSON list of conversations, got {type(data).__name__}"
        )
    return [_conversation(item, i, include_captions) for i, item in enumerate(data)]
