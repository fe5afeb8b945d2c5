"""Check statements_dev12.jsonl and update_scenarios_dev12.jsonl. Standard library only.

python3 src_dev12/validate_dev12.py [--similar]
--similar prints, per language, pairs of messages / scenario turns / questions with a difflib
ratio > 0.55 or the same two opening words (for the rewording pass). CC0 1.0."""
import collections
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
sys.path.insert(0, HERE)

import scen_en  # noqa: E402
import scen_ru  # noqa: E402

CATEGORY_TABLE = {  # per language, as in README_dev11.md
    "first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7,
    "question": 7, "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5,
}
FACT_CATEGORIES = {"first_person", "third_party", "mixed"}
ATTRIBUTES = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet",
    "operating_system", "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team",
    "sport", "university", "hobby", "instrument", "name", "database", "favorite_band",
    "native_language", "birthday", "nationality", "pet_parrot", "degree", "favorite_food",
    "learning_language",
}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean",
         "carnivore", "low-FODMAP", "paleo", "halal", "kosher"}
SINGLE_VALUED = {"city", "employer", "job_title", "manager", "age", "diet", "partner", "spouse",
                 "university", "name", "birthday", "nationality", "phone", "car", "team"}
STMT_KEYS = ["id", "lang", "speaker", "text", "category", "facts", "split"]
SCEN_KEYS = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]

errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def check_statements(rows):
    ids = set()
    texts = set()
    for r in rows:
        if list(r.keys()) != STMT_KEYS:
            err(f"{r.get('id')}: keys {list(r.keys())}")
        if r["id"] in ids:
            err(f"duplicate id {r['id']}")
        ids.add(r["id"])
        if not re.fullmatch(rf"s12-{r['lang']}-\d{{3}}", r["id"]):
            err(f"{r['id']}: bad id")
        if r["split"] != "dev12":
            err(f"{r['id']}: split {r['split']}")
        if r["text"] in texts:
            err(f"{r['id']}: duplicate text")
        texts.add(r["text"])
        if not isinstance(r["speaker"], str) or not r["speaker"]:
            err(f"{r['id']}: speaker")
        cat = r["category"]
        if cat not in CATEGORY_TABLE:
            err(f"{r['id']}: category {cat}")
        facts = r["facts"]
        if cat not in FACT_CATEGORIES and facts:
            err(f"{r['id']}: {cat} must have facts []")
        if cat in FACT_CATEGORIES and not facts:
            err(f"{r['id']}: {cat} without facts")
        subj = [f["subject"] for f in facts]
        own = [s for s in subj if s == "speaker"]
        other = [s for s in subj if s != "speaker"]
        if cat == "first_person" and other:
            err(f"{r['id']}: first_person with non-speaker facts")
        if cat == "third_party" and own:
            err(f"{r['id']}: third_party with speaker facts")
        if cat == "mixed" and not (own and other):
            err(f"{r['id']}: mixed needs speaker and other facts")
        seen = set()
        for f in facts:
            if sorted(f.keys()) != ["attribute", "subject", "value"]:
                err(f"{r['id']}: fact keys {sorted(f.keys())}")
                continue
            if f["attribute"] not in ATTRIBUTES:
                err(f"{r['id']}: attribute {f['attribute']}")
            if not f["value"] or f["value"] != f["value"].strip():
                err(f"{r['id']}: empty/unstripped value")
            if f["attribute"] == "age" and not f["value"].isdigit():
                err(f"{r['id']}: age not digits: {f['value']}")
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err(f"{r['id']}: diet not an English diet word: {f['value']}")
            key = (f["subject"], f["attribute"], f["value"])
            if key in seen:
                err(f"{r['id']}: duplicate fact {key}")
            seen.add(key)
            if f["subject"] != "speaker" and f["subject"] == r["speaker"]:
                err(f"{r['id']}: named speaker must be 'speaker'")
    for lang in ("en", "ru"):
        lr = [r for r in rows if r["lang"] == lang]
        if len(lr) != 120:
            err(f"{lang}: {len(lr)} statements, want 120")
        counts = collections.Counter(r["category"] for r in lr)
        for cat, n in CATEGORY_TABLE.items():
            if counts[cat] != n:
                err(f"{lang}: {cat} {counts[cat]}, want {n}")
        order = [list(CATEGORY_TABLE).index(r["category"]) for r in lr]
        if order != sorted(order):
            err(f"{lang}: rows not ordered by category")
        nofact = sum(1 for r in lr if not r["facts"])
        if nofact / len(lr) < 0.40:
            err(f"{lang}: no-fact share {nofact}/{len(lr)} < 40%")
        named = collections.Counter(r["speaker"] for r in lr if r["speaker"] != "user")
        if len(named) != 4 or any(v != 6 for v in named.values()):
            err(f"{lang}: named speakers {dict(named)}, want 4 x 6")
        # a named speaker's facts agree across lines
        for name in named:
            vals = collections.defaultdict(set)
            for r in lr:
                if r["speaker"] == name:
                    for f in r["facts"]:
                        if f["subject"] == "speaker":
                            vals[f["attribute"]].add(f["value"])
            for a, vs in vals.items():
                if a in SINGLE_VALUED and len(vs) > 1:
                    err(f"{lang}: {name} has conflicting {a}: {sorted(vs)}")


def check_scenarios(rows):
    src = {"en": scen_en.ROWS, "ru": scen_ru.ROWS}
    ids = set()
    for r in rows:
        if list(r.keys()) != SCEN_KEYS:
            err(f"{r.get('id')}: keys {list(r.keys())}")
        if r["id"] in ids:
            err(f"duplicate id {r['id']}")
        ids.add(r["id"])
        if not re.fullmatch(rf"d12-{r['lang']}-\d{{3}}", r["id"]) or r["split"] != "dev12":
            err(f"{r['id']}: bad id/split")
        turns = r["turns"]
        if not 2 <= len(turns) <= 4:
            err(f"{r['id']}: {len(turns)} turns")
        for t in turns:
            if sorted(t.keys()) != ["day", "speaker", "text"] or not isinstance(t["day"], int):
                err(f"{r['id']}: bad turn {t}")
        days = [t["day"] for t in turns]
        if days != sorted(days) or len(set(days)) != len(days):
            err(f"{r['id']}: days not increasing {days}")
        if not 0 <= days[0] <= 5:
            err(f"{r['id']}: first day {days[0]}")
        speakers = {t["speaker"] for t in turns}
        if r["asker"] not in speakers:
            err(f"{r['id']}: asker {r['asker']} not among speakers")
        cur, stale = r["current"], r["stale"]
        if not isinstance(stale, list) or not stale:
            err(f"{r['id']}: stale must be a non-empty list")
        for v in [cur] + stale:
            if len(v) < 3:
                err(f"{r['id']}: value shorter than 3: {v}")
            if v.lower() in r["question"].lower():
                err(f"{r['id']}: value {v!r} in the question")
        if not any(cur in t["text"] for t in turns):
            err(f"{r['id']}: current {cur!r} not in any turn")
        for s in stale:
            if not any(s.lower() in t["text"].lower() for t in turns):
                err(f"{r['id']}: stale {s!r} not in any turn")
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err(f"{r['id']}: stale {s!r} and current {cur!r} overlap")
    for lang in ("en", "ru"):
        lr = [r for r in rows if r["lang"] == lang]
        tags = src[lang]
        if len(lr) != 25 or len(tags) != 25:
            err(f"{lang}: {len(lr)} scenarios, want 25")
            continue
        n_upd = n_ctl = n_form = n_two = n_third = 0
        for r, tag in zip(lr, tags):
            turns = r["turns"]
            first = turns[0]["text"]
            if tag["kind"] == "update":
                n_upd += 1
                if r["current"] in first:
                    err(f"{r['id']}: update has current in the first turn")
                if not any(s.lower() in first.lower() for s in r["stale"]):
                    err(f"{r['id']}: update's first turn holds no stale value")
                firstnew = next(t["day"] for t in turns if r["current"] in t["text"])
                if not 10 <= firstnew <= 30:
                    err(f"{r['id']}: new value first on day {firstnew}")
                if tag["form"] != "plain":
                    n_form += 1
            elif tag["kind"] == "control":
                n_ctl += 1
                if r["current"] not in first:
                    err(f"{r['id']}: control without current in the first turn")
                if not any(t["day"] >= 10 for t in turns):
                    err(f"{r['id']}: control with no later turn")
            else:
                err(f"{r['id']}: kind {tag['kind']}")
            if len({t["speaker"] for t in turns}) > 1:
                n_two += 1
            if tag["about"] == "third":
                n_third += 1
        if (n_upd, n_ctl) != (20, 5):
            err(f"{lang}: {n_upd} updates / {n_ctl} controls, want 20 / 5")
        if n_form < 10:
            err(f"{lang}: only {n_form} updates across sentences / implied / self-corrected, want 10+")
        if not 6 <= n_two <= 9:
            err(f"{lang}: {n_two} two-speaker scenarios, want about 30%")
        if n_third < 5:
            err(f"{lang}: only {n_third} questions about a third party")
        print(f"{lang}: scenarios {n_upd} update / {n_ctl} control; non-plain updates {n_form}; "
              f"two-speaker {n_two}; about a third party {n_third}")


def opening(text, n=2):
    return tuple(re.findall(r"[\w'’-]+", text.lower())[:n])


def similar(stmts, scens):
    for lang in ("en", "ru"):
        items = [(r["id"], r["text"]) for r in stmts if r["lang"] == lang]
        for r in scens:
            if r["lang"] == lang:
                items += [(f"{r['id']}/t{i}", t["text"]) for i, t in enumerate(r["turns"], 1)]
                items.append((f"{r['id']}/q", r["question"]))
        low = [t.lower() for _, t in items]
        ops = [opening(t) for t in low]
        hits = []
        for i in range(len(items)):
            for j in range(i + 1, len(items)):
                same_open = len(ops[i]) == 2 and ops[i] == ops[j]
                sm = difflib.SequenceMatcher(None, low[i], low[j])
                if not same_open and sm.quick_ratio() <= 0.55:
                    continue
                ratio = sm.ratio()
                if ratio > 0.55 or same_open:
                    hits.append((ratio, same_open, items[i], items[j]))
        print(f"== {lang}: {len(hits)} similar pairs")
        for ratio, same_open, a, b in sorted(hits, key=lambda h: -h[0]):
            why = "opening" if same_open and ratio <= 0.55 else f"{ratio:.2f}"
            print(f"  [{why}] {a[0]}: {a[1][:70]}\n           {b[0]}: {b[1][:70]}")


def main():
    stmts = load("statements_dev12.jsonl")
    scens = load("update_scenarios_dev12.jsonl")
    check_statements(stmts)
    check_scenarios(scens)
    nofact = sum(1 for r in stmts if not r["facts"])
    named = sum(1 for r in stmts if r["speaker"] != "user")
    nfacts = sum(len(r["facts"]) for r in stmts)
    print(f"statements {len(stmts)}; no-fact {nofact} ({100 * nofact / len(stmts):.1f}%); "
          f"named speakers {named} ({100 * named / len(stmts):.0f}%); facts {nfacts}")
    if "--similar" in sys.argv:
        similar(stmts, scens)
    if errors:
        print(f"{len(errors)} problem(s):")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
