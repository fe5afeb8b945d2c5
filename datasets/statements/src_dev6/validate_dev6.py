#!/usr/bin/env python3
"""Check statements_dev6.jsonl and update_scenarios_dev6.jsonl. Standard library only.

Exits 1 and prints every problem it finds; prints counts when all is well.
"""
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)

ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
    "operating_system", "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team",
    "sport", "university", "hobby", "instrument", "name", "database", "favorite_band",
    "native_language", "birthday", "nationality", "pet_parrot", "degree", "favorite_food",
}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean"}
FACT_CATS = {"first_person", "third_party", "mixed"}
NONFACT_CATS = {"negated", "hypothetical", "question", "plan", "quoted", "chitchat", "past",
                "third_party_nonfact"}
STMT_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SCEN_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]

problems = []


def bad(msg):
    problems.append(msg)


def load(name):
    with open(os.path.join(DIR, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_statements(rows):
    ids = Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            bad(f"duplicate statement id {i}")
    per_lang = Counter()
    nonfact = 0
    named = 0
    texts = Counter()
    for r in rows:
        rid = r.get("id")
        if list(r.keys()) != STMT_KEYS:
            bad(f"{rid}: keys {list(r.keys())}")
            continue
        lang = r["lang"]
        per_lang[lang] += 1
        if lang not in ("en", "ru"):
            bad(f"{rid}: lang {lang}")
        if not re.fullmatch(rf"s6-{lang}-\d{{3}}", rid):
            bad(f"{rid}: id pattern")
        if r["split"] != "dev6":
            bad(f"{rid}: split {r['split']}")
        if not isinstance(r["speaker"], str) or not r["speaker"]:
            bad(f"{rid}: speaker")
        if r["speaker"] != "user":
            named += 1
        if not r["text"].strip():
            bad(f"{rid}: empty text")
        texts[r["text"].strip().lower()] += 1
        cat = r["category"]
        facts = r["facts"]
        if cat not in FACT_CATS | NONFACT_CATS:
            bad(f"{rid}: category {cat}")
        if cat in NONFACT_CATS and facts:
            bad(f"{rid}: {cat} line carries facts")
        if cat in FACT_CATS and not facts:
            bad(f"{rid}: {cat} line has no facts")
        if not facts:
            nonfact += 1
        subjects = set()
        seen = set()
        for f in facts:
            if sorted(f.keys()) != ["attribute", "subject", "value"]:
                bad(f"{rid}: fact keys {sorted(f.keys())}")
                continue
            if f["attribute"] not in ATTRIBUTES:
                bad(f"{rid}: attribute {f['attribute']}")
            if not all(isinstance(f[k], str) and f[k].strip() for k in f):
                bad(f"{rid}: empty fact field {f}")
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                bad(f"{rid}: diet value {f['value']!r} is not an English diet word")
            if f["attribute"] in ("age",) and not f["value"].isdigit():
                bad(f"{rid}: age {f['value']!r} is not digits")
            key = (f["subject"], f["attribute"], f["value"].lower())
            if key in seen:
                bad(f"{rid}: duplicate fact {key}")
            seen.add(key)
            subjects.add(f["subject"])
        if cat == "first_person" and subjects - {"speaker"}:
            bad(f"{rid}: first_person line has other subjects {subjects - {'speaker'}}")
        if cat == "third_party" and "speaker" in subjects:
            bad(f"{rid}: third_party line has speaker facts")
        if cat == "mixed" and ("speaker" not in subjects or subjects == {"speaker"}):
            bad(f"{rid}: mixed line needs speaker and other subjects")
    for t, n in texts.items():
        if n > 1:
            bad(f"duplicate text: {t!r}")
    share = nonfact / len(rows)
    if share < 0.35:
        bad(f"non-fact share {share:.0%} is under 35%")
    for lang in ("en", "ru"):
        if per_lang[lang] != 120:
            bad(f"statements: {per_lang[lang]} {lang} rows, expected 120")
    return nonfact, named


def check_scenarios(rows):
    ids = Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            bad(f"duplicate scenario id {i}")
    per_lang = Counter()
    for r in rows:
        rid = r.get("id")
        if list(r.keys()) != SCEN_KEYS:
            bad(f"{rid}: keys {list(r.keys())}")
            continue
        lang = r["lang"]
        per_lang[lang] += 1
        if not re.fullmatch(rf"d6-{lang}-\d{{3}}", rid):
            bad(f"{rid}: id pattern")
        if r["split"] != "dev6":
            bad(f"{rid}: split {r['split']}")
        if r["asker"] != "user":
            bad(f"{rid}: asker {r['asker']}")
        turns = r["turns"]
        if not 2 <= len(turns) <= 5:
            bad(f"{rid}: {len(turns)} turns (old + new + 0-3 distractors)")
        days = [t["day"] for t in turns]
        if days != sorted(days):
            bad(f"{rid}: days not in order {days}")
        if not 0 <= days[0] <= 5:
            bad(f"{rid}: first turn on day {days[0]}, expected 0-5")
        if any(not isinstance(d, int) or d > 35 for d in days):
            bad(f"{rid}: day out of range {days}")
        for t in turns:
            if sorted(t.keys()) != ["day", "speaker", "text"] or not t["text"].strip():
                bad(f"{rid}: bad turn {t}")
        cur, stale = r["current"], r["stale"]
        alltext = "\n".join(t["text"] for t in turns)
        if not stale:
            bad(f"{rid}: empty stale list")
        for v in [cur] + stale:
            if len(v) < 3:
                bad(f"{rid}: value {v!r} shorter than 3")
        if cur not in alltext:
            bad(f"{rid}: current {cur!r} occurs in no turn")
        for s in stale:
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                bad(f"{rid}: stale {s!r} and current {cur!r} overlap")
            if s not in alltext:
                bad(f"{rid}: stale {s!r} occurs in no turn")
        if not r["question"].strip():
            bad(f"{rid}: empty question")
    for lang in ("en", "ru"):
        if per_lang[lang] != 25:
            bad(f"scenarios: {per_lang[lang]} {lang} rows, expected 25")


def check_scenario_kinds():
    """The sources carry kind/person; check update vs control shape there."""
    import scen_en
    import scen_ru
    out = {}
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        kinds = Counter()
        for i, row in enumerate(mod.ROWS, 1):
            rid = f"d6-{lang}-{i:03d}"
            first = row["turns"][0][1]
            kinds[row["kind"]] += 1
            if row["person"]:
                kinds["about_person"] += 1
            if row["kind"] == "update":
                if row["current"] in first:
                    bad(f"{rid}: update has current in the first turn")
                later = [d for _, t, d in row["turns"] if row["current"] in t]
                if not later or not 10 <= later[0] <= 35:
                    bad(f"{rid}: new value not first stated on day 10-35")
            elif row["kind"] == "control":
                if row["current"] not in first:
                    bad(f"{rid}: control lacks current in the first turn")
            else:
                bad(f"{rid}: kind {row['kind']}")
        out[lang] = kinds
    return out


if __name__ == "__main__":
    st = load("statements_dev6.jsonl")
    sc = load("update_scenarios_dev6.jsonl")
    nonfact, named = check_statements(st)
    check_scenarios(sc)
    kinds = check_scenario_kinds()
    if problems:
        print("\n".join(problems))
        print(f"{len(problems)} problem(s)")
        sys.exit(1)
    cats = Counter((r["lang"], r["category"]) for r in st)
    for (lang, cat), n in sorted(cats.items()):
        print(f"{lang} {cat:20s} {n}")
    nfacts = sum(len(r["facts"]) for r in st)
    attrs = Counter(f["attribute"] for r in st for f in r["facts"])
    print(f"statements {len(st)}; no-fact {nonfact} ({nonfact / len(st):.1%}); "
          f"named speakers {named} ({named / len(st):.0%}); {nfacts} facts")
    print("facts by attribute:", ", ".join(f"{a} {n}" for a, n in attrs.most_common()))
    print(f"scenarios {len(sc)}:", {k: dict(v) for k, v in kinds.items()})
    print("OK")
