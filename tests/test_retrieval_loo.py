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


def _random_items(seed: int, groups: tuple[str, ...] = ("g1", "g2", "g3"), per: int = 6) -> list[loo.Item]:
    rnd = np.random.default_rng(seed)
    pool = [f"t{i:02d}" for i in range(30)]
    items = []
    for g in groups:
        for _ in range(per):
            lists = {c: list(rnd.choice(pool, size=8, replace=False)) for c in ("a", "b", "c")}
            items.append(loo.Item(g, lists, frozenset(rnd.choice(pool, size=2, replace=False))))
    return items


def test_grid_recall_matches_rrf_on_random_lists_with_ties() -> None:
    for seed in range(5):
        item = _random_items(seed, ("g",), 1)[0]
        item = loo.Item("g", {**item.lists, "d": list(item.lists["a"])}, item.evidence)  # d ties a exactly
        settings = loo.grid((1, 10), {"a": (0.0, 1.0), "b": (0.5, 2.0), "c": (0.0, 3.0), "d": (0.0, 1.0)})
        table = loo.recall_grid([item], settings, ks=(1, 3, 10))
        # rrf breaks ties by node id, the grid by candidate order: number the tokens in that order
        ordered = sorted({t for ids in item.lists.values() for t in ids})
        renum = {t: i for i, t in enumerate(ordered)}
        as_int = {c: [renum[t] for t in ids] for c, ids in item.lists.items()}
        for j, s in enumerate(settings):
            ranked = [ordered[f.id] for f in rrf(as_int, s.weights, s.k)]
            want = [recall_at_k(ranked, item.evidence, kk) for kk in (1, 3, 10)]
            assert np.allclose(table[0, :, j], want), (seed, s)


def test_a_fold_never_sees_its_own_labels() -> None:
    # rewriting the held-out group's evidence changes nothing that fold chose, nor its training score
    items = _random_items(1)
    settings = loo.grid((5, 20), {"a": (0.0, 1.0, 2.0), "b": (0.0, 1.0), "c": (0.0, 4.0)})
    before = {f.held_out: f for f in loo.leave_one_out(items, settings, loo.recall_grid(items, settings))}
    for g in ("g1", "g2", "g3"):
        rewritten = [
            loo.Item(it.group, it.lists, frozenset({it.lists["c"][0]})) if it.group == g else it for it in items
        ]
        after = {f.held_out: f for f in loo.leave_one_out(rewritten, settings, loo.recall_grid(rewritten, settings))}
        assert after[g].setting == before[g].setting
        assert after[g].train_objective == before[g].train_objective


def test_held_out_items_average_to_the_folds() -> None:
    items = _random_items(2)
    settings = loo.grid((10,), {"a": (1.0,), "b": (0.0, 2.0), "c": (0.0, 1.0)})
    table = loo.recall_grid(items, settings)
    folds = loo.leave_one_out(items, settings, table)
    per_q = loo.held_out_items(items, table, folds)
    by_group = loo.by_label(per_q, [it.group for it in items])
    for f in folds:
        assert np.isclose(by_group[f.held_out][10], f.held_out_recall[10])
    assert np.isclose(by_group["all"][10], loo.pooled(folds)[10])


def test_ablation_drops_the_channel_whichever_way_it_is_computed() -> None:
    items = _random_items(3)
    axes = {"a": (1.0,), "b": (0.0, 2.0), "c": (0.0, 1.0), "e": (1.0,)}  # no list holds channel e
    settings = loo.grid((10,), axes)
    reused = loo.ablation(items, (10,), axes, full=(settings, loo.recall_grid(items, settings)))
    recomputed = loo.ablation(items, (10,), axes)
    assert reused["e"] is None and recomputed["e"] is None
    for c in ("a", "b", "c"):
        assert reused[c] == recomputed[c]
    only_b = loo.grid((10,), loo.without(axes, "c"))
    assert all(s.weights["c"] == 0.0 for s in only_b)
    folds = loo.leave_one_out(items, only_b, loo.recall_grid(items, only_b))
    assert recomputed["c"] == loo.pooled(folds)


def test_a_cut_of_several_channels_agrees_with_its_grid_computed_afresh(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # benchmarks/retrieval_loo.py cut: a dropped set one channel larger than a set already
    # computed is a column subset of its table when that channel's axis holds 0
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "retrieval_loo.py"
    spec = importlib.util.spec_from_file_location("retrieval_loo_under_test", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    axes = {"a": (1.0,), "b": (0.0, 2.0), "c": (0.0, 1.0, 3.0)}
    monkeypatch.setattr(mod, "GRID_AXES", axes)
    monkeypatch.setattr(mod, "GRID_K", (10,))
    items = _random_items(4)
    cache: dict = {}  # type: ignore[type-arg]
    for dropped in (frozenset(), frozenset({"b"}), frozenset({"b", "c"}), frozenset({"a", "b"})):
        got = mod._pooled_drop(items, dropped, cache)
        settings = loo.grid((10,), {c: ((0.0,) if c in dropped else v) for c, v in axes.items()})
        fresh = loo.pooled(loo.leave_one_out(items, settings, loo.recall_grid(items, settings)))
        assert got == fresh
        assert all(not s.weights.get(c) for s in cache[dropped][0] for c in dropped)
