#!/usr/bin/env python3
"""Assemble the hand-typed rows of src/ into the dev10 JSONL files (stdlib only).

Ids are numbered in row order after a stable sort by the category order below.
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

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question", "plan",
              "quoted", "chitchat", "past", "third_party_nonfact"]
SPLIT = "dev10"


def statements(lang, rows):
    rows = sorted(rows, key=lambda r: CATEGORIES.index(r[1]))
    out = []
    for i, (speaker, cat, text, facts) in enumerate(rows, 1):
        out.append({
            "id": "s10-%s-%03d" % (lang, i), "lang": lang, "speaker": speaker, "text": text,
            "category": cat,
            "facts": [{"subject": s, "attribute": a, "value": v} for (s, a, v) in facts],
            "split": SPLIT,
        })
    return out


def scenarios(lang, rows):
    out = []
    for i, r in enumerate(rows, 1):
        out.append({
            "id": "d10-%s-%03d" % (lang, i), "lang": lang,
            "turns": [{"speaker": "user", "text": t, "day": d} for (t, d) in r["turns"]],
            "question": r["question"], "asker": "user", "current": r["current"],
            "stale": list(r["stale"]), "split": SPLIT,
        })
    return out


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    st = statements("en", stmt_en.ROWS) + statements("ru", stmt_ru.ROWS)
    sc = scenarios("en", scen_en.ROWS) + scenarios("ru", scen_ru.ROWS)
    write(os.path.join(OUT, "statements_dev10.jsonl"), st)
    write(os.path.join(OUT, "update_scenarios_dev10.jsonl"), sc)
    print("wrote %d statements, %d scenarios" % (len(st), len(sc)))


if __name__ == "__main__":
    main()
