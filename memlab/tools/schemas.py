"""JSON schemas of the agent tools (OpenAI function-calling form; MCP lists the same)."""

from __future__ import annotations

from typing import Any

from memlab.types import ENTITY_TYPES, FACT_TYPES, NODE_TYPES

_TIME = {"type": ["string", "number"], "description": "ISO date/datetime (UTC) or epoch seconds"}
_ID = {"type": "integer", "minimum": 1}
_ENTITY_REF = {"type": ["string", "integer"], "description": "entity name, alias or id"}


def _schema(name: str, description: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": description,
        "parameters": {
            "type": "object",
            "properties": props,
            "required": required,
            "additionalProperties": False,
        },
    }


SCHEMAS: dict[str, dict[str, Any]] = {
    "search_memory": _schema(
        "search_memory",
        "Search long-term memory (facts and past messages).",
        {
            "query": {"type": "string", "minLength": 1},
            "limit": {"type": "integer", "minimum": 1, "maximum": 100},
            "types": {"type": "array", "items": {"enum": list(NODE_TYPES)}},
            "entity": _ENTITY_REF,
            "since": _TIME,
            "until": _TIME,
            "as_of": {**_TIME, "description": "answer from what memory held at this time"},
            "include_history": {"type": "boolean"},
        },
        ["query"],
    ),
    "remember_fact": _schema(
        "remember_fact",
        "Store a fact the user stated (duplicates are skipped).",
        {
            "content": {"type": "string", "minLength": 1, "description": "one short sentence about the user"},
            "type": {"enum": list(FACT_TYPES)},
            "key": {"type": ["string", "null"], "description": "subject|attribute, e.g. user|city"},
            "value": {"type": ["string", "null"]},
            "entities": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["name"],
                    "properties": {
                        "name": {"type": "string", "minLength": 1},
                        "type": {"enum": list(ENTITY_TYPES)},
                        "role": {"type": ["string", "null"]},
                    },
                },
            },
            "confidence": {"type": "number", "minimum": 0, "maximum": 1},
        },
        ["content"],
    ),
    "correct_fact": _schema(
        "correct_fact",
        "Replace a wrong fact; returns candidates when the query is ambiguous.",
        {
            "correction": {"type": "string", "minLength": 1},
            "fact_id": _ID,
            "query": {"type": "string", "description": "words naming the fact to correct"},
        },
        ["correction"],
    ),
    "confirm_fact": _schema(
        "confirm_fact", "Mark a fact as confirmed: it will not decay.", {"fact_id": _ID}, ["fact_id"]
    ),
    "forget_fact": _schema(
        "forget_fact",
        "Forget a fact (soft delete); needs an id or an unambiguous query.",
        {"fact_id": _ID, "query": {"type": "string"}},
        [],
    ),
    "get_entity_profile": _schema(
        "get_entity_profile",
        "Everything memory holds about a person, place, tool...",
        {"entity": _ENTITY_REF, "limit": {"type": "integer", "minimum": 1, "maximum": 200}},
        ["entity"],
    ),
    "get_timeline": _schema(
        "get_timeline",
        "Memories in time order, optionally about one entity or period.",
        {
            "entity": _ENTITY_REF,
            "since": _TIME,
            "until": _TIME,
            "types": {"type": "array", "items": {"enum": list(NODE_TYPES)}},
            "limit": {"type": "integer", "minimum": 1, "maximum": 500},
            "include_history": {"type": "boolean"},
        },
        [],
    ),
    "memory_stats": _schema("memory_stats", "Sizes, counts and live layers of this memory.", {}, []),
    "explain_fact": _schema(
        "explain_fact", "Sources, supersession chain and entities of one fact.", {"fact_id": _ID}, ["fact_id"]
    ),
    "weak_facts": _schema(
        "weak_facts",
        "Facts with the lowest confidence now (about to be archived).",
        {"limit": {"type": "integer", "minimum": 1, "maximum": 100}},
        [],
    ),
}
