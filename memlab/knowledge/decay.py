"""Decay as a pure policy: effective strength is *computed* from the stored base, never
compounded. A nightly job may evaluate ``weight`` any number of times; the answer at day 64 is
the same whether or not it was evaluated at days 1..63.

Ebbinghaus-style curve with a stretched exponent (Wixted & Ebbesen 1991 found power-like
forgetting; ``β < 1`` gives that long tail): ``w = base · exp(−λ · Δdays^β)``.

Decision: a node's own ``decay_rate`` *is* its λ (the policy's ``lambda_`` is the default that
consolidation writes into new nodes, and the fallback for nodes without a rate). ``λ = 0``
protects a fact; superseded facts get a larger rate from consolidation. Episodic nodes never decay.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, runtime_checkable

import numpy as np

from memlab.clock import DAY
from memlab.store import store as st
from memlab.types import Node


@runtime_checkable
class DecayPolicy(Protocol):
    @property
    def beta(self) -> float:
        """The retention curve's exponent (days until a threshold, in reports and viewers)."""
        ...

    def weight(self, node: Node, now: float) -> float:
        """Effective strength of ``node`` at time ``now`` (seconds); pure."""
        ...


def elapsed_days(node: Node, now: float) -> float:
    """Days since the last access; if never accessed, since memory learned it: the later of
    ``valid_from`` (world time) and ``created_at``, so that importing an old log today does not
    archive every fact it yields at once. Never negative."""
    if node.last_accessed is not None:
        start = node.last_accessed
    else:
        start = max(node.valid_from, node.created_at)
    return max(0.0, (now - start) / DAY)


def initial_rate(lambda_: float, keyed_factor: float, key: str | None) -> float:
    """λ a new fact is written with: the policy's ``lambda_``, times ``keyed_factor`` for a keyed
    fact (its supersession, not disuse, is what retires it; superseded facts then get
    ``consolidation.superseded_decay_rate``)."""
    return lambda_ * keyed_factor if key else lambda_


def retention(days: float, lam: float, beta: float) -> float:
    """The curve without the base: ``exp(−λ · days^β)``, 1.0 at day 0 and for ``λ = 0``."""
    if lam <= 0.0 or days <= 0.0:
        return 1.0
    return math.exp(-lam * days**beta)


@dataclass(frozen=True)
class EbbinghausDecay:
    lambda_: float = 0.1
    beta: float = 0.8

    def weight(self, node: Node, now: float) -> float:
        if node.type == "episodic":
            return node.base_strength
        lam = node.decay_rate if node.decay_rate is not None else self.lambda_
        return node.base_strength * retention(elapsed_days(node, now), lam, self.beta)


@dataclass(frozen=True)
class NoDecay:
    beta: float = 1.0  # no curve: any exponent gives the same (no) decay

    def weight(self, node: Node, now: float) -> float:
        return node.base_strength


def reinforce(base: float, step: float, cap: float = 1.0) -> float:
    """New base after one access: ``min(cap, base + step)``; a negative step never weakens."""
    return min(cap, base + max(0.0, step))


def access_write(ids: Sequence[int], now: float, step: float) -> Callable[[Any], None]:
    """The writer call that reinforces and stamps the nodes a read returned (one transaction)."""
    unique = list(dict.fromkeys(int(i) for i in ids))
    return partial(st.record_access, ids=unique, now=now, bump=partial(_bump, step=step))


def _bump(base: float, step: float) -> float:
    return reinforce(base, step)


def days_until(threshold: float, base: float, lam: float, beta: float) -> float:
    """Day on which ``base · exp(−λ·d^β)`` falls to ``threshold`` (the archive day).

    ``0.0`` if already at or below it; ``inf`` if it never will (``λ = 0`` or ``threshold <= 0``).
    """
    if base <= threshold:
        return 0.0
    if lam <= 0.0 or threshold <= 0.0:
        return math.inf
    return float((math.log(base / threshold) / lam) ** (1.0 / beta))


def curve(
    base: float,
    lam: float,
    beta: float,
    days: Sequence[float] | np.ndarray,
    accesses: Sequence[float] = (),
    step: float = 0.1,
    cap: float = 1.0,
) -> np.ndarray:
    """Strength at each of ``days`` (for plots), with reinforcement at the ``accesses`` days.

    An access at day ``a`` reinforces the base by ``step`` (capped) and restarts the clock at ``a``,
    exactly as retrieval does to a stored node.
    """
    t = np.asarray(days, dtype=float)
    out = np.empty_like(t)
    events = sorted(float(a) for a in accesses)
    for i, day in enumerate(t):
        b, start = base, 0.0
        for a in events:
            if a > day:
                break
            b, start = reinforce(b, step, cap), a
        out[i] = b * retention(day - start, lam, beta)
    return out
