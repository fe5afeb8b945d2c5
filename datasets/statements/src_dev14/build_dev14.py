#!/usr/bin/env python3
"""Assemble the hand-typed dev14 rows into statements_dev14.jsonl and update_scenarios_dev14.jsonl.

Only assembly happens here: statements are sorted (stable) by category and numbered; scenarios are numbered.
Standard library only. Run from datasets/statements: python3 src_dev14/build_dev14.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import scen_en  # noqa: E402
import scen_ru  # noqa: E402
import stmt_en  # noqa: E402
import stmt_ru  # noqa: E402

CATEGORY_ORDER = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question", "plan",
                  "quoted", "chitchat", "past", "third_party_nonfact"]
SPLIT = "dev14"


def statements(lang, rows):
    order = {c: i for i, c in enumerate(CATEGORY_ORDER)}
    rows = sorted(rows, key=lambda r: order[r[0]])  # stable
    out = []
    for i, row in enumerate(rows, 1):
        category, text, facts = row[0], row[1], row[2]
        speaker = row[3] if len(row) > 3 else "user"
        out.append({
            "id": f"s14-{lang}-{i:03d}",
            "lang": lang,
            "speaker": speaker,
            "text": text,
            "category": category,
            "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
            "split": SPLIT,
        })
    return out


def scenarios(lang, rows):
    out = []
    for i, r in enumerate(rows, 1):
        out.append({
            "id": f"d14-{lang}-{i:03d}",
            "lang": lang,
            "turns": [{"speaker": s, "text": t, "day": d} for s, t, d in r["turns"]],
            "question": r["question"],
            "asker": r["asker"],
            "current": r["current"],
            "stale": list(r["stale"]),
            "split": SPLIT,
        })
    return out


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    st = statements("en", stmt_en.ROWS) + statements("ru", stmt_ru.ROWS)
    sc = scenarios("en", scen_en.ROWS) + scenarios("ru", scen_ru.ROWS)
    write(os.path.join(OUT, "statements_dev14.jsonl"), st)
    write(os.path.join(OUT, "update_scenarios_dev14.jsonl"), sc)
    print(f"wrote {len(st)} statements and {len(sc)} scenarios")


if __name__ == "__main__":
    main()
