"""Checks for the dev4 files: JSON, ids, value conventions, shapes, counts."""
import json, os, collections
D = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
errs, warns = [], []
sc = [json.loads(l) for l in open(os.path.join(D, "update_scenarios_dev4.jsonl"), encoding="utf-8")]
st = [json.loads(l) for l in open(os.path.join(D, "statements_dev4.jsonl"), encoding="utf-8")]
for rows in (sc, st):
    ids = [r["id"] for r in rows]
    if len(ids) != len(set(ids)): errs.append("duplicate ids")
SCF = {"id", "lang", "turns", "question", "asker", "current", "stale", "split"}
seed = collections.Counter(); ctrl = collections.Counter(); multi = collections.Counter(); per = collections.Counter()
for r in sc:
    per[r["lang"]] += 1
    if set(r) != SCF: errs.append(f"{r['id']} fields {set(r)}")
    texts = [t["text"] for t in r["turns"]]
    cur, stale = r["current"], r["stale"]
    if not any(cur in t for t in texts): errs.append(f"{r['id']} current {cur!r} not in turns")
    if len(cur) < 3: errs.append(f"{r['id']} short current {cur!r}")
    if not stale: errs.append(f"{r['id']} empty stale")
    for s in stale:
        if s in cur or cur in s: errs.append(f"{r['id']} stale/current substring {s!r} {cur!r}")
        if len(s) < 3: errs.append(f"{r['id']} short stale {s!r}")
        if not any(s in t for t in texts): warns.append(f"{r['id']} stale {s!r} not in any turn (alias?)")
    days = [t["day"] for t in r["turns"]]
    if days != sorted(days): errs.append(f"{r['id']} days not sorted")
    n = int(r["id"][-3:])
    if n <= 50:
        ok = (len(r["turns"]) == 2 and all(t["speaker"] == "user" for t in r["turns"])
              and 0 <= days[0] <= 5 and 10 <= days[1] <= 15 and days[1] - days[0] == 10)
        if not ok: errs.append(f"{r['id']} not seed shape")
        seed[r["lang"]] += 1
    elif n > 60:
        ctrl[r["lang"]] += 1
    if len({t["speaker"] for t in r["turns"]}) > 1: multi[r["lang"]] += 1
STF = {"id", "lang", "speaker", "text", "category", "facts", "split"}
CATS = {"first_person", "third_party", "mixed", "negated", "hypothetical", "question", "plan", "quoted", "chitchat", "past", "third_party_nonfact"}
FACT_CATS = {"first_person", "third_party", "mixed"}
cat = collections.Counter(); nof = collections.Counter(); named = collections.Counter(); attrs = collections.Counter(); tot = collections.Counter(); nfacts = 0
for r in st:
    tot[r["lang"]] += 1
    if set(r) != STF: errs.append(f"{r['id']} fields")
    if r["category"] not in CATS: errs.append(f"{r['id']} category {r['category']}")
    cat[(r["lang"], r["category"])] += 1
    if (r["category"] in FACT_CATS) != bool(r["facts"]): errs.append(f"{r['id']} facts/category mismatch")
    if not r["facts"]: nof[r["lang"]] += 1
    if r["speaker"] != "user": named[r["lang"]] += 1
    for f in r["facts"]:
        nfacts += 1
        attrs[f["attribute"]] += 1
        if set(f) != {"subject", "attribute", "value"} or not all(f.values()): errs.append(f"{r['id']} bad fact {f}")
    if r["category"] == "mixed" and not ({f["subject"] for f in r["facts"]} - {"speaker"} and "speaker" in {f["subject"] for f in r["facts"]}):
        errs.append(f"{r['id']} mixed without both speaker and other subject")
    if r["category"] == "third_party" and any(f["subject"] == "speaker" for f in r["facts"]):
        errs.append(f"{r['id']} third_party with speaker fact")
print("scenarios per lang", dict(per), "seed-shape", dict(seed), "controls", dict(ctrl), "multi-speaker", dict(multi))
print("statements per lang", dict(tot), "no-fact", dict(nof), f"({sum(nof.values())/len(st):.0%})", "named", dict(named), "facts", nfacts)
for k in sorted(cat): print(" ", k, cat[k])
print("attributes", attrs.most_common())
for w in warns: print("WARN", w)
for e in errs: print("ERR", e)
print("OK" if not errs else f"{len(errs)} errors")
