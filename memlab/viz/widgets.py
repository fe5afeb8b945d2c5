"""ipywidgets explorers for the notebooks: thin shells over :mod:`memlab.viz.data`.

Each builder returns the widget (the notebook displays it; nothing is displayed here), so it
also runs headless. Figures are rendered to PNG and shown in an ``Image`` widget, which needs
no matplotlib backend. ipywidgets and matplotlib are imported inside the functions.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from memlab.viz import data

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from memlab.memory import Memory

__all__ = [
    "decay_explorer",
    "decay_figure",
    "figure_png",
    "graph_view",
    "rows_html",
    "search_explorer",
    "timeline_figure",
    "timeline_view",
]

CONTENT_CHARS = 160


def figure_png(fig: Figure, dpi: int = 90) -> bytes:
    """A figure as PNG bytes (rendered through Agg; no pyplot, no GUI)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def _cell(value: Any) -> str:
    if value is None:
        return "·"
    if isinstance(value, float):
        return f"{value:.4g}"
    text = " ".join(str(value).split())
    if len(text) > CONTENT_CHARS:
        text = text[: CONTENT_CHARS - 1] + "…"
    return html.escape(text)


def rows_html(
    rows: Sequence[Mapping[str, Any]], columns: Sequence[str] | None = None, caption: str = ""
) -> str:
    """A small HTML table; every cell escaped (memory content is conversation text)."""
    if not rows:
        return f"<p><i>{html.escape(caption or 'no rows')}</i></p>"
    cols = list(columns or rows[0].keys())
    head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{_cell(r.get(c))}</td>" for c in cols) + "</tr>" for r in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f'<table style="font-size:12px">{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _w() -> Any:
    import ipywidgets

    return ipywidgets


def _on_change(controls: Sequence[Any], refresh: Callable[[], None]) -> None:
    for c in controls:
        c.observe(lambda _change: refresh(), names="value")


# -- search -----------------------------------------------------------------------------------------
def search_explorer(memory: Memory, query: str = "", recipe: str | None = None, limit: int = 10) -> Any:
    """Text box + recipe dropdown -> hits with their rank in every channel (``·`` = not found there).

    Searches from here do not reinforce the nodes they show.
    """
    from memlab.retrieval.recipes import RECIPES

    w = _w()
    box = w.Text(value=query, description="query", continuous_update=False, layout=w.Layout(width="60%"))
    pick = w.Dropdown(
        options=list(RECIPES), value=recipe or memory.config.retrieval.recipe, description="recipe"
    )
    history = w.Checkbox(value=False, description="include history")
    out = w.HTML()

    def refresh() -> None:
        if not box.value.strip():
            out.value = "<p><i>type a query</i></p>"
            return
        intent, rows = data.search_rows(memory, box.value, pick.value, limit, include_history=history.value)
        out.value = rows_html(rows, caption=f"intent: {intent} · recipe: {pick.value} · {len(rows)} hits")

    _on_change([box, pick, history], refresh)
    refresh()
    return w.VBox([w.HBox([box, pick, history]), out])


# -- timeline ---------------------------------------------------------------------------------------
def timeline_figure(memory: Memory, key_or_query: str) -> Figure:
    """The versions of one fact over world time (e.g. Python -> Rust)."""
    from memlab.viz.plots import plot_timeline

    return plot_timeline(data.fact_timeline(memory, key_or_query), now=memory.clock.now())


def timeline_view(memory: Memory, key: str | None = None, min_versions: int = 2) -> Any:
    """A dropdown of facts that changed (most versions first) -> their timeline and versions table."""
    w = _w()
    keys = [k for k, _ in data.fact_keys(memory, min_versions)] or [k for k, _ in data.fact_keys(memory)]
    pick = w.Dropdown(
        options=keys, value=key if key in keys else (keys[0] if keys else None), description="fact"
    )
    image, table = w.Image(format="png"), w.HTML()

    def refresh() -> None:
        if pick.value is None:
            table.value = "<p><i>no facts yet: consolidate first</i></p>"
            return
        image.value = figure_png(timeline_figure(memory, pick.value))
        versions = data.fact_versions(memory, pick.value)
        rows = [{"id": n.id, "content": n.content, "valid_from": _iso(n.valid_from), "valid_until": _iso(n.valid_until),
                 "why ended": n.invalid_reason or ("archived" if n.archived_at else None)} for n in versions]  # fmt: skip
        table.value = rows_html(rows)

    _on_change([pick], refresh)
    refresh()
    return w.VBox([pick, image, table])


def _iso(t: float | None) -> str | None:
    from memlab.clock import iso

    return None if t is None else iso(t)


# -- decay ------------------------------------------------------------------------------------------
def decay_figure(scenario: data.DecayScenario, threshold: float, label: str = "fact") -> Figure:
    """The decay curve with accesses marked and the archive day as a vertical line."""
    from memlab.viz.plots import plot_decay_curves

    fig = plot_decay_curves({label: (scenario.days, scenario.strength)}, threshold=threshold)
    ax = fig.axes[0]
    if scenario.accesses:
        ax.plot(scenario.accesses, [1.0] * len(scenario.accesses), "|", color="#333333", markersize=12,
                label="access")  # fmt: skip
    if math.isfinite(scenario.archive_day) and scenario.archive_day <= scenario.days[-1]:
        ax.axvline(
            scenario.archive_day,
            color="#9467bd",
            linestyle=":",
            label=f"archived, day {scenario.archive_day:.0f}",
        )
    ax.legend()
    return fig


def _archive_text(s: data.DecayScenario) -> str:
    if math.isinf(s.archive_day):
        return "<b>never archived</b> (λ = 0 protects a fact)"
    return f"archived on <b>day {s.archive_day:.1f}</b> after {len(s.accesses)} access(es)"


def decay_explorer(lam: float = 0.1, beta: float = 0.8, threshold: float = 0.05, base: float = 1.0,
                   pattern: str = "never", horizon: float = 365.0, step: float = 0.1) -> Any:  # fmt: skip
    """Sliders for λ, β, threshold, base and an access pattern -> the curve and the archive day."""
    w = _w()
    style = {"description_width": "90px"}
    # linear, not log: λ = 0 (a protected fact) must be reachable
    s_lam = w.FloatSlider(value=lam, min=0.0, max=1.0, step=0.005, readout_format=".3f", description="λ (lambda)",
                          style=style)  # fmt: skip
    s_beta = w.FloatSlider(value=beta, min=0.3, max=1.5, step=0.05, description="β (beta)", style=style)
    s_thr = w.FloatSlider(value=threshold, min=0.01, max=0.5, step=0.01, description="threshold", style=style)
    s_base = w.FloatSlider(value=base, min=0.1, max=1.0, step=0.05, description="base", style=style)
    s_pat = w.Dropdown(options=list(data.ACCESS_PATTERNS), value=pattern, description="accesses", style=style)
    image, label = w.Image(format="png"), w.HTML()
    controls = [s_lam, s_beta, s_thr, s_base, s_pat]

    def refresh() -> None:
        s = data.decay_scenario(
            s_lam.value, s_beta.value, s_thr.value, s_base.value, s_pat.value, horizon, step
        )
        image.value = figure_png(decay_figure(s, s_thr.value))
        label.value = _archive_text(s)

    _on_change(controls, refresh)
    refresh()
    return w.HBox([w.VBox([*controls, label]), image])


# -- graph ------------------------------------------------------------------------------------------
def graph_view(
    memory: Memory, as_of: float | None = None, limit: int | None = 1500, height: int = 640
) -> Any:
    """The offline graph page of a memory inside a notebook output (an ``IPython.display.HTML``)."""
    from IPython.display import HTML

    from memlab.viz.export import graph_iframe, memory_html

    return HTML(graph_iframe(memory_html(memory, as_of=as_of, limit=limit), height))
