"""One self-contained, offline HTML view of a memory graph, drawn by vis-network.

vis-network (the library pyvis wraps) is read from the copy that the ``pyvis`` package ships
(``pyvis/templates/lib/vis-<version>/vis-network.min.js``) and inlined with memlab's own viewer
script (``assets/graph.js``), so the page opens from disk with no network: no external
``src``/``href``, and a Content-Security-Policy that pins the two inline scripts and the one
stylesheet by hash. Conversation text is data, never markup: it travels as JSON in a
``<script type="application/json">`` block with ``<``, ``>``, ``&`` and U+2028/2029 escaped; the
canvas draws labels as text and the side panel writes them with ``textContent``.

Knowledge first: facts (semantic, procedural, opinion) and their entities are drawn one by one;
episodes are grouped into one cluster node per session (vis-network clustering) that opens on
click. Database-free on purpose: callers pass :mod:`memlab.types` objects read from the store.

The page exposes ``window.memlabGraph`` (``nodeCount`` memory nodes that pass the filters,
collapsed episodes included; ``drawnCount``, ``clusterCount``, ``inactiveCount``, ``edgeCount``,
``entityCount``, ``layoutMs``; ``select(id)``, ``setAsOf(t)``, ``openSession(key)``,
``collapse()``, ``screenPosition(id)``) and mirrors the counts as ``data-*`` attributes on
``<body>``; the URL fragment presets the view:
``#history=1&asof=<epoch s>&select=<node id>&entity=<entity id>&user=<id>&open=<session key>``.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import importlib.util
import json
import math
import re
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from memlab.types import DEFAULT_USER, EDGE_TYPES, NODE_TYPES, Edge, Entity, Node

__all__ = [
    "EDGE_COLORS",
    "NODE_COLORS",
    "VizUnavailable",
    "graph_data",
    "graph_html",
    "script_json",
    "session_key",
    "vis_network_js",
    "write_graph_html",
]

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


def _user_of(n: Node) -> str | None:
    """The node's user when it is not the default one (a memory used without users shows no
    user filter); an older export may carry it as an attribute."""
    value = n.user_id if n.user_id != DEFAULT_USER else None
    if value is None and isinstance(n.attributes, Mapping):
        value = n.attributes.get("user_id")
    return None if value is None else str(value)


def session_key(n: Node) -> str:
    """The cluster an episode is folded into: its session, or its UTC day when it has none."""
    if n.session_id:
        return f"s:{n.session_id}"
    if math.isfinite(n.event_time):
        return "d:" + datetime.fromtimestamp(n.event_time, UTC).strftime("%Y-%m-%d")
    return "d:?"


def _sessions(nodes: Sequence[Node]) -> list[dict[str, Any]]:
    """One entry per episode cluster, in world-time order of its first episode."""
    out: dict[str, dict[str, Any]] = {}
    for n in nodes:
        if n.type != "episodic":
            continue
        key = session_key(n)
        s = out.setdefault(key, {"key": key, "label": n.session_id or key[2:], "episodes": 0,
                                 "first": n.event_time, "last": n.event_time})  # fmt: skip
        s["episodes"] += 1
        s["first"], s["last"] = min(s["first"], n.event_time), max(s["last"], n.event_time)
    return sorted(out.values(), key=lambda s: (s["first"], s["key"]))


def stabilisation_iterations(physics_nodes: int) -> int:
    """Layout steps before physics is switched off: fewer for big graphs, so 2,000 nodes stay quick."""
    if physics_nodes <= 200:
        return 300
    if physics_nodes <= 800:
        return 200
    return 120


def _node_dict(n: Node, links: Mapping[int, list[int]]) -> dict[str, Any]:
    d = _pick(n, _NODE_FIELDS)
    user = _user_of(n)
    if user is not None:
        d["user_id"] = user
    if n.type == "episodic":
        d["session"] = session_key(n)
    if n.id in links:
        d["entities"] = links[n.id]
    return d


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
    sessions = _sessions(nodes)
    t_min, t_max = _time_range(nodes, now)
    physics_nodes = len(nodes) - sum(s["episodes"] for s in sessions) + len(sessions) + len(live_entities)
    return {
        "title": title,
        "as_of": now if now is not None else t_max,
        "time_min": t_min,
        "time_max": t_max,
        "nodes": [_node_dict(n, links) for n in nodes],
        "edges": [_pick(e, _EDGE_FIELDS) for e in edges if e.src in node_ids and e.dst in node_ids],
        "entities": [_entity_dict(e) for e in live_entities],
        "sessions": sessions,
        "users": sorted({u for n in nodes if (u := _user_of(n)) is not None}),
        "node_types": _ordered_types(NODE_TYPES, {n.type for n in nodes}),
        "edge_types": _ordered_types(EDGE_TYPES, {e.type for e in edges}),
        "entity_types": sorted({e.type for e in live_entities}),
        "colors": {"node": NODE_COLORS, "edge": EDGE_COLORS, "entity": ENTITY_COLORS, "other": OTHER_COLOR},
        "iterations": stabilisation_iterations(physics_nodes),
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


class VizUnavailable(RuntimeError):
    """The graph page needs the vis-network copy that the ``pyvis`` package ships."""


_VIS_DIR = re.compile(r"^vis-(\d+)\.(\d+)\.(\d+)$")
_LEADING_COMMENT = re.compile(r"\A\s*/\*.*?\*/\s*", re.S)
_SOURCE_MAP = re.compile(r"\n//# sourceMappingURL=\S*\s*\Z")


def _vis_dirs() -> list[tuple[tuple[int, ...], Path]]:
    spec = importlib.util.find_spec("pyvis")  # located, not imported: pyvis pulls in jinja2 and networkx
    if spec is None or not spec.submodule_search_locations:
        return []
    lib = Path(next(iter(spec.submodule_search_locations))) / "templates" / "lib"
    found = []
    for d in lib.glob("vis-*"):
        m = _VIS_DIR.match(d.name)
        if m and (d / "vis-network.min.js").is_file():
            found.append((tuple(int(g) for g in m.groups()), d))
    return sorted(found)


@functools.lru_cache(maxsize=1)
def vis_network_js() -> tuple[str, str]:
    """(version, script) of the newest vis-network 9.x bundled with pyvis, its header replaced by
    a notice without links (the page keeps no URL outside what the library's code needs)."""
    dirs = [(v, d) for v, d in _vis_dirs() if v[0] == 9]
    if not dirs:
        raise VizUnavailable("the graph page needs pyvis (it ships vis-network): pip install 'memlab[viz]'")
    version, folder = dirs[-1]
    text = (folder / "vis-network.min.js").read_text(encoding="utf-8")
    release = ".".join(map(str, version))
    notice = (f"/* vis-network {release}, as bundled with pyvis. (c) 2011-2017 Almende B.V., "
              "(c) 2017-2019 visjs contributors. Dual licensed: Apache-2.0 or MIT (either). */\n")  # fmt: skip
    # No source map: there is none beside the page, and devtools would try to fetch it.
    return release, notice + _SOURCE_MAP.sub("\n", _LEADING_COMMENT.sub("", text, count=1))


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
    _, vis = vis_network_js()
    js, css = _asset("graph.js"), _asset("graph.css")
    csp = (
        f"default-src 'none'; script-src {_csp_hash(vis)} {_csp_hash(js)}; style-src {_csp_hash(css)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )
    values = {
        "CSP": csp,
        "TITLE": html.escape(title),
        "CSS": css,
        "VIS": vis,
        "JS": js,
        "DATA": script_json(data),
    }
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
