"""Assemble the hand-written dev4 rows (scen_*.py, stmt_*.py) into JSONL. No text is generated here."""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scen_en, scen_ru, stmt_en, stmt_ru
OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def scenarios(mod, lang):
    rows = []
    for old, od, new, q, cur, stale in mod.SEED:
        rows.append(([("user", old, od), ("user", new, od + 10)], q, cur, stale))
    rows += list(mod.HARD) + list(mod.CONTROL)
    out = []
    for i, (turns, q, cur, stale) in enumerate(rows, 1):
        out.append({"id": f"d4-{lang}-{i:03d}", "lang": lang,
                    "turns": [{"speaker": s, "text": t, "day": d} for s, t, d in turns],
                    "question": q, "asker": "user", "current": cur, "stale": list(stale), "split": "dev4"})
    return out

def statements(mod, lang):
    return [{"id": f"s4-{lang}-{i:03d}", "lang": lang, "speaker": sp, "text": text, "category": cat,
             "facts": [{"subject": a, "attribute": b, "value": c} for a, b, c in facts], "split": "dev4"}
            for i, (sp, cat, text, facts) in enumerate(mod.ROWS, 1)]

def write(name, rows):
    with open(os.path.join(OUT, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

write("update_scenarios_dev4.jsonl", scenarios(scen_en, "en") + scenarios(scen_ru, "ru"))
write("statements_dev4.jsonl", statements(stmt_en, "en") + statements(stmt_ru, "ru"))
print("written")
