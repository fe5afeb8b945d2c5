"""Leave-one-group-out tuning: the vectorised grid agrees with fusion.rrf, and a fold never
sees its own group."""

from __future__ import annotations

import numpy as np

from memlab.bench import loo
from memlab.bench.metrics import recall_at_k
from memlab.retrieval.fusion import rrf

LISTS = {"a": ["x1", "x2", "x3", "x4"], "b": ["x4", "x3", "x5"]}


def _rrf_ids(weights: dict[str, float], k: int) -> list[str]:
    index: dict[str, int] = {}
    as_int = {c: [index.setdefault(t, len(index)) for t in ids] for c, ids in LISTS.items()}
    back = {v: t for t, v in index.items()}
    return [back[f.id] for f in rrf(as_int, weights, k)]


def test_grid_recall_matches_rrf() -> None:
    item = loo.Item("g", LISTS, frozenset({"x4", "x5"}))
    settings = loo.grid((1, 10), {"a": (1.0,), "b": (0.0, 0.5, 2.0)})
    table = loo.recall_grid([item], settings, ks=(1, 2, 3))
    for j, s in enumerate(settings):
        ranked = _rrf_ids(s.weights, s.k)
        assert [table[0, a, j] for a in range(3)] == [recall_at_k(ranked, item.evidence, kk) for kk in (1, 2, 3)]


def test_each_fold_is_tuned_without_its_group() -> None:
    # group g1 wants channel b, g2 wants channel a: a fold must pick the other group's preference
    items = [
        loo.Item("g1", {"a": ["p", "q"], "b": ["q", "p"]}, frozenset({"q"})),
        loo.Item("g2", {"a": ["p", "q"], "b": ["q", "p"]}, frozenset({"p"})),
        loo.Item("g2", {"a": ["r", "s"], "b": ["s", "r"]}, frozenset({"r"})),
    ]
    settings = loo.grid((10,), {"a": (1.0,), "b": (0.0, 2.0)})
    table = loo.recall_grid(items, settings, ks=(1, 2))
    folds = {f.held_out: f for f in loo.leave_one_out(items, settings, table, ks=(1, 2), at=(1,))}
    assert folds["g1"].setting.weights["b"] == 0.0 and folds["g1"].held_out_recall[1] == 0.0
    assert folds["g2"].setting.weights["b"] == 2.0 and folds["g2"].held_out_recall[1] == 0.0
    assert loo.pooled(list(folds.values()), ks=(1, 2))[2] == 100.0
    assert np.isclose(loo.macro(list(folds.values()), ks=(1,))[1], 0.0)
