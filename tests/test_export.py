"""memlab.viz glue: export_memory (and `memlab viz`), the data helpers behind the widgets."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from memlab.clock import DAY, SimulatedClock
from memlab.config import MemoryConfig
from memlab.embed.hashing import HashingEmbedder
from memlab.knowledge.decay import curve
from memlab.memory import Memory
from memlab.types import Hit, Node
from memlab.viz import data, widgets
from memlab.viz.export import export_memory, graph_iframe, read_graph

T0 = 1_704_099_600.0  # 2024-01-01 09:00 UTC
XSS = "<script>alert(1)</script>"
EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?\s*(?:https?:|//|ftp:)""", re.IGNORECASE)


@pytest.fixture
def story(tmp_path: Path) -> Iterator[Memory]:
    """Python -> Rust over two sessions, consolidated; one episode carries a script tag."""
    clock = SimulatedClock(T0)
    cfg = MemoryConfig().replace(consolidation={"auto": False})
    with Memory.open(tmp_path / "m.db", cfg, clock=clock, embedder=HashingEmbedder(64)) as m:
        m.ingest("My favourite programming language is Python", session_id="s1", at=T0)
        m.ingest(f"I live in Berlin {XSS}", session_id="s1", at=T0 + 60)
        m.end_session()
        clock.set(T0 + 40 * DAY)
        m.ingest("These days my favourite programming language is Rust", session_id="s2", at=T0 + 40 * DAY)
        m.end_session()
        m.flush()
        m.consolidate()
        m.flush()
        yield m


def test_export_contains_every_node_escaped_and_offline(story: Memory, tmp_path: Path) -> None:
    path = export_memory(story, tmp_path / "graph.html")
    page = path.read_text(encoding="utf-8")
    nodes = story.store.find_nodes()
    assert len(nodes) >= 5  # 3 episodes + facts
    for n in nodes:
        assert f'"id":{n.id},' in page
    assert "favourite programming language is Rust" in page
    assert XSS not in page and "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in page
    assert not EXTERNAL.search(page)
    assert '"type":"supersedes"' in page  # the Python -> Rust chain travels with the page


def test_limit_keeps_the_most_recent_nodes_and_their_edges(story: Memory) -> None:
    full, capped = read_graph(story), read_graph(story, limit=2)
    newest = sorted(full.nodes, key=lambda n: (n.event_time, n.id))[-2:]
    assert [n.id for n in capped.nodes] == [n.id for n in newest]
    ids = {n.id for n in capped.nodes}
    assert all(e.src in ids and e.dst in ids for e in capped.edges)
    assert len(capped.edges) < len(full.edges)
    assert {nid for nid, _ in capped.node_entities} <= ids


def test_cli_viz_writes_the_page(story: Memory, tmp_path: Path) -> None:
    from memlab.cli import main

    db = story.path
    story.close()
    out = tmp_path / "cli.html"
    assert main(["viz", str(db), "-o", str(out), "--embedder", "hashing", "--dim", "64"]) == 0
    assert "favourite programming language" in out.read_text(encoding="utf-8")


def test_graph_iframe_escapes_the_page() -> None:
    frame = graph_iframe(f'<html><body>"{XSS}"</body></html>', height=300)
    assert frame.count("<iframe") == 1 and XSS not in frame
    assert 'sandbox="allow-scripts"' in frame and "height:300px" in frame


# -- data helpers ------------------------------------------------------------------------------------
def test_fact_timeline_by_key_and_by_query(story: Memory) -> None:
    keys = dict(data.fact_keys(story))
    key = next(k for k, c in keys.items() if c == 2)
    versions = data.fact_versions(story, key)
    assert [("Python" in n.content, n.invalid_reason) for n in versions] == [
        (True, "superseded"),
        (False, None),
    ]
    assert [n.id for n in data.fact_timeline(story, "favourite programming language")] == [
        n.id for n in versions
    ]
    assert data.fact_timeline(story, key) == versions


def test_search_rows_have_a_rank_column_per_channel_and_do_not_reinforce(story: Memory) -> None:
    before = {n.id: n.access_count for n in story.store.find_nodes()}
    intent, rows = data.search_rows(
        story, "favourite programming language", recipe="hybrid_no_graph", limit=5
    )
    story.flush()
    assert intent == "general" and rows
    assert set(rows[0]) >= {"id", "score", "fts", "vector", "content"}
    assert rows[0]["fts"] == 1 or rows[0]["vector"] == 1
    assert {n.id: n.access_count for n in story.store.find_nodes()} == before


def test_decay_table_orders_weakest_first(story: Memory) -> None:
    rows = data.decay_table(story, now=T0 + 60 * DAY)
    assert rows and all(r.type != "episodic" for r in rows)
    assert [r.strength for r in rows] == sorted(r.strength for r in rows)


@pytest.mark.parametrize("pattern", data.ACCESS_PATTERNS)
def test_archive_day_is_where_the_curve_crosses_the_threshold(pattern: str) -> None:
    s = data.decay_scenario(lam=0.15, beta=0.8, threshold=0.1, pattern=pattern, horizon=720)
    day = s.archive_day
    assert math.isfinite(day)
    before, after = curve(1.0, 0.15, 0.8, [day - 1e-6, day + 1e-6], s.accesses)
    assert before > 0.1 - 1e-6 and after <= 0.1 + 1e-6
    assert all(a < day for a in s.accesses)
    assert np.all(np.diff(s.days) >= 0)


def test_zero_lambda_is_never_archived() -> None:
    s = data.decay_scenario(lam=0.0, pattern="never")
    assert s.archive_day == math.inf and min(s.strength) == 1.0


def test_access_patterns_and_unknown_pattern() -> None:
    assert data.access_days("weekly", 30) == (7.0, 14.0, 21.0, 28.0)
    assert data.access_days("never", 30) == ()
    with pytest.raises(ValueError, match="unknown access pattern"):
        data.access_days("hourly", 30)


def test_hit_rows_and_html_escape() -> None:
    node = Node(1, "episodic", XSS, T0, T0, T0)
    rows = data.hit_rows([Hit(node, 0.5, {"fts": 2})], ["fts", "vector"])
    assert rows[0]["fts"] == 2 and rows[0]["vector"] is None
    table = widgets.rows_html(rows)
    assert XSS not in table and "&lt;script&gt;" in table


def test_recall_curve_and_summary_rows() -> None:
    summary = {
        "overall": {"recall@5": 0.5, "recall@10": 0.75, "recall_all@5": 0.1, "mrr": 0.3},
        "by_category": {},
    }
    assert data.recall_curve(summary) == {5: 0.5, 10: 0.75}
    assert data.summary_rows({"m": summary}, ["recall@10", "ndcg@10"]) == [
        {"method": "m", "recall@10": 0.75, "ndcg@10": None}
    ]


def test_find_data_looks_in_shared_next_to_parents(tmp_path: Path) -> None:
    target = tmp_path / "shared" / "datasets" / "x.json"
    target.parent.mkdir(parents=True)
    target.write_text("[]")
    start = tmp_path / "repo" / "notebooks"
    start.mkdir(parents=True)
    assert data.find_data("datasets/x.json", start) == target
    assert data.find_data("datasets/definitely-not-here.json", start) is None


def test_widgets_build_headless(story: Memory) -> None:
    pytest.importorskip("ipywidgets")
    box = widgets.search_explorer(story, "programming language")
    assert "intent:" in box.children[1].value
    view = widgets.timeline_view(story)
    assert view.children[1].value[:8] == b"\x89PNG\r\n\x1a\n"
    explorer = widgets.decay_explorer(lam=0.0)
    assert "never archived" in explorer.children[0].children[-1].value


# -- the graph page of a real memory: sessions folded, history kept ----------------------------------
def test_export_folds_episodes_per_session_and_marks_the_superseded_fact(story: Memory) -> None:
    from memlab.viz.graph import graph_data

    g = read_graph(story)
    page = graph_data(g.nodes, g.edges, g.entities, g.node_entities)
    assert [(s["key"], s["episodes"]) for s in page["sessions"]] == [("s:s1", 2), ("s:s2", 1)]
    facts = {n["id"]: n for n in page["nodes"] if n["type"] != "episodic"}
    old = next(n for n in facts.values() if "Python" in n["content"])
    new = next(n for n in facts.values() if "Rust" in n["content"])
    assert old["invalid_reason"] == "superseded" and "valid_until" in old and "valid_until" not in new
    assert {"src": new["id"], "dst": old["id"]}.items() <= next(
        e for e in page["edges"] if e["type"] == "supersedes"
    ).items()
    provenance = {e["dst"] for e in page["edges"] if e["type"] == "derived_from" and e["src"] == new["id"]}
    assert provenance and all(
        next(n for n in page["nodes"] if n["id"] == d)["type"] == "episodic" for d in provenance
    )


def test_exported_page_has_no_url_outside_the_library_strings(story: Memory, tmp_path: Path) -> None:
    from test_viz_graph import LIBRARY_STRINGS

    page = export_memory(story, tmp_path / "g.html").read_text(encoding="utf-8")
    assert set(re.findall(r"""https?://[^\s"'<>)]+""", page)) <= LIBRARY_STRINGS


# -- the LoCoMo walkthrough helpers -------------------------------------------------------------------
def test_walkthrough_keeps_the_first_sessions_and_their_answerable_questions() -> None:
    from memlab.datasets.schema import Dataset, Question, Turn
    from memlab.viz.walkthrough import first_sessions

    turns = tuple(Turn(f"D{s}:{i}", f"c:S{s}", "A", "user", f"t{s}{i}", T0 + s * DAY + i) for s in (1, 2, 10)
                  for i in (1, 2))  # fmt: skip
    questions = (Question("q1", "?", T0 + 20 * DAY, evidence=("D2:1",)),
                 Question("q2", "?", T0 + 20 * DAY, evidence=("D10:1",)),
                 Question("q3", "?", T0 + 20 * DAY, evidence=("D1:1",), abstain=True))  # fmt: skip
    cut = first_sessions(Dataset("d", turns, questions), sessions=2)
    assert {t.session_id for t in cut.turns} == {"c:S1", "c:S2"}
    assert [q.id for q in cut.questions] == ["q1"] and cut.questions[0].time > cut.turns[-1].time


def test_walkthrough_rows_on_a_consolidated_memory(story: Memory) -> None:
    from memlab.datasets.schema import Dataset, Question, Turn
    from memlab.viz import walkthrough as W

    counts = W.extraction_counts(story)
    assert counts["messages"] == 3 and counts["facts"] >= 2 and counts["superseded"] >= 1
    facts = W.fact_rows(story)
    assert any(r["status"] == "superseded" and r["until"] for r in facts) and all(
        r["sources"] >= 1 for r in facts
    )
    assert W.entity_rows(story, limit=3)
    episodes = story.store.find_nodes(facts=False)
    question = Question("q", "favourite programming language", T0 + 50 * DAY, evidence=("t1",))
    ranks = W.question_ranks(story, [question])
    assert ranks[0]["question"] == question.text and set(ranks[0]) >= {"gold", "fused"}
    hits = W.evidence_hits(story, question, limit=5)
    assert hits and [h["rank"] for h in hits] == list(range(1, len(hits) + 1))
    dataset = Dataset("d", tuple(Turn(f"t{i}", n.session_id or "-", "Ann", "user", n.content, n.event_time)
                                 for i, n in enumerate(episodes)))  # fmt: skip
    timeline = W.speaker_timeline(story, dataset)
    assert sum(r["messages"] for r in timeline) == 3
    W.speaker_timeline_figure(story, dataset)
