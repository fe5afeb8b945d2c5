#!/usr/bin/env python3
"""Assemble the hand-typed rows in this folder into the dev11 JSONL files.

Standard library only. Ids are numbered in category order (stable within a category).
Usage: python3 src/build_dev11.py   (from /work/blind11 or anywhere)
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import stmt_en, stmt_ru, scen_en, scen_ru  # noqa: E402

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]
SPLIT = "dev11"


def statements(lang, rows):
    order = {c: i for i, c in enumerate(CATEGORIES)}
    rows = sorted(rows, key=lambda r: order[r[1]])  # stable
    out = []
    for n, (speaker, cat, text, facts) in enumerate(rows, 1):
        out.append({
            "id": "s11-%s-%03d" % (lang, n),
            "lang": lang,
            "speaker": speaker,
            "text": text,
            "category": cat,
            "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
            "split": SPLIT,
        })
    return out


def scenarios(lang, rows):
    out = []
    for n, r in enumerate(rows, 1):
        out.append({
            "id": "d11-%s-%03d" % (lang, n),
            "lang": lang,
            "turns": [{"speaker": "user", "text": t, "day": d} for t, d in r["turns"]],
            "question": r["question"],
            "asker": "user",
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
    sc = scenarios("en", scen_en.SCENARIOS) + scenarios("ru", scen_ru.SCENARIOS)
    write(os.path.join(OUT, "statements_dev11.jsonl"), st)
    write(os.path.join(OUT, "update_scenarios_dev11.jsonl"), sc)
    print("wrote %d statements, %d scenarios" % (len(st), len(sc)))


if __name__ == "__main__":
    main()
