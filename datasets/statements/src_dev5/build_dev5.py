"""Assemble the hand-typed dev5 rows into JSONL (no rows are generated here)."""

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent
sys.path.insert(0, str(HERE))

import scen_en  # noqa: E402
import scen_ru  # noqa: E402
import stmt_en  # noqa: E402
import stmt_ru  # noqa: E402

SPLIT = "dev5"


def scenario_rows(lang, rows):
    for i, (turns, question, current, stale) in enumerate(rows, 1):
        yield {
            "id": f"d5-{lang}-{i:03d}",
            "lang": lang,
            "turns": [{"speaker": sp, "text": text, "day": day} for sp, day, text in turns],
            "question": question,
            "asker": "user",
            "current": current,
            "stale": list(stale),
            "split": SPLIT,
        }


def statement_rows(lang, rows):
    for i, (speaker, category, text, facts) in enumerate(rows, 1):
        yield {
            "id": f"s5-{lang}-{i:03d}",
            "lang": lang,
            "speaker": speaker,
            "text": text,
            "category": category,
            "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
            "split": SPLIT,
        }


def write(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


def main():
    scen = list(scenario_rows("en", scen_en.ROWS)) + list(scenario_rows("ru", scen_ru.ROWS))
    stmt = list(statement_rows("en", stmt_en.ROWS)) + list(statement_rows("ru", stmt_ru.ROWS))
    write(OUT / "update_scenarios_dev5.jsonl", scen)
    write(OUT / "statements_dev5.jsonl", stmt)
    print(f"wrote {len(scen)} scenarios, {len(stmt)} statements")


if __name__ == "__main__":
    main()
