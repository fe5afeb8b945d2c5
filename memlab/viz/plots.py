"""Matplotlib figures for benchmark reports and notebooks.

Every function takes plain data and returns a :class:`matplotlib.figure.Figure` built without
pyplot: no global figure registry (nothing to leak across a long benchmark run), no GUI
backend, works headless; ``fig.savefig(path)`` renders through Agg. In Jupyter, import
``matplotlib.pyplot`` once (or run ``%matplotlib inline``) so a returned figure displays inline.
Matplotlib is imported inside the functions: importing memlab never needs it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from memlab.types import Node

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "TimelineEvent",
    "plot_confusion",
    "plot_decay_curves",
    "plot_latency",
    "plot_recall_at_k",
    "plot_scale_curve",
    "plot_stale_rate",
    "plot_timeline",
    "timeline_events",
]

STATE_COLORS = {"active": "#59a14f", "superseded": "#bab0ac", "forgotten": "#e15759", "archived": "#9c9c9c"}


def _figure(width: float = 6.4, height: float = 4.0, **subplots: Any) -> tuple[Figure, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    return fig, fig.subplots(**subplots)


def _percentile(values: Sequence[float], q: float) -> float:
    import numpy as np

    return float(np.percentile(np.asarray(values, dtype=float), q))


def plot_decay_curves(
    curves: Mapping[str, tuple[Sequence[float], Sequence[float]]], threshold: float | None = None
) -> Figure:
    """Effective confidence against days since last access, one line per policy or λ."""
    fig, ax = _figure()
    for name, (days, values) in curves.items():
        ax.plot(list(days), list(values), label=name)
    if threshold is not None:
        ax.axhline(
            threshold,
            color="#d62728",
            linestyle="--",
            linewidth=1,
            label=f"archive threshold ({threshold:g})",
        )
    ax.set(xlabel="days since last access", ylabel="effective confidence", title="Decay", ylim=(0, 1.05))
    ax.grid(alpha=0.3)
    if curves or threshold is not None:
        ax.legend()
    return fig


def plot_recall_at_k(
    results: Mapping[str, Mapping[int, float]], baseline: Mapping[int, float] | None = None
) -> Figure:
    """Recall@k per system; the baseline (e.g. BM25 or a full-context reader) dashed."""
    fig, ax = _figure()
    ks: set[int] = set()
    for name, by_k in results.items():
        xs = sorted(by_k)
        ks.update(xs)
        ax.plot(xs, [by_k[k] for k in xs], marker="o", label=name)
    if baseline:
        xs = sorted(baseline)
        ks.update(xs)
        ax.plot(xs, [baseline[k] for k in xs], linestyle="--", color="#555555", marker="x", label="baseline")
    ax.set_xticks(sorted(ks))
    ax.set(xlabel="k", ylabel="recall@k", title="Recall@k", ylim=(0, 1.05))
    ax.grid(alpha=0.3)
    if ks:
        ax.legend()
    return fig


def plot_latency(samples: Mapping[str, Sequence[float]]) -> Figure:
    """Latency distributions in ms (box = quartiles, line = median, ▼ = p95); log scale if wide."""
    fig, ax = _figure()
    names = [name for name, values in samples.items() if len(values)]
    data = [list(map(float, samples[name])) for name in names]
    if data:
        ax.boxplot(data, showfliers=True)
        positions = list(range(1, len(names) + 1))
        ax.set_xticks(positions, names)
        p95 = [_percentile(values, 95) for values in data]
        ax.plot(positions, p95, "v", color="#d62728", linestyle="none", label="p95")
        for x, values, top in zip(positions, data, p95, strict=True):
            ax.annotate(f"p50 {_percentile(values, 50):.3g}\np95 {top:.3g}", (x, top), xytext=(8, 0),
                        textcoords="offset points", fontsize=7, va="center")  # fmt: skip
        low, high = min(min(v) for v in data), max(max(v) for v in data)
        if low > 0 and high / low > 100:
            ax.set_yscale("log")
        ax.legend(loc="upper left")
    ax.set(ylabel="latency (ms)", title="Query latency")
    ax.grid(alpha=0.3, axis="y")
    return fig


def plot_stale_rate(rates: Mapping[str, float]) -> Figure:
    """Share of answers that used a superseded fact, per system (lower is better)."""
    from matplotlib.ticker import PercentFormatter

    fig, ax = _figure()
    names = list(rates)
    bars = ax.bar(names, [float(rates[n]) for n in names], color="#4e79a7")
    ax.bar_label(bars, labels=[f"{rates[n]:.1%}" for n in names], padding=2)
    top = max([1.0, *(float(v) for v in rates.values())])
    ax.set(ylabel="stale answer rate", title="Stale facts in answers (lower is better)", ylim=(0, top * 1.08))
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    return fig


SCALE_KEYS = ("size", "ingest_s", "db_bytes", "p50_ms", "p95_ms")


def _get(row: Any, key: str) -> float | None:
    value = row.get(key) if isinstance(row, Mapping) else getattr(row, key, None)
    return None if value is None else float(value)


def _series(rows: Sequence[Any], key: str) -> tuple[list[float], list[float]]:
    points = sorted((_get(r, "size"), _get(r, key)) for r in rows)
    pairs = [(x, y) for x, y in points if x is not None and y is not None]
    return [x for x, _ in pairs], [y for _, y in pairs]


def _positive(arrays: Any) -> bool:
    values = [float(v) for array in arrays for v in array]
    return bool(values) and min(values) > 0


def plot_scale_curve(rows: Sequence[Mapping[str, float] | Any]) -> Figure:
    """Ingest time and database size (log-log), query latency (log x) against corpus size.

    Each row is a mapping (or object) with ``size`` (messages or nodes), ``ingest_s``,
    ``db_bytes``, ``p50_ms`` and optionally ``p95_ms``; missing values are skipped.
    """
    fig, axes = _figure(12.0, 3.8, ncols=3)
    ax_ingest, ax_db, ax_latency = axes
    xs, ys = _series(rows, "ingest_s")
    ax_ingest.plot(xs, ys, marker="o", label="ingest")
    ax_ingest.set(ylabel="ingest time (s)", title="Ingest time")
    xs, ys = _series(rows, "db_bytes")
    ax_db.plot(xs, [y / 1e6 for y in ys], marker="o", color="#59a14f", label="database")
    ax_db.set(ylabel="database size (MB)", title="Database size")
    for key, style in (("p50_ms", "-"), ("p95_ms", "--")):
        xs, ys = _series(rows, key)
        if xs:
            ax_latency.plot(xs, ys, marker="o", linestyle=style, label=key.removesuffix("_ms"))
    ax_latency.set(ylabel="query latency (ms)", title="Query latency")
    for ax in axes:
        ax.set_xlabel("size")
        ax.grid(alpha=0.3, which="both")
        if _positive(line.get_xdata() for line in ax.lines):  # a log axis needs positive data
            ax.set_xscale("log")
        if ax is not ax_latency and _positive(line.get_ydata() for line in ax.lines):
            ax.set_yscale("log")  # log-log: a straight line's slope is the scaling exponent
    if ax_latency.lines:
        ax_latency.legend()
    return fig


def plot_scale_resources(rows: Sequence[Mapping[str, float] | Any]) -> Figure:
    """Peak RSS (building, reopened), the first search after a reopen, and maintain() seconds with
    consolidation sessions/s, against corpus size (log x); missing values are skipped."""
    fig, axes = _figure(12.0, 3.8, ncols=3)
    ax_rss, ax_reopen, ax_maint = axes
    for key, label in (("build_peak_rss_mb", "build"), ("reopen_peak_rss_mb", "reopen")):
        xs, ys = _series(rows, key)
        if xs:
            ax_rss.plot(xs, ys, marker="o", label=label)
    ax_rss.set(ylabel="peak RSS (MB)", title="Memory")
    for key, label in (("reopen_first_search_ms", "open + 1st search"), ("reopen_open_ms", "open")):
        xs, ys = _series(rows, key)
        if xs:
            ax_reopen.plot(xs, ys, marker="o", label=label)
    ax_reopen.set(ylabel="ms", title="After a reopen")
    xs, ys = _series(rows, "maintain_s")
    if xs:
        ax_maint.plot(xs, ys, marker="o", color="#e15759", label="maintain s")
    ax_maint.set(ylabel="maintain() s", title="Maintenance")
    xs, ys = _series(rows, "episodes_per_s")
    if xs:
        twin = ax_maint.twinx()
        twin.plot(xs, ys, marker="s", linestyle="--", color="#76b7b2", label="consolidated episodes/s")
        twin.set_ylabel("consolidated episodes/s")
        twin.legend(loc="lower right")
    for ax in axes:
        ax.set_xlabel("size")
        ax.grid(alpha=0.3, which="both")
        if _positive(line.get_xdata() for line in ax.lines):
            ax.set_xscale("log")
        if ax.lines:
            ax.legend(loc="upper left")
    return fig


def plot_confusion(matrix: Sequence[Sequence[float]] | Any, labels: Sequence[str]) -> Figure:
    """Confusion matrix (rows = true, columns = predicted), e.g. for the intent classifier.

    Colour is the row-normalised share so rare classes stay readable; cells show raw counts.
    """
    import numpy as np

    counts = np.asarray(matrix, dtype=float)
    if counts.shape != (len(labels), len(labels)):
        raise ValueError(f"matrix shape {counts.shape} does not match {len(labels)} labels")
    totals = counts.sum(axis=1, keepdims=True)
    shares = np.divide(counts, totals, out=np.zeros_like(counts), where=totals > 0)
    size = 1.2 + 0.7 * len(labels)
    fig, ax = _figure(size + 1.2, size)
    image = ax.imshow(shares, cmap="Blues", vmin=0, vmax=1)
    fig.colorbar(image, ax=ax, label="share of true class")
    for i in range(len(labels)):
        for j in range(len(labels)):
            colour = "white" if shares[i, j] > 0.6 else "black"
            ax.text(j, i, f"{counts[i, j]:g}", ha="center", va="center", color=colour, fontsize=9)
    ticks = list(range(len(labels)))
    ax.set_xticks(ticks, list(labels), rotation=45, ha="right")
    ax.set_yticks(ticks, list(labels))
    ax.set(xlabel="predicted", ylabel="true", title="Confusion matrix")
    return fig


@dataclass(frozen=True)
class TimelineEvent:
    """One value of a fact over world time: ``[start, end)``; ``end=None`` means still held."""

    label: str
    start: float
    end: float | None = None
    reason: str | None = None
    row: str = "fact"


def timeline_events(nodes: Sequence[Node]) -> list[TimelineEvent]:
    """Fact versions as timeline bars, one row per ``fact_key``; archived counts as an end too."""
    events = []
    for n in nodes:
        end, reason = n.valid_until, n.invalid_reason
        if end is None and n.archived_at is not None:
            end, reason = n.archived_at, "archived"
        events.append(TimelineEvent(n.content, n.valid_from, end, reason, n.fact_key or n.type))
    return sorted(events, key=lambda e: (e.row, e.start))


def _date(t: float) -> float:
    from matplotlib.dates import date2num

    return float(date2num(datetime.fromtimestamp(t, tz=UTC)))


def _draw_event(ax: Axes, y: int, event: TimelineEvent, horizon: float) -> None:
    end = horizon if event.end is None else event.end
    state = "active" if event.end is None else (event.reason or "superseded")
    left, width = _date(event.start), max(_date(end) - _date(event.start), 1e-6)
    ax.barh(y, width, left=left, height=0.6, color=STATE_COLORS.get(state, "#bab0ac"), edgecolor="#333333",
            linestyle="-" if state == "active" else "--", label=state)  # fmt: skip
    ax.text(left + width / 2, y, event.label, ha="center", va="center", fontsize=8, clip_on=True)


def plot_timeline(events: Sequence[TimelineEvent | Node], now: float | None = None) -> Figure:
    """A fact's values over world time (e.g. Python -> Rust), with a mark where one was superseded."""
    from matplotlib.dates import AutoDateLocator, ConciseDateFormatter

    items = [e for e in events if isinstance(e, TimelineEvent)]
    items += timeline_events([e for e in events if isinstance(e, Node)])
    rows = list(dict.fromkeys(e.row for e in items))
    fig, ax = _figure(8.0, 1.4 + 0.6 * max(len(rows), 1))
    times = [t for e in items for t in (e.start, e.end) if t is not None]
    horizon = now if now is not None else (max(times) if times else 0.0)
    for event in items:
        _draw_event(ax, rows.index(event.row), event, horizon)
    marks = [
        (_date(e.end), rows.index(e.row)) for e in items if e.end is not None and e.reason == "superseded"
    ]
    if marks:
        ax.plot([x for x, _ in marks], [y for _, y in marks], linestyle="none", marker="X", markersize=10,
                color="#9467bd", label="superseded at")  # fmt: skip
    ax.set_yticks(list(range(len(rows))), rows)
    locator = AutoDateLocator()
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(ConciseDateFormatter(locator))
    ax.set(xlabel="world time", title="Fact timeline")
    handles, labels = ax.get_legend_handles_labels()
    unique = dict(zip(labels, handles, strict=True))
    if unique:
        ax.legend(unique.values(), unique.keys(), loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8)
    return fig
