"""The synthetic generator: determinism, ground truth that holds, the streaming size knob."""

from __future__ import annotations

import collections
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from memlab.bench.metrics import answer_in_context, mentions
from memlab.datasets.schema import Dataset, Turn, load_jsonl, save_jsonl
from memlab.datasets.synthetic import SLOT_BY_NAME, generate, generate_scale, iter_turns

ROOT = Path(__file__).resolve().parents[1]
SMALL = ROOT / "datasets" / "synthetic_small.jsonl"
# Must match datasets/README.md.
SMALL_PARAMS: dict[str, Any] = dict(seed=0, personas=3, days=150, lang_mix=0.2, chatter_per_session=2)


@pytest.fixture(scope="module")
def ds() -> Dataset:
    return generate(**SMALL_PARAMS)


def test_same_seed_gives_byte_identical_jsonl(tmp_path: Path) -> None:
    a = save_jsonl(generate(seed=11, days=60, chatter_per_session=2), tmp_path / "a.jsonl")
    b = save_jsonl(generate(seed=11, days=60, chatter_per_session=2), tmp_path / "b.jsonl")
    assert a.read_bytes() == b.read_bytes()


def test_different_seeds_differ() -> None:
    a = generate(seed=1, days=60, chatter_per_session=2)
    b = generate(seed=2, days=60, chatter_per_session=2)
    assert [t.text for t in a.turns] != [t.text for t in b.turns]
    assert a.meta["timeline"] != b.meta["timeline"]


def test_committed_small_dataset_is_the_stated_seed(tmp_path: Path) -> None:
    regenerated = save_jsonl(generate(**SMALL_PARAMS), tmp_path / "small.jsonl")
    assert SMALL.read_bytes() == regenerated.read_bytes()
    loaded = load_jsonl(SMALL)
    assert 300 <= len(loaded.turns) <= 1500
    assert len(loaded.questions) >= 100


def test_jsonl_round_trip(ds: Dataset, tmp_path: Path) -> None:
    back = load_jsonl(save_jsonl(ds, tmp_path / "d.jsonl"))
    assert back == ds
    assert back.meta == ds.meta


def test_turns_sorted_unique_and_sessions_rotate(ds: Dataset) -> None:
    times = [t.time for t in ds.turns]
    assert times == sorted(times)
    assert len({t.id for t in ds.turns}) == len(ds.turns)
    prefixes = {p["prefix"] for p in ds.meta["personas"]}
    assert len(prefixes) == 3
    by_persona: dict[str, list[tuple[Turn, ...]]] = collections.defaultdict(list)
    for sid, turns in ds.sessions().items():
        prefix = sid.split("-")[0]
        assert prefix in prefixes
        assert all(t.session_id.startswith(prefix) and t.id.startswith(sid) for t in turns)
        by_persona[prefix].append(turns)
    for sessions in by_persona.values():
        for prev, nxt in zip(sessions, sessions[1:], strict=False):
            assert nxt[0].time - prev[-1].time >= 30 * 60  # an idle gap that ends the session


def test_both_languages_and_roles(ds: Dataset) -> None:
    assert {t.lang for t in ds.turns} == {"en", "ru"}
    assert {q.lang for q in ds.questions} == {"en", "ru"}
    assert {t.role for t in ds.turns} == {"user", "assistant"}
    assert {q.intent for q in ds.questions} == {"why", "when", "who", "what", "general"}


def _timeline(ds: Dataset, persona: str, slot: str) -> list[dict]:
    return ds.meta["timeline"][persona][slot]


def test_fact_questions_current_and_stale_follow_the_timeline(ds: Dataset) -> None:
    checked = 0
    for q in ds.questions:
        rec = ds.meta["questions"][q.id]
        if q.category not in ("knowledge-update", "single-fact"):
            continue
        entries = _timeline(ds, rec["persona"], rec["slot"])
        current = [e for e in entries if e["from"] < q.time and (e["until"] is None or e["until"] > q.time)]
        assert [e["value"] for e in current] == [rec["current"]] == [q.answers[0]]
        for value in rec["stale"]:
            (entry,) = [e for e in entries if e["value"] == value]
            assert entry["until"] is not None and entry["from"] < entry["until"] <= q.time  # superseded
            assert value in q.stale_answers
        assert set(q.answers).isdisjoint(q.stale_answers)
        assert (q.category == "knowledge-update") == bool(rec["stale"])
        checked += 1
    assert checked >= 50


def test_evidence_exists_precedes_and_mentions_the_answer(ds: Dataset) -> None:
    for q in ds.questions:
        if q.abstain:
            assert q.answers == () and q.evidence == ()
            continue
        (eid,) = q.evidence
        turn = ds.turn(eid)
        assert turn.time < q.time
        assert turn.session_id.startswith(ds.meta["questions"][q.id]["persona"])
        if q.intent == "when":
            day = datetime.fromtimestamp(turn.time, tz=UTC).strftime("%Y-%m-%d")
            assert q.answers[0] == day
        else:
            assert answer_in_context(turn.text, q.answers), (q, turn)
            assert not any(mentions(turn.text, s) for s in q.stale_answers)


def test_statements_are_phrased_many_ways_and_distractors_reuse_values(ds: Dataset) -> None:
    evidence_ids = {e["turn"] for p in ds.meta["timeline"].values() for es in p.values() for e in es}
    city_texts = {ds.turn(e["turn"]).text for p in ds.meta["timeline"].values() for e in p["city"]}
    shapes = {re.sub(r"\b[A-ZА-Я]\w+\b", "X", t) for t in city_texts}
    assert len(shapes) >= 4
    assert any(re.search("[а-я]", t) for t in city_texts)
    cities = [v["en"] for v in SLOT_BY_NAME["city"].values]
    distractors = [
        t for t in ds.turns if t.id not in evidence_ids and any(mentions(t.text, c) for c in cities)
    ]
    assert len(distractors) >= 10


def test_aliases_and_causal_episodes_present(ds: Dataset) -> None:
    managers = [e for e in ds.meta["entities"] if e.get("role") == "manager"]
    assert any("Sasha" in e["aliases"] and "my boss" in e["aliases"] for e in managers)
    causes = [c for per in ds.meta["causal"].values() for c in per]
    assert causes and all(
        " because " in ds.turn(c["turn"]).text or ", " in ds.turn(c["turn"]).text for c in causes
    )
    assert any(q.intent == "why" and q.category == "causal" for q in ds.questions)


def test_streaming_matches_in_memory_and_scale_counts(ds: Dataset) -> None:
    stream = iter_turns(**SMALL_PARAMS)
    assert not isinstance(stream, list | tuple)
    assert tuple(stream) == ds.turns
    scale = list(generate_scale(6000, seed=3))
    assert len(scale) == 6000
    assert [t.time for t in scale] == sorted(t.time for t in scale)
    assert len({t.id for t in scale}) == 6000


def test_open_ended_stream_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        iter_turns(days=None)
