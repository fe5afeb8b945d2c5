"""Check the dev5 JSONL files against the conventions in README_dev5.md."""

import json
import sys
from collections import Counter
from pathlib import Path

DIR = Path(__file__).resolve().parent.parent
FACT_CATS = {"first_person", "third_party", "mixed"}
NOFACT_CATS = {"negated", "hypothetical", "question", "plan", "quoted", "chitchat", "past",
               "third_party_nonfact"}
SCEN_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]
STMT_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(DIR / name, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def check_scenario(r):
    rid = r["id"]
    if list(r) != SCEN_KEYS:
        err(f"{rid}: keys {list(r)}")
    if r["split"] != "dev5" or r["asker"] != "user":
        err(f"{rid}: split/asker")
    texts = [t["text"] for t in r["turns"]]
    cur, stale = r["current"], r["stale"]
    if not any(cur in t for t in texts):
        err(f"{rid}: current {cur!r} not in any turn")
    if not stale or not any(s in t for s in stale for t in texts):
        err(f"{rid}: no stale value occurs in the turns")
    for v in [cur, *stale]:
        if len(v) < 3:
            err(f"{rid}: value {v!r} shorter than 3")
    for s in stale:
        if s in cur or cur in s or s.lower() in cur.lower() or cur.lower() in s.lower():
            err(f"{rid}: stale {s!r} overlaps current {cur!r}")
    days = [t["day"] for t in r["turns"]]
    if days != sorted(days):
        err(f"{rid}: days not ascending")
    num = int(rid.rsplit("-", 1)[1])
    first = texts[0]
    if num <= 40:
        sp = [t["speaker"] for t in r["turns"]]
        if sp != ["user", "user"] or days[1] - days[0] != 10 or not 0 <= days[0] <= 5:
            err(f"{rid}: not seed shape")
    if num <= 48:
        if cur in first:
            err(f"{rid}: update but current already in the first turn")
    elif cur not in first:
        err(f"{rid}: control but current not in the first turn")


def check_statement(r):
    rid = r["id"]
    if list(r) != STMT_KEYS:
        err(f"{rid}: keys {list(r)}")
    if r["split"] != "dev5":
        err(f"{rid}: split")
    cat = r["category"]
    if cat in NOFACT_CATS and r["facts"]:
        err(f"{rid}: {cat} line with facts")
    if cat in FACT_CATS and not r["facts"]:
        err(f"{rid}: {cat} line without facts")
    if cat not in FACT_CATS | NOFACT_CATS:
        err(f"{rid}: unknown category {cat}")
    subjects = {f["subject"] for f in r["facts"]}
    if cat == "first_person" and subjects != {"speaker"}:
        err(f"{rid}: first_person with subjects {subjects}")
    if cat == "third_party" and "speaker" in subjects:
        err(f"{rid}: third_party with a speaker fact")
    if cat == "mixed" and ("speaker" not in subjects or len(subjects) < 2):
        err(f"{rid}: mixed needs the speaker and someone else")
    for f in r["facts"]:
        if list(f) != ["subject", "attribute", "value"] or not all(f.values()):
            err(f"{rid}: bad fact {f}")
        if len(f["value"]) < 2:  # "Go" and "C#" are allowed in single statements
            err(f"{rid}: value {f['value']!r} too short")


def main():
    scen = load("update_scenarios_dev5.jsonl")
    stmt = load("statements_dev5.jsonl")
    for rows in (scen, stmt):
        ids = Counter(r["id"] for r in rows)
        for i, n in ids.items():
            if n > 1:
                err(f"duplicate id {i}")
        texts = Counter(r["text"] for r in rows) if rows is stmt else Counter()
        for t, n in texts.items():
            if n > 1:
                err(f"duplicate text {t!r}")
    for r in scen:
        check_scenario(r)
    for r in stmt:
        check_statement(r)
    langs = Counter(r["lang"] for r in scen)
    if langs != Counter({"en": 60, "ru": 60}):
        err(f"scenario counts {langs}")
    langs = Counter(r["lang"] for r in stmt)
    if langs != Counter({"en": 150, "ru": 150}):
        err(f"statement counts {langs}")
    nofact = sum(1 for r in stmt if not r["facts"])
    named = sum(1 for r in stmt if r["speaker"] != "user")
    if nofact / len(stmt) < 0.40:
        err(f"no-fact share {nofact}/{len(stmt)} below 40%")
    for e in errors:
        print("ERROR", e)
    print(f"scenarios {len(scen)}, statements {len(stmt)}, no-fact {nofact} "
          f"({nofact / len(stmt):.0%}), named speakers {named} ({named / len(stmt):.0%}), "
          f"facts {sum(len(r['facts']) for r in stmt)}")
    for lang in ("en", "ru"):
        c = Counter(r["category"] for r in stmt if r["lang"] == lang)
        print(lang, dict(sorted(c.items())))
    attrs = Counter(f["attribute"] for r in stmt for f in r["facts"])
    print("attributes", dict(attrs.most_common()))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
