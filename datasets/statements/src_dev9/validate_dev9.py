"""Check statements_dev9.jsonl and update_scenarios_dev9.jsonl. Standard library only. CC0 1.0.

python3 validate_dev9.py            # format, category rules, counts, no-fact share
python3 validate_dev9.py --similar  # also print the pairwise similarity report
"""
import collections
import difflib
import itertools
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scen_en  # noqa: E402
import scen_ru  # noqa: E402

CATS = {"first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7, "question": 7,
        "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5}
FACT_CATS = {"first_person", "third_party", "mixed"}
ATTRS = {"city", "employer", "job_title", "manager", "programming_language", "editor", "diet", "operating_system",
         "partner", "age", "car", "pet_dog", "pet_cat", "pet_parrot", "spouse", "phone", "team", "sport",
         "university", "hobby", "instrument", "name", "database", "favorite_band", "native_language", "birthday",
         "nationality", "degree", "favorite_food"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean"}
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(OUT, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def check_statements(rows):
    ids = set()
    per = collections.Counter()
    named = collections.defaultdict(list)
    for r in rows:
        if set(r) != {"id", "lang", "speaker", "text", "category", "facts", "split"}:
            err(f"{r.get('id')}: keys {sorted(r)}")
        if r["id"] in ids:
            err(f"duplicate id {r['id']}")
        ids.add(r["id"])
        if r["split"] != "dev9" or r["lang"] not in ("en", "ru"):
            err(f"{r['id']}: split/lang")
        if not re.fullmatch(rf"s9-{r['lang']}-\d{{3}}", r["id"]):
            err(f"{r['id']}: id format")
        cat = r["category"]
        if cat not in CATS:
            err(f"{r['id']}: category {cat}")
        per[(r["lang"], cat)] += 1
        facts = r["facts"]
        subj = {f["subject"] for f in facts}
        if cat not in FACT_CATS and facts:
            err(f"{r['id']}: {cat} with facts")
        if cat in FACT_CATS and not facts:
            err(f"{r['id']}: {cat} without facts")
        if cat == "first_person" and subj - {"speaker"}:
            err(f"{r['id']}: first_person with other subjects")
        if cat == "third_party" and "speaker" in subj:
            err(f"{r['id']}: third_party with speaker fact")
        if cat == "mixed" and not ("speaker" in subj and subj - {"speaker"}):
            err(f"{r['id']}: mixed needs both")
        for f in facts:
            if set(f) != {"subject", "attribute", "value"} or not all(isinstance(v, str) and v for v in f.values()):
                err(f"{r['id']}: bad fact {f}")
            if f["attribute"] not in ATTRS:
                err(f"{r['id']}: attribute {f['attribute']}")
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err(f"{r['id']}: diet {f['value']}")
            if f["attribute"] in ("age",) and not f["value"].isdigit():
                err(f"{r['id']}: age not digits")
            if r["lang"] == "ru" and re.search(r"[a-z]", f["subject"].replace("speaker", "")) and not f["subject"].startswith("speaker's"):
                err(f"{r['id']}: Latin subject in ru {f['subject']}")
        if r["speaker"] != "user":
            named[r["speaker"]].append(r)
    for lang in ("en", "ru"):
        for cat, n in CATS.items():
            if per[(lang, cat)] != n:
                err(f"{lang} {cat}: {per[(lang, cat)]} != {n}")
    nofact = sum(1 for r in rows if not r["facts"])
    share = nofact / len(rows)
    if share < 0.40:
        err(f"no-fact share {share:.3f} < 0.40")
    nnamed = sum(len(v) for v in named.values())
    if not 0.18 <= nnamed / len(rows) <= 0.22:
        err(f"named share {nnamed / len(rows):.3f}")
    # named speakers must not contradict themselves (single-valued attributes)
    for sp, rs in named.items():
        seen = {}
        for r in rs:
            for f in r["facts"]:
                if f["subject"] != "speaker" or f["attribute"] in ("programming_language", "operating_system", "job_title", "pet_cat", "pet_dog"):
                    continue
                k = f["attribute"]
                if k in seen and seen[k] != f["value"]:
                    err(f"{sp}: {k} {seen[k]} vs {f['value']}")
                seen[k] = f["value"]
    nfacts = sum(len(r["facts"]) for r in rows)
    attrs = collections.Counter(f["attribute"] for r in rows for f in r["facts"])
    other = sum(1 for r in rows for f in r["facts"] if f["subject"] != "speaker")
    print(f"statements: {len(rows)} rows, no-fact {nofact} ({share:.1%}), fact lines {len(rows) - nofact}, "
          f"facts {nfacts} (en {sum(len(r['facts']) for r in rows if r['lang'] == 'en')}, "
          f"ru {sum(len(r['facts']) for r in rows if r['lang'] == 'ru')}), about others {other}")
    print(f"named speakers: {nnamed} lines ({nnamed / len(rows):.0%}): " +
          ", ".join(f"{k} {len(v)}" for k, v in named.items()))
    long_ = sum(1 for r in rows if len(r["text"]) >= 120)
    short = sum(1 for r in rows if len(r["text"]) < 70)
    print(f"length: <70 chars {short}, 70-119 {len(rows) - short - long_}, >=120 {long_}")
    print("attributes: " + ", ".join(f"{a} {n}" for a, n in attrs.most_common()))


def check_scenarios(rows):
    kinds = {}
    for lang, mod in (("en", scen_en), ("ru", scen_ru)):
        for i, row in enumerate(mod.ROWS, 1):
            kinds[f"d9-{lang}-{i:03d}"] = row[0]
    per = collections.Counter()
    for r in rows:
        if set(r) != {"id", "lang", "turns", "question", "asker", "current", "stale", "split"}:
            err(f"{r['id']}: keys")
        if r["split"] != "dev9" or r["asker"] != "user":
            err(f"{r['id']}: split/asker")
        kind = kinds[r["id"]]
        per[(r["lang"], kind)] += 1
        turns = r["turns"]
        texts = [t["text"] for t in turns]
        cur, stale = r["current"], r["stale"]
        if not 0 <= turns[0]["day"] <= 5:
            err(f"{r['id']}: first day {turns[0]['day']}")
        if [t["day"] for t in turns] != sorted(t["day"] for t in turns):
            err(f"{r['id']}: days not sorted")
        for v in [cur] + stale:
            if len(v) < 3:
                err(f"{r['id']}: short value {v}")
        if not any(cur in t for t in texts):
            err(f"{r['id']}: current {cur} not in turns")
        for s in stale:
            if not any(s in t for t in texts):
                err(f"{r['id']}: stale {s} not in turns")
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err(f"{r['id']}: stale/current substring {s}/{cur}")
        if kind == "update":
            if cur in texts[0]:
                err(f"{r['id']}: current in first turn")
            first = next(t["day"] for t in turns if cur in t["text"])
            if not 10 <= first <= 35:
                err(f"{r['id']}: new value first on day {first}")
        elif kind == "control":
            if cur not in texts[0]:
                err(f"{r['id']}: control current not in first turn")
        else:
            err(f"{r['id']}: kind {kind}")
    for lang in ("en", "ru"):
        if per[(lang, "update")] != 20 or per[(lang, "control")] != 5:
            err(f"{lang}: {per[(lang, 'update')]} updates / {per[(lang, 'control')]} controls")
    nt = collections.Counter((r["lang"], len(r["turns"])) for r in rows)
    print(f"scenarios: {len(rows)} rows; turns per scenario: " +
          ", ".join(f"{l}:{n}t={c}" for (l, n), c in sorted(nt.items())))


def words(t):
    return re.findall(r"\w+", t.lower())


def similar(texts):
    print("\n== similarity report ==")
    for (ia, a), (ib, b) in itertools.combinations(texts, 2):
        ratio = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
        wa, wb = words(a), words(b)
        tri = set(zip(wa, wa[1:], wa[2:])) & set(zip(wb, wb[1:], wb[2:]))
        same_open = len(wa) > 1 and len(wb) > 1 and wa[:2] == wb[:2]
        if ratio >= 0.6 or len(tri) >= 2 or same_open:
            print(f"{ia} | {ib} | ratio {ratio:.2f} | tri {len(tri)} | open {same_open}\n   {a}\n   {b}")


if __name__ == "__main__":
    st = load("statements_dev9.jsonl")
    sc = load("update_scenarios_dev9.jsonl")
    check_statements(st)
    check_scenarios(sc)
    if "--similar" in sys.argv:
        texts = [(r["id"], r["text"]) for r in st]
        for r in sc:
            texts += [(f"{r['id']}/t{i}", t["text"]) for i, t in enumerate(r["turns"])]
            texts.append((f"{r['id']}/q", r["question"]))
        similar(texts)
    if errors:
        print(f"\n{len(errors)} ERRORS:")
        for e in errors:
            print("  " + e)
        sys.exit(1)
    print("OK")
