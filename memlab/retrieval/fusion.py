"""Weighted Reciprocal Rank Fusion as a pure function.

RRF (Cormack, Clarke & Büttcher, SIGIR 2009): score(d) = Σ_c w_c / (k + rank_c(d)), rank
1-based. It needs no score calibration between channels (BM25 vs cosine vs graph hops), which
is why it suits mixing FTS, vectors and graph walks. k = 60 is the paper's constant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fused:
    """One fused id, its RRF score and its 1-based rank in each contributing channel."""

    id: int
    score: float
    ranks: dict[str, int] = field(default_factory=dict)


def _best_ranks(ids: Sequence[int]) -> dict[int, int]:
    """1-based rank of each id after dropping repeats, so a repeat keeps its best (first) rank
    and does not push the ids behind it down."""
    return {node_id: rank for rank, node_id in enumerate(dict.fromkeys(ids), start=1)}


def _validate(weights: Mapping[str, float], k: int, min_score_fraction: float) -> None:
    if k < 0:
        raise ValueError(f"rrf k must be >= 0, got {k}")
    if not 0.0 <= min_score_fraction <= 1.0:
        raise ValueError(f"min_score_fraction must be in [0, 1], got {min_score_fraction}")
    negative = sorted(c for c, w in weights.items() if w < 0)
    if negative:
        raise ValueError(f"negative RRF weights for channels {negative}")


def rrf(
    rankings: Mapping[str, Sequence[int]],
    weights: Mapping[str, float] | None = None,
    k: int = 60,
    min_score_fraction: float = 0.0,
) -> list[Fused]:
    """Fuse per-channel rankings (best first) into one list, best first.

    A channel missing from ``weights`` gets weight 1.0; weight 0 drops the channel entirely
    (no score, no rank entry). Channels are summed in name order so the result does not depend
    on the mapping's order, and ties break by id ascending. Hits scoring below
    ``min_score_fraction`` of the top score are cut.
    """
    weights = dict(weights or {})
    _validate(weights, k, min_score_fraction)
    scores: dict[int, float] = {}
    ranks: dict[int, dict[str, int]] = {}
    for channel in sorted(rankings):
        weight = weights.get(channel, 1.0)
        if weight == 0:
            continue
        for node_id, rank in _best_ranks(rankings[channel]).items():
            scores[node_id] = scores.get(node_id, 0.0) + weight / (k + rank)
            ranks.setdefault(node_id, {})[channel] = rank
    fused = sorted((Fused(i, s, ranks[i]) for i, s in scores.items()), key=lambda f: (-f.score, f.id))
    if fused and min_score_fraction > 0:
        floor = fused[0].score * min_score_fraction
        fused = [f for f in fused if f.score >= floor]
    return fused
