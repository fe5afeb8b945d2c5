"""Assemble the hand-typed dev12 rows into ../statements_dev12.jsonl and
../update_scenarios_dev12.jsonl. Standard library only; nothing is generated, the builder only
sorts (stable, by category), numbers the ids and writes JSON. CC0 1.0."""
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

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]
SPLIT = "dev12"


def statements(lang, rows):
    order = sorted(range(len(rows)), key=lambda i: CATEGORIES.index(rows[i][1]))
    out = []
    for n, i in enumerate(order, 1):
        speaker, category, text, facts = rows[i]
        out.append({
            "id": f"s12-{lang}-{n:03d}",
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
    for n, r in enumerate(rows, 1):
        out.append({
            "id": f"d12-{lang}-{n:03d}",
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
    write(os.path.join(OUT, "statements_dev12.jsonl"), st)
    write(os.path.join(OUT, "update_scenarios_dev12.jsonl"), sc)
    print(f"wrote {len(st)} statements and {len(sc)} scenarios to {OUT}")


if __name__ == "__main__":
    main()
