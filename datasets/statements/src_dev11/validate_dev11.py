#!/usr/bin/env python3
"""Check statements_dev11.jsonl and update_scenarios_dev11.jsonl.

Standard library only. `--similar` also prints a pairwise similarity report
(difflib ratio > 0.55, or the same two opening words) over messages, turns and questions.
"""
import collections
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scen_en, scen_ru  # noqa: E402

CATEGORIES = {"first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7,
              "question": 7, "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5}
FACT_CATS = {"first_person", "third_party", "mixed"}
ATTRS = {"city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
         "operating_system", "partner", "spouse", "age", "car", "pet_dog", "pet_cat", "pet_parrot",
         "phone", "team", "sport", "university", "hobby", "instrument", "name", "database",
         "favorite_band", "favorite_food", "native_language", "birthday", "nationality", "degree",
         "learning_language", "coffee_order", "browser"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean", "low-FODMAP"}

errors = []


def err(msg):
    errors.append(msg)


def load(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                err("%s:%d invalid JSON: %s" % (path, i, e))
    return rows


def check_statements(rows):
    keys = {"id", "lang", "speaker", "text", "category", "facts", "split"}
    ids = collections.Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            err("duplicate id %s" % i)
    counts = collections.Counter()
    nofact = 0
    named = collections.Counter()
    nfacts = 0
    attr_count = collections.Counter()
    for r in rows:
        if set(r) != keys:
            err("%s: keys %s" % (r.get("id"), sorted(r)))
            continue
        lang = r["lang"]
        if not re.fullmatch(r"s11-%s-\d{3}" % lang, r["id"]):
            err("%s: bad id" % r["id"])
        if r["split"] != "dev11":
            err("%s: split" % r["id"])
        cat = r["category"]
        if cat not in CATEGORIES:
            err("%s: category %s" % (r["id"], cat))
        counts[(lang, cat)] += 1
        if r["speaker"] != "user":
            named[(lang, r["speaker"])] += 1
        facts = r["facts"]
        if not facts:
            nofact += 1
        subj = set()
        for f in facts:
            if set(f) != {"subject", "attribute", "value"} or not all(isinstance(f[k], str) and f[k].strip() for k in f):
                err("%s: bad fact %s" % (r["id"], f))
                continue
            nfacts += 1
            attr_count[f["attribute"]] += 1
            subj.add(f["subject"] == "speaker")
            if f["attribute"] not in ATTRS:
                err("%s: attribute %s" % (r["id"], f["attribute"]))
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err("%s: diet %s" % (r["id"], f["value"]))
            if f["attribute"] == "age" and not f["value"].isdigit():
                err("%s: age %s" % (r["id"], f["value"]))
        if cat not in FACT_CATS and facts:
            err("%s: %s line has facts" % (r["id"], cat))
        if cat in FACT_CATS and not facts:
            err("%s: %s line has no facts" % (r["id"], cat))
        if cat == "first_person" and subj != {True}:
            err("%s: first_person with non-speaker facts" % r["id"])
        if cat == "third_party" and True in subj:
            err("%s: third_party with speaker facts" % r["id"])
        if cat == "mixed" and subj != {True, False}:
            err("%s: mixed needs both" % r["id"])
    for lang in ("en", "ru"):
        for cat, want in CATEGORIES.items():
            if counts[(lang, cat)] != want:
                err("%s %s: %d, want %d" % (lang, cat, counts[(lang, cat)], want))
        nl = [n for (l, s), n in named.items() if l == lang]
        if len(nl) != 4 or any(n != 6 for n in nl):
            err("%s named speakers: %s" % (lang, nl))
    share = nofact / max(1, len(rows))
    if share < 0.40:
        err("no-fact share %.3f < 0.40" % share)
    return {"lines": len(rows), "nofact": nofact, "share": share, "facts": nfacts,
            "named": dict(named), "attrs": attr_count, "counts": counts}


def check_scenarios(rows):
    keys = {"id", "lang", "turns", "question", "asker", "current", "stale", "split"}
    ids = collections.Counter(r.get("id") for r in rows)
    for i, n in ids.items():
        if n > 1:
            err("duplicate id %s" % i)
    kinds = {}
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for n, s in enumerate(mod.SCENARIOS, 1):
            kinds["d11-%s-%03d" % (lang, n)] = (s["kind"], s["about"])
    per = collections.Counter()
    for r in rows:
        rid = r.get("id")
        if set(r) != keys:
            err("%s: keys %s" % (rid, sorted(r)))
            continue
        if r["split"] != "dev11" or r["asker"] != "user":
            err("%s: split/asker" % rid)
        kind, about = kinds[rid]
        per[(r["lang"], kind)] += 1
        if about:
            per[(r["lang"], "about")] += 1
            if about[:3] not in r["question"]:
                err("%s: question does not name %s" % (rid, about))
        turns = r["turns"]
        per[(r["lang"], "turns%d" % len(turns))] += 1
        if not 2 <= len(turns) <= 3:
            err("%s: %d turns" % (rid, len(turns)))
        for t in turns:
            if set(t) != {"speaker", "text", "day"} or t["speaker"] != "user" or not isinstance(t["day"], int):
                err("%s: bad turn %s" % (rid, t))
        days = [t["day"] for t in turns]
        if days != sorted(days):
            err("%s: days not ordered" % rid)
        if not 0 <= days[0] <= 5:
            err("%s: first day %d" % (rid, days[0]))
        cur, stale = r["current"], r["stale"]
        texts = [t["text"] for t in turns]
        low = [t.lower() for t in texts]
        if not stale:
            err("%s: empty stale" % rid)
        for v in [cur] + stale:
            if len(v) < 3:
                err("%s: value too short %r" % (rid, v))
        if not any(cur in t for t in texts):
            err("%s: current %r not in any turn" % (rid, cur))
        for s in stale:
            if not any(s.lower() in t for t in low):
                err("%s: stale %r not in any turn" % (rid, s))
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err("%s: stale/current substring %r %r" % (rid, s, cur))
        if cur.lower() in r["question"].lower() or any(s.lower() in r["question"].lower() for s in stale):
            err("%s: question names a value" % rid)
        if kind == "update":
            if cur in texts[0] or cur.lower() in low[0]:
                err("%s: current in first turn of an update" % rid)
            if not any(s.lower() in low[0] for s in stale):
                err("%s: first turn holds no stale value" % rid)
            first = next(t["day"] for t in turns if cur in t["text"])
            if not 10 <= first <= 35:
                err("%s: new value first on day %d" % (rid, first))
        else:
            if cur not in texts[0]:
                err("%s: control current not in first turn" % rid)
    for lang in ("en", "ru"):
        if per[(lang, "update")] != 20 or per[(lang, "control")] != 5:
            err("%s: %d updates, %d controls" % (lang, per[(lang, "update")], per[(lang, "control")]))
        if per[(lang, "about")] != 6:
            err("%s: %d about named people" % (lang, per[(lang, "about")]))
    return per


def similar(st, sc):
    items = [(r["id"], r["text"]) for r in st]
    for r in sc:
        for i, t in enumerate(r["turns"]):
            items.append(("%s/t%d" % (r["id"], i), t["text"]))
        items.append(("%s/q" % r["id"], r["question"]))

    def words(t):
        return re.findall(r"\w+", t.lower())
    n = 0
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            a, b = items[i][1], items[j][1]
            ratio = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
            wa, wb = words(a), words(b)
            same_open = len(wa) >= 2 and wa[:2] == wb[:2]
            if ratio > 0.55 or same_open:
                n += 1
                print("%.2f %s %s\n   %s\n   %s" % (ratio, "OPEN" if same_open else "    ",
                                                  items[i][0] + " ~ " + items[j][0], a, b))
    print("%d similar pairs" % n)


def main():
    st = load(os.path.join(OUT, "statements_dev11.jsonl"))
    sc = load(os.path.join(OUT, "update_scenarios_dev11.jsonl"))
    info = check_statements(st)
    per = check_scenarios(sc)
    print("statements: %d lines, %d no-fact (%.1f%%), %d facts" % (info["lines"], info["nofact"],
                                                                   100 * info["share"], info["facts"]))
    for lang in ("en", "ru"):
        print(" ", lang, {c: info["counts"][(lang, c)] for c in CATEGORIES})
    print("  named:", info["named"])
    print("  attributes:", dict(info["attrs"].most_common()))
    print("scenarios:", dict(per))
    if "--similar" in sys.argv:
        similar(st, sc)
    if errors:
        print("\n%d ERRORS" % len(errors))
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
