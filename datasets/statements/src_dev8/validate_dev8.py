"""Check the dev8 files: format, category rules, counts, no-fact share, scenario value rules.
`--similar` prints the pairwise similarity report (difflib ratio, shared word trigrams, same opening words).
Standard library only. Licence: CC0 1.0."""
import collections
import difflib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import scen_en  # noqa: E402
import scen_ru  # noqa: E402

ATTRS = {
    "city", "employer", "job_title", "manager", "programming_language", "editor", "diet", "operating_system",
    "partner", "age", "car", "pet_dog", "pet_cat", "spouse", "phone", "team", "sport", "university", "hobby",
    "instrument", "name", "database", "favorite_band", "native_language", "birthday", "nationality",
    "pet_parrot", "degree", "favorite_food", "coffee_order", "learning_language", "browser", "favorite_book", "gym",
}
TABLE = {"first_person": 40, "third_party": 13, "mixed": 13, "negated": 8, "hypothetical": 7, "question": 7,
         "plan": 8, "quoted": 6, "chitchat": 7, "past": 6, "third_party_nonfact": 5}
FACT_CATS = {"first_person", "third_party", "mixed"}
DIETS = {"vegetarian", "vegan", "keto", "pescatarian", "gluten-free", "Mediterranean"}
errors = []


def err(msg):
    errors.append(msg)


def load(name):
    with open(os.path.join(OUT, name), encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def check_statements(rows):
    keys = ["id", "lang", "speaker", "text", "category", "facts", "split"]
    ids = set()
    counts = collections.Counter()
    for r in rows:
        if list(r) != keys:
            err(f"{r.get('id')}: keys {list(r)}")
        if r["id"] in ids:
            err(f"duplicate id {r['id']}")
        ids.add(r["id"])
        if not re.fullmatch(rf"s8-{r['lang']}-\d{{3}}", r["id"]):
            err(f"{r['id']}: bad id")
        if r["split"] != "dev8":
            err(f"{r['id']}: split")
        cat = r["category"]
        counts[(r["lang"], cat)] += 1
        if cat not in TABLE:
            err(f"{r['id']}: category {cat}")
        subs = {f["subject"] for f in r["facts"]}
        for f in r["facts"]:
            if list(f) != ["subject", "attribute", "value"] or not all(isinstance(v, str) and v for v in f.values()):
                err(f"{r['id']}: bad fact {f}")
            if f["attribute"] not in ATTRS:
                err(f"{r['id']}: attribute {f['attribute']}")
            if f["attribute"] == "diet" and f["value"] not in DIETS:
                err(f"{r['id']}: diet value {f['value']}")
            if f["attribute"] == "age" and not f["value"].isdigit():
                err(f"{r['id']}: age not digits")
        if len(r["facts"]) != len({(f["subject"], f["attribute"], f["value"]) for f in r["facts"]}):
            err(f"{r['id']}: duplicate fact")
        if cat in FACT_CATS and not r["facts"]:
            err(f"{r['id']}: {cat} without facts")
        if cat not in FACT_CATS and r["facts"]:
            err(f"{r['id']}: {cat} with facts")
        if cat == "first_person" and subs != {"speaker"}:
            err(f"{r['id']}: first_person with subjects {subs}")
        if cat == "third_party" and "speaker" in subs:
            err(f"{r['id']}: third_party with speaker fact")
        if cat == "mixed" and (subs == {"speaker"} or "speaker" not in subs):
            err(f"{r['id']}: mixed needs both, has {subs}")
        if r["lang"] == "ru" and not re.search("[а-яё]", r["text"], re.I):
            err(f"{r['id']}: ru text without Cyrillic")
    for lang in ("en", "ru"):
        for cat, n in TABLE.items():
            if counts[(lang, cat)] != n:
                err(f"{lang} {cat}: {counts[(lang, cat)]} != {n}")
    n = len(rows)
    nofact = sum(1 for r in rows if not r["facts"])
    named = sum(1 for r in rows if r["speaker"] != "user")
    facts = [f for r in rows for f in r["facts"]]
    if nofact / n < 0.40:
        err(f"no-fact share {nofact / n:.1%} < 40%")
    if not 0.18 <= named / n <= 0.22:
        err(f"named share {named / n:.1%}")
    print(f"statements: {n} rows, no-fact {nofact} ({nofact / n:.1%}), named {named} ({named / n:.1%}), "
          f"{n - nofact} fact lines, {len(facts)} facts "
          f"(en {sum(len(r['facts']) for r in rows if r['lang'] == 'en')}, "
          f"ru {sum(len(r['facts']) for r in rows if r['lang'] == 'ru')}), "
          f"non-speaker facts {sum(1 for f in facts if f['subject'] != 'speaker')}")
    print("speakers:", dict(collections.Counter(r["speaker"] for r in rows if r["speaker"] != "user")))
    print("attributes:", ", ".join(f"{a} {c}" for a, c in collections.Counter(f["attribute"] for f in facts).most_common()))


def check_scenarios(rows):
    keys = ["id", "lang", "turns", "question", "asker", "current", "stale", "split"]
    src = {"en": scen_en.ROWS, "ru": scen_ru.ROWS}
    kinds = collections.Counter()
    for r in rows:
        rid = r["id"]
        lang, idx = r["lang"], int(rid[-3:]) - 1
        meta = src[lang][idx]
        kinds[(lang, meta["kind"])] += 1
        if meta.get("about"):
            kinds[(lang, "about")] += 1
        if list(r) != keys or r["split"] != "dev8" or r["asker"] != "user":
            err(f"{rid}: keys/split/asker")
        turns = r["turns"]
        if not 2 <= len(turns) <= 5:
            err(f"{rid}: {len(turns)} turns")
        days = [t["day"] for t in turns]
        if days != sorted(days) or not 0 <= days[0] <= 5:
            err(f"{rid}: days {days}")
        cur, stale = r["current"], r["stale"]
        texts = [t["text"] for t in turns]
        vals = [cur] + stale
        if any(len(v) < 3 for v in vals):
            err(f"{rid}: value shorter than 3")
        if not any(cur in t for t in texts):
            err(f"{rid}: current {cur!r} not in turns")
        for s in stale:
            if not any(s.lower() in t.lower() for t in texts):
                err(f"{rid}: stale {s!r} not in turns")
            if s.lower() in cur.lower() or cur.lower() in s.lower():
                err(f"{rid}: stale {s!r} / current {cur!r} substring")
        first_cur = next(i for i, t in enumerate(texts) if cur in t) if any(cur in t for t in texts) else None
        if meta["kind"] == "update":
            if first_cur == 0:
                err(f"{rid}: update has current in first turn")
            elif first_cur is not None and not 10 <= days[first_cur] <= 35:
                err(f"{rid}: new value on day {days[first_cur]}")
            if not any(s.lower() in texts[0].lower() for s in stale):
                err(f"{rid}: first turn lacks a stale value")
        else:
            if first_cur != 0:
                err(f"{rid}: control lacks current in first turn")
        if meta.get("about") and meta["about"][:3] not in r["question"]:
            err(f"{rid}: question does not name {meta['about']}")
    for lang in ("en", "ru"):
        if kinds[(lang, "update")] != 20 or kinds[(lang, "control")] != 5:
            err(f"{lang}: kinds {kinds}")
    print(f"scenarios: {len(rows)} rows;", dict(kinds))


def similar(stmts, scens):
    items = [(r["id"], r["text"]) for r in stmts]
    for r in scens:
        items += [(f"{r['id']}#t{i}", t["text"]) for i, t in enumerate(r["turns"])]
        items.append((f"{r['id']}#q", r["question"]))

    def words(t):
        return re.findall(r"\w+", t.lower())

    w = {i: words(t) for i, t in items}
    tri = {i: {tuple(ws[k:k + 3]) for k in range(len(ws) - 2)} for i, ws in w.items()}
    out = []
    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            ia, ta = items[a]
            ib, tb = items[b]
            if ia[:5] != ib[:5]:  # same language only; cross-language pairs were compared by hand
                continue
            ratio = difflib.SequenceMatcher(None, ta.lower(), tb.lower()).ratio()
            shared = tri[ia] & tri[ib]
            same_open = w[ia][:2] == w[ib][:2] and len(w[ia]) > 1
            if ratio > 0.55 or len(shared) >= 2 or same_open:
                out.append((ratio, ia, ib, ta, tb, sorted(shared), same_open))
    out.sort(reverse=True)
    for ratio, ia, ib, ta, tb, shared, so in out:
        print(f"{ratio:.2f} {ia} {ib} open={so} tri={shared}\n   {ta}\n   {tb}")
    print(f"{len(out)} flagged pairs")


if __name__ == "__main__":
    s = load("statements_dev8.jsonl")
    d = load("update_scenarios_dev8.jsonl")
    check_statements(s)
    check_scenarios(d)
    if "--similar" in sys.argv:
        similar(s, d)
    if errors:
        print("\n".join(errors))
        print(f"FAILED: {len(errors)} problems")
        sys.exit(1)
    print("OK")
