"""Updates read against memory: shapes from the update scenarios of the
tuned blind sets dev12-dev15, each tested here in new wordings, as a user meets them: messages on
their days, one nightly maintain(), then the question. Each shape has a look-alike that must leave
the old value current. The cases are tests/data/update_shapes.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from memlab.knowledge.extract import nlp_available

pytestmark = pytest.mark.skipif(not nlp_available(), reason="spaCy / natasha not installed")

CASES: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "update_shapes.json").read_text(encoding="utf-8"))


def _id(case: dict[str, Any]) -> str:
    return str(case.get("text") or case["turns"][-1])[:40]


def _run(tmp_path: Any, lang: str, turns: list[str], question: str, current: str, stale: str) -> dict[str, Any]:
    from memlab.bench.statements import run_scenario

    scenario = {
        "id": "update-shape",
        "lang": lang,
        "turns": [{"speaker": "user", "text": text, "day": 12 * k} for k, text in enumerate(turns)],
        "question": question,
        "asker": "user",
        "current": current,
        "stale": [stale],
    }
    return run_scenario(scenario, workdir=tmp_path)


@pytest.mark.parametrize("case", CASES["replaces"], ids=_id)
def test_the_new_value_replaces_the_old(tmp_path: Any, case: dict[str, Any]) -> None:
    r = _run(tmp_path, case["lang"], case["turns"], case["question"], case["current"], case["stale"])
    assert r["current_in_facts"] and not r["stale_in_facts"], r["facts"]


@pytest.mark.parametrize("case", CASES["keeps"], ids=_id)
def test_a_look_alike_leaves_the_old_value(tmp_path: Any, case: dict[str, Any]) -> None:
    r = _run(tmp_path, case["lang"], case["turns"], case["question"], case["current"], "-")
    assert r["current_in_facts"], r["facts"]


def _facts(text: str, lang: str) -> set[tuple[str, str, str]]:
    from memlab.knowledge.extract.clauses import triples

    return triples(text, lang)


@pytest.mark.parametrize("case", CASES["states"], ids=_id)
def test_a_plain_statement_gives_its_fact(case: dict[str, Any]) -> None:
    assert tuple(case["fact"]) in _facts(case["text"], case["lang"])


@pytest.mark.parametrize("case", CASES["states_nothing"], ids=_id)
def test_a_statement_look_alike_gives_nothing(case: dict[str, Any]) -> None:
    assert not {f for f in _facts(case["text"], case["lang"]) if f[0] == "speaker" and f[1] in ("city", "job_title", "pet_cat", "instrument", "programming_language")}
