"""Decay is a pure function of the stored node and the time: no compounding, no state."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from memlab.clock import DAY
from memlab.knowledge.decay import (
    DecayPolicy,
    EbbinghausDecay,
    NoDecay,
    curve,
    days_until,
    reinforce,
)
from memlab.types import Node

bases = st.floats(min_value=0.01, max_value=1.0)
rates = st.floats(min_value=0.0, max_value=2.0)
betas = st.floats(min_value=0.3, max_value=1.0)
days = st.floats(min_value=0.0, max_value=3650.0)


def fact(base: float = 1.0, rate: float = 0.1, last: float | None = None, type_: str = "semantic") -> Node:
    return Node(
        id=1, type=type_, content="x", event_time=0.0, created_at=0.0, valid_from=0.0,
        base_strength=base, decay_rate=rate, last_accessed=last,
    )  # fmt: skip


def test_policies_satisfy_the_protocol() -> None:
    assert isinstance(EbbinghausDecay(), DecayPolicy)
    assert isinstance(NoDecay(), DecayPolicy)


def test_known_value_and_node_rate_is_lambda() -> None:
    w = EbbinghausDecay(lambda_=9.0, beta=0.8).weight(fact(base=0.9, rate=0.1), 64 * DAY)
    assert math.isclose(w, 0.9 * math.exp(-0.1 * 64**0.8))


def test_elapsed_time_counts_from_last_access() -> None:
    policy = EbbinghausDecay()
    assert policy.weight(fact(last=10 * DAY), 10 * DAY) == 1.0
    assert policy.weight(fact(last=10 * DAY), 20 * DAY) == policy.weight(fact(), 10 * DAY)


@given(bases, rates, betas, days, days)
def test_monotone_non_increasing_in_time(base: float, rate: float, beta: float, d1: float, d2: float) -> None:
    policy, node = EbbinghausDecay(beta=beta), fact(base, rate)
    early, late = sorted((d1, d2))
    assert policy.weight(node, late * DAY) <= policy.weight(node, early * DAY) <= base


@given(bases, rates, st.lists(st.floats(min_value=0.0, max_value=64.0), max_size=20))
def test_no_compounding(base: float, rate: float, evaluations: list[float]) -> None:
    policy, node = EbbinghausDecay(), fact(base, rate)
    direct = policy.weight(node, 64 * DAY)
    for d in sorted(evaluations):
        policy.weight(node, d * DAY)
    assert policy.weight(node, 64 * DAY) == direct
    assert math.isclose(direct, base * math.exp(-rate * 64**0.8))


@given(bases, days)
def test_zero_lambda_protects(base: float, d: float) -> None:
    assert EbbinghausDecay().weight(fact(base, rate=0.0), d * DAY) == base


@given(bases, rates, days)
def test_episodes_never_decay(base: float, rate: float, d: float) -> None:
    assert EbbinghausDecay().weight(fact(base, rate, type_="episodic"), d * DAY) == base


@given(bases, st.floats(min_value=-1.0, max_value=5.0), st.integers(min_value=1, max_value=50))
def test_reinforcement_never_exceeds_one(base: float, step: float, times: int) -> None:
    b = base
    for _ in range(times):
        nb = reinforce(b, step)
        assert b <= nb <= 1.0 or (b > 1.0 and nb == 1.0)
        b = nb


def test_no_decay_is_constant() -> None:
    assert NoDecay().weight(fact(0.4, 5.0), 1000 * DAY) == 0.4


@given(bases, st.floats(min_value=0.01, max_value=2.0), betas, st.floats(min_value=0.001, max_value=0.99))
def test_days_until_is_where_the_curve_crosses(
    base: float, lam: float, beta: float, threshold: float
) -> None:
    d = days_until(threshold, base, lam, beta)
    if base <= threshold:
        assert d == 0.0
        return
    assert math.isclose(base * math.exp(-lam * d**beta), threshold, rel_tol=1e-6)


def test_days_until_never_for_protected_facts() -> None:
    assert days_until(0.05, 1.0, 0.0, 0.8) == math.inf
    assert days_until(0.05, 0.04, 0.1, 0.8) == 0.0


def test_curve_matches_policy_and_reinforces() -> None:
    grid = np.arange(0, 100, 5.0)
    plain = curve(0.8, 0.1, 0.8, grid)
    policy = EbbinghausDecay()
    expected = [policy.weight(fact(0.8, 0.1), d * DAY) for d in grid]
    assert np.allclose(plain, expected)
    boosted = curve(0.8, 0.1, 0.8, grid, accesses=(30.0,), step=0.1)
    assert np.all(boosted[grid < 30] == plain[grid < 30])
    assert math.isclose(boosted[grid == 30][0], 0.9)
    assert np.all(boosted[grid > 30] > plain[grid > 30])
