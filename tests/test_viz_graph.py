"""The offline graph page: data, escaping and self-containment (no browser needed here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from memlab.clock import DAY
from memlab.types import Edge, Entity, Node
from memlab.viz.graph import (
    graph_data,
    graph_html,
    script_json,
    session_key,
    stabilisation_iterations,
    vis_network_js,
    write_graph_html,
)

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
    _, vis = vis_network_js()  # its core-js part writes "<script>" as a split string literal
    assert page.replace(vis, "").count("<script") == 3  # the JSON data block, vis-network and the viewer
    assert "<title>&lt;b&gt;t&lt;/b&gt; {{JS}}</title>" in page
    assert embedded_data(page)["nodes"][1]["content"] == XSS
    viewer = page.rsplit("<script>", 1)[1]
    assert "innerHTML" not in viewer and "insertAdjacentHTML" not in viewer and "document.write" not in viewer


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


# URLs that vis-network's own code carries as strings (never fetched): the SVG namespace, core-js's
# licence metadata and an error message. Nothing else may look like a URL.
LIBRARY_STRINGS = {
    "http://www.w3.org/2000/svg",
    "https://github.com/zloirock/core-js",
    "https://github.com/zloirock/core-js/blob/v3.21.1/LICENSE",
    "https://github.com/uuidjs/uuid#getrandomvalues-not-supported",
}


def inline_scripts(page: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", page, re.S)


def test_vis_network_is_inlined_from_pyvis_without_links() -> None:
    version, js = vis_network_js()
    assert version.startswith("9.") and len(js) > 100_000
    assert js.startswith("/* vis-network " + version) and "Apache-2.0 or MIT" in js.splitlines()[0]
    assert "sourceMappingURL" not in js
    page = graph_html(*small_graph())
    scripts = inline_scripts(page)
    assert scripts[0] == js and "vis.Network" in scripts[1]
    urls = set(re.findall(r"""https?://[^\s"'<>)]+""", page))
    assert urls <= LIBRARY_STRINGS, urls - LIBRARY_STRINGS
    assert not re.search(r"cdn|unpkg|jsdelivr|cdnjs", page.split("<script>", 1)[0], re.I)
    assert "http:" not in scripts[1] and "https:" not in scripts[1]


def test_csp_pins_both_inline_scripts_and_the_stylesheet() -> None:
    import base64
    import hashlib

    page = graph_html(*small_graph())
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert csp is not None
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None
    for text in [*inline_scripts(page), style.group(1)]:
        digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp.group(1)


def test_episodes_fold_into_one_cluster_per_session() -> None:
    data = graph_data(*small_graph())
    assert [(s["key"], s["episodes"]) for s in data["sessions"]] == [("s:s1", 2), ("d:2023-12-24", 1)]
    by_id = {n["id"]: n for n in data["nodes"]}
    assert by_id[1]["session"] == by_id[2]["session"] == "s:s1"
    assert "session" not in by_id[4]  # facts are never folded
    assert session_key(Node(9, "episodic", "x", T0, T0, T0)) == "d:2023-11-14"


def test_user_ids_travel_when_the_schema_has_them() -> None:
    nodes = [
        Node(1, "semantic", "a", T0, T0, T0, user_id="alice"),
        Node(2, "semantic", "b", T0, T0, T0),
    ]
    data = graph_data(nodes, [])
    assert data["users"] == ["alice"]
    assert data["nodes"][0]["user_id"] == "alice" and "user_id" not in data["nodes"][1]
    assert graph_data(small_graph()[0], [])["users"] == []


def test_stabilisation_is_capped_for_big_graphs() -> None:
    assert stabilisation_iterations(50) > stabilisation_iterations(500) > stabilisation_iterations(5000)
    assert stabilisation_iterations(5000) <= 150
