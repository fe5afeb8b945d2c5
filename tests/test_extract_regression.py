"""The regression harness flags a row that lost a right fact or gained a wrong one, and a
scenario that stopped passing; held-out splits stay out unless asked for."""

from __future__ import annotations

import json
from pathlib import Path

from memlab.bench import regression as R

ROWS = [
    {"id": "r1", "lang": "en", "text": "I live in Leeds.", "split": "devx",
     "facts": [{"subject": "speaker", "attribute": "city", "value": "Leeds"}]},
    {"id": "r2", "lang": "en", "text": "Maybe I'll move to Oslo.", "split": "devx", "facts": []},
    {"id": "r3", "lang": "ru", "text": "Я живу в Казани.", "split": "devx",
     "facts": [{"subject": "speaker", "attribute": "city", "value": "Казань"}]},
]  # fmt: skip
BEFORE = {
    "I live in Leeds.": [("speaker", "city", "Leeds")],
    "Maybe I'll move to Oslo.": [],
    "Я живу в Казани.": [("speaker", "city", "Казань")],
}
AFTER = {
    "I live in Leeds.": [],  # lost a right fact
    "Maybe I'll move to Oslo.": [("speaker", "city", "Oslo")],  # gained a wrong one
    "Я живу в Казани.": [("speaker", "city", "казань")],  # written another way the scorer accepts: no change
}


def _snap(table: dict[str, list[tuple[str, str, str]]], scenarios: dict[str, bool]) -> R.Snapshot:
    split = R.Split("devx", ROWS)
    records = R.statement_records(split.statements, lambda text, lang, speaker: table[text])
    return {"splits": {"devx": {"statements": records, "scenarios": scenarios}}}


def test_flags_lost_right_and_gained_wrong() -> None:
    diffs = R.compare(_snap(BEFORE, {"sc1": True, "sc2": False}), _snap(AFTER, {"sc1": False, "sc2": True}))
    (d,) = diffs
    worse = {c.id: c for c in d.worse}
    assert set(worse) == {"r1", "r2"}
    assert worse["r1"].lost_right == [("speaker", "city", "Leeds")] and not worse["r1"].gained_wrong
    assert worse["r2"].gained_wrong == [("speaker", "city", "Oslo")] and not worse["r2"].lost_right
    assert d.lost_scenarios == ["sc1"] and d.gained_scenarios == ["sc2"]
    assert d.scenarios_before == (1, 2) and d.scenarios_after == (1, 2)
    assert (d.before["all"].precision, d.before["all"].recall) == (1.0, 1.0)
    assert (d.after["all"].correct, d.after["all"].predicted, d.after["all"].found) == (1, 2, 1)
    assert d.regressions() == ["r1", "r2", "sc1"]
    assert d.regressions(frozenset({"r1", "sc1"})) == ["r2"]
    text = R.render(diffs, frozenset({"r1"}))
    assert "r1 (allowed): LOST right ('speaker', 'city', 'Leeds')" in text
    assert "r2: GAINED wrong ('speaker', 'city', 'Oslo')" in text
    assert "scenario sc1: passed before, fails now" in text


def test_identical_snapshots_have_no_regressions() -> None:
    snap = _snap(BEFORE, {"sc1": True})
    (d,) = R.compare(snap, json.loads(json.dumps(snap)))  # as saved and read back
    assert not d.worse and not d.lost_scenarios and d.changed_rows == 0 and d.regressions() == []


def test_held_out_splits_left_out(tmp_path: Path) -> None:
    def write(name: str, rows: list[dict[str, object]]) -> None:
        (tmp_path / name).write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")

    write("statements.jsonl", [{**ROWS[0], "split": "dev"}, {**ROWS[1], "split": "test"}])
    write("statements_dev19.jsonl", [{**ROWS[2], "split": "dev19"}, {**ROWS[2], "split": "test19"}])
    write("update_scenarios_dev3.jsonl", [{"id": "s1", "split": "dev3"}])
    assert list(R.splits(tmp_path)) == ["dev", "dev3", "dev19"]
    assert list(R.splits(tmp_path, include_held_out=True)) == ["dev", "dev3", "dev19", "test", "test19"]
    assert R.held_out("test_blind") and R.held_out("test18") and R.held_out("test19")
    assert not R.held_out("dev16") and not R.held_out("dev18") and not R.held_out("dev19")  # tuned on
