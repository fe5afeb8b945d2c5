"""Export a memory as one offline, self-contained HTML graph (``memlab viz DB -o graph.html``).

The page itself is :func:`memlab.viz.graph.graph_html` (no network, text escaped); this module
only reads what it draws from the store: nodes, the edges between them, entities and the
node -> entity links. Huge databases are capped to the ``limit`` most recent nodes: the page
folds episodes by session, but a layout past a few thousand facts is unreadable anyway.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from memlab.store import browse
from memlab.types import Edge, Entity, Node

if TYPE_CHECKING:
    from memlab.memory import Memory

__all__ = ["GraphSnapshot", "export_memory", "graph_iframe", "memory_html", "read_graph"]

@dataclass(frozen=True)
class GraphSnapshot:
    """What the graph page draws, read from one memory."""

    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]
    entities: tuple[Entity, ...]
    node_entities: tuple[tuple[int, int], ...]


def _nodes(memory: Memory, as_of: float | None, limit: int | None, user_id: str | None = None) -> list[Node]:
    """All nodes, or the ``limit`` most recent in world time (those already valid at ``as_of``);
    only ``user_id``'s when given."""
    assert memory.store is not None
    valid_by = as_of if as_of is not None and limit else None
    if not limit:
        return memory.store.find_nodes(valid_by=valid_by, user_id=user_id, order="time")
    return memory.store.find_nodes(valid_by=valid_by, user_id=user_id, order="recent", limit=limit)[::-1]


def _edges(memory: Memory, ids: Sequence[int], capped: bool) -> list[Edge]:
    assert memory.store is not None
    if not capped:
        return memory.store.edges()
    return browse.edges_among(memory.store, ids)


def _node_entities(memory: Memory, ids: Sequence[int], capped: bool) -> list[tuple[int, int]]:
    assert memory.store is not None
    return browse.node_entity_pairs(memory.store, ids if capped else None)


def _entities(memory: Memory, wanted: set[int] | None, user_id: str | None = None) -> list[Entity]:
    """Entities (all, or the linked ones plus what they were merged into) with their aliases."""
    assert memory.store is not None
    rows = browse.entity_table(memory.store, user_id)
    aliases: dict[int, list[str]] = {}
    for eid, alias in browse.all_aliases(memory.store):
        aliases.setdefault(eid, []).append(alias)
    merged = {int(r[0]): r[7] for r in rows}
    keep = None if wanted is None else _with_merge_targets(wanted, merged)
    return [
        Entity(
            r[0],
            r[1],
            r[2],
            r[3],
            r[4],
            r[5],
            r[6],
            r[7],
            tuple(aliases.get(r[0], ())),
            json.loads(r[8] or "{}"),
        )
        for r in rows
        if keep is None or r[0] in keep
    ]


def _with_merge_targets(ids: set[int], merged: dict[int, int | None]) -> set[int]:
    out: set[int] = set()
    for eid in ids:
        while eid is not None and eid not in out:
            out.add(eid)
            eid = merged.get(eid)  # type: ignore[assignment]
    return out


def read_graph(
    memory: Memory, as_of: float | None = None, limit: int | None = None, user_id: str | None = None
) -> GraphSnapshot:
    """Nodes, edges, entities and links of a memory (capped at ``limit`` most recent nodes); with
    ``user_id`` only that user's (nothing crosses users)."""
    memory.flush()
    nodes = _nodes(memory, as_of, limit, user_id)
    ids = [n.id for n in nodes]
    capped = bool(limit) or user_id is not None  # edges and links only between the nodes drawn
    links = _node_entities(memory, ids, capped)
    entities = _entities(memory, {e for _, e in links} if capped else None, user_id)
    return GraphSnapshot(tuple(nodes), tuple(_edges(memory, ids, capped)), tuple(entities), tuple(links))


def memory_html(
    memory: Memory,
    as_of: float | None = None,
    limit: int | None = None,
    title: str | None = None,
    user_id: str | None = None,
) -> str:
    """The graph page of a memory as a string (see :func:`export_memory`)."""
    from memlab.viz.graph import graph_html

    g = read_graph(memory, as_of, limit, user_id)
    return graph_html(g.nodes, g.edges, g.entities, g.node_entities, title=title or f"memlab: {memory.path.name}",
                      now=as_of)  # fmt: skip


def export_memory(memory: Memory, path: str | Path, as_of: float | None = None, limit: int | None = None,
                  title: str | None = None, user_id: str | None = None) -> Path:  # fmt: skip
    """Write the memory's graph to one HTML file that opens offline; ``as_of`` is the initial
    world time of the page's slider (default: the newest time in the data); ``user_id``: only
    that user's memory."""
    target = Path(path)
    target.write_text(memory_html(memory, as_of, limit, title, user_id), encoding="utf-8")
    return target


def graph_iframe(page: str, height: int = 640) -> str:
    """An ``<iframe srcdoc>`` that shows a graph page inside a notebook output.

    ``sandbox="allow-scripts"`` without ``allow-same-origin``: the page's script runs in an
    opaque origin and cannot touch the notebook; the page keeps its own CSP.
    """
    return (f'<div class="memlab-graph"><iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
            f'style="width:100%;height:{int(height)}px;border:1px solid #ddd" title="memlab graph"></iframe></div>')  # fmt: skip
