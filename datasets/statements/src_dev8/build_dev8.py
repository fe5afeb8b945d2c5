"""Assemble the hand-typed dev8 rows into JSONL. Standard library only. Licence: CC0 1.0."""
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

SPLIT = "dev8"


def statements():
    rows = []
    for lang, mod in (("en", stmt_en), ("ru", stmt_ru)):
        for i, (speaker, category, text, facts) in enumerate(mod.ROWS, 1):
            rows.append({
                "id": f"s8-{lang}-{i:03d}", "lang": lang, "speaker": speaker, "text": text,
                "category": category,
                "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
                "split": SPLIT,
            })
    return rows


def scenarios():
    rows = []
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, r in enumerate(mod.ROWS, 1):
            rows.append({
                "id": f"d8-{lang}-{i:03d}", "lang": lang,
                "turns": [{"speaker": "user", "text": t, "day": d} for d, t in r["turns"]],
                "question": r["question"], "asker": "user",
                "current": r["current"], "stale": list(r["stale"]), "split": SPLIT,
            })
    return rows


def write(name, rows):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{name}: {len(rows)} rows")


if __name__ == "__main__":
    write("statements_dev8.jsonl", statements())
    write("update_scenarios_dev8.jsonl", scenarios())
