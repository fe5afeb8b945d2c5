"""Assemble the hand-typed dev7 rows into JSONL. Standard library only.

Run from anywhere: python3 datasets/statements/src_dev7/build_dev7.py
Writes statements_dev7.jsonl and update_scenarios_dev7.jsonl next to this folder.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUTDIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import scen_en  # noqa: E402
import scen_ru  # noqa: E402
import stmt_en  # noqa: E402
import stmt_ru  # noqa: E402

SPLIT = "dev7"


def statements():
    out = []
    for lang, mod in (("en", stmt_en), ("ru", stmt_ru)):
        for i, (speaker, category, text, facts) in enumerate(mod.ROWS, 1):
            out.append({
                "id": "s7-%s-%03d" % (lang, i),
                "lang": lang,
                "speaker": speaker,
                "text": text,
                "category": category,
                "facts": [{"subject": s, "attribute": a, "value": v} for (s, a, v) in facts],
                "split": SPLIT,
            })
    return out


def scenarios():
    out = []
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, row in enumerate(mod.ROWS, 1):
            out.append({
                "id": "d7-%s-%03d" % (lang, i),
                "lang": lang,
                "turns": [{"speaker": "user", "text": t, "day": d} for (d, t) in row["turns"]],
                "question": row["question"],
                "asker": "user",
                "current": row["current"],
                "stale": list(row["stale"]),
                "split": SPLIT,
            })
    return out


def write(name, rows):
    path = os.path.join(OUTDIR, name)
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print("wrote %d rows to %s" % (len(rows), path))


if __name__ == "__main__":
    write("statements_dev7.jsonl", statements())
    write("update_scenarios_dev7.jsonl", scenarios())
