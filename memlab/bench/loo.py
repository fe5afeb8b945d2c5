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
    index: int = -1  # the chosen setting's column in the recall table


def grid(k_values: Sequence[int], axes: Mapping[str, Sequence[float]]) -> list[Setting]:
    """Every combination of k and the per-channel weight values in ``axes``."""
    names = list(axes)
    return [
        Setting(k, dict(zip(names, combo, strict=True)))
        for k in k_values
        for combo in itertools.product(*(axes[n] for n in names))
    ]


@dataclass(frozen=True)
class _Weights:
    """The grid as matrices, built once: per k, the settings' columns and (channels x settings)."""

    channels: tuple[str, ...]
    by_k: dict[int, tuple[np.ndarray, np.ndarray]]

    @classmethod
    def of(cls, settings: Sequence[Setting]) -> _Weights:
        channels = tuple(sorted({c for s in settings for c in s.weights if s.weights[c]}))
        cols: dict[int, list[int]] = {}
        for s_idx, s in enumerate(settings):
            cols.setdefault(s.k, []).append(s_idx)
        by_k = {
            k: (np.array(idxs), np.array([[settings[i].weights.get(c, 0.0) for i in idxs] for c in channels]))
            for k, idxs in cols.items()
        }
        return cls(channels, by_k)


def _recall_one(item: Item, grid_w: _Weights, n_settings: int, ks: Sequence[int]) -> np.ndarray:
    rows = [j for j, c in enumerate(grid_w.channels) if c in item.lists]
    channels = [grid_w.channels[j] for j in rows]
    cands = sorted({i for c in channels for i in item.lists[c]}, key=item.order)
    out = np.zeros((len(ks), n_settings), dtype=np.float32)
    gold = [i for i, c in enumerate(cands) if c in item.evidence]
    if not gold:
        return out
    pos = {c: i for i, c in enumerate(cands)}
    ranks = np.zeros((len(cands), len(channels)), dtype=np.float64)  # 0 = absent
    for j, c in enumerate(channels):
        for r, node in enumerate(dict.fromkeys(item.lists[c]), start=1):
            ranks[pos[node], j] = r
    earlier = np.arange(len(cands))[:, None] < np.array(gold)[None, :]  # ties go to the earlier candidate
    for k, (idxs, w) in grid_w.by_k.items():
        inv = np.where(ranks > 0, 1.0 / (k + ranks), 0.0)
        scores = inv @ w[rows]  # candidates x settings
        rank = np.zeros((len(gold), len(idxs)), dtype=np.int64)
        for j, gi in enumerate(gold):
            # a gold candidate's 0-based rank: candidates scoring higher, or equal and earlier
            g = scores[gi]
            rank[j] = (scores > g).sum(axis=0) + ((scores == g) & earlier[:, j, None]).sum(axis=0)
        found = scores[gold] > 0
        for a, kk in enumerate(ks):
            out[a, idxs] = ((rank < kk) & found).sum(axis=0) / len(item.evidence)
    return out


def recall_grid(items: Sequence[Item], settings: Sequence[Setting], ks: Sequence[int] = KS) -> np.ndarray:
    """Recall (0..1) of every item under every setting: shape (items, len(ks), settings)."""
    if not items:
        return np.zeros((0, len(ks), len(settings)), dtype=np.float32)
    grid_w = _Weights.of(settings)
    return np.stack([_recall_one(it, grid_w, len(settings), ks) for it in items])


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
        folds.append(Fold(g, settings[best], 100 * float(obj[best]), held, int(len(test)), best))
    return folds


def held_out_items(items: Sequence[Item], table: np.ndarray, folds: Sequence[Fold]) -> np.ndarray:
    """Each question's recall (0..1, shape (items, ks)) under the setting its own fold chose
    without it: the per-question view that per-category held-out figures are averaged from."""
    chosen = {f.held_out: f.index for f in folds}
    return np.stack([table[i, :, chosen[it.group]] for i, it in enumerate(items)])


def by_label(values: np.ndarray, labels: Sequence[str], ks: Sequence[int] = KS) -> dict[str, dict[int, float]]:
    """Mean recall (percent) per label and over all (``"all"``) of per-question rows (items, ks)."""
    out: dict[str, dict[int, float]] = {}
    arr = np.asarray(labels)
    for name in [*sorted(set(labels)), "all"]:
        rows = values if name == "all" else values[arr == name]
        out[name] = {k: 100 * float(rows[:, a].mean()) for a, k in enumerate(ks)}
    return out


def without(axes: Mapping[str, Sequence[float]], channel: str) -> dict[str, tuple[float, ...]]:
    """The grid's axes with ``channel`` dropped (weight 0 in every setting): one ablation."""
    return {c: ((0.0,) if c == channel else tuple(v)) for c, v in axes.items()}


def pooled(folds: Sequence[Fold], ks: Sequence[int] = KS) -> dict[int, float]:
    """Held-out recall over all questions (each question once, scored by its own fold)."""
    n = sum(f.questions for f in folds)
    return {k: sum(f.held_out_recall[k] * f.questions for f in folds) / n for k in ks}


def macro(folds: Sequence[Fold], ks: Sequence[int] = KS) -> dict[int, float]:
    """Mean of the per-group held-out recalls."""
    return {k: float(np.mean([f.held_out_recall[k] for f in folds])) for k in ks}


def ablation(
    items: Sequence[Item],
    k_values: Sequence[int],
    axes: Mapping[str, Sequence[float]],
    full: tuple[Sequence[Setting], np.ndarray] | None = None,
    ks: Sequence[int] = KS,
    at: Sequence[int] = (10, 50),
) -> dict[str, dict[int, float] | None]:
    """Pooled leave-one-out recall with each channel dropped in turn (weight 0 in every setting,
    the other axes re-tuned per fold). A channel whose axis already holds 0 reuses ``full``'s
    columns (settings, table); one no question has candidates from maps to None (not exercised)."""
    out: dict[str, dict[int, float] | None] = {}
    for c in axes:
        if not any(it.lists.get(c) for it in items):
            out[c] = None
            continue
        if full is not None and 0.0 in axes[c]:
            cols = [i for i, s in enumerate(full[0]) if not s.weights.get(c, 0.0)]
            settings, table = [full[0][i] for i in cols], full[1][:, :, cols]
        else:
            settings = grid(k_values, without(axes, c))
            table = recall_grid(items, settings, ks)
        out[c] = pooled(leave_one_out(items, settings, table, ks, at), ks)
    return out
