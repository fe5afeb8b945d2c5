"""Leave-one-group-out tuning of fusion settings (RRF k and channel weights).

Settings are chosen on every group but one and scored on the one left out, so a reported recall
never comes from weights fitted to the questions it is measured on. Evaluating a grid is
vectorised: per question, one matrix of 1 / (k + rank) (candidates x channels) times a weight
matrix (channels x settings) gives every setting's fused scores at once. Ties break by candidate
order (the caller passes candidates in node-id order, as ``fusion.rrf`` breaks ties by id).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

KS: tuple[int, ...] = (5, 10, 25, 50)


@dataclass(frozen=True)
class Setting:
    """One point of the grid: RRF k and a weight per channel (a missing channel weighs 0)."""

    k: int
    weights: dict[str, float]

    def label(self) -> str:
        ws = ", ".join(f"{c} {w:g}" for c, w in self.weights.items() if w)
        return f"k={self.k}: {ws}"


@dataclass(frozen=True)
class Item:
    """One question: each channel's ranked candidate ids, and its evidence ids."""

    group: str
    lists: Mapping[str, Sequence[str]]
    evidence: frozenset[str]
    order: Callable[[str], Any] = str  # candidate sort key for ties (node-id order)


@dataclass(frozen=True)
class Fold:
    held_out: str
    setting: Setting
    train_objective: float
    held_out_recall: dict[int, float]  # percent, mean over the held-out group's questions
    questions: int


def grid(k_values: Sequence[int], axes: Mapping[str, Sequence[float]]) -> list[Setting]:
    """Every combination of k and the per-channel weight values in ``axes``."""
    names = list(axes)
    return [
        Setting(k, dict(zip(names, combo, strict=True)))
        for k in k_values
        for combo in itertools.product(*(axes[n] for n in names))
    ]


def _recall_one(item: Item, settings: Sequence[Setting], ks: Sequence[int]) -> np.ndarray:
    channels = sorted({c for s in settings for c in s.weights} & set(item.lists))
    cands = sorted({i for c in channels for i in item.lists[c]}, key=item.order)
    out = np.zeros((len(ks), len(settings)), dtype=np.float32)
    if not cands or not item.evidence:
        return out
    pos = {c: i for i, c in enumerate(cands)}
    ranks = np.zeros((len(cands), len(channels)), dtype=np.float64)  # 0 = absent
    for j, c in enumerate(channels):
        for r, node in enumerate(dict.fromkeys(item.lists[c]), start=1):
            ranks[pos[node], j] = r
    gold = np.array([c in item.evidence for c in cands])
    by_k: dict[int, list[int]] = {}
    for s_idx, s in enumerate(settings):
        by_k.setdefault(s.k, []).append(s_idx)
    for k, idxs in by_k.items():
        inv = np.where(ranks > 0, 1.0 / (k + ranks), 0.0)
        w = np.array([[settings[i].weights.get(c, 0.0) for i in idxs] for c in channels])
        scores = inv @ w  # candidates x settings
        order = np.argsort(-scores, axis=0, kind="stable")
        hit = gold[order] & (np.take_along_axis(scores, order, axis=0) > 0)
        cum = np.cumsum(hit, axis=0)
        for a, kk in enumerate(ks):
            out[a, idxs] = cum[min(kk, len(cands)) - 1] / len(item.evidence)
    return out


def recall_grid(items: Sequence[Item], settings: Sequence[Setting], ks: Sequence[int] = KS) -> np.ndarray:
    """Recall (0..1) of every item under every setting: shape (items, len(ks), settings)."""
    return np.stack([_recall_one(it, settings, ks) for it in items]) if items else np.zeros((0, len(ks), 0))


def objective(table: np.ndarray, ks: Sequence[int] = KS, at: Sequence[int] = (10, 50)) -> np.ndarray:
    """What tuning maximises per setting: mean recall over ``at`` (R@10 and R@50 by default)."""
    rows = [list(ks).index(k) for k in at]
    return table[:, rows, :].mean(axis=(0, 1))  # type: ignore[no-any-return]


def leave_one_out(
    items: Sequence[Item],
    settings: Sequence[Setting],
    table: np.ndarray,
    ks: Sequence[int] = KS,
    at: Sequence[int] = (10, 50),
) -> list[Fold]:
    """Tune on all groups but one (best objective), score the one left out; one fold per group."""
    groups = list(dict.fromkeys(it.group for it in items))
    member = np.array([it.group for it in items])
    folds = []
    for g in groups:
        train, test = table[member != g], table[member == g]
        obj = objective(train, ks, at)
        best = int(np.argmax(obj))
        held = {k: 100 * float(test[:, a, best].mean()) for a, k in enumerate(ks)}
        folds.append(Fold(g, settings[best], 100 * float(obj[best]), held, int(len(test))))
    return folds


def pooled(folds: Sequence[Fold], ks: Sequence[int] = KS) -> dict[int, float]:
    """Held-out recall over all questions (each question once, scored by its own fold)."""
    n = sum(f.questions for f in folds)
    return {k: sum(f.held_out_recall[k] * f.questions for f in folds) / n for k in ks}


def macro(folds: Sequence[Fold], ks: Sequence[int] = KS) -> dict[int, float]:
    """Mean of the per-group held-out recalls."""
    return {k: float(np.mean([f.held_out_recall[k] for f in folds])) for k in ks}
