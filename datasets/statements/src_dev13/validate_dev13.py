"""Check statements_dev13.jsonl and update_scenarios_dev13.jsonl.
Run from datasets/statements: python3 src_dev13/validate_dev13.py [--similar]
Standard library only; exits 1 on any error. --similar prints the pairwise similarity
report (difflib ratio > 0.55 or same first two words) within each language."""
import difflib
import json
import os
import re
import sys
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.dirname(HERE)

CATEGORIES = ["first_person", "third_party", "mixed", "negated", "hypothetical", "question",
              "plan", "quoted", "chitchat", "past", "third_party_nonfact"]
TARGET = {"first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7,
          "question": 7, "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5}
FACT_CATS = {"first_person", "third_party", "mixed"}
ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
    "operating_system", "partner", "spouse", "age", "car", "pet_dog", "pet_cat", "pet_parrot",
    "phone", "team", "sport", "university", "hobby", "instrument", "name", "database",
    "favorite_band", "native_language", "birthday", "nationality", "degree", "favorite_food",
    "learning_language",
}
MULTI = {"programming_language", "hobby", "sport", "instrument", "pet_dog", "pet_cat",
         "pet_parrot", "database", "favorite_band", "favorite_food", "learning_language"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean",
         "halal", "kosher", "paleo"}
ST_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SC_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(BASE, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_statements(rows):
    texts = Counter(r["text"].strip().lower() for r in rows)
    for t, n in texts.items():
        if n > 1:
            err(f"duplicate text x{n}: {t[:60]!r}")
    stats = {}
    for lang in ("en", "ru"):
        lr = [r for r in rows if r["lang"] == lang]
        if len(lr) != 120:
            err(f"{lang}: {len(lr)} statements, want 120")
        cats = Counter(r["category"] for r in lr)
        for c, n in TARGET.items():
            if cats[c] != n:
                err(f"{lang}: category {c} has {cats[c]}, want {n}")
        for c in cats:
            if c not in TARGET:
                err(f"{lang}: unknown category {c}")
        last = -1
        for i, r in enumerate(lr, 1):
            if list(r.keys()) != ST_KEYS:
                err(f"{r.get('id')}: keys {list(r.keys())}")
            if r["id"] != f"s13-{lang}-{i:03d}":
                err(f"{r['id']}: expected id s13-{lang}-{i:03d}")
            if r["split"] != "dev13":
                err(f"{r['id']}: split {r['split']}")
            pos = CATEGORIES.index(r["category"]) if r["category"] in CATEGORIES else 99
            if pos < last:
                err(f"{r['id']}: not sorted by category")
            last = pos
        nofact = sum(1 for r in lr if not r["facts"])
        named = sum(1 for r in lr if r["speaker"] != "user")
        stats[lang] = (nofact, named)
    for r in rows:
        rid, cat, facts = r["id"], r["category"], r["facts"]
        if not r["text"].strip():
            err(f"{rid}: empty text")
        if cat not in FACT_CATS and facts:
            err(f"{rid}: category {cat} must have facts == []")
        if cat in FACT_CATS and not facts:
            err(f"{rid}: category {cat} without facts")
        subjects = {f["subject"] for f in facts}
        if cat == "first_person" and subjects - {"speaker"}:
            err(f"{rid}: first_person with non-speaker subjects {subjects - {'speaker'}}")
        if cat == "third_party" and "speaker" in subjects:
            err(f"{rid}: third_party with a speaker fact")
        if cat == "mixed" and ("speaker" not in subjects or subjects == {"speaker"}):
            err(f"{rid}: mixed needs speaker and non-speaker facts")
        seen = set()
        for f in facts:
            if list(f.keys()) != ["subject", "attribute", "value"]:
                err(f"{rid}: fact keys {list(f.keys())}")
            key = (f["subject"], f["attribute"], f["value"].lower())
            if key in seen:
                err(f"{rid}: duplicate fact {key}")
            seen.add(key)
            if f["attribute"] not in ATTRIBUTES:
                err(f"{rid}: unknown attribute {f['attribute']}")
            if not f["value"].strip() or not f["subject"].strip():
                err(f"{rid}: empty subject/value")
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err(f"{rid}: diet value {f['value']!r} is not an English diet word")
            if f["attribute"] == "age" and not f["value"].isdigit():
                err(f"{rid}: age {f['value']!r} not digits")
    # named speakers: single-valued attributes agree across their lines
    per = defaultdict(lambda: defaultdict(set))
    for r in rows:
        if r["speaker"] == "user":
            continue
        for f in r["facts"]:
            if f["subject"] == "speaker" and f["attribute"] not in MULTI:
                per[r["speaker"]][f["attribute"]].add(f["value"])
    for sp, attrs in per.items():
        for a, vals in attrs.items():
            if len(vals) > 1:
                err(f"named speaker {sp}: {a} has values {sorted(vals)}")
    total_nofact = sum(s[0] for s in stats.values())
    total_named = sum(s[1] for s in stats.values())
    if total_nofact / len(rows) < 0.40:
        err(f"no-fact share {total_nofact}/{len(rows)} below 40%")
    if not 0.17 <= total_named / len(rows) <= 0.23:
        err(f"named-speaker share {total_named}/{len(rows)} not about 20%")
    return stats


def has(hay, needle):
    return needle.lower() in hay.lower()


def check_scenarios(rows):
    qs = Counter(r["question"].strip().lower() for r in rows)
    for q, n in qs.items():
        if n > 1:
            err(f"duplicate question x{n}: {q!r}")
    stats = {}
    for lang in ("en", "ru"):
        lr = [r for r in rows if r["lang"] == lang]
        if len(lr) != 25:
            err(f"{lang}: {len(lr)} scenarios, want 25")
        two = controls = 0
        for i, r in enumerate(lr, 1):
            rid = r["id"]
            if list(r.keys()) != SC_KEYS:
                err(f"{rid}: keys {list(r.keys())}")
            if rid != f"d13-{lang}-{i:03d}":
                err(f"{rid}: expected id d13-{lang}-{i:03d}")
            if r["split"] != "dev13":
                err(f"{rid}: split")
            turns = r["turns"]
            if not 2 <= len(turns) <= 5:
                err(f"{rid}: {len(turns)} turns")
            days = [t["day"] for t in turns]
            if days != sorted(days) or len(set(days)) != len(days):
                err(f"{rid}: days not strictly increasing {days}")
            if not 0 <= days[0] <= 5:
                err(f"{rid}: first turn on day {days[0]}")
            speakers = {t["speaker"] for t in turns}
            if r["asker"] not in speakers:
                err(f"{rid}: asker {r['asker']} not a speaker")
            if len(speakers) > 1:
                two += 1
                if "user" in speakers:
                    err(f"{rid}: two-speaker scenario uses 'user'")
            elif speakers != {"user"} or r["asker"] != "user":
                err(f"{rid}: single-speaker scenarios use 'user'")
            cur, stale = r["current"], r["stale"]
            values = [cur] + stale
            if not stale:
                err(f"{rid}: empty stale")
            for v in values:
                if len(v) < 3:
                    err(f"{rid}: value {v!r} shorter than 3")
                if has(r["question"], v):
                    err(f"{rid}: value {v!r} in question")
            for s in stale:
                if has(s, cur) or has(cur, s):
                    err(f"{rid}: stale {s!r} and current {cur!r} overlap")
                if not any(has(t["text"], s) for t in turns):
                    err(f"{rid}: stale {s!r} not in any turn")
            if not any(cur in t["text"] for t in turns):
                err(f"{rid}: current {cur!r} not in any turn (case-sensitive)")
            is_control = has(turns[0]["text"], cur)
            if is_control:
                controls += 1
            else:
                if not any(has(turns[0]["text"], s) for s in stale):
                    err(f"{rid}: update whose first turn holds no stale value")
                first_new = next(t["day"] for t in turns if has(t["text"], cur))
                if not 10 <= first_new <= 35:
                    err(f"{rid}: new value first on day {first_new}")
        stats[lang] = (two, controls, len(lr) - controls)
        if controls != 5:
            err(f"{lang}: {controls} controls, want 5")
    total_two = sum(s[0] for s in stats.values())
    if not 0.25 <= total_two / len(rows) <= 0.35:
        err(f"two-speaker share {total_two}/{len(rows)} not about 30%")
    return stats


def first_two(text):
    words = re.findall(r"\w+", text.lower())
    return tuple(words[:2]) if len(words) >= 2 else None


def similar(st, sc):
    found = 0
    for lang in ("en", "ru"):
        items = [(r["id"], r["text"]) for r in st if r["lang"] == lang]
        for r in sc:
            if r["lang"] != lang:
                continue
            for j, t in enumerate(r["turns"]):
                items.append((f"{r['id']}#t{j}", t["text"]))
            items.append((f"{r['id']}#q", r["question"]))
        low = [t.lower() for _, t in items]
        heads = [first_two(t) for _, t in items]
        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                why = []
                if heads[i] and heads[i] == heads[j]:
                    why.append("first two words " + " ".join(heads[i]))
                sm = difflib.SequenceMatcher(None, low[i], low[j], autojunk=False)
                if sm.real_quick_ratio() > 0.55 and sm.quick_ratio() > 0.55:
                    ratio = sm.ratio()
                    if ratio > 0.55:
                        why.append(f"ratio {ratio:.2f}")
                if why:
                    found += 1
                    print(f"[{lang}] {items[i][0]} ~ {items[j][0]}: {'; '.join(why)}")
                    print(f"    {items[i][1][:90]!r}")
                    print(f"    {items[j][1][:90]!r}")
    print(f"similarity report: {found} pair(s)")


def main():
    st = load("statements_dev13.jsonl")
    sc = load("update_scenarios_dev13.jsonl")
    s_stats = check_statements(st)
    c_stats = check_scenarios(sc)
    for lang in ("en", "ru"):
        nf, named = s_stats[lang]
        two, ctl, upd = c_stats[lang]
        print(f"{lang}: statements no-fact {nf}/120, named {named}; scenarios updates {upd}, "
              f"controls {ctl}, two-speaker {two}")
    nofact = sum(1 for r in st if not r["facts"])
    print(f"no-fact lines: {nofact}/{len(st)} = {100 * nofact / len(st):.1f}%")
    attrs = Counter(f["attribute"] for r in st for f in r["facts"])
    print("facts by attribute:", ", ".join(f"{a} {n}" for a, n in attrs.most_common()))
    if "--similar" in sys.argv:
        similar(st, sc)
    if errors:
        print(f"\n{len(errors)} error(s):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
