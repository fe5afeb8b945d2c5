"""Figures are checked by their data (lines, bars, labels), not by pixels."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from memlab.clock import DAY
from memlab.types import Node
from memlab.viz.plots import (
    TimelineEvent,
    plot_confusion,
    plot_decay_curves,
    plot_latency,
    plot_recall_at_k,
    plot_scale_curve,
    plot_stale_rate,
    plot_timeline,
    timeline_events,
)

T0 = 1_700_000_000.0


def lines_by_label(ax) -> dict:
    return {line.get_label(): line for line in ax.get_lines()}


def test_decay_curves_plot_each_curve_and_the_threshold(tmp_path: Path) -> None:
    days = np.arange(0, 91, 10.0)
    curves = {"λ=0.1": (days, np.exp(-0.1 * days**0.8)), "λ=0": (days, np.ones_like(days))}
    fig = plot_decay_curves(curves, threshold=0.2)
    lines = lines_by_label(fig.axes[0])
    assert np.allclose(lines["λ=0.1"].get_xdata(), days)
    assert np.allclose(lines["λ=0.1"].get_ydata(), np.exp(-0.1 * days**0.8))
    assert list(lines["archive threshold (0.2)"].get_ydata()) == [0.2, 0.2]
    fig.savefig(tmp_path / "decay.png")
    assert (tmp_path / "decay.png").stat().st_size > 1000


def test_recall_at_k_sorts_k_and_draws_the_baseline() -> None:
    fig = plot_recall_at_k({"hybrid": {10: 0.9, 1: 0.5, 5: 0.8}}, baseline={1: 0.3, 10: 0.6})
    ax = fig.axes[0]
    lines = lines_by_label(ax)
    assert list(lines["hybrid"].get_xdata()) == [1, 5, 10]
    assert list(lines["hybrid"].get_ydata()) == [0.5, 0.8, 0.9]
    assert list(lines["baseline"].get_ydata()) == [0.3, 0.6]
    assert lines["baseline"].get_linestyle() == "--"
    assert list(ax.get_xticks()) == [1, 5, 10]


def test_latency_shows_median_and_p95_per_system() -> None:
    rng = np.random.default_rng(0)
    samples = {"fts": list(rng.gamma(2.0, 1.0, 200)), "hybrid": list(rng.gamma(2.0, 5.0, 200)), "empty": []}
    fig = plot_latency(samples)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["fts", "hybrid"]
    p95 = lines_by_label(ax)["p95"]
    assert np.allclose(
        p95.get_ydata(), [np.percentile(samples["fts"], 95), np.percentile(samples["hybrid"], 95)]
    )
    medians = [
        line for line in ax.get_lines() if line.get_label().startswith("_") and len(line.get_xdata()) == 2
    ]
    median_values = {round(float(line.get_ydata()[0]), 9) for line in medians}
    assert round(float(np.median(samples["hybrid"])), 9) in median_values
    assert ax.get_ylabel() == "latency (ms)"


def test_latency_uses_a_log_scale_when_values_span_orders_of_magnitude() -> None:
    fig = plot_latency({"a": [0.1, 0.2, 0.3], "b": [50.0, 80.0, 120.0]})
    assert fig.axes[0].get_yscale() == "log"
    assert plot_latency({"a": [1.0, 2.0]}).axes[0].get_yscale() == "linear"


def test_stale_rate_bar_heights_and_labels() -> None:
    fig = plot_stale_rate({"no supersede": 0.42, "memlab": 0.05})
    ax = fig.axes[0]
    assert [p.get_height() for p in ax.patches] == [0.42, 0.05]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["no supersede", "memlab"]
    assert [t.get_text() for t in ax.texts] == ["42.0%", "5.0%"]


def test_scale_curve_plots_three_panels_on_log_x() -> None:
    rows = [
        {"size": 10_000, "ingest_s": 12.0, "db_bytes": 40e6, "p50_ms": 9.0, "p95_ms": 20.0},
        {"size": 1_000, "ingest_s": 1.1, "db_bytes": 4e6, "p50_ms": 5.0},
        {"size": 100_000, "ingest_s": 130.0, "db_bytes": 410e6, "p50_ms": 14.0, "p95_ms": 35.0},
    ]
    fig = plot_scale_curve(rows)
    ingest, db, latency = fig.axes
    assert all(ax.get_xscale() == "log" for ax in fig.axes)
    assert (ingest.get_yscale(), db.get_yscale(), latency.get_yscale()) == ("log", "log", "linear")
    assert list(ingest.get_lines()[0].get_xdata()) == [1_000, 10_000, 100_000]
    assert list(ingest.get_lines()[0].get_ydata()) == [1.1, 12.0, 130.0]
    assert list(db.get_lines()[0].get_ydata()) == [4.0, 40.0, 410.0]
    p95 = lines_by_label(latency)["p95"]
    assert list(p95.get_xdata()) == [10_000, 100_000]


def test_scale_curve_keeps_linear_axes_for_zero_values(tmp_path: Path) -> None:
    fig = plot_scale_curve([{"size": 0, "ingest_s": 0.0, "db_bytes": 0, "p50_ms": 1.0}])
    assert [ax.get_xscale() for ax in fig.axes] == ["linear"] * 3
    fig.savefig(tmp_path / "zero.png")


def test_confusion_colours_row_shares_and_prints_counts() -> None:
    labels = ["why", "when", "who"]
    matrix = [[8, 2, 0], [1, 9, 0], [0, 0, 0]]
    fig = plot_confusion(matrix, labels)
    ax = fig.axes[0]
    shares = np.asarray(ax.get_images()[0].get_array())
    assert np.allclose(shares, [[0.8, 0.2, 0.0], [0.1, 0.9, 0.0], [0.0, 0.0, 0.0]])
    assert [t.get_text() for t in ax.texts][:3] == ["8", "2", "0"]
    assert [t.get_text() for t in ax.get_yticklabels()] == labels
    with pytest.raises(ValueError):
        plot_confusion([[1, 2]], labels)


def days(t: float) -> float:
    from matplotlib.dates import date2num

    return float(date2num(datetime.fromtimestamp(t, tz=UTC)))


def test_timeline_from_nodes_shows_the_supersession() -> None:
    switch = T0 + 40 * DAY
    nodes = [
        Node(2, "semantic", "Rust", switch, switch, switch, fact_key="user.language"),
        Node(
            1,
            "semantic",
            "Python",
            T0,
            T0,
            T0,
            valid_until=switch,
            invalid_reason="superseded",
            fact_key="user.language",
        ),
        Node(3, "semantic", "Berlin", T0, T0, T0, fact_key="user.city", archived_at=T0 + 10 * DAY),
    ]
    now = T0 + 100 * DAY
    fig = plot_timeline(nodes, now=now)
    ax = fig.axes[0]
    bars = {t.get_text(): p for t, p in zip(ax.texts, ax.patches, strict=True)}
    assert bars["Python"].get_x() == pytest.approx(days(T0))
    assert bars["Python"].get_width() == pytest.approx(40.0)
    assert bars["Rust"].get_x() == pytest.approx(days(switch))
    assert bars["Rust"].get_width() == pytest.approx(60.0)  # still held: runs to `now`
    assert bars["Berlin"].get_width() == pytest.approx(10.0)
    mark = lines_by_label(ax)["superseded at"]
    assert list(mark.get_xdata()) == pytest.approx([days(switch)])
    assert [t.get_text() for t in ax.get_yticklabels()] == ["user.city", "user.language"]


def test_timeline_events_mark_archived_ends() -> None:
    node = Node(1, "semantic", "x", T0, T0, T0, archived_at=T0 + DAY)
    assert timeline_events([node]) == [TimelineEvent("x", T0, T0 + DAY, "archived", "semantic")]


def test_empty_inputs_still_give_figures(tmp_path: Path) -> None:
    for fig in (
        plot_decay_curves({}),
        plot_recall_at_k({}),
        plot_latency({}),
        plot_stale_rate({}),
        plot_scale_curve([]),
        plot_timeline([]),
    ):
        assert len(fig.axes) >= 1
        fig.savefig(tmp_path / "empty.png")  # drawing must not warn (warnings are errors here)
