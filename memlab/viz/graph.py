"""One self-contained, offline HTML view of a memory graph.

The page carries its own small SVG force layout (``assets/graph.js``, written for memlab, no
third-party code), so it opens from disk with no network: no external ``src``/``href``, and a
Content-Security-Policy that pins the one inline script and stylesheet by hash. Conversation
text is data, never markup: it travels as JSON in a ``<script type="application/json">`` block
with ``<``, ``>``, ``&`` and U+2028/2029 escaped, and the page writes it with ``textContent``.

Database-free on purpose: callers pass :mod:`memlab.types` objects they read from the store.

The page exposes ``window.memlabGraph`` (``nodeCount`` drawn memory nodes, ``inactiveCount``,
``edgeCount``, ``entityCount``, ``layoutMs``, ``select(id)``, ``setAsOf(t)``) and mirrors the counts
as ``data-*`` attributes on ``<body>``; the URL fragment presets the view:
``#history=1&asof=<epoch s>&select=<node id>&entity=<entity id>&labels=1&edgelabels=1``.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import math
import re
from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from memlab.types import EDGE_TYPES, NODE_TYPES, Edge, Entity, Node

__all__ = ["graph_data", "graph_html", "script_json", "write_graph_html", "NODE_COLORS", "EDGE_COLORS"]

# Tableau 10: distinct hues; node types and entity types never share a colour.
NODE_COLORS: Mapping[str, str] = {
    "episodic": "#4e79a7",
    "semantic": "#59a14f",
    "procedural": "#f28e2b",
    "opinion": "#b07aa1",
}
ENTITY_COLORS: Mapping[str, str] = {
    "person": "#e15759",
    "organization": "#ff9da7",
    "place": "#9c755f",
    "project": "#edc948",
    "tool": "#76b7b2",
    "concept": "#bab0ac",
}
EDGE_COLORS: Mapping[str, str] = {
    "temporal": "#9aa0a6",
    "causal": "#d62728",
    "entity": "#17becf",
    "derived_from": "#8c564b",
    "supersedes": "#9467bd",
}
OTHER_COLOR = "#7f7f7f"

_NODE_FIELDS = (
    "id",
    "type",
    "content",
    "event_time",
    "created_at",
    "valid_from",
    "valid_until",
    "invalid_reason",
    "archived_at",
    "confidence",
    "base_strength",
    "decay_rate",
    "access_count",
    "last_accessed",
    "source_type",
    "source_role",
    "session_id",
    "fact_key",
)
_EDGE_FIELDS = ("id", "src", "dst", "type", "predicate", "weight", "confidence", "valid_from", "valid_until")
_SCRIPT_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_PLACEHOLDER = re.compile(r"\{\{([A-Z]+)\}\}")


def _clean(value: Any) -> Any:
    """JSON has no NaN/inf; a broken float must not make the page's JSON.parse fail."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _pick(obj: Any, fields: Sequence[str]) -> dict[str, Any]:
    """Only the fields that are set: a 1000-node export stays small."""
    out = {}
    for name in fields:
        value = _clean(getattr(obj, name))
        if value is not None:
            out[name] = value
    return out


def _resolve_entity(entity_id: int, merged: Mapping[int, int | None]) -> int | None:
    """Follow ``merged_into`` to the surviving entity (cycles and unknown ids give None)."""
    seen: set[int] = set()
    current: int | None = entity_id
    while current is not None and current in merged and merged[current] is not None:
        if current in seen:
            return None
        seen.add(current)
        current = merged[current]
    return current if current in merged else None


def _node_entities(
    node_ids: set[int], entities: Sequence[Entity], pairs: Sequence[tuple[int, int]]
) -> dict[int, list[int]]:
    merged = {e.id: e.merged_into for e in entities}
    out: dict[int, list[int]] = {}
    for node_id, entity_id in pairs:
        target = _resolve_entity(entity_id, merged)
        if node_id in node_ids and target is not None and target not in out.setdefault(node_id, []):
            out[node_id].append(target)
    return out


def _entity_dict(e: Entity) -> dict[str, Any]:
    out = {"id": e.id, "name": e.canonical_name, "type": e.type, "aliases": list(e.aliases)}
    for name in ("summary", "mention_count", "first_seen", "last_seen"):
        value = _clean(getattr(e, name))
        if value is not None:
            out[name] = value
    return out


def _ordered_types(standard: Sequence[str], present: set[str]) -> list[str]:
    return [t for t in standard] + sorted(present - set(standard))


def _time_range(nodes: Sequence[Node], now: float | None) -> tuple[float, float]:
    times = [
        t for n in nodes for t in (n.event_time, n.valid_from, n.valid_until, n.archived_at) if t is not None
    ]
    times = [t for t in times if math.isfinite(t)]
    if now is not None:
        times.append(now)
    if not times:
        return 0.0, 0.0
    return min(times), max(times)


def graph_data(
    nodes: Sequence[Node],
    edges: Sequence[Edge],
    entities: Sequence[Entity] = (),
    node_entities: Sequence[tuple[int, int]] = (),
    title: str = "memlab graph",
    now: float | None = None,
) -> dict[str, Any]:
    """The plain data the page draws. Edges and links to nodes not given are dropped."""
    node_ids = {n.id for n in nodes}
    links = _node_entities(node_ids, entities, node_entities)
    live_entities = [e for e in entities if e.merged_into is None]
    out_nodes = []
    for n in nodes:
        d = _pick(n, _NODE_FIELDS)
        if n.id in links:
            d["entities"] = links[n.id]
        out_nodes.append(d)
    out_edges = [_pick(e, _EDGE_FIELDS) for e in edges if e.src in node_ids and e.dst in node_ids]
    t_min, t_max = _time_range(nodes, now)
    return {
        "title": title,
        "as_of": now if now is not None else t_max,
        "time_min": t_min,
        "time_max": t_max,
        "nodes": out_nodes,
        "edges": out_edges,
        "entities": [_entity_dict(e) for e in live_entities],
        "node_types": _ordered_types(NODE_TYPES, {n.type for n in nodes}),
        "edge_types": _ordered_types(EDGE_TYPES, {e.type for e in edges}),
        "entity_types": sorted({e.type for e in live_entities}),
        "colors": {"node": NODE_COLORS, "edge": EDGE_COLORS, "entity": ENTITY_COLORS, "other": OTHER_COLOR},
    }


def script_json(data: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: no ``</script>``, no ``<!--``, no JS line breaks."""
    text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_json_default)
    return "".join(_SCRIPT_ESCAPES.get(ch, ch) for ch in text)


def _json_default(value: Any) -> Any:
    if isinstance(value, tuple | set | frozenset):
        return list(value)
    return str(value)


def _asset(name: str) -> str:
    return resources.files("memlab.viz").joinpath("assets", name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def graph_html(
    nodes: Sequence[Node],
    edges: Sequence[Edge],
    entities: Sequence[Entity] = (),
    node_entities: Sequence[tuple[int, int]] = (),
    title: str = "memlab graph",
    now: float | None = None,
) -> str:
    """One HTML file that draws the graph offline; ``now`` is the initial "as of" world time."""
    data = graph_data(nodes, edges, entities, node_entities, title=title, now=now)
    js, css = _asset("graph.js"), _asset("graph.css")
    csp = (
        f"default-src 'none'; script-src {_csp_hash(js)}; style-src {_csp_hash(css)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    values = {"CSP": csp, "TITLE": html.escape(title), "CSS": css, "JS": js, "DATA": script_json(data)}
    # One pass, so a placeholder-looking string inside the data is never expanded.
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)], _asset("graph.html"))


def write_graph_html(
    path: str | Path,
    nodes: Sequence[Node],
    edges: Sequence[Edge],
    entities: Sequence[Entity] = (),
    node_entities: Sequence[tuple[int, int]] = (),
    title: str = "memlab graph",
    now: float | None = None,
) -> Path:
    """Write :func:`graph_html` to ``path`` (UTF-8) and return the path."""
    target = Path(path)
    target.write_text(graph_html(nodes, edges, entities, node_entities, title, now), encoding="utf-8")
    return target
