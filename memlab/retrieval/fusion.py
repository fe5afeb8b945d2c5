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
    limit: int | None = None,
) -> list[Fused]:
    """Fuse per-channel rankings (best first) into one list, best first.

    A channel missing from ``weights`` gets weight 1.0; weight 0 drops the channel entirely
    (no score, no rank entry). Channels are summed in name order so the result does not depend
    on the mapping's order, and ties break by id ascending. Hits scoring below
    ``min_score_fraction`` of the top score are cut; ``limit`` keeps the best that many (only
    they get their per-channel ranks built).
    """
    weights = dict(weights or {})
    _validate(weights, k, min_score_fraction)
    scores: dict[int, float] = {}
    by_channel: list[tuple[str, dict[int, int]]] = []
    for channel in sorted(rankings):
        weight = weights.get(channel, 1.0)
        if weight == 0:
            continue
        best = _best_ranks(rankings[channel])
        by_channel.append((channel, best))
        for node_id, rank in best.items():
            scores[node_id] = scores.get(node_id, 0.0) + weight / (k + rank)
    order = sorted(scores, key=lambda i: (-scores[i], i))
    if order and min_score_fraction > 0:
        floor = scores[order[0]] * min_score_fraction
        order = [i for i in order if scores[i] >= floor]
    if limit is not None:
        order = order[: max(0, limit)]
    return [Fused(i, scores[i], {c: best[i] for c, best in by_channel if i in best}) for i in order]
