#!/usr/bin/env python3
"""Check statements_dev14.jsonl and update_scenarios_dev14.jsonl.

python3 src_dev14/validate_dev14.py [--similar]
--similar prints, within each language, pairs of messages / scenario turns / questions whose difflib ratio is
above 0.55 or that open with the same two words. Standard library only.
"""
import collections
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import scen_en  # noqa: E402
import scen_ru  # noqa: E402

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question", "plan",
              "quoted", "chitchat", "past", "third_party_nonfact"]
FACT_CATEGORIES = {"first_person", "third_party", "mixed"}
ATTRIBUTES = {"city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
              "operating_system", "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team", "sport",
              "university", "hobby", "instrument", "name", "database", "favorite_band", "native_language",
              "birthday", "nationality", "pet_parrot", "degree", "favorite_food"}
SINGLE_VALUED = {"city", "employer", "job_title", "manager", "editor", "diet", "operating_system", "partner", "age",
                 "car", "spouse", "phone", "team", "university", "name", "nationality"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean", "paleo", "halal", "kosher"}
ST_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SC_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]
PER_LANG = 100
SCEN_PER_LANG = 20
MIN_NOFACT = 0.35

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(BASE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_statements(rows):
    seen_ids, seen_texts = set(), set()
    by_lang = collections.defaultdict(list)
    for r in rows:
        rid = r.get("id", "?")
        if list(r.keys()) != ST_KEYS:
            err(f"{rid}: keys {list(r.keys())}")
            continue
        if rid in seen_ids:
            err(f"{rid}: duplicate id")
        seen_ids.add(rid)
        if r["lang"] not in ("en", "ru"):
            err(f"{rid}: lang {r['lang']}")
            continue
        by_lang[r["lang"]].append(r)
        if r["split"] != "dev14":
            err(f"{rid}: split {r['split']}")
        if not isinstance(r["speaker"], str) or not r["speaker"]:
            err(f"{rid}: speaker")
        t = r["text"].strip()
        if not t or t != r["text"]:
            err(f"{rid}: empty or padded text")
        if t.lower() in seen_texts:
            err(f"{rid}: duplicate text")
        seen_texts.add(t.lower())
        cat = r["category"]
        if cat not in CATEGORIES:
            err(f"{rid}: category {cat}")
        facts = r["facts"]
        if not isinstance(facts, list):
            err(f"{rid}: facts not a list")
            continue
        keyset = set()
        single = {}
        for f in facts:
            if sorted(f.keys()) != ["attribute", "subject", "value"]:
                err(f"{rid}: fact keys {sorted(f.keys())}")
                continue
            s, a, v = f["subject"], f["attribute"], f["value"]
            if not all(isinstance(x, str) and x.strip() == x and x for x in (s, a, v)):
                err(f"{rid}: empty/padded fact field {f}")
            if a not in ATTRIBUTES:
                err(f"{rid}: attribute {a}")
            if a == "diet" and v not in DIETS:
                err(f"{rid}: diet value {v!r} is not an English diet word")
            if a == "age" and not v.isdigit():
                err(f"{rid}: age {v!r} not digits")
            if (s, a, v) in keyset:
                err(f"{rid}: duplicate fact {f}")
            keyset.add((s, a, v))
            if a in SINGLE_VALUED:
                if (s, a) in single and single[(s, a)] != v:
                    err(f"{rid}: two values for single-valued {s}.{a}")
                single[(s, a)] = v
            if s.startswith("speaker's ") is False and s != "speaker" and s[:1].islower() and r["lang"] == "en":
                err(f"{rid}: subject {s!r} neither speaker, relation nor name")
        subjects = {f["subject"] for f in facts}
        if cat in FACT_CATEGORIES:
            if not facts:
                err(f"{rid}: {cat} line without facts")
            if cat == "first_person" and subjects != {"speaker"}:
                err(f"{rid}: first_person with subjects {subjects}")
            if cat == "third_party" and "speaker" in subjects:
                err(f"{rid}: third_party with a speaker fact")
            if cat == "mixed" and ("speaker" not in subjects or len(subjects) < 2):
                err(f"{rid}: mixed needs speaker and another subject")
        elif facts:
            err(f"{rid}: {cat} line must have facts []")
    order = {c: i for i, c in enumerate(CATEGORIES)}
    for lang, lst in sorted(by_lang.items()):
        if len(lst) != PER_LANG:
            err(f"statements {lang}: {len(lst)} rows, want {PER_LANG}")
        for i, r in enumerate(lst, 1):
            if r["id"] != f"s14-{lang}-{i:03d}":
                err(f"{r['id']}: expected s14-{lang}-{i:03d}")
        cats = [order.get(r["category"], 99) for r in lst]
        if cats != sorted(cats):
            err(f"statements {lang}: not in category order")
    return by_lang


def report_statements(by_lang):
    print("statements_dev14.jsonl")
    total_lines = total_facts = 0
    for lang in ("en", "ru"):
        lst = by_lang.get(lang, [])
        nofact = sum(1 for r in lst if not r["facts"])
        nfacts = sum(len(r["facts"]) for r in lst)
        other = sum(1 for r in lst for f in r["facts"] if f["subject"] != "speaker")
        about_others = sum(1 for r in lst if any(f["subject"] != "speaker" for f in r["facts"]))
        share = nofact / len(lst) if lst else 0
        if share < MIN_NOFACT:
            err(f"statements {lang}: no-fact share {share:.1%} < {MIN_NOFACT:.0%}")
        cats = collections.Counter(r["category"] for r in lst)
        print(f"  {lang}: {len(lst)} messages, {nfacts} facts ({other} about others), no-fact {nofact} "
              f"({share:.0%}), lines with facts about others {about_others}")
        print("      " + ", ".join(f"{c} {cats[c]}" for c in CATEGORIES))
        total_lines += len(lst)
        total_facts += nfacts
    attrs = collections.Counter(f["attribute"] for lst in by_lang.values() for r in lst for f in r["facts"])
    print(f"  total: {total_lines} messages, {total_facts} facts")
    print("  by attribute: " + ", ".join(f"{a} {n}" for a, n in attrs.most_common()))


def check_scenarios(rows):
    src_kind = {}
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, r in enumerate(mod.ROWS, 1):
            src_kind[f"d14-{lang}-{i:03d}"] = r["kind"]
    seen = set()
    by_lang = collections.defaultdict(list)
    for r in rows:
        rid = r.get("id", "?")
        if list(r.keys()) != SC_KEYS:
            err(f"{rid}: keys {list(r.keys())}")
            continue
        if rid in seen:
            err(f"{rid}: duplicate id")
        seen.add(rid)
        by_lang[r["lang"]].append(r)
        if r["split"] != "dev14":
            err(f"{rid}: split")
        turns = r["turns"]
        if len(turns) < 2:
            err(f"{rid}: fewer than 2 turns")
        days = []
        speakers = set()
        for t in turns:
            if sorted(t.keys()) != ["day", "speaker", "text"]:
                err(f"{rid}: turn keys {sorted(t.keys())}")
                continue
            if not isinstance(t["day"], int) or t["day"] < 0:
                err(f"{rid}: day {t['day']!r}")
            days.append(t["day"])
            speakers.add(t["speaker"])
            if not t["text"].strip():
                err(f"{rid}: empty turn")
        if days != sorted(set(days)) or len(days) != len(set(days)):
            err(f"{rid}: days not strictly increasing {days}")
        if days and days[-1] - days[0] < 10:
            err(f"{rid}: sessions less than ten days apart {days}")
        if r["asker"] not in speakers:
            err(f"{rid}: asker {r['asker']} is not a speaker")
        if len(speakers) > 1 and "user" in speakers:
            err(f"{rid}: two-speaker scenarios use names, not 'user'")
        cur, stale = r["current"], r["stale"]
        if not isinstance(stale, list) or not stale:
            err(f"{rid}: stale must be a non-empty list")
            continue
        q = r["question"].lower()
        for v in [cur] + stale:
            if len(v) < 3:
                err(f"{rid}: value {v!r} shorter than 3")
            if v.lower() in q:
                err(f"{rid}: value {v!r} occurs in the question")
        texts = [t["text"] for t in turns]
        hits = [i for i, t in enumerate(texts) if cur in t]
        if not hits:
            err(f"{rid}: current {cur!r} not in any turn")
            continue
        for s in stale:
            if not any(s.lower() in t.lower() for t in texts):
                err(f"{rid}: stale {s!r} not in any turn")
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err(f"{rid}: stale {s!r} and current {cur!r} overlap")
        kind = "control" if 0 in hits else "update"
        if kind != src_kind.get(rid):
            err(f"{rid}: looks like a {kind} but the source says {src_kind.get(rid)}")
        if kind == "update" and turns[hits[0]]["day"] - turns[0]["day"] < 10:
            err(f"{rid}: new value less than ten days after the first turn")
    for lang, lst in sorted(by_lang.items()):
        if len(lst) != SCEN_PER_LANG:
            err(f"scenarios {lang}: {len(lst)}, want {SCEN_PER_LANG}")
        for i, r in enumerate(lst, 1):
            if r["id"] != f"d14-{lang}-{i:03d}":
                err(f"{r['id']}: expected d14-{lang}-{i:03d}")
    return by_lang


def report_scenarios(by_lang):
    print("update_scenarios_dev14.jsonl")
    for lang in ("en", "ru"):
        lst = by_lang.get(lang, [])
        upd = sum(1 for r in lst if r["current"] not in r["turns"][0]["text"])
        two = sum(1 for r in lst if len({t["speaker"] for t in r["turns"]}) > 1)
        named = sum(1 for r in lst if r["asker"] != "user")
        nturns = collections.Counter(len(r["turns"]) for r in lst)
        print(f"  {lang}: {len(lst)} scenarios, {upd} updates, {len(lst) - upd} controls, {two} two-speaker, "
              f"{named} named askers, turns " + ", ".join(f"{k}:{v}" for k, v in sorted(nturns.items())))
        if not (13 <= upd <= 17):
            err(f"scenarios {lang}: {upd} updates, want about 15")


def opening(text):
    words = re.findall(r"[\w'’+#-]+", text.lower())
    return tuple(words[:2])


def similar(st_by_lang, sc_by_lang):
    n = 0
    for lang in ("en", "ru"):
        items = [(r["id"], r["text"]) for r in st_by_lang.get(lang, [])]
        for r in sc_by_lang.get(lang, []):
            items += [(f"{r['id']}/t{i + 1}", t["text"]) for i, t in enumerate(r["turns"])]
            items.append((f"{r['id']}/q", r["question"]))
        low = [(i, t.lower()) for i, t in items]
        for a in range(len(low)):
            for b in range(a + 1, len(low)):
                ia, ta = low[a]
                ib, tb = low[b]
                if ia.split("/")[0] == ib.split("/")[0] and "/" in ia:
                    continue  # turns of one scenario repeat each other's values on purpose
                oa, ob = opening(ta), opening(tb)
                same_open = len(oa) == 2 and oa == ob
                sm = difflib.SequenceMatcher(None, ta, tb)
                if same_open or (sm.real_quick_ratio() > 0.55 and sm.quick_ratio() > 0.55 and sm.ratio() > 0.55):
                    n += 1
                    why = "opening " + " ".join(oa) if same_open else f"ratio {sm.ratio():.2f}"
                    print(f"  [{why}] {ia}: {items[a][1][:70]!r}\n      {ib}: {items[b][1][:70]!r}")
    print(f"similar pairs: {n}")


def main():
    st = load("statements_dev14.jsonl")
    sc = load("update_scenarios_dev14.jsonl")
    st_by = check_statements(st)
    sc_by = check_scenarios(sc)
    report_statements(st_by)
    report_scenarios(sc_by)
    if "--similar" in sys.argv[1:]:
        similar(st_by, sc_by)
    if errors:
        print(f"\n{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
