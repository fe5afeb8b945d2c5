#!/usr/bin/env python3
"""Assemble the hand-typed dev6 rows into JSONL. Standard library only.

Writes ../statements_dev6.jsonl and ../update_scenarios_dev6.jsonl.
Ids follow the row order in the sources: s6-en-001.., s6-ru-001.., d6-en-001.., d6-ru-001..
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

SPLIT = "dev6"


def statement_rows():
    for lang, mod in (("en", stmt_en), ("ru", stmt_ru)):
        for i, (speaker, category, text, facts) in enumerate(mod.ROWS, 1):
            yield {
                "id": f"s6-{lang}-{i:03d}",
                "lang": lang,
                "speaker": speaker,
                "text": text,
                "category": category,
                "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
                "split": SPLIT,
            }


def scenario_rows():
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, row in enumerate(mod.ROWS, 1):
            yield {
                "id": f"d6-{lang}-{i:03d}",
                "lang": lang,
                "turns": [{"speaker": sp, "text": t, "day": d} for sp, t, d in row["turns"]],
                "question": row["question"],
                "asker": "user",
                "current": row["current"],
                "stale": list(row["stale"]),
                "split": SPLIT,
            }


def write(name, rows):
    path = os.path.join(OUT, name)
    with open(path, "w", encoding="utf-8") as f:
        n = 0
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            n += 1
    print(f"wrote {n} rows to {path}")


if __name__ == "__main__":
    write("statements_dev6.jsonl", statement_rows())
    write("update_scenarios_dev6.jsonl", scenario_rows())
