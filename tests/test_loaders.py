"""Dataset schema, JSONL, and the LoCoMo and LongMemEval loaders."""

from __future__ import annotations

import collections
import json
import re
from pathlib import Path

import pytest

from memlab.datasets.locomo import load_locomo, normalize_evidence, parse_locomo_date
from memlab.datasets.longmemeval import iter_longmemeval, load_longmemeval, parse_longmemeval_date
from memlab.datasets.schema import Dataset, DatasetError, Question, Turn, guess_intent, load_jsonl, save_jsonl

LOCOMO = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "locomo" / "locomo8.json"
needs_locomo = pytest.mark.skipif(not LOCOMO.is_file(), reason="shared LoCoMo file not present")
CATS = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}


# ---------------------------------------------------------------- schema


def _turn(tid: str, t: float, sid: str = "s1") -> Turn:
    return Turn(tid, sid, "ann", "user", f"text {tid}", t)


def test_dataset_sorts_turns_and_groups_sessions() -> None:
    ds = Dataset("x", (_turn("b", 20.0, "s2"), _turn("a", 10.0), _turn("c", 30.0)))
    assert [t.id for t in ds.turns] == ["a", "b", "c"]
    assert list(ds.sessions()) == ["s1", "s2"]
    assert [t.id for t in ds.sessions()["s1"]] == ["a", "c"]
    assert ds.turn("b").time == 20.0 and ds.has_turn("c") and not ds.has_turn("z")
    assert [t.id for t in ds.turns_before(20.0)] == ["a"]


def test_jsonl_round_trip_and_errors(tmp_path: Path) -> None:
    q = Question("q1", "Где живёт Анна?", 99.0, ("Berlin",), ("Riga",), ("a",), "general", "c", "ru")
    ds = Dataset("demo", (_turn("a", 1.0),), (q,), {"k": [1, 2]})
    back = load_jsonl(save_jsonl(ds, tmp_path / "d.jsonl"))
    assert back == ds and back.meta == {"k": [1, 2]} and back.question("q1").answers == ("Berlin",)
    assert "Где" in (tmp_path / "d.jsonl").read_text(encoding="utf-8")  # readable, not \\u-escaped
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"kind": "turn", "id": "a"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match="bad.jsonl:1"):
        load_jsonl(bad)
    bad.write_text('{"kind": "nope"}\n', encoding="utf-8")
    with pytest.raises(DatasetError, match="kind"):
        load_jsonl(bad)
    bad.write_text("not json\n", encoding="utf-8")
    with pytest.raises(DatasetError, match="not a JSON line"):
        load_jsonl(bad)


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("Why did the deploy fail?", "why"),
        ("When did Caroline go to the LGBTQ support group?", "when"),
        ("Who is Anna's manager now?", "who"),
        ("What is Mark's favourite language?", "what"),
        ("Почему упал деплой?", "why"),
        ("Где сейчас живёт Анна?", "general"),
        ("Would Caroline likely pursue writing?", "general"),
    ],
)
def test_guess_intent(text: str, intent: str) -> None:
    assert guess_intent(text) == intent


# ---------------------------------------------------------------- LoCoMo, hand-made


def test_locomo_date_and_evidence_parsing() -> None:
    assert parse_locomo_date("1:56 pm on 8 May, 2023") == 1683554160.0
    assert normalize_evidence("D8:6; D9:17") == (["D8:6", "D9:17"], [])
    assert normalize_evidence("D:11:26") == (["D11:26"], [])
    assert normalize_evidence("D30:05") == (["D30:5"], [])
    assert normalize_evidence("D") == ([], ["D"])
    with pytest.raises(DatasetError, match="session date"):
        parse_locomo_date("yesterday")


def _mini_locomo() -> list[dict]:
    conv = {
        "speaker_a": "Ann",
        "speaker_b": "Bob",
        "session_1_date_time": "9:00 am on 1 March, 2023",
        "session_1": [
            {"speaker": "Ann", "dia_id": "D1:1", "text": "I adopted a cat."},
            {"speaker": "Bob", "dia_id": "D1:2", "text": "Nice!", "blip_caption": "a photo of a cat"},
        ],
        "session_2_date_time": "7:30 pm on 3 March, 2023",
        "session_2": [{"speaker": "Ann", "dia_id": "D2:1", "text": "Her name is Luna."}],
        "session_3_date_time": "8:00 pm on 9 March, 2023",  # a date without turns
    }
    qa = [
        {"question": "What did Ann adopt?", "answer": "a cat", "evidence": ["D1:1; D2:1"], "category": 4},
        {"question": "How many cats?", "answer": 1, "evidence": ["D", "D:1:2", "D2:01"], "category": 1},
        {"question": "When did Ann adopt?", "answer": "March 2023", "evidence": ["D9:9"], "category": 2},
        {"question": "What did Bob adopt?", "adversarial_answer": "a dog", "evidence": [], "category": 5},
    ]
    return [{"sample_id": "mini", "conversation": conv, "qa": qa}]


def test_locomo_handmade_faults_are_counted_not_fatal(tmp_path: Path) -> None:
    path = tmp_path / "mini.json"
    path.write_text(json.dumps(_mini_locomo()), encoding="utf-8")
    (ds,) = load_locomo(path)
    assert [t.id for t in ds.turns] == ["D1:1", "D1:2", "D2:1"]
    assert ds.turn("D1:2").role == "assistant" and "[shares a photo of a cat]" in ds.turn("D1:2").text
    assert ds.turn("D1:2").time - ds.turn("D1:1").time == 10.0
    q = ds.questions
    assert q[0].evidence == ("D1:1", "D2:1") and q[0].category == "single-hop"
    assert q[1].answers == ("1",) and q[1].evidence == ("D1:2", "D2:1")
    assert q[2].evidence == () and q[2].intent == "when"
    assert q[3].abstain and q[3].answers == () and ds.meta["adversarial_answers"] == {"mini:q3": "a dog"}
    assert all(x.time > ds.turns[-1].time for x in q)
    ev = ds.meta["evidence"]
    assert (ev["total"], ev["ok"], ev["repaired"], ev["malformed"], ev["missing"]) == (5, 0, 4, 1, 1)
    assert ds.meta["empty_sessions"] == [3]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("this is not json", "not valid JSON"),
        ('{"conversation": {}}', "expected a JSON list"),
        ('[{"sample_id": "x"}]', "'conversation'"),
        ('[{"conversation": {}, "qa": {}}]', "'qa' list"),
    ],
)
def test_locomo_wrong_file(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "wrong.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DatasetError, match=message):
        load_locomo(path)


def test_locomo_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="does not exist"):
        load_locomo(tmp_path / "absent.json")


# ---------------------------------------------------------------- LoCoMo, the shared file


@pytest.fixture(scope="module")
def locomo_raw() -> list[dict]:
    return json.loads(LOCOMO.read_text(encoding="utf-8"))


@needs_locomo
def test_locomo_shared_file_counts(locomo_raw: list[dict]) -> None:
    datasets = load_locomo(LOCOMO)
    assert len(datasets) == len(locomo_raw) == 8
    for raw, ds in zip(locomo_raw, datasets, strict=True):
        conv = raw["conversation"]
        n_turns = sum(len(v) for k, v in conv.items() if re.fullmatch(r"session_\d+", k))
        assert len(ds.turns) == n_turns
        assert collections.Counter(q.category for q in ds.questions) == collections.Counter(
            CATS[q["category"]] for q in raw["qa"]
        )
        assert sum(q.abstain for q in ds.questions) == sum(q["category"] == 5 for q in raw["qa"])
        assert all(ds.has_turn(e) for q in ds.questions for e in q.evidence)
        assert all(isinstance(a, str) for q in ds.questions for a in q.answers)


@needs_locomo
def test_locomo_shared_file_faulty_evidence(locomo_raw: list[dict]) -> None:
    datasets = load_locomo(LOCOMO)
    for raw, ds in zip(locomo_raw, datasets, strict=True):
        ids = {
            t["dia_id"] for k, v in raw["conversation"].items() if re.fullmatch(r"session_\d+", k) for t in v
        }
        faulty = {(i, e) for i, q in enumerate(raw["qa"]) for e in q["evidence"] if e not in ids}
        reported = {(int(x["question"].rsplit(":q", 1)[1]), x["raw"]) for x in ds.meta["evidence"]["issues"]}
        assert reported == faulty
        assert ds.meta["evidence"]["total"] == sum(len(q["evidence"]) for q in raw["qa"])
    totals: collections.Counter[str] = collections.Counter()
    for ds in datasets:
        totals.update({k: v for k, v in ds.meta["evidence"].items() if k != "issues"})
    assert totals["malformed"] + totals["missing"] + totals["repaired"] >= 4
    assert datasets[0].meta["empty_sessions"]  # conv-26 has dates for sessions without turns


# ---------------------------------------------------------------- LongMemEval


def _lme() -> list[dict]:
    return [
        {
            "question_id": "q1",
            "question_type": "knowledge-update",
            "question": "Where do I live now?",
            "answer": "Vilnius",
            "question_date": "2023/06/01 (Thu) 10:00",
            "haystack_session_ids": ["s_a", "s_b", "s_a"],
            "haystack_dates": ["2023/05/20 (Sat) 02:21", "2023/05/25 (Thu) 18:00", "2023/05/28 (Sun) 09:00"],
            "haystack_sessions": [
                [{"role": "user", "content": "I live in Berlin.", "has_answer": False},
                 {"role": "assistant", "content": "Nice."}],
                [{"role": "user", "content": "I moved to Vilnius!", "has_answer": True},
                 {"role": "assistant", "content": "Vilnius is lovely.", "has_answer": True}],
                [{"role": "user", "content": "Weather is bad."}],
            ],
            "answer_session_ids": ["s_b"],
        },
        {
            "question_id": "q2_abs",
            "question_type": "single-session-user",
            "question": "What is my cat's name?",
            "answer": 0,
            "question_date": "2023/06/02 (Fri) 10:00",
            "haystack_session_ids": ["s_c"],
            "haystack_dates": ["2023/05/21 (Sun) 11:00"],
            "haystack_sessions": [[{"role": "user", "content": "I have no pets."}]],
            "answer_session_ids": [],
        },
    ]  # fmt: skip


def test_longmemeval_handmade(tmp_path: Path) -> None:
    path = tmp_path / "lme.json"
    path.write_text(json.dumps(_lme()), encoding="utf-8")
    first, second = load_longmemeval(path)
    (q,) = first.questions
    assert q.evidence == ("s_b:0",)  # user turns with has_answer only
    assert q.answers == ("Vilnius",) and q.category == "knowledge-update" and not q.abstain
    assert first.meta["answer_session_ids"] == ["s_b"]
    assert [t.session_id for t in first.turns] == ["s_a", "s_a", "s_b", "s_b", "s_a#2"]
    assert first.turns[0].time == parse_longmemeval_date("2023/05/20 (Sat) 02:21") == 1684549260.0
    assert q.time == parse_longmemeval_date("2023/06/01 (Thu) 10:00") > first.turns[-1].time
    assert second.questions[0].abstain and second.questions[0].answers == ("0",)
    assert [d.name for d in iter_longmemeval(path)] == ["longmemeval:q1", "longmemeval:q2_abs"]


def test_longmemeval_wrong_files(tmp_path: Path) -> None:
    path = tmp_path / "lme.json"
    path.write_text('{"question_id": "q1"}', encoding="utf-8")
    with pytest.raises(DatasetError, match="JSON list"):
        load_longmemeval(path)
    path.write_text('[{"question_id": "q1"}]', encoding="utf-8")
    with pytest.raises(DatasetError, match="item 0"):
        load_longmemeval(path)
    item = _lme()[0]
    item["haystack_dates"] = ["someday", "x", "y"]
    path.write_text(json.dumps([item]), encoding="utf-8")
    with pytest.raises(DatasetError, match="someday"):
        load_longmemeval(path)
