"""Assemble the hand-typed dev9 rows into JSONL. Standard library only. CC0 1.0."""
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


def statements():
    out = []
    for lang, mod in (("en", stmt_en), ("ru", stmt_ru)):
        for i, (cat, speaker, text, facts) in enumerate(mod.ROWS, 1):
            out.append({
                "id": f"s9-{lang}-{i:03d}", "lang": lang, "speaker": speaker, "text": text,
                "category": cat,
                "facts": [{"subject": s, "attribute": a, "value": v} for s, a, v in facts],
                "split": "dev9",
            })
    return out


def scenarios():
    out = []
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, (kind, turns, question, current, stale) in enumerate(mod.ROWS, 1):
            out.append({
                "id": f"d9-{lang}-{i:03d}", "lang": lang,
                "turns": [{"speaker": "user", "text": t, "day": d} for t, d in turns],
                "question": question, "asker": "user", "current": current, "stale": list(stale),
                "split": "dev9",
            })
    return out


def write(name, rows):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{name}: {len(rows)} rows")


if __name__ == "__main__":
    write("statements_dev9.jsonl", statements())
    write("update_scenarios_dev9.jsonl", scenarios())
