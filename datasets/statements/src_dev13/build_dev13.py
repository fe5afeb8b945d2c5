"""Assemble the hand-typed dev13 rows into JSONL. Nothing is generated here:
the script only sorts statements (stably) by category, numbers the ids and writes JSON.
Run from datasets/statements: python3 src_dev13/build_dev13.py"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import stmt_en, stmt_ru, scen_en, scen_ru  # noqa: E402

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]


def statements(lang, rows):
    order = {c: i for i, c in enumerate(CATEGORIES)}
    rows = sorted(rows, key=lambda r: order[r[1]])  # stable
    out = []
    for i, (speaker, cat, text, facts) in enumerate(rows, 1):
        out.append({
            "id": f"s13-{lang}-{i:03d}", "lang": lang, "speaker": speaker, "text": text,
            "category": cat,
            "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
            "split": "dev13",
        })
    return out


def scenarios(lang, rows):
    out = []
    for i, r in enumerate(rows, 1):
        out.append({
            "id": f"d13-{lang}-{i:03d}", "lang": lang,
            "turns": [{"speaker": s, "text": t, "day": d} for s, t, d in r["turns"]],
            "question": r["question"], "asker": r["asker"], "current": r["current"],
            "stale": list(r["stale"]), "split": "dev13",
        })
    return out


def write(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {os.path.relpath(path)}")


def main():
    write(os.path.join(OUT, "statements_dev13.jsonl"),
          statements("en", stmt_en.ROWS) + statements("ru", stmt_ru.ROWS))
    write(os.path.join(OUT, "update_scenarios_dev13.jsonl"),
          scenarios("en", scen_en.ROWS) + scenarios("ru", scen_ru.ROWS))


if __name__ == "__main__":
    main()
