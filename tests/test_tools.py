"""Agent tools through call_tool: validation, dedup, candidates instead of blind top-1."""

from __future__ import annotations

import json

import pytest

from memlab.clock import DAY, SimulatedClock
from memlab.knowledge.consolidation import consolidate
from memlab.memory import Memory
from memlab.tools import SCHEMAS, TOOLS, call_tool, openai_tools

T0 = 1_700_000_000.0


def test_registry_and_schemas_are_function_calling_ready() -> None:
    assert set(TOOLS) == {
        "search_memory",
        "remember_fact",
        "correct_fact",
        "confirm_fact",
        "forget_fact",
        "get_entity_profile",
        "get_timeline",
        "memory_stats",
        "explain_fact",
        "weak_facts",
    }
    for name, (fn, schema) in TOOLS.items():
        assert callable(fn) and schema["name"] == name and schema["parameters"]["type"] == "object"
        json.dumps(schema)
    assert len(openai_tools()) == len(SCHEMAS)


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("nope", {}, "unknown tool"),
        ("search_memory", "{not json", "not valid JSON"),
        ("search_memory", "[1]", "must be a JSON object"),
        ("search_memory", {}, "missing required property 'query'"),
        ("search_memory", {"query": "x", "limit": 0}, "below the minimum"),
        ("search_memory", {"query": "x", "colour": "red"}, "unexpected properties"),
        ("remember_fact", {"content": "x", "type": "belief"}, "is not one of"),
        ("confirm_fact", {"fact_id": 999}, "no memory with id 999"),
        ("forget_fact", {}, "give fact_id"),
        ("search_memory", {"query": "x", "since": "last tuesday"}, "ISO date"),
        ("get_entity_profile", {"entity": "Nobody"}, "no entity named"),
    ],
)
def test_bad_input_gives_clear_errors(mem: Memory, name: str, args: object, message: str) -> None:
    out = call_tool(mem, name, args)  # type: ignore[arg-type]
    assert set(out) == {"error"} and message in out["error"]


def test_remember_dedup_and_key_supersession(mem: Memory, clock: SimulatedClock) -> None:
    a = call_tool(
        mem,
        "remember_fact",
        {
            "content": "User lives in Riga.",
            "key": "user|city",
            "value": "Riga",
            "entities": [{"name": "Riga", "type": "place", "role": "city"}],
        },
    )
    assert a["status"] == "stored"
    dup = call_tool(mem, "remember_fact", '{"content": "user lives in   riga"}')
    assert dup == {
        "status": "duplicate",
        "id": a["id"],
        "similarity": 1.0,
        "message": "already known; not stored",
    }
    clock.advance(DAY)
    b = call_tool(
        mem, "remember_fact", {"content": "User lives in Oslo.", "key": "user|city", "value": "Oslo"}
    )
    assert b["superseded"] == [a["id"]]
    assert mem.store.node(a["id"]).invalid_reason == "superseded"
    mem.flush()
    assert mem.store.counts()["unembedded"] == 0
    assert call_tool(mem, "get_entity_profile", {"entity": "riga"})["facts"] == []  # superseded -> history


def test_remember_dedup_by_cosine(mem: Memory) -> None:
    a = call_tool(mem, "remember_fact", {"content": "User enjoys hiking in the Alps every summer."})
    mem.flush()
    dup = call_tool(mem, "remember_fact", {"content": "User enjoys hiking in Alps every summer."})
    assert dup["status"] == "duplicate" and dup["id"] == a["id"] and 0.92 < dup["similarity"] < 1.0
    other = call_tool(mem, "remember_fact", {"content": "User enjoys hiking in the Alps each summer."})
    assert other["status"] == "stored"  # cosine 0.86 with the hashing embedder: below the threshold


def test_correct_returns_candidates_when_ambiguous(mem: Memory) -> None:
    ids = [
        call_tool(mem, "remember_fact", {"content": c})["id"]
        for c in ("User owns a red bike.", "User owns a red car.", "User likes jazz.")
    ]
    mem.flush()
    amb = call_tool(mem, "correct_fact", {"correction": "User owns a blue bike.", "query": "owns red"})
    assert amb["status"] == "ambiguous" and {c["id"] for c in amb["candidates"]} >= set(ids[:2])
    assert all(mem.store.node(i).valid_until is None for i in ids)  # nothing changed
    none = call_tool(mem, "correct_fact", {"correction": "x", "query": "submarine"})
    assert none["status"] == "not_found"
    ok = call_tool(mem, "correct_fact", {"correction": "User likes blues.", "query": "jazz"})
    assert ok["status"] == "corrected" and ok["old_id"] == ids[2]
    why = call_tool(mem, "explain_fact", {"fact_id": ok["new_id"]})
    assert [f["id"] for f in why["supersedes"]] == [ids[2]]
    by_id = call_tool(mem, "correct_fact", {"correction": "User owns a blue bike.", "fact_id": ids[0]})
    assert by_id["old_id"] == ids[0]


def test_forget_and_confirm(mem: Memory, clock: SimulatedClock) -> None:
    a = call_tool(mem, "remember_fact", {"content": "User is allergic to peanuts."})["id"]
    b = call_tool(mem, "remember_fact", {"content": "User has a dog named Rex."})["id"]
    mem.flush()
    assert call_tool(mem, "forget_fact", {"query": "dog Rex"})["id"] == b
    n = mem.store.node(b)
    assert n.invalid_reason == "forgotten"
    assert call_tool(mem, "forget_fact", {"fact_id": b})["error"].endswith("see explain_fact")
    assert call_tool(mem, "confirm_fact", {"fact_id": a})["status"] == "confirmed"
    clock.advance(1000 * DAY)
    weak = call_tool(mem, "weak_facts", {})
    assert [f["id"] for f in weak["facts"]] == [a] and weak["facts"][0]["confidence"] == 1.0
    assert weak["facts"][0]["days_until_archive"] is None


def test_search_timeline_stats_explain(mem: Memory, clock: SimulatedClock) -> None:
    mem.ingest("I work at Acme.", session_id="a", at=T0)
    mem.ingest("I joined Globex.", session_id="b", at=T0 + 10 * DAY)
    mem.end_session()
    clock.set(T0 + 11 * DAY)
    consolidate(mem.knowledge)
    res = call_tool(mem, "search_memory", {"query": "where does the user work", "types": ["semantic"]})
    assert [r["content"] for r in res["results"]] == ["User works at Globex."]
    old = call_tool(mem, "search_memory", {"query": "works", "types": ["semantic"], "as_of": "2023-11-15"})
    assert [r["content"] for r in old["results"]] == ["User works at Acme."]
    tl = call_tool(mem, "get_timeline", {"entity": "Globex"})
    assert [e["content"] for e in tl["events"]] == ["I joined Globex.", "User works at Globex."]
    stats = call_tool(mem, "memory_stats", {})
    assert stats["nodes"]["semantic"] == 2 and stats["superseded"] == 1 and stats["orphan_facts"] == 0
    fact = mem.store.find_nodes(content="User works at Globex.")[0]
    why = call_tool(mem, "explain_fact", {"fact_id": fact.id})
    assert why["derived_from"][0]["content"] == "I joined Globex."
    assert why["supersedes"][0]["content"] == "User works at Acme."
    assert [e["name"] for e in why["entities"]] == ["Globex"]
    profile = call_tool(mem, "get_entity_profile", {"entity": "globex"})
    assert profile["facts"][0]["content"] == "User works at Globex." and profile["timeline"]
