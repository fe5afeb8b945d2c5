"""Retrieval and answer metrics: pure functions of rankings, evidence ids and texts.

Each docstring names where its definition comes from, so a number in a report can be compared
with the paper it claims to reproduce.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any


def _check_k(k: int) -> None:
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")


def recall_at_k(ranked_ids: Sequence[str], evidence: Iterable[str], k: int) -> float:
    """Share of the evidence ids found in the top ``k`` (LoCoMo style).

    Maharana et al., "Evaluating Very Long-Term Conversational Memory of LLM Agents" (ACL 2024),
    Table 3: recall = fraction of a question's evidence dialog turns among the top-k retrieved.
    Questions without evidence have no recall: ValueError (the caller skips them).
    """
    _check_k(k)
    gold = set(evidence)
    if not gold:
        raise ValueError("recall_at_k needs at least one evidence id")
    return len(gold.intersection(ranked_ids[:k])) / len(gold)


def recall_all_at_k(ranked_ids: Sequence[str], evidence: Iterable[str], k: int) -> float:
    """1.0 if every evidence id is in the top ``k``, else 0.0.

    LongMemEval (Wu et al., ICLR 2025), official ``src/retrieval/eval_utils.py``: ``recall_all``,
    the headline retrieval metric ("Recall@k" in the paper).
    """
    _check_k(k)
    gold = set(evidence)
    if not gold:
        raise ValueError("recall_all_at_k needs at least one evidence id")
    return float(gold.issubset(ranked_ids[:k]))


def recall_any_at_k(ranked_ids: Sequence[str], evidence: Iterable[str], k: int) -> float:
    """1.0 if at least one evidence id is in the top ``k``, else 0.0 (LongMemEval ``recall_any``)."""
    _check_k(k)
    gold = set(evidence)
    if not gold:
        raise ValueError("recall_any_at_k needs at least one evidence id")
    return float(not gold.isdisjoint(ranked_ids[:k]))


def mrr(ranked_ids: Sequence[str], relevant: Iterable[str]) -> float:
    """Reciprocal rank of the first relevant id (0.0 if none is ranked).

    Voorhees, "The TREC-8 Question Answering Track Report" (1999): mean reciprocal rank; this is
    the per-query term, average it over questions.
    """
    gold = set(relevant)
    for rank, rid in enumerate(ranked_ids, 1):
        if rid in gold:
            return 1.0 / rank
    return 0.0


def ndcg_at_k(ranked_ids: Sequence[str], relevant: Iterable[str], k: int) -> float:
    """Binary-relevance nDCG@k: DCG of the ranking over the DCG of an ideal ranking.

    Järvelin & Kekäläinen, "Cumulated gain-based evaluation of IR techniques" (TOIS 2002), with
    gain 1 per relevant item and discount 1/log2(rank + 1), as LongMemEval's evaluation computes it.
    Duplicate ids in the ranking count once (at their best rank).
    """
    _check_k(k)
    gold = set(relevant)
    if not gold:
        raise ValueError("ndcg_at_k needs at least one relevant id")
    seen: set[str] = set()
    dcg = 0.0
    for i, rid in enumerate(ranked_ids[:k]):
        if rid in gold and rid not in seen:
            seen.add(rid)
            dcg += 1.0 / math.log2(i + 2)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(gold), k)))
    return dcg / ideal


# ---------------------------------------------------------------- text matching


@lru_cache(maxsize=4096)
def _term_pattern(term: str) -> re.Pattern[str]:
    # Lookarounds instead of \b so that terms that start or end with punctuation ("C++", "D.C.")
    # still need a word boundary, and "Alex" does not match inside "Alexander".
    words = [re.escape(w) for w in term.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(words) + r"(?!\w)", re.IGNORECASE)


def _terms(answers: Iterable[str]) -> list[str]:
    return [a.strip() for a in answers if a and a.strip()]


def mentions(text: str, term: str) -> bool:
    """Case-insensitive whole-word match of ``term`` in ``text`` (whitespace runs are equal)."""
    return bool(_term_pattern(term.strip()).search(text)) if term.strip() else False


def answer_in_context(context_text: str, answers: Iterable[str]) -> bool:
    """True if any answer form appears in the context as whole words, case-insensitive.

    The "answer recall in context" check used for LoCoMo-style retrieval-augmented QA: did the
    context handed to the reader contain the gold answer at all.
    """
    return any(mentions(context_text, a) for a in _terms(answers))


def _mask(text: str, terms: Iterable[str]) -> str:
    for term in sorted(_terms(terms), key=len, reverse=True):
        text = _term_pattern(term).sub(" ", text)
    return text


def stale_in_context(
    context_text: str, stale_answers: Iterable[str], current_answers: Iterable[str] = ()
) -> bool:
    """True if a superseded value appears in the context (memlab's staleness metric).

    Whole words, case-insensitive; occurrences of current answers are masked first, so a stale
    "York" inside a current "New York" is not counted, and stale forms equal to a current form
    are ignored.
    """
    current = _terms(current_answers)
    current_lower = {c.lower() for c in current}
    stale = [s for s in _terms(stale_answers) if s.lower() not in current_lower]
    if not stale:
        return False
    masked = _mask(context_text, current)
    return any(mentions(masked, s) for s in stale)


HISTORY_HEADER = "## History"


def outside_history(context_text: str) -> str:
    """The context without its History section (the lines memlab marks as superseded)."""
    out, skipping = [], False
    for line in context_text.splitlines():
        if line.startswith("## "):
            skipping = line.strip() == HISTORY_HEADER
        if not skipping:
            out.append(line)
    return "\n".join(out)


def stale_as_current(
    context_text: str, stale_answers: Iterable[str], current_answers: Iterable[str] = ()
) -> bool:
    """True if a superseded value reaches the reader as current: a line outside the History
    section mentions it. A line that also names a current value carries the update ("switched to
    Neovim, uninstalled VS Code") and does not count, as in ``current_over_stale``;
    ``stale_in_context`` counts every line."""
    current = list(current_answers)
    lines = [
        line
        for line in outside_history(context_text).splitlines()
        if not any(mentions(line, c) for c in _terms(current))
    ]
    return stale_in_context("\n".join(lines), stale_answers, current)


def current_over_stale(
    ranked_texts: Sequence[str], current_answers: Iterable[str], stale_answers: Iterable[str]
) -> bool | None:
    """Does the first text with a current answer rank above every text with a stale answer?

    memlab's knowledge-update metric (in the spirit of LongMemEval's knowledge-update category).
    A text that mentions both a current and a stale value ("moved from Berlin to Vilnius") carries
    the update and counts as current. None when neither value appears in any text.
    """
    current = _terms(current_answers)
    current_lower = {c.lower() for c in current}
    stale = [s for s in _terms(stale_answers) if s.lower() not in current_lower]
    first_current = first_stale = None
    for i, text in enumerate(ranked_texts):
        if first_current is None and any(mentions(text, c) for c in current):
            first_current = i
        elif first_stale is None and any(mentions(_mask(text, current), s) for s in stale):
            first_stale = i
        if first_current is not None:
            break
    if first_current is None:
        return None if first_stale is None else False
    return first_stale is None or first_current < first_stale


# ---------------------------------------------------------------- aggregation


def percentiles(values: Iterable[float], ps: Sequence[float] = (50, 95)) -> dict[float, float]:
    """Percentiles with linear interpolation between closest ranks (numpy's default method).

    Hyndman & Fan (1996), definition 7. Empty input: ValueError.
    """
    xs = sorted(float(v) for v in values)
    if not xs:
        raise ValueError("percentiles of an empty sequence")
    out: dict[float, float] = {}
    for p in ps:
        if not 0 <= p <= 100:
            raise ValueError(f"percentile must be in [0, 100], got {p}")
        pos = (len(xs) - 1) * p / 100.0
        lo = math.floor(pos)
        hi = min(lo + 1, len(xs) - 1)
        out[p] = xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)
    return out


def _numeric(value: Any) -> float | None:
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value)):
        return float(value)
    return None


def aggregate(
    records: Iterable[Mapping[str, Any]],
    by: str | Callable[[Mapping[str, Any]], Any] = "category",
    fields: Sequence[str] | None = None,
    overall: str | None = "overall",
) -> dict[str, dict[str, float]]:
    """Per-group means of numeric fields, plus an ``overall`` group over all records.

    Booleans count as 0/1; None and non-numeric values are skipped field by field (so a metric
    that is undefined for a question, such as ``current_over_stale`` -> None, does not drag the
    mean). Each group also has ``n`` (records) and ``n_<field>`` (records that had the field).
    """
    key_of = by if callable(by) else (lambda r: r.get(by))
    sums: dict[str, dict[str, list[float]]] = {}
    counts: dict[str, int] = {}
    for rec in records:
        groups = [str(key_of(rec))] + ([overall] if overall is not None else [])
        names = fields if fields is not None else [k for k in rec if k != by]
        for g in groups:
            counts[g] = counts.get(g, 0) + 1
            acc = sums.setdefault(g, {})
            for name in names:
                x = _numeric(rec.get(name))
                if x is not None:
                    acc.setdefault(name, []).append(x)
    result: dict[str, dict[str, float]] = {}
    for g, acc in sums.items():
        row: dict[str, float] = {"n": float(counts[g])}
        for name, xs in acc.items():
            row[name] = sum(xs) / len(xs)
            row[f"n_{name}"] = float(len(xs))
        result[g] = row
    return result
