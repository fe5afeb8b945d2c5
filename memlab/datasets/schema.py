"""The shapes every evaluation dataset is loaded into, and the JSONL file format.

Loaders (synthetic, LoCoMo, LongMemEval) all return :class:`Dataset`, so the replay engine and
the metrics never branch on where the data came from. Times are floats, seconds since the Unix
epoch, UTC (world time: when the message was said or the question asked).

JSONL format (one JSON object per line, ``"kind"`` says which), see ``datasets/README.md``::

    {"kind": "meta", "name": ..., "meta": {...}}          first line, exactly one
    {"kind": "turn", "id": ..., "session_id": ..., ...}   the fields of Turn
    {"kind": "question", "id": ..., "answers": [...], ...} the fields of Question
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

ROLES: tuple[str, ...] = ("user", "assistant")
QUESTION_INTENTS: tuple[str, ...] = ("why", "when", "who", "what", "general")


class DatasetError(ValueError):
    """A data file that cannot be read as the dataset it claims to be (says which and why)."""


@dataclass(frozen=True)
class Turn:
    """One message of a conversation."""

    id: str
    session_id: str
    speaker: str
    role: str  # "user" | "assistant"
    text: str
    time: float
    lang: str = "en"


@dataclass(frozen=True)
class Question:
    """A question asked at ``time``, with what was true then and what had been true before.

    ``answers`` are surface forms of the gold current answer (any one counts);
    ``stale_answers`` are forms of values that were true earlier and were superseded by ``time``;
    ``evidence`` are ids of the turns that state the answer.
    """

    id: str
    text: str
    time: float
    answers: tuple[str, ...] = ()
    stale_answers: tuple[str, ...] = ()
    evidence: tuple[str, ...] = ()
    intent: str = "general"  # why | when | who | what | general
    category: str = ""
    lang: str = "en"
    abstain: bool = False


@dataclass(frozen=True)
class Dataset:
    """A conversation history (turns, sorted by time) and the questions asked about it."""

    name: str
    turns: tuple[Turn, ...]
    questions: tuple[Question, ...] = ()
    meta: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        # Sorting here (stable, by time then id) makes "sorted by time" an invariant, not a hope.
        ordered = tuple(sorted(self.turns, key=lambda t: (t.time, t.id)))
        object.__setattr__(self, "turns", ordered)
        object.__setattr__(self, "questions", tuple(self.questions))

    @cached_property
    def _turn_index(self) -> dict[str, Turn]:
        return {t.id: t for t in self.turns}

    @cached_property
    def _question_index(self) -> dict[str, Question]:
        return {q.id: q for q in self.questions}

    def turn(self, turn_id: str) -> Turn:
        """The turn with this id (KeyError if absent)."""
        return self._turn_index[turn_id]

    def question(self, question_id: str) -> Question:
        """The question with this id (KeyError if absent)."""
        return self._question_index[question_id]

    def has_turn(self, turn_id: str) -> bool:
        return turn_id in self._turn_index

    def sessions(self) -> dict[str, tuple[Turn, ...]]:
        """Turns grouped by session id, sessions in order of their first turn."""
        groups: dict[str, list[Turn]] = {}
        for t in self.turns:
            groups.setdefault(t.session_id, []).append(t)
        return {sid: tuple(ts) for sid, ts in groups.items()}

    def turns_before(self, time: float) -> tuple[Turn, ...]:
        """Turns said strictly before ``time`` (what a question at ``time`` may know)."""
        return tuple(t for t in self.turns if t.time < time)


_INTENT_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("why", re.compile(r"^\W*(why|how come|what (was|is) the reason|почему|зачем|отчего)\b", re.I)),
    ("when", re.compile(r"^\W*(when|what (date|year|month|day|time)|how long|когда|в каком году)\b", re.I)),
    ("who", re.compile(r"^\W*(who|whom|whose|кто|кого|кому|чей|чья)\b", re.I)),
    ("what", re.compile(r"^\W*(what|which|what's|что|какой|какая|какое|какие|каким|на каком)\b", re.I)),
)


def guess_intent(text: str) -> str:
    """A label from the question's first words, for datasets that carry none (LoCoMo, LongMemEval).

    Only a dataset label for per-intent breakdowns, not memlab's intent classifier.
    """
    for intent, pattern in _INTENT_PATTERNS:
        if pattern.search(text):
            return intent
    return "general"


# ---------------------------------------------------------------- JSONL


def _dump(obj: dict[str, Any]) -> str:
    # sort_keys + ensure_ascii=False: byte-identical output for equal data, readable Russian.
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def turn_record(turn: Turn) -> dict[str, Any]:
    return {"kind": "turn", **dataclasses.asdict(turn)}


def question_record(question: Question) -> dict[str, Any]:
    rec = dataclasses.asdict(question)
    for key in ("answers", "stale_answers", "evidence"):
        rec[key] = list(rec[key])
    return {"kind": "question", **rec}


def iter_jsonl_lines(ds: Dataset) -> Iterator[str]:
    """The lines of ``ds`` as JSONL (meta first, then turns, then questions), newline included."""
    yield _dump({"kind": "meta", "name": ds.name, "meta": ds.meta}) + "\n"
    for t in ds.turns:
        yield _dump(turn_record(t)) + "\n"
    for q in ds.questions:
        yield _dump(question_record(q)) + "\n"


def save_jsonl(ds: Dataset, path: str | Path) -> Path:
    """Write ``ds`` to ``path`` (UTF-8, "\\n" line ends); returns the path."""
    p = Path(path)
    with p.open("w", encoding="utf-8", newline="\n") as f:
        f.writelines(iter_jsonl_lines(ds))
    return p


def save_turns_jsonl(turns: Iterable[Turn], path: str | Path, name: str = "stream") -> int:
    """Stream turns to a JSONL file without holding them in memory; returns the count written."""
    n = 0
    with Path(path).open("w", encoding="utf-8", newline="\n") as f:
        f.write(_dump({"kind": "meta", "name": name, "meta": {}}) + "\n")
        for t in turns:
            f.write(_dump(turn_record(t)) + "\n")
            n += 1
    return n


def _field_names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _build(cls: type, rec: dict[str, Any], where: str) -> Any:
    fields = _field_names(cls)
    data = {k: v for k, v in rec.items() if k != "kind"}
    unknown = set(data) - fields
    if unknown:
        raise DatasetError(f"{where}: unknown field(s) {sorted(unknown)} for {cls.__name__}")
    for key in ("answers", "stale_answers", "evidence"):
        if key in data:
            data[key] = tuple(str(x) for x in data[key])
    if "time" in data:
        data["time"] = float(data["time"])
    try:
        return cls(**data)
    except TypeError as e:
        raise DatasetError(f"{where}: {e}") from e


def iter_jsonl(path: str | Path) -> Iterator[Turn | Question | dict[str, Any]]:
    """Stream the records of a JSONL dataset: the meta record as a dict, then Turns and Questions."""
    p = Path(path)
    if not p.is_file():
        raise DatasetError(f"{p}: no such file")
    with p.open(encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip():
                continue
            where = f"{p}:{lineno}"
            try:
                rec = json.loads(line)
            except json.JSONDecodeError as e:
                raise DatasetError(f"{where}: not a JSON line ({e.msg})") from e
            kind = rec.get("kind") if isinstance(rec, dict) else None
            if kind == "turn":
                yield _build(Turn, rec, where)
            elif kind == "question":
                yield _build(Question, rec, where)
            elif kind == "meta":
                yield rec
            else:
                raise DatasetError(f"{where}: expected an object with kind turn|question|meta, got {kind!r}")


def load_jsonl(path: str | Path) -> Dataset:
    """Read a dataset written by :func:`save_jsonl`."""
    name, meta = Path(path).stem, {}
    turns: list[Turn] = []
    questions: list[Question] = []
    for rec in iter_jsonl(path):
        if isinstance(rec, Turn):
            turns.append(rec)
        elif isinstance(rec, Question):
            questions.append(rec)
        else:
            name, meta = str(rec.get("name", name)), dict(rec.get("meta") or {})
    return Dataset(name=name, turns=tuple(turns), questions=tuple(questions), meta=meta)
