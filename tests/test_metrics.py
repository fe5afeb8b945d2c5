"""Metrics on hand-made cases with known answers, plus property checks against numpy."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memlab.bench.metrics import (
    aggregate,
    answer_in_context,
    current_over_stale,
    mrr,
    ndcg_at_k,
    percentiles,
    recall_all_at_k,
    recall_any_at_k,
    recall_at_k,
    stale_in_context,
)

RANKED = ["d3", "d1", "d7", "d2", "d9"]


def test_recall_family_differs_on_partial_hits() -> None:
    evidence = ["d1", "d2"]
    assert recall_at_k(RANKED, evidence, 2) == 0.5
    assert recall_any_at_k(RANKED, evidence, 2) == 1.0
    assert recall_all_at_k(RANKED, evidence, 2) == 0.0
    assert recall_all_at_k(RANKED, evidence, 4) == 1.0
    assert recall_at_k(RANKED, evidence, 4) == 1.0
    assert recall_any_at_k(RANKED, ["x"], 5) == 0.0
    assert recall_at_k(RANKED, ["d1", "d1", "x"], 5) == 0.5  # evidence is a set


def test_recall_rejects_empty_evidence_and_bad_k() -> None:
    with pytest.raises(ValueError):
        recall_at_k(RANKED, [], 5)
    with pytest.raises(ValueError):
        recall_all_at_k(RANKED, ["d1"], 0)


def test_mrr_and_ndcg_known_values() -> None:
    assert mrr(RANKED, {"d7", "d9"}) == pytest.approx(1 / 3)
    assert mrr(RANKED, {"zz"}) == 0.0
    # relevant at ranks 1 and 3 of 2 relevant: (1 + 1/log2 4) / (1 + 1/log2 3)
    expected = (1 + 1 / 2) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(["a", "x", "b"], {"a", "b"}, 3) == pytest.approx(expected)
    assert ndcg_at_k(["a", "b", "x"], {"a", "b"}, 3) == pytest.approx(1.0)
    assert ndcg_at_k(["x", "y"], {"a"}, 2) == 0.0
    assert ndcg_at_k(["a", "a", "b"], {"a", "b"}, 3) < 1.0  # a duplicate does not count twice


def test_current_over_stale() -> None:
    cur, stale = ["Vilnius", "Вильнюсе"], ["Berlin", "Берлине"]
    assert current_over_stale(["I live in Vilnius", "I live in Berlin"], cur, stale) is True
    assert current_over_stale(["Я живу в Берлине", "Я живу в Вильнюсе"], cur, stale) is False
    assert current_over_stale(["nothing here", "Berlin has museums"], cur, stale) is False
    assert current_over_stale(["weather", "coffee"], cur, stale) is None
    assert current_over_stale(["moved from Berlin to Vilnius", "Berlin"], cur, stale) is True
    assert current_over_stale(["Alexander called", "Alex said hi"], ["Alex"], ["Alexander"]) is False


def test_stale_in_context_word_boundaries_and_masking() -> None:
    assert stale_in_context("She lives in BERLIN now.", ["Berlin"], ["Vilnius"])
    assert not stale_in_context("I trust rusty tools", ["Rust"], ["Python"])
    assert not stale_in_context("Moved to New York", ["York"], ["New York"])  # part of a current answer
    assert stale_in_context("New York, then York", ["York"], ["New York"])
    assert not stale_in_context("Alexander is my boss", ["Alex"], ["Alexander"])
    assert not stale_in_context("Я живу в Берлине", ["Берлин"], [])  # inflected form is another word
    assert not stale_in_context("Berlin", ["Berlin"], ["berlin"])  # same value, not stale


def test_answer_in_context() -> None:
    assert answer_in_context("I write C++ all day", ["C++"])
    assert not answer_in_context("I write C++x", ["C++"])
    assert answer_in_context("works at  Umbrella\nLabs now", ["Umbrella Labs"])
    assert not answer_in_context("nothing", ["", "  "])


def test_percentiles_known_and_errors() -> None:
    assert percentiles([1, 2, 3, 4], (50, 95)) == {50: 2.5, 95: pytest.approx(3.85)}
    with pytest.raises(ValueError):
        percentiles([], (50,))
    with pytest.raises(ValueError):
        percentiles([1.0], (101,))


@given(
    st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=1, max_size=50),
    st.floats(0, 100),
)
def test_percentiles_match_numpy(values: list[float], p: float) -> None:
    assert percentiles(values, (p,))[p] == pytest.approx(float(np.percentile(values, p)), rel=1e-9, abs=1e-6)


def test_aggregate_means_per_group_skipping_none() -> None:
    records = [
        {"category": "a", "recall": 1.0, "cos": True},
        {"category": "a", "recall": 0.0, "cos": None},
        {"category": "b", "recall": 0.5, "cos": False, "note": "x"},
    ]
    out = aggregate(records, by="category")
    assert out["a"] == {"n": 2.0, "recall": 0.5, "n_recall": 2.0, "cos": 1.0, "n_cos": 1.0}
    assert out["b"]["cos"] == 0.0 and "note" not in out["b"]
    assert out["overall"]["recall"] == pytest.approx(0.5) and out["overall"]["n"] == 3.0
    by_len = aggregate(records, by=lambda r: len(r), fields=["recall"], overall=None)
    assert set(by_len) == {"3", "4"} and "overall" not in by_len
