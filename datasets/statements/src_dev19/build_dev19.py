"""Assemble the hand-typed dev19 rows into statements_dev19.jsonl and update_scenarios_dev19.jsonl.

Only assembles: sorts the statements (stable) by category, numbers the ids, alternates the split
(dev19, test19, dev19, ...) within every language x category and over the scenarios of each
language, writes JSONL.
Run from datasets/statements:  python3 src_dev19/build_dev19.py
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.dont_write_bytecode = True
sys.path.insert(0, HERE)

import stmt_en, stmt_ru, scen_en, scen_ru  # noqa: E402

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]
SPLITS = ("dev19", "test19")


def statements(lang, rows):
    order = {c: i for i, c in enumerate(CATEGORIES)}
    rows = sorted(rows, key=lambda r: order[r[0]])
    out = []
    seen = {}
    for n, row in enumerate(rows, 1):
        cat, text, facts = row[:3]
        speaker = row[3] if len(row) > 3 else "user"
        k = seen.get(cat, 0)
        seen[cat] = k + 1
        out.append({
            "id": f"s19-{lang}-{n:03d}",
            "lang": lang,
            "speaker": speaker,
            "text": text,
            "category": cat,
            "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
            "split": SPLITS[k % 2],
        })
    return out


def scenarios(lang, rows):
    out = []
    for n, r in enumerate(rows, 1):
        out.append({
            "id": f"d19-{lang}-{n:03d}",
            "lang": lang,
            "turns": [{"speaker": s, "text": t, "day": d} for s, t, d in r["turns"]],
            "question": r["question"],
            "asker": r["asker"],
            "current": r["current"],
            "stale": list(r["stale"]),
            "split": SPLITS[(n - 1) % 2],
        })
    return out


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def main():
    st = statements("en", stmt_en.ROWS) + statements("ru", stmt_ru.ROWS)
    sc = scenarios("en", scen_en.ROWS) + scenarios("ru", scen_ru.ROWS)
    write(os.path.join(OUT, "statements_dev19.jsonl"), st)
    write(os.path.join(OUT, "update_scenarios_dev19.jsonl"), sc)
    print(f"wrote {len(st)} statements and {len(sc)} scenarios")


if __name__ == "__main__":
    main()
