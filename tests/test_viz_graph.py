"""The offline graph page: data, escaping and self-containment (no browser needed here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from memlab.clock import DAY
from memlab.types import Edge, Entity, Node
from memlab.viz.graph import graph_data, graph_html, script_json, write_graph_html

T0 = 1_700_000_000.0
XSS = "<script>alert(1)</script>"


def small_graph() -> tuple[list[Node], list[Edge], list[Entity], list[tuple[int, int]]]:
    """Three episodes, a fact superseded Python -> Rust, one forgotten and one archived node."""
    nodes = [
        Node(1, "episodic", "I mostly write Python", T0, T0, T0, session_id="s1"),
        Node(2, "episodic", XSS, T0 + DAY, T0 + DAY, T0 + DAY, session_id="s1"),
        Node(3, "episodic", "I switched to Rust", T0 + 40 * DAY, T0 + 40 * DAY, T0 + 40 * DAY),
        Node(4, "semantic", "favourite language: Python", T0, T0 + 5, T0, valid_until=T0 + 40 * DAY,
             invalid_reason="superseded", fact_key="user.language"),
        Node(5, "semantic", "favourite language: Rust", T0 + 40 * DAY, T0 + 40 * DAY, T0 + 40 * DAY,
             fact_key="user.language", confidence=0.9),
        Node(6, "opinion", "Berlin is grey", T0 + DAY, T0 + DAY, T0 + DAY, valid_until=T0 + 2 * DAY,
             invalid_reason="forgotten"),
        Node(7, "procedural", "run tests with pytest -q", T0, T0, T0, archived_at=T0 + 20 * DAY),
    ]  # fmt: skip
    edges = [
        Edge(1, 1, 2, "temporal"),
        Edge(2, 2, 3, "temporal"),
        Edge(3, 4, 1, "derived_from"),
        Edge(4, 5, 3, "derived_from"),
        Edge(5, 5, 4, "supersedes", valid_from=T0 + 40 * DAY),
        Edge(6, 3, 2, "causal", predicate="because"),
        Edge(7, 1, 99, "temporal"),  # dangling: node 99 is not given
    ]
    entities = [
        Entity(1, "Python", "tool"),
        Entity(2, "Rust", "tool"),
        Entity(3, "Py", "tool", merged_into=1),
    ]
    links = [(1, 1), (4, 3), (3, 2), (5, 2), (42, 1)]
    return nodes, edges, entities, links


def embedded_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="memlab-data">(.*?)</script>', page, re.S)
    assert match is not None
    return json.loads(match.group(1))


def test_script_json_escapes_everything_that_could_end_the_script() -> None:
    text = script_json({"c": "</script><!-- & \u2028\u2029 >"})
    for raw in ("<", ">", "&", "\u2028", "\u2029"):
        assert raw not in text
    assert json.loads(text) == {"c": "</script><!-- & \u2028\u2029 >"}


def test_non_finite_floats_are_dropped_so_the_json_stays_valid() -> None:
    data = graph_data([Node(1, "semantic", "x", T0, T0, T0, confidence=float("nan"))], [])
    assert "confidence" not in data["nodes"][0]
    json.loads(script_json(data))


def test_page_has_no_external_references_and_pins_its_scripts() -> None:
    page = graph_html(*small_graph())
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", page, re.I)
    assert "<link" not in page.lower()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp is not None and "default-src 'none'" in csp.group(1) and "'sha256-" in csp.group(1)
    assert "unsafe-inline" not in csp.group(1)


def test_conversation_text_never_appears_as_markup() -> None:
    nodes, edges, entities, links = small_graph()
    page = graph_html(nodes, edges, entities, links, title="<b>t</b> {{JS}}")
    assert XSS not in page
    assert page.count("<script") == 2  # the JSON data block and the viewer
    assert "<title>&lt;b&gt;t&lt;/b&gt; {{JS}}</title>" in page
    assert embedded_data(page)["nodes"][1]["content"] == XSS
    assert "innerHTML" not in page and "insertAdjacentHTML" not in page and "document.write" not in page


def test_data_drops_dangling_edges_and_resolves_merged_entities() -> None:
    data = graph_data(*small_graph())
    assert [e["id"] for e in data["edges"]] == [1, 2, 3, 4, 5, 6]
    assert [e["name"] for e in data["entities"]] == ["Python", "Rust"]
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id[1]["entities"] == [1]
    assert by_id[4]["entities"] == [1]  # linked to "Py", merged into Python
    assert "entities" not in by_id[2]


def test_data_keeps_validity_and_history_fields() -> None:
    data = graph_data(*small_graph(), now=T0 + 50 * DAY)
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id[4]["valid_until"] == T0 + 40 * DAY and by_id[4]["invalid_reason"] == "superseded"
    assert by_id[7]["archived_at"] == T0 + 20 * DAY
    assert by_id[5]["confidence"] == 0.9 and by_id[5]["fact_key"] == "user.language"
    assert "valid_until" not in by_id[5]
    assert data["as_of"] == T0 + 50 * DAY
    assert data["time_min"] == T0 and data["time_max"] == T0 + 50 * DAY
    supersedes = [e for e in data["edges"] if e["type"] == "supersedes"]
    assert supersedes == [{"id": 5, "src": 5, "dst": 4, "type": "supersedes", "weight": 1.0,
                           "confidence": 1.0, "valid_from": T0 + 40 * DAY}]  # fmt: skip


def test_as_of_defaults_to_the_latest_time_in_the_data() -> None:
    data = graph_data(*small_graph())
    assert data["as_of"] == T0 + 40 * DAY


def test_types_beyond_the_standard_ones_are_listed_and_coloured_as_other() -> None:
    nodes = [Node(1, "dream", "flying", T0, T0, T0)]
    data = graph_data(nodes, [])
    assert data["node_types"][-1] == "dream"
    assert "dream" not in data["colors"]["node"] and data["colors"]["other"].startswith("#")


def test_empty_graph_renders() -> None:
    page = graph_html([], [])
    assert embedded_data(page)["nodes"] == []


def test_write_graph_html_writes_utf8(tmp_path: Path) -> None:
    nodes = [Node(1, "episodic", "Привет, мир", T0, T0, T0)]
    path = write_graph_html(tmp_path / "g.html", nodes, [])
    text = path.read_text(encoding="utf-8")
    assert "Привет, мир" in text and text.startswith("<!DOCTYPE html>")
