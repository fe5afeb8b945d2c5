"""The DecayPolicy contract: ``weight(node, now)`` is pure, lies in [0, base], never rises as time
passes, is computed from the base (a nightly run that stored the last weight does not compound),
and leaves episodes and λ = 0 facts at their base."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memlab.clock import DAY
from memlab.knowledge.decay import DecayPolicy, EbbinghausDecay, NoDecay
from memlab.types import Node

T0 = 1_700_000_000.0
POLICIES = [
    pytest.param(EbbinghausDecay(), id="ebbinghaus"),
    pytest.param(EbbinghausDecay(lambda_=0.5, beta=1.0), id="ebbinghaus-exponential"),
    pytest.param(NoDecay(), id="none"),
]

bases = st.floats(0.0, 1.0)
rates = st.floats(0.0, 3.0)
days = st.floats(0.0, 3650.0)


def fact(base: float = 0.8, rate: float = 0.1, accessed_days: float | None = None) -> Node:
    return Node(
        id=1,
        type="semantic",
        content="User lives in Vilnius.",
        event_time=T0,
        created_at=T0,
        valid_from=T0,
        confidence=base,
        base_strength=base,
        decay_rate=rate,
        last_accessed=None if accessed_days is None else T0 + accessed_days * DAY,
    )


@pytest.mark.parametrize("policy", POLICIES)
def test_is_a_decay_policy(policy: DecayPolicy) -> None:
    assert isinstance(policy, DecayPolicy)


@pytest.mark.parametrize("policy", POLICIES)
@settings(max_examples=60, deadline=None)
@given(base=bases, rate=rates, d=days)
def test_weight_lies_between_zero_and_base(policy: DecayPolicy, base: float, rate: float, d: float) -> None:
    w = policy.weight(fact(base, rate), T0 + d * DAY)
    assert 0.0 <= w <= base + 1e-12


@pytest.mark.parametrize("policy", POLICIES)
@settings(max_examples=60, deadline=None)
@given(base=bases, rate=rates, d1=days, d2=days)
def test_never_rises_as_time_passes(policy: DecayPolicy, base: float, rate: float, d1: float, d2: float) -> None:
    early, late = sorted((d1, d2))
    node = fact(base, rate)
    assert policy.weight(node, T0 + late * DAY) <= policy.weight(node, T0 + early * DAY) + 1e-12


@pytest.mark.parametrize("policy", POLICIES)
@settings(max_examples=60, deadline=None)
@given(base=bases, rate=rates, d1=days, d2=days)
def test_never_compounded(policy: DecayPolicy, base: float, rate: float, d1: float, d2: float) -> None:
    """A nightly run stores the weight as ``confidence``; the next run must not decay that again."""
    early, late = sorted((d1, d2))
    node = fact(base, rate)
    stored = replace(node, confidence=policy.weight(node, T0 + early * DAY))
    assert policy.weight(stored, T0 + late * DAY) == policy.weight(node, T0 + late * DAY)


@pytest.mark.parametrize("policy", POLICIES)
def test_pure(policy: DecayPolicy) -> None:
    node = fact(0.7, 0.2)
    assert [policy.weight(node, T0 + d * DAY) for d in (1, 30, 365)] == [
        policy.weight(node, T0 + d * DAY) for d in (1, 30, 365)
    ]


@pytest.mark.parametrize("policy", POLICIES)
def test_episodes_and_protected_facts_keep_their_base(policy: DecayPolicy) -> None:
    later = T0 + 3650 * DAY
    assert policy.weight(replace(fact(0.6), type="episodic"), later) == 0.6
    assert policy.weight(fact(0.6, rate=0.0), later) == 0.6


@pytest.mark.parametrize("policy", POLICIES)
def test_the_clock_restarts_at_the_last_access(policy: DecayPolicy) -> None:
    never = fact(0.8, 0.3)
    accessed = fact(0.8, 0.3, accessed_days=100)
    at = T0 + 120 * DAY
    assert policy.weight(accessed, at) >= policy.weight(never, at)
    assert policy.weight(accessed, T0 + 100 * DAY) == pytest.approx(0.8)
