"""Properties of weighted RRF (Cormack et al. 2009)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memlab.retrieval.fusion import Fused, rrf
from memlab.retrieval.recipes import (
    CHANNELS,
    FTS_ONLY,
    HYBRID,
    HYBRID_NO_GRAPH,
    RECIPES,
    VECTOR_ONLY,
    get_recipe,
)
from memlab.types import INTENTS

ids = st.integers(min_value=0, max_value=40)
rankings_st = st.dictionaries(st.sampled_from(CHANNELS), st.lists(ids, max_size=25), max_size=6)
weights_st = st.dictionaries(
    st.sampled_from(CHANNELS), st.one_of(st.just(0.0), st.floats(min_value=1e-3, max_value=3.0)), max_size=6
)
k_st = st.integers(min_value=0, max_value=100)


def _position(fused: list[Fused], node_id: int) -> int:
    return next(i for i, f in enumerate(fused) if f.id == node_id)


def test_known_scores_and_ranks() -> None:
    out = rrf({"fts": [1, 2], "vector": [2, 3]}, {"fts": 1.0, "vector": 0.5}, k=60)
    assert [f.id for f in out] == [2, 1, 3]
    assert out[0].score == pytest.approx(1 / 62 + 0.5 / 61)
    assert out[0].ranks == {"fts": 2, "vector": 1}
    assert out[1].ranks == {"fts": 1}


def test_duplicates_count_once_at_best_rank() -> None:
    out = rrf({"fts": [5, 5, 7, 5]}, k=0)
    assert [(f.id, f.score, f.ranks) for f in out] == [(5, 1.0, {"fts": 1}), (7, 0.5, {"fts": 2})]


def test_ties_break_by_id() -> None:
    out = rrf({"a": [9], "b": [3]})
    assert [f.id for f in out] == [3, 9]


def test_min_score_fraction_cuts_tail() -> None:
    out = rrf({"fts": [1, 2, 3, 4]}, k=0, min_score_fraction=0.4)
    assert [f.id for f in out] == [1, 2]  # scores 1, .5, .33, .25


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"k": -1}, "k must"),
        ({"min_score_fraction": 1.5}, "min_score_fraction"),
        ({"weights": {"fts": -1}}, "negative"),
    ],
)
def test_invalid_arguments(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rrf({"fts": [1]}, **kwargs)


def test_empty_inputs() -> None:
    assert rrf({}) == []
    assert rrf({"fts": []}) == []


@settings(max_examples=200, deadline=None)
@given(rankings_st, weights_st, k_st, st.randoms(use_true_random=False))
def test_channel_order_does_not_matter(rankings, weights, k, rnd: random.Random) -> None:
    items = list(rankings.items())
    rnd.shuffle(items)
    assert rrf(dict(items), weights, k) == rrf(rankings, weights, k)


@settings(max_examples=200, deadline=None)
@given(rankings_st, weights_st, k_st)
def test_output_sorted_and_bounded(rankings, weights, k) -> None:
    out = rrf(rankings, weights, k)
    bound = sum(weights.get(c, 1.0) for c in rankings) / (k + 1)
    assert all(0 < f.score <= bound + 1e-12 for f in out)
    assert [(-f.score, f.id) for f in out] == sorted((-f.score, f.id) for f in out)
    assert len({f.id for f in out}) == len(out)


@settings(max_examples=200, deadline=None)
@given(st.lists(ids, min_size=1, max_size=25, unique=True), k_st, st.floats(0.01, 3.0))
def test_single_channel_keeps_its_order(ranking, k, weight) -> None:
    assert [f.id for f in rrf({"fts": ranking}, {"fts": weight}, k)] == ranking


@settings(max_examples=200, deadline=None)
@given(rankings_st, weights_st, k_st, st.data())
def test_moving_up_never_lowers_score(rankings, weights, k, data) -> None:
    channel = data.draw(st.sampled_from(CHANNELS))
    ranking = list(dict.fromkeys(rankings.get(channel, [])))
    if len(ranking) < 2:
        return
    i = data.draw(st.integers(1, len(ranking) - 1))
    promoted = ranking[i]
    swapped = ranking[: i - 1] + [promoted, ranking[i - 1]] + ranking[i + 1 :]
    before = {f.id: f.score for f in rrf({**rankings, channel: ranking}, weights, k)}
    after = {f.id: f.score for f in rrf({**rankings, channel: swapped}, weights, k)}
    if weights.get(channel, 1.0) > 0:
        assert after[promoted] >= before[promoted]


@settings(max_examples=200, deadline=None)
@given(rankings_st, weights_st, k_st, st.sampled_from(CHANNELS))
def test_weight_zero_removes_channel(rankings, weights, k, channel) -> None:
    zeroed = rrf(rankings, {**weights, channel: 0.0}, k)
    without = rrf({c: r for c, r in rankings.items() if c != channel}, weights, k)
    assert zeroed == without
    assert all(channel not in f.ranks for f in zeroed)


@settings(max_examples=200, deadline=None)
@given(rankings_st, weights_st, k_st, ids, st.sampled_from(CHANNELS))
def test_more_channels_never_rank_lower(rankings, weights, k, node, channel) -> None:
    # Appending `node` at the end of one more channel leaves every other rank unchanged.
    if node in rankings.get(channel, []) or weights.get(channel, 1.0) == 0:
        return
    base = rrf(rankings, weights, k)
    extended = rrf({**rankings, channel: [*rankings.get(channel, []), node]}, weights, k)
    new = next(f for f in extended if f.id == node)
    old = next((f for f in base if f.id == node), None)
    if old is not None:
        assert new.score > old.score
        assert _position(extended, node) <= _position(base, node)
        assert new.ranks.items() >= old.ranks.items()


def test_scores_are_finite_for_large_k() -> None:
    out = rrf({"fts": list(range(1000))}, k=10**9)
    assert all(math.isfinite(f.score) and f.score > 0 for f in out)


# --- recipes: the channel sets and weights fed into rrf -----------------------------------


def test_recipes_registry_and_lookup() -> None:
    assert set(RECIPES) == {"hybrid", "hybrid_no_graph", "fts_only", "vector_only"}
    assert get_recipe("HYBRID-no-graph") is HYBRID_NO_GRAPH
    with pytest.raises(ValueError, match="unknown retrieval recipe 'bm25'.*fts_only"):
        get_recipe("bm25")


@pytest.mark.parametrize(
    ("intent", "channels"),
    [
        ("why", ("fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window", "vector_speaker", "vector_session", "causal", "facts", "keyed")),
        ("when", ("fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window", "vector_speaker", "vector_session", "temporal", "facts", "keyed")),
        ("who", ("fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window", "vector_speaker", "vector_session", "entity", "facts", "keyed")),
        ("what", ("fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window", "vector_speaker", "vector_session", "entity", "facts", "keyed")),
        ("general", ("fts", "fts_pair", "fts_window", "fts_session", "fts_speaker", "fts_prf", "vector", "vector_window", "vector_speaker", "vector_session", "facts", "keyed")),
    ],
)
def test_hybrid_routes_graph_channels_by_intent(intent: str, channels: tuple[str, ...]) -> None:
    assert HYBRID.channels_for(intent) == channels


def test_recipes_without_graph_ignore_intent() -> None:
    assert all(HYBRID_NO_GRAPH.channels_for(i) == ("fts", "vector") for i in INTENTS)
    assert FTS_ONLY.channels_for("why") == ("fts",) and VECTOR_ONLY.channels_for("who") == ("vector",)


def test_every_recipe_channel_is_known_and_weighted() -> None:
    for recipe in RECIPES.values():
        assert set(recipe.channels) <= set(CHANNELS)
        assert all(recipe.weights.get(c, 0) > 0 for c in recipe.channels)


def test_with_weights_copies_and_validates() -> None:
    tuned = HYBRID.with_weights({"vector": 0.9})
    assert tuned.weights["vector"] == 0.9 and HYBRID.weights["vector"] == 2.0  # the original is untouched
    with pytest.raises(ValueError, match="unknown channel"):
        HYBRID.with_weights({"bm25": 1.0})
